// Every Maori Wars action, one type a kind (each kind's module in this folder), and the shape
// their modules share (contract/action-kind.ts). The types live here, below every module and
// every rule, so that the rules (combat, raids) read an action without importing its module.
import type { ActionKind } from '../../contract/action-kind.ts';
import type { StructureKind } from '../data-types.ts';
import type { MWState, Side, Standing } from '../state.ts';

export interface MoveAction {
  kind: 'move';
  unit: string;
  path: string[];
}
export interface TransportAction {
  kind: 'transport';
  boat: string;
  cargo: string[];
  path: string[];
}
export interface DestroyCanoeAction {
  kind: 'destroyCanoe';
  unit: string;
}
export interface ReinforceAction {
  kind: 'reinforce';
  unit: string;
  hex: string;
}
export interface AttackAction {
  kind: 'attack';
  target: string;
  from: string[];
  charge?: boolean;
  advance?: boolean;
}
export interface NegotiateAction {
  kind: 'negotiate';
  leader: string;
  hex: string;
}
export interface BushEnterAction {
  kind: 'bushEnter';
  unit: string;
}
export interface BushMoveAction {
  kind: 'bushMove';
  unit: string;
  territory: string;
}
export interface BushLeaveAction {
  kind: 'bushLeave';
  unit: string;
  hex: string;
}
/** Option 3 (10.0): raiders leave the box into `from` (and the hexes of `also`, "one or more hexes") and raid the enemy units in the adjacent `target`. */
export interface RaidAction {
  kind: 'raid';
  units: string[];
  target: string;
  from: string;
  also?: { units: string[]; from: string }[];
}
/** Option 4 (10.0): raiders try (3 or less) to raid the enemy unit `enemy` in their own territory. */
export interface BushRaidAction {
  kind: 'bushRaid';
  units: string[];
  enemy: string;
}
export interface ShipAction {
  kind: 'ship';
  units: string[];
  to: string;
}
export interface SapAction {
  kind: 'sap';
  hex: string;
  pa: string;
}
export interface LeaderMoveAction {
  kind: 'leaderMove';
  leader: string;
  to: string;
}
export type BombardTarget = 'units' | 'canoes' | 'pa' | 'neutral';
export interface BombardAction {
  kind: 'bombard';
  hex: string;
  target: BombardTarget;
}
export interface CarryAction {
  kind: 'carry';
  canoe: string;
  carrier: string;
  path: string[];
}
export interface RallyAction {
  kind: 'rally';
  unit: string;
  leader: string;
}
export interface BuildAction {
  kind: 'build';
  what: StructureKind;
  hex: string;
}
export interface RepairAction {
  kind: 'repair';
  hex: string;
}
export interface StandingAction {
  kind: 'standing';
  key: keyof Standing;
  value: string;
}
export interface PassAction {
  kind: 'pass';
}

export type Action =
  | MoveAction
  | TransportAction
  | DestroyCanoeAction
  | ReinforceAction
  | AttackAction
  | NegotiateAction
  | BushEnterAction
  | BushMoveAction
  | BushLeaveAction
  | RaidAction
  | ShipAction
  | SapAction
  | LeaderMoveAction
  | BombardAction
  | CarryAction
  | BushRaidAction
  | RallyAction
  | BuildAction
  | RepairAction
  | StandingAction
  | PassAction;

/** A kind's module. `problem` is asked after the runner's checks common to every kind (the game is not over, it is
 * `by`'s phase, the phase allows the kind, a `unit` named is `by`'s); `apply` writes what happened into the lines. */
export type MWKind<A extends Action> = ActionKind<MWState, A, Side, string[]>;
