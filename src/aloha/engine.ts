// Aloha, the Spirit of Hawaii (v3.1) as a pure engine: state + one player's action (+ the seeded
// random stream in the state) in, state + report out. The game is played in turn order, one
// decision at a time: every decision is its own phase for the one player who makes it (Rally the
// Troops' model), unless the player queued it in advance (playTurn). Rule decisions and
// reconstructions are listed in docs/aloha.md. Each action kind is a module of actions/ (problem,
// apply, options, describe), dispatched through their table; stages.ts plays the automatic steps.
import { kindOf } from '../contract/action-kind.ts';
import { DataError } from '../contract/data-error.ts';
import { randomInt, seedRandom } from '../contract/random.ts';
import { ACTIONS, DECISION_KINDS, type Action } from './actions/index.ts';
import { ALOHA, ISLANDS, loadAlohaData, type AlohaData, type Island } from './data.ts';
import { advance } from './stages.ts';
import {
  current,
  decisionVerb,
  MAX_QUEUED,
  ROLES,
  STAGE_NAMES,
  type AlohaState,
  type AlohaSubmission,
  type QueuedAction,
} from './state.ts';

export type { Action, ConvertStep } from './actions/index.ts';
export * from './state.ts';

function emptyIslands(roles: string[]): Record<Island, Record<string, number>> {
  return Object.fromEntries(ISLANDS.map((i) => [i, Object.fromEntries(roles.map((r) => [r, 0]))])) as Record<
    Island,
    Record<string, number>
  >;
}

/** The `components` option read; its faults named from the game's options (components.royalCards.0.name). */
function componentsOption(raw: unknown): AlohaData {
  try {
    return loadAlohaData(raw);
  } catch (e) {
    throw e instanceof DataError ? e.under(['components']) : e;
  }
}

/** A new game: a random first player, then clockwise; each player settles an island in turn. */
export function setupAloha(seed: string, players: number, components?: unknown): AlohaState {
  if (!Number.isInteger(players) || players < 2 || players > 4) throw new Error('Aloha is for 2 to 4 players');
  const data = components === undefined ? undefined : componentsOption(components);
  const rng = seedRandom(seed, 'aloha');
  const seats = ROLES.slice(0, players);
  const first = randomInt(rng, players);
  const roles = [...seats.slice(first), ...seats.slice(0, first)];
  const d = data ?? ALOHA;
  return {
    game: 'aloha',
    seed,
    rng,
    ...(data ? { data } : {}),
    roles,
    stage: 'prologue',
    decision: 'settle',
    queue: [...roles],
    players: Object.fromEntries(
      roles.map((r) => [
        r,
        { score: 0, pool: d.pureHawaiianTokens, aloha: 0, commerce: 0, warriors: 0, homeRule: 0, cards: [] },
      ]),
    ),
    board: emptyIslands(roles),
    actionTokens: emptyIslands(roles),
    king: null,
    faceUp: [],
    deck: [],
    discard: [],
    order: [...roles],
    cursor: -1,
    firstLast: roles[0]!,
    seq: 0,
    result: null,
    scoreLog: [],
  };
}

// ---- Legal actions

/** Every legal action of the player who decides now (empty for anyone else), in a fixed order: the first is the default. */
export function legalActions(s: AlohaState, role: string): Action[] {
  const cur = current(s);
  if (!cur || cur.role !== role) return [];
  return DECISION_KINDS[cur.decision].flatMap((k) =>
    (ACTIONS[k] as unknown as { options(s: AlohaState, role: string): Action[] }).options(s, role),
  );
}

/** Whether `a` is legal now for `role` (the same test the options list uses, without listing every migration). */
export function isLegal(s: AlohaState, role: string, a: Action): string | null {
  const cur = current(s);
  if (!cur) return 'the game is over';
  if (cur.role !== role) return `it is ${cur.role}'s turn, not ${role}'s`;
  if (!DECISION_KINDS[cur.decision].includes(a.kind)) return `now ${role} must ${decisionVerb(cur.decision)}`;
  return kindOf(ACTIONS, a).problem(s, role, a);
}

export function describe(s: AlohaState, a: Action): string {
  return kindOf(ACTIONS, a).describe(s, a);
}

// ---- Applying an action, then playing every automatic step up to the next decision

/** The deciding player's action; their decision is made. */
function apply(s: AlohaState, role: string, a: Action, lines: string[]): void {
  kindOf(ACTIONS, a).apply(s, role, a, lines);
  s.queue.shift();
}

export interface AlohaReport {
  stage: string;
  lines: string[];
  /** Lines for one player only (and the moderator): what became of that player's queued actions. */
  private?: Record<string, string[]>;
}

const clone = (s: AlohaState): AlohaState => JSON.parse(JSON.stringify(s));

/** Apply the deciding player's action (null: the documented default, the first legal action) and advance. */
export function act(state: AlohaState, action: Action | null): { state: AlohaState; report: AlohaReport } {
  const s = clone(state);
  const cur = current(s);
  const lines: string[] = [];
  const stageName = STAGE_NAMES[s.stage];
  if (!cur) return { state: s, report: { stage: stageName, lines: ['The game is over.'] } };
  const role = cur.role;
  let a = action;
  if (a && isLegal(s, role, a)) a = null;
  if (!a) {
    a = cur.decision === 'convert' ? { kind: 'convert', steps: [] } : legalActions(s, role)[0]!;
    lines.push(
      `${role} gave no ${cur.decision === 'action' ? 'action' : 'decision'} in time: by default, ${describe(s, a)}.`,
    );
  }
  s.seq++;
  apply(s, role, a, lines);
  advance(s, lines);
  return { state: s, report: { stage: stageName, lines } };
}

/**
 * What changed, besides a player's own action, that the holders of queued actions did not see: a
 * card turned up, the step or the stage ended (null: nothing but the action itself).
 */
function unforeseen(before: AlohaState, after: AlohaState): string | null {
  if (after.stage !== before.stage)
    return after.stage === 'over' ? 'the game ended' : `${STAGE_NAMES[before.stage]} ended`;
  if (after.decision !== before.decision)
    return before.decision === 'settle'
      ? 'the Polynesian Migration ended'
      : before.decision === 'king'
        ? 'the Actions were distributed and four Event cards turned up'
        : 'the step ended';
  if (after.deck.length !== before.deck.length) return 'an Event card turned up';
  return null;
}

const quoteAll = (q: QueuedAction[]) => q.map((x) => `"${x.text}"`).join(', ');

/**
 * Resolve a phase: the deciding player's action (none: the default), then, decision after
 * decision, the actions a player queued in advance, as long as nothing has happened since they
 * were given but that player's own actions (docs/aloha.md, "Queued actions"). A queue is dropped
 * as soon as another player acts, a card turns up or a stage ends; a queued action that is no
 * longer legal is not applied and the decision is the player's, with the phase's deadline. Each
 * player is told, in lines only that player (and the moderator) reads, what became of the queue.
 */
export function playTurn(
  state: AlohaState,
  submissions: Record<string, unknown>,
): { state: AlohaState; report: AlohaReport } {
  const cur = current(state);
  if (!cur) return act(state, null);
  // Queues given in this phase replace the ones held; they were read against this very state.
  const queued: Record<string, QueuedAction[]> = { ...(state.queued ?? {}) };
  let now: Action | null = null;
  for (const [role, sub] of Object.entries(submissions)) {
    if (!state.roles.includes(role) || !sub || typeof sub !== 'object') continue;
    const x = sub as AlohaSubmission;
    if (x.kind === 'queue') {
      queued[role] = (x.queued ?? []).slice(0, MAX_QUEUED);
      if (role === cur.role) now = x.now;
    } else if (role === cur.role) {
      now = x;
      queued[role] = [];
    }
  }
  const lines: string[] = [];
  const priv: Record<string, string[]> = {};
  const tell = (role: string, text: string) => (priv[role] ??= []).push(text);
  let s = state;
  let role = cur.role;
  let a: Action | null = now;
  for (;;) {
    const before = s;
    const out = act(s, a);
    lines.push(...out.report.lines);
    s = out.state;
    const what = unforeseen(before, s);
    const did = a && !isLegal(before, role, a) ? describe(before, a) : 'the default';
    for (const [q, list] of Object.entries(queued)) {
      if (!list.length) continue;
      const why = q !== role ? `${role} acted (${did}) since you gave ${list.length > 1 ? 'them' : 'it'}` : what;
      if (!why) continue;
      tell(
        q,
        `Your queued action${list.length > 1 ? 's' : ''} ${quoteAll(list)} ${list.length > 1 ? 'were' : 'was'} dropped: ${why}.`,
      );
      queued[q] = [];
    }
    const next = current(s);
    const mine = next ? (queued[next.role] ?? []) : [];
    if (!next || !mine.length) break;
    const [head, ...rest] = mine;
    // A queued "pass" in the Epilogue is converting nothing.
    const want: Action =
      next.decision === 'convert' && head!.action.kind === 'pass' ? { kind: 'convert', steps: [] } : head!.action;
    const problem = isLegal(s, next.role, want);
    if (problem) {
      tell(
        next.role,
        `Your queued action "${head!.text}" was not applied: ${problem}.${rest.length ? ` The rest of your queue (${quoteAll(rest)}) was dropped with it.` : ''} The decision is yours: ${decisionVerb(next.decision)}.`,
      );
      queued[next.role] = [];
      break;
    }
    tell(
      next.role,
      `Your queued action "${head!.text}" was applied${rest.length ? `; still queued: ${quoteAll(rest)}` : ''}.`,
    );
    lines.push(`${next.role} plays an action queued in advance: ${describe(s, want)}.`);
    queued[next.role] = rest;
    role = next.role;
    a = want;
  }
  const held = Object.fromEntries(Object.entries(queued).filter(([, q]) => q.length));
  if (Object.keys(held).length) s.queued = held;
  else delete s.queued;
  const report: AlohaReport = { stage: STAGE_NAMES[state.stage], lines };
  if (Object.keys(priv).length) report.private = priv;
  return { state: s, report };
}
