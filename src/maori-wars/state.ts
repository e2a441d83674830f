// The Maori Wars state: plain JSON. Units (leaders too) carry where they are: a hex "CCRR", a Bush
// Raider territory ("bush:<id>"), the Reinforcement Box ("box") or out of the game ("gone").
import { d6, drawsSince, drawsText, nextDraw, type RandomState } from '../contract/random.ts';
import type { MWData, StructureKind, UnitKind } from './data-types.ts';
import type { MaoriWarsMap } from './map-schema.ts';
import { neighbours } from './hex.ts';
import { shippedData } from './adapt.ts';

export type Side = 'Maori' | 'British';
export type Owner = Side | 'Neutral';
export const SIDES: Side[] = ['Maori', 'British'];
export const PHASES = [
  'reinforcement',
  'movement',
  'rally',
  'alliance',
  'combat',
  'bushRaider',
  'construction',
  'attrition',
] as const;
export type PhaseName = (typeof PHASES)[number];
export const PHASE_NAMES: Record<PhaseName, string> = {
  reinforcement: 'Reinforcement Phase',
  movement: 'Movement Phase',
  rally: 'Rally Phase',
  alliance: 'Alliance Phase',
  combat: 'Combat Phase',
  bushRaider: 'Bush Raider Phase',
  construction: 'Construction Phase',
  attrition: 'Attrition Phase',
};

export interface Unit {
  id: string;
  /** 'leader' for leaders; otherwise the counter's kind. */
  kind: UnitKind | 'leader';
  owner: Owner;
  /** Leaders' names; units are named by kind and place. */
  name?: string;
  /** Leaders: who they command and rally (7.0). */
  category?: 'british' | 'queenite' | 'maori' | 'neutral';
  rangerLeader?: boolean;
  at: string;
  disrupted: boolean;
}

export interface Structure {
  id: string;
  kind: StructureKind;
  owner: Owner;
  queenite?: boolean;
  hex: string;
  disrupted: boolean;
}

/** A player's standing instructions (docs/maori-wars.md): losses is a comma list of unit kinds ('' = the default order);
 * fortRetreat: units in a Fort/Pa leave on a retreat result or stay; bombard: bombard before each attack or not. */
export interface Standing {
  evade: 'always' | 'never' | 'weaker';
  counter: 'always' | 'never';
  absorb: 'always' | 'never';
  losses?: string;
  fortRetreat?: 'stay' | 'leave';
  bombard?: 'always' | 'never';
  reinforce?: string;
  arrive?: string;
  wounded?: string;
  extra?: 'always' | 'never' | 'greater';
  targets?: string;
  parley?: 'always' | 'never';
  /** 9.0: the hex this player's evading/retreating units go toward ('' = the default). */
  retreat?: string;
  /** 4.0: the kinds of the opponent's over-stacked units this player moves out first ('' = the default), and the hex it moves them toward. */
  overstack?: string;
  overstackToward?: string;
  /** 13.0: the hexes whose units attrition takes first, in that order ('' = the default). */
  attrition?: string;
  /** BD chits: the Neutral Villages a chit's alliance roll takes first, the hexes a chit's combat elsewhere is made
   * from (only those), and (10.0) the landing hexes the raided units reply against first ('' = the defaults). */
  parleyAt?: string;
  /** 9.0 step 6: the attacking hexes this player's counter-attack goes against first ('' = the default). */
  counterAt?: string;
  extraFrom?: string;
  /** 9.0 step 5: Cavalry charge in a chit's combat elsewhere when they may. */
  extraCharge?: 'always' | 'never';
  reply?: string;
  /** 9.0 step 2: how many units of an evading stack remain ('' = none: all evade), and whether each evader goes to a hex of its own. */
  evadeStay?: string;
  evadeSpread?: 'always' | 'never';
}
// BD chits (docs/maori-wars.md): reinforce = kinds a reinforcement chit brings first, arrive = hexes it
// arrives in first ('' = the defaults), wounded = leaders a "Leader Wounded" takes first, extra = whether
// to make a chit's extra combat, targets = hexes it attacks first, parley = whether to make a chit's alliance roll.
export const DEFAULT_STANDING: Standing = { evade: 'weaker', counter: 'always', absorb: 'always' };
/** The defaults of the instructions a player has not sent (the report says "default" for these). */
export const STANDING_DEFAULTS: Required<Standing> = {
  ...DEFAULT_STANDING,
  losses: '',
  fortRetreat: 'stay',
  bombard: 'always',
  reinforce: '',
  arrive: '',
  wounded: '',
  extra: 'greater',
  targets: '',
  parley: 'always',
  retreat: '',
  overstack: '',
  overstackToward: '',
  attrition: '',
  counterAt: '',
  parleyAt: '',
  extraFrom: '',
  extraCharge: 'never',
  reply: '',
  evadeStay: '',
  evadeSpread: 'never',
};
/** A side's standing instructions with the defaults filled in (states older than a field lack it). */
export function standingOf(s: MWState, side: Side): Required<Standing> {
  return { ...STANDING_DEFAULTS, ...s.standing[side] };
}

export interface MWState {
  game: 'maori-wars';
  seed: string;
  rng: RandomState;
  /** A moderator's (or a test's) data; absent: the shipped map, tables and scenario (adapt.ts). */
  data?: MWData;
  turn: number;
  side: Side;
  phase: PhaseName;
  /** Decisions resolved so far (numbers the phases). */
  seq: number;
  units: Unit[];
  structures: Structure[];
  /** The Victory Point marker: positive towards the British side, negative towards the Maori (1.0). */
  vp: number;
  /** The Battle Dispatch cup, in its (hidden) drawing order, and the chits played. */
  cup: number[];
  played: number[];
  standing: Record<Side, Standing>;
  /** Ids of units that moved, attacked, evaded or entered the Bush Raider Box in this phase. */
  moved: string[];
  attacked: string[];
  evaded: string[];
  bombarded: string[];
  fortsBuilt: number;
  /** Units the scenario's sea shipment carried this phase (they move no further). */
  shipped?: string[];
  /** The Sap Marker (6.0): where, the Pa it points at, the turn placed, whether the Pa has fallen. */
  sap?: { hex: string; pa: string; turn: number; done?: boolean };
  /** Movement points spent this phase, per unit id. */
  mpSpent: Record<string, number>;
  /** Set-up (14.0): the groups set up "within X hexes" of a place, whose hex is their owner's choice, and
   * the side choosing now (absent once set-up is over). */
  setupGroups?: {
    side: Side;
    place: string;
    within: number;
    structures: string[];
    units: string[];
    chosen?: boolean;
  }[];
  setupSide?: Side;
  /** Rally Phase (7.0): the leader the phasing player sent to each Disrupted unit (unit id → leader id). */
  rallies?: Record<string, string>;
  /** Leaders and Village hexes that negotiated this Alliance Phase. */
  negotiated: string[];
  /** Units brought from the Reinforcement Box this turn; whether this turn's Construction is used. */
  reinforced: number;
  built: boolean;
  /** Whether the scenario began with Maori Villages/Pa and with Settlements (the decisive victories need something to eliminate). */
  hadMaoriVillages: boolean;
  hadSettlements: boolean;
  /** What the phases before the first decision did (set-up), for the first report. */
  prelude?: string[];
  /** Where set-up departed from a printed place, and why. */
  setupNotes: string[];
  nextId: number;
  result: { kind: 'victory' | 'draw'; winners: string[]; text: string } | null;
}

export const other = (s: Side): Side => (s === 'Maori' ? 'British' : 'Maori');
export const isHex = (at: string) => /^\d{4}$/.test(at);
export const hexOf = (u: Unit): string | null => (isHex(u.at) ? u.at : null);
export const isLeader = (u: Unit) => u.kind === 'leader';
export const onMap = (u: Unit) => isHex(u.at);

let shipped: MWData | null = null;
export function shippedEngineData(): MWData {
  return (shipped ??= shippedData());
}
export function dataOf(s: MWState): MWData {
  return s.data ?? shippedEngineData();
}
export function mapOf(s: MWState): MaoriWarsMap {
  return dataOf(s).map;
}
const hexIndex = new WeakMap<MaoriWarsMap, Map<string, MaoriWarsMap['hexes'][number]>>();
export function hexData(m: MaoriWarsMap, id: string) {
  let idx = hexIndex.get(m);
  if (!idx) {
    idx = new Map(m.hexes.map((h) => [h.id, h]));
    hexIndex.set(m, idx);
  }
  return idx.get(id);
}
export function mapNeighbours(m: MaoriWarsMap, id: string): string[] {
  return neighbours(id).filter((n) => hexData(m, n));
}
export function hexside(m: MaoriWarsMap, a: string, b: string) {
  return m.hexsides.find((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a))?.kind ?? null;
}

export const unitsAt = (s: MWState, hex: string) => s.units.filter((u) => u.at === hex);
/** A unit by id; a side's units. */
export const unit = (s: MWState, id: string) => s.units.find((u) => u.id === id);
export const sideUnits = (s: MWState, side: Side) => s.units.filter((u) => u.owner === side);
/** Whether `hex` is in the scenario's Designated Area (British reinforcements, new Structures). */
export const designated = (s: MWState, hex: string) =>
  dataOf(s).scenario.designatedArea.includes(hexData(mapOf(s), hex)?.territory ?? '');
export const structuresAt = (s: MWState, hex: string) => s.structures.filter((x) => x.hex === hex);
/** Counts toward stacking (4.0): not leaders, Canoes, Gunboats, Artillery. */
export const stacks = (u: Unit) => !['leader', 'canoe', 'gunboat', 'artillery'].includes(u.kind);
/** Strength 1, except Canoes, Gunboats, Artillery (3.0, 9.0); leaders have none. */
export const strength = (u: Unit) => (['leader', 'canoe', 'gunboat', 'artillery'].includes(u.kind) ? 0 : 1);
/** The default order in which units take hits (docs/maori-wars.md), Disrupted units first. */
export const LOSS_KINDS = [
  'militia',
  'neutral',
  'warrior',
  'queenite',
  'constabulary',
  'naval',
  'infantry',
  'cavalry',
  'rangers',
  'artillery',
];
export const NZ_KINDS: UnitKind[] = ['militia', 'constabulary', 'rangers'];

/** The stacking limit for a side in a hex (4.0): 4, the British 2 in rough. */
export function stackLimit(s: MWState, side: Owner, hex: string): number {
  return side === 'British' && hexData(mapOf(s), hex)?.terrain === 'rough' ? 2 : 4;
}
export function stackCount(s: MWState, side: Owner, hex: string): number {
  return unitsAt(s, hex).filter((u) => u.owner === side && stacks(u)).length;
}

/** A dice roll written into the report with its draw number. */
export function roll(s: MWState, lines: string[], what: string, mod = 0): number {
  const from = nextDraw(s.rng);
  const r = d6(s.rng);
  const d = drawsSince(s.rng, from);
  lines.push(
    `${what}: rolled ${r}${mod ? ` ${mod > 0 ? '+' : '−'} ${Math.abs(mod)} = ${r + mod}` : ''}${d ? ` (${drawsText(d)})` : ''}.`,
  );
  return r + mod;
}

export function placeName(s: MWState, hex: string): string {
  const p = mapOf(s).places.find((x) => x.hex === hex);
  return p ? `${p.name} (${hex})` : hex;
}

export const KIND_NAMES: Record<UnitKind | 'leader', string> = {
  warrior: 'Maori Warriors',
  queenite: 'Queenite Warriors',
  neutral: 'Neutral Warriors',
  artillery: 'Artillery',
  cavalry: 'Cavalry',
  infantry: 'Infantry',
  militia: 'Militia',
  constabulary: 'Constabulary',
  naval: 'Naval',
  rangers: 'Rangers',
  gunboat: 'Gunboat',
  canoe: 'Canoe',
  leader: 'leader',
};
export const STRUCTURE_NAMES: Record<StructureKind, string> = {
  town: 'Town',
  settlement: 'Settlement',
  fort: 'Fort',
  village: 'Village',
  pa: 'Pa',
};

export function unitName(s: MWState, u: Unit): string {
  const where = isHex(u.at)
    ? ` at ${placeName(s, u.at)}`
    : u.at.startsWith('bush:')
      ? ` in ${territoryName(s, u.at.slice(5))}`
      : u.at === 'box'
        ? ' in the Reinforcement Box'
        : '';
  if (u.name) return `${u.name}${where}`;
  const owner = u.owner === 'British' && u.kind !== 'queenite' ? 'British ' : '';
  return `${u.disrupted ? 'Disrupted ' : ''}${owner}${KIND_NAMES[u.kind]}${where}`;
}
export function structureName(s: MWState, x: Structure): string {
  const whose = x.owner === 'Neutral' ? 'Neutral ' : x.queenite ? 'Queenite ' : `${x.owner} `;
  // A Town is printed British; one the Maori took says so (9.0 step 7, "occupying the Town").
  return `${x.disrupted ? 'Disrupted ' : ''}${x.kind === 'town' ? (x.owner === 'British' ? '' : `${x.owner}-occupied `) : whose}${STRUCTURE_NAMES[x.kind]} at ${placeName(s, x.hex)}`;
}
export function territoryName(s: MWState, id: string): string {
  return mapOf(s).territories.find((t) => t.id === id)?.name ?? id;
}

/** The Settlements still standing for 1.0's decisive Maori win: a Fort not on a Town stands on its Settlement (12.0 "replace
 * the Settlement with a Fort"; a destroyed Fort is "replaced with a Settlement", 9.0, 11.0), so it counts as that Settlement;
 * a Fort on a Town leaves nothing when it goes and does not matter (docs/maori-wars.md). */
export function settlementsStanding(s: MWState): Structure[] {
  return s.structures.filter(
    (x) =>
      x.kind === 'settlement' || (x.kind === 'fort' && !s.structures.some((y) => y.hex === x.hex && y.kind === 'town')),
  );
}

/** A part of a report line only `side`'s player and the moderator read: which of its standing instructions, or which
 * default, decided (the instructions are private to their author, docs/maori-wars.md); what happened stays public. */
export function aside(side: Owner, text: string): string {
  return `\u0001${side}\u0002${text}\u0003`;
}
/** Report lines as `reader` reads them: its own asides (every aside for the moderator), none of another's; a line that
 * was all aside goes. */
export function linesFor(lines: string[], reader: Side | 'moderator' | null): string[] {
  return lines
    .map((l) =>
      l.replace(/\u0001(\w+)\u0002([^\u0003]*)\u0003/g, (_, side: string, text: string) =>
        reader === 'moderator' || reader === side ? text : '',
      ),
    )
    .filter((l) => l.trim());
}

/** VP to `side` (moves the single marker towards it). */
export function gainVp(s: MWState, side: Side, n: number, why: string, lines: string[]): void {
  // Once the game has ended the marker no longer moves.
  if (!n || s.result) return;
  s.vp += side === 'British' ? n : -n;
  lines.push(`${side} gains ${n} VP (${why}); the marker stands at ${vpText(s.vp)}.`);
  // 1.0 "End the game immediately when … first to reach 9": at this change of the marker, not after the whole action
  // (an exchange's second half could move it back).
  const d = dataOf(s).tables.victory.decisive;
  if (Math.abs(s.vp) >= d) {
    const w: Side = s.vp > 0 ? 'British' : 'Maori';
    s.result = { kind: 'victory', winners: [w], text: `${w} wins decisively: first to ${d} Victory Points` };
    lines.push(s.result.text + '.');
  }
}
export function vpText(vp: number): string {
  return vp === 0 ? '0' : `${Math.abs(vp)} ${vp > 0 ? 'British' : 'Maori'}`;
}
