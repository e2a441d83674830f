// Every Aloha action, one type a kind (each kind's module in this folder), and the shape their
// modules share (contract/action-kind.ts). Below the state, so that the state's queue can hold them.
import type { ActionKind } from '../../contract/action-kind.ts';
import type { Island } from '../data.ts';
import type { AlohaState } from '../state.ts';

export interface ConvertStep {
  count: number;
  from: 'ph' | 'aloha' | 'commerce';
  to: 'aloha' | 'commerce' | 'homeRule';
  island?: Island;
}

export interface SettleAction {
  kind: 'settle';
  island: Island;
}
export interface MigrateAction {
  kind: 'migrate';
  count: number;
  from: Island;
  to: Island;
}
export interface WarriorAction {
  kind: 'warrior';
  island?: Island;
}
export interface TakeAction {
  kind: 'take';
  island: Island;
}
export interface EventAction {
  kind: 'event';
  card: number;
  island?: Island;
}
export interface KingAction {
  kind: 'king';
  island: Island;
}
export interface ConvertAction {
  kind: 'convert';
  steps: ConvertStep[];
}
export interface PassAction {
  kind: 'pass';
}

export type Action =
  | SettleAction
  | MigrateAction
  | WarriorAction
  | TakeAction
  | EventAction
  | KingAction
  | ConvertAction
  | PassAction;

/** A kind's module. `problem` is asked once the runner has found that `role` decides now and that the decision
 * allows the kind; `apply` writes what happened into the lines (the runner then ends the player's decision). */
export type AlohaKind<A extends Action> = ActionKind<AlohaState, A, string, string[]>;

/** The same action, whatever order its keys were written in (a client may send {card, kind}). */
export function sameAction(a: Action, b: Action): boolean {
  const canon = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(canon)
      : x && typeof x === 'object'
        ? Object.fromEntries(
            Object.entries(x)
              .filter(([, v]) => v !== undefined)
              .sort(([p], [q]) => (p < q ? -1 : 1))
              .map(([k, v]) => [k, canon(v)]),
          )
        : x;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}
