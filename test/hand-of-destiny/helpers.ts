// Test helpers: build positions directly and pick random streams that roll given dice.
import hawaiiJson from '../../src/hand-of-destiny/scenarios/hawaii-1795.json' with { type: 'json' };
import {
  checkState,
  cloneState,
  EMPTY_SUBMISSION,
  resolveTurn,
  setupGame,
  type Submission,
} from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { d6, type RandomState } from '../../src/contract/random.ts';
import { readTurn } from '../../src/hand-of-destiny/submission.ts';

export const K = 'kamehameha';
export const A = 'allied-chiefs';

/** A deep copy of the built-in scenario file, for corrected-scenario tests. */
export function scenarioCopy(): any {
  return structuredClone(hawaiiJson);
}

export function newGame(setup = 'long', options: Record<string, unknown> = {}): HodState {
  return setupGame('test', 'hawaii-1795', setup, options);
}

/** Everything back in the boxes (neutrals at home), then the given placements. */
export function position(s: HodState, placements: Record<string, string>, opts: { keep?: boolean } = {}): HodState {
  const out = cloneState(s);
  if (!opts.keep) {
    for (const [id, u] of Object.entries(out.units)) {
      const data = out.scenario.units.find((x) => x.id === id)!;
      u.at = data.side === 'kauai' ? 'kauai' : 'box';
    }
  }
  for (const [id, at] of Object.entries(placements)) out.units[id]!.at = at;
  return out;
}

/** Make it `side`'s turn in `turn` with card `n` drawn (taken out of its deck). */
export function turnWith(s: HodState, side: string, n: number | null, turn = 3): HodState {
  const out = cloneState(s);
  out.turn = turn;
  out.side = side;
  for (const [sd, d] of Object.entries(out.decks)) {
    if (d.drawn !== null) d.draw.unshift(d.drawn);
    d.drawn = null;
    d.opening = [];
    d.shuffleAfterOpening = false;
    d.draw = d.draw.filter((x) => sd !== side || x !== n);
    if (sd === side && n !== null) {
      d.drawn = n;
      d.held = d.held.filter((x) => x !== n);
      d.discard = d.discard.filter((x) => x !== n);
    }
  }
  out.drawReport = [];
  return out;
}

export function hold(s: HodState, side: string, n: number): HodState {
  const out = cloneState(s);
  const d = out.decks[side]!;
  d.draw = d.draw.filter((x) => x !== n);
  d.held.push(n);
  return out;
}

/** A random stream whose next dice are `want` (0 = any value, a list = any of these): the stream
 * "dice" of the seed "test", from the first draw number that gives them. */
export function rngFor(want: (number | number[])[]): RandomState {
  for (let i = 0; i < 5_000_000; i++) {
    const copy: RandomState = { seed: 'test', label: 'dice', index: i };
    let ok = true;
    for (const w of want) {
      const d = d6(copy);
      if (Array.isArray(w) ? !w.includes(d) : w !== 0 && d !== w) {
        ok = false;
        break;
      }
    }
    if (ok) return { seed: 'test', label: 'dice', index: i };
  }
  throw new Error(`no stream found for ${want.join(',')}`);
}

export function withDice(s: HodState, want: (number | number[])[]): HodState {
  const out = cloneState(s);
  out.rng = rngFor(want);
  return out;
}

/** Read and resolve one player turn; returns the new state, the report text and the read lines. */
export function play(s: HodState, lines: string[], other: string[] = []) {
  const side = s.side;
  const read = readTurn(s, side, lines);
  const subs: Record<string, Submission> = { [side]: read.accepted };
  if (other.length) {
    const o = s.scenario.sides.map((x) => x.id).find((x) => x !== side)!;
    subs[o] = readTurn(s, o, other).accepted;
  }
  const r = resolveTurn(s, subs);
  return {
    state: r.state,
    text: r.report.entries.map((e) => e.text).join('\n'),
    entries: r.report.entries,
    lines: read.lines,
    accepted: read.accepted,
  };
}

export function resolveEmpty(s: HodState) {
  return resolveTurn(s, { [s.side]: EMPTY_SUBMISSION });
}

export function where(s: HodState, id: string): string {
  return s.units[id]!.at;
}

export function owner(s: HodState, id: string): string | null {
  return s.units[id]!.owner;
}

export { checkState };

/**
 * A battle position from a corrected scenario with the given Battle Results Table columns:
 * `side` to play with a card without event (#9), units placed, both-side spaces contested.
 */
export function battle(
  side: string,
  placements: Record<string, string>,
  opts: {
    nonElite?: string[];
    elite?: string[];
    dice?: (number | number[])[];
    data?: (d: any) => void;
    options?: Record<string, unknown>;
  } = {},
): HodState {
  const data = scenarioCopy();
  if (opts.nonElite) data.battleResultsTable.columns['non-elite'] = opts.nonElite;
  if (opts.elite) data.battleResultsTable.columns.elite = opts.elite;
  // No recruits on the card used, to keep the position as built.
  for (const sd of [K, A]) data.decks[sd].find((c: any) => c.number === 9).recruit = [];
  opts.data?.(data);
  let s = setupGame('battle', 'hawaii-1795', 'long', { ...(opts.options ?? {}), scenarioData: data });
  s = position(s, placements);
  s.contested = Object.keys(Object.fromEntries(Object.entries(placements).map(([, sp]) => [sp, 1]))).filter((sp) => {
    const sides = new Set(
      Object.entries(s.units)
        .filter(([, u]) => u.at === sp)
        .map(([, u]) => u.owner),
    );
    return sides.has(K) && sides.has(A);
  });
  s = turnWith(s, side, 9, 5);
  return opts.dice ? withDice(s, opts.dice) : s;
}

export const ALL_P = ['P', 'P', 'P', 'P', 'P', 'P'];
export const ALL_E = ['E', 'E', 'E', 'E', 'E', 'E'];
export const NONE = ['-', '-', '-', '-', '-', '-'];

/** Lines of the report about who fired, in order. */
export function fireLines(text: string): string[] {
  return text.split('\n').filter((l) => / fires \d/.test(l));
}
