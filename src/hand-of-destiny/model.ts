// The state of a Hand of Destiny game (plain JSON) and read-only questions about it.
import type { RandomState } from '../contract/random.ts';
import type { CardData, ScenarioData, SpaceData, UnitData } from './scenario-schema.ts';

/** System rules that a scenario does not override are options of the engine (all off by default but fog of war). */
export interface HodOptions {
  /** 10.0 (standard rule, on by default): a player may not examine enemy stacks unless his own units share the space. */
  fogOfWar: boolean;
  /** 7.2: when the deck is empty the discards are reshuffled into a new deck. */
  reshuffle: boolean;
  /** 12.0: units stop on entering river spaces; fleets move and carry along rivers. */
  riverMovement: boolean;
  /** 17.0: more artillery (fleets count) gives +1 to the advantage roll. */
  artillery: boolean;
  /** 18.0: units allowed by the scenario may break off instead of firing. */
  breakoff: boolean;
  /** 19.0: leaders and cavalry may pursue after the attacker wins. */
  pursuit: boolean;
  /** 20.0: four or more units a side make a major battle with a recruit and a loss. */
  majorBattles: boolean;
  /** 21.0: units out of supply move one space less and fight with one die less. */
  supply: boolean;
  /** 22.0: units allowed by the scenario build fort markers. */
  fortMarkers: boolean;
}

export const DEFAULT_OPTIONS: HodOptions = {
  fogOfWar: true,
  reshuffle: false,
  riverMovement: false,
  artillery: false,
  breakoff: false,
  pursuit: false,
  majorBattles: false,
  supply: false,
  fortMarkers: false,
};

/** Where a unit is: a space id, 'box' (Recruit Box) or 'dead' (never returns). */
export interface UnitState {
  at: string;
  /** Side controlling it; null for a neutral (Kaua'i before it joins anyone). */
  owner: string | null;
}

export interface DeckState {
  /** Face-down draw pile, top first. Secret. */
  draw: number[];
  /** Cards played in the first turns in this order before the shuffle (Hawaii 6.1). */
  opening: number[];
  discard: number[];
  /** Cards held for later play. Secret from the other side. */
  held: number[];
  /** The card drawn for the current player turn (face up), if it is this side's turn. */
  drawn: number | null;
  /** Cards set aside by 'remove from play'. */
  removed: number[];
  /** Shuffle draw pile and discards once the opening cards are used (Hawaii 6.1). */
  shuffleAfterOpening: boolean;
}

export interface FortMarker {
  space: string;
  owner: string;
}

export interface Standing {
  /** Fire order preference (unit names or kinds); default strongest first. */
  fire: string[];
  /** Which units take eliminations and panics first; default cheapest first. */
  losses: string[];
  /** Launch a war fleet when an invasion is sighted. */
  warFleet: 'always' | 'never' | 'stronger';
  /** Who may sail in the war fleet, in order of preference; empty: every unit but those whose loss ends the game. */
  warFleetCrew: string[];
  /** Preferred retreat spaces in order; default the friendly space with most strength. */
  retreat: string[];
  /** Use a held earthworks card (Hold the Line) when attacked: anywhere, nowhere, or these spaces. */
  earthworks: 'any' | 'none' | string[];
  /** 18.0: break off eligible units when the enemy is stronger. */
  breakoff: boolean;
  /** 19.0: pursue a beaten enemy into the space it retreated to. */
  pursuit: boolean;
  /** 20.0: the unit taken from the Recruit Box after winning a major battle, in order; default strongest. */
  majorRecruit: string[];
}

export const DEFAULT_STANDING: Standing = {
  fire: [],
  losses: [],
  warFleet: 'stronger',
  warFleetCrew: [],
  retreat: [],
  earthworks: 'any',
  breakoff: false,
  pursuit: false,
  majorRecruit: [],
};

export interface ReportEntry {
  /** What every reader allowed reads (observers included): no standing instruction, nothing the fog hides. */
  text: string;
  /** Sides that may read it; absent means everyone. The moderator reads all. */
  to?: string[];
  /** The draws of the seed's stream this entry's dice or shuffle used: first and last numbers. */
  draws?: [number, number];
  /**
   * Fuller versions for some readers, by side id or 'moderator': a player's own reasons (his
   * standing instruction or the default), or what his units in the space let him see (10.0).
   */
  versions?: Record<string, string>;
}

export interface Outcome {
  kind: 'victory' | 'tie';
  winners: string[];
  text: string;
}

export interface HodState {
  engine: 'hand-of-destiny';
  version: 1;
  seed: string;
  setup: string;
  scenario: ScenarioData;
  options: HodOptions;
  rng: RandomState;
  /** 1-based index into scenario.turns.labels. */
  turn: number;
  /** Whose player turn it is. */
  side: string;
  /** Player turns resolved so far. */
  playerTurns: number;
  units: Record<string, UnitState>;
  decks: Record<string, DeckState>;
  /** firstDrawOnly recruits already used: 'side:card:index'. */
  usedOnce: string[];
  forts: FortMarker[];
  /** Spaces allowed to hold both sides at the start of a player turn (sea-battle landings, switched neutrals). */
  contested: string[];
  /**
   * 11.8: spaces where a side landed after winning a sea battle, by space: that side holds the beach
   * and attacks from it in the next Battle Phase; the other side keeps the space (and its fort).
   * Absent in states saved before it existed (read as none).
   */
  beach?: Record<string, string>;
  standing: Record<string, Standing>;
  /** What happened when the current card was drawn (public). */
  drawReport: ReportEntry[];
  outcome: Outcome | null;
}

export interface Compiled {
  data: ScenarioData;
  space: Map<string, SpaceData>;
  unit: Map<string, UnitData>;
  cards: Map<string, Map<number, CardData>>;
  /** Neighbours by route: space -> [{to, type}] */
  adj: Map<string, { to: string; type: 'land' | 'river' }[]>;
  islandOf: Map<string, string>;
  islandSpaces: Map<string, string[]>;
  sideIds: string[];
  neutralIds: Set<string>;
  /** Unit ids in the scenario's order: every list of units follows it, never the state's key order. */
  unitIds: readonly string[];
}

const compiledCache = new WeakMap<ScenarioData, Compiled>();

export function compile(data: ScenarioData): Compiled {
  const hit = compiledCache.get(data);
  if (hit) return hit;
  const adj = new Map<string, { to: string; type: 'land' | 'river' }[]>();
  for (const s of data.spaces) adj.set(s.id, []);
  for (const r of data.routes) {
    adj.get(r.a)!.push({ to: r.b, type: r.type });
    adj.get(r.b)!.push({ to: r.a, type: r.type });
  }
  const islandOf = new Map<string, string>();
  const islandSpaces = new Map<string, string[]>();
  for (const isl of data.islands) {
    islandSpaces.set(isl.id, isl.spaces);
    for (const sp of isl.spaces) islandOf.set(sp, isl.id);
  }
  const cards = new Map<string, Map<number, CardData>>();
  for (const [side, deck] of Object.entries(data.decks)) cards.set(side, new Map(deck.map((c) => [c.number, c])));
  const c: Compiled = {
    data,
    space: new Map(data.spaces.map((s) => [s.id, s])),
    unit: new Map(data.units.map((u) => [u.id, u])),
    cards,
    adj,
    islandOf,
    islandSpaces,
    sideIds: data.sides.map((s) => s.id),
    neutralIds: new Set(data.neutrals.map((n) => n.id)),
    unitIds: data.units.map((u) => u.id),
  };
  compiledCache.set(data, c);
  return c;
}

/** Questions about a state. Cheap to build; holds no copy of the state. */
export class Game {
  readonly c: Compiled;
  constructor(readonly s: HodState) {
    this.c = compile(s.scenario);
  }
  get rules() {
    return this.s.scenario.rules;
  }
  get opt() {
    return this.s.options;
  }
  u(id: string): UnitData {
    const u = this.c.unit.get(id);
    if (!u) throw new Error(`unknown unit ${id}`);
    return u;
  }
  space(id: string): SpaceData {
    const s = this.c.space.get(id);
    if (!s) throw new Error(`unknown space ${id}`);
    return s;
  }
  /** Spaces where a unit is recruited without a leader: its own home and its contingent's (9.0). */
  homeOf(id: string): string[] {
    const u = this.u(id);
    const c = u.contingent ? this.s.scenario.contingents.find((x) => x.id === u.contingent) : undefined;
    return c ? [...new Set([...u.home, ...c.home])] : u.home;
  }
  card(side: string, n: number): CardData {
    const c = this.c.cards.get(side)?.get(n);
    if (!c) throw new Error(`unknown card ${side} #${n}`);
    return c;
  }
  sideName(side: string | null): string {
    if (side === null) return 'neutral';
    return (
      this.s.scenario.sides.find((x) => x.id === side)?.name ??
      this.s.scenario.neutrals.find((n) => n.id === side)?.name ??
      side
    );
  }
  /** "Kamehameha's", "Allied Chiefs'" */
  possessive(side: string): string {
    const n = this.sideName(side);
    return n.endsWith('s') ? `${n}'` : `${n}'s`;
  }
  enemy(side: string): string {
    return this.c.sideIds[0] === side ? this.c.sideIds[1]! : this.c.sideIds[0]!;
  }
  at(id: string): string {
    return this.s.units[id]!.at;
  }
  owner(id: string): string | null {
    return this.s.units[id]!.owner;
  }
  onMap(id: string): boolean {
    const at = this.s.units[id]!.at;
    return at !== 'box' && at !== 'dead';
  }
  // Units are listed in the scenario's order, never in the state's key order: a state stored as
  // Postgres jsonb comes back with its keys reordered, and the adjudication must not change with it.
  unitIds(): string[] {
    return this.c.unitIds.slice();
  }
  // These run in every rule check: plain loops, no intermediate arrays.
  unitsAt(space: string): string[] {
    const out: string[] = [];
    const units = this.s.units;
    for (const id of this.c.unitIds) if (units[id]!.at === space) out.push(id);
    return out;
  }
  sideUnitsAt(space: string, side: string): string[] {
    const out: string[] = [];
    const units = this.s.units;
    for (const id of this.c.unitIds) {
      const u = units[id]!;
      if (u.at === space && u.owner === side && !this.c.unit.get(id)!.marker) out.push(id);
    }
    return out;
  }
  hasSide(space: string, side: string): boolean {
    const units = this.s.units;
    for (const id of this.c.unitIds) {
      const u = units[id]!;
      if (u.at === space && u.owner === side && !this.c.unit.get(id)!.marker) return true;
    }
    return false;
  }
  neutralHeld(space: string): boolean {
    const units = this.s.units;
    for (const id of this.c.unitIds) if (units[id]!.at === space && units[id]!.owner === null) return true;
    return false;
  }
  contested(space: string): boolean {
    const [a, b] = this.c.sideIds;
    return this.hasSide(space, a!) && this.hasSide(space, b!);
  }
  /** Fights in battle: not a canoe fleet and not a marker. */
  fighter(id: string): boolean {
    const u = this.u(id);
    return !u.canoe && !u.marker;
  }
  /** A space a side occupies: its fighting units there, no enemy units. Used for victory. */
  occupies(side: string, space: string): boolean {
    return this.sideUnitsAt(space, side).some((id) => this.fighter(id)) && !this.hasSide(space, this.enemy(side));
  }
  /** Friendly space for retreats: any of its units there (canoes count), no enemy, no neutral. */
  friendlySpace(side: string, space: string): boolean {
    return this.hasSide(space, side) && !this.hasSide(space, this.enemy(side)) && !this.neutralHeld(space);
  }
  landSpaces(): string[] {
    return this.s.scenario.spaces.filter((s) => s.type === 'land').map((s) => s.id);
  }
  /** A printed fort usable by `side` (14.0: the scenario says who may use it), or its fort marker. */
  isFortFor(space: string, side: string): boolean {
    const sp = this.space(space);
    if (sp.fort && (!sp.fortFor || sp.fortFor.includes(side))) return true;
    return this.s.forts.some((f) => f.space === space && f.owner === side);
  }
  otherIslandSpaces(space: string): string[] {
    const isl = this.c.islandOf.get(space);
    if (!isl) return [];
    return this.c.islandSpaces.get(isl)!.filter((s) => s !== space);
  }
  neighbours(space: string): { to: string; type: 'land' | 'river' }[] {
    return this.c.adj.get(space) ?? [];
  }
  strengthOf(ids: string[]): number {
    return ids.reduce((n, id) => n + this.u(id).strength, 0);
  }
  label(id: string): string {
    const u = this.u(id);
    const str = u.marker ? '' : ` (${u.strength}${u.elite ? '+' : ''})`;
    return `${u.name}${str}`;
  }
  list(ids: string[]): string {
    return ids.length ? ids.map((id) => this.label(id)).join(', ') : 'nothing';
  }
  turnLabel(turn = this.s.turn): string {
    return this.s.scenario.turns.labels[turn - 1] ?? `turn ${turn}`;
  }
}

/** Deep copy of everything but the scenario (never changed by play). */
export function cloneState(s: HodState): HodState {
  const { scenario, ...rest } = s;
  const copy = structuredClone(rest) as Omit<HodState, 'scenario'>;
  return { ...copy, scenario } as HodState;
}

/** An error in a player's order or a scenario: the message names what is wrong. */
export class RuleError extends Error {}
