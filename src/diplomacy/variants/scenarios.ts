// The eleven Heiau Diplomacy scenarios, as data (heiau-scenarios.json) validated by zod at load
// and cross-checked against the Heiau map: every location exists, every unit may stand where it
// starts, and the starting heiaus follow the recorded decisions (docs/heiau-map.md).
import heiauMapData from '../maps/heiau.json' with { type: 'json' };
import heiauScenarioData from './heiau-scenarios.json' with { type: 'json' };
import { z } from 'zod';
import { DipMap } from '../maps/map.ts';
import { canStand } from '../adjudicator/board.ts';

export const ScenarioUnitSchema = z.object({
  type: z.enum(['A', 'F', 'B']),
  /** A location id of the Heiau map: 'konk', or 'makn/sc' for a bunch on a coast of Makanalua. */
  location: z.string().regex(/^[a-z][a-z0-9]*(\/[a-z]{2})?$/),
});
export type ScenarioUnit = z.infer<typeof ScenarioUnitSchema>;

export const ScenarioPowerSchema = z.object({
  name: z.string().min(1),
  /** 'native': a Hawaiian power (boat bunches and armies); 'haole': a European power (one fleet). */
  kind: z.enum(['native', 'haole']),
  units: z.array(ScenarioUnitSchema).min(1),
  /** Heiaus (supply centres, province ids) the power owns at the start. */
  heiaus: z.array(z.string()),
});
export type ScenarioPower = z.infer<typeof ScenarioPowerSchema>;

export const NativeSetupBallotSchema = z.object({
  /** Ids of the 4-player scenarios the players vote among; the winner gives the natives' setup. */
  options: z.array(z.string()).min(2),
  voters: z.literal('all-players').optional(),
  /** Haole: votes are cast after powers are assigned; Two Haoles: before. */
  votedAfterPowerAssignment: z.boolean().optional(),
  /** Two Haoles: on an even split the native powers choose among themselves. */
  onTie: z.literal('natives-decide').optional(),
  /** The haole powers see the natives' positions and the ballots only after this. */
  hiddenFromHaolesUntil: z.literal('first-spring-orders').optional(),
});
export type NativeSetupBallot = z.infer<typeof NativeSetupBallotSchema>;

export const ScenarioSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: z.string().min(1),
  players: z.number().int().min(2).max(6),
  startingPhase: z.object({ season: z.enum(['spring', 'fall']), year: z.number().int() }),
  /** The powers placed by the scenario itself (with a ballot: only the haole powers). */
  powers: z.array(ScenarioPowerSchema).min(1),
  /** Haole, Two Haoles: the natives' setup is voted among the 4-player scenarios. */
  nativeSetupBallot: NativeSetupBallotSchema.optional(),
  note: z.string().optional(),
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const HeiauScenarioFileSchema = z.object({
  description: z.string(),
  derived_from: z.unknown().optional(),
  unofficial: z.boolean().optional(),
  /** Id of the map the locations refer to. */
  map: z.string().optional(),
  /** Heiaus needed at the end of a Fall turn to win. */
  victoryHeiaus: z.number().int().positive().optional(),
  decisions: z.array(z.string()).optional(),
  scenarios: z.array(ScenarioSchema).min(1),
});
export type HeiauScenarioFile = z.infer<typeof HeiauScenarioFileSchema>;

// Data files come in as JSON modules, so the engine itself does no I/O.

let heiauMapCache: DipMap | undefined;
/** The (unofficial, reconstructed) Heiau map, compiled and validated. */
export function loadHeiauMap(): DipMap {
  heiauMapCache ??= new DipMap(heiauMapData);
  return heiauMapCache;
}

/** The scenario file as data (validated by zod, not yet cross-checked against the map). */
export function readHeiauScenarioFile(): HeiauScenarioFile {
  return HeiauScenarioFileSchema.parse(heiauScenarioData);
}

/** Whether a unit of this type may stand on this location id (the adjudicator's rule). */
export function unitMayStand(map: DipMap, type: 'A' | 'F' | 'B', locationId: string): boolean {
  const loc = map.location(locationId);
  return !!loc && canStand(map, type, loc.index);
}

/** Problems of one scenario against the map and the file's other scenarios (empty when sound). */
export function checkScenario(s: Scenario, map: DipMap, all: readonly Scenario[]): string[] {
  const problems: string[] = [];
  const at = `scenario ${s.id}`;
  const names = new Set<string>();
  const occupied = new Map<string, string>();
  const owned = new Map<string, string>();
  for (const power of s.powers) {
    if (names.has(power.name)) problems.push(`${at}: power ${power.name} is listed twice`);
    names.add(power.name);
    if (!map.powers.includes(power.name)) problems.push(`${at}: ${power.name} is not a power of the map`);
    for (const u of power.units) {
      const loc = map.location(u.location);
      if (!loc) {
        problems.push(`${at}: ${power.name} ${u.type} ${u.location}: no such location`);
        continue;
      }
      if (!unitMayStand(map, u.type, u.location))
        problems.push(`${at}: ${power.name} ${u.type} may not stand on ${u.location}`);
      const prov = map.provinces[loc.province].id;
      const other = occupied.get(prov);
      if (other) problems.push(`${at}: ${power.name} and ${other} both start a unit in ${prov}`);
      occupied.set(prov, power.name);
    }
    for (const h of power.heiaus) {
      const p = map.province(h);
      if (!p?.supplyCenter) problems.push(`${at}: ${power.name} owns ${h}, which is not a heiau`);
      const other = owned.get(h);
      if (other) problems.push(`${at}: heiau ${h} is owned by both ${other} and ${power.name}`);
      owned.set(h, power.name);
    }
    if (power.kind === 'haole') {
      // Rulebook: each European power starts with a single fleet and no heiau.
      if (power.units.length !== 1 || power.units[0].type !== 'F')
        problems.push(`${at}: haole ${power.name} must start with exactly one fleet`);
      if (power.heiaus.length) problems.push(`${at}: haole ${power.name} starts with no heiau`);
    } else {
      if (power.units.some((u) => u.type === 'F')) problems.push(`${at}: native ${power.name} cannot have a fleet`);
      // Decision: a native power owns exactly the heiaus its starting units stand on.
      const under = power.units
        .map((u) => map.provinceOf(u.location))
        .filter((p) => p?.supplyCenter)
        .map((p) => p!.id)
        .sort();
      if (JSON.stringify(under) !== JSON.stringify([...power.heiaus].sort()))
        problems.push(`${at}: ${power.name} must own exactly the heiaus under its units (${under.join(', ')})`);
    }
  }
  if (s.nativeSetupBallot) {
    if (s.powers.some((p) => p.kind !== 'haole'))
      problems.push(`${at}: with a ballot, the scenario lists only its haoles`);
    for (const option of s.nativeSetupBallot.options) {
      const o = all.find((x) => x.id === option);
      if (!o) {
        problems.push(`${at}: ballot option ${option} is not a scenario`);
        continue;
      }
      if (o.players !== 4 || o.nativeSetupBallot || o.powers.some((p) => p.kind !== 'native'))
        problems.push(`${at}: ballot option ${option} is not a 4-player native scenario`);
      if (s.players !== s.powers.length + o.powers.length)
        problems.push(
          `${at}: ${s.players} players but ${s.powers.length} haoles + ${o.powers.length} natives from ${option}`,
        );
      for (const p of o.powers)
        if (names.has(p.name)) problems.push(`${at}: ${p.name} of ${option} clashes with a haole name`);
    }
  } else if (s.players !== s.powers.length) {
    problems.push(`${at}: ${s.players} players but ${s.powers.length} powers`);
  }
  return problems;
}

/** Validate a scenario file (zod, then against the map); throws listing every problem. */
export function validateHeiauScenarios(raw: unknown, map: DipMap = loadHeiauMap()): Scenario[] {
  const file = HeiauScenarioFileSchema.parse(raw);
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const s of file.scenarios) {
    if (ids.has(s.id)) problems.push(`scenario ${s.id} is listed twice`);
    ids.add(s.id);
    problems.push(...checkScenario(s, map, file.scenarios));
  }
  if (problems.length) throw new Error(`heiau scenarios:\n  ${problems.join('\n  ')}`);
  return file.scenarios;
}

let scenariosCache: Scenario[] | undefined;
/** The eleven Heiau scenarios, validated and cross-checked against the Heiau map. */
export function loadHeiauScenarios(): Scenario[] {
  scenariosCache ??= validateHeiauScenarios(heiauScenarioData);
  return scenariosCache;
}

/** One scenario by id ('race', 'two-haoles', ...); throws on an unknown id. */
export function heiauScenario(id: string): Scenario {
  const s = loadHeiauScenarios().find((x) => x.id === id);
  if (!s)
    throw new Error(
      `unknown Heiau scenario '${id}' (known: ${loadHeiauScenarios()
        .map((x) => x.id)
        .join(', ')})`,
    );
  return s;
}

/**
 * Haole, Two Haoles: the full starting position once the ballot is decided: the natives of the
 * winning 4-player scenario, then the haoles. A scenario without a ballot is returned unchanged.
 */
export function scenarioWithBallot(scenario: Scenario | string, winningOption?: string): Scenario {
  const s = typeof scenario === 'string' ? heiauScenario(scenario) : scenario;
  if (!s.nativeSetupBallot) return s;
  if (!winningOption || !s.nativeSetupBallot.options.includes(winningOption))
    throw new Error(
      `scenario ${s.id}: the ballot is among ${s.nativeSetupBallot.options.join(', ')}, not '${winningOption}'`,
    );
  const natives = heiauScenario(winningOption).powers;
  const { nativeSetupBallot: _ballot, ...rest } = s;
  return { ...rest, powers: [...natives, ...s.powers] };
}
