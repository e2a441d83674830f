// The words of the game, as data: units, orders, phases and positions.

export type UnitType = 'A' | 'F' | 'B';
export type Season = 'spring' | 'fall' | 'winter';
export type PhaseType = 'movement' | 'retreat' | 'adjustment';

export interface Phase {
  season: Season;
  year: number;
  type: PhaseType;
}

export interface Unit {
  power: string;
  type: UnitType;
  /** Location id: 'par', or 'spa/nc' for a fleet or boat bunch on a coast. */
  location: string;
}

export interface DislodgedUnit extends Unit {
  /** Province id the dislodging attacker came from. */
  attackerFrom: string;
  /** The attacker came by convoy, so its origin is open for the retreat. */
  attackerConvoyed?: boolean;
  /** Allowed retreat locations; worked out from the map when absent. */
  retreats?: string[];
}

/** A unit as an order names it: the type may be left out by the player. */
export interface UnitRef {
  type?: UnitType;
  /** Location id; the coast may be missing ('spa') when the player left it out. */
  location: string;
}

/**
 * One order, as read from a player's text. Locations are map location ids; a destination's
 * coast is present only when the player named one (the adjudicator fills in the only possible coast).
 */
export type Order =
  | { kind: 'hold'; unit: UnitRef }
  | { kind: 'move'; unit: UnitRef; to: string; viaConvoy: boolean }
  /** Support of a unit holding (to undefined) or moving to `to`. */
  | { kind: 'support'; unit: UnitRef; target: UnitRef; to?: string }
  | { kind: 'convoy'; unit: UnitRef; target: UnitRef; to: string }
  /** Heiau: an army builds boats (`A Kohala = B`). */
  | { kind: 'build-boats'; unit: UnitRef }
  /** Heiau: a European fleet builds its trading post (`F Ko'olau = C`). */
  | { kind: 'trading-post'; unit: UnitRef }
  /** Retreat phase: `F spa/sc - gol` (a move written in a retreat phase is a retreat). */
  | { kind: 'retreat'; unit: UnitRef; to: string }
  | { kind: 'disband'; unit: UnitRef }
  | { kind: 'build'; unitType: UnitType; location: string }
  | { kind: 'waive' };

export type OrderKind = Order['kind'];

export type OrderResult = 'succeeds' | 'fails' | 'illegal' | 'void';

/** A position: what is on the board at the start of a phase. */
export interface Position {
  variant: string;
  phase: Phase;
  units: Unit[];
  /** Retreat phases: the units that must retreat or disband. */
  dislodged?: DislodgedUnit[];
  /** Retreat phases: provinces left empty by a standoff in the movement phase. */
  contested?: string[];
  /** Owner of each owned supply centre (heiau, trading post), by province id. */
  supplyCenters: Record<string, string>;
  /** Heiau: trading posts built so far, by province id -> the power that built it. */
  tradingPosts?: Record<string, string>;
}
