// What every action kind of a player turn shares (contract/action-kind.ts): the actions a
// submission is made of, the accepted submission the deadline resolves, and the one shape each
// kind's module (play.ts, recruit.ts, move.ts, ...) exports. A kind acts on the turn in progress
// (`SideTurn`: planned while a submission is read, or played at the deadline).
import type { ActionKind } from '../../contract/action-kind.ts';
import { type Game, RuleError } from '../model.ts';
import type { StandingPatch } from '../standing.ts';
import type { MoveOrder, Phase, SideTurn } from '../turn.ts';

export type HodAction =
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

/** The accepted part of a player's submission, with unit and space ids resolved. */
export interface Submission {
  standing: StandingPatch[];
  /** Card whose event is played this turn (a held card, or the drawn card if it could be held). */
  play: number | null;
  /** Hold the drawn card (the default for cards that may be held and are not played). */
  hold: boolean;
  removes: string[];
  recruits: { unit: string; space: string | null }[];
  forts: { action: 'build' | 'dismantle'; space: string }[];
  moves: MoveOrder[];
  battles: string[];
}

export const EMPTY_SUBMISSION: Submission = {
  standing: [],
  play: null,
  hold: false,
  removes: [],
  recruits: [],
  forts: [],
  moves: [],
  battles: [],
};

/** A line read: turned into actions against the planned position (may throw RuleError) and how it was read. */
export interface Parsed {
  /** Lines are taken in phase order (this rank), whatever their order in the message. */
  rank: number;
  build: (t: SideTurn) => { frags: HodAction[]; reading: string };
}

/** One action kind: the shared shape, plus how a line of it is read and how it enters the submission. */
export interface HodKind<A extends HodAction> extends ActionKind<SideTurn, A, string> {
  /** Order words that start a line of this kind (none: planning only). */
  words: readonly string[];
  rank: number;
  /** Reads the text after the order word (`word`); throws RuleError naming the bad word. */
  read?(g: Game, side: string, word: string, rest: string): Parsed;
  /** Adds `a` to the submission resolved at the deadline. */
  submit(sub: Submission, a: A): void;
}

/**
 * `problem` of a kind: the action tried on a copy of the turn so far (its own checks say why not,
 * in the rulebook's words); the turn itself is not changed.
 */
export function tried<A extends HodAction>(apply: (t: SideTurn, by: string, a: A) => void) {
  return (t: SideTurn, by: string, a: A): string | null => {
    if (by !== t.side && a.kind !== 'standing')
      return `it is ${t.g.possessive(t.side)} turn: only STANDING instructions are read from ${t.g.sideName(by)} now`;
    try {
      apply(t.fork(), by, a);
      return null;
    } catch (e) {
      if (e instanceof RuleError) return e.message;
      throw e;
    }
  };
}

/** The turn as it would stand at `phase` (a copy, when that phase is still to come); null once passed. */
export function atPhase(t: SideTurn, phase: Phase): SideTurn | null {
  const order = ['card', 'removal', 'recruit', 'fort', 'move', 'battle', 'end'];
  const want = order.indexOf(phase);
  const cur = order.indexOf(t.phase);
  if (want < cur) return null;
  if (want === cur) return t;
  const f = t.fork();
  f.advanceTo(phase);
  return f;
}

export function unitNames(g: Game, ids: string[]): string {
  return ids.map((id) => g.u(id).name).join(', ');
}

export function spaceName(g: Game, id: string): string {
  return g.space(id).name;
}
