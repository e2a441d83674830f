// Aloha, the Spirit of Hawaii (v3.1) as a pure engine: state + one player's action (+ the seeded
// random stream in the state) in, state + report out. The game is played in turn order, one
// decision at a time: every decision is its own phase for the one player who makes it (Rally the
// Troops' model), unless the player queued it in advance (playTurn). Rule decisions and
// reconstructions are listed in docs/aloha.md.
import { DataError } from '../contract/data-error.ts';
import { d6, drawsSince, drawsText, nextDraw, randomInt, seedRandom, shuffle, type RandomState } from '../contract/random.ts';
import { ALOHA, ISLANDS, loadAlohaData, type AlohaData, type Amounts, type EventCard, type Island, type Resource } from './data.ts';

export type Stage = 'prologue' | 'chapter1' | 'chapter2' | 'chapter3' | 'epilogue' | 'over';
export type DecisionKind = 'settle' | 'action' | 'king' | 'convert';

export interface PlayerState {
  score: number;
  /** Pure Hawaiian tokens not on the board. */
  pool: number;
  aloha: number;
  commerce: number;
  warriors: number;
  homeRule: number;
  /** Royal Family (and Governor) cards held, by id. */
  cards: string[];
}

export type Action =
  | { kind: 'settle'; island: Island }
  | { kind: 'migrate'; count: number; from: Island; to: Island }
  | { kind: 'warrior'; island?: Island }
  | { kind: 'take'; island: Island }
  | { kind: 'event'; card: number; island?: Island }
  | { kind: 'king'; island: Island }
  | { kind: 'convert'; steps: ConvertStep[] }
  | { kind: 'pass' };

/** One action given in advance, with the line its player wrote. */
export interface QueuedAction { action: Action; text: string }

/**
 * What a player submits for a phase: the action now (the deciding player), or with the actions
 * for that player's next decisions queued behind it (any player: `now` is null for one who waits).
 */
export type AlohaSubmission = Action | { kind: 'queue'; now: Action | null; queued: QueuedAction[] };

/** At most this many actions may be queued: a player never has more Action tokens in a chapter. */
export const MAX_QUEUED = 15;

export interface ConvertStep { count: number; from: 'ph' | 'aloha' | 'commerce'; to: 'aloha' | 'commerce' | 'homeRule'; island?: Island }

export interface AlohaState {
  game: 'aloha';
  seed: string;
  rng: RandomState;
  /** A moderator's replacement components; absent: the shipped (unofficial) ones. */
  data?: AlohaData;
  /** Players in clockwise order, starting with the randomly drawn first player. */
  roles: string[];
  stage: Stage;
  decision: DecisionKind | null;
  /** Who decides now (the head) and, for the Prologue and Epilogue, who follows. */
  queue: string[];
  players: Record<string, PlayerState>;
  /** Pure Hawaiian tokens per island per player. */
  board: Record<Island, Record<string, number>>;
  /** Action tokens per island per player. */
  actionTokens: Record<Island, Record<string, number>>;
  /** The King (Queen from Chapter III) token's holder. */
  king: string | null;
  faceUp: string[];
  deck: string[];
  discard: string[];
  /** The chapter's turn order, and where in it the last action was. */
  order: string[];
  cursor: number;
  /** Who played first in the last round: the last tie breaker of the turn order. */
  firstLast: string | null;
  /** Decisions made so far (numbers the phases). */
  seq: number;
  result: { kind: 'victory' | 'tie'; winners: string[]; text: string } | null;
  /** Actions given in advance, per player, applied at that player's next decisions while nothing else has happened (docs/aloha.md). */
  queued?: Record<string, QueuedAction[]>;
  /** Every score change with its reason, so that a score can be checked against the Scoring Chart. */
  scoreLog: { role: string; points: number; why: string }[];
}

export const STAGE_NAMES: Record<Stage, string> = { prologue: 'Prologue', chapter1: 'Chapter I', chapter2: 'Chapter II', chapter3: 'Chapter III', epilogue: 'Epilogue', over: 'Game over' };
export const RESOURCE_NAMES: Record<Resource, string> = { ph: 'Pure Hawaiian', aloha: 'Aloha', commerce: 'Commerce', warriors: 'Warrior', homeRule: 'Home Rule' };
export const ROLES = ['Red', 'Yellow', 'Green', 'Blue'];

export const dataOf = (s: AlohaState): AlohaData => s.data ?? ALOHA;
export const cardById = (s: AlohaState, id: string): EventCard => dataOf(s).events.find((e) => e.id === id)!;
export const royalCard = (s: AlohaState, id: string) => dataOf(s).royalCards.find((c) => c.id === id)!;
export const onBoard = (s: AlohaState, role: string) => ISLANDS.reduce((n, i) => n + (s.board[i][role] ?? 0), 0);
export const tokensOf = (s: AlohaState, role: string) => ISLANDS.reduce((n, i) => n + (s.actionTokens[i][role] ?? 0), 0);
const chapterNo = (stage: Stage) => (stage === 'chapter1' ? 1 : stage === 'chapter2' ? 2 : stage === 'chapter3' ? 3 : 0);

function emptyIslands(roles: string[]): Record<Island, Record<string, number>> {
  return Object.fromEntries(ISLANDS.map((i) => [i, Object.fromEntries(roles.map((r) => [r, 0]))])) as Record<Island, Record<string, number>>;
}

/** The `components` option read; its faults named from the game's options (components.royalCards.0.name). */
function componentsOption(raw: unknown): AlohaData {
  try { return loadAlohaData(raw); } catch (e) { throw e instanceof DataError ? e.under(['components']) : e; }
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
    game: 'aloha', seed, rng, ...(data ? { data } : {}), roles, stage: 'prologue', decision: 'settle', queue: [...roles],
    players: Object.fromEntries(roles.map((r) => [r, { score: 0, pool: d.pureHawaiianTokens, aloha: 0, commerce: 0, warriors: 0, homeRule: 0, cards: [] }])),
    board: emptyIslands(roles), actionTokens: emptyIslands(roles), king: null, faceUp: [], deck: [], discard: [],
    order: [...roles], cursor: -1, firstLast: roles[0]!, seq: 0, result: null, scoreLog: [],
  };
}

export const current = (s: AlohaState): { role: string; decision: DecisionKind } | null =>
  s.decision && s.queue.length ? { role: s.queue[0]!, decision: s.decision } : null;

// ---- Legal actions

/** Every legal action of the player who decides now (empty for anyone else), in a fixed order: the first is the default. */
export function legalActions(s: AlohaState, role: string): Action[] {
  const cur = current(s);
  if (!cur || cur.role !== role) return [];
  const out: Action[] = [];
  const b = s.board;
  const tok = s.actionTokens;
  if (cur.decision === 'settle') {
    for (const i of ISLANDS) if (!s.roles.some((r) => b[i][r]! > 0)) out.push({ kind: 'settle', island: i });
    return out;
  }
  if (cur.decision === 'king') {
    for (const i of ISLANDS) if (b[i][role]! > 0) out.push({ kind: 'king', island: i });
    return out;
  }
  if (cur.decision === 'convert') return [{ kind: 'convert', steps: [] }];
  const prologue = s.stage === 'prologue';
  const ch = chapterNo(s.stage);
  const withToken = ISLANDS.filter((i) => tok[i][role]! > 0);
  if (!prologue) {
    for (const i of withToken) if (canTake(s, role, i)) out.push({ kind: 'take', island: i });
    s.faceUp.forEach((id, n) => {
      const c = cardById(s, id);
      if (c.calamity === 'played') { if (tok[c.impacts][role]! > 0) out.push({ kind: 'event', card: n + 1, island: c.impacts }); }
      else for (const i of c.active) if (tok[i][role]! > 0) out.push({ kind: 'event', card: n + 1, island: i });
    });
  }
  if (ch !== 3) {
    if (prologue) out.push({ kind: 'warrior' });
    else for (const i of withToken) out.push({ kind: 'warrior', island: i });
  }
  // Migration: in the Prologue from any island with tokens (the Action token is bookkeeping);
  // in the chapters only from an island where the player has an Action token.
  for (const from of ISLANDS) {
    const have = b[from][role]!;
    if (!have || (!prologue && !(tok[from][role]! > 0))) continue;
    for (const to of ISLANDS) if (to !== from) for (let n = 1; n <= have; n++) out.push({ kind: 'migrate', count: n, from, to });
  }
  if (!out.length) out.push({ kind: 'pass' });
  return out;
}

function canTake(s: AlohaState, role: string, island: Island): boolean {
  const gain = islandGain(s, island);
  if (gain.ph && s.players[role]!.pool < gain.ph) return false;
  return true;
}

function islandGain(s: AlohaState, island: Island): Amounts {
  const d = dataOf(s);
  return island === 'Hawaii' && s.stage === 'chapter3' ? d.chapter3HawaiiResource : d.islandResource[island] ?? {};
}

/** Whether `a` is legal now for `role` (the same test the options list uses, without listing every migration). */
export function isLegal(s: AlohaState, role: string, a: Action): string | null {
  const cur = current(s);
  if (!cur) return 'the game is over';
  if (cur.role !== role) return `it is ${cur.role}'s turn, not ${role}'s`;
  const want: Record<DecisionKind, Action['kind'][]> = { settle: ['settle'], king: ['king'], convert: ['convert'], action: ['migrate', 'warrior', 'take', 'event', 'pass'] };
  if (!want[cur.decision].includes(a.kind)) return `now ${role} must ${decisionVerb(cur.decision)}`;
  if (a.kind === 'convert') return convertProblem(s, role, a.steps);
  if (a.kind === 'migrate') {
    if (a.from === a.to) return 'tokens must migrate to another island';
    if (a.count < 1) return 'migrate at least one token';
    if ((s.board[a.from][role] ?? 0) < a.count) return `${role} has only ${s.board[a.from][role] ?? 0} Pure Hawaiian tokens on ${a.from}`;
    if (s.stage !== 'prologue' && !(s.actionTokens[a.from][role]! > 0)) return `migrating from ${a.from} needs an Action token on ${a.from}`;
    return null;
  }
  const legal = legalActions(s, role);
  if (a.kind === 'warrior' && s.stage !== 'prologue' && !a.island) {
    return legal.some((x) => x.kind === 'warrior') ? null : chapterNo(s.stage) === 3 ? 'Warriors are not available in Chapter III' : `${role} has no Action token left`;
  }
  if (a.kind === 'event' && !a.island) return legal.some((x) => x.kind === 'event' && x.card === a.card) ? null : eventProblem(s, role, a.card);
  if (legal.some((x) => sameAction(x, a))) return null;
  switch (a.kind) {
    case 'settle': return s.roles.some((r) => s.board[a.island][r]! > 0) ? `${a.island} is settled already: only one player per island` : 'not now';
    case 'king': return `the King token goes on an island where ${role} has Pure Hawaiian tokens`;
    case 'take': return !(s.actionTokens[a.island][role]! > 0) ? `taking the resource of ${a.island} needs an Action token on ${a.island}` : `${role} has no Pure Hawaiian token left in the pool`;
    case 'warrior': return chapterNo(s.stage) === 3 ? 'Warriors are not available in Chapter III' : `${role} has no Action token on ${a.island}`;
    case 'event': return eventProblem(s, role, a.card, a.island);
    case 'pass': return `${role} has a legal action and may not pass`;
  }
}

function eventProblem(s: AlohaState, role: string, n: number, island?: Island): string {
  const id = s.faceUp[n - 1];
  if (!id) return `there is no face-up Event card ${n} (there are ${s.faceUp.length})`;
  const c = cardById(s, id);
  if (c.calamity === 'played') return `playing ${c.title} needs an Action token on ${c.impacts}, the island it impacts`;
  if (island && !c.active.includes(island)) return `${c.title} is active on ${c.active.join(', ')}, not on ${island}`;
  return `${c.title} needs an Action token on an island where it is active (${c.active.join(', ')})`;
}

function convertProblem(s: AlohaState, role: string, steps: ConvertStep[]): string | null {
  const total = steps.reduce((n, x) => n + x.count, 0);
  if (total > 5) return `at most 5 resources may be converted, not ${total}`;
  const p = { ...s.players[role]! };
  const board = Object.fromEntries(ISLANDS.map((i) => [i, s.board[i][role] ?? 0])) as Record<Island, number>;
  for (const st of steps) {
    if (st.count < 1) return 'convert at least one';
    if (st.from === 'ph') {
      if (st.to === 'homeRule') return 'Pure Hawaiian tokens convert to Commerce or Aloha, not to Home Rule votes';
      const island = st.island ?? ISLANDS.find((i) => board[i] >= st.count);
      if (!island || board[island] < st.count) return `${role} has not ${st.count} Pure Hawaiian tokens on ${st.island ?? 'one island'}`;
      board[island] -= st.count;
    } else {
      if (st.to !== 'homeRule') return `${RESOURCE_NAMES[st.from]} converts to Home Rule votes only`;
      if (p[st.from] < st.count) return `${role} has only ${p[st.from]} ${RESOURCE_NAMES[st.from]}`;
      p[st.from] -= st.count;
    }
    if (st.to !== 'homeRule') p[st.to] += st.count;
  }
  return null;
}

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);
export const decisionVerb = (d: DecisionKind) => (d === 'settle' ? 'choose an island to settle' : d === 'king' ? 'place the King token' : d === 'convert' ? 'convert resources (or pass)' : 'take an action');

// ---- Applying an action, then playing every automatic step up to the next decision

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
    lines.push(`${role} gave no ${cur.decision === 'action' ? 'action' : 'decision'} in time: by default, ${describe(s, a)}.`);
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
  if (after.stage !== before.stage) return after.stage === 'over' ? 'the game ended' : `${STAGE_NAMES[before.stage]} ended`;
  if (after.decision !== before.decision) return before.decision === 'settle' ? 'the Polynesian Migration ended' : before.decision === 'king' ? 'the Actions were distributed and four Event cards turned up' : 'the step ended';
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
export function playTurn(state: AlohaState, submissions: Record<string, unknown>): { state: AlohaState; report: AlohaReport } {
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
      tell(q, `Your queued action${list.length > 1 ? 's' : ''} ${quoteAll(list)} ${list.length > 1 ? 'were' : 'was'} dropped: ${why}.`);
      queued[q] = [];
    }
    const next = current(s);
    const mine = next ? queued[next.role] ?? [] : [];
    if (!next || !mine.length) break;
    const [head, ...rest] = mine;
    // A queued "pass" in the Epilogue is converting nothing.
    const want: Action = next.decision === 'convert' && head!.action.kind === 'pass' ? { kind: 'convert', steps: [] } : head!.action;
    const problem = isLegal(s, next.role, want);
    if (problem) {
      tell(next.role, `Your queued action "${head!.text}" was not applied: ${problem}.${rest.length ? ` The rest of your queue (${quoteAll(rest)}) was dropped with it.` : ''} The decision is yours: ${decisionVerb(next.decision)}.`);
      queued[next.role] = [];
      break;
    }
    tell(next.role, `Your queued action "${head!.text}" was applied${rest.length ? `; still queued: ${quoteAll(rest)}` : ''}.`);
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

function apply(s: AlohaState, role: string, a: Action, lines: string[]): void {
  const p = s.players[role]!;
  const d = dataOf(s);
  switch (a.kind) {
    case 'settle': {
      const n = Math.min(d.migrationTokens, p.pool);
      s.board[a.island][role] = n;
      p.pool -= n;
      s.actionTokens[a.island][role] = d.prologueActionTokens;
      lines.push(`${role} settles ${a.island} with ${n} Pure Hawaiian tokens and ${d.prologueActionTokens} Action tokens.`);
      s.queue.shift();
      return;
    }
    case 'king': {
      s.actionTokens[a.island][role]! += 1;
      lines.push(`${role} places the ${s.stage === 'chapter3' ? 'Queen' : 'King'} token on ${a.island}: one more Action there.`);
      s.queue.shift();
      return;
    }
    case 'convert': {
      for (const st of a.steps) {
        if (st.from === 'ph') {
          const island = st.island ?? ISLANDS.find((i) => s.board[i][role]! >= st.count)!;
          s.board[island][role]! -= st.count;
          p.pool += st.count;
          p[st.to as 'aloha' | 'commerce'] += st.count;
          lines.push(`${role} converts ${st.count} Pure Hawaiian on ${island} to ${st.count} ${RESOURCE_NAMES[st.to]}.`);
        } else {
          p[st.from] -= st.count;
          p.homeRule += st.count;
          lines.push(`${role} converts ${st.count} ${RESOURCE_NAMES[st.from]} to ${st.count} Home Rule votes.`);
        }
      }
      if (!a.steps.length) lines.push(`${role} converts nothing.`);
      s.queue.shift();
      return;
    }
    default:
      action(s, role, a, lines);
      s.queue.shift();
  }
}

/** Remove one of `role`'s Action tokens: from `island` when it has one, else as the Prologue allows. */
function spendToken(s: AlohaState, role: string, island?: Island): Island {
  const t = s.actionTokens;
  const at = (island && t[island][role]! > 0 ? island : undefined)
    ?? ISLANDS.find((i) => t[i][role]! > 0 && s.board[i][role]! > 0)
    ?? ISLANDS.find((i) => t[i][role]! > 0)!;
  t[at][role]! -= 1;
  return at;
}

function action(s: AlohaState, role: string, a: Action, lines: string[]): void {
  const p = s.players[role]!;
  const caps = dataOf(s).tracks;
  switch (a.kind) {
    case 'migrate':
      s.board[a.from][role]! -= a.count;
      s.board[a.to][role]! += a.count;
      spendToken(s, role, a.from);
      lines.push(`${role} migrates ${a.count} Pure Hawaiian token${a.count > 1 ? 's' : ''} from ${a.from} to ${a.to}.`);
      break;
    case 'warrior': {
      const from = spendToken(s, role, a.island);
      p.warriors = Math.min(caps.warriors, p.warriors + 1);
      lines.push(`${role} takes a Warrior (Action token from ${from}); ${role} has ${p.warriors}.`);
      break;
    }
    case 'take': {
      spendToken(s, role, a.island);
      const got = receive(s, role, islandGain(s, a.island), a.island);
      lines.push(`${role} takes the resource of ${a.island}: ${got || 'nothing (the track is full)'}.`);
      break;
    }
    case 'event': {
      const id = s.faceUp[a.card - 1]!;
      const c = cardById(s, id);
      if (c.calamity === 'played') {
        spendToken(s, role, c.impacts);
        lines.push(`${role} plays the calamity ${c.title} on ${c.impacts}: ${c.text}`);
        for (const r of s.roles) if (r !== role && s.board[c.impacts][r]! > 0) lines.push(`  ${r} ${payText(pay(s, r, c.pay ?? {}, c.impacts))}.`);
      } else {
        const island = a.island ?? c.active.find((i) => s.actionTokens[i][role]! > 0)!;
        spendToken(s, role, island);
        const got = receive(s, role, c.receive, c.impacts);
        const paid = pay(s, role, c.pay ?? {}, c.impacts);
        lines.push(`${role} selects ${c.title} (${c.year ?? ''}${c.year ? ', ' : ''}Action token from ${island}): receives ${got || 'nothing'}; ${payText(paid)}.`);
      }
      s.faceUp.splice(a.card - 1, 1);
      s.discard.push(id);
      drawEvents(s, lines);
      break;
    }
    case 'pass': {
      const from = spendToken(s, role);
      lines.push(`${role} has no legal action and gives up the Action token on ${from}.`);
      break;
    }
    default:
      throw new Error(`not an action: ${a.kind}`);
  }
}

function receive(s: AlohaState, role: string, amounts: Amounts, island: Island): string {
  const p = s.players[role]!;
  const caps = dataOf(s).tracks;
  const got: string[] = [];
  for (const [k, v] of Object.entries(amounts) as [Resource, number][]) {
    if (!v) continue;
    if (k === 'ph') {
      const n = Math.min(v, p.pool, Math.max(0, caps.ph - onBoard(s, role)));
      if (!n) continue;
      p.pool -= n;
      s.board[island][role]! += n;
      got.push(`${n} Pure Hawaiian on ${island}`);
    } else {
      const n = Math.min(v, Math.max(0, caps[k] - p[k]));
      if (!n) continue;
      p[k] += n;
      got.push(`${n} ${RESOURCE_NAMES[k]}`);
    }
  }
  return got.join(', ');
}

/** Pay what a card asks; an item the player cannot pay in full is ignored for that player (the rulebook's "ignored"). */
function pay(s: AlohaState, role: string, amounts: Amounts, island: Island): { paid: string[]; ignored: string[] } {
  const p = s.players[role]!;
  const paid: string[] = [];
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(amounts) as [Resource, number][]) {
    if (!v) continue;
    if (k === 'ph') {
      if (s.board[island][role]! >= v) { s.board[island][role]! -= v; p.pool += v; paid.push(`${v} Pure Hawaiian from ${island}`); }
      else ignored.push(`${v} Pure Hawaiian`);
    } else if (p[k] >= v) { p[k] -= v; paid.push(`${v} ${RESOURCE_NAMES[k]}`); }
    else ignored.push(`${v} ${RESOURCE_NAMES[k]}`);
  }
  return { paid, ignored };
}

const payText = (r: { paid: string[]; ignored: string[] }) =>
  [r.paid.length ? `pays ${r.paid.join(', ')}` : '', r.ignored.length ? `cannot pay ${r.ignored.join(', ')} (ignored)` : ''].filter(Boolean).join('; ') || 'pays nothing';

/** Fill the face-up row to four; a calamity with an inner red border is executed on all present as it turns up. */
function drawEvents(s: AlohaState, lines: string[]): void {
  while (s.faceUp.length < 4 && s.deck.length) {
    const id = s.deck.shift()!;
    const c = cardById(s, id);
    if (c.calamity === 'immediate') {
      lines.push(`Calamity: ${c.title} on ${c.impacts}. ${c.text}`);
      const present = s.roles.filter((r) => s.board[c.impacts][r]! > 0);
      for (const r of present) lines.push(`  ${r} ${payText(pay(s, r, c.pay ?? {}, c.impacts))}.`);
      if (!present.length) lines.push('  Nobody is there.');
      s.discard.push(id);
      continue;
    }
    s.faceUp.push(id);
    lines.push(`Event card turned up: ${c.title}.`);
  }
}

// ---- Automatic steps

function advance(s: AlohaState, lines: string[]): void {
  for (let guard = 0; guard < 100; guard++) {
    if (s.stage === 'over') { s.decision = null; s.queue = []; return; }
    if (s.decision === 'settle' || s.decision === 'king' || s.decision === 'convert') {
      if (s.queue.length) return;
      if (s.decision === 'settle') { s.decision = 'action'; s.queue = [...s.roles, ...s.roles]; lines.push('Prologue: two rounds of Actions in turn order.'); continue; }
      if (s.decision === 'king') { distribute(s, lines); continue; }
      if (s.decision === 'convert') { epilogueEnd(s, lines); continue; }
    }
    if (s.decision === 'action') {
      if (s.stage === 'prologue') {
        // Each player executes 2 Actions in turn order; the queue holds the remaining turns.
        if (s.queue.length) return;
        conflict(s, 'prologue', lines);
        stageScoring(s, 'prologue', lines);
        startChapter(s, 'chapter1', lines);
        continue;
      }
      // Chapters: the next player in the turn order who still has an Action token.
      const next = nextInOrder(s);
      if (next) { s.queue = [next]; return; }
      s.queue = [];
      const ch = chapterNo(s.stage);
      for (const id of s.faceUp) s.discard.push(id);
      s.faceUp = [];
      if (ch === 1) { conflict(s, 'chapter1', lines); stageScoring(s, 'chapter1', lines); startChapter(s, 'chapter2', lines); }
      else if (ch === 2) { conflict(s, 'chapter2', lines); stageScoring(s, 'chapter2', lines); startChapter(s, 'chapter3', lines); }
      else { chapter3Scoring(s, lines); startEpilogue(s, lines); }
      continue;
    }
    return;
  }
  throw new Error('Aloha: the automatic steps did not settle');
}

function nextInOrder(s: AlohaState): string | null {
  const n = s.order.length;
  for (let k = 1; k <= n; k++) {
    const r = s.order[(s.cursor + k) % n]!;
    if (tokensOf(s, r) > 0) { s.cursor = (s.cursor + k) % n; return r; }
  }
  return null;
}

function startChapter(s: AlohaState, stage: Stage, lines: string[]): void {
  s.stage = stage;
  lines.push(`${STAGE_NAMES[stage]} begins.`);
  const ch = chapterNo(stage);
  const from = nextDraw(s.rng);
  s.deck = shuffle(s.rng, dataOf(s).events.filter((e) => e.chapter === ch).map((e) => e.id));
  const draws = drawsSince(s.rng, from);
  if (draws) lines.push(`The event cards are shuffled (${drawsText(draws)}).`);
  s.discard = [];
  s.faceUp = [];
  for (const i of ISLANDS) for (const r of s.roles) s.actionTokens[i][r] = 0;
  if (s.king && ISLANDS.some((i) => s.board[i][s.king!]! > 0)) {
    s.decision = 'king';
    s.queue = [s.king];
  } else {
    s.decision = 'king';
    s.queue = [];
  }
}

/** Who holds a Royal Family card for the island ("The player with a Royal Family card for an island receives 2
 * Actions"): the latest such card held; a newer stage's card that went to nobody (a tie) leaves the earlier holder's. */
function islandCardHolder(s: AlohaState, island: Island): string | null {
  const stages = ['chapter2', 'chapter1', 'prologue'];
  for (const st of stages) {
    const card = dataOf(s).royalCards.find((c) => c.stage === st && c.kind === 'island' && c.island === island);
    if (!card) continue;
    const holder = s.roles.find((r) => s.players[r]!.cards.includes(card.id));
    if (holder) return holder;
  }
  return null;
}

/** Action distribution, the turn order, the four face-up Event cards. */
function distribute(s: AlohaState, lines: string[]): void {
  for (const i of ISLANDS) {
    const holder = islandCardHolder(s, i);
    for (const r of s.roles) {
      if (r === holder) s.actionTokens[i][r]! += 2;
      else if (s.board[i][r]! > 0) s.actionTokens[i][r]! += 1;
    }
  }
  const count = (r: string) => tokensOf(s, r);
  const clockFrom = (r: string) => (s.roles.indexOf(r) - s.roles.indexOf(s.firstLast ?? s.roles[0]!) + s.roles.length) % s.roles.length;
  s.order = [...s.roles].sort((a, b) => count(b) - count(a) || s.players[b]!.score - s.players[a]!.score || clockFrom(a) - clockFrom(b));
  s.firstLast = s.order[0]!;
  s.cursor = -1;
  lines.push(`Actions: ${s.order.map((r) => `${r} ${count(r)} (${ISLANDS.filter((i) => s.actionTokens[i][r]! > 0).map((i) => `${i} ${s.actionTokens[i][r]}`).join(', ') || 'none'})`).join('; ')}.`);
  lines.push(`Turn order: ${s.order.join(', ')}.`);
  drawEvents(s, lines);
  s.decision = 'action';
  s.queue = [];
}

const MONARCH_EVENT: Record<string, string> = { prologue: "The Battle of Kuamo'o", chapter1: 'The Paulet Affair', chapter2: "The Abdication of Queen Lili'uokalani" };

/** The Battle of Kuamo'o and the two Conflicts: dice for the monarch, then the island cards by most tokens. */
function conflict(s: AlohaState, stage: 'prologue' | 'chapter1' | 'chapter2', lines: string[]): void {
  const d = dataOf(s);
  lines.push(`${MONARCH_EVENT[stage]}:`);
  const most = Math.max(...s.roles.map((r) => s.players[r]!.warriors));
  const tied = s.roles.filter((r) => s.players[r]!.warriors === most);
  // One most: +1 die; two tied for most: both +1; more than two: nobody.
  const dice = (r: string) => 2 + (tied.length <= 2 && tied.includes(r) ? 1 : 0);
  let contenders = [...s.roles];
  let winner: string | null = null;
  for (let round = 1; !winner; round++) {
    const from = nextDraw(s.rng);
    const rolls = contenders.map((r) => { const ds = Array.from({ length: dice(r) }, () => d6(s.rng)); return { r, ds, total: ds.reduce((a, b) => a + b, 0) }; });
    const draws = drawsSince(s.rng, from);
    lines.push(`  ${round > 1 ? 'Re-roll: ' : ''}${rolls.map((x) => `${x.r} ${x.ds.join('+')} = ${x.total}`).join('; ')}${draws ? ` (${drawsText(draws)})` : ''}`);
    const top = Math.max(...rolls.map((x) => x.total));
    const best = rolls.filter((x) => x.total === top).map((x) => x.r);
    if (best.length === 1) winner = best[0]!;
    else contenders = best;
  }
  const monarch = d.royalCards.find((c) => c.stage === stage && c.kind === 'monarch')!;
  s.king = winner;
  s.players[winner]!.cards.push(monarch.id);
  lines.push(`  ${winner} wins: the ${stage === 'chapter2' ? 'Queen' : 'King'} token and ${monarch.name}.`);
  for (const i of ISLANDS) {
    const card = d.royalCards.find((c) => c.stage === stage && c.kind === 'island' && c.island === i)!;
    const top = Math.max(...s.roles.map((r) => s.board[i][r]!));
    const leaders = s.roles.filter((r) => s.board[i][r] === top);
    if (top > 0 && leaders.length === 1) { s.players[leaders[0]!]!.cards.push(card.id); lines.push(`  ${i}: ${leaders[0]} (${top} tokens) takes ${card.name}.`); }
    else lines.push(`  ${i}: ${top > 0 ? `tied at ${top}` : 'nobody there'}; nobody takes ${card.name}.`);
  }
}

function addScore(s: AlohaState, role: string, n: number, why: string): void {
  const p = s.players[role]!;
  const after = Math.min(dataOf(s).tracks.score, p.score + n);
  if (after !== p.score) s.scoreLog.push({ role, points: after - p.score, why });
  p.score = after;
}

function stageScoring(s: AlohaState, stage: 'prologue' | 'chapter1' | 'chapter2', lines: string[]): void {
  const chart = dataOf(s).scoring.stage;
  const parts: string[] = [];
  for (const r of s.roles) {
    let n = 0;
    for (const id of s.players[r]!.cards) {
      const c = royalCard(s, id);
      if (c.stage !== stage) continue;
      n += c.kind === 'monarch' ? chart.monarch : c.kind === 'island' ? chart.island : 0;
    }
    addScore(s, r, n, `${stage} cards`);
    parts.push(`${r} +${n} (${s.players[r]!.score})`);
  }
  lines.push(`Scoring, ${STAGE_NAMES[stage]}: ${parts.join('; ')}.`);
}

function chapter3Scoring(s: AlohaState, lines: string[]): void {
  const parts: string[] = [];
  for (const rule of dataOf(s).scoring.chapter3) {
    const val = (r: string) => (rule.resource === 'ph' ? onBoard(s, r) : s.players[r]![rule.resource]);
    const values = [...new Set(s.roles.map(val))].filter((v) => v > 0).sort((a, b) => b - a);
    const firsts = values[0] === undefined ? [] : s.roles.filter((r) => val(r) === values[0]);
    // Tied for first: all score first; second place only when one player was first.
    const seconds = firsts.length === 1 && values[1] !== undefined ? s.roles.filter((r) => val(r) === values[1]) : [];
    for (const r of firsts) addScore(s, r, rule.first, `chapter3 most ${rule.resource}`);
    for (const r of seconds) addScore(s, r, rule.second, `chapter3 second ${rule.resource}`);
    parts.push(`most ${RESOURCE_NAMES[rule.resource]}: ${firsts.join(', ') || 'nobody'} +${rule.first}${seconds.length ? `, then ${seconds.join(', ')} +${rule.second}` : ''}`);
  }
  lines.push(`Scoring, Chapter III: ${parts.join('; ')}. Scores: ${s.roles.map((r) => `${r} ${s.players[r]!.score}`).join(', ')}.`);
}

/** High to low victory points; ties by the Governor's tie breakers, then clockwise order. */
function byStanding(s: AlohaState): string[] {
  return [...s.roles].sort((a, b) => s.players[b]!.score - s.players[a]!.score || compareTieBreak(s, a, b) || s.roles.indexOf(a) - s.roles.indexOf(b));
}

/** Total Pure Hawaiian tokens, then Aloha, then Commerce: the rulebook's tie breakers (negative: a first). */
function compareTieBreak(s: AlohaState, a: string, b: string): number {
  return onBoard(s, b) - onBoard(s, a) || s.players[b]!.aloha - s.players[a]!.aloha || s.players[b]!.commerce - s.players[a]!.commerce;
}

function startEpilogue(s: AlohaState, lines: string[]): void {
  s.stage = 'epilogue';
  for (const i of ISLANDS) for (const r of s.roles) s.actionTokens[i][r] = 0;
  s.decision = 'convert';
  s.queue = byStanding(s);
  lines.push(`Epilogue begins. Conversions in victory-point order: ${s.queue.join(', ')}.`);
}

function epilogueEnd(s: AlohaState, lines: string[]): void {
  const d = dataOf(s);
  lines.push('Island Representatives:');
  for (const i of ISLANDS) {
    const card = d.royalCards.find((c) => c.stage === 'epilogue' && c.kind === 'island' && c.island === i)!;
    const top = Math.max(...s.roles.map((r) => s.board[i][r]!));
    const leaders = s.roles.filter((r) => s.board[i][r] === top);
    if (top > 0 && leaders.length === 1) { s.players[leaders[0]!]!.cards.push(card.id); lines.push(`  ${i}: ${leaders[0]} (${top} tokens).`); }
    else lines.push(`  ${i}: ${top > 0 ? `tied at ${top}` : 'nobody there'}; no one gains influence.`);
  }
  const votes = (r: string) => s.players[r]!.homeRule + s.players[r]!.cards.reduce((n, id) => n + (royalCard(s, id)?.votes ?? 0), 0);
  lines.push(`Votes for Governor: ${s.roles.map((r) => `${r} ${votes(r)}`).join(', ')}.`);
  const ranked = [...s.roles].sort((a, b) => votes(b) - votes(a) || compareTieBreak(s, a, b));
  const [g1, g2] = ranked;
  const governor = g2 && votes(g1!) === votes(g2) && compareTieBreak(s, g1!, g2) === 0 ? null : g1!;
  const chart = d.scoring.epilogue;
  if (governor) { s.players[governor]!.cards.push('governor'); addScore(s, governor, chart.governor, 'governor'); lines.push(`${governor} controls the elected Governor: +${chart.governor}.`); }
  else lines.push('Still tied: an independent is elected Governor; the Governor card goes to no one.');
  for (const r of s.roles) {
    const reps = s.players[r]!.cards.filter((id) => royalCard(s, id)?.stage === 'epilogue' && royalCard(s, id)?.kind === 'island').length;
    const p = s.players[r]!;
    const ph = Math.floor(onBoard(s, r) / chart.perPoint.ph);
    const al = Math.floor(p.aloha / chart.perPoint.aloha);
    const co = Math.floor(p.commerce / chart.perPoint.commerce);
    addScore(s, r, reps * chart.representative, 'representatives');
    addScore(s, r, ph, 'pure hawaiian');
    addScore(s, r, al, 'aloha');
    addScore(s, r, co, 'commerce');
    lines.push(`  ${r}: representatives +${reps * chart.representative}, Pure Hawaiian +${ph}, Aloha +${al}, Commerce +${co}: ${p.score} points.`);
  }
  const standing = byStanding(s);
  const best = standing.filter((r) => s.players[r]!.score === s.players[standing[0]!]!.score && compareTieBreak(s, r, standing[0]!) === 0);
  s.result = best.length === 1
    ? { kind: 'victory', winners: best, text: `${best[0]} wins with ${s.players[best[0]!]!.score} points` }
    : { kind: 'tie', winners: best, text: `${best.join(' and ')} tie with ${s.players[best[0]!]!.score} points` };
  lines.push(`Final: ${standing.map((r) => `${r} ${s.players[r]!.score}`).join(', ')}. ${s.result.text}.`);
  s.stage = 'over';
  s.decision = null;
  s.queue = [];
}

// ---- Words

export function describe(s: AlohaState, a: Action): string {
  switch (a.kind) {
    case 'settle': return `settle ${a.island}`;
    case 'migrate': return `migrate ${a.count} ${a.from} ${a.to}`;
    case 'warrior': return a.island ? `warrior ${a.island}` : 'warrior';
    case 'take': return `take ${a.island}`;
    case 'event': { const id = s.faceUp[a.card - 1]; const c = id ? cardById(s, id) : null; return `event ${a.card}${a.island ? ` ${a.island}` : ''}${c ? ` (${c.title})` : ''}`; }
    case 'king': return `king ${a.island}`;
    case 'convert': return a.steps.length ? a.steps.map((x) => `convert ${x.count} ${x.from === 'ph' ? 'ph' : x.from} ${x.to === 'homeRule' ? 'homerule' : x.to}${x.island ? ` ${x.island}` : ''}`).join('; ') : 'pass';
    case 'pass': return 'pass';
  }
}
