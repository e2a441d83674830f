// The one shape every engine's action (or order) kinds share, as godip keeps one file per order
// kind: each kind is a module exporting an ActionKind, and the engine dispatches through a table
// keyed by the kind (`ActionTable`), never through a switch of its own.
//
//   S: the engine's state;  A: this kind's action (with its `kind` tag);
//   R: who acts (a role, a side);  X: what apply needs beyond the state (the report's lines, the
//      seeded random stream already in the state, a phase context); `void` when nothing.

export interface ActionKind<S, A extends { kind: string }, R = string, X = void> {
  kind: A['kind'];
  /** Why `by` may not take `a` now, in the rulebook's words; null when it may. Pure: changes nothing. */
  problem(s: S, by: R, a: A): string | null;
  /** Carries `a` out on `s` (which the engine has already copied). Only after `problem` said null. */
  apply(s: S, by: R, a: A, x: X): void;
  /** Every `a` of this kind `by` may take now (for the options endpoint, the page and simulators). */
  options(s: S, by: R): A[];
  /** `a` as a person reads it, with the rulebook's names. */
  describe(s: S, a: A): string;
}

/** Every kind of an action union `A`, each with its own module. */
export type ActionTable<S, A extends { kind: string }, R = string, X = void> = {
  [K in A['kind']]: ActionKind<S, Extract<A, { kind: K }>, R, X>;
};

/** The module for `a`'s kind, typed for `a`. */
export function kindOf<S, A extends { kind: string }, R, X>(
  table: ActionTable<S, A, R, X>,
  a: A,
): ActionKind<S, A, R, X> {
  return (table as unknown as Record<string, ActionKind<S, A, R, X>>)[a.kind]!;
}
