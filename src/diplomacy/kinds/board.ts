// What an order kind sees of a phase: the board of a movement, retreat or adjustment phase, as the
// phase's adjudicator holds it. Each kind's module (hold.ts, move.ts, ...) checks its orders against
// it (problem), hands a legal one to the phase (apply), lists what may be ordered (options) and
// reads it to people (describe), as godip keeps one file per order kind.
import type { ActionKind } from '../../contract/action-kind.ts';
import type { DipMap } from '../maps/map.ts';
import type { DislodgedUnit, Order, Unit, UnitRef } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { readingWithNames } from '../orders/notation.ts';

/** An order that is illegal on this board, with why (thrown inside a kind's check). */
export class Illegal {
  constructor(readonly reason: string) {}
}

/** Heiau `= B` and `= C`: the unit stays put like a holding unit. */
export const SPECIAL = 4;

/** What a legal movement order means on the board, before resolution. */
export interface Intent {
  /** HOLD, MOVE, SUPPORT, CONVOY (resolver.ts) or SPECIAL. */
  kind: number;
  /** MOVE: destination location index (coast filled in). */
  toLoc: number;
  /** MOVE/SUPPORT/CONVOY: destination province. */
  toProv: number;
  viaConvoy: boolean;
  /** MOVE by a boat bunch inland, or SUPPORT by it into an inland province: it burns its boats. */
  burns: boolean;
  /** SUPPORT/CONVOY: province of the unit supported or convoyed. */
  targetProv: number;
  /** SUPPORT of a move: the coast the supporter named, if any. */
  toCoast: string | null;
  /** SUPPORT: of a hold (no move). */
  supportHold: boolean;
  special: 'build-boats' | 'trading-post' | null;
  /** build-boats: the location of the new boat bunch. */
  boatLoc: number;
}

export function intent(kind: number, toProv = -1, targetProv = -1): Intent {
  return {
    kind,
    toLoc: -1,
    toProv,
    viaConvoy: false,
    burns: false,
    targetProv,
    toCoast: null,
    supportHold: false,
    special: null,
    boatLoc: -1,
  };
}

/** A movement phase's board (adjudicator/movement.ts), with the checks the kinds share. */
export interface MovementBoard {
  phase: 'movement';
  variant: Variant;
  map: DipMap;
  units: Unit[];
  tradingPosts: Record<string, string>;
  /** Unit index standing in each province, or -1. */
  unitAt: Int32Array;
  /** Province and location index of each unit. */
  prov: Int32Array | number[];
  loc: Int32Array;
  /** Provinces whose fleet could convoy. */
  capable: Uint8Array;
  /** The order index each unit was given (first one counts), -1 when none yet. */
  orderOf: Int32Array;
  intents: (Intent | null)[];
  name(prov: number): string;
  locName(loc: number): string;
  provinceIndex(location: string): number;
  /** The unit `ref` names, the power's own; throws Illegal. */
  findUnit(power: string, ref: UnitRef): number;
  fleetDestination(fromLoc: number, to: string): number;
  inland(u: number, q: number): boolean;
  convoyConceivable(src: number, dst: number, without?: number): boolean;
  canReach(u: number, q: number): boolean;
  movePossible(t: number, q: number, coast: string | undefined, supporter: number): boolean;
  /** Where each unit could move by itself or by convoy (for options), worked out once. */
  targets(u: number): { to: string; viaConvoy: boolean }[];
}

/** A retreat phase's board (adjudicator/retreat.ts). */
export interface RetreatBoard {
  phase: 'retreat';
  variant: Variant;
  map: DipMap;
  units: Unit[];
  dislodged: DislodgedUnit[];
  /** Where each dislodged unit may retreat. */
  retreats: string[][];
  /** The order index each dislodged unit was given, -1 when none yet; and the retreat chosen. */
  ordered: number[];
  chosen: (string | null)[];
}

/** An adjustment phase's board (adjudicator/adjustment.ts), with what the orders so far used. */
export interface AdjustmentBoard {
  phase: 'adjustment';
  variant: Variant;
  map: DipMap;
  units: Unit[];
  supplyCenters: Record<string, string>;
  /** Builds (positive) or disbands (negative) due per power. */
  due: Record<string, number>;
  used: Record<string, number>;
  builtIn: Set<string>;
  occupied: Set<string | undefined>;
  removed: Set<number>;
  built: Unit[];
  /** The power as the board spells it. */
  powerOf(name: string): string;
}

export type DipBoard = MovementBoard | RetreatBoard | AdjustmentBoard;

/** One order kind: the shared shape, plus the order in the reader's notation (map ids). */
export interface OrderKind<A extends Order> extends ActionKind<DipBoard, A, string, number> {
  notation(a: A): string;
}

/** Why an order of a kind the phase does not take is refused, in each phase. */
export const NOT_IN_MOVEMENT = {
  retreat: 'retreats are ordered in the retreat phase',
  disband: 'disbands are ordered in the retreat or adjustment phase',
  build: 'builds are ordered in the adjustment phase',
} as const;
export const NOT_IN_RETREAT = 'only retreats and disbands are ordered in a retreat phase';
export const NOT_IN_ADJUSTMENT = 'only builds, disbands and waives are ordered in the adjustment phase';

/** Runs a movement check, turning Illegal into its reason. */
export function reasonOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (e) {
    if (e instanceof Illegal) return e.reason;
    throw e;
  }
}

/** The movement-phase part every unit order shares: the unit is the power's, and its first order counts. */
export function orderedUnit(b: MovementBoard, power: string, ref: UnitRef): number {
  const u = b.findUnit(power, ref);
  if (b.orderOf[u] >= 0)
    throw new Illegal(`${b.units[u].type} ${b.name(b.prov[u])} already has an order; the first one counts`);
  return u;
}

/** The retreat-phase part every order shares: the dislodged unit it names, the power's, not yet ordered. */
export function dislodgedUnit(b: RetreatBoard, power: string, ref: UnitRef): number | string {
  const map = b.map;
  const provinceOf = (loc: string) => map.provinceOf(loc)?.id ?? map.province(loc.split('/')[0])?.id;
  const where = provinceOf(ref.location);
  const d = b.dislodged.findIndex((u) => provinceOf(u.location) === where);
  if (d < 0) return `no dislodged unit in ${where ? map.province(where)!.name : ref.location}`;
  const unit = b.dislodged[d];
  if (unit.power.toLowerCase() !== power.toLowerCase())
    return `the unit in ${map.province(where!)!.name} belongs to ${unit.power}`;
  if (b.ordered[d] >= 0) return 'this unit already has an order; the first one counts';
  return d;
}

/** The order with the rulebook's place names: `A Paris - Burgundy`. */
export const named = (b: DipBoard, text: string) => readingWithNames(b.map, text);

/** Why a movement-phase kind is refused in another phase. */
export const notInPhase = (b: RetreatBoard | AdjustmentBoard) =>
  b.phase === 'retreat' ? NOT_IN_RETREAT : NOT_IN_ADJUSTMENT;

type UnitOrder = Extract<Order, { unit: UnitRef }>;

/**
 * problem and apply of a movement-phase kind from its check (which throws Illegal): the check runs
 * once, in problem, and apply takes its intent (the adjudicator calls apply right after problem).
 */
export function movementOrder<A extends UnitOrder>(check: (b: MovementBoard, u: number, a: A) => Intent) {
  let last: { b: MovementBoard; a: A; u: number; it: Intent } | null = null;
  return {
    problem(b: DipBoard, power: string, a: A): string | null {
      if (b.phase !== 'movement') return notInPhase(b);
      return reasonOf(() => {
        const u = orderedUnit(b, power, a.unit);
        last = { b, a, u, it: check(b, u, a) };
      });
    },
    apply(b: DipBoard, power: string, a: A, i: number): void {
      if (b.phase !== 'movement') return;
      const m =
        last && last.a === a && last.b === b
          ? last
          : (() => {
              const u = orderedUnit(b, power, a.unit);
              return { u, it: check(b, u, a) };
            })();
      last = null;
      b.orderOf[m.u] = i;
      b.intents[m.u] = m.it;
    },
  };
}

/** The power's units on a movement board, with their indexes. */
export function unitsOf(b: DipBoard, power: string): number[] {
  const out: number[] = [];
  b.units.forEach((u, i) => {
    if (u.power === power) out.push(i);
  });
  return out;
}

export const refOf = (u: Unit): UnitRef => ({ type: u.type, location: u.location });
