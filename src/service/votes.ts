// Draw and concession votes. A player's vote stands until withdrawn. The game ends in a draw when
// every power that must agree has voted for it — the surviving powers with a player (the game's
// rule may require every power with a player, or the moderator's confirmation) — and is conceded to
// a power when every other surviving power with a player concedes to it. Votes are secret (each
// player sees only their own) unless the game's rule makes them public.
import { z } from 'zod';
import { gameOverMail, roleNameOf, roleNamesOf } from '../mail/game-mail.ts';
import { queueMail } from '../mail/outbox.ts';
import { access, activePlayers, lockGame, matchRole, requirePlayer, type Access } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { badRequest, conflict } from './errors.ts';
import { finishGame, recipients } from './phases.ts';
import type { Tx } from '../db/client.ts';

export const VoteRules = z
  .object({
    draw: z
      .enum(['survivors', 'all', 'moderator'])
      .default('survivors')
      .describe(
        'survivors: every surviving power with a player must vote for it; all: every power with a player; moderator: as survivors, then the moderator confirms (POST /games/{id}/draw)',
      ),
    visibility: z
      .enum(['secret', 'public'])
      .default('secret')
      .describe('secret: each player sees only their own vote; public: everyone sees who voted'),
  })
  .strict();
export type VoteRules = z.output<typeof VoteRules>;

export const rulesOf = (game: { voteRules: unknown }): VoteRules => VoteRules.parse(game.voteRules ?? {});

async function stateOf(tx: Tx, gameId: string): Promise<unknown> {
  const p = await tx.phase.findFirst({
    where: { gameId, status: { in: ['open', 'final'] } },
    orderBy: { seq: 'desc' },
  });
  return p?.state ?? null;
}

/** Roles that must agree to a draw, and those still in the game. */
function required(a: Access, state: unknown, rules: VoteRules): { voters: string[]; survivors: string[] } {
  const played = activePlayers(a.game).map((p) => p.role!);
  const survivors = state && a.module.survivors ? a.module.survivors(state as never) : played;
  const order = a.module.scenarios.find((x) => x.id === a.game.scenario)?.roles ?? [];
  const voters = (rules.draw === 'all' ? played : played.filter((r) => survivors.includes(r))).sort(
    (x, y) => order.indexOf(x) - order.indexOf(y),
  );
  return { voters, survivors };
}

export interface VoteView {
  rules: VoteRules;
  mine: { draw: boolean; concedeTo: string | null } | null;
  /** Public votes only: who votes for a draw, and who concedes to whom. */
  votes: { draw: string[]; concede: Record<string, string> } | null;
}

export async function voteView(ctx: Ctx, gameId: string, accountId: string | undefined): Promise<VoteView> {
  const a = await access(ctx.db, gameId, accountId);
  const rules = rulesOf(a.game);
  const rows = await ctx.db.vote.findMany({ where: { gameId }, orderBy: { role: 'asc' } });
  const role = a.player?.role ?? null;
  return {
    rules,
    mine: role
      ? {
          draw: rows.some((v) => v.role === role && v.kind === 'draw'),
          concedeTo: rows.find((v) => v.role === role && v.kind === 'concede')?.to ?? null,
        }
      : null,
    votes:
      rules.visibility === 'public' || a.viewer.kind === 'moderator'
        ? {
            draw: rows.filter((v) => v.kind === 'draw').map((v) => v.role),
            concede: Object.fromEntries(rows.filter((v) => v.kind === 'concede').map((v) => [v.role, v.to!])),
          }
        : null,
  };
}

export interface VoteResult {
  vote: VoteView;
  ended: null | { kind: 'draw' | 'victory'; text: string };
  awaitingModerator: boolean;
}

/** Vote for a draw (true) or withdraw it (false); or concede to a power (or withdraw with null). */
export async function castVote(
  ctx: Ctx,
  gameId: string,
  accountId: string,
  input: { draw?: boolean; concedeTo?: string | null },
): Promise<VoteResult> {
  let ended: VoteResult['ended'] = null;
  let awaitingModerator = false;
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    if (a.game.status !== 'active' && a.game.status !== 'paused')
      throw conflict(a.game.status === 'forming' ? 'The game has not started yet.' : 'The game is over.');
    const role = player.role!;
    const now = ctx.clock.now();
    const rules = rulesOf(a.game);
    const state = await stateOf(tx, gameId);
    const { voters, survivors } = required(a, state, rules);
    if (input.draw !== undefined) {
      if (input.draw)
        await tx.vote.upsert({
          where: { gameId_role_kind: { gameId, role, kind: 'draw' } },
          create: { gameId, role, kind: 'draw', createdAt: now },
          update: {},
        });
      else await tx.vote.deleteMany({ where: { gameId, role, kind: 'draw' } });
    }
    if (input.concedeTo !== undefined) {
      if (input.concedeTo === null) await tx.vote.deleteMany({ where: { gameId, role, kind: 'concede' } });
      else {
        // By id or by the rulebook's name ("allied-chiefs", "Allied Chiefs"), in any case.
        const to = matchRole(
          [...a.game.players.flatMap((p) => (p.role ? [p.role] : [])), ...survivors],
          input.concedeTo,
          (r) => roleNameOf(a.game, r),
        );
        if (!to || to === role)
          throw badRequest(
            `Concede to another power of the game (${roleNamesOf(
              a.game,
              survivors.filter((r) => r !== role),
            )}).`,
            [{ field: 'body.concedeTo', message: 'not another power' }],
          );
        await tx.vote.upsert({
          where: { gameId_role_kind: { gameId, role, kind: 'concede' } },
          create: { gameId, role, kind: 'concede', to, createdAt: now },
          update: { to, createdAt: now },
        });
      }
    }
    const rows = await tx.vote.findMany({ where: { gameId } });
    const drawVotes = new Set(rows.filter((v) => v.kind === 'draw').map((v) => v.role));
    if (voters.length > 0 && voters.every((r) => drawVotes.has(r))) {
      if (rules.draw === 'moderator') {
        awaitingModerator = true;
        return;
      }
      ended = { kind: 'draw', text: `draw agreed by ${roleNamesOf(a.game, voters)}` };
      await end(tx, ctx, a, { kind: 'draw', winners: voters, text: ended.text, by: 'vote' }, now, state);
      return;
    }
    for (const to of new Set(rows.filter((v) => v.kind === 'concede').map((v) => v.to!))) {
      const others = voters.filter((r) => r !== to);
      if (
        others.length > 0 &&
        others.every((r) => rows.some((v) => v.role === r && v.kind === 'concede' && v.to === to))
      ) {
        ended = { kind: 'victory', text: `${roleNameOf(a.game, to)} wins: ${roleNamesOf(a.game, others)} conceded` };
        await end(tx, ctx, a, { kind: 'victory', winners: [to], text: ended.text, by: 'concession' }, now, state);
        return;
      }
    }
  });
  await afterCommit(ctx, { mail: true });
  return { vote: await voteView(ctx, gameId, accountId), ended, awaitingModerator };
}

async function end(
  tx: Tx,
  ctx: Ctx,
  a: Access,
  outcome: { kind: string; winners: string[]; text: string; by: string },
  now: Date,
  state: unknown,
): Promise<void> {
  const phase = await tx.phase.findFirst({ where: { gameId: a.game.id, status: 'open' } });
  if (phase) await tx.phase.update({ where: { id: phase.id }, data: { status: 'final' } });
  await finishGame(tx, a.game, outcome, now);
  await queueMail(
    tx,
    recipients(a.game).map((r) => gameOverMail(ctx.config, a.game, a.module, r, outcome, state)),
    now,
  );
}
