// The shape of a Maori Wars scenario: length, designated area, special instructions as rules the
// engine enforces, set-up groups in the printed order, reinforcements and the Reinforcement Box.
// The rulebook prints only part of Hōne Heke's Challenge; the rest of data/hone-hekes-challenge.json
// is a reconstruction (marked `unofficial`, with notes). A moderator may supply the printed scenario
// (game option `scenarioData`), validated the same way: strict objects, so a misspelt key is refused
// with its path; then cross-checked against the places, the counter mix and the chits.
//
// Locations are named places (REQUIRED_PLACES of map-schema.ts) in the forms rule 14.0 prints; the
// engine's set-up resolves them on the map (hex.ts `step`, `distance`). Rule 14.0's constraints
// (no Structure adjacent to an enemy Structure unless a water hexside separates them, ...) are
// checked by the engine's set-up; the data is written to satisfy them.
import { z } from 'zod';
import heke from './data/hone-hekes-challenge.json' with { type: 'json' };
import { type CounterMix, Side, StructureKind, available } from './counters-schema.ts';
import { distance, neighbours, step } from './hex.ts';
import { type MaoriWarsMap, REQUIRED_PLACES } from './map-schema.ts';
import { fromJson, issuesText, type Tables, UnitKind } from './tables-schema.ts';

const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'ids are lower-case letters, digits and hyphens');
const provenance = {
  unofficial: z.boolean().optional(),
  note: z.string().optional(),
};

/** A place name of the map (REQUIRED_PLACES; checked by parseScenario). */
const Place = z.string().min(1);
const Direction = z.enum(['N', 'NE', 'SE', 'S', 'SW', 'NW']);

/**
 * Where something sets up or arrives (rule 14.0's printed forms):
 *  place      "Waitangi": the place's hex.
 *  direction  "4 hexes NW of Auckland": `hexes` steps in `direction` (hex.ts `step`), counted across
 *             any terrain and hexsides; the final hex may not be forbidden terrain or a small island.
 *  away       "X hexes away from location Y": any hex at exactly that distance, counted the same way.
 *  adjacent   "adjacent to Y": any hex next to the place's hex, the same restrictions.
 *  within     "within X hexes of location Y": any hex reached in X steps without entering mountain or
 *             ocean hexes or crossing lake or all-water hexsides; includes Y itself.
 *  reinforcement-box / bush-raider: off the main map (14.0: Bush Raider units get a Territory
 *             Marker, any the owner chooses when `territory` is absent).
 * Several hexes may satisfy a form; the setting-up player chooses among them (the engine asks or
 * applies the standing choice it documents).
 */
export const LocationSchema = z.discriminatedUnion('at', [
  z.strictObject({ at: z.literal('place'), place: Place }),
  z.strictObject({ at: z.literal('direction'), place: Place, hexes: z.number().int().min(1), direction: Direction }),
  z.strictObject({ at: z.literal('away'), place: Place, hexes: z.number().int().min(1) }),
  z.strictObject({ at: z.literal('adjacent'), place: Place }),
  z.strictObject({ at: z.literal('within'), place: Place, hexes: z.number().int().min(0) }),
  z.strictObject({ at: z.literal('reinforcement-box') }),
  z.strictObject({ at: z.literal('bush-raider'), territory: z.string().optional() }),
]);
export type Location = z.infer<typeof LocationSchema>;

export const UnitLineSchema = z.strictObject({
  kind: UnitKind,
  count: z.number().int().min(1),
  /** What the counters stand for (58th Regt, HMS Hazard's marines), for people. */
  label: z.string().optional(),
});
export const StructureLineSchema = z.strictObject({ kind: StructureKind, count: z.number().int().min(1) });

/**
 * One set-up line: what `side` puts at `location`. 14.0: "For each setup location(s), set up all
 * Structures first. Each unit is then set up in an empty friendly Structure, if any. If there are
 * none, then in or adjacent to any friendly occupied structure, if possible. Each leader is set up on
 * a friendly unit."
 */
export const SetupGroupSchema = z.strictObject({
  /** A printed letter naming the group ("4 hexes NW of Auckland (A)"). */
  label: z.string().optional(),
  side: Side,
  location: LocationSchema,
  structures: z.array(StructureLineSchema).default([]),
  units: z.array(UnitLineSchema).default([]),
  /** Leader ids of the counter mix. */
  leaders: z.array(id).default([]),
  /** This group's Structures may be set up adjacent to enemy Structures (14.0 "unless … it is
   *  permitted in the setup"). */
  adjacentAllowed: z.boolean().optional(),
  ...provenance,
});
export type SetupGroup = z.infer<typeof SetupGroupSchema>;

/** A heading of the set-up ("Neutrals (sets up first by the British)"), set up in array order. */
export const SetupSectionSchema = z.strictObject({
  title: z.string().min(1),
  /** The player who places these counters. */
  setBy: z.enum(['british', 'maori']),
  groups: z.array(SetupGroupSchema).min(1),
  ...provenance,
});

/** Automatic reinforcements (2.0, 5.0): arrive in `side`'s Reinforcement Phase of `turn`. Without a
 *  `location`, placed as rule 5.0 says (Maori: a friendly Village or Pa; British: in the designated
 *  area, NZ units in a Settlement/Town/Fort, Queenites in a Queenite Village/Pa, others in a Town). */
export const ReinforcementSchema = z.strictObject({
  turn: z.number().int().min(1),
  side: Side,
  units: z.array(UnitLineSchema).default([]),
  leaders: z.array(id).default([]),
  location: LocationSchema.optional(),
  ...provenance,
});

/**
 * The designated area (14.0: where new Villages and Settlements may be created, 12.0; the only
 * Towns the Maori may attack):
 *  territories  the hexes of these Bush Raider Map territories (by id or name, map-schema.ts);
 *  within       the hexes within `hexes` of `place` (counted as 14.0 "within").
 */
export const DesignatedAreaSchema = z.strictObject({
  /** As printed ("Auckland"). */
  printed: z.string().min(1),
  areas: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('territories'), territories: z.array(z.string().min(1)).min(1) }),
        z.strictObject({ kind: z.literal('within'), place: Place, hexes: z.number().int().min(0) }),
      ]),
    )
    .min(1),
  ...provenance,
});

/**
 * Special instructions as rules the engine enforces:
 *  remove-chits   these BD-chits are out of the game before play (14.0).
 *  sea-shipment   in `turn`'s British Movement Phase, the British may move `artillery` Artillery and
 *                 up to `units` units from `from` to any single hex that is coastal (when
 *                 `destination.coastal`) and not adjacent to any Maori counter of the kinds in
 *                 `destination.notAdjacentTo` ('unit': a hostile Maori unit; 'village', 'pa': a
 *                 Maori Structure) unless a water hexside separates them (`unlessWaterHexside`);
 *                 `moveFurther: false`: they may not move further that turn. In addition to any
 *                 Gunboat transport (it uses no Gunboat).
 *  fort-limit     the British may build at most `max` Forts in the scenario (12.0).
 *  no-bush-raider units of these kinds may not be placed in the Bush Raider Box/Map (10.0).
 */
export const SpecialRuleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('remove-chits'), chits: z.array(z.number().int().min(1)).min(1) }),
  z.strictObject({
    type: z.literal('sea-shipment'),
    turn: z.number().int().min(1),
    from: Place,
    artillery: z.number().int().min(0),
    units: z.number().int().min(0),
    destination: z.strictObject({
      coastal: z.boolean(),
      notAdjacentTo: z.array(z.enum(['unit', 'village', 'pa'])),
      unlessWaterHexside: z.boolean(),
    }),
    moveFurther: z.boolean(),
  }),
  z.strictObject({ type: z.literal('fort-limit'), max: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('no-bush-raider'), kinds: z.array(UnitKind).min(1) }),
]);
export type SpecialRule = z.infer<typeof SpecialRuleSchema>;

export const SpecialInstructionSchema = z.strictObject({
  number: z.number().int().min(1),
  /** Exactly as printed. */
  text: z.string().min(1),
  rules: z.array(SpecialRuleSchema).min(1),
  ...provenance,
});

export const ScenarioSchema = z.strictObject({
  id,
  name: z.string().min(1),
  subtitle: z.string().optional(),
  system: z.literal('maori-wars'),
  unofficial: z.boolean(),
  provenance: z.string(),
  /** Printed introduction, for people. */
  history: z.string().optional(),
  /** "Scenario Length: 4 Game Turns". */
  turns: z.number().int().min(1),
  /** What each Game Turn stands for (about 2 months a turn), for people. */
  turnLabels: z.array(z.string()).optional(),
  designatedArea: DesignatedAreaSchema,
  specialInstructions: z.array(SpecialInstructionSchema).default([]),
  /** 5.0: units from the Reinforcement Box each Reinforcement Phase ("1 unit (2 units in some scenarios)"). */
  reinforcementsPerPhase: z.number().int().min(0).default(1),
  /** 6.0: "If the scenario includes the Sap Marker". */
  sapMarker: z.boolean().default(false),
  setup: z.array(SetupSectionSchema).min(1),
  /** What each side's Reinforcement Box holds at the start. */
  reinforcementBox: z
    .array(z.strictObject({ side: Side, units: z.array(UnitLineSchema).min(1), ...provenance }))
    .default([]),
  reinforcements: z.array(ReinforcementSchema).default([]),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const PLACES = new Map(REQUIRED_PLACES.map((p) => [fold(p), p]));

/** Every place a scenario names. */
export function placesOf(s: Scenario): string[] {
  const out: string[] = [];
  const loc = (l: Location | undefined) => {
    if (l && 'place' in l) out.push(l.place);
  };
  for (const sec of s.setup) for (const g of sec.groups) loc(g.location);
  for (const r of s.reinforcements) loc(r.location);
  for (const a of s.designatedArea.areas) if (a.kind === 'within') out.push(a.place);
  for (const si of s.specialInstructions) for (const r of si.rules) if (r.type === 'sea-shipment') out.push(r.from);
  return out;
}

/**
 * Cross-checks a scenario against the places the map guarantees and, when given, the counter mix
 * and the tables. Returns the problems, each naming where.
 */
export function checkScenario(s: Scenario, counters?: CounterMix, tables?: Tables): string[] {
  const problems: string[] = [];
  for (const p of placesOf(s))
    if (!PLACES.has(fold(p))) problems.push(`unknown place '${p}' (places: ${REQUIRED_PLACES.join(', ')})`);
  s.specialInstructions.forEach((si, i) =>
    si.rules.forEach((r) => {
      if (r.type === 'sea-shipment' && r.turn > s.turns)
        problems.push(`specialInstructions.${i}: turn ${r.turn} is after the last turn`);
      if (r.type === 'remove-chits' && tables) {
        const numbers = new Set(tables.battleDispatch.chits.map((c) => c.number));
        for (const n of r.chits)
          if (!numbers.has(n)) problems.push(`specialInstructions.${i}: there is no BD-chit ${n}`);
      }
    }),
  );
  s.reinforcements.forEach((r, i) => {
    if (r.turn > s.turns) problems.push(`reinforcements.${i}: turn ${r.turn} is after the last turn`);
  });
  if (counters) {
    const leaders = new Map(counters.counters.filter((c) => c.type === 'leader').map((c) => [c.id, c]));
    const used = new Map<string, number>();
    const use = (side: string, kind: string, n: number) =>
      used.set(`${side}/${kind}`, (used.get(`${side}/${kind}`) ?? 0) + n);
    const seenLeaders = new Set<string>();
    const leader = (where: string, side: string, l: string) => {
      const c = leaders.get(l);
      if (!c) problems.push(`${where}: unknown leader '${l}'`);
      else if (c.side !== side) problems.push(`${where}: leader '${l}' is ${c.side}, not ${side}`);
      if (seenLeaders.has(l)) problems.push(`${where}: leader '${l}' is placed twice`);
      seenLeaders.add(l);
    };
    s.setup.forEach((sec, i) =>
      sec.groups.forEach((g, j) => {
        for (const u of g.units) use(g.side, u.kind, u.count);
        for (const st of g.structures) use(g.side, st.kind, st.count);
        for (const l of g.leaders) leader(`setup.${i}.groups.${j}`, g.side, l);
      }),
    );
    s.reinforcementBox.forEach((b) => b.units.forEach((u) => use(b.side, u.kind, u.count)));
    s.reinforcements.forEach((r, i) => {
      for (const u of r.units) use(r.side, u.kind, u.count);
      for (const l of r.leaders) leader(`reinforcements.${i}`, r.side, l);
    });
    for (const [key, n] of used) {
      const [side, kind] = key.split('/') as [Side, string];
      const have = available(counters, side, kind);
      if (n > have) problems.push(`the scenario uses ${n} ${side} ${kind} counters; the counter mix has ${have}`);
    }
  }
  return problems;
}

/** Parse a scenario file and cross-check it; throws an Error listing every problem with its path. */
export function parseScenario(input: unknown, counters?: CounterMix, tables?: Tables): Scenario {
  const r = ScenarioSchema.safeParse(fromJson('Maori Wars scenario', input));
  if (!r.success) throw new Error(issuesText('Maori Wars scenario', r.error));
  const problems = checkScenario(r.data, counters, tables);
  if (problems.length) throw new Error(`invalid Maori Wars scenario: ${problems.join('; ')}`);
  return r.data;
}

/** The hex of a named place on the map (names and aliases, case and macrons ignored). */
export function placeHex(map: MaoriWarsMap, name: string): string | undefined {
  const want = fold(name);
  return map.places.find((p) => [p.name, ...(p.aliases ?? [])].some((n) => fold(n) === want))?.hex;
}

/**
 * The hexes a location's printed form allows (14.0), before the set-up's other constraints
 * (occupied hexes, Structures, stacking): empty when the place is unknown. A counted hex off the
 * map, on forbidden terrain (ocean, lake, mountain) or a small island gives the nearest one that
 * is none of these. Off-map boxes: empty.
 */
/** The hex `n` steps in `direction` from `from` (14.0's "X hexes in a direction"), null off the grid. */
export function countedHex(from: string, n: number, direction: Parameters<typeof step>[1]): string | null {
  let h: string | null = from;
  for (let i = 0; i < n && h; i++) h = step(h, direction);
  return h;
}

export function locationHexes(map: MaoriWarsMap, l: Location): string[] {
  if (l.at === 'reinforcement-box' || l.at === 'bush-raider') return [];
  const at = placeHex(map, l.place);
  if (!at) return [];
  const hexes = new Map(map.hexes.map((h) => [h.id, h]));
  const land = (id: string) => {
    const h = hexes.get(id);
    return h !== undefined && h.terrain !== 'ocean' && h.terrain !== 'lake';
  };
  const final = (id: string) => land(id) && hexes.get(id)!.terrain !== 'mountain' && !hexes.get(id)!.smallIsland;
  if (l.at === 'place') return land(at) ? [at] : [];
  if (l.at === 'direction') {
    const h = countedHex(at, l.hexes, l.direction);
    if (h && final(h)) return [h];
    // The counted hex is off the map or where one may not set up (on kahu's map 4 hexes NW of
    // Auckland is the sea, as its hex directions are not the printed map's): the nearest hex one
    // may, as the map itself moves a place at sea to the nearest land (docs/maori-wars.md).
    const target = h ?? at;
    const near = map.hexes
      .map((x) => x.id)
      .filter(final)
      .sort((a, b) => distance(a, target) - distance(b, target) || a.localeCompare(b))[0];
    return near ? [near] : [];
  }
  if (l.at === 'adjacent') return neighbours(at).filter(final);
  if (l.at === 'away') return map.hexes.filter((h) => distance(at, h.id) === l.hexes && final(h.id)).map((h) => h.id);
  // within: "you may not enter any mountain or ocean hexes or cross any lake or all-water hexsides
  // when counting"; it includes Y itself.
  const water = new Set(map.hexsides.map((x) => [x.a, x.b].sort().join('-')));
  const seen = new Set([at]);
  let frontier = [at];
  for (let i = 0; i < l.hexes; i++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of neighbours(h))
        if (!seen.has(n) && land(n) && hexes.get(n)!.terrain !== 'mountain' && !water.has([h, n].sort().join('-'))) {
          seen.add(n);
          next.push(n);
        }
    frontier = next;
  }
  return [...seen].filter(land).sort();
}

const BUILT_IN: Record<string, unknown> = { 'hone-hekes-challenge': heke };

export function builtInScenarioIds(): string[] {
  return Object.keys(BUILT_IN);
}

/** A built-in scenario by id, or the moderator's file (game option `scenarioData`). */
export function loadScenario(
  scenarioId: string,
  moderator?: unknown,
  counters?: CounterMix,
  tables?: Tables,
): Scenario {
  if (moderator !== undefined) return parseScenario(moderator, counters, tables);
  const data = BUILT_IN[scenarioId];
  if (data === undefined)
    throw new Error(`unknown Maori Wars scenario '${scenarioId}'; scenarios: ${builtInScenarioIds().join(', ')}`);
  return parseScenario(data, counters, tables);
}
