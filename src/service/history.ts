// History and replay. Positions and reports go through the engine's view / formatReport with the
// reader's Viewer. Orders of a phase stay sealed until it is adjudicated.
import type { Phase, Submission } from '../db/generated/client.ts';
import { usesLegacyStream, withLegacyStreams } from '../contract/random.ts';
import type { GameModule, Viewer } from '../contract/types.ts';
import { loadGame, moduleOf, type Access } from './access.ts';
import type { Ctx } from './context.ts';
import { notFound } from './errors.ts';
import { asStored, initialState } from './phases.ts';
import { personIds, redactFor, renderPeople, submissionFor, visibleAddresses } from './privacy.ts';

/** Centre counts when the engine's view shows centre ownership as { centre: owner }. */
export function centreCounts(view: unknown): Record<string, number> | null {
  const v = view as
    | { centerCounts?: unknown; supplyCenters?: unknown; centres?: unknown; centers?: unknown }
    | null
    | undefined;
  if (v?.centerCounts && typeof v.centerCounts === 'object') return v.centerCounts as Record<string, number>;
  const sc = v?.supplyCenters ?? v?.centres ?? v?.centers;
  if (!sc || typeof sc !== 'object' || Array.isArray(sc)) return null;
  const counts: Record<string, number> = {};
  for (const owner of Object.values(sc)) if (typeof owner === 'string') counts[owner] = (counts[owner] ?? 0) + 1;
  return counts;
}

function phaseEntry(
  module: GameModule,
  phase: Phase,
  subs: Submission[],
  viewer: Viewer,
  gameOver: boolean,
  detail: boolean,
) {
  const view = module.view(phase.state, viewer) as Record<string, unknown>;
  const last = new Map<string, Submission>();
  // The orders that counted: a submission superseded by the removal or replacement of its player did not.
  for (const s of [...subs].sort((a, b) => a.seq - b.seq)) if (s.supersededAt === null) last.set(s.role, s);
  const latest = [...last.values()];
  const orders = latest.map((s) => submissionFor(module, phase, s, viewer, gameOver)).filter((o) => o !== null);
  return {
    seq: phase.seq,
    key: phase.key,
    label: phase.label,
    type: phase.type,
    year: phase.year,
    status: phase.status,
    openedAt: phase.openedAt,
    deadlineAt: phase.deadlineAt,
    resolvedAt: phase.resolvedAt,
    missed: phase.status === 'adjudicated' ? phase.missed : [],
    centres: centreCounts(view),
    orders,
    report: phase.report !== null && phase.report !== undefined ? module.formatReport(phase.report, viewer) : null,
    ...(detail
      ? {
          view,
          position: module.formatPosition(phase.state, viewer),
          reportData:
            phase.report !== null && viewer.kind === 'moderator'
              ? (phase.report as Record<string, unknown>)
              : undefined,
        }
      : {}),
  };
}

export const HISTORY_PAGE = 100;

/** The phases after `after` (a seq), at most `limit`; `next` is the seq to ask after for more, or null. */
export async function history(
  ctx: Ctx,
  a: Access,
  opts: { includeRolledBack?: boolean; after?: number; limit?: number } = {},
) {
  const limit = Math.min(opts.limit ?? HISTORY_PAGE, HISTORY_PAGE);
  const phases = await ctx.db.phase.findMany({
    where: {
      gameId: a.game.id,
      seq: { gt: opts.after ?? 0 },
      ...(opts.includeRolledBack ? {} : { status: { not: 'rolled_back' } }),
    },
    orderBy: { seq: 'asc' },
    take: limit + 1,
    include: { submissions: { orderBy: { createdAt: 'asc' } } },
  });
  const over = a.game.status === 'finished';
  const page = phases.slice(0, limit);
  return {
    phases: page.map((p) => phaseEntry(a.module, p, p.submissions, a.viewer, over, false)),
    next: phases.length > limit ? page[page.length - 1]!.seq : null,
  };
}

export async function phaseDetail(ctx: Ctx, a: Access, seq: number) {
  const p = await ctx.db.phase.findUnique({
    where: { gameId_seq: { gameId: a.game.id, seq } },
    include: { submissions: { orderBy: { createdAt: 'asc' } } },
  });
  if (!p) throw notFound(`This game has no phase ${seq}.`);
  return phaseEntry(a.module, p, p.submissions, a.viewer, a.game.status === 'finished', true);
}

/** The game's events (those of a time window, `after` < createdAt ≤ `until`); addresses the reader may not see are redacted (see privacy.ts). */
export async function events(ctx: Ctx, gameId: string, a?: Access, window?: { after: Date; until: Date }) {
  const rows = await ctx.db.gameEvent.findMany({
    where: { gameId, ...(window ? { createdAt: { gt: window.after, lte: window.until } } : {}) },
    orderBy: { seq: 'asc' },
    select: { id: true, kind: true, text: true, createdAt: true, actorId: true },
  });
  const ids = [...new Set(rows.flatMap((e) => personIds(e.text)))];
  const accounts = ids.length
    ? await ctx.db.account.findMany({ where: { id: { in: ids } }, select: { id: true, email: true, name: true } })
    : [];
  const people = new Map(accounts.map((x) => [x.id, { email: x.email, name: x.name }]));
  if (!a) return rows.map((e) => ({ ...e, text: renderPeople(e.text, people, null) }));
  const keep = readerAddresses(a);
  // Older events wrote addresses into the text: still redacted the old way.
  return rows.map((e) => ({ ...e, text: redactFor(renderPeople(e.text, people, keep), keep) }));
}

/** Addresses visible to the reader of an Access. */
export function readerAddresses(a: Access): string[] | null {
  const own = a.player?.account.email ?? null;
  return visibleAddresses({ kind: a.viewer.kind, email: own }, a.game.moderator.email);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => deepEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a as object).sort();
  const kb = Object.keys(b as object).sort();
  return (
    deepEqual(ka, kb) &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

export interface ReplayReport {
  ok: boolean;
  phases: number;
  mismatches: { seq: number; key: string; what: string }[];
}

/**
 * Replay a game from its seed and the recorded submissions (the last one of each power in each
 * phase), and compare every state and report with what was stored.
 */
/** Every phase, page by page (the email HISTORY list). */
export async function allHistory(ctx: Ctx, a: Access) {
  const out = [];
  for (let after = 0; ; ) {
    const page = await history(ctx, a, { after });
    out.push(...page.phases);
    if (page.next === null) return out;
    after = page.next;
  }
}

// A finished game never changes: its replay is computed once per process.
const finishedReplays = new Map<string, ReplayReport>();

export async function replay(ctx: Ctx, gameId: string): Promise<ReplayReport> {
  const game = await loadGame(ctx.db, gameId);
  const cached = game.status === 'finished' ? finishedReplays.get(gameId) : undefined;
  if (cached) return cached;
  const report = await replayNow(ctx, game);
  if (game.status === 'finished') {
    if (finishedReplays.size >= 1000) finishedReplays.delete(finishedReplays.keys().next().value!);
    finishedReplays.set(gameId, report);
  }
  return report;
}

/**
 * The position a game taken over from another judge started from, as its start recorded it (an
 * imported game keeps it with its 'imported' event too); undefined for a game begun at its set-up.
 */
export async function startPosition(ctx: Ctx, gameId: string): Promise<unknown> {
  const starts = await ctx.db.gameEvent.findMany({
    where: { gameId, kind: { in: ['started', 'imported'] } },
    orderBy: { seq: 'asc' },
    select: { data: true },
  });
  return starts.map((e) => (e.data as { position?: unknown } | null)?.position).find((x) => x !== undefined);
}

async function replayNow(ctx: Ctx, game: Awaited<ReturnType<typeof loadGame>>): Promise<ReplayReport> {
  const gameId = game.id;
  const module = moduleOf(game);
  const phases = await ctx.db.phase.findMany({
    where: { gameId, status: { not: 'rolled_back' } },
    orderBy: { seq: 'asc' },
    include: { submissions: { orderBy: { seq: 'asc' } } },
  });
  const mismatches: ReplayReport['mismatches'] = [];
  if (phases.length === 0) return { ok: true, phases: 0, mismatches };
  const position = await startPosition(ctx, gameId);
  const setup = () => initialState(module, game, position, 'position');
  // A game begun before the published stream keeps the old one (sfc32) to its end: its set-up and
  // every phase are recomputed with it (docs/service-rules.md "Fair dice").
  const legacy = usesLegacyStream(phases[0]!.state);
  const run = <T>(f: () => T): T => (legacy ? withLegacyStreams(f) : f());
  let state: unknown = run(setup);
  // A rollback reopens an earlier phase: its state is that phase's, which the chain reached before.
  for (const [i, p] of phases.entries()) {
    if (!deepEqual(asStored(state), p.state))
      mismatches.push({ seq: p.seq, key: p.key, what: 'state at the start of the phase differs' });
    if (p.status !== 'adjudicated' && p.status !== 'skipped') break;
    const subs: Record<string, unknown> = {};
    for (const s of p.submissions) if (s.supersededAt === null) subs[s.role] = s.accepted; // the last one still in force counts
    const r = run(() => module.resolve(p.state, p.status === 'skipped' ? {} : subs));
    if (!deepEqual(asStored(r.report), p.report)) mismatches.push({ seq: p.seq, key: p.key, what: 'report differs' });
    state = r.state;
    void i;
  }
  return { ok: mismatches.length === 0, phases: phases.length, mismatches };
}
