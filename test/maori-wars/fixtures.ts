// A small map (10 × 10 hexes, conforming to map-schema.ts), tables and a scenario in the engine's
// shape, so the rules can be tested before the shipped map and tables are merged.
import { drawWord } from '../../src/contract/random.ts';
import type { Effect, EngineScenario, EngineTables } from '../../src/maori-wars/data-types.ts';
import { hexId } from '../../src/maori-wars/hex.ts';
import type { MaoriWarsMap } from '../../src/maori-wars/map-schema.ts';
import { maoriWars, setupMaoriWars } from '../../src/games/maori-wars.ts';
import { linesFor, type MWState } from '../../src/maori-wars/state.ts';

const TERRAIN: Record<string, 'rough' | 'mountain' | 'lake'> = {
  '0505': 'rough',
  '0506': 'mountain',
  '0707': 'lake',
  '0808': 'rough',
  '0606': 'rough',
};

export function fixtureMap(): MaoriWarsMap {
  const hexes: MaoriWarsMap['hexes'] = [];
  for (let c = 1; c <= 10; c++)
    for (let r = 1; r <= 10; r++) {
      const id = hexId(c, r);
      hexes.push({
        id,
        terrain: c === 1 ? 'ocean' : (TERRAIN[id] ?? 'clear'),
        coastal: c <= 2,
        territory: c === 1 || TERRAIN[id] === 'lake' ? null : r <= 5 ? 'north' : 'south',
        centre: [c * 10, r * 10],
      });
    }
  return {
    id: 'fixture',
    name: 'Test map',
    unofficial: true,
    provenance: { all: 'test fixture' },
    hexMiles: 10,
    cols: 10,
    rows: 10,
    hexes,
    hexsides: [{ a: '0604', b: '0704', kind: 'all-water' }],
    rivers: [
      { id: 'waitangi', name: 'Waitangi River', hexes: ['0203', '0303', '0403', '0503'], navigable: ['0203', '0303'] },
    ],
    territories: [
      { id: 'north', name: 'Northland', adjacent: ['south'] },
      { id: 'south', name: 'Auckland', adjacent: ['north'] },
    ],
    places: [
      { name: 'Kororareka', aliases: ['Russell', 'Kororāreka'], hex: '0202', town: true },
      { name: 'Auckland', hex: '0209', town: true },
      { name: 'Waitangi', hex: '0404' },
      { name: 'Ohaeawai', aliases: ['Ōhaeawai'], hex: '0804' },
      { name: 'Ruapekapeka', hex: '0807' },
      { name: 'Gate Pa', hex: '0910' },
    ],
    drawing: { hexRadius: 10, viewBox: [0, 0, 200, 200], coast: [] },
  };
}

/** Effects by short code: h1/h2 hits, d1/dA one/all Disrupted, r retreat, '-' none. */
export function eff(code: string): Effect {
  return {
    hits: code === 'h1' ? 1 : code === 'h2' ? 2 : 0,
    disrupt: code === 'd1' ? 'one' : code === 'dA' ? 'all' : null,
    retreat: code === 'r',
  };
}
const row = (attacker: string, defender: string) => ({ attacker: eff(attacker), defender: eff(defender) });
/** A CRT whose every row gives the same result. */
export function sameCrt(attacker: string, defender: string): EngineTables['crt'] {
  const rows = Array(8).fill(row(attacker, defender));
  return { minRoll: 0, lesser: rows, equal: rows, greater: rows };
}

/** A Combat Results Table whose every row is the same (tests choose the result), or a plausible one. */
export function fixtureTables(over: Partial<EngineTables> = {}): EngineTables {
  const plain = [
    row('h1', '-'),
    row('d1', '-'),
    row('-', '-'),
    row('-', 'd1'),
    row('-', 'r'),
    row('-', 'h1'),
    row('-', 'h1'),
    row('-', 'h2'),
  ];
  return {
    unofficial: true,
    provenance: 'test fixture',
    crt: { minRoll: 0, lesser: plain, equal: plain, greater: plain },
    bombardment: {
      units: ['-', '-', 'd1', 'd1', 'h1', 'h1'].map(eff),
      canoes: ['-', '-', '-', 'h1', 'h1', 'h1'].map(eff),
      pa: ['none', 'none', 'none', 'disrupted', 'removed', 'removed'],
      neutral: ['allyOpponent', 'none', 'none', 'none', 'ally', 'ally'],
    },
    negotiation: {
      minRoll: 1,
      results: ['allyOpponent', 'none', 'none', 'none', 'ally', 'ally', 'ally'],
      soleBritishLeader: 1,
      maoriLeader: 1,
    },
    drm: { fortPaOccupied: -2, fortPaUnoccupied: -1, rough: -1, cavalryCharge: 1, militiaWithoutInfantry: -1 },
    raidDrm: { rangersWithLeader: 2, maori: 1, militia: 1, againstInfantry: 1 },
    victory: { decisive: 9, minor: 2, major: 6 },
    bdChits: Array.from({ length: 40 }, (_, i) => ({
      number: i + 1,
      title: i % 10 === 9 ? 'Reinforcements' : 'According to Plan',
      text: 'test chit',
      asterisk: i >= 36,
      effect: { type: 'plan' as const },
    })),
    movement: {
      warrior: 4,
      queenite: 4,
      neutral: 0,
      artillery: 2,
      cavalry: 6,
      infantry: 3,
      militia: 3,
      constabulary: 3,
      naval: 3,
      rangers: 4,
      gunboat: 4,
      canoe: 6,
    },
    vp: {
      settlement: 1,
      village: 1,
      fort: 1,
      pa: 1,
      townOccupied: 2,
      unit: 0,
      leader: 1,
      canoeByBritish: 1,
      fortBuilt: 1,
    },
    ...over,
  };
}

export function fixtureScenario(over: Partial<EngineScenario> = {}): EngineScenario {
  return {
    id: 'fixture',
    name: 'Fixture',
    unofficial: true,
    provenance: 'test fixture',
    turns: 2,
    designatedArea: ['south'],
    removeChits: [1, 2, 3, 4, 10],
    reinforcementsPerTurn: 1,
    maxForts: 1,
    militiaNoBushRaid: true,
    leaders: {
      Heke: { category: 'maori' },
      Kawiti: { category: 'maori' },
      Despard: { category: 'british' },
      Pomare: { category: 'neutral' },
      'von Tempsky': { category: 'british', rangerLeader: true },
    },
    setup: [
      {
        side: 'Neutral',
        at: { place: 'Waitangi' },
        structures: ['pa'],
        units: [{ kind: 'neutral', count: 2 }],
        leaders: ['Pomare'],
      },
      {
        side: 'Maori',
        at: { place: 'Ohaeawai' },
        structures: ['pa'],
        units: [{ kind: 'warrior', count: 2 }],
        leaders: ['Heke'],
      },
      {
        side: 'Maori',
        at: { place: 'Ruapekapeka' },
        structures: ['village'],
        units: [{ kind: 'warrior', count: 1 }],
        leaders: ['Kawiti'],
      },
      {
        side: 'Maori',
        at: { box: 'reinforcement' },
        structures: [],
        units: [{ kind: 'warrior', count: 2 }],
        leaders: [],
      },
      {
        side: 'British',
        at: { place: 'Kororareka' },
        structures: [],
        units: [
          { kind: 'infantry', count: 2 },
          { kind: 'gunboat', count: 1 },
        ],
        leaders: ['Despard'],
      },
      {
        side: 'British',
        at: { place: 'Auckland', within: 2 },
        structures: ['settlement'],
        units: [{ kind: 'militia', count: 1 }],
        leaders: [],
      },
      {
        side: 'British',
        at: { box: 'reinforcement' },
        structures: [],
        units: [{ kind: 'infantry', count: 1 }],
        leaders: [],
      },
    ],
    automatic: [],
    automaticLeaders: [],
    ...over,
  };
}

/** A new game on the fixture data, past the set-up decision phase (14.0 "within X hexes", its defaults) unless `keepSetup`. */
export function newGame(
  seed = 'test',
  over: { tables?: Partial<EngineTables>; scenario?: Partial<EngineScenario>; keepSetup?: boolean } = {},
): MWState {
  const s = setupMaoriWars(seed, {
    map: fixtureMap(),
    tables: fixtureTables(over.tables),
    scenario: fixtureScenario(over.scenario),
  });
  return s.setupSide && !over.keepSetup ? maoriWars.resolve(s, {}).state : s;
}

/** Move the stream to a draw where the next dice are `rolls` (a test chooses its dice without changing the rules). */
export function rig(s: MWState, rolls: number[]): void {
  const rng = s.rng as { seed: string; label: string; index: number };
  const die = (i: number) => {
    const x = drawWord(rng.seed, rng.label, i);
    return x < 0x100000000 - (0x100000000 % 6) ? (x % 6) + 1 : null;
  };
  for (let i = rng.index; i < rng.index + 200000; i++) {
    if (rolls.every((r, k) => die(i + k) === r)) {
      rng.index = i;
      return;
    }
  }
  throw new Error(`no run of ${rolls.join(',')} found`);
}

/** Report lines as the moderator reads them (every side's asides: which standing instruction or default decided). */
export const shown = (lines: string[]): string => linesFor(lines, 'moderator').join('\n');
