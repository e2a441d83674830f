// Sealed orders: a player submits, replaces or clears the orders of their power for the current
// phase. Every submission is stored as written with how each line was read and a receipt.
import crypto from 'node:crypto';
import type { ReadLine } from '../games/types.ts';
import { receiptMail } from '../mail/game-mail.ts';
import { access, lockGame, moduleOf, policyOf, requirePlayer } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { conflict, forbidden, notFound, unauthorized, unprocessable } from './errors.ts';
import { hashToken, touchToken } from './accounts.ts';
import { asStored } from './phases.ts';

export const MAX_LINES = 200;

export interface SubmitInput {
  lines: string[];
  /** Mark the power ready (default: unchanged; clearing orders makes it not ready). */
  ready?: boolean;
  /** Store the readable lines even when others were rejected (default: reject the whole submission). */
  acceptPartial?: boolean;
}

export interface SubmitResult {
  phase: { key: string; label: string; deadlineAt: Date | null };
  role: string;
  lines: ReadLine[];
  accepted: number;
  rejected: number;
  ready: boolean;
  receipt: { hash: string; at: Date };
}

function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x && typeof x === 'object') {
    return `{${Object.keys(x).sort().filter((k) => (x as any)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((x as any)[k])}`).join(',')}}`;
  }
  return JSON.stringify(x ?? null);
}

/** The receipt: SHA-256 of the game, phase, role, accepted orders and the time of receipt. */
export function receiptHash(gameId: string, phaseKey: string, role: string, accepted: unknown, at: Date): string {
  return crypto.createHash('sha256').update(canonical({ gameId, phase: phaseKey, role, accepted: asStored(accepted), at: at.toISOString() })).digest('hex');
}

export function splitText(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
}

/** Phase states never change once stored (a rollback makes a new phase): cache them by id. */
const stateCache = new Map<string, unknown>();
async function phaseState(ctx: Ctx, phaseId: string): Promise<unknown> {
  let st = stateCache.get(phaseId);
  if (st === undefined) {
    const r = await ctx.pool.query('SELECT state FROM "Phase" WHERE id = $1', [phaseId]);
    st = r.rows[0]?.state ?? null;
    if (stateCache.size > 5000) stateCache.delete(stateCache.keys().next().value!);
    stateCache.set(phaseId, st);
  }
  return st;
}

interface SubmitContext {
  role: string | null; email: string; timeZone: string;
  game_status: string | null; name: string; variant: string; scenario: string; seedHash: string; deadlines: any;
  phase_id: string | null; key: string; label: string; deadlineAt: Date | null; expected: string[] | null; ready: boolean | null;
}

/**
 * Submit, replace or clear the orders of the caller's power. The hot path of the API, so it is
 * two statements: one read of everything needed, one write that stores the submission, the
 * readiness and the receipt mail at once — only while the phase is still open (it takes the phase
 * row FOR SHARE; adjudication takes it FOR UPDATE, so nothing slips in during adjudication).
 */
export async function submitOrders(ctx: Ctx, gameId: string, who: string | { token: string }, input: SubmitInput): Promise<SubmitResult> {
  // `who` is an account id, or the caller's bearer token: then authentication is part of this read.
  const byToken = typeof who !== 'string';
  const c = (
    await ctx.pool.query<SubmitContext & { account_id: string; token_id: string; revokedAt: Date | null; lastUsedAt: Date | null }>(
      `SELECT a.id AS account_id, ${byToken ? 't.id AS token_id, t."revokedAt", t."lastUsedAt",' : ''}
              gp.role, a.email, a."timeZone", g.status AS game_status, g.name, g.variant, g.scenario, g."seedHash", g.deadlines,
              p.id AS phase_id, p.key, p.label, p."deadlineAt", p.expected, pr.ready
         FROM ${byToken ? '"ApiToken" t JOIN "Account" a ON a.id = t."accountId"' : '"Account" a'}
         LEFT JOIN "Game" g ON g.id = $2
         LEFT JOIN "GamePlayer" gp ON gp."gameId" = g.id AND gp."accountId" = a.id AND gp.status = 'playing'
         LEFT JOIN "Phase" p ON p."gameId" = g.id AND p.status = 'open'
         LEFT JOIN "PhaseRole" pr ON pr."phaseId" = p.id AND pr.role = gp.role
        WHERE ${byToken ? 't."tokenHash"' : 'a.id'} = $1`,
      [byToken ? hashToken(who.token) : who, gameId],
    )
  ).rows[0];
  if (byToken) {
    if (!c || c.revokedAt) throw unauthorized('This API token is unknown or was revoked. Ask for a new one with POST /accounts/sign-in.');
    await touchToken(ctx, c.token_id, c.lastUsedAt);
  }
  const accountId = c?.account_id;
  if (!c || c.game_status === null) throw notFound('There is no game with this id.');
  if (!c.role) throw forbidden('Only a player of this game may do this; you play no power here.');
  if (c.game_status !== 'active' && c.game_status !== 'paused') throw conflict(c.game_status === 'forming' ? 'The game has not started yet.' : 'The game is over.');
  if (!c.phase_id) throw conflict('No phase is open for orders right now.');
  const module = moduleOf({ variant: c.variant });
  const role = c.role;
  const state = await phaseState(ctx, c.phase_id);
  const read = module.readSubmission(state as any, role, input.lines);
  const bad = read.lines.filter((l) => !l.ok);
  if (bad.length && !input.acceptPartial) {
    throw unprocessable(
      `${bad.length} of ${read.lines.length} order line(s) could not be accepted; nothing was stored. Fix them, or resend with "acceptPartial": true to keep the others.`,
      bad.map((l) => ({ field: 'body.orders', line: l.line, text: l.text, message: l.error ?? 'not understood' })),
      { lines: read.lines },
    );
  }
  const now = ctx.clock.now();
  const hash = receiptHash(gameId, c.key, role, read.accepted, now);
  const expected = (c.expected ?? []).includes(role);
  const ready = !expected ? true : input.lines.length === 0 ? (input.ready ?? false) : (input.ready ?? c.ready ?? false);
  const phase = { key: c.key, label: c.label, deadlineAt: c.deadlineAt } as any;
  const game = { id: gameId, name: c.name, variant: c.variant, scenario: c.scenario, seedHash: c.seedHash };
  const mail = receiptMail(ctx.config, game, { email: c.email, timeZone: c.timeZone, viewer: { kind: 'player', role } }, phase, read.lines, hash, now, ready);
  const w = await ctx.pool.query<{ stored: number; was_ready: boolean | null }>(
    `WITH ph AS (SELECT id FROM "Phase" WHERE id = $1 AND status = 'open' FOR SHARE),
          sup AS (UPDATE "Submission" SET "supersededAt" = $3 WHERE "phaseId" IN (SELECT id FROM ph) AND role = $2 AND "supersededAt" IS NULL),
          ins AS (INSERT INTO "Submission" ("phaseId", role, "accountId", lines, readings, accepted, receipt, "createdAt")
                  SELECT id, $2, $4, $5, $6, $7, $8, $3 FROM ph RETURNING 1),
          pr AS (UPDATE "PhaseRole" SET ready = $9, submitted = $10, "updatedAt" = $3 WHERE "phaseId" IN (SELECT id FROM ph) AND role = $2 RETURNING 1),
          m AS (INSERT INTO "OutboxMail" ("toAddress", subject, body, kind, "gameId", "createdAt", "nextAttemptAt")
                SELECT $11, $12, $13, 'receipt', $14, $3, $3 FROM ph RETURNING 1)
     SELECT (SELECT count(*)::int FROM ins) AS stored`,
    [c.phase_id, role, now, accountId, JSON.stringify(input.lines), JSON.stringify(read.lines), JSON.stringify(asStored(read.accepted) ?? null), hash, ready, input.lines.length > 0, mail.to, mail.subject, mail.body, gameId],
  );
  if (w.rows[0].stored === 0) throw conflict('The phase was adjudicated while your orders were on their way; nothing was stored. See the results and send orders for the next phase.');
  let wake: { phaseId: string; at: Date }[] = [];
  if (ready || c.ready) {
    const earlyAt = await updateEarlySql(ctx, c.phase_id, gameId, c.deadlines, now);
    if (earlyAt) wake = [{ phaseId: c.phase_id, at: earlyAt }];
  }
  await afterCommit(ctx, { deadlines: wake, mail: true });
  return { phase: { key: c.key, label: c.label, deadlineAt: c.deadlineAt }, role, lines: read.lines, accepted: read.lines.filter((l) => l.ok).length, rejected: bad.length, ready, receipt: { hash, at: now } };
}

/**
 * Early processing: once every expected role that has a player is ready, the phase is due at
 * now + earlyDelay; when one is no longer ready, it is not. One statement.
 */
async function updateEarlySql(ctx: Ctx, phaseId: string, gameId: string, deadlines: unknown, now: Date): Promise<Date | null> {
  const policy = policyOf({ deadlines });
  const at = new Date(now.getTime() + policy.earlyDelayMinutes * 60_000);
  const r = await ctx.pool.query<{ earlyAt: Date | null }>(
    `UPDATE "Phase" p SET "earlyAt" = CASE WHEN $4::boolean AND NOT EXISTS (
         SELECT 1 FROM "PhaseRole" pr JOIN "GamePlayer" gp ON gp."gameId" = $2 AND gp.role = pr.role AND gp.status = 'playing'
          WHERE pr."phaseId" = p.id AND pr.role = ANY(p.expected) AND NOT pr.ready)
       THEN COALESCE(p."earlyAt", $3) ELSE NULL END
     WHERE p.id = $1 AND p.status = 'open' RETURNING p."earlyAt"`,
    [phaseId, gameId, at, policy.earlyProcessing],
  );
  return r.rows[0]?.earlyAt ?? null;
}

export async function setReady(ctx: Ctx, gameId: string, accountId: string, ready: boolean) {
  let wake: { phaseId: string; at: Date }[] = [];
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    if (!phase || (a.game.status !== 'active' && a.game.status !== 'paused')) throw conflict('No phase is open right now.');
    const now = ctx.clock.now();
    const role = player.role!;
    const value = phase.expected.includes(role) ? ready : true;
    await tx.phaseRole.update({ where: { phaseId_role: { phaseId: phase.id, role } }, data: { ready: value, updatedAt: now } });
    return { role, ready: value, phase: { id: phase.id, key: phase.key, label: phase.label }, deadlines: a.game.deadlines };
  });
  const earlyAt = await updateEarlySql(ctx, r.phase.id, gameId, r.deadlines, ctx.clock.now());
  if (earlyAt) wake = [{ phaseId: r.phase.id, at: earlyAt }];
  await afterCommit(ctx, { deadlines: wake });
  return { role: r.role, ready: r.ready, phase: { key: r.phase.key, label: r.phase.label }, earlyAt };
}

/** The reader's own orders for the current phase (sealed from everyone else). */
export async function myOrders(ctx: Ctx, gameId: string, accountId: string) {
  const a = await access(ctx.db, gameId, accountId);
  const player = requirePlayer(a);
  const phase = await ctx.db.phase.findFirst({ where: { gameId, status: 'open' }, include: { readiness: { where: { role: player.role! } } } });
  if (!phase) throw conflict('No phase is open right now.');
  const sub = await ctx.db.submission.findFirst({ where: { phaseId: phase.id, role: player.role! }, orderBy: { seq: 'desc' } });
  return {
    phase: { key: phase.key, label: phase.label, deadlineAt: phase.deadlineAt },
    role: player.role!,
    expected: phase.expected.includes(player.role!),
    ready: phase.readiness[0]?.ready ?? false,
    lines: (sub?.readings as ReadLine[] | undefined) ?? [],
    receipt: sub ? { hash: sub.receipt, at: sub.createdAt } : null,
  };
}
