// What the engine needs from the tables, the counters and the scenario. The shipped data comes
// from branch mw-tables (tables-schema.ts, scenario-schema.ts); until it is merged the engine is
// written against this shape, which tests fill with small fixtures. adaptTables / adaptScenario
// will translate the mw-tables files into it.
import { ChitEffectSchema } from './tables-schema.ts';
import { z } from 'zod';
import { SafeId, SvgText } from '../contract/svg-data.ts';
import type { MaoriWarsMap } from './map-schema.ts';
import type { TerrainChart } from './terrain.ts';

export const UNIT_KINDS = [
  'warrior',
  'queenite',
  'neutral',
  'artillery',
  'cavalry',
  'infantry',
  'militia',
  'constabulary',
  'naval',
  'rangers',
  'gunboat',
  'canoe',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const STRUCTURE_KINDS = ['town', 'settlement', 'fort', 'village', 'pa'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

/** One side of a Combat Results Table entry: what happens to that side's units. */
export const Effect = z.strictObject({
  hits: z.number().int().min(0).max(4),
  disrupt: z.enum(['one', 'all']).nullable(),
  retreat: z.boolean(),
});
export type Effect = z.infer<typeof Effect>;
export const NO_EFFECT: Effect = { hits: 0, disrupt: null, retreat: false };
const CrtCell = z.strictObject({ attacker: Effect, defender: Effect });
export type CrtCell = z.infer<typeof CrtCell>;
/** Rows for modified die rolls from `minRoll` up (below and above: the first and last rows). */
const CrtColumn = z.array(CrtCell).min(1);

const Outcome = z.enum(['none', 'ally', 'allyOpponent']);
export const EngineTablesSchema = z.strictObject({
  unofficial: z.boolean(),
  provenance: SvgText(2000),
  crt: z.strictObject({ minRoll: z.number().int(), lesser: CrtColumn, equal: CrtColumn, greater: CrtColumn }),
  /** Bombardment table columns by target kind; one result per die roll 1-6. */
  bombardment: z.strictObject({
    units: z.array(Effect).length(6),
    canoes: z.array(Effect).length(6),
    pa: z.array(z.enum(['none', 'disrupted', 'removed'])).length(6),
    neutral: z.array(Outcome).length(6),
  }),
  /** Negotiation table: the result per modified die roll from `minRoll`. */
  negotiation: z.strictObject({
    minRoll: z.number().int(),
    results: z.array(Outcome).min(1),
    soleBritishLeader: z.number().int(),
    maoriLeader: z.number().int(),
  }),
  bdChits: z.array(
    z.strictObject({
      number: z.number().int().min(1),
      title: SvgText(),
      text: SvgText(2000),
      asterisk: z.boolean(),
      effect: z.strictObject({
        type: z.enum(['plan', 'drm', 'noCombat', 'other']),
        side: z.enum(['attacker', 'defender', 'british', 'maori']).optional(),
        value: z.number().int().optional(),
      }),
      /** The chit's full effects (tables-schema.ts vocabulary); absent: `effect` alone is played. */
      effects: z.array(ChitEffectSchema).optional(),
    }),
  ),
  /** Printed Movement Allowance per unit kind (leaders: the terrain chart's 4). */
  movement: z.record(z.enum(UNIT_KINDS), z.number().int().min(0)),
  leaderMovement: z.number().int().min(0).optional(),
  /** DRMs (the tables' Combat modifiers). */
  drm: z.strictObject({
    fortPaOccupied: z.number().int(),
    fortPaUnoccupied: z.number().int(),
    rough: z.number().int(),
    cavalryCharge: z.number().int(),
    militiaWithoutInfantry: z.number().int(),
  }),
  /** Raid DRMs (10.0), not cumulative: a raid takes the highest that holds. */
  raidDrm: z.strictObject({
    rangersWithLeader: z.number().int(),
    maori: z.number().int(),
    militia: z.number().int(),
    againstInfantry: z.number().int(),
  }),
  /** VP needed for a decisive victory and the minor/major levels (1.0). */
  victory: z.strictObject({ decisive: z.number().int(), minor: z.number().int(), major: z.number().int() }),
  vp: z.strictObject({
    settlement: z.number().int(),
    village: z.number().int(),
    fort: z.number().int(),
    pa: z.number().int(),
    townOccupied: z.number().int(),
    unit: z.number().int(),
    leader: z.number().int(),
    canoeByBritish: z.number().int(),
    fortBuilt: z.number().int(),
  }),
});
export type EngineTables = z.infer<typeof EngineTablesSchema>;

// Names of places and leaders are drawn on the map (a leader's name on its counter's title).
const Name = SvgText(80);
const TerritoryId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'a territory id is lower-case letters, digits and hyphens');
const Where = z.union([
  z.strictObject({ place: Name }),
  z.strictObject({ hex: z.string().regex(/^\d{4}$/, 'a hex id is four digits, CCRR') }),
  /** "X hexes in a direction from location Y" (14.0). */
  z.strictObject({
    place: Name,
    hexes: z.number().int().min(1),
    direction: z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']),
  }),
  /** "X hexes away from location Y", "adjacent to" (1 away) (14.0): counted across anything. */
  z.strictObject({ place: Name, away: z.number().int().min(1) }),
  /** "within X hexes of location Y" (14.0). */
  z.strictObject({ place: Name, within: z.number().int().min(0) }),
  z.strictObject({ box: z.literal('reinforcement') }),
  z.strictObject({ territory: TerritoryId }),
]);
export type Where = z.infer<typeof Where>;
export const SetupGroupSchema = z.strictObject({
  side: z.enum(['Maori', 'British', 'Neutral']),
  /** Queenite structures and leaders belong to the British side but to the Queenite category. */
  queenite: z.boolean().optional(),
  at: Where,
  structures: z.array(z.enum(STRUCTURE_KINDS)).default([]),
  units: z.array(z.strictObject({ kind: z.enum(UNIT_KINDS), count: z.number().int().min(1) })).default([]),
  leaders: z.array(Name).default([]),
});
export const EngineScenarioSchema = z.strictObject({
  id: SafeId,
  name: SvgText(),
  unofficial: z.boolean(),
  provenance: SvgText(2000),
  turns: z.number().int().min(1),
  /** Bush Raider territories that make the Designated Area (14.0). */
  designatedArea: z.array(TerritoryId),
  removeChits: z.array(z.number().int()),
  reinforcementsPerTurn: z.number().int().min(0).default(1),
  maxForts: z.number().int().min(0).optional(),
  militiaNoBushRaid: z.boolean().optional(),
  /** Leaders: their category (what they command and rally) and whether they are von Tempsky or Jackson. */
  leaders: z.record(
    Name,
    z.strictObject({
      category: z.enum(['british', 'queenite', 'maori', 'neutral']),
      rangerLeader: z.boolean().optional(),
    }),
  ),
  setup: z.array(SetupGroupSchema),
  automatic: z
    .array(
      z.strictObject({
        turn: z.number().int(),
        side: z.enum(['Maori', 'British']),
        kind: z.enum(UNIT_KINDS),
        count: z.number().int().min(1),
        at: Where,
      }),
    )
    .default([]),
  /** Leaders arriving with automatic reinforcements (on a friendly unit where they land). */
  automaticLeaders: z
    .array(z.strictObject({ turn: z.number().int(), side: z.enum(['Maori', 'British']), name: Name, at: Where }))
    .default([]),
  /** 6.0: the scenario includes the Sap Marker. */
  sapMarker: z.boolean().optional(),
  /** A special instruction's sea shipment (British, one Movement Phase; scenario-schema.ts). */
  seaShipment: z
    .strictObject({
      turn: z.number().int(),
      from: Name,
      artillery: z.number().int(),
      units: z.number().int(),
      coastal: z.boolean(),
      notAdjacentTo: z.array(z.enum(['unit', 'village', 'pa'])),
      unlessWaterHexside: z.boolean(),
    })
    .optional(),
});
export type EngineScenario = z.infer<typeof EngineScenarioSchema>;

export interface MWData {
  map: MaoriWarsMap;
  tables: EngineTables;
  scenario: EngineScenario;
  terrain: TerrainChart;
}
