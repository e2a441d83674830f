// Every action kind of a Hand of Destiny player turn, each in its own module with the one shape
// (problem, apply, options, describe; contract/action-kind.ts), in the table that reading a
// submission, planning it and resolving it dispatch through.
import type { ActionTable } from '../../contract/action-kind.ts';
import type { SideTurn } from '../turn.ts';
import { advance } from './advance.ts';
import { battles } from './battles.ts';
import { fort } from './fort.ts';
import { hold } from './hold.ts';
import { EMPTY_SUBMISSION, type HodAction, type HodKind, type Submission } from './kind.ts';
import { move } from './move.ts';
import { play } from './play.ts';
import { recruit } from './recruit.ts';
import { remove } from './remove.ts';
import { standing } from './standing.ts';

export const ACTIONS: { [K in HodAction['kind']]: HodKind<Extract<HodAction, { kind: K }>> } = {
  standing,
  play,
  hold,
  remove,
  recruit,
  fort,
  move,
  battles,
  advance,
};

// The table is the contract's ActionTable: each kind has its module with the four functions.
const _contract: ActionTable<SideTurn, HodAction, string> = ACTIONS;
void _contract;

/** The module of an action's kind. */
export const actionOf = (a: HodAction) => ACTIONS[a.kind] as unknown as HodKind<HodAction>;

/** The kind a line's first word starts. */
export const KIND_BY_WORD: ReadonlyMap<string, HodKind<HodAction>> = new Map(
  Object.values(ACTIONS).flatMap((k) => k.words.map((w) => [w, k as unknown as HodKind<HodAction>] as const)),
);

export const ORDER_WORDS = 'PLAY, HOLD, REMOVE, RECRUIT, BUILD FORT, DISMANTLE FORT, MOVE, FLEET, BATTLE, STANDING';

/** The accepted actions as the submission the deadline resolves. */
export function toSubmission(actions: HodAction[]): Submission {
  const sub: Submission = structuredClone(EMPTY_SUBMISSION);
  for (const a of actions) actionOf(a).submit(sub, a);
  return sub;
}

export { EMPTY_SUBMISSION, type HodAction, type HodKind, type Parsed, type Submission } from './kind.ts';
