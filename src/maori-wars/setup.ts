// Set-up (14.0): groups in the scenario's order; for each, Structures first, then each unit in an
// empty friendly Structure if any, else in or next to a friendly occupied Structure, then each
// leader on a friendly unit. Where the scenario leaves a choice ("within X hexes"), kahu takes
// the first legal hex nearest the named place; its owner may move it in the set-up decision phase
// (setup-choice.ts).
import { seedRandom, shuffle } from '../contract/random.ts';
import { DataError, parseData } from '../contract/data-error.ts';
import { EngineScenarioSchema, EngineTablesSchema, type MWData, type Where } from './data-types.ts';
import { distance } from './hex.ts';
import { countedHex, locationHexes } from './scenario-schema.ts';
import { MaoriWarsMapSchema } from './map-schema.ts';
import {
  dataOf,
  DEFAULT_STANDING,
  settlementsStanding,
  hexData,
  hexside,
  mapNeighbours,
  stackCount,
  stackLimit,
  structuresAt,
  unitsAt,
  type MWState,
  type Owner,
  type Unit,
} from './state.ts';
import { TERRAIN, TerrainChartSchema } from './terrain.ts';

export class SetupError extends Error {}

/** A moderator's data (map, tables, scenario, terrain chart); a DataError names each field at fault. */
export function loadData(d: { map: unknown; tables: unknown; scenario: unknown; terrain?: unknown }): MWData {
  if (typeof d !== 'object' || d === null)
    throw new DataError('Maori Wars data', [{ path: [], message: 'an object with map, tables, scenario and terrain' }]);
  return {
    map: parseData(MaoriWarsMapSchema, d.map, 'Maori Wars map', ['map']),
    tables: parseData(EngineTablesSchema, d.tables, 'Maori Wars tables', ['tables']),
    scenario: parseData(EngineScenarioSchema, d.scenario, 'Maori Wars scenario', ['scenario']),
    terrain:
      d.terrain === undefined
        ? TERRAIN
        : parseData(TerrainChartSchema, d.terrain, 'Maori Wars terrain chart', ['terrain']),
  };
}

export function placeHex(s: MWState, name: string): string {
  const n = name.toLowerCase();
  const p = dataOf(s).map.places.find(
    (x) => x.name.toLowerCase() === n || (x.aliases ?? []).some((a) => a.toLowerCase() === n),
  );
  if (!p) throw new SetupError(`the map has no place named '${name}'`);
  return p.hex;
}

const landOk = (s: MWState, hex: string) => {
  const h = hexData(dataOf(s).map, hex);
  return !!h && h.terrain !== 'ocean' && h.terrain !== 'lake' && !h.smallIsland;
};

/** "within X hexes of Y" (14.0): counted without entering mountain or ocean hexes or crossing lake or all-water hexsides; Y included. */
export function withinHexes(s: MWState, from: string, n: number): string[] {
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const h = queue.shift()!;
    const d = seen.get(h)!;
    if (d === n) continue;
    for (const x of mapNeighbours(dataOf(s).map, h)) {
      if (seen.has(x)) continue;
      const t = hexData(dataOf(s).map, x)!.terrain;
      if (t === 'mountain' || t === 'ocean' || t === 'lake' || hexside(dataOf(s).map, h, x)) continue;
      seen.set(x, d + 1);
      queue.push(x);
    }
  }
  return [...seen.keys()].filter((h) => landOk(s, h)).sort((a, b) => seen.get(a)! - seen.get(b)! || a.localeCompare(b));
}

/** The hexes a set-up location allows, nearest first. */
export function whereHexes(s: MWState, w: Where): string[] {
  if ('box' in w || 'territory' in w) return [];
  if ('hex' in w) return [w.hex];
  const base = placeHex(s, w.place);
  if ('within' in w) return withinHexes(s, base, w.within);
  if ('away' in w)
    return dataOf(s)
      .map.hexes.map((h) => h.id)
      .filter((h) => distance(base, h) === w.away && landOk(s, h))
      .sort();
  if ('hexes' in w) {
    const near = locationHexes(dataOf(s).map, {
      at: 'direction',
      place: w.place,
      hexes: w.hexes,
      direction: w.direction,
    })[0];
    if (!near)
      throw new SetupError(`${w.hexes} hexes ${w.direction} of ${w.place} is not a land hex one may set up on`);
    const h = countedHex(base, w.hexes, w.direction);
    if (near !== h)
      s.setupNotes.push(
        `${w.hexes} hexes ${w.direction} of ${w.place} is ${h ?? 'off the map'}, where one may not set up (14.0): the nearest hex one may, ${near}, is used.`,
      );
    return [near];
  }
  return [base];
}

const enemies = (a: Owner, b: Owner) => a !== b && a !== 'Neutral' && b !== 'Neutral';

export function structureOk(s: MWState, owner: Owner, kind: string, hex: string): boolean {
  if (!landOk(s, hex)) return false;
  if (unitsAt(s, hex).some((u) => u.owner !== owner)) return false;
  const here = structuresAt(s, hex);
  if (here.length && !(kind === 'fort' && here.every((x) => x.kind === 'town' && x.owner === owner))) return false;
  if (here.some((x) => x.owner !== owner)) return false;
  if (owner === 'Neutral') return true;
  // Not next to an enemy Structure unless a water hexside separates them.
  return !mapNeighbours(dataOf(s).map, hex).some(
    (n) => structuresAt(s, n).some((x) => enemies(owner, x.owner)) && !hexside(dataOf(s).map, hex, n),
  );
}

function unitOk(s: MWState, owner: Owner, hex: string): boolean {
  return (
    landOk(s, hex) &&
    !unitsAt(s, hex).some((u) => u.owner !== owner) &&
    !structuresAt(s, hex).some((x) => x.owner !== owner) &&
    stackCount(s, owner, hex) < stackLimit(s, owner, hex)
  );
}

export function newUnit(s: MWState, u: Omit<Unit, 'id' | 'disrupted'> & { disrupted?: boolean }): Unit {
  const x: Unit = { id: `u${s.nextId++}`, disrupted: false, ...u };
  s.units.push(x);
  return x;
}

export function setupGame(seed: string, data: MWData, keep = true): MWState {
  const rng = seedRandom(seed, 'maori-wars');
  const sc = data.scenario;
  const chits = data.tables.bdChits.map((c) => c.number).filter((n) => !sc.removeChits.includes(n));
  const s: MWState = {
    game: 'maori-wars',
    seed,
    rng,
    ...(keep ? { data } : {}),
    turn: 1,
    side: 'Maori',
    phase: 'reinforcement',
    seq: 0,
    units: [],
    structures: [],
    vp: 0,
    cup: shuffle(rng, chits),
    played: [],
    standing: { Maori: { ...DEFAULT_STANDING }, British: { ...DEFAULT_STANDING } },
    moved: [],
    attacked: [],
    evaded: [],
    bombarded: [],
    fortsBuilt: 0,
    setupNotes: [],
    mpSpent: {},
    negotiated: [],
    reinforced: 0,
    built: false,
    hadMaoriVillages: false,
    hadSettlements: false,
    nextId: 1,
    result: null,
  };
  // Towns printed on the map are British Structures.
  for (const p of data.map.places)
    if (p.town)
      s.structures.push({ id: `s${s.nextId++}`, kind: 'town', owner: 'British', hex: p.hex, disrupted: false });
  for (const g of sc.setup) {
    const owner: Owner = g.side;
    if ('box' in g.at || 'territory' in g.at) {
      const at = 'box' in g.at ? 'box' : `bush:${g.at.territory}`;
      for (const u of g.units) for (let i = 0; i < u.count; i++) newUnit(s, { kind: u.kind, owner, at });
      for (const name of g.leaders) addLeader(s, name, owner, at);
      continue;
    }
    let hexes = whereHexes(s, g.at);
    // A printed place whose hex cannot take the Structure (kahu's map puts Waitangi in the hex of
    // the Town of Kororareka): the nearest hex that can, within 2 (docs/maori-wars.md).
    if (
      'place' in g.at &&
      !('within' in g.at) &&
      g.structures.length &&
      !structureOk(s, owner, g.structures[0]!, hexes[0]!)
    ) {
      const near = withinHexes(s, hexes[0]!, 2).filter((h) => structureOk(s, owner, g.structures[0]!, h));
      if (near.length) {
        s.setupNotes.push(
          `${placeLabel(g.at)}: its hex ${hexes[0]} cannot take the ${owner} ${g.structures[0]} (14.0), so it is set up at ${near[0]}, the nearest hex that can.`,
        );
        hexes = near;
      }
    }
    const firstStructure = s.structures.length;
    for (const kind of g.structures) {
      const hex = hexes.find((h) => structureOk(s, owner, kind, h));
      if (!hex) throw new SetupError(`no legal hex for a ${owner} ${kind} at ${JSON.stringify(g.at)}`);
      s.structures.push({
        id: `s${s.nextId++}`,
        kind,
        owner,
        hex,
        disrupted: false,
        ...(g.queenite ? { queenite: true } : {}),
      });
    }
    const friendlyStructure = (h: string) => structuresAt(s, h).some((x) => x.owner === owner);
    const placed: Unit[] = [];
    for (const u of g.units) {
      for (let i = 0; i < u.count; i++) {
        const ok = (h: string) => unitOk(s, owner, h);
        const empty = hexes.find(
          (h) => friendlyStructure(h) && !unitsAt(s, h).some((x) => x.owner === owner && x.kind !== 'leader') && ok(h),
        );
        const occupied = hexes.find((h) => friendlyStructure(h) && ok(h));
        const next = hexes.flatMap((h) => (friendlyStructure(h) ? mapNeighbours(dataOf(s).map, h) : [])).find(ok);
        const hex = empty ?? occupied ?? next ?? hexes.find(ok);
        if (!hex) throw new SetupError(`no legal hex for a ${owner} ${u.kind} at ${JSON.stringify(g.at)}`);
        placed.push(newUnit(s, { kind: u.kind, owner, at: hex }));
      }
    }
    for (const name of g.leaders) {
      // On a unit of this group, else on a friendly unit at the location.
      const on =
        placed[0] ??
        s.units.find(
          (u) =>
            u.owner === owner &&
            u.kind !== 'leader' &&
            hexes.concat(hexes.flatMap((h) => mapNeighbours(dataOf(s).map, h))).includes(u.at),
        );
      if (!on) throw new SetupError(`leader ${name} has no friendly unit to set up on`);
      addLeader(s, name, owner, on.at);
    }
    // "Within X hexes" leaves the hex to the owner: kept for a set-up decision phase (setup-choice.ts).
    if ('within' in g.at && owner !== 'Neutral') {
      const leaders = g.leaders.map((n) => s.units.find((u) => u.name === n && u.owner === owner)!.id);
      (s.setupGroups ??= []).push({
        side: owner,
        place: g.at.place,
        within: g.at.within,
        structures: s.structures.slice(firstStructure).map((x) => x.id),
        units: [...placed.map((u) => u.id), ...leaders],
      });
    }
  }
  s.hadMaoriVillages = s.structures.some((x) => x.owner === 'Maori' && (x.kind === 'village' || x.kind === 'pa'));
  s.hadSettlements = settlementsStanding(s).length > 0;
  return s;
}

function placeLabel(w: Where): string {
  return 'place' in w ? w.place : JSON.stringify(w);
}

function addLeader(s: MWState, name: string, owner: Owner, at: string): void {
  const info = dataOf(s).scenario.leaders[name];
  if (!info) throw new SetupError(`leader ${name} is not in the scenario's list of leaders`);
  newUnit(s, {
    kind: 'leader',
    owner,
    name,
    category: info.category,
    ...(info.rangerLeader ? { rangerLeader: true } : {}),
    at,
  });
}

export const hexDistance = distance;
