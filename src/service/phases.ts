// The game flow around the engine: opening phases (skipping those with no choices), deciding when
// a phase is due, and adjudicating it exactly once — the result, the next phase and every player's
// mail are written in one transaction under the game's row lock.
import type { Phase } from '../db/generated/client.ts';
import type { Tx } from '../db/client.ts';
import type { GameModule, Outcome, Viewer } from '../contract/types.ts';
import { queueMail, type OutgoingMail } from '../mail/outbox.ts';
import { gameOverMail, lateMail, resultsMail } from '../mail/game-mail.ts';
import { activePlayers, lockGame, loadGame, moduleOf, policyOf, type GameWithPlayers } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { computeDeadline, type DeadlinePolicy } from './deadlines.ts';
import { personRef, redactFor, visibleAddresses } from './privacy.ts';
import { drawPowers } from './rng.ts';

export const MAX_SKIPS = 20;

/** JSON as the database gives it back (jsonb drops undefined, reorders keys). */
export function asStored<T>(x: T): T {
  return x === undefined ? (null as T) : JSON.parse(JSON.stringify(x));
}

export interface Resolved { phase: Phase; report: unknown }

export interface OpenResult {
  /** The phase now waiting for orders (null when the game is over). */
  open: Phase | null;
  /** Phases resolved on the way because nobody had a choice. */
  skipped: Resolved[];
  /** The final position's phase row when the game ended. */
  final: Phase | null;
  outcome: Outcome | null;
}

/**
 * Store `state` as the game's next phase at `seq`. A phase where no role has a choice is resolved
 * at once and recorded as skipped; the game ends when the engine reports an outcome.
 */
export async function openPhases(tx: Tx, game: GameWithPlayers, module: GameModule, policy: DeadlinePolicy, state: unknown, seq: number, now: Date): Promise<OpenResult> {
  const skipped: Resolved[] = [];
  let s = state;
  for (let i = 0; i <= MAX_SKIPS; i++, seq++) {
    const info = module.phase(s);
    const outcome = module.outcome(s);
    const base = { gameId: game.id, seq, key: info.key, label: info.label, type: info.type, year: info.year ?? null, state: asStored(s) as any, openedAt: now };
    if (outcome) {
      const final = await tx.phase.create({ data: { ...base, status: 'final', expected: [] } });
      return { open: null, skipped, final, outcome };
    }
    const expected = module.expectedRoles(s);
    // A phase that waits for the moderator has no role expected, yet is not played at once.
    if (expected.length === 0 && !info.moderatorDecides && i < MAX_SKIPS) {
      const r = module.resolve(s, {});
      const phase = await tx.phase.create({ data: { ...base, status: 'skipped', expected: [], resolvedAt: now, report: asStored(r.report) as any } });
      skipped.push({ phase, report: r.report });
      s = r.state;
      continue;
    }
    const deadlineAt = info.moderatorDecides ? null : computeDeadline(policy, info, now);
    const phase = await tx.phase.create({ data: { ...base, status: 'open', expected, deadlineAt } });
    const roles = module.seats?.(s) ?? scenarioRoles(module, game.scenario);
    await tx.phaseRole.createMany({ data: roles.map((role) => ({ phaseId: phase.id, role, ready: !expected.includes(role), submitted: false, updatedAt: now })) });
    return { open: phase, skipped, final: null, outcome: null };
  }
  throw new Error('too many phases without choices in a row');
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

export interface ProcessResult { status: ProcessStatus; wakeAt?: Date; next?: Phase | null }

/** Viewer of each active player, and the moderator. */
export function recipients(game: GameWithPlayers): { email: string; timeZone: string; viewer: Viewer; name: string | null }[] {
  const list = activePlayers(game).map((p) => ({ email: p.account.email, timeZone: p.account.timeZone, viewer: { kind: 'player', role: p.role! } as Viewer, name: p.account.name }));
  list.push({ email: game.moderator.email, timeZone: game.moderator.timeZone, viewer: { kind: 'moderator' }, name: game.moderator.name });
  return list;
}

interface LatestSubmission { role: string; accepted: unknown; lines: unknown }

export async function latestSubmissions(tx: Tx, phaseId: string): Promise<Map<string, LatestSubmission>> {
  // The last submission of each role counts (by order of receipt); one superseded by a removal or
  // replacement of the player does not.
  const subs = await tx.submission.findMany({ where: { phaseId, supersededAt: null }, orderBy: { seq: 'asc' } });
  return new Map(subs.map((s) => [s.role, { role: s.role, accepted: s.accepted, lines: s.lines }]));
}

/**
 * Adjudicate the phase if it is due (or `force`), exactly once: under the game's row lock, only a
 * phase still 'open' is resolved, and its result, the next phase and the mail commit together.
 */
export async function processPhase(ctx: Ctx, phaseId: string, opts: { force?: boolean; actorId?: string } = {}): Promise<ProcessResult> {
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
      if (!phase || phase.status !== 'open') return { status: 'gone' };
      let game = await loadGame(tx, head.gameId);
      if (game.status === 'paused' && !opts.force) return { status: 'paused' };
      if (game.status !== 'active' && game.status !== 'paused') return { status: 'gone' };
      const module = moduleOf(game);
      const policy = policyOf(game);
      const now = ctx.clock.now();
      const played = new Set(activePlayers(game).map((p) => p.role!));
      const subs = await latestSubmissions(tx, phase.id);
      const hasOrders = (role: string) => {
        const s = subs.get(role);
        return !!s && Array.isArray(s.lines) && s.lines.length > 0;
      };
      const activeExpected = phase.expected.filter((r) => played.has(r));
      if (!opts.force) {
        const ready = new Map(phase.readiness.map((r) => [r.role, r.ready]));
        const allReady = activeExpected.every((r) => ready.get(r));
        const early = policy.earlyProcessing && allReady && phase.earlyAt && now >= phase.earlyAt;
        if (!early) {
          if (!phase.deadlineAt || now < phase.deadlineAt) return { status: 'not-due', wakeAt: dueAt(phase) ?? undefined };
          const late = activeExpected.filter((r) => !hasOrders(r));
          if (game.nmrPolicy === 'wait' && late.length > 0 && policy.graceMinutes > 0) {
            if (!phase.graceUntil) {
              const graceUntil = new Date(phase.deadlineAt.getTime() + policy.graceMinutes * 60_000);
              await tx.phase.update({ where: { id: phase.id }, data: { graceUntil } });
              await tx.gameEvent.create({
                data: { gameId: game.id, kind: 'grace', text: `Deadline passed with orders missing from ${late.join(', ')}; waiting until the end of the grace period.`, data: { late, graceUntil }, createdAt: now },
              });
              const mails: OutgoingMail[] = recipients(game).map((r) => lateMail(ctx.config, game, phase, { ...r, late: r.viewer.kind === 'player' && late.includes(r.viewer.role) }, late, graceUntil));
              await queueMail(tx, mails, now);
              wake = [{ phaseId: phase.id, at: graceUntil }];
              mail = true;
              return { status: 'grace', wakeAt: graceUntil };
            }
            if (now < phase.graceUntil) return { status: 'not-due', wakeAt: phase.graceUntil };
          }
        }
      }

      // Adjudicate. A role without orders gets the engine's default (units hold, civil disorder).
      const submissions: Record<string, unknown> = {};
      for (const [role, s] of subs) submissions[role] = s.accepted;
      const resolved = module.resolve(phase.state as any, submissions);
      const missed = phase.expected.filter((r) => !hasOrders(r));
      await tx.phase.update({ where: { id: phase.id }, data: { status: 'adjudicated', report: asStored(resolved.report) as any, resolvedAt: now, missed } });
      const missedPlayers = activePlayers(game).filter((p) => missed.includes(p.role!));
      if (missedPlayers.length) await tx.gamePlayer.updateMany({ where: { id: { in: missedPlayers.map((p) => p.id) } }, data: { missedPhases: { increment: 1 } } });

      // Heiau's Two Haoles: the ballot was cast from seats; the powers are dealt now.
      let dealt: Record<string, string> | null = null;
      const seats = module.seats?.(phase.state as any);
      if (seats && !module.seats!(resolved.state)) {
        dealt = await dealRoles(tx, game, module, seats, now);
        game = await loadGame(tx, game.id);
      }
      const opened = await openPhases(tx, game, module, policy, resolved.state, phase.seq + 1, now);
      const done: Resolved[] = [{ phase, report: resolved.report }, ...opened.skipped];
      await tx.gameEvent.create({
        data: {
          gameId: game.id,
          kind: 'adjudicated',
          actorId: opts.actorId ?? null,
          text: `${phase.label} adjudicated${opts.force ? ' at the moderator\'s request' : ''}.` + (missed.length ? ` No orders from ${missed.join(', ')}.` : '') + (opened.skipped.length ? ` Skipped: ${opened.skipped.map((s) => s.phase.label).join(', ')} (no choices).` : ''),
          data: { phase: phase.key, missed, skipped: opened.skipped.map((s) => s.phase.key), next: opened.open?.key ?? null },
          createdAt: now,
        },
      });
      const nextState = (opened.open ?? opened.final)!.state;
      const g = game;
      const mails: OutgoingMail[] = recipients(g).map((r) => resultsMail(ctx.config, g, module, r, done, opened.open, nextState, now, dealt ? dealtFor(g, dealt, r) : undefined));
      if (opened.outcome) {
        await finishGame(tx, game, opened.outcome, now);
        mails.push(...recipients(g).map((r) => gameOverMail(ctx.config, g, module, r, opened.outcome!, nextState)));
      } else {
        await tx.game.update({ where: { id: game.id }, data: { version: { increment: 1 } } });
      }
      await queueMail(tx, mails, now);
      await testPauseBeforeCommit(phase.id);
      mail = true;
      if (opened.open?.deadlineAt) wake = [{ phaseId: opened.open.id, at: opened.open.deadlineAt }];
      return { status: 'processed', next: opened.open };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
  await afterCommit(ctx, { deadlines: wake, mail });
  return result;
}

/**
 * The deal after a ballot cast from seats (Heiau's Two Haoles: "random assignment of powers occurs
 * immediately after submission of ballots"): a seating matter, so the service's, with the same
 * seeded draw as at the start (drawPowers): the powers the moderator gave before the start are
 * kept, the others are shuffled with the seed and dealt in seat order. Returns power -> player id.
 */
async function dealRoles(tx: Tx, game: GameWithPlayers, module: GameModule, seats: string[], now: Date): Promise<Record<string, string>> {
  const roles = scenarioRoles(module, game.scenario);
  // Each seat's holder (a removed player's power goes into civil disorder, as at any time).
  const holders = game.players
    .filter((p) => p.role && seats.includes(p.role) && p.status !== 'replaced')
    .sort((a, b) => seats.indexOf(a.role!) - seats.indexOf(b.role!));
  const assignment = drawPowers(game.seed, roles, holders.map((p) => ({ id: p.id, wantedRole: p.wantedRole })));
  for (const p of holders) await tx.gamePlayer.update({ where: { id: p.id }, data: { role: assignment.get(p.id)! } });
  const byRole = Object.fromEntries(holders.map((p) => [assignment.get(p.id)!, p.account.id]));
  await tx.gameEvent.create({
    data: {
      gameId: game.id, kind: 'dealt', createdAt: now,
      text: `The powers were dealt after the ballots: ${roles.filter((r) => r in byRole).map((r) => `${r} ${personRef(byRole[r]!)}`).join(', ')}.`,
      data: { assignment: Object.fromEntries(holders.map((p) => [p.id, assignment.get(p.id)!])), drawOrder: holders.map((p) => p.id) },
    },
  });
  return byRole;
}
/** The deal as one reader may read it: power -> player's name or (if theirs to see) address. */
function dealtFor(game: GameWithPlayers, byRole: Record<string, string>, r: { email: string; viewer: Viewer }): Record<string, string> {
  const keep = visibleAddresses({ kind: r.viewer.kind, email: r.email }, game.moderator.email);
  const accounts = new Map(game.players.map((p) => [p.account.id, p.account]));
  return Object.fromEntries(Object.entries(byRole).map(([role, id]) => [role, redactFor(accounts.get(id)?.name ?? accounts.get(id)?.email ?? '?', keep)]));
}

/**
 * Fault-injection hook for the reliability tests only (test/reliability/kill-worker.test.ts): with
 * KAHU_TEST_ADJUDICATION_PAUSE_MS set, adjudication announces the phase on stdout once everything
 * is written but not committed, and waits that long, so a test can SIGKILL the worker at exactly
 * that point. Unset (always, outside those tests) it does nothing.
 */
async function testPauseBeforeCommit(phaseId: string): Promise<void> {
  const ms = Number(process.env.KAHU_TEST_ADJUDICATION_PAUSE_MS ?? 0);
  if (!(ms > 0)) return;
  process.stdout.write(`kahu-test-hook: adjudication of ${phaseId} written, not committed\n`);
  await new Promise((r) => setTimeout(r, ms));
}

export async function finishGame(tx: Tx, game: { id: string; seed: string }, outcome: Outcome | Record<string, unknown>, now: Date): Promise<void> {
  await tx.game.update({ where: { id: game.id }, data: { status: 'finished', outcome: asStored(outcome) as any, endedAt: now, pausedAt: null, version: { increment: 1 } } });
  await tx.gameEvent.create({
    data: { gameId: game.id, kind: 'finished', text: `The game is over: ${(outcome as Outcome).text ?? (outcome as any).kind}. The seed is now public: ${game.seed}`, data: { outcome: asStored(outcome) as any, seed: game.seed }, createdAt: now },
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
