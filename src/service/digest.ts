// The daily digest (notify = digest; issue 24, point 5): once a day, after DIGEST_HOUR in the
// reader's own zone, one mail of what happened in each of their games since the last one, each
// game read as they may read it (the engine's report and position for their Viewer, events with the
// addresses they may not see hidden). Run hourly by the `digest` queue (src/jobs/worker.ts); each
// account's digest is claimed by a conditional UPDATE in the transaction that queues it, so two
// workers running at once send it once.
import { DateTime } from 'luxon';
import type { DigestGame } from '../mail/digest.ts';
import { digestMail } from '../mail/digest.ts';
import type { Reader } from '../mail/game-mail.ts';
import { queueMail } from '../mail/outbox.ts';
import { gameInclude, moduleOf, viewerFor, type Access, type GameWithPlayers } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { events } from './history.ts';

/** The local hour after which a reader's digest of the day is due. */
export const DIGEST_HOUR = 7;
/** A digest never reaches further back than this (a worker that was down for long). */
const MAX_WINDOW_MS = 7 * 86_400_000;
const PAGE = 500;

/** The latest DIGEST_HOUR:00 in `zone` at or before `now`: a digest claimed before it is due again. */
export function digestDueAt(now: Date, zone: string): Date {
  let local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: 'UTC' });
  let due = local.set({ hour: DIGEST_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (due > local) due = due.minus({ days: 1 });
  return due.toJSDate();
}

interface Candidate {
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
  digestSentAt: Date | null;
}

/** What `account` missed in `game` between `since` and `now`, as they may see it; null when there is nothing to tell. */
async function gameDigest(
  ctx: Ctx,
  game: GameWithPlayers,
  account: Candidate,
  since: Date,
  now: Date,
): Promise<{ digest: DigestGame; reader: Reader } | null> {
  const module = moduleOf(game);
  const { viewer, player } = viewerFor(game, account.id);
  if (viewer.kind === 'observer') return null;
  const a: Access = { game, viewer, player, module };
  const [phases, evs, open] = await Promise.all([
    ctx.db.phase.findMany({
      where: { gameId: game.id, resolvedAt: { gt: since, lte: now }, status: { notIn: ['open', 'rolled_back'] } },
      orderBy: { seq: 'asc' },
    }),
    events(ctx, game.id, a, { after: since, until: now }),
    game.status === 'active' || game.status === 'paused'
      ? ctx.db.phase.findFirst({
          where: { gameId: game.id, status: 'open' },
          orderBy: { seq: 'desc' },
          include: { readiness: true },
        })
      : null,
  ]);
  const resolved = phases.filter((p) => p.report !== null).map((phase) => ({ phase, report: phase.report }));
  // The results are told below; their event would say it twice.
  const happened = evs.filter((e) => e.kind !== 'adjudicated').map((e) => ({ text: e.text, at: e.createdAt }));
  const role = viewer.kind === 'player' ? viewer.role : null;
  const owes =
    !!open &&
    !!role &&
    module.expectedRoles(open.state).includes(role) &&
    !open.readiness.find((r) => r.role === role)?.submitted;
  if (!resolved.length && !happened.length && !owes) return null;
  return {
    digest: {
      game,
      module,
      resolved,
      events: happened,
      open: open
        ? {
            phase: open,
            state: open.state,
            submitted: !!role && !!open.readiness.find((r) => r.role === role)?.submitted,
          }
        : null,
    },
    reader: {
      email: account.email,
      timeZone: account.timeZone,
      viewer,
      name: account.name,
      byMail: player?.byMail ?? false,
    },
  };
}

/** Queue the digest of every account whose day is due; returns how many were sent and looked at. */
export async function sendDigests(ctx: Ctx): Promise<{ sent: number; claimed: number }> {
  const now = ctx.clock.now();
  let sent = 0;
  let claimed = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const page: Candidate[] = await ctx.db.account.findMany({
      where: { notify: 'digest', id: { gt: after } },
      orderBy: { id: 'asc' },
      take: PAGE,
      select: { id: true, email: true, name: true, timeZone: true, digestSentAt: true },
    });
    for (const account of page) {
      const due = digestDueAt(now, account.timeZone);
      if (account.digestSentAt && account.digestSentAt >= due) continue;
      // Gathered before the claim, so the transaction that claims and queues it stays short.
      const since = new Date(
        Math.max(account.digestSentAt?.getTime() ?? now.getTime() - 86_400_000, now.getTime() - MAX_WINDOW_MS),
      );
      const games = await ctx.db.game.findMany({
        where: {
          OR: [{ moderatorId: account.id }, { players: { some: { accountId: account.id, status: 'playing' } } }],
          AND: [{ OR: [{ status: { in: ['active', 'paused'] } }, { status: 'finished', endedAt: { gt: since } }] }],
        },
        include: gameInclude,
        orderBy: { createdAt: 'asc' },
      });
      const list: { digest: DigestGame; reader: Reader }[] = [];
      for (const g of games) {
        const d = await gameDigest(ctx, g, account, since, now);
        if (d) list.push(d);
      }
      const r = await ctx.db.$transaction(async (tx) => {
        // The claim: a second worker's UPDATE waits for this one's commit, then finds the digest
        // taken (the day's, or one whose window starts elsewhere than this one's), and sends nothing.
        const won = await tx.account.updateMany({
          where: {
            id: account.id,
            notify: 'digest',
            digestSentAt: account.digestSentAt ?? null,
            OR: [{ digestSentAt: null }, { digestSentAt: { lt: due } }],
          },
          data: { digestSentAt: now },
        });
        if (won.count === 0) return 'lost';
        if (!list.length) return 'nothing';
        await queueMail(tx, digestMail(ctx.config, account, list, since, now), now);
        return 'sent';
      });
      if (r !== 'lost') claimed++;
      if (r === 'sent') sent++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  if (sent) await afterCommit(ctx, { mail: true });
  return { sent, claimed };
}
