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
//
// Each order word belongs to an action kind whose module (actions/) reads the rest of the line;
// the planner and the deadline carry the actions out through the same table.
import type { ReadLine } from '../contract/types.ts';
import {
  actionOf,
  EMPTY_SUBMISSION,
  type HodAction,
  KIND_BY_WORD,
  ORDER_WORDS,
  type Parsed,
  type Submission,
  toSubmission,
} from './actions/index.ts';
import { cloneState, Game, type HodState, RuleError } from './model.ts';
import { SideTurn } from './turn.ts';

export type Fragment = HodAction;
export { ORDER_WORDS, toSubmission };

/** Carries an accepted action out on the planned turn, through its kind's module. */
export function execFragment(t: SideTurn, f: Fragment): void {
  actionOf(f).apply(t, t.side, f);
}

/** Reads one line: its order word picks the kind whose module reads the rest (null for a comment). */
export function parseLine(g: Game, side: string, text: string): Parsed | null {
  const line = text.trim();
  if (!line || line.startsWith('#') || line.startsWith('//')) return null;
  const m = /^([a-z]+)\b\s*(.*)$/i.exec(line);
  if (!m) throw new RuleError(`cannot read '${line}': orders are ${ORDER_WORDS}`);
  const word = m[1]!.toUpperCase();
  const kind = KIND_BY_WORD.get(word);
  if (!kind?.read) throw new RuleError(`unknown order '${m[1]}': orders are ${ORDER_WORDS}`);
  return kind.read(g, side, word, m[2]!.trim());
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
export function readTurn(
  state: HodState,
  role: string,
  lines: string[],
): { lines: ReadLine[]; accepted: Submission; planner: Planner | null } {
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
