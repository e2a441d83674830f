// The game flow around the engine: opening phases (skipping those with no choices), deciding when
// a phase is due, and adjudicating it exactly once — the result, the next phase and every player's
// mail are written in one transaction under the game's row lock.
import crypto from 'node:crypto';
import type { Phase, PhaseRole, Prisma } from '../db/generated/client.ts';
import type { Tx } from '../db/client.ts';
import { idList, insertRows } from '../db/rows.ts';
import type { GameModule, Outcome, Viewer } from '../contract/types.ts';
import { queueMail, type OutgoingMail } from '../mail/outbox.ts';
import { gameOverMail, lateMail, resultsMail } from '../mail/game-mail.ts';
import { activePlayers, gameInclude, lockGame, loadGame, moduleOf, policyOf, type GameWithPlayers } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { computeDeadline, type DeadlinePolicy } from './deadlines.ts';
import { personRef, redactFor, visibleAddresses } from './privacy.ts';
import { drawPowers } from './rng.ts';
import { badRequest } from './errors.ts';
import { DataError } from '../contract/data-error.ts';

export const MAX_SKIPS = 20;

/** JSON as a JSON column takes it: undefined dropped (the keys keep their order; asJsonb also orders them as jsonb does). */
export function asStored<T>(x: T): T {
  return x === undefined ? (null as T) : JSON.parse(JSON.stringify(x));
}

const ASCII = /^[\x00-\x7f]*$/;
/** jsonb's order of an object's keys: shorter first, then bytewise. */
export function jsonbKeyOrder(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length - y.length || Buffer.compare(x, y);
}

function canon(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canon);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort(jsonbKeyOrder)) out[k] = canon((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/**
 * JSON as PostgreSQL's jsonb gives it back: undefined dropped, and each object's keys in jsonb's
 * order (shorter keys first, then bytewise), as the service reads every stored state before it
 * resolves it. An engine whose result depends on key order (Hawaii 1795) replays a file only so.
 */
export function asJsonb<T>(x: T): T {
  return canon(asStored(x)) as T;
}

/**
 * The state a game starts from: its scenario's set-up, or that set-up at a position reached on
 * another judge (`position`, GameModule.fromPosition). A position the engine refuses is a 400
 * naming each field under `field` (body.position.units.0.location).
 */
export function initialState(
  module: GameModule,
  game: { seed: string; scenario: string; options: unknown; variant: string },
  position: unknown,
  field: string,
): unknown {
  const state = module.setup(game.seed, game.scenario, (game.options ?? {}) as Record<string, unknown>);
  if (position === undefined || position === null) return state;
  if (!module.fromPosition)
    throw badRequest(`A ${module.name} game cannot start from a given position; it starts at its scenario's set-up.`, [
      { field, message: 'not supported by this game' },
    ]);
  try {
    return module.fromPosition(state, position);
  } catch (err) {
    if (err instanceof DataError)
      throw badRequest(
        `The position is not one this game can start from: ${err.issues.map((i) => `${[field, ...i.path].join('.')}: ${i.message}`).join('; ')}.`,
        err.issues.map((i) => ({ field: [field, ...i.path].join('.'), message: i.message })),
      );
    throw err;
  }
}

/** A value as a JSON column takes it: asStored's copy, typed for Prisma's input. */
export function stored(x: unknown): Prisma.InputJsonValue {
  return asStored(x) as Prisma.InputJsonValue;
}

export interface Resolved {
  phase: Phase;
  report: unknown;
}

export interface OpenResult {
  /** The phase now waiting for orders (null when the game is over). */
  open: Phase | null;
  /** Phases resolved on the way because nobody had a choice. */
  skipped: Resolved[];
  /** The final position's phase row when the game ended. */
  final: Phase | null;
  outcome: Outcome | null;
}

/** The phases to store from `state` on: resolved ones with no choices, then the open (or final) one. */
export interface PhasePlan extends OpenResult {
  rows: Phase[];
  roles: { phaseId: string; role: string; ready: boolean; submitted: boolean; updatedAt: Date }[];
}

/**
 * Work out `state` as the game's next phase at `seq`, without writing: a phase where no role has
 * a choice is resolved at once and recorded as skipped; the game ends when the engine reports an
 * outcome. The rows get their ids here, so a batch can write many games' phases at once.
 */
export function planPhases(
  game: Pick<GameWithPlayers, 'id' | 'scenario'>,
  module: GameModule,
  policy: DeadlinePolicy,
  state: unknown,
  seq: number,
  now: Date,
): PhasePlan {
  const skipped: Resolved[] = [];
  const rows: Phase[] = [];
  let s = state;
  for (let i = 0; i <= MAX_SKIPS; i++, seq++) {
    const info = module.phase(s);
    const outcome = module.outcome(s);
    const base: Phase = {
      id: crypto.randomUUID(),
      gameId: game.id,
      seq,
      key: info.key,
      label: info.label,
      type: info.type,
      year: info.year ?? null,
      state: asStored(s) as Prisma.JsonValue,
      openedAt: now,
      status: 'open',
      deadlineAt: null,
      graceUntil: null,
      earlyAt: null,
      remindedAt: null,
      resolvedAt: null,
      report: null,
      expected: [],
      missed: [],
    };
    if (outcome) {
      const final = { ...base, status: 'final' };
      rows.push(final);
      return { open: null, skipped, final, outcome, rows, roles: [] };
    }
    const expected = module.expectedRoles(s);
    // A phase that waits for the moderator has no role expected, yet is not played at once.
    if (expected.length === 0 && !info.moderatorDecides && i < MAX_SKIPS) {
      const r = module.resolve(s, {});
      const phase = { ...base, status: 'skipped', resolvedAt: now, report: asStored(r.report) as Prisma.JsonValue };
      rows.push(phase);
      skipped.push({ phase, report: r.report });
      s = r.state;
      continue;
    }
    const deadlineAt = info.moderatorDecides ? null : computeDeadline(policy, info, now);
    const phase = { ...base, expected, deadlineAt };
    rows.push(phase);
    const roles = module.seats?.(s) ?? scenarioRoles(module, game.scenario);
    return {
      open: phase,
      skipped,
      final: null,
      outcome: null,
      rows,
      roles: roles.map((role) => ({
        phaseId: phase.id,
        role,
        ready: !expected.includes(role),
        submitted: false,
        updatedAt: now,
      })),
    };
  }
  throw new Error('too many phases without choices in a row');
}

const PHASE_COLUMNS = {
  id: 'uuid',
  gameId: 'uuid',
  seq: 'int',
  key: 'text',
  label: 'text',
  type: 'text',
  year: 'int',
  state: 'jsonb',
  status: 'text',
  openedAt: 'timestamp',
  deadlineAt: 'timestamp',
  graceUntil: 'timestamp',
  earlyAt: 'timestamp',
  remindedAt: 'timestamp',
  resolvedAt: 'timestamp',
  report: 'jsonb',
  expected: 'text[]',
  missed: 'text[]',
} as const satisfies Record<keyof Phase, string>;

/** Write planned phases (of one game or of many) with two statements. */
export async function writePhases(tx: Tx, plans: PhasePlan[]): Promise<void> {
  await insertRows(
    tx,
    'Phase',
    PHASE_COLUMNS,
    plans.flatMap((p) => p.rows),
  );
  await insertRows(
    tx,
    'PhaseRole',
    { phaseId: 'uuid', role: 'text', ready: 'boolean', submitted: 'boolean', updatedAt: 'timestamp' },
    plans.flatMap((p) => p.roles),
  );
}

/**
 * Store `state` as the game's next phase at `seq`. A phase where no role has a choice is resolved
 * at once and recorded as skipped; the game ends when the engine reports an outcome.
 */
export async function openPhases(
  tx: Tx,
  game: GameWithPlayers,
  module: GameModule,
  policy: DeadlinePolicy,
  state: unknown,
  seq: number,
  now: Date,
): Promise<OpenResult> {
  const plan = planPhases(game, module, policy, state, seq, now);
  await writePhases(tx, [plan]);
  return { open: plan.open, skipped: plan.skipped, final: plan.final, outcome: plan.outcome };
}

export function scenarioRoles(module: GameModule, scenario: string): string[] {
  return module.scenarios.find((s) => s.id === scenario)?.roles ?? [];
}

/** When the phase should next be looked at: early processing, the deadline, or the end of grace. */
export function dueAt(phase: Pick<Phase, 'deadlineAt' | 'earlyAt' | 'graceUntil'>): Date | null {
  const times = [phase.earlyAt, phase.graceUntil ?? phase.deadlineAt].filter((t): t is Date => !!t);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

export type ProcessStatus = 'processed' | 'not-due' | 'grace' | 'gone' | 'paused';

export interface ProcessResult {
  status: ProcessStatus;
  wakeAt?: Date;
  next?: Phase | null;
}

/** Viewer of each active player, and the moderator. */
export function recipients(
  game: GameWithPlayers,
): { email: string; timeZone: string; viewer: Viewer; name: string | null; byMail: boolean; notify: string }[] {
  const list = activePlayers(game).map((p) => ({
    email: p.account.email,
    timeZone: p.account.timeZone,
    viewer: { kind: 'player', role: p.role! } as Viewer,
    name: p.account.name,
    byMail: p.byMail,
    notify: p.account.notify,
  }));
  list.push({
    email: game.moderator.email,
    timeZone: game.moderator.timeZone,
    viewer: { kind: 'moderator' },
    name: game.moderator.name,
    byMail: false,
    notify: game.moderator.notify,
  });
  return list;
}

interface LatestSubmission {
  role: string;
  accepted: unknown;
  lines: unknown;
}

export async function latestSubmissions(tx: Tx, phaseId: string): Promise<Map<string, LatestSubmission>> {
  // The last submission of each role counts (by order of receipt); one superseded by a removal or
  // replacement of the player does not.
  const subs = await tx.submission.findMany({ where: { phaseId, supersededAt: null }, orderBy: { seq: 'asc' } });
  return new Map(subs.map((s) => [s.role, { role: s.role, accepted: s.accepted, lines: s.lines }]));
}

type Submissions = Map<string, LatestSubmission>;

function hasOrdersIn(subs: Submissions) {
  return (role: string) => {
    const s = subs.get(role);
    return !!s && Array.isArray(s.lines) && s.lines.length > 0;
  };
}

type Due = { status: 'adjudicate' } | { status: 'start-grace'; late: string[]; graceUntil: Date } | ProcessResult;

/** Whether a phase locked and still open is to be adjudicated now (pure: nothing is written). */
function decide(
  phase: Phase & { readiness: PhaseRole[] },
  game: GameWithPlayers,
  policy: DeadlinePolicy,
  subs: Submissions,
  now: Date,
  force: boolean,
): Due {
  if (game.status === 'paused' && !force) return { status: 'paused' };
  if (game.status !== 'active' && game.status !== 'paused') return { status: 'gone' };
  if (force) return { status: 'adjudicate' };
  const played = new Set(activePlayers(game).map((p) => p.role!));
  const activeExpected = phase.expected.filter((r) => played.has(r));
  const ready = new Map(phase.readiness.map((r) => [r.role, r.ready]));
  const allReady = activeExpected.every((r) => ready.get(r));
  const early = policy.earlyProcessing && allReady && phase.earlyAt && now >= phase.earlyAt;
  if (early) return { status: 'adjudicate' };
  if (!phase.deadlineAt || now < phase.deadlineAt) return { status: 'not-due', wakeAt: dueAt(phase) ?? undefined };
  const hasOrders = hasOrdersIn(subs);
  const late = activeExpected.filter((r) => !hasOrders(r));
  if (game.nmrPolicy === 'wait' && late.length > 0 && policy.graceMinutes > 0) {
    if (!phase.graceUntil)
      return {
        status: 'start-grace',
        late,
        graceUntil: new Date(phase.deadlineAt.getTime() + policy.graceMinutes * 60_000),
      };
    if (now < phase.graceUntil) return { status: 'not-due', wakeAt: phase.graceUntil };
  }
  return { status: 'adjudicate' };
}

/** Everything one adjudication writes, worked out before writing (see writeAdjudications). */
interface Adjudication {
  phase: Phase;
  gameId: string;
  report: unknown;
  missed: string[];
  missedPlayerIds: string[];
  opened: PhasePlan;
  event: {
    gameId: string;
    kind: string;
    actorId: string | null;
    text: string;
    data: Prisma.InputJsonValue;
    createdAt: Date;
  };
  mails: OutgoingMail[];
  finish: { game: GameWithPlayers; outcome: Outcome } | null;
  wake: { phaseId: string; at: Date } | null;
}

/**
 * The adjudication of `phase` with the engine's result `resolved`: the next phases, the event, and
 * every reader's mail. `missedPlayerIds` are counted before a deal changes the roles.
 */
function planAdjudication(
  ctx: Ctx,
  game: GameWithPlayers,
  module: GameModule,
  policy: DeadlinePolicy,
  phase: Phase,
  resolved: { state: unknown; report: unknown },
  missed: string[],
  missedPlayerIds: string[],
  now: Date,
  opts: { force?: boolean; actorId?: string },
  dealt: Record<string, string> | null,
): Adjudication {
  const opened = planPhases(game, module, policy, resolved.state, phase.seq + 1, now);
  const done: Resolved[] = [{ phase, report: resolved.report }, ...opened.skipped];
  const event = {
    gameId: game.id,
    kind: 'adjudicated',
    actorId: opts.actorId ?? null,
    text:
      `${phase.label} adjudicated${opts.force ? " at the moderator's request" : ''}.` +
      (missed.length ? ` No orders from ${missed.join(', ')}.` : '') +
      (opened.skipped.length ? ` Skipped: ${opened.skipped.map((s) => s.phase.label).join(', ')} (no choices).` : ''),
    data: { phase: phase.key, missed, skipped: opened.skipped.map((s) => s.phase.key), next: opened.open?.key ?? null },
    createdAt: now,
  };
  const nextState = (opened.open ?? opened.final)!.state;
  // A reader who asked for deadline reminders only gets no results mail (the page has them).
  const mails: OutgoingMail[] = recipients(game)
    .filter((r) => r.notify !== 'reminders' && r.notify !== 'digest')
    .map((r) =>
      resultsMail(
        ctx.config,
        game,
        module,
        r,
        done,
        opened.open,
        nextState,
        now,
        dealt ? dealtFor(game, dealt, r) : undefined,
      ),
    );
  if (opened.outcome)
    mails.push(...recipients(game).map((r) => gameOverMail(ctx.config, game, module, r, opened.outcome!, nextState)));
  return {
    phase,
    gameId: game.id,
    report: resolved.report,
    missed,
    missedPlayerIds,
    opened,
    event,
    mails,
    finish: opened.outcome ? { game, outcome: opened.outcome } : null,
    wake: opened.open?.deadlineAt ? { phaseId: opened.open.id, at: opened.open.deadlineAt } : null,
  };
}

/** Write adjudications of phases of different games together: a few statements for the whole batch. */
async function writeAdjudications(tx: Tx, list: Adjudication[], now: Date): Promise<void> {
  if (list.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE "Phase" p SET status = 'adjudicated', report = v.report, "resolvedAt" = $1, missed = v.missed
       FROM jsonb_to_recordset($2::jsonb) AS v(id uuid, report jsonb, missed text[]) WHERE p.id = v.id`,
    now,
    JSON.stringify(list.map((a) => ({ id: a.phase.id, report: asStored(a.report), missed: a.missed }))),
  );
  // A submission followed by another of its power stopped counting then: recorded now, not on
  // every submission (see writeBatcher in orders.ts).
  await tx.$executeRawUnsafe(
    `UPDATE "Submission" s SET "supersededAt" = n.next
       FROM (SELECT id, lead("createdAt") OVER (PARTITION BY "phaseId", role ORDER BY seq) AS next
               FROM "Submission" WHERE "phaseId" = ANY($1::uuid[]) AND "supersededAt" IS NULL) n
      WHERE s.id = n.id AND n.next IS NOT NULL`,
    list.map((a) => a.phase.id),
  );
  const missedPlayers = list.flatMap((a) => a.missedPlayerIds);
  if (missedPlayers.length)
    await tx.$executeRawUnsafe(
      `UPDATE "GamePlayer" SET "missedPhases" = "missedPhases" + 1 WHERE id IN (${idList(1)})`,
      JSON.stringify(missedPlayers),
    );
  await writePhases(
    tx,
    list.map((a) => a.opened),
  );
  await insertRows(
    tx,
    'GameEvent',
    { gameId: 'uuid', kind: 'text', actorId: 'uuid', text: 'text', data: 'jsonb', createdAt: 'timestamp' },
    list.map((a) => a.event),
  );
  const going = list.filter((a) => !a.finish).map((a) => a.gameId);
  if (going.length)
    await tx.$executeRawUnsafe(
      `UPDATE "Game" SET version = version + 1 WHERE id IN (${idList(1)})`,
      JSON.stringify(going),
    );
  for (const a of list) if (a.finish) await finishGame(tx, a.finish.game, a.finish.outcome, now);
  await queueMail(
    tx,
    list.flatMap((a) => a.mails),
    now,
  );
}

/** Roles expected without orders, and their players (before any deal changes the roles). */
function missedBy(
  game: GameWithPlayers,
  phase: Phase,
  subs: Submissions,
): { missed: string[]; missedPlayerIds: string[] } {
  const hasOrders = hasOrdersIn(subs);
  const missed = phase.expected.filter((r) => !hasOrders(r));
  return {
    missed,
    missedPlayerIds: activePlayers(game)
      .filter((p) => missed.includes(p.role!))
      .map((p) => p.id),
  };
}

function submissionsOf(subs: Submissions): Record<string, unknown> {
  const submissions: Record<string, unknown> = {};
  for (const [role, s] of subs) submissions[role] = s.accepted;
  return submissions;
}

/**
 * Adjudicate the phase if it is due (or `force`), exactly once: under the game's row lock, only a
 * phase still 'open' is resolved, and its result, the next phase and the mail commit together.
 */
export async function processPhase(
  ctx: Ctx,
  phaseId: string,
  opts: { force?: boolean; actorId?: string } = {},
): Promise<ProcessResult> {
  const head = await ctx.db.phase.findUnique({ where: { id: phaseId }, select: { gameId: true } });
  if (!head) return { status: 'gone' };
  let wake: { phaseId: string; at: Date }[] = [];
  let mail = false;
  const result = await ctx.db.$transaction(
    async (tx): Promise<ProcessResult> => {
      await lockGame(tx, head.gameId);
      // Submissions take this row FOR SHARE: none can slip in while the phase is adjudicated.
      await tx.$queryRawUnsafe('SELECT id FROM "Phase" WHERE id = $1::uuid FOR UPDATE', phaseId);
      const phase = await tx.phase.findUnique({ where: { id: phaseId }, include: { readiness: true } });
      if (phase?.status !== 'open') return { status: 'gone' };
      let game = await loadGame(tx, head.gameId);
      const module = moduleOf(game);
      const policy = policyOf(game);
      const now = ctx.clock.now();
      const subs = await latestSubmissions(tx, phase.id);
      const due = decide(phase, game, policy, subs, now, !!opts.force);
      if (due.status === 'start-grace') {
        const { late, graceUntil } = due;
        await tx.phase.update({ where: { id: phase.id }, data: { graceUntil } });
        await tx.gameEvent.create({
          data: {
            gameId: game.id,
            kind: 'grace',
            text: `Deadline passed with orders missing from ${late.join(', ')}; waiting until the end of the grace period.`,
            data: { late, graceUntil },
            createdAt: now,
          },
        });
        const g = game;
        const mails: OutgoingMail[] = recipients(g).map((r) =>
          lateMail(
            ctx.config,
            g,
            phase,
            { ...r, late: r.viewer.kind === 'player' && late.includes(r.viewer.role) },
            late,
            graceUntil,
          ),
        );
        await queueMail(tx, mails, now);
        wake = [{ phaseId: phase.id, at: graceUntil }];
        mail = true;
        return { status: 'grace', wakeAt: graceUntil };
      }
      if (due.status !== 'adjudicate') return due;

      // Adjudicate. A role without orders gets the engine's default (units hold, civil disorder).
      const resolved = module.resolve(phase.state, submissionsOf(subs));
      const { missed, missedPlayerIds } = missedBy(game, phase, subs);
      // Heiau's Two Haoles: the ballot was cast from seats; the powers are dealt now.
      let dealt: Record<string, string> | null = null;
      const seats = module.seats?.(phase.state);
      if (seats && !module.seats!(resolved.state)) {
        dealt = await dealRoles(tx, game, module, seats, now);
        game = await loadGame(tx, game.id);
      }
      const a = planAdjudication(ctx, game, module, policy, phase, resolved, missed, missedPlayerIds, now, opts, dealt);
      await writeAdjudications(tx, [a], now);
      await testPauseBeforeCommit([phase.id]);
      mail = true;
      if (a.wake) wake = [a.wake];
      return { status: 'processed', next: a.opened.open };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
  await afterCommit(ctx, { deadlines: wake, mail });
  return result;
}

/** Phases adjudicated in one transaction by processPhases. */
export const BATCH_SIZE = 25;

/**
 * Adjudicate many due phases (of different games) in one transaction, exactly once: the phases
 * and their games are claimed with FOR UPDATE SKIP LOCKED (so workers never wait on each other's
 * batch), each is worked out in memory, and all results, next phases, events and mail are written
 * with a few multi-row statements. What the batch does not take — a phase locked elsewhere, a
 * grace period to start, powers to deal, an engine that throws — is handed to processPhase one by
 * one afterwards, and if the batch's writes fail, every phase of it is: one bad game never blocks
 * the others. Returns each phase's result (none for a phase whose adjudication failed: logged).
 */
export async function processPhases(ctx: Ctx, phaseIds: string[]): Promise<Map<string, ProcessResult>> {
  const results = new Map<string, ProcessResult>();
  const ids = [...new Set(phaseIds)];
  if (ids.length === 0) return results;
  if (ids.length === 1) return processOneByOne(ctx, ids, results);
  let later: string[] = [];
  let list: Adjudication[] = [];
  try {
    await ctx.db.$transaction(
      async (tx) => {
        results.clear();
        later = [];
        list = [];
        const claimed = await tx.$queryRawUnsafe<{ id: string; gameId: string }[]>(
          `SELECT p.id, p."gameId" FROM "Phase" p JOIN "Game" g ON g.id = p."gameId"
            WHERE p.id IN (SELECT jsonb_array_elements_text($1::jsonb)::uuid) AND p.status = 'open'
            FOR UPDATE OF g, p SKIP LOCKED`,
          JSON.stringify(ids),
        );
        const mine = new Map<string, string>(); // game -> phase: one phase of a game per batch
        for (const c of claimed) if (!mine.has(c.gameId)) mine.set(c.gameId, c.id);
        const taken = new Set(mine.values());
        later = ids.filter((id) => !taken.has(id));
        if (taken.size === 0) return;
        // Read with plain SQL: Prisma's findMany handled each field of each row in JavaScript
        // (the phases' positions are large), and its include cost a statement per relation.
        const takenIds = JSON.stringify([...taken]);
        const phases = await tx.$queryRawUnsafe<(Phase & { readiness: PhaseRole[] })[]>(
          `SELECT * FROM "Phase" WHERE id IN (${idList(1)}) ORDER BY "deadlineAt" ASC`,
          takenIds,
        );
        const readiness = new Map(
          phases.map((p) => {
            p.readiness = [];
            return [p.id, p.readiness];
          }),
        );
        for (const r of await tx.$queryRawUnsafe<PhaseRole[]>(
          `SELECT * FROM "PhaseRole" WHERE "phaseId" IN (${idList(1)})`,
          takenIds,
        ))
          readiness.get(r.phaseId)!.push(r);
        const games = new Map(
          (await tx.game.findMany({ where: { id: { in: [...mine.keys()] } }, include: gameInclude })).map((g) => [
            g.id,
            g,
          ]),
        );
        const subsOf = new Map<string, Submissions>();
        const subRows = await tx.$queryRawUnsafe<
          { phaseId: string; role: string; accepted: unknown; lines: unknown }[]
        >(
          `SELECT "phaseId", role, accepted, lines FROM "Submission" WHERE "phaseId" IN (${idList(1)}) AND "supersededAt" IS NULL ORDER BY seq ASC`,
          takenIds,
        );
        for (const s of subRows) {
          if (!subsOf.has(s.phaseId)) subsOf.set(s.phaseId, new Map());
          subsOf.get(s.phaseId)!.set(s.role, { role: s.role, accepted: s.accepted, lines: s.lines });
        }
        const now = ctx.clock.now();
        for (const phase of phases) {
          try {
            const game = games.get(phase.gameId)!;
            const module = moduleOf(game);
            const policy = policyOf(game);
            const subs = subsOf.get(phase.id) ?? new Map();
            const due = decide(phase, game, policy, subs, now, false);
            if (due.status === 'start-grace') later.push(phase.id); // its mail and event: processPhase
            if (due.status !== 'adjudicate') {
              if (due.status !== 'start-grace') results.set(phase.id, due);
              continue;
            }
            const resolved = module.resolve(phase.state, submissionsOf(subs));
            const seats = module.seats?.(phase.state);
            if (seats && !module.seats!(resolved.state)) {
              later.push(phase.id); // powers to deal: processPhase does it
              continue;
            }
            const { missed, missedPlayerIds } = missedBy(game, phase, subs);
            list.push(
              planAdjudication(ctx, game, module, policy, phase, resolved, missed, missedPlayerIds, now, {}, null),
            );
          } catch (err) {
            ctx.log.error({ err, phaseId: phase.id }, 'batch adjudication: this phase failed; retried alone');
            later.push(phase.id);
          }
        }
        await writeAdjudications(tx, list, now);
        await testPauseBeforeCommit(list.map((a) => a.phase.id));
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
  } catch (err) {
    ctx.log.error({ err, phases: ids.length }, 'batch adjudication failed; adjudicating its phases one by one');
    return processOneByOne(ctx, ids, new Map());
  }
  for (const a of list) results.set(a.phase.id, { status: 'processed', next: a.opened.open });
  await afterCommit(ctx, { deadlines: list.flatMap((a) => (a.wake ? [a.wake] : [])), mail: list.length > 0 });
  return processOneByOne(ctx, later, results);
}

async function processOneByOne(
  ctx: Ctx,
  ids: string[],
  results: Map<string, ProcessResult>,
): Promise<Map<string, ProcessResult>> {
  for (const id of ids) {
    try {
      results.set(id, await processPhase(ctx, id));
    } catch (err) {
      ctx.log.error({ err, phaseId: id }, 'adjudication failed; the sweep will retry');
    }
  }
  return results;
}

/**
 * The deal after a ballot cast from seats (Heiau's Two Haoles: "random assignment of powers occurs
 * immediately after submission of ballots"): a seating matter, so the service's, with the same
 * seeded draw as at the start (drawPowers): the powers the moderator gave before the start are
 * kept, the others are shuffled with the seed and dealt in seat order. Returns power -> player id.
 */
async function dealRoles(
  tx: Tx,
  game: GameWithPlayers,
  module: GameModule,
  seats: string[],
  now: Date,
): Promise<Record<string, string>> {
  const roles = scenarioRoles(module, game.scenario);
  // Each seat's holder (a removed player's power goes into civil disorder, as at any time).
  const holders = game.players
    .filter((p) => p.role && seats.includes(p.role) && p.status !== 'replaced')
    .sort((a, b) => seats.indexOf(a.role!) - seats.indexOf(b.role!));
  const assignment = drawPowers(
    game.seed,
    roles,
    holders.map((p) => ({ id: p.id, wantedRole: p.wantedRole })),
  );
  for (const p of holders) await tx.gamePlayer.update({ where: { id: p.id }, data: { role: assignment.get(p.id)! } });
  const byRole = Object.fromEntries(holders.map((p) => [assignment.get(p.id)!, p.account.id]));
  await tx.gameEvent.create({
    data: {
      gameId: game.id,
      kind: 'dealt',
      createdAt: now,
      text: `The powers were dealt after the ballots: ${roles
        .filter((r) => r in byRole)
        .map((r) => `${r} ${personRef(byRole[r]!)}`)
        .join(', ')}.`,
      data: {
        assignment: Object.fromEntries(holders.map((p) => [p.id, assignment.get(p.id)!])),
        drawOrder: holders.map((p) => p.id),
      },
    },
  });
  return byRole;
}
/** The deal as one reader may read it: power -> player's name or (if theirs to see) address. */
function dealtFor(
  game: GameWithPlayers,
  byRole: Record<string, string>,
  r: { email: string; viewer: Viewer },
): Record<string, string> {
  const keep = visibleAddresses({ kind: r.viewer.kind, email: r.email }, game.moderator.email);
  const accounts = new Map(game.players.map((p) => [p.account.id, p.account]));
  return Object.fromEntries(
    Object.entries(byRole).map(([role, id]) => [
      role,
      redactFor(accounts.get(id)?.name ?? accounts.get(id)?.email ?? '?', keep),
    ]),
  );
}

/**
 * Fault-injection hook for the reliability tests only (test/reliability/kill-worker.test.ts): with
 * KAHU_TEST_ADJUDICATION_PAUSE_MS set, adjudication announces the phase on stdout once everything
 * is written but not committed, and waits that long, so a test can SIGKILL the worker at exactly
 * that point. Unset (always, outside those tests) it does nothing.
 */
async function testPauseBeforeCommit(phaseIds: string[]): Promise<void> {
  const ms = Number(process.env.KAHU_TEST_ADJUDICATION_PAUSE_MS ?? 0);
  if (!(ms > 0) || phaseIds.length === 0) return;
  for (const id of phaseIds) process.stdout.write(`kahu-test-hook: adjudication of ${id} written, not committed\n`);
  await new Promise((r) => setTimeout(r, ms));
}

export async function finishGame(
  tx: Tx,
  game: { id: string; seed: string },
  outcome: Outcome | Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.game.update({
    where: { id: game.id },
    data: { status: 'finished', outcome: stored(outcome), endedAt: now, pausedAt: null, version: { increment: 1 } },
  });
  await tx.gameEvent.create({
    data: {
      gameId: game.id,
      kind: 'finished',
      text: `The game is over: ${(outcome as Outcome).text ?? (outcome as { kind?: string }).kind}. The seed is now public: ${game.seed}`,
      data: { outcome: stored(outcome), seed: game.seed },
      createdAt: now,
    },
  });
}

/** Open phases whose due time has passed (the sweep's work list). */
export async function duePhaseIds(ctx: Ctx, limit = 500): Promise<string[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT p.id FROM "Phase" p JOIN "Game" g ON g.id = p."gameId"
      WHERE p.status = 'open' AND g.status = 'active'
        AND (p."earlyAt" <= $1 OR COALESCE(p."graceUntil", p."deadlineAt") <= $1)
      ORDER BY COALESCE(p."graceUntil", p."deadlineAt") LIMIT $2`,
    now,
    limit,
  );
  return rows.map((r) => r.id);
}
