// Games: creation, invitations and joining, power assignment (by the moderator or a seeded draw),
// the start, and what each reader sees.
import { limitInvitationsBy, limitMailTo } from './mail-limits.ts';
import type { Phase, Prisma } from '../db/generated/client.ts';
import { games as registry, roleNameOf } from '../games/index.ts';
import { DataError } from '../contract/data-error.ts';
import type { Viewer } from '../contract/types.ts';
import { queueMail, type OutgoingMail } from '../mail/outbox.ts';
import { eventMail, inviteMail, startMail } from '../mail/game-mail.ts';
import { normalizeEmail } from './accounts.ts';
import {
  access,
  activePlayers,
  loadGame,
  lockGame,
  matchRole,
  moduleOf,
  policyOf,
  refuseModeratorSeat,
  requireModerator,
  type Access,
  type GameWithPlayers,
} from './access.ts';
import { recipients } from './phases.ts';
import { personRef, redactFor, renderPeople, visibleAddresses } from './privacy.ts';
import { afterCommit, type Ctx } from './context.ts';
import { DeadlinePolicy, validateZone } from './deadlines.ts';
import { badRequest, conflict, forbidden, notFound } from './errors.ts';
import { asStored, finishGame, initialState, stored, openPhases, scenarioRoles } from './phases.ts';
import { drawPowers, newSeed, seedHash } from './rng.ts';

export { drawPowers };
import type { Tx } from '../db/client.ts';

export interface CreateGameInput {
  name: string;
  variant: string;
  scenario: string;
  options?: Record<string, unknown>;
  openJoin?: boolean;
  /** Anyone, signed in or not, reads the observer view (default: members only). */
  public?: boolean;
  nmrPolicy?: 'hold' | 'wait';
  deadlines?: unknown;
  /** Draw vote rule (src/service/votes.ts). */
  votes?: { draw?: 'survivors' | 'all' | 'moderator'; visibility?: 'secret' | 'public' };
}

export function parsePolicy(variant: string, input: unknown): DeadlinePolicy {
  const r = DeadlinePolicy.safeParse(input ?? {});
  if (!r.success) {
    throw badRequest(
      'The deadline policy is not valid.',
      r.error.issues.map((i) => ({
        field: ['body', 'deadlines', ...i.path.map(String)].join('.'),
        message: i.message,
      })),
    );
  }
  if (!validateZone(r.data.timeZone))
    throw badRequest(`"${r.data.timeZone}" is not an IANA time zone.`, [
      { field: 'body.deadlines.timeZone', message: 'unknown time zone' },
    ]);
  if (r.data.longerEachYear && variant !== 'heiau') {
    throw badRequest(
      '"longerEachYear" is the Heiau rulebook\'s option (three minutes times the number of the year); it applies to variant "heiau" only.',
      [{ field: 'body.deadlines.longerEachYear', message: 'Heiau only' }],
    );
  }
  return r.data;
}

export async function createGame(ctx: Ctx, moderatorId: string, input: CreateGameInput) {
  const module = registry[input.variant];
  if (!module) {
    throw badRequest(
      `Unknown variant "${input.variant}". Available: ${Object.keys(registry).join(', ') || 'none yet'}.`,
      [{ field: 'body.variant', message: 'unknown variant' }],
    );
  }
  const scenario = module.scenarios.find((s) => s.id === input.scenario);
  if (!scenario) {
    throw badRequest(
      `Variant "${input.variant}" has no scenario "${input.scenario}". Scenarios: ${module.scenarios.map((s) => s.id).join(', ')}.`,
      [{ field: 'body.scenario', message: 'unknown scenario' }],
    );
  }
  const policy = parsePolicy(input.variant, input.deadlines);
  const seed = newSeed();
  // Let the engine check the options now rather than at the start.
  try {
    module.setup(seed, scenario.id, input.options ?? {});
  } catch (err) {
    // Data that does not fit its schema names each field at fault (body.options.data.map.drawing.coast.0).
    if (err instanceof DataError)
      throw badRequest(
        `The engine rejected the options: ${err.message}`,
        err.issues.map((i) => ({ field: ['body', 'options', ...i.path].join('.'), message: i.message })),
      );
    const message = err instanceof Error ? err.message : String(err);
    throw badRequest(`The engine rejected the options: ${message}`, [{ field: 'body.options', message }]);
  }
  const now = ctx.clock.now();
  const game = await ctx.db.$transaction(async (tx) => {
    const g = await tx.game.create({
      data: {
        name: input.name,
        variant: module.id,
        scenario: scenario.id,
        options: (input.options ?? {}) as Prisma.InputJsonValue,
        openJoin: input.openJoin ?? false,
        public: input.public ?? false,
        nmrPolicy: input.nmrPolicy ?? 'hold',
        deadlines: policy as Prisma.InputJsonValue,
        voteRules: { draw: input.votes?.draw ?? 'survivors', visibility: input.votes?.visibility ?? 'secret' },
        seed,
        seedHash: seedHash(seed),
        moderatorId,
        createdAt: now,
      },
    });
    await tx.gameEvent.create({
      data: {
        gameId: g.id,
        kind: 'created',
        actorId: moderatorId,
        text: `Game created: ${module.name}, scenario ${scenario.name}${g.public ? '; public: anyone may watch it' : ''}.`,
        createdAt: now,
      },
    });
    return g;
  });
  return game.id;
}

async function record(
  tx: Tx,
  ctx: Ctx,
  game: GameWithPlayers,
  actorId: string | null,
  kind: string,
  text: string,
  data: Record<string, unknown> = {},
  opts: { mail?: boolean; times?: [string, Date | null][] } = {},
): Promise<void> {
  const now = ctx.clock.now();
  await tx.gameEvent.create({ data: { gameId: game.id, kind, actorId, text, data: stored(data), createdAt: now } });
  if (opts.mail) {
    const people = peopleOf(game);
    await queueMail(
      tx,
      recipients(game).map((r) => {
        const keep = visibleAddresses({ kind: r.viewer.kind, email: r.email }, game.moderator.email);
        return eventMail(ctx.config, game, r, kind, redactFor(renderPeople(text, people, keep), keep), now, opts.times);
      }),
      now,
    );
  }
}
export { record as recordEvent };

/** The accounts of a game (players and moderator), for rendering `{person:<id>}` in its events. */
export function peopleOf(game: GameWithPlayers): Map<string, { email: string; name: string | null }> {
  const m = new Map<string, { email: string; name: string | null }>();
  for (const p of game.players) m.set(p.account.id, { email: p.account.email, name: p.account.name });
  m.set(game.moderator.id, { email: game.moderator.email, name: game.moderator.name });
  return m;
}

function requireForming(game: { status: string }) {
  if (game.status !== 'forming')
    throw conflict('The game has started already; this can only be done before the start.');
}

async function accountFor(tx: Tx, email: string, now: Date) {
  const e = normalizeEmail(email);
  return tx.account.upsert({ where: { email: e }, create: { email: e, createdAt: now }, update: {} });
}

export async function invite(ctx: Ctx, gameId: string, moderatorId: string, input: { email: string; role?: string }) {
  let playerId = '';
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    requireForming(a.game);
    const roles = scenarioRoles(a.module, a.game.scenario);
    const role = input.role !== undefined ? checkRole(a, input.role, roles) : undefined;
    const now = ctx.clock.now();
    await limitInvitationsBy(tx, { accountId: moderatorId, limit: ctx.config.inviteDailyLimit, now });
    const account = await accountFor(tx, input.email, now);
    refuseModeratorSeat(a.game, account.id);
    await limitMailTo(tx, {
      address: account.email,
      kinds: ['invite'],
      limit: ctx.config.inviteAddressHourlyLimit,
      windowMs: 3600_000,
      now,
      what: 'Invitations',
    });
    const existing = a.game.players.find((p) => p.accountId === account.id);
    if (existing && existing.status !== 'removed')
      throw conflict(`${account.email} is already in this game (${existing.status}).`);
    const seated = a.game.players.filter((p) => p.status === 'invited' || p.status === 'joined').length;
    if (seated >= roles.length)
      throw conflict(`The scenario has ${roles.length} powers and ${seated} places are taken or offered already.`);
    const row = existing
      ? await tx.gamePlayer.update({
          where: { id: existing.id },
          data: { status: 'invited', wantedRole: role ?? null, leftAt: null },
        })
      : await tx.gamePlayer.create({
          data: { gameId, accountId: account.id, status: 'invited', wantedRole: role ?? null, createdAt: now },
        });
    playerId = row.id;
    await queueMail(
      tx,
      {
        ...inviteMail(ctx.config, { ...a.game, moderatorEmail: a.game.moderator.email }, account.email, role ?? null),
        requestedBy: moderatorId,
      },
      now,
    );
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: 'invited',
        actorId: moderatorId,
        text: `${personRef(account.id)} was invited${role ? ` to play ${role}` : ''}.`,
        createdAt: now,
      },
    });
  });
  await afterCommit(ctx, { mail: true });
  return playerId;
}

/** The power as the scenario spells it; refused when it is not one, or already given. */
function checkRole(a: Access, typed: string, roles: string[]): string {
  const role = matchRole(roles, typed);
  if (!role)
    throw badRequest(`"${typed}" is not a power of this scenario. Powers: ${roles.join(', ')}.`, [
      { field: 'body.role', message: 'unknown power' },
    ]);
  const taken = a.game.players.find((p) => (p.status === 'invited' || p.status === 'joined') && p.wantedRole === role);
  if (taken) throw conflict(`${role} is already given to ${taken.account.email}.`);
  return role;
}

export async function join(ctx: Ctx, gameId: string, accountId: string) {
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    requireForming(a.game);
    refuseModeratorSeat(a.game, accountId);
    const now = ctx.clock.now();
    const mine = a.game.players.find((p) => p.accountId === accountId);
    if (mine?.status === 'joined') return;
    const roles = scenarioRoles(a.module, a.game.scenario);
    if (mine?.status === 'invited') {
      await tx.gamePlayer.update({ where: { id: mine.id }, data: { status: 'joined' } });
    } else {
      if (!a.game.openJoin) throw forbidden('This game is by invitation only. Ask its moderator for an invitation.');
      const seated = a.game.players.filter((p) => p.status === 'invited' || p.status === 'joined').length;
      if (seated >= roles.length) throw conflict('The game is full.');
      if (mine)
        await tx.gamePlayer.update({
          where: { id: mine.id },
          data: { status: 'joined', leftAt: null, wantedRole: null },
        });
      else await tx.gamePlayer.create({ data: { gameId, accountId, status: 'joined', createdAt: now } });
    }
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    await tx.gameEvent.create({
      data: { gameId, kind: 'joined', actorId: accountId, text: `${personRef(account.id)} joined.`, createdAt: now },
    });
  });
}

export async function leave(ctx: Ctx, gameId: string, accountId: string) {
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    requireForming(a.game);
    const mine = a.game.players.find(
      (p) => p.accountId === accountId && (p.status === 'joined' || p.status === 'invited'),
    );
    if (!mine) throw notFound('You are not in this game.');
    const now = ctx.clock.now();
    await tx.gamePlayer.update({ where: { id: mine.id }, data: { status: 'removed', leftAt: now } });
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: 'left',
        actorId: accountId,
        text: `${personRef(mine.account.id)} left before the start.`,
        createdAt: now,
      },
    });
  });
}

export async function assignRole(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  playerId: string,
  typed: string | null,
) {
  let role: string | null = null;
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    requireForming(a.game);
    const p = a.game.players.find((x) => x.id === playerId && (x.status === 'invited' || x.status === 'joined'));
    if (!p) throw notFound('No invited or joined player with this id in this game.');
    if (typed !== null)
      role = checkRole(
        { ...a, game: { ...a.game, players: a.game.players.filter((x) => x.id !== playerId) } },
        typed,
        scenarioRoles(a.module, a.game.scenario),
      );
    await tx.gamePlayer.update({ where: { id: playerId }, data: { wantedRole: role } });
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: 'assigned',
        actorId: moderatorId,
        text: role
          ? `${personRef(p.account.id)} will play ${role}.`
          : `${personRef(p.account.id)}'s power will be drawn at the start.`,
        createdAt: ctx.clock.now(),
      },
    });
  });
}

/**
 * Start the game: at its scenario's set-up, or (`from.position`) at a position reached on another
 * judge, in the engine's format for one (GameModule.fromPosition); the start's event and mail say so,
 * and the replay starts from it (phases.ts, initialState).
 */
export async function startGame(ctx: Ctx, gameId: string, moderatorId: string, from?: { position: unknown }) {
  let wake: { phaseId: string; at: Date }[] = [];
  await ctx.db.$transaction(
    async (tx) => {
      await lockGame(tx, gameId);
      const a = await access(tx, gameId, moderatorId);
      requireModerator(a);
      requireForming(a.game);
      const roles = scenarioRoles(a.module, a.game.scenario);
      const joined = a.game.players.filter((p) => p.status === 'joined');
      const invited = a.game.players.filter((p) => p.status === 'invited');
      if (joined.length !== roles.length) {
        throw conflict(
          `The scenario needs ${roles.length} players and ${joined.length} joined` +
            (invited.length
              ? ` (${invited.length} invitation(s) not yet accepted: ${invited.map((p) => p.account.email).join(', ')})`
              : '') +
            '.',
        );
      }
      const now = ctx.clock.now();
      const state = initialState(a.module, a.game, from?.position, 'body.position');
      const taken = from
        ? `The game started from a given position (${a.module.phase(state).label}), taken over from another judge. `
        : '';
      // Heiau's Two Haoles: the players vote from seats, in the order they joined; the powers are
      // dealt once the ballot is resolved (phases.ts, dealRoles).
      const seats = a.module.seats?.(state) ?? null;
      const assignment = seats
        ? new Map(joined.map((p, i) => [p.id, seats[i]!]))
        : drawPowers(a.game.seed, roles, joined);
      const seated = seats ?? roles;
      for (const p of joined)
        await tx.gamePlayer.update({ where: { id: p.id }, data: { status: 'playing', role: assignment.get(p.id)! } });
      for (const p of invited)
        await tx.gamePlayer.update({ where: { id: p.id }, data: { status: 'removed', leftAt: now } });
      await tx.game.update({
        where: { id: gameId },
        data: { status: 'active', startedAt: now, version: { increment: 1 } },
      });
      const game = await loadGame(tx, gameId);
      const opened = await openPhases(tx, game, a.module, policyOf(game), state, 1, now);
      const who = Object.fromEntries(joined.map((p) => [assignment.get(p.id)!, p.account.name ?? p.account.email]));
      await tx.gameEvent.create({
        data: {
          gameId,
          kind: 'started',
          actorId: moderatorId,
          createdAt: now,
          text: `${taken || 'The game started. '}Seed hash ${game.seedHash}. ${seats ? 'The powers are dealt after the ballots; the voters: ' : 'Powers: '}${seated
            .filter((r) => r in who)
            .map((r) => `${r} ${personRef(joined.find((p) => assignment.get(p.id) === r)!.account.id)}`)
            .join(', ')}.`,
          data: {
            seedHash: game.seedHash,
            assignment: Object.fromEntries(joined.map((p) => [p.id, assignment.get(p.id)!])),
            drawOrder: joined.map((p) => p.id),
            ...(from ? { position: asStored(from.position) as any } : {}),
          },
        },
      });
      const phase = (opened.open ?? opened.final)!;
      const whoFor = (r: { email: string; viewer: Viewer }) => {
        const keep = visibleAddresses({ kind: r.viewer.kind, email: r.email }, game.moderator.email);
        return Object.fromEntries(Object.entries(who).map(([role, n]) => [role, redactFor(n, keep)]));
      };
      await queueMail(
        tx,
        recipients(game).map((r) =>
          startMail(ctx.config, game, a.module, r, phase, phase.state, whoFor(r), taken || undefined),
        ),
        now,
      );
      if (opened.outcome) await finishGame(tx, game, opened.outcome, now);
      if (opened.open?.deadlineAt) wake = [{ phaseId: opened.open.id, at: opened.open.deadlineAt }];
    },
    { timeout: 30_000 },
  );
  await afterCommit(ctx, { deadlines: wake, mail: true });
}

// ---------------------------------------------------------------- reading

export async function currentPhase(
  db: Tx | Ctx['db'],
  gameId: string,
): Promise<(Phase & { readiness: { role: string; ready: boolean; submitted: boolean }[] }) | null> {
  return db.phase.findFirst({
    where: { gameId, status: 'open' },
    include: { readiness: { select: { role: true, ready: true, submitted: true } } },
  });
}

export async function latestPhase(db: Tx | Ctx['db'], gameId: string): Promise<Phase | null> {
  return db.phase.findFirst({ where: { gameId, status: { in: ['open', 'final'] } }, orderBy: { seq: 'desc' } });
}

function viewerLabel(v: Viewer) {
  return v.kind === 'player' ? { kind: v.kind, role: v.role } : { kind: v.kind };
}

/** A game as one reader may see it. */
export async function gameView(ctx: Ctx, a: Access) {
  const g = a.game;
  const phase = g.status === 'forming' ? null : await currentPhase(ctx.db, g.id);
  const shown = phase ?? (g.status === 'forming' ? null : await latestPhase(ctx.db, g.id));
  const isMod = a.viewer.kind === 'moderator';
  const played = new Set(activePlayers(g).map((p) => p.role!));
  return {
    id: g.id,
    name: g.name,
    variant: g.variant,
    scenario: g.scenario,
    options: g.options as Record<string, unknown>,
    status: g.status,
    openJoin: g.openJoin,
    public: g.public,
    nmrPolicy: g.nmrPolicy,
    deadlines: g.deadlines as Record<string, unknown>,
    moderator: {
      id: g.moderator.id,
      name: g.moderator.name,
      ...(a.viewer.kind !== 'observer' ? { email: g.moderator.email } : {}),
    },
    you: viewerLabel(a.viewer),
    variantName: a.module.name,
    scenarioName: a.module.scenarios.find((x) => x.id === g.scenario)?.name ?? g.scenario,
    powers: scenarioRoles(a.module, g.scenario),
    powerNames: Object.fromEntries(scenarioRoles(a.module, g.scenario).map((r) => [r, roleNameOf(g, r)])),
    players: g.players
      .filter((p) => p.status !== 'removed' || g.status !== 'forming')
      .map((p) => ({
        id: p.id,
        accountId: p.accountId,
        name: p.account.name,
        // Addresses are private: the moderator sees everyone's, a player their own (privacy.ts).
        ...(isMod || (a.player && p.accountId === a.player.accountId) ? { email: p.account.email } : {}),
        status: p.status,
        role: p.role,
        ...(isMod ? { wantedRole: p.wantedRole } : {}),
        missedPhases: p.missedPhases,
      })),
    seedHash: g.seedHash,
    seed: g.status === 'finished' ? g.seed : null,
    createdAt: g.createdAt,
    startedAt: g.startedAt,
    pausedAt: g.pausedAt,
    endedAt: g.endedAt,
    outcome: g.outcome as Record<string, unknown> | null,
    phase: phase
      ? {
          seq: phase.seq,
          key: phase.key,
          label: phase.label,
          type: phase.type,
          year: phase.year,
          openedAt: phase.openedAt,
          deadlineAt: phase.deadlineAt,
          graceUntil: phase.graceUntil,
          earlyAt: phase.earlyAt,
          decides: !!a.module.decisionPhases,
          // Whether a role that is not expected sent something (standing instructions, queued
          // actions) is its own business: only it and the moderator see it.
          readiness: phase.readiness.map((r) => ({
            role: r.role,
            expected: phase.expected.includes(r.role),
            played: played.has(r.role),
            submitted:
              r.submitted &&
              (phase.expected.includes(r.role) || isMod || (a.viewer.kind === 'player' && a.viewer.role === r.role)),
            ready: r.ready,
          })),
        }
      : null,
    view: shown ? (a.module.view(shown.state, a.viewer) as Record<string, unknown>) : null,
    position: shown ? a.module.formatPosition(shown.state, a.viewer) : null,
  };
}

/**
 * The games a reader may see (access.ts's mayRead): with `mine`, those they moderate or hold a place
 * in; with `public`, the public ones only (all a signed-out reader may list). Newest first.
 */
export async function listGames(
  ctx: Ctx,
  accountId: string | undefined,
  filter: { mine?: boolean; status?: string; public?: boolean },
) {
  const member = accountId ? [{ moderatorId: accountId }, { players: { some: { accountId } } }] : [];
  const readable =
    filter.public || !accountId
      ? { public: true }
      : { OR: [{ public: true }, ...member, { openJoin: true, status: 'forming' }] };
  const rows = await ctx.db.game.findMany({
    where: {
      AND: [
        readable,
        filter.status ? { status: filter.status } : {},
        filter.mine && accountId
          ? {
              OR: [
                { moderatorId: accountId },
                { players: { some: { accountId, status: { in: ['invited', 'joined', 'playing'] } } } },
              ],
            }
          : {},
      ],
    },
    orderBy: { createdAt: 'desc' },
    take: 200,
    include: {
      players: { where: { accountId: accountId ?? '00000000-0000-0000-0000-000000000000' } },
      phases: { where: { status: 'open' }, select: { label: true, deadlineAt: true }, take: 1 },
    },
  });
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    variant: g.variant,
    scenario: g.scenario,
    status: g.status,
    openJoin: g.openJoin,
    public: g.public,
    createdAt: g.createdAt,
    variantName: registry[g.variant]?.name ?? g.variant,
    phase: g.phases[0] ? { label: g.phases[0].label, deadlineAt: g.phases[0].deadlineAt } : null,
    you:
      accountId && g.moderatorId === accountId
        ? 'moderator'
        : g.players[0]
          ? `player:${g.players[0].status}${g.players[0].role ? ':' + g.players[0].role : ''}`
          : 'observer',
  }));
}

/** The moderator makes a game public (anyone reads its observer view) or private again. */
export async function setPublic(ctx: Ctx, gameId: string, moderatorId: string, value: boolean): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    if (a.game.public === value) return;
    await tx.game.update({ where: { id: gameId }, data: { public: value, version: { increment: 1 } } });
    await record(
      tx,
      ctx,
      a.game,
      moderatorId,
      value ? 'made-public' : 'made-private',
      value
        ? 'The moderator made the game public: anyone may watch it (the observer view: no sealed orders, press or addresses).'
        : 'The moderator made the game private: only its moderator, players and the invited may read it.',
      { public: value },
      { mail: true },
    );
  });
  await afterCommit(ctx, { mail: true });
}

export function variants() {
  return Object.values(registry).map((m) => ({
    id: m.id,
    name: m.name,
    scenarios: m.scenarios.map((s) => ({ id: s.id, name: s.name, roles: s.roles })),
  }));
}

export { moduleOf };
export type { OutgoingMail };

/** Delete a game that has not started; everyone invited or joined is told by mail. */
export async function deleteGame(ctx: Ctx, gameId: string, moderatorId: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    if (a.game.status !== 'forming')
      throw conflict(
        'Only a game that has not started can be deleted; a running game is ended (POST /games/{id}/end) and kept for its history.',
      );
    const now = ctx.clock.now();
    const told = a.game.players.filter((p) => p.status === 'invited' || p.status === 'joined');
    await queueMail(
      tx,
      told.map((p) => ({
        to: p.account.email,
        kind: 'game-deleted',
        gameId: null,
        subject: `${a.game.name} was cancelled`,
        body: `The moderator cancelled ${a.game.name} before it started. Nothing else is needed from you.\n`,
      })),
      now,
    );
    await tx.game.delete({ where: { id: gameId } });
  });
  await afterCommit(ctx, { mail: true });
}
