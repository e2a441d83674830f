// Reading a player's submission: forgiving, case-insensitive lines, each checked against the
// position it will meet when the turn is resolved (recruits placed, earlier moves made).
//
//   PLAY 7                      play the event of a held card (or of the drawn card that could be held)
//   HOLD                        keep the drawn card for later play (the default for such cards)
//   REMOVE warriors Maui        units taken off by Storm / Warriors Go Home
//   RECRUIT musketeers Kona     recruit placement (RECRUIT 2 warriors in Hilo)
//   MOVE Kamehameha, 2 warriors Kona - Hilo
//   FLEET Kona - Maui WITH Kamehameha, 2 warriors
//   FLEET canoe Hilo - Kona - Maui WITH pike     (canoe sails to Kona, embarks, lands on Maui)
//   BATTLE Maui FIRST           order of battles (BATTLES Maui, Oahu-1)
//   STANDING ...                standing instructions (see standing.ts), accepted at any time
import type { ReadLine } from '../contract/types.ts';
import { cloneState, EMPTY_SUBMISSION, type Submission } from './engine.ts';
import { Game, type HodState, RuleError } from './model.ts';
import { norm, pickUnits, resolveSpace, splitList, trySpace } from './names.ts';
import { applyStanding, describeStanding, parseStanding, type StandingPatch } from './standing.ts';
import { type MoveOrder, SideTurn } from './turn.ts';

export type Fragment =
  | { kind: 'standing'; patch: StandingPatch }
  | { kind: 'play'; n: number }
  | { kind: 'hold' }
  | { kind: 'remove'; id: string }
  | { kind: 'recruit'; unit: string; space: string | null }
  | { kind: 'fort'; action: 'build' | 'dismantle'; space: string }
  | { kind: 'move'; order: MoveOrder }
  | { kind: 'battles'; spaces: string[] }
  /** Planning only: close the phases before this one with their defaults. */
  | { kind: 'advance'; phase: 'removal' | 'recruit' | 'move' | 'battle' };

const RANK: Record<Fragment['kind'], number> = { standing: 0, play: 1, hold: 1, remove: 2, recruit: 3, fort: 4, move: 5, battles: 6, advance: 0 };

export const ORDER_WORDS = 'PLAY, HOLD, REMOVE, RECRUIT, BUILD FORT, DISMANTLE FORT, MOVE, FLEET, BATTLE, STANDING';

export function execFragment(t: SideTurn, f: Fragment): void {
  switch (f.kind) {
    case 'standing':
      applyStanding(t.g, t.side, f.patch);
      return;
    case 'play':
      t.play(f.n);
      return;
    case 'hold':
      t.hold();
      return;
    case 'remove':
      t.remove(f.id);
      return;
    case 'recruit':
      t.recruit(f.unit, f.space);
      return;
    case 'fort':
      t.fortAction(f.action, f.space);
      return;
    case 'move':
      t.move(f.order);
      return;
    case 'battles':
      t.checkBattleOrder(f.spaces);
      return;
    case 'advance':
      t.advanceTo(f.phase);
      return;
  }
}

export function toSubmission(frags: Fragment[]): Submission {
  const sub: Submission = structuredClone(EMPTY_SUBMISSION);
  for (const f of frags) {
    if (f.kind === 'standing') sub.standing.push(f.patch);
    else if (f.kind === 'play') sub.play = f.n;
    else if (f.kind === 'hold') sub.hold = true;
    else if (f.kind === 'remove') sub.removes.push(f.id);
    else if (f.kind === 'recruit') sub.recruits.push({ unit: f.unit, space: f.space });
    else if (f.kind === 'fort') sub.forts.push({ action: f.action, space: f.space });
    else if (f.kind === 'move') sub.moves.push(f.order);
    else if (f.kind === 'battles') sub.battles.push(...f.spaces);
  }
  return sub;
}

interface Parsed {
  rank: number;
  /** Turns the line into fragments against the planned position (may throw RuleError). */
  build: (t: SideTurn) => { frags: Fragment[]; reading: string };
}

function segmentHyphens(g: Game, w: string): string[] | null {
  const parts = w.split('-');
  if (parts.length < 2) return null;
  const rec = (i: number): string[] | null => {
    if (i === parts.length) return [];
    for (let j = parts.length; j > i; j--) {
      const cand = parts.slice(i, j).join('-');
      if (!cand || !trySpace(g, cand)) continue;
      const rest = rec(j);
      if (rest) return [cand, ...rest];
    }
    return null;
  };
  const r = rec(0);
  return r && r.length >= 2 ? r : null;
}

/** Split "2 warriors Kona - Hilo" into the text before the first space and the path of spaces. */
function parsePath(g: Game, text: string): { head: string; path: string[] } {
  let segs = text.split(/\s+-+\s+|\s*(?:->|→|–|—|=>)\s*|\s+to\s+/i).map((x) => x.trim());
  if (segs.length < 2) {
    // "Kona-Hilo": split a word at hyphens where every piece names a space (not the hyphen of "Oahu-1").
    const words = text.trim().split(/\s+/).map((w) => segmentHyphens(g, w)?.join(' - ') ?? w);
    segs = words.join(' ').split(/\s+-\s+/).map((x) => x.trim());
  }
  if (segs.length < 2) throw new RuleError(`expected a path like 'Kona - Hilo' in '${text.trim()}'`);
  const first = segs[0]!;
  const words = first.split(/\s+/).filter(Boolean);
  let head = '';
  let from: string | null = null;
  for (let k = Math.min(4, words.length); k >= 1 && !from; k--) {
    const cand = words.slice(words.length - k).join(' ');
    const sp = trySpace(g, cand);
    if (sp) {
      from = sp;
      head = words.slice(0, words.length - k).join(' ');
    }
  }
  if (!from) {
    const last = words[words.length - 1] ?? '';
    resolveSpace(g, last); // throws the precise error
    throw new RuleError(`no space at the start of '${first}'`);
  }
  return { head, path: [from, ...segs.slice(1).map((x) => resolveSpace(g, x))] };
}

/** Split "musketeers in Kona" into unit text and an optional trailing space. */
function unitsThenSpace(g: Game, text: string): { units: string; space: string | null } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
    const sp = trySpace(g, words.slice(words.length - k).join(' '));
    if (sp) {
      let rest = words.slice(0, words.length - k);
      if (rest.length && /^(in|at|to|on|@|into)$/i.test(rest[rest.length - 1]!)) rest = rest.slice(0, -1);
      return { units: rest.join(' '), space: sp };
    }
  }
  // "RECRUIT warriors Oahu": say which spaces the last word could be.
  const last = words[words.length - 1];
  if (last && words.length > 1) {
    try {
      resolveSpace(g, last);
    } catch (e) {
      if (e instanceof RuleError && /could be/.test(e.message)) throw e;
    }
  }
  return { units: text.trim().replace(/\s+(in|at|to|on|@)$/i, ''), space: null };
}

function cardNumber(g: Game, side: string, text: string): number {
  const t = text.trim().replace(/^(card\s*)?#?\s*/i, '');
  if (/^\d+$/.test(t)) return Number(t);
  const deck = g.s.scenario.decks[side]!;
  const n = norm(t);
  const hits = deck.filter((c) => norm(c.title).startsWith(n) && n.length > 0);
  if (hits.length === 1) return hits[0]!.number;
  if (hits.length > 1) throw new RuleError(`'${text.trim()}' could be ${hits.map((c) => `#${c.number} ${c.title}`).join(' or ')}`);
  throw new RuleError(`no card called '${text.trim()}' in your deck`);
}

/** Pick from the units that can act; failing that, from all there, so the order check says why not. */
function pickPreferring(g: Game, pool: string[], all: string[], text: string, where: string): string[] {
  try {
    return pickUnits(g, pool, text, `${where} that can still move`);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    try {
      return pickUnits(g, all, text, where);
    } catch {
      throw e;
    }
  }
}

function names(g: Game, ids: string[]): string {
  return ids.map((id) => g.u(id).name).join(', ');
}

function spaceName(g: Game, id: string): string {
  return g.space(id).name;
}

export function parseLine(g: Game, side: string, text: string): Parsed | null {
  const line = text.trim();
  if (!line || line.startsWith('#') || line.startsWith('//')) return null;
  const m = /^([a-z]+)\b\s*(.*)$/i.exec(line);
  if (!m) throw new RuleError(`cannot read '${line}': orders are ${ORDER_WORDS}`);
  const word = m[1]!.toUpperCase();
  const rest = m[2]!.trim();
  switch (word) {
    case 'STANDING':
    case 'STAND': {
      const patch = parseStanding(g, rest);
      return { rank: 0, build: () => ({ frags: [{ kind: 'standing', patch }], reading: `STANDING ${describeStanding(patch, (id) => spaceName(g, id))}` }) };
    }
    case 'PLAY':
    case 'USE': {
      if (!rest) throw new RuleError('PLAY needs a card number, e.g. PLAY 7');
      const n = cardNumber(g, side, rest);
      return { rank: 1, build: () => ({ frags: [{ kind: 'play', n }], reading: `PLAY #${n} ${g.card(side, n).title}` }) };
    }
    case 'HOLD':
    case 'KEEP':
      return {
        rank: 1,
        build: (t) => {
          // The help's own example starts with HOLD: on a card that cannot be held it keeps nothing
          // (the card is in effect anyway), said in the reading rather than refusing the whole turn.
          const d = t.drawnCard();
          if (!d?.hold) {
            t.advanceTo('card', 'HOLD');
            return { frags: [], reading: d ? `HOLD: nothing to hold: #${d.number} ${d.title} cannot be held and is in effect this turn` : 'HOLD: nothing to hold: no card was drawn this turn' };
          }
          return { frags: [{ kind: 'hold' }], reading: `HOLD #${d.number}` };
        },
      };
    case 'REMOVE': {
      if (!rest) throw new RuleError('REMOVE needs units, e.g. REMOVE warriors Maui');
      return {
        rank: 2,
        build: (t) => {
          t.advanceTo('removal', 'REMOVE');
          const { units, space } = unitsThenSpace(g, rest);
          const pool = t.removalCandidates().filter((id) => !space || t.g.at(id) === space);
          if (!t.removalNeeded) throw new RuleError('no card in effect removes units this turn');
          const ids = pickUnits(t.g, pool, units || 'unit', space ? `of yours at ${spaceName(g, space)} to remove` : 'of yours to remove');
          return { frags: ids.map((id) => ({ kind: 'remove' as const, id })), reading: `REMOVE ${names(g, ids)}` };
        },
      };
    }
    case 'RECRUIT':
    case 'PLACE': {
      if (!rest) throw new RuleError('RECRUIT needs a unit and a space, e.g. RECRUIT musketeers Kona');
      return {
        rank: 3,
        build: (t) => {
          t.advanceTo('recruit', 'RECRUIT');
          const { units, space } = unitsThenSpace(g, rest);
          if (!units) throw new RuleError('RECRUIT needs a unit');
          const ids = pickUnits(t.g, t.recruitable(), units, 'in the Recruit Box that this card recruits');
          return {
            frags: ids.map((id) => ({ kind: 'recruit' as const, unit: id, space })),
            reading: `RECRUIT ${names(g, ids)} ${space ? spaceName(g, space) : '(default space)'}`,
          };
        },
      };
    }
    case 'BUILD':
    case 'DISMANTLE': {
      const action = word === 'BUILD' ? 'build' : 'dismantle';
      const sp = resolveSpace(g, rest.replace(/^fort\s+(at\s+|in\s+)?/i, ''));
      return { rank: 4, build: () => ({ frags: [{ kind: 'fort', action, space: sp }], reading: `${word} FORT ${spaceName(g, sp)}` }) };
    }
    case 'MOVE':
    case 'MARCH': {
      if (!rest) throw new RuleError('MOVE needs units and a path, e.g. MOVE 2 warriors Kona - Hilo');
      const { head, path } = parsePath(g, rest);
      return {
        rank: 5,
        build: (t) => {
          t.advanceTo('move', 'MOVE');
          const from = path[0]!;
          const all = t.g.sideUnitsAt(from, side);
          // Canoes (10.3) and river fleets (12.2) move by FLEET, never by MOVE.
          const pool = all.filter((id) => t.canMove(id) && !(t.g.rules.movement === 'islands' && t.g.u(id).canoe) && !(t.g.opt.riverMovement && t.g.u(id).fleet));
          // Units that cannot move are picked only to say why (the move check names the reason).
          const ids = head ? pickPreferring(t.g, pool, all, head, `at ${spaceName(g, from)}`) : pool;
          if (!ids.length) throw new RuleError(`you have no units at ${spaceName(g, from)} that can still move`);
          return { frags: [{ kind: 'move', order: { type: 'land', units: ids, path } }], reading: `MOVE ${names(g, ids)} ${path.map((s) => spaceName(g, s)).join(' - ')}` };
        },
      };
    }
    case 'FLEET':
    case 'SAIL':
    case 'CANOE':
    case 'CANOES': {
      const [left, withText] = rest.split(/\s+with\s+/i) as [string, string | undefined];
      const { head, path } = parsePath(g, left ?? '');
      const canoeRef = word === 'CANOE' || word === 'CANOES' ? head || 'canoe' : head;
      return {
        rank: 5,
        build: (t) => {
          t.advanceTo('move', 'FLEET');
          const tg = t.g;
          const carriers = (at: string | null) =>
            tg.unitIds().filter((id) => (tg.u(id).canoe || tg.u(id).fleet) && t.canMove(id) && (at === null || tg.at(id) === at));
          let canoe: string;
          let full: string[];
          if (tg.rules.movement === 'islands') {
            if (path.length > 3) throw new RuleError('a fleet move is start - pickup - destination');
            const start = path[0]!;
            const pickup = path.length === 3 ? path[1]! : start;
            const dest = path[path.length - 1]!;
            let pool = carriers(start);
            if (!pool.length && path.length === 2 && !canoeRef) {
              // No canoe there: one sails in from elsewhere (same island first) to pick the units up.
              const isl = tg.c.islandOf.get(start);
              pool = carriers(null)
                .filter((id) => tg.s.units[id]!.owner === side)
                .sort((a, b) => Number(tg.c.islandOf.get(tg.at(b)) === isl) - Number(tg.c.islandOf.get(tg.at(a)) === isl) || a.localeCompare(b));
            }
            pool = pool.filter((id) => tg.s.units[id]!.owner === side);
            if (!pool.length) throw new RuleError(`you have no canoe fleet at ${spaceName(g, start)} that can still move`);
            canoe = canoeRef ? pickUnits(tg, pool, canoeRef, `at ${spaceName(g, start)} that can still move`)[0]! : pool[0]!;
            full = [tg.at(canoe), pickup, dest];
          } else {
            const pool = carriers(path[0]!).filter((id) => tg.s.units[id]!.owner === side);
            if (!pool.length) throw new RuleError(`you have no fleet at ${spaceName(g, path[0]!)} that can still move`);
            canoe = canoeRef ? pickUnits(tg, pool, canoeRef, `at ${spaceName(g, path[0]!)}`)[0]! : pool[0]!;
            full = path;
          }
          const pickup = tg.rules.movement === 'islands' ? full[1]! : full[0]!;
          const cargoAll = tg.sideUnitsAt(pickup, side).filter((id) => id !== canoe);
          const cargoPool = cargoAll.filter((id) => t.canMove(id) && tg.fighter(id));
          const carry = withText?.trim() ? pickPreferring(tg, cargoPool, cargoAll, withText, `at ${spaceName(g, pickup)}`) : [];
          const shown = tg.rules.movement === 'islands' && full[0] === full[1] ? [full[0]!, full[2]!] : full;
          return {
            frags: [{ kind: 'move', order: { type: 'fleet', canoe, path: full, carry } }],
            reading: `FLEET ${tg.u(canoe).name} ${shown.map((s) => spaceName(g, s)).join(' - ')}${carry.length ? ` WITH ${names(g, carry)}` : ''}`,
          };
        },
      };
    }
    case 'BATTLE':
    case 'BATTLES':
    case 'ATTACK': {
      const cleaned = rest.replace(/^order\s*/i, '').replace(/\s+first$/i, '').replace(/\bthen\b/gi, ',');
      const spaces = splitList(cleaned).map((x) => resolveSpace(g, x));
      if (!spaces.length) throw new RuleError('BATTLE needs a space, e.g. BATTLE Maui FIRST');
      return { rank: 6, build: () => ({ frags: [{ kind: 'battles', spaces }], reading: `BATTLE ${spaces.map((s) => spaceName(g, s)).join(', then ')}` }) };
    }
    default:
      throw new RuleError(`unknown order '${m[1]}': orders are ${ORDER_WORDS}`);
  }
}

/** Plans a player's turn line by line: the position after the accepted lines so far. */
export class Planner {
  g!: Game;
  t!: SideTurn;
  readonly frags: Fragment[] = [];

  constructor(
    readonly base: HodState,
    readonly side: string,
    frags: Fragment[] = [],
  ) {
    this.frags.push(...frags);
    this.rebuild();
  }

  /** A copy with the same accepted lines, to look ahead without changing this plan. */
  fork(): Planner {
    const f = new Planner(this.base, this.side, this.frags);
    return f;
  }

  private rebuild(): void {
    this.g = new Game(cloneState(this.base));
    this.t = new SideTurn(this.g, 'plan');
    for (const f of this.frags) execFragment(this.t, f);
  }

  /** Try one parsed line; on failure the plan is unchanged. */
  tryParsed(p: Parsed): { ok: true; reading: string } | { ok: false; error: string } {
    try {
      const { frags, reading } = p.build(this.t);
      for (const f of frags) execFragment(this.t, f);
      this.frags.push(...frags);
      return { ok: true, reading };
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      this.rebuild();
      return { ok: false, error: e.message };
    }
  }

  /** Close the phases before `phase` with their defaults, as the next line of that phase would. */
  advance(phase: 'removal' | 'recruit' | 'move' | 'battle'): void {
    const f: Fragment = { kind: 'advance', phase };
    execFragment(this.t, f);
    this.frags.push(f);
  }

  add(text: string): ReadLine {
    let parsed: Parsed | null;
    try {
      parsed = parseLine(this.g, this.side, text);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      return { line: 0, text, ok: false, error: e.message };
    }
    if (!parsed) return { line: 0, text, ok: true, reading: '(comment)' };
    const r = this.tryParsed(parsed);
    return r.ok ? { line: 0, text, ok: true, reading: r.reading } : { line: 0, text, ok: false, error: r.error };
  }

  submission(): Submission {
    return toSubmission(this.frags);
  }
}

/** Read a whole submission: lines are taken in phase order (card, remove, recruit, move, battle). */
export function readTurn(state: HodState, role: string, lines: string[]): { lines: ReadLine[]; accepted: Submission; planner: Planner | null } {
  const g0 = new Game(state);
  const out: ReadLine[] = [];
  const entries: { i: number; text: string; parsed: Parsed }[] = [];
  const isSide = g0.c.sideIds.includes(role);
  lines.forEach((text, i) => {
    if (!text.trim()) return;
    const rl: ReadLine = { line: i + 1, text, ok: false };
    out.push(rl);
    if (!isSide) {
      rl.error = `'${role}' is not a side in this game`;
      return;
    }
    if (state.outcome) {
      rl.error = 'the game is over';
      return;
    }
    try {
      const p = parseLine(g0, role, text);
      if (!p) {
        rl.ok = true;
        rl.reading = '(comment)';
        return;
      }
      if (role !== state.side && p.rank !== 0) {
        rl.error = `it is ${g0.possessive(state.side)} turn: only STANDING instructions are read from ${g0.sideName(role)} now`;
        return;
      }
      entries.push({ i: out.length - 1, text, parsed: p });
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      rl.error = e.message;
    }
  });
  if (!isSide || state.outcome) return { lines: out, accepted: structuredClone(EMPTY_SUBMISSION), planner: null };
  if (role !== state.side) {
    // Only standing instructions: no plan of the other player's turn is needed.
    const frags: Fragment[] = [];
    for (const e of entries) {
      const { frags: f, reading } = e.parsed.build(null as unknown as SideTurn);
      frags.push(...f);
      out[e.i]!.ok = true;
      out[e.i]!.reading = reading;
    }
    return { lines: out, accepted: toSubmission(frags), planner: null };
  }
  const planner = new Planner(state, role);
  entries.sort((a, b) => a.parsed.rank - b.parsed.rank || a.i - b.i);
  for (const e of entries) {
    const r = planner.tryParsed(e.parsed);
    const rl = out[e.i]!;
    if (r.ok) {
      rl.ok = true;
      rl.reading = r.reading;
    } else rl.error = r.error;
  }
  return { lines: out, accepted: planner.submission(), planner };
}
