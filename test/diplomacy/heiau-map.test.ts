// The Heiau map and scenarios against the rulebook's constraints (docs/heiau-map.md says why
// each reconstructed choice was made). Each test names the rule it holds the data to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DipMap } from '../../src/diplomacy/maps/map.ts';
import { resolveLocationName } from '../../src/diplomacy/orders/names.ts';
import {
  heiauScenario,
  loadHeiauScenarios,
  readHeiauScenarioFile,
  scenarioWithBallot,
  unitMayStand,
  validateHeiauScenarios,
  type Scenario,
} from '../../src/diplomacy/variants/scenarios.ts';

const raw = JSON.parse(readFileSync(new URL('../../src/diplomacy/maps/heiau.json', import.meta.url), 'utf8'));
const map = new DipMap(raw);
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const byName = (name: string) => {
  const p = map.provinces.find((q) => q.name === name);
  if (!p) throw new Error(`no space named ${name}`);
  return p;
};
const fleetNeighbourProvinces = (locationId: string) =>
  map.fleetNeighbours[map.location(locationId)!.index].map((l) => map.provinces[map.locations[l].province].id);

describe('Heiau map: loading', () => {
  it('compiles: ids, types, symmetric army and fleet adjacency (DipMap validates)', () => {
    expect(map.provinces).toHaveLength(45);
    expect(raw.unofficial).toBe(true);
    expect(raw.home_centers).toBeUndefined();
    expect(raw.starting_units).toBeUndefined();
  });

  it('would be rejected with a one-way edge', () => {
    const broken = clone(raw);
    broken.fleet_adjacency.kaul = broken.fleet_adjacency.kaul.filter((l: string) => l !== 'niih');
    expect(() => new DipMap(broken)).toThrow(/not symmetric/);
  });

  it('marks every space rules or reconstructed, with a note', () => {
    for (const p of map.provinces) {
      expect(['rules', 'reconstructed'], p.id).toContain(p.data.certainty);
      expect(p.data.note, p.id).toBeTruthy();
    }
  });
});

describe('Heiau map: the spaces the rulebook names', () => {
  const named = [
    'Kona-Kailua',
    'Kona Coast',
    'Puna',
    'Aiea',
    'Kilauea',
    'Lanai',
    'Lahaina',
    'Waipio',
    'Makanalua',
    "Koho'olawe",
    'Waimea',
    'Hamakua',
    'Hamakua Coast',
    'Niihau',
    'Oahu-Kailua',
    'Kawaihae',
    'Wailua',
    'Kohala',
    "Ko'olau",
    'Kaunalu',
    'Halawa',
    'Makaleha',
    'Kaulakahi Channel',
    'North Pacific Ocean',
    'South Pacific Ocean',
  ];
  it.each(named)('%s exists with that exact name', (name) => {
    expect(map.provinces.filter((p) => p.name === name)).toHaveLength(1);
  });

  it("the spaces marked certainty 'rules' are exactly the named ones", () => {
    expect(
      map.provinces
        .filter((p) => p.data.certainty === 'rules')
        .map((p) => p.name)
        .sort(),
    ).toEqual([...named].sort());
  });

  it("Koho'olawe is marked Koho' on the map: an alias", () => {
    expect(byName("Koho'olawe").aliases).toContain("Koho'");
  });

  it('Kona Coast, Hamakua Coast and Kaulakahi Channel are seas; NPO and SPO are the only oceans', () => {
    for (const n of ['Kona Coast', 'Hamakua Coast', 'Kaulakahi Channel']) {
      expect(byName(n).type, n).toBe('sea');
      expect(byName(n).ocean, n).toBe(false);
    }
    expect(
      map.provinces
        .filter((p) => p.ocean)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['North Pacific Ocean', 'South Pacific Ocean']);
    for (const p of map.provinces.filter((q) => q.ocean)) expect(p.type).toBe('sea');
  });

  it('the rulebook places Kona Coast, Kona-Kailua, Hamakua and Hamakua Coast around Hawaii, Makanalua on Molokai, Makaleha on Kauai', () => {
    for (const n of ['Kona Coast', 'Kona-Kailua', 'Hamakua', 'Hamakua Coast'])
      expect(byName(n).island, n).toBe('Hawaii');
    expect(byName('Makanalua').island).toBe('Molokai');
    expect(byName('Makaleha').island).toBe('Kauai');
    expect(byName('Niihau').island).toBe('Niihau');
    expect(byName("Koho'olawe").island).toBe('Kahoolawe');
  });
});

describe('Heiau map: map oddities', () => {
  it("Niihau's only neighbour, by army or fleet, is the Kaulakahi Channel", () => {
    const niih = byName('Niihau');
    expect(map.armyNeighbours[niih.index]).toEqual([]);
    expect(map.locationsOf[niih.index]).toHaveLength(1);
    expect(fleetNeighbourProvinces(niih.id)).toEqual([byName('Kaulakahi Channel').id]);
  });

  it('so Niihau cannot be dislodged: every move, support or convoyed landing into it comes from one single-location space', () => {
    const niih = byName('Niihau');
    const from = new Set<string>();
    for (const p of map.provinces) {
      if (map.armyAdjacent(p.index, niih.index)) from.add(p.id);
      for (const l of map.locationsOf[p.index]) if (map.fleetReachesProvince(l, niih.index)) from.add(p.id);
    }
    expect([...from]).toEqual(['kaul']);
    // One space, one location, so at most one unit: it can attack (strength 1) or convoy, never
    // also support, and strength 1 never dislodges a unit holding with strength 1.
    expect(map.locationsOf[map.province('kaul')!.index]).toHaveLength(1);
  });

  it('Makanalua is the only province with two coasts, north and south', () => {
    const multi = map.provinces.filter((p) => p.coasts.length > 0);
    expect(multi.map((p) => p.name)).toEqual(['Makanalua']);
    expect(multi[0].coasts).toEqual(['nc', 'sc']);
  });

  it('Kaunalu and Halawa, and nothing else, reach both coasts of Makanalua', () => {
    const makn = byName('Makanalua').id;
    const nc = new Set(fleetNeighbourProvinces(`${makn}/nc`));
    const sc = new Set(fleetNeighbourProvinces(`${makn}/sc`));
    const both = [...nc]
      .filter((p) => sc.has(p))
      .map((id) => map.province(id)!.name)
      .sort();
    expect(both).toEqual(['Halawa', 'Kaunalu']);
    for (const n of ['Kaunalu', 'Halawa']) {
      expect(byName(n).island, n).toBe('Molokai');
      expect(map.armyAdjacent(byName(n).index, byName('Makanalua').index), n).toBe(true);
    }
  });

  it("Ko'olau is a coastal land space without a heiau (a place for a trading post)", () => {
    const k = byName("Ko'olau");
    expect(k.type).toBe('coast');
    expect(k.supplyCenter).toBe(false);
  });

  it('inland provinces exist, and each is one march from a coast (where a bunch burns its boats)', () => {
    const inland = map.provinces.filter((p) => p.type === 'land');
    expect(inland.length).toBeGreaterThanOrEqual(1);
    for (const p of inland) {
      const coastal = map.armyNeighbours[p.index].filter((q) => map.provinces[q].type === 'coast');
      expect(coastal.length, p.id).toBeGreaterThan(0);
      // A coastal neighbour cannot reach it by fleet-like movement: the move is "inland".
      for (const q of coastal)
        for (const l of map.locationsOf[q]) expect(map.fleetReachesProvince(l, p.index), `${q}->${p.id}`).toBe(false);
    }
  });

  it('boat bunches can reach every coast and sea from every other without entering NPO or SPO', () => {
    const bunchLocations = map.locations.filter((l) => unitMayStand(map, 'B', l.id)).map((l) => l.index);
    // every coast and non-ocean sea offers a place to stand
    for (const p of map.provinces)
      if ((p.type === 'coast' || p.type === 'sea') && !p.ocean)
        expect(
          map.locationsOf[p.index].some((l) => bunchLocations.includes(l)),
          p.id,
        ).toBe(true);
    const allowed = new Set(bunchLocations);
    const seen = new Set([bunchLocations[0]]);
    const queue = [bunchLocations[0]];
    while (queue.length) {
      const a = queue.shift()!;
      for (const b of map.fleetNeighbours[a]) if (allowed.has(b) && !seen.has(b)) seen.add(b), queue.push(b);
    }
    const missed = bunchLocations.filter((l) => !seen.has(l)).map((l) => map.locations[l].id);
    expect(missed).toEqual([]);
  });

  it('the BFS check would notice an island cut off from everything but the oceans', () => {
    // Lanai's seas without Kalohi, Auau and Kealaikahiki: only SPO is left.
    const cut = clone(raw);
    for (const sea of ['kalo', 'auau', 'keal']) {
      cut.fleet_adjacency[sea] = cut.fleet_adjacency[sea].filter((l: string) => l !== 'lana');
      cut.fleet_adjacency.lana = cut.fleet_adjacency.lana.filter((l: string) => l !== sea);
    }
    const m = new DipMap(cut);
    const start = m.location('kaul')!.index;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const a = queue.shift()!;
      for (const b of m.fleetNeighbours[a])
        if (unitMayStand(m, 'B', m.locations[b].id) && !seen.has(b)) seen.add(b), queue.push(b);
    }
    expect(seen.has(m.location('lana')!.index)).toBe(false);
  });
});

describe('Heiau map: names and abbreviations', () => {
  const key4 = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 4);

  it('the first four letters of every name are unique except Kona Coast/Kona-Kailua, Hamakua/Hamakua Coast, Makanalua/Makaleha', () => {
    const groups = new Map<string, string[]>();
    for (const p of map.provinces) groups.set(key4(p.name), [...(groups.get(key4(p.name)) ?? []), p.name]);
    const clashes = [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort());
    expect(clashes.sort()).toEqual(
      [
        ['Hamakua', 'Hamakua Coast'],
        ['Kona Coast', 'Kona-Kailua'],
        ['Makaleha', 'Makanalua'],
      ].sort(),
    );
  });

  it('the rulebook abbreviations are aliases of the right spaces', () => {
    const abbreviations: Record<string, string> = {
      KonaC: 'Kona Coast',
      KonaK: 'Kona-Kailua',
      Hamak: 'Hamakua',
      HamaC: 'Hamakua Coast',
      Makan: 'Makanalua',
      Makal: 'Makaleha',
      NPO: 'North Pacific Ocean',
      SPO: 'South Pacific Ocean',
      "Koho'": "Koho'olawe",
    };
    for (const [abbr, name] of Object.entries(abbreviations)) {
      const holders = map.provinces.filter((p) => p.aliases.includes(abbr)).map((p) => p.name);
      expect(holders, abbr).toEqual([name]);
    }
  });

  it('the order parser reads the rulebook abbreviations and names as the right spaces', () => {
    const cases: Record<string, string> = {
      KonaC: 'konc',
      KonaK: 'konk',
      Hamak: 'hamk',
      HamaC: 'hamc',
      Makan: 'makn',
      Makal: 'makl',
      NPO: 'npo',
      SPO: 'spo',
      "Koho'": 'koho',
      "Koho'olawe": 'koho',
      'Koho’olawe': 'koho',
      "Ko'olau": 'kool',
      'Kona-Kailua': 'konk',
      'Oahu-Kailua': 'oahu',
      'Kaulakahi Channel': 'kaul',
      'Makanalua (n)': 'makn/nc',
      'Makanalua (s)': 'makn/sc',
    };
    for (const [text, location] of Object.entries(cases))
      expect(resolveLocationName(map, text), text).toEqual({ ok: true, location });
  });

  it('the parser reads every unclashing four-letter abbreviation, and finds the clashing ones ambiguous', () => {
    const clashing = new Set(['kona', 'hama', 'maka']);
    for (const p of map.provinces) {
      const k = key4(p.name);
      const r = resolveLocationName(map, k);
      if (clashing.has(k)) {
        expect(r.ok, k).toBe(false);
        if (!r.ok) expect(r.candidates, k).toContain(p.id);
      } else expect(r, `${k} (${p.name})`).toEqual({ ok: true, location: p.id });
    }
  });
});

describe('Heiau map: heiaus', () => {
  it('there are 16 heiaus, so nine is the smallest strict majority (as 18 of Standard’s 34)', () => {
    const heiaus = map.supplyCenters;
    expect(heiaus).toHaveLength(16);
    expect(9).toBe(Math.floor(heiaus.length / 2) + 1);
    expect(readHeiauScenarioFile().victoryHeiaus).toBe(9);
    for (const h of heiaus) {
      expect(['land', 'coast'], h.id).toContain(h.type);
      expect(h.homeOf, h.id).toBeNull();
    }
  });

  it('every land space a scenario starts a unit on is a heiau; Hana is the one heiau no scenario starts on', () => {
    const starts = new Set<string>();
    for (const s of loadHeiauScenarios())
      for (const p of s.powers) for (const u of p.units) starts.add(map.provinceOf(u.location)!.id);
    const landStarts = [...starts].filter((id) => map.province(id)!.type !== 'sea');
    for (const id of landStarts) expect(map.province(id)!.supplyCenter, id).toBe(true);
    expect(map.supplyCenters.filter((h) => !starts.has(h.id)).map((h) => h.name)).toEqual(['Hana']);
  });
});

describe('Heiau scenarios', () => {
  const scenarios = loadHeiauScenarios();
  const L = (name: string) => byName(name).id;

  // The rulebook's starting positions, written with its own names.
  const rulebook: Record<
    string,
    { name: string; players: number; powers: Record<string, string[]>; ballot?: boolean }
  > = {
    race: {
      name: 'Race',
      players: 2,
      powers: { Sunrise: ['B Kona-Kailua', 'B Puna'], Sunset: ['B Aiea', 'B Kilauea'] },
    },
    duel: { name: 'Duel', players: 2, powers: { Dawn: ['B Lanai'], Dusk: ['B Lahaina'] } },
    discrete: {
      name: 'Discrete',
      players: 3,
      powers: {
        Sunrise: ['B Kona Coast', 'B Puna'],
        Midday: ['B Waipio', 'B Makanalua/sc'],
        Sunset: ['B Aiea', 'B Kilauea'],
      },
    },
    triangle: {
      name: 'Triangle',
      players: 3,
      powers: { Dawn: ['B Lahaina'], Noon: ['B Lanai'], Dusk: ['B Makanalua/sc'] },
    },
    clans: {
      name: 'Clans',
      players: 3,
      powers: {
        Dawn: ['B Kilauea', "B Koho'olawe", 'B Puna'],
        Noon: ['B Waimea', 'B Lahaina', 'B Hamakua'],
        Dusk: ['B Niihau', 'B Oahu-Kailua', 'B Kona-Kailua'],
      },
    },
    heart: {
      name: 'Heart',
      players: 4,
      powers: { Dawn: ["B Koho'olawe"], Morning: ['B Lahaina'], Afternoon: ['B Lanai'], Dusk: ['B Makanalua/nc'] },
    },
    wings: {
      name: 'Wings',
      players: 4,
      powers: { Dawn: ['B Puna'], Morning: ['B Kawaihae'], Afternoon: ['B Aiea'], Dusk: ['B Wailua'] },
    },
    kamaainas: {
      name: 'Kamaainas',
      players: 5,
      powers: {
        Dawn: ['B Puna'],
        Morning: ['B Kawaihae'],
        Noon: ['B Waipio'],
        Dusk: ['B Makanalua/sc'],
        Night: ['B Niihau'],
      },
    },
    haole: { name: 'Haole', players: 5, powers: { Haole: ['F South Pacific Ocean'] }, ballot: true },
    discovery: {
      name: 'Discovery',
      players: 6,
      powers: {
        Dawn: ['B Puna'],
        Morning: ['B Kawaihae'],
        Noon: ['B Waipio'],
        Dusk: ['B Makanalua/sc'],
        Night: ['B Niihau'],
        Haole: ['F South Pacific Ocean'],
      },
    },
    'two-haoles': {
      name: 'Two Haoles',
      players: 6,
      powers: { North: ['F North Pacific Ocean'], South: ['F South Pacific Ocean'] },
      ballot: true,
    },
  };
  const asUnit = (text: string) => {
    const [type, rest] = [text[0], text.slice(2)];
    const [name, coast] = rest.split('/');
    return { type, location: coast ? `${L(name)}/${coast}` : L(name) };
  };

  it('are the eleven scenarios of the rulebook, in its order', () => {
    expect(scenarios.map((s) => s.id)).toEqual(Object.keys(rulebook));
  });

  it.each(Object.keys(rulebook))('%s: powers and units exactly as the rulebook lists them', (id) => {
    const s = heiauScenario(id);
    const want = rulebook[id];
    expect(s.name).toBe(want.name);
    expect(s.players).toBe(want.players);
    expect(s.startingPhase).toEqual({ season: 'spring', year: 1 });
    expect(Object.fromEntries(s.powers.map((p) => [p.name, p.units]))).toEqual(
      Object.fromEntries(Object.entries(want.powers).map(([n, us]) => [n, us.map(asUnit)])),
    );
    for (const p of s.powers)
      expect(p.kind, p.name).toBe(['Haole', 'North', 'South'].includes(p.name) ? 'haole' : 'native');
    expect(Boolean(s.nativeSetupBallot)).toBe(Boolean(want.ballot));
  });

  it('every starting boat bunch stands where bunches may (coast or sea, not NPO/SPO; a coast of Makanalua)', () => {
    for (const s of scenarios)
      for (const p of s.powers)
        for (const u of p.units) {
          expect(unitMayStand(map, u.type, u.location), `${s.id} ${p.name} ${u.type} ${u.location}`).toBe(true);
          if (u.type === 'B') {
            const prov = map.provinceOf(u.location)!;
            expect(['coast', 'sea'], u.location).toContain(prov.type);
            expect(prov.ocean, u.location).toBe(false);
          }
        }
    // Kilauea and Waipio start boat bunches, so the reconstruction made them coastal.
    expect(byName('Kilauea').type).toBe('coast');
    expect(byName('Waipio').type).toBe('coast');
  });

  it('unitMayStand: bunches not on oceans nor the bare multi-coast id, armies not at sea, fleets not inland', () => {
    expect(unitMayStand(map, 'B', 'npo')).toBe(false);
    expect(unitMayStand(map, 'F', 'npo')).toBe(true);
    expect(unitMayStand(map, 'B', 'makn')).toBe(false);
    expect(unitMayStand(map, 'B', 'makn/nc')).toBe(true);
    expect(unitMayStand(map, 'A', 'makn')).toBe(true);
    expect(unitMayStand(map, 'A', 'konc')).toBe(false);
    expect(unitMayStand(map, 'F', 'makl')).toBe(false);
    expect(unitMayStand(map, 'B', 'nowhere')).toBe(false);
  });

  it('native powers own the heiaus under their starting units; haoles own none', () => {
    for (const s of scenarios)
      for (const p of s.powers) {
        const under = p.units
          .map((u) => map.provinceOf(u.location)!)
          .filter((q) => q.supplyCenter)
          .map((q) => q.id);
        expect([...p.heiaus].sort(), `${s.id} ${p.name}`).toEqual(p.kind === 'haole' ? [] : under.sort());
      }
    expect(heiauScenario('discrete').powers.find((p) => p.name === 'Sunrise')!.heiaus).toEqual(['puna']);
  });

  it('year 1 adjustments make sense: a power with more units than heiaus has a neutral heiau one move away', () => {
    const variants = scenarios.flatMap((s) =>
      s.nativeSetupBallot ? s.nativeSetupBallot.options.map((o) => scenarioWithBallot(s, o)) : [s],
    );
    let short = 0;
    for (const s of variants) {
      const owned = new Set(s.powers.flatMap((p) => p.heiaus));
      for (const p of s.powers.filter((q) => q.kind === 'native')) {
        if (p.units.length <= p.heiaus.length) continue;
        short++;
        const reachable = map.supplyCenters.filter(
          (h) =>
            !owned.has(h.id) && p.units.some((u) => map.fleetReachesProvince(map.location(u.location)!.index, h.index)),
        );
        expect(reachable.length, `${s.id} ${p.name}`).toBeGreaterThanOrEqual(p.units.length - p.heiaus.length);
      }
    }
    expect(short).toBe(1); // Discrete's Sunrise, whose bunch starts in the Kona Coast
  });

  it('Haole and Two Haoles: the natives come from the Heart or Wings ballot', () => {
    for (const id of ['haole', 'two-haoles']) {
      expect(heiauScenario(id).nativeSetupBallot!.options).toEqual(['heart', 'wings']);
      for (const option of ['heart', 'wings']) {
        const full = scenarioWithBallot(id, option);
        expect(full.powers).toHaveLength(full.players);
        expect(full.powers.filter((p) => p.kind === 'native').map((p) => p.name)).toEqual([
          'Dawn',
          'Morning',
          'Afternoon',
          'Dusk',
        ]);
        expect(full.nativeSetupBallot).toBeUndefined();
      }
    }
    expect(heiauScenario('two-haoles').nativeSetupBallot!.onTie).toBe('natives-decide');
    expect(() => scenarioWithBallot('haole', 'clans')).toThrow(/ballot/);
    expect(scenarioWithBallot('race')).toBe(heiauScenario('race'));
  });

  it("the map's powers are the union of the scenarios' power names", () => {
    const names = new Set(scenarios.flatMap((s) => s.powers.map((p) => p.name)));
    expect([...names].sort()).toEqual([...map.powers].sort());
  });

  it('records the decisions the rulebook leaves open', () => {
    const file = readHeiauScenarioFile();
    expect(file.unofficial).toBe(true);
    const text = file.decisions!.join('\n');
    for (const topic of [
      /own[s]? exactly the heiaus/,
      /`= B`/,
      /dislodged European fleet is destroyed/,
      /16 heiaus/,
      /ballot/,
    ])
      expect(text).toMatch(topic);
  });

  describe('the loader rejects', () => {
    const file = () => clone(readHeiauScenarioFile()) as { scenarios: Scenario[] };
    const bad: [string, (f: { scenarios: Scenario[] }) => void, RegExp][] = [
      [
        'a boat bunch on an ocean',
        (f) => (f.scenarios[0].powers[0].units[0].location = 'npo'),
        /B may not stand on npo/,
      ],
      [
        'a bunch on Makanalua without a coast',
        (f) => (f.scenarios[3].powers[2].units[0].location = 'makn'),
        /may not stand on makn/,
      ],
      ['an unknown location', (f) => (f.scenarios[0].powers[0].units[0].location = 'hono'), /no such location/],
      ['an army at sea', (f) => (f.scenarios[2].powers[0].units[0].type = 'A'), /A may not stand on konc/],
      ['a heiau the units do not stand on', (f) => f.scenarios[0].powers[0].heiaus.push('hana'), /exactly the heiaus/],
      ['a space that is no heiau', (f) => (f.scenarios[1].powers[0].heiaus = ['kool']), /not a heiau/],
      ['a haole with a heiau', (f) => f.scenarios[8].powers[0].heiaus.push('kool'), /haole Haole starts with no heiau/],
      ['a wrong player count', (f) => (f.scenarios[0].players = 3), /3 players but 2 powers/],
      [
        'a ballot for a non-4-player scenario',
        (f) => (f.scenarios[8].nativeSetupBallot!.options = ['clans', 'wings']),
        /not a 4-player/,
      ],
      [
        'two units on one space',
        (f) => (f.scenarios[1].powers[1].units[0].location = 'lana'),
        /both start a unit in lana/,
      ],
      ['an unknown power', (f) => (f.scenarios[1].powers[1].name = 'Kamehameha'), /not a power of the map/],
    ];
    it.each(bad)('%s', (_what, mutate, message) => {
      const f = file();
      mutate(f);
      expect(() => validateHeiauScenarios(f, map)).toThrow(message);
    });
    it('and accepts the file as it is', () => {
      expect(validateHeiauScenarios(file(), map)).toHaveLength(11);
    });
  });
});
