// Sealed orders: a player submits, replaces or clears the orders of their power for the current
// phase. Every submission is stored as written with how each line was read and a receipt.
import crypto from 'node:crypto';
import type { ReadLine } from '../contract/types.ts';
import { receiptMail } from '../mail/game-mail.ts';
import { access, lockGame, moduleOf, policyOf, requirePlayer } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { conflict, forbidden, notFound, unauthorized, unprocessable } from './errors.ts';
import { hashToken, tokenRefusal, touchToken } from './accounts.ts';
import { createBatcher } from './batcher.ts';

export const MAX_LINES = 200;

export interface SubmitInput {
  lines: string[];
  /** Mark the power ready (default: unchanged; clearing orders makes it not ready). */
  ready?: boolean;
  /** The phase (key) the orders were written for: another one open, nothing is stored (a page behind the game never queues a choice for a decision it did not show). */
  phase?: string;
  /** No receipt mail: the caller answers with the receipt itself (an email's one reply). */
  noReceiptMail?: boolean;
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

/** JSON with each object's keys sorted and undefined left out: what a receipt hashes. */
function canonical(x: unknown): string {
  if (x === null || x === undefined) return 'null';
  if (typeof x !== 'object') return JSON.stringify(x);
  let s: string;
  if (Array.isArray(x)) {
    s = '[';
    for (let i = 0; i < x.length; i++) s += (i ? ',' : '') + canonical(x[i]);
    return `${s}]`;
  }
  s = '{';
  for (const k of Object.keys(x).sort()) {
    const v = (x as Record<string, unknown>)[k];
    if (v === undefined) continue;
    s += `${s.length > 1 ? ',' : ''}${JSON.stringify(k)}:${canonical(v)}`;
  }
  return `${s}}`;
}

/**
 * The receipt: SHA-256 of the game, phase, role, accepted orders and the time of receipt. The
 * accepted orders are plain JSON; read canonically they hash as their stored form does.
 */
export function receiptHash(gameId: string, phaseKey: string, role: string, accepted: unknown, at: Date): string {
  return crypto.hash('sha256', canonical({ gameId, phase: phaseKey, role, accepted, at: at.toISOString() }), 'hex');
}

export function splitText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/**
 * Phase states never change once stored (a rollback makes a new phase): cache them by id, the
 * least recently used first. A state not used for 10 minutes leaves (its phase is most likely
 * adjudicated): kept up to a count alone, every adjudicated phase's state stayed, and a soak of an
 * hour grew by the states of its 2,400 phases (+0.27 MB/min, issue 28).
 */
const stateCache = new Map<string, { state: unknown; used: number }>();
const STATE_IDLE_MS = 10 * 60_000;
const STATE_CACHE_SIZE = 2_000;
export async function phaseState(ctx: Ctx, phaseId: string): Promise<unknown> {
  const now = performance.now();
  const hit = stateCache.get(phaseId);
  if (hit) {
    stateCache.delete(phaseId);
    hit.used = now;
    stateCache.set(phaseId, hit);
    return hit.state;
  }
  const r = await ctx.pool.query('SELECT state FROM "Phase" WHERE id = $1', [phaseId]);
  const state = r.rows[0]?.state ?? null;
  for (const [k, v] of stateCache) {
    if (now - v.used < STATE_IDLE_MS && stateCache.size < STATE_CACHE_SIZE) break;
    stateCache.delete(k);
  }
  stateCache.set(phaseId, { state, used: now });
  return state;
}
/** How many phase states are kept (for the test of the cache's bounds). */
export const cachedPhaseStates = () => stateCache.size;

interface SubmitContext {
  account_id: string;
  token_id?: string;
  revokedAt?: Date | null;
  lastUsedAt?: Date | null;
  token_created?: Date;
  role: string | null;
  email: string;
  timeZone: string;
  receiptsByMail: boolean;
  readable: boolean | null;
  game_status: string | null;
  name: string;
  variant: string;
  scenario: string;
  seedHash: string;
  /** The game's deadlines as JSON text: parsed only when needed (grace, early processing). */
  deadlines: string;
  nmrPolicy: string;
  phase_id: string | null;
  key: string;
  label: string;
  deadlineAt: Date | null;
  /** The caller's power is expected to act in this phase. */
  expected: boolean | null;
  ready: boolean | null;
}

/** Timestamps are stored in UTC without a zone (Prisma's way): pass and read them as such. */
export const utc = (d: Date) => d.toISOString();

// readable: access.ts's mayRead, in SQL (a game the caller may not read is answered 404).
const CONTEXT_COLUMNS = `a.id AS account_id, gp.role, a.email,
       (gp.role IS NOT NULL OR g."public" OR g."moderatorId" = a.id OR (g."openJoin" AND g.status = 'forming')
        OR EXISTS (SELECT 1 FROM "GamePlayer" m WHERE m."gameId" = g.id AND m."accountId" = a.id)) AS readable, a."timeZone", a."receiptsByMail", g.status AS game_status, g.name, g.variant, g.scenario, g."seedHash", g.deadlines::text AS deadlines, g."nmrPolicy",
       p.id AS phase_id, p.key, p.label, p."deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt", gp.role = ANY(p.expected) AS expected,
       (SELECT pr.ready FROM "PhaseRole" pr WHERE pr."phaseId" = p.id AND pr.role = gp.role) AS ready`;
const CONTEXT_JOINS = `LEFT JOIN "Game" g ON g.id = i.game_id
  LEFT JOIN "GamePlayer" gp ON gp."gameId" = g.id AND gp."accountId" = a.id AND gp.status = 'playing'
  LEFT JOIN "Phase" p ON p."gameId" = g.id AND p.status = 'open'`;
// (The readiness is a subquery: by primary key for each row, where a join was planned as a scan of
// every phase's readiness.)

/** Everything a submission needs, for many (token, game) pairs in one statement. */
function contextBatcher(ctx: Ctx) {
  return createBatcher<{ tokenHash: string; gameId: string }, SubmitContext | undefined>(
    async (items) => {
      // Named: each connection parses and plans it once (prepared statement), not per batch.
      const r = await ctx.pool.query<SubmitContext & { idx: string }>({
        name: 'submit-context',
        text: `SELECT i.idx, t.id AS token_id, t."revokedAt" AT TIME ZONE 'UTC' AS "revokedAt", t."lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt", t."createdAt" AT TIME ZONE 'UTC' AS token_created, ${CONTEXT_COLUMNS}
         FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS i(hash, game_id, idx)
         JOIN "ApiToken" t ON t."tokenHash" = i.hash
         JOIN "Account" a ON a.id = t."accountId"
         ${CONTEXT_JOINS}`,
        values: [items.map((x) => x.tokenHash), items.map((x) => x.gameId)],
      });
      const out: (SubmitContext | undefined)[] = items.map(() => undefined);
      for (const row of r.rows) out[Number(row.idx) - 1] = row;
      return out;
    },
    { maxSize: 200, maxInFlight: 3 },
  );
}

/** One submission to store. */
interface WriteItem {
  phaseId: string;
  role: string;
  at: string;
  accountId: string;
  /** As written, as read (ReadLine[]) and the accepted part: plain JSON, nested (not strings). */
  lines: unknown;
  readings: unknown;
  accepted: unknown;
  receipt: string;
  ready: boolean;
  submitted: boolean;
  mailTo: string;
  subject: string;
  body: string;
  gameId: string;
  mail: boolean;
  /** The game's grace period after the deadline (0: none), in which only a power without orders may send. */
  graceMs: number;
}

/**
 * Store many submissions in one statement (one commit): each only if its phase is still open
 * (the phase row is taken FOR SHARE; adjudication takes it FOR UPDATE, so nothing slips in during
 * adjudication), with its readiness and receipt mail. Two submissions of one power never share a batch.
 * The one before is not touched: the last by seq counts, and its supersededAt is filled in when the
 * phase is adjudicated (rewriting the earlier row, jsonb and all, on every submission cost
 * PostgreSQL a new row version and three index entries: issue 28).
 */
function writeBatcher(ctx: Ctx) {
  return createBatcher<WriteItem, boolean>(
    async (items) => {
      // One write batch at a time per process: batches never wait on each other's row locks. Across
      // processes they may, so a deadlock victim is simply run again.
      // The deadline is hard: the phase row (and its deadline, as extended) is read FOR SHARE in this
      // statement; adjudication takes it FOR UPDATE. Orders timed at or after the deadline are
      // refused, except in a grace period for a power that has sent nothing (marked late).
      const col = <K extends keyof WriteItem>(k: K) => items.map((x) => x[k]);
      // The three JSON documents of each submission travel as one jsonb array, [lines, readings,
      // accepted] by position (as arrays of strings the driver escaped each inside an array literal);
      // the rest as arrays (unnest: the planner expects a few rows and reaches Phase and PhaseRole by
      // their keys, where a JSON record set's 100 rows made it scan both).
      const docs = JSON.stringify(items.map((x) => [x.lines, x.readings, x.accepted]));
      const query = () =>
        ctx.pool.query<{ idx: string }>({
          name: 'submit-write',
          text: `WITH i AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::uuid[], $5::text[], $6::bool[], $7::bool[], $8::text[], $9::text[], $10::text[], $11::uuid[], $12::int[], $13::bool[])
                    WITH ORDINALITY AS x(phase_id, role, at_tz, account_id, receipt, ready, submitted, mail_to, subject, body, game_id, grace_ms, mail, idx)),
            ph AS (SELECT id, "deadlineAt" FROM "Phase" WHERE id = ANY($1::uuid[]) AND status = 'open' FOR SHARE),
            x AS (SELECT i.*, i.at_tz AT TIME ZONE 'UTC' AS at, ph."deadlineAt" AS deadline FROM i JOIN ph ON ph.id = i.phase_id),
            ok AS (SELECT x.*, (x.deadline IS NOT NULL AND x.at >= x.deadline) AS late FROM x
                    WHERE x.deadline IS NULL OR x.at < x.deadline
                       OR (x.grace_ms > 0 AND x.at < x.deadline + x.grace_ms * interval '1 millisecond'
                           AND NOT EXISTS (SELECT 1 FROM "Submission" s WHERE s."phaseId" = x.phase_id AND s.role = x.role))),
            ins AS (INSERT INTO "Submission" ("phaseId", role, "accountId", lines, readings, accepted, receipt, "createdAt", late)
                    SELECT phase_id, role, account_id, d->0, d->1, d->2, receipt, at, late
                      FROM ok CROSS JOIN LATERAL (SELECT $14::jsonb -> (ok.idx::int - 1) AS d) j ORDER BY idx),
            pr AS (UPDATE "PhaseRole" r SET ready = ok.ready, submitted = ok.submitted, "updatedAt" = ok.at FROM ok WHERE r."phaseId" = ok.phase_id AND r.role = ok.role),
            m AS (INSERT INTO "OutboxMail" ("toAddress", subject, body, kind, "gameId", "createdAt", "nextAttemptAt")
                  SELECT mail_to, subject, body, 'receipt', game_id, at, at FROM ok WHERE ok.mail ORDER BY idx)
       SELECT idx FROM ok`,
          values: [
            col('phaseId'),
            col('role'),
            col('at'),
            col('accountId'),
            col('receipt'),
            col('ready'),
            col('submitted'),
            col('mailTo'),
            col('subject'),
            col('body'),
            col('gameId'),
            col('graceMs'),
            col('mail'),
            docs,
          ],
        });
      let r: Awaited<ReturnType<typeof query>>;
      for (let attempt = 1; ; attempt++) {
        try {
          r = await query();
          break;
        } catch (err) {
          if ((err as { code?: string } | null)?.code !== '40P01' || attempt >= 5) throw err;
        }
      }
      const stored = new Set(r.rows.map((x) => Number(x.idx) - 1));
      return items.map((_, i) => stored.has(i));
    },
    { maxSize: 500, maxInFlight: 1, key: (x) => `${x.phaseId}:${x.role}` },
  );
}

const batchers = new WeakMap<
  Ctx['pool'],
  { context: ReturnType<typeof contextBatcher>; write: ReturnType<typeof writeBatcher> }
>();
function batchersOf(ctx: Ctx) {
  let b = batchers.get(ctx.pool);
  if (!b) batchers.set(ctx.pool, (b = { context: contextBatcher(ctx), write: writeBatcher(ctx) }));
  return b;
}

/**
 * Submit, replace or clear the orders of the caller's power. The hot path of the API: one read of
 * everything needed (authentication included when called with the bearer token), the engine reads
 * the lines, one write. Concurrent submissions share these statements (see createBatcher).
 */
export async function submitOrders(
  ctx: Ctx,
  gameId: string,
  who: string | { token: string; tokenHash?: string },
  input: SubmitInput,
): Promise<SubmitResult> {
  let c: SubmitContext | undefined;
  if (typeof who !== 'string') {
    c = await batchersOf(ctx).context.run({ tokenHash: who.tokenHash ?? hashToken(who.token), gameId });
    if (!c)
      throw unauthorized('This API token is unknown or was revoked. Ask for a new one with POST /accounts/sign-in.');
    const refused = tokenRefusal(ctx, {
      revokedAt: c.revokedAt ?? null,
      createdAt: c.token_created!,
      lastUsedAt: c.lastUsedAt ?? null,
    });
    if (refused) throw refused;
    await touchToken(ctx, c.token_id!, c.lastUsedAt ?? null);
  } else {
    c = (
      await ctx.pool.query<SubmitContext>(
        `SELECT ${CONTEXT_COLUMNS} FROM (SELECT $2::uuid AS game_id) i JOIN "Account" a ON a.id = $1 ${CONTEXT_JOINS}`,
        [who, gameId],
      )
    ).rows[0];
  }
  const accountId = c?.account_id;
  if (!c || c.game_status === null || !c.readable) throw notFound('There is no game with this id.');
  if (!c.role) throw forbidden('Only a player of this game may do this; you play no power here.');
  if (c.game_status !== 'active' && c.game_status !== 'paused')
    throw conflict(c.game_status === 'forming' ? 'The game has not started yet.' : 'The game is over.');
  if (!c.phase_id) throw conflict('No phase is open for orders right now.');
  if (input.phase !== undefined && input.phase !== c.key)
    throw conflict(
      `The phase moved on (${c.label} is open now); your orders were not sent.`,
      [{ field: 'body.phase', message: `not the open phase (${c.key})` }],
      { phase: { key: c.key, label: c.label } },
    );
  const module = moduleOf({ variant: c.variant });
  const role = c.role;
  const state = await phaseState(ctx, c.phase_id);
  const read = module.readSubmission(state, role, input.lines);
  const bad = read.lines.filter((l) => !l.ok);
  // One rule in every channel: a rejected line stores nothing, and the orders in force stay.
  if (bad.length) {
    throw unprocessable(
      `${bad.length} of ${read.lines.length} order line(s) could not be accepted (line${bad.length > 1 ? 's' : ''} ${bad.map((l) => l.line).join(', ')}); nothing was stored and your orders in force stay. Fix them and send all the lines again.`,
      bad.map((l) => ({ field: 'body.orders', line: l.line, text: l.text, message: l.error ?? 'not understood' })),
      { lines: read.lines },
    );
  }
  const now = ctx.clock.now();
  // An engine's accepted orders are plain JSON: canonical() reads them as their stored form would
  // read (undefined left out), so they are written out once, not copied first (asStored).
  const hash = receiptHash(gameId, c.key, role, read.accepted, now);
  const expected = c.expected === true;
  // In a game of one decision a phase, sending the decision is being done with it.
  const decided = !!module.decisionPhases && read.lines.some((l) => l.ok);
  const ready = !expected
    ? true
    : input.lines.length === 0
      ? (input.ready ?? false)
      : (input.ready ?? (decided || (c.ready ?? false)));
  const phase = { key: c.key, label: c.label, deadlineAt: c.deadlineAt } as any;
  const game = { id: gameId, name: c.name, variant: c.variant, scenario: c.scenario, seedHash: c.seedHash };
  // The receipt is stored and on the page; by mail only when the player asked (PATCH /accounts/me
  // receiptsByMail, or SET RECEIPTS ON). Orders sent by mail are answered by the reply itself. The
  // mail is written only when it is sent, and the mailer woken only then.
  const sendsMail = !input.noReceiptMail && c.receiptsByMail;
  const mail = sendsMail
    ? receiptMail(
        ctx.config,
        game,
        { email: c.email, timeZone: c.timeZone, viewer: { kind: 'player', role } },
        phase,
        read.lines,
        hash,
        now,
        ready,
      )
    : { to: '', subject: '', body: '' };
  const written = await batchersOf(ctx).write.run({
    phaseId: c.phase_id,
    role,
    at: utc(now),
    accountId: accountId!,
    lines: input.lines,
    readings: read.lines,
    accepted: read.accepted ?? null,
    receipt: hash,
    ready,
    submitted: input.lines.length > 0,
    mailTo: mail.to,
    subject: mail.subject,
    body: mail.body,
    gameId,
    graceMs: graceOf(c),
    mail: sendsMail,
  });
  if (!written) throw await refusal(ctx, c.phase_id, c.label, now);
  let wake: { phaseId: string; at: Date }[] = [];
  if (ready || c.ready) {
    const earlyAt = await updateEarlySql(ctx, c.phase_id, gameId, JSON.parse(c.deadlines), now);
    if (earlyAt) wake = [{ phaseId: c.phase_id, at: earlyAt }];
  }
  await afterCommit(ctx, { deadlines: wake, mail: sendsMail });
  return {
    phase: { key: c.key, label: c.label, deadlineAt: c.deadlineAt },
    role,
    lines: read.lines,
    accepted: read.lines.filter((l) => l.ok).length,
    rejected: bad.length,
    ready,
    receipt: { hash, at: now },
  };
}

/** The grace period of the game, in ms (only with nmrPolicy "wait"). */
function graceOf(c: SubmitContext): number {
  // Reading the policy (zod) was 2.5% of the API's time: only a game that waits has a grace period.
  return c.nmrPolicy === 'wait' ? policyOf({ deadlines: JSON.parse(c.deadlines) }).graceMinutes * 60_000 : 0;
}

/** Why a submission was not stored: the deadline had passed, or the phase was adjudicated meanwhile. */
async function refusal(ctx: Ctx, phaseId: string, label: string, at: Date) {
  const r = await ctx.pool.query<{ status: string; deadlineAt: Date | null }>(
    `SELECT status, "deadlineAt" AT TIME ZONE 'UTC' AS "deadlineAt" FROM "Phase" WHERE id = $1`,
    [phaseId],
  );
  const p = r.rows[0];
  if (p?.status === 'open' && p.deadlineAt && at.getTime() >= p.deadlineAt.getTime()) {
    return conflict(
      `The deadline for ${label} passed at ${p.deadlineAt.toISOString()} (${at.getTime() - p.deadlineAt.getTime()} ms before your orders arrived at ${at.toISOString()}); nothing was stored.`,
      undefined,
      { deadline: p.deadlineAt.toISOString(), receivedAt: at.toISOString() },
    );
  }
  return conflict(
    'The phase was adjudicated while your orders were on their way; nothing was stored. See the results and send orders for the next phase.',
  );
}

/**
 * Early processing: once every expected role that has a player is ready, the phase is due at
 * now + earlyDelay; when one is no longer ready, it is not. One statement.
 */
async function updateEarlySql(
  ctx: Ctx,
  phaseId: string,
  gameId: string,
  deadlines: unknown,
  now: Date,
): Promise<Date | null> {
  const policy = policyOf({ deadlines });
  const at = new Date(now.getTime() + policy.earlyDelayMinutes * 60_000);
  const r = await ctx.pool.query<{ earlyAt: Date | null }>(
    `UPDATE "Phase" p SET "earlyAt" = CASE WHEN $4::boolean AND NOT EXISTS (
         SELECT 1 FROM "PhaseRole" pr JOIN "GamePlayer" gp ON gp."gameId" = $2 AND gp.role = pr.role AND gp.status = 'playing'
          WHERE pr."phaseId" = p.id AND pr.role = ANY(p.expected) AND NOT pr.ready)
       THEN COALESCE(p."earlyAt", $3::timestamptz AT TIME ZONE 'UTC') ELSE NULL END
     WHERE p.id = $1 AND p.status = 'open' RETURNING p."earlyAt" AT TIME ZONE 'UTC' AS "earlyAt"`,
    [phaseId, gameId, utc(at), policy.earlyProcessing],
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
    if (!phase || (a.game.status !== 'active' && a.game.status !== 'paused'))
      throw conflict('No phase is open right now.');
    const now = ctx.clock.now();
    const role = player.role!;
    const value = phase.expected.includes(role) ? ready : true;
    await tx.phaseRole.update({
      where: { phaseId_role: { phaseId: phase.id, role } },
      data: { ready: value, updatedAt: now },
    });
    return {
      role,
      ready: value,
      phase: { id: phase.id, key: phase.key, label: phase.label },
      deadlines: a.game.deadlines,
    };
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
  const phase = await ctx.db.phase.findFirst({
    where: { gameId, status: 'open' },
    include: { readiness: { where: { role: player.role! } } },
  });
  if (!phase) throw conflict('No phase is open right now.');
  const sub = await ctx.db.submission.findFirst({
    where: { phaseId: phase.id, role: player.role!, supersededAt: null },
    orderBy: { seq: 'desc' },
  });
  return {
    phase: { key: phase.key, label: phase.label, deadlineAt: phase.deadlineAt },
    role: player.role!,
    expected: phase.expected.includes(player.role!),
    ready: phase.readiness[0]?.ready ?? false,
    lines: (sub?.readings as ReadLine[] | undefined) ?? [],
    receipt: sub ? { hash: sub.receipt, at: sub.createdAt } : null,
  };
}
