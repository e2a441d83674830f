// A game moves between judges: one JSON file with its scenario, settings, every phase (state, orders
// as written, report) and events, and once it is over its seed, so that any judge can replay it.
// The import replays the file through the game's engine and refuses one that does not replay,
// naming the first phase and field that differ; what it keeps is a finished game, read-only.
import crypto from 'node:crypto';
import { z } from 'zod';
import { usesLegacyStream, withLegacyStreams } from '../contract/random.ts';
import { DataError } from '../contract/data-error.ts';
import type { GameModule } from '../contract/types.ts';
import { gameModule, roleNameOf } from '../games/index.ts';
import type { Access } from './access.ts';
import type { Ctx } from './context.ts';
import { AppError, badRequest, forbidden, unprocessable } from './errors.ts';
import { parsePolicy, peopleOf } from './games.ts';
import { events as eventsFor, readerAddresses, startPosition } from './history.ts';
import { asJsonb, asStored, jsonbKeyOrder, initialState, scenarioRoles } from './phases.ts';
import { personRef, redactFor, submissionFor } from './privacy.ts';
import { seedHash } from './rng.ts';
import { tooMany } from './mail-limits.ts';

export const FORMAT = 'kahu-game' as const;
export const FORMAT_VERSION = 1;
/** The largest file the import takes, and the most phases. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const MAX_IMPORT_PHASES = 1000;
/** Imports an account may make in a day (each keeps up to MAX_IMPORT_BYTES of game). */
export const IMPORTS_PER_DAY = 20;

const same = (a: unknown, b: unknown) => JSON.stringify(asJsonb(a)) === JSON.stringify(asJsonb(b));

/** The path of the first difference between two JSON values ('' when the values themselves differ). */
function firstDifference(a: unknown, b: unknown, path: string): string {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if (!same(a[i], b[i])) return firstDifference(a[i], b[i], `${path}.${i}`);
    return path;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(jsonbKeyOrder);
    for (const k of keys)
      if (!same((a as any)[k], (b as any)[k])) return firstDifference((a as any)[k], (b as any)[k], `${path}.${k}`);
  }
  return path;
}

// ------------------------------------------------------------------ export

/**
 * The game as one file for `a`'s reader. Before the end only the moderator may export it (they see
 * everything, but not the seed, which no one sees before the end); once over, anyone who may read
 * the game, with the seed, the orders of every adjudicated phase and addresses as they may see them.
 */
export async function exportGame(ctx: Ctx, a: Access) {
  const g = a.game;
  const over = g.status === 'finished';
  if (!over && a.viewer.kind !== 'moderator')
    throw forbidden(
      'Until the game is over only its moderator may export it: the file holds what the players may not see yet. Once it is over, anyone who may read the game may export it, with its seed.',
    );
  const phases = await ctx.db.phase.findMany({
    where: { gameId: g.id },
    orderBy: { seq: 'asc' },
    include: { submissions: { orderBy: { seq: 'asc' } } },
  });
  const position = (await startPosition(ctx, g.id)) ?? null;
  const keep = readerAddresses(a);
  const people = peopleOf(g);
  const nameOf = (accountId: string) => {
    const p = people.get(accountId);
    if (!p) return null;
    return keep === null || keep.some((e) => e.toLowerCase() === p.email.toLowerCase())
      ? p.email
      : (p.name ?? redactFor(p.email, keep));
  };
  return {
    format: FORMAT,
    version: FORMAT_VERSION,
    exportedAt: ctx.clock.now().toISOString(),
    source: `${ctx.config.publicUrl}/games/${g.id}`,
    /** `engine`: each phase's state as the engine keeps it (the game is over); `moderator-view`: what the moderator sees of it. */
    states: over ? ('engine' as const) : ('moderator-view' as const),
    game: {
      name: g.name,
      variant: g.variant,
      scenario: g.scenario,
      options: g.options as Record<string, unknown>,
      status: g.status,
      nmrPolicy: g.nmrPolicy,
      deadlines: g.deadlines as Record<string, unknown>,
      voteRules: g.voteRules as Record<string, unknown>,
      createdAt: g.createdAt.toISOString(),
      startedAt: g.startedAt?.toISOString() ?? null,
      endedAt: g.endedAt?.toISOString() ?? null,
      outcome: (g.outcome as Record<string, unknown> | null) ?? null,
      seedHash: g.seedHash,
      seed: over ? g.seed : null,
      moderator: nameOf(g.moderatorId) ?? g.moderator.name ?? 'the moderator',
    },
    start: position === null ? null : { position: position as Record<string, unknown> },
    players: g.players
      .filter((p) => p.role)
      .map((p) => ({
        role: p.role!,
        roleName: roleNameOf(g, p.role!),
        name: nameOf(p.accountId) ?? 'someone',
        status: p.status,
        missedPhases: p.missedPhases,
      })),
    phases: phases.map((p) => ({
      seq: p.seq,
      key: p.key,
      label: p.label,
      type: p.type,
      year: p.year,
      status: p.status,
      openedAt: p.openedAt.toISOString(),
      deadlineAt: p.deadlineAt?.toISOString() ?? null,
      resolvedAt: p.resolvedAt?.toISOString() ?? null,
      expected: p.expected,
      missed: p.missed,
      // The engine's state carries the seed and what nobody sees yet (a deck's order): until the
      // end the file has the moderator's view of each position instead, and cannot be replayed.
      state: over ? p.state : (a.module.view(p.state as any, { kind: 'moderator' }) as Record<string, unknown>),
      report: p.report ?? null,
      // The orders that were played, as the reader may read them (privacy.ts): never those of a
      // phase not resolved (sealed, or left unplayed at the end), not even the reader's own.
      orders:
        p.status !== 'adjudicated'
          ? []
          : p.submissions.flatMap((s) => {
              const shown = submissionFor(a.module, p, s, a.viewer, over);
              if (!shown || shown.receipt === null) return [];
              return [
                {
                  role: s.role,
                  lines: s.lines as string[],
                  readings: s.readings as unknown[],
                  accepted: s.accepted,
                  receipt: s.receipt,
                  submittedAt: s.createdAt.toISOString(),
                  late: s.late,
                  superseded: s.supersededAt !== null,
                },
              ];
            }),
    })),
    events: (await eventsFor(ctx, g.id, a)).map((e) => ({
      kind: e.kind,
      text: e.text,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

// ------------------------------------------------------------------ import

const Iso = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 time' });
const Text = (max: number) => z.string().max(max);
/** An engine's JSON (every engine's reports and accepted orders are objects, or null). */
const Json = z.record(z.string(), z.unknown()).nullable();

const FileOrder = z.object({
  role: Text(100),
  lines: z.array(Text(2000)).max(1000),
  readings: z.array(z.unknown()).max(1000),
  accepted: Json,
  receipt: Text(200),
  submittedAt: Iso,
  late: z.boolean().optional(),
  superseded: z.boolean().optional(),
});

const FilePhase = z.object({
  seq: z.number().int().min(1).max(1_000_000),
  key: Text(200),
  label: Text(200),
  type: Text(50),
  year: z.number().int().min(-1_000_000).max(1_000_000).nullable(),
  status: z.enum(['adjudicated', 'skipped', 'final', 'rolled_back', 'open']),
  openedAt: Iso,
  deadlineAt: Iso.nullable(),
  resolvedAt: Iso.nullable(),
  expected: z.array(Text(100)).max(100),
  missed: z.array(Text(100)).max(100),
  state: z.record(z.string(), z.unknown()),
  report: Json,
  orders: z.array(FileOrder).max(500),
});

export const GameFile = z.object({
  format: z.literal(FORMAT, { message: `must be "${FORMAT}" (a file written by GET /games/{id}/export)` }),
  version: z.literal(FORMAT_VERSION, { message: `must be ${FORMAT_VERSION}` }),
  exportedAt: Iso.optional(),
  source: Text(2000).optional(),
  states: z.enum(['engine', 'moderator-view']).default('engine'),
  game: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((s) => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(s), { message: 'must be one line of printable text' }),
    variant: Text(50),
    scenario: Text(100),
    options: z.record(z.string(), z.unknown()).default({}),
    status: Text(20),
    nmrPolicy: z.enum(['hold', 'wait']).default('hold'),
    deadlines: z.record(z.string(), z.unknown()).optional(),
    voteRules: z
      .object({
        draw: z.enum(['survivors', 'all', 'moderator']).default('survivors'),
        visibility: z.enum(['secret', 'public']).default('secret'),
      })
      .default({ draw: 'survivors', visibility: 'secret' }),
    createdAt: Iso.optional(),
    startedAt: Iso.nullable().optional(),
    endedAt: Iso.nullable().optional(),
    outcome: z
      .object({ kind: Text(20), winners: z.array(Text(100)).max(100), text: Text(2000) })
      .passthrough()
      .nullable(),
    seedHash: z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be the SHA-256 of the seed in hex' }),
    seed: z.string().min(1).max(200).nullable(),
    moderator: Text(300).optional(),
  }),
  start: z
    .object({ position: z.record(z.string(), z.unknown()) })
    .nullable()
    .optional(),
  players: z
    .array(
      z.object({
        role: Text(100),
        roleName: Text(200).optional(),
        name: Text(300),
        status: Text(20),
        missedPhases: z.number().int().min(0).max(1_000_000).optional(),
      }),
    )
    .max(200)
    .default([]),
  phases: z
    .array(FilePhase)
    .min(1, { message: 'a game has at least one phase' })
    .max(MAX_IMPORT_PHASES, { message: `at most ${MAX_IMPORT_PHASES} phases` }),
  events: z
    .array(z.object({ kind: Text(50), text: Text(10_000), createdAt: Iso }))
    .max(20_000)
    .default([]),
});
export type GameFile = z.infer<typeof GameFile>;

/** A file that does not replay: the first phase (and field) at fault. */
function differs(file: GameFile, index: number, field: string, what: string): AppError {
  const p = file.phases[index]!;
  return unprocessable(
    `The file does not replay: phase ${p.seq} (${p.label}): ${what}. Nothing was imported.`,
    [{ field: `body.phases.${index}${field ? `.${field}` : ''}`, message: what }],
    { phase: { index, seq: p.seq, key: p.key, label: p.label } },
  );
}

/** The engine threw on what the file holds: a 422 naming the phase, never a 500. */
function engine<T>(file: GameFile, index: number, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw differs(
      file,
      index,
      'state',
      `the game's engine could not play this phase (${(err as Error)?.message ?? err})`,
    );
  }
}

/**
 * Replay the file from its seed: the set-up (or the position it started from), then every phase
 * played (rolled-back ones are the record of what was undone, not replayed), each order re-read
 * from its lines and each report and next state compared with the file's. Throws a 422 naming the
 * first phase and field that differ. Every state is put in jsonb's key order first, as the service
 * reads it before resolving.
 */
export function verifyFile(
  file: GameFile,
  module: GameModule,
): {
  played: number[];
  outcome: Record<string, unknown>;
  readings: Map<string, unknown[]>;
  missed: Map<number, string[]>;
} {
  const g = file.game;
  const seed = g.seed!;
  const played = file.phases.map((p, i) => ({ p, i })).filter(({ p }) => p.status !== 'rolled_back');
  if (played.length === 0)
    throw badRequest('The file has no phase that was played (all are rolled back).', [
      { field: 'body.phases', message: 'no phase played' },
    ]);
  const legacy = usesLegacyStream(played[0]!.p.state);
  const run = <T>(f: () => T): T => (legacy ? withLegacyStreams(f) : f());
  // How this judge reads each order (`phase.order`), and who missed each phase: kept instead of the
  // file's, so nothing an archive shows is unchecked but times, receipts and the events' text.
  const readings = new Map<string, unknown[]>();
  const missed = new Map<number, string[]>();
  let state: unknown;
  try {
    state = run(() =>
      initialState(
        module,
        { seed, scenario: g.scenario, options: g.options, variant: g.variant },
        file.start?.position,
        'body.start.position',
      ),
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof DataError)
      throw badRequest(
        `The engine refused the game's options: ${err.message}`,
        err.issues.map((i) => ({ field: ['body', 'game', 'options', ...i.path].join('.'), message: i.message })),
      );
    throw badRequest(`The engine refused the game's options: ${(err as Error)?.message ?? err}`, [
      { field: 'body.game.options', message: String((err as Error)?.message ?? err) },
    ]);
  }
  for (const [n, { p, i }] of played.entries()) {
    const here = asJsonb(p.state) as unknown;
    if (!same(state, here))
      throw differs(
        file,
        i,
        firstDifference(asJsonb(state), here, 'state'),
        'the state at the start of the phase is not the one the replay reaches',
      );
    const info = engine(file, i, () => module.phase(here));
    for (const f of ['key', 'label', 'type'] as const)
      if (info[f] !== p[f])
        throw differs(
          file,
          i,
          f,
          `the engine calls this phase ${JSON.stringify(info[f])}, the file ${JSON.stringify(p[f])}`,
        );
    const last = n === played.length - 1;
    if (p.status === 'final') {
      if (p.orders.length) throw differs(file, i, 'orders', 'the final position was not played: it has no orders');
      if (!last) throw differs(file, i, 'status', 'a final phase is the last one played');
      break;
    }
    if (p.status === 'open') throw differs(file, i, 'status', 'a finished game has no open phase');
    if (last)
      throw differs(file, i, 'status', 'the last phase of a finished game is its final position (status "final")');
    const expected = engine(file, i, () => module.expectedRoles(here));
    if (!same([...expected].sort(), [...p.expected].sort()))
      throw differs(file, i, 'expected', `the engine expects orders from ${expected.join(', ') || 'nobody'}`);
    const subs: Record<string, unknown> = {};
    if (p.status === 'adjudicated') {
      for (const [j, o] of p.orders.entries()) {
        const read = engine(file, i, () => module.readSubmission(here, o.role, o.lines));
        if (!same(read.accepted, o.accepted))
          throw differs(
            file,
            i,
            `orders.${j}.lines`,
            `${o.role}'s orders as written do not read as the orders the file says were accepted`,
          );
        readings.set(`${i}.${j}`, read.lines);
        if (!o.superseded) subs[o.role] = asJsonb(o.accepted);
      }
      // As the judge counts them (phases.ts, missedBy): expected, and no lines in force.
      const lines = new Map<string, number>();
      for (const o of p.orders) if (!o.superseded) lines.set(o.role, o.lines.length);
      missed.set(
        i,
        p.expected.filter((r) => !lines.get(r)),
      );
    } else if (p.orders.length) throw differs(file, i, 'orders', 'a phase played without choices has no orders');
    const r = engine(file, i, () => run(() => module.resolve(here, subs)));
    if (!same(r.report, p.report))
      throw differs(
        file,
        i,
        firstDifference(asJsonb(r.report), asJsonb(p.report), 'report'),
        'the report is not the one the replay gives',
      );
    state = r.state;
  }
  const final = asJsonb(played[played.length - 1]!.p.state);
  const roles = new Set(scenarioRoles(module, g.scenario));
  const decided = engine(file, played[played.length - 1]!.i, () => module.outcome(final));
  const outcome = g.outcome;
  if (!outcome)
    throw badRequest('A finished game has an outcome.', [{ field: 'body.game.outcome', message: 'missing' }]);
  if (decided) {
    if (!same(decided, outcome))
      throw unprocessable(
        `The file does not replay: the engine's outcome is "${decided.text}", the file's "${outcome.text}". Nothing was imported.`,
        [{ field: 'body.game.outcome', message: "differs from the engine's" }],
      );
  } else {
    // Ended by its moderator (an end or a draw): the moderator's word, with the game's powers.
    if (!['ended', 'draw'].includes(outcome.kind))
      throw unprocessable(
        'The final position has no outcome of the engine; a game over without one was ended by its moderator (kind "ended" or "draw").',
        [{ field: 'body.game.outcome.kind', message: "not the engine's outcome" }],
      );
    const bad = outcome.winners.filter((w) => !roles.has(w));
    if (bad.length)
      throw badRequest(`Not powers of this scenario: ${bad.join(', ')}.`, [
        { field: 'body.game.outcome.winners', message: 'unknown power' },
      ]);
  }
  return { played: played.map(({ i }) => i), outcome: asStored(outcome) as Record<string, unknown>, readings, missed };
}

const PERSON = /\{person:[^}]*\}/g;

/**
 * Import a finished game from a file (GET /games/{id}/export on any judge): replayed first, then
 * kept as an archive whose moderator is the importer. It is finished, so read-only: no phase is
 * open, nothing can be ordered, rolled back or reassigned. Returns the new game's id.
 */
export async function importGame(
  ctx: Ctx,
  accountId: string,
  raw: unknown,
): Promise<{ id: string; phases: number; rolledBack: number }> {
  const since = new Date(ctx.clock.now().getTime() - 86_400_000);
  const recent = await ctx.db.game.count({
    where: { moderatorId: accountId, createdAt: { gte: since }, events: { some: { kind: 'imported' } } },
  });
  if (recent >= IMPORTS_PER_DAY)
    throw tooMany(
      `You imported ${recent} games in the last 24 hours; at most ${IMPORTS_PER_DAY} a day. Nothing was imported.`,
      3600,
    );
  const parsed = GameFile.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 20);
    throw badRequest(
      `This is not a game file kahu can import: ${issues
        .map((i) => `${['body', ...i.path.map(String)].join('.')}: ${i.message}`)
        .slice(0, 3)
        .join('; ')}.`,
      issues.map((i) => ({ field: ['body', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  const file = parsed.data;
  const g = file.game;
  if (g.status !== 'finished' || g.seed === null || file.states !== 'engine')
    throw unprocessable(
      'Only a finished game can be imported, with its seed (published when it ended): a game still running is taken over with POST /games/{id}/start-from-position instead.',
      [{ field: g.status !== 'finished' ? 'body.game.status' : 'body.game.seed', message: 'the game is not over' }],
    );
  const module = gameModule(g.variant);
  if (!module)
    throw badRequest(`Unknown variant "${g.variant}".`, [{ field: 'body.game.variant', message: 'unknown variant' }]);
  if (!module.scenarios.some((s) => s.id === g.scenario))
    throw badRequest(`Variant "${g.variant}" has no scenario "${g.scenario}".`, [
      { field: 'body.game.scenario', message: 'unknown scenario' },
    ]);
  if (seedHash(g.seed) !== g.seedHash)
    throw unprocessable('The seed is not the one announced at the start: its SHA-256 is not the seed hash.', [
      { field: 'body.game.seed', message: 'does not match body.game.seedHash' },
    ]);
  for (let i = 1; i < file.phases.length; i++)
    if (file.phases[i]!.seq <= file.phases[i - 1]!.seq)
      throw badRequest('The phases must be in the order they were played, each with a larger seq.', [
        { field: `body.phases.${i}.seq`, message: 'not after the phase before' },
      ]);
  let policy: ReturnType<typeof parsePolicy>;
  try {
    policy = parsePolicy(g.variant, g.deadlines);
  } catch (err) {
    if (err instanceof AppError)
      throw badRequest(
        err.message,
        err.errors?.map((e) => ({ ...e, field: e.field?.replace(/^body\.deadlines/, 'body.game.deadlines') })),
      );
    throw err;
  }
  const { played, outcome, readings, missed } = verifyFile(file, module);
  const now = ctx.clock.now();
  const at = (s: string | null | undefined, fallback: Date | null) => (s ? new Date(s) : fallback);
  const importer = await ctx.db.account.findUniqueOrThrow({ where: { id: accountId } });
  const id = await ctx.db.$transaction(
    async (tx) => {
      const game = await tx.game.create({
        data: {
          name: g.name,
          variant: module.id,
          scenario: g.scenario,
          options: g.options as any,
          status: 'finished',
          openJoin: false,
          public: false,
          nmrPolicy: g.nmrPolicy,
          deadlines: policy as any,
          voteRules: g.voteRules,
          seed: g.seed!,
          seedHash: g.seedHash,
          moderatorId: accountId,
          createdAt: now,
          startedAt: at(g.startedAt, null),
          endedAt: at(g.endedAt, now),
          outcome: outcome as any,
        },
      });
      const rows = played.map((i) => ({ id: crypto.randomUUID(), i, p: file.phases[i]! }));
      await tx.phase.createMany({
        data: rows.map(({ id, i, p }) => ({
          id,
          gameId: game.id,
          seq: p.seq,
          key: p.key,
          label: p.label,
          type: p.type,
          year: p.year,
          state: asStored(p.state) as any,
          status: p.status,
          openedAt: new Date(p.openedAt),
          deadlineAt: at(p.deadlineAt, null),
          resolvedAt: at(p.resolvedAt, null),
          report: (p.report === null ? undefined : asStored(p.report)) as any,
          expected: p.expected,
          missed: missed.get(i) ?? [],
        })),
      });
      await tx.submission.createMany({
        data: rows.flatMap(({ id, i, p }) =>
          p.orders.map((o, j) => ({
            phaseId: id,
            role: o.role,
            accountId,
            lines: o.lines,
            readings: (readings.get(`${i}.${j}`) ?? o.readings) as any,
            accepted: asStored(o.accepted) as any,
            receipt: o.receipt,
            createdAt: new Date(o.submittedAt),
            supersededAt: o.superseded ? new Date(o.submittedAt) : null,
            late: o.late ?? false,
          })),
        ),
      });
      // The other judge's events, as text: a {person:...} there named its own accounts, not ours.
      await tx.gameEvent.createMany({
        data: file.events.map((e) => ({
          gameId: game.id,
          kind: e.kind,
          text: e.text.replace(PERSON, 'someone'),
          data:
            e.kind === 'started' && file.start?.position !== undefined && file.start !== null
              ? { position: asStored(file.start.position) as any }
              : {},
          createdAt: new Date(e.createdAt),
        })),
      });
      const rolledBack = file.phases.length - played.length;
      const from = file.source ? ` from ${file.source.replace(/\s+/g, ' ').slice(0, 300)}` : '';
      const players = file.players
        .filter((p) => p.status === 'playing')
        .map((p) => `${p.roleName ?? p.role} ${p.name.replace(PERSON, 'someone')}`)
        .join(', ');
      await tx.gameEvent.create({
        data: {
          gameId: game.id,
          kind: 'imported',
          actorId: accountId,
          createdAt: now,
          text: `${personRef(importer.id)} imported this finished game${from}: an archive, read-only. Its ${played.length} phase(s) were replayed from the seed and the orders as written, and gave the same positions and reports${rolledBack ? `; ${rolledBack} rolled-back phase(s) were left out` : ''}.${players ? ` Players there: ${players}.` : ''}`,
          data: {
            source: file.source ?? null,
            exportedAt: file.exportedAt ?? null,
            phases: played.length,
            rolledBack,
            ...(file.start?.position !== undefined && file.start !== null
              ? { position: asStored(file.start.position) as any }
              : {}),
          },
        },
      });
      return game.id;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  return { id, phases: played.length, rolledBack: file.phases.length - played.length };
}
