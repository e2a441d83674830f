// Hōne Heke's Challenge as data: the printed parts exactly as printed, every place a map place,
// counters within the mix, and a moderator's scenario file validated the same way. When the map
// data is in the tree, the set-up is also shown to be possible on it under rule 14.0.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInCounters } from '../../src/maori-wars/counters-schema.ts';
import { hexId, neighbours } from '../../src/maori-wars/hex.ts';
import { MaoriWarsMapSchema, REQUIRED_PLACES, type MaoriWarsMap } from '../../src/maori-wars/map-schema.ts';
import {
  loadScenario,
  locationHexes,
  parseScenario,
  placesOf,
  type Scenario,
} from '../../src/maori-wars/scenario-schema.ts';
import { builtInTables } from '../../src/maori-wars/tables-schema.ts';

const counters = builtInCounters();
const tables = builtInTables();
const heke = () => loadScenario('hone-hekes-challenge', undefined, counters, tables);
const clone = <T>(x: T): T => structuredClone(x);

describe("Hōne Heke's Challenge", () => {
  it('parses, cross-checked against the counter mix and the chits', () => {
    const s = heke();
    expect(s).toMatchObject({ name: "Hōne Heke's Challenge", system: 'maori-wars', unofficial: true });
    expect(s.provenance).toMatch(/Printed in the Maori Wars rulebook/);
  });

  it('has the printed length, designated area and special instructions, word for word', () => {
    const s = heke();
    expect(s.turns).toBe(4);
    expect(s.designatedArea.printed).toBe('Auckland');
    expect(s.specialInstructions.map((i) => i.text)).toEqual([
      'Remove BD Chits: 1-4, 10, 11, 16, 24, 27, 36-38, 40.',
      'On Game Turn 1, the British player may move the Artillery unit and up to 4 units from Auckland during the Movement Phase. Move them to any single coastal hex that is not adjacent to a Maori unit, Village, or Pa, unless there is a water hexside separating them. The units may not move further that turn (this shipment is in addition to any normal transport that might be made by the Gunboat).',
      'British may build only 1 Fort during this scenario.',
      'Militia may not be placed in the Bush Raider Box.',
    ]);
    expect(s.specialInstructions.flatMap((i) => i.rules)).toEqual([
      { type: 'remove-chits', chits: [1, 2, 3, 4, 10, 11, 16, 24, 27, 36, 37, 38, 40] },
      {
        type: 'sea-shipment',
        turn: 1,
        from: 'Auckland',
        artillery: 1,
        units: 4,
        destination: { coastal: true, notAdjacentTo: ['unit', 'village', 'pa'], unlessWaterHexside: true },
        moveFurther: false,
      },
      { type: 'fort-limit', max: 1 },
      { type: 'no-bush-raider', kinds: ['militia'] },
    ]);
  });

  it('the removed chits exist, and those left make a playable cup', () => {
    const removed = new Set(
      heke().specialInstructions.flatMap((i) => i.rules.flatMap((r) => (r.type === 'remove-chits' ? r.chits : []))),
    );
    const numbers = new Set(tables.battleDispatch.chits.map((c) => c.number));
    for (const n of removed) expect(numbers).toContain(n);
    const left = tables.battleDispatch.chits.filter((c) => !removed.has(c.number));
    expect(left.length).toBe(27);
    // The cup never mentions units the scenario has no counters for (the removed chits are the later wars').
    const kindsInPlay = new Set(['infantry', 'naval', 'artillery', 'militia', 'gunboat', 'warriors', 'canoe']);
    for (const c of left)
      for (const e of c.effects)
        if ('kinds' in e && e.kinds) for (const k of e.kinds) expect(kindsInPlay, `chit ${c.number}`).toContain(k);
  });

  it('has the Neutrals as printed, set up first by the British, the second one relative to Auckland', () => {
    const [first] = heke().setup;
    expect(first).toMatchObject({ setBy: 'british', title: 'Neutrals (sets up first by the British)' });
    expect(first!.groups).toMatchObject([
      {
        side: 'neutral',
        location: { at: 'place', place: 'Waitangi' },
        structures: [{ kind: 'pa', count: 1 }],
        units: [{ kind: 'warriors', count: 2 }],
        leaders: ['pomare'],
      },
      {
        side: 'neutral',
        label: 'A',
        location: { at: 'direction', place: 'Auckland', hexes: 4, direction: 'NW' },
        structures: [{ kind: 'village', count: 1 }],
        units: [{ kind: 'warriors', count: 1 }],
        leaders: [],
      },
    ]);
  });

  it('names only places the map must have', () => {
    const places = placesOf(heke());
    expect(places.length).toBeGreaterThan(5);
    for (const p of places) expect(REQUIRED_PLACES as readonly string[]).toContain(p);
  });

  it("every reconstructed part says so; the leaders are the war's", () => {
    const s = heke();
    for (const sec of s.setup.slice(1)) for (const g of sec.groups) expect(g.unofficial, g.note).toBe(true);
    for (const r of s.reinforcements) expect(r.unofficial).toBe(true);
    const leaders = [
      ...s.setup.flatMap((x) => x.groups.flatMap((g) => g.leaders)),
      ...s.reinforcements.flatMap((r) => r.leaders),
    ];
    expect(leaders.sort()).toEqual([
      'bridge',
      'despard',
      'grey',
      'heke',
      'hulme',
      'kawiti',
      'patuone',
      'pomare',
      'waka-nene',
    ]);
  });

  it('sets up no more Maori or Queenite units than their Structures supply (13.0)', () => {
    const groups = heke().setup.flatMap((x) => x.groups);
    for (const side of ['maori', 'queenite'] as const) {
      const mine = groups.filter((g) => g.side === side);
      const units = mine
        .flatMap((g) => g.units)
        .filter((u) => u.kind !== 'canoe')
        .reduce((n, u) => n + u.count, 0);
      const structures = mine.flatMap((g) => g.structures).reduce((n, x) => n + x.count, 0);
      expect(units, side).toBeGreaterThan(0);
      expect(units, side).toBeLessThanOrEqual(3 * structures);
    }
  });

  it('has the Artillery and 4 units in Auckland that special instruction 2 ships', () => {
    const auckland = heke()
      .setup.flatMap((x) => x.groups)
      .find((g) => g.location.at === 'place' && g.location.place === 'Auckland')!;
    const n = (pred: (k: string) => boolean) =>
      auckland.units.filter((u) => pred(u.kind)).reduce((a, u) => a + u.count, 0);
    expect(n((k) => k === 'artillery')).toBe(1);
    expect(n((k) => k !== 'artillery')).toBe(4); // 4.0: 4 units a hex; Artillery stacks free
  });
});

describe("a moderator's scenario file", () => {
  const raw = () => clone(heke()) as unknown as Record<string, any>;

  it('is accepted when well formed, as an object or as JSON text', () => {
    const s = raw();
    s.turns = 5;
    expect(parseScenario(JSON.stringify(s), counters, tables).turns).toBe(5);
    expect(loadScenario('anything', s, counters, tables).turns).toBe(5);
  });

  it('is refused when a key is misspelt, naming where', () => {
    const s = raw();
    s.setup[1].groups[0].leader = s.setup[1].groups[0].leaders;
    expect(() => parseScenario(s)).toThrow(
      /invalid Maori Wars scenario: setup\.1\.groups\.0: Unrecognized key: "leader"/,
    );
    const t = raw();
    t.specialInstructions[2].rules[0] = { type: 'fort-limit', maximum: 1 };
    expect(() => parseScenario(t)).toThrow(
      /specialInstructions\.2\.rules\.0\.max: .*; specialInstructions\.2\.rules\.0: Unrecognized key: "maximum"/,
    );
  });

  it('is refused when it names a place, leader, chit or more counters than there are', () => {
    const s = raw();
    s.setup[1].groups[0].location = { at: 'within', place: 'Puketapu', hexes: 1 };
    expect(() => parseScenario(s)).toThrow(/unknown place 'Puketapu'/);
    const l = raw();
    l.setup[1].groups[0].leaders = ['hone-heke'];
    expect(() => parseScenario(l, counters)).toThrow(/setup\.1\.groups\.0: unknown leader 'hone-heke'/);
    const side = raw();
    side.setup[1].groups[0].leaders = ['hulme'];
    expect(() => parseScenario(side, counters)).toThrow(/leader 'hulme' is british, not maori/);
    const c = raw();
    c.specialInstructions[0].rules[0].chits.push(41);
    expect(() => parseScenario(c, counters, tables)).toThrow(/specialInstructions\.0: there is no BD-chit 41/);
    const many = raw();
    many.reinforcementBox[2].units[0].count = 60;
    expect(() => parseScenario(many, counters)).toThrow(/uses 6\d maori warriors counters; the counter mix has 46/);
    const late = raw();
    late.reinforcements[0].turn = 9;
    expect(() => parseScenario(late)).toThrow(/reinforcements\.0: turn 9 is after the last turn/);
  });
});

describe("rule 14.0's location forms on a map (locationHexes)", () => {
  // A 7 × 7 grid of clear land around Y (0404, whose neighbours are N 0403, NE 0504, SE 0505, S 0405,
  // SW 0305, NW 0304), with an ocean hex (0402), a mountain (0304) and a lake hexside (Y–0504).
  const special: Record<string, 'ocean' | 'mountain'> = { '0402': 'ocean', '0304': 'mountain' };
  const hexes = [];
  for (let c = 1; c <= 7; c++)
    for (let r = 1; r <= 7; r++) {
      const id = hexId(c, r);
      hexes.push({
        id,
        terrain: special[id] ?? 'clear',
        coastal: false,
        territory: 't',
        centre: [c, r] as [number, number],
      });
    }
  const map = MaoriWarsMapSchema.parse({
    id: 'fixture',
    name: 'fixture',
    unofficial: true,
    provenance: {},
    hexMiles: 10,
    cols: 7,
    rows: 7,
    hexes,
    hexsides: [{ a: '0404', b: '0504', kind: 'lake' }],
    rivers: [],
    territories: [{ id: 't', name: 'T', adjacent: [] }],
    places: [{ name: 'Ōhaeawai', hex: '0404' }],
    drawing: { hexRadius: 1, viewBox: [0, 0, 10, 10], coast: [] },
  });

  it('place, "X hexes DIR of", "adjacent to", "X hexes away from"', () => {
    expect(locationHexes(map, { at: 'place', place: 'Ohaeawai' })).toEqual(['0404']); // macrons and case ignored
    expect(locationHexes(map, { at: 'direction', place: 'Ohaeawai', hexes: 1, direction: 'S' })).toEqual(['0405']);
    // Ends in the ocean: the nearest hex one may set up on, as the engine does.
    expect(locationHexes(map, { at: 'direction', place: 'Ohaeawai', hexes: 2, direction: 'N' })).toEqual(['0302']);
    expect(locationHexes(map, { at: 'direction', place: 'Ohaeawai', hexes: 3, direction: 'N' })).toEqual(['0401']); // counted across the ocean
    expect(locationHexes(map, { at: 'adjacent', place: 'Ohaeawai' }).sort()).toEqual([
      '0305',
      '0403',
      '0405',
      '0504',
      '0505',
    ]); // not the mountain
    expect(locationHexes(map, { at: 'away', place: 'Ohaeawai', hexes: 3 })).toHaveLength(18);
    expect(locationHexes(map, { at: 'place', place: 'Kororareka' })).toEqual([]);
  });

  it('"within X hexes" includes Y, enters no mountain or ocean and crosses no lake hexside', () => {
    const within1 = locationHexes(map, { at: 'within', place: 'Ohaeawai', hexes: 1 });
    expect(within1).toEqual(['0305', '0403', '0404', '0405', '0505']); // not across the lake hexside, not the mountain
    expect(locationHexes(map, { at: 'within', place: 'Ohaeawai', hexes: 0 })).toEqual(['0404']);
    // 0504 is reached in two steps around the lake hexside.
    expect(locationHexes(map, { at: 'within', place: 'Ohaeawai', hexes: 2 })).toContain('0504');
  });
});

// ---------------------------------------------------------------------------------------------
// The set-up on the map (rule 14.0). The engine's set-up places counters; this only shows that
// each group of the scenario, in order, has at least one legal hex, choosing the first.
// ---------------------------------------------------------------------------------------------
const MAP_FILE = new URL('../../src/maori-wars/data/north-island.json', import.meta.url);

type Owner = 'british' | 'queenite' | 'maori' | 'neutral';
const camp = (o: Owner) => (o === 'queenite' ? 'british' : o);
const enemies = (a: Owner, b: Owner) => a !== 'neutral' && b !== 'neutral' && camp(a) !== camp(b);

function setupProblems(map: MaoriWarsMap, s: Scenario): string[] {
  const water = new Set(map.hexsides.map((x) => [x.a, x.b].sort().join('-')));
  const waterBetween = (a: string, b: string) => water.has([a, b].sort().join('-'));
  const towns = new Set(map.places.filter((p) => p.town).map((p) => p.hex));
  const structures = new Map<string, Owner>([...towns].map((h) => [h, 'british' as Owner]));
  const units = new Map<string, Owner>();
  const stacked = new Map<string, number>();
  const terrain = new Map(map.hexes.map((h) => [h.id, h.terrain]));
  // 4.0: 4 units a hex, British (with Queenites) 2 in rough; Leaders, Canoes, Gunboats, Artillery free.
  const free = new Set(['artillery', 'gunboat', 'canoe']);
  const size = (g: Scenario['setup'][number]['groups'][number]) =>
    g.units.filter((u) => !free.has(u.kind)).reduce((n, u) => n + u.count, 0);
  const limit = (h: string, side: Owner) => (camp(side) === 'british' && terrain.get(h) === 'rough' ? 2 : 4);
  const problems: string[] = [];
  s.setup.forEach((sec, i) =>
    sec.groups.forEach((g, j) => {
      const where = `setup.${i}.groups.${j} (${JSON.stringify(g.location)})`;
      if (g.location.at === 'reinforcement-box' || g.location.at === 'bush-raider') return;
      const all = locationHexes(map, g.location);
      if (!all.length) return void problems.push(`${where}: no hex on the map`);
      const legal = all.filter((h) => {
        const u = units.get(h);
        if (u && (u === 'neutral' || enemies(u, g.side))) return false; // 14.0 first bullet
        const st = structures.get(h);
        if (st && (st === 'neutral' || enemies(st, g.side))) return false;
        if (g.structures.length) {
          if (st && !(towns.has(h) && g.structures.every((x) => x.kind === 'fort'))) return false; // 14.0 second bullet
          if (!g.adjacentAllowed && g.side !== 'neutral')
            for (const n of neighbours(h)) {
              const o = structures.get(n);
              if (o && enemies(o, g.side) && !waterBetween(h, n)) return false; // 14.0 third bullet
            }
        } else if (!st || enemies(st, g.side)) {
          // Units without Structures go in or next to a friendly occupied Structure (14.0).
          if (![h, ...neighbours(h)].some((n) => structures.get(n) && !enemies(structures.get(n)!, g.side)))
            return false;
        }
        return (stacked.get(h) ?? 0) + size(g) <= limit(h, g.side);
      });
      if (!legal.length) return void problems.push(`${where}: every hex (${all.join(', ')}) breaks rule 14.0`);
      const h = legal[0]!;
      if (g.structures.length && !structures.has(h)) structures.set(h, g.side);
      if (g.units.length) units.set(h, g.side);
      stacked.set(h, (stacked.get(h) ?? 0) + size(g));
    }),
  );
  return problems;
}

describe.runIf(existsSync(MAP_FILE))('the set-up on the map (rule 14.0)', () => {
  const map = () => MaoriWarsMapSchema.parse(JSON.parse(readFileSync(MAP_FILE, 'utf8')));

  it("every place Hōne Heke's Challenge names is on the map", () => {
    const names = new Set(map().places.flatMap((p) => [p.name, ...(p.aliases ?? [])]));
    for (const p of placesOf(heke())) expect(names).toContain(p);
  });

  it('the designated area is territories of the map', () => {
    const ids = new Set(map().territories.flatMap((t) => [t.id, t.name]));
    for (const a of heke().designatedArea.areas)
      if (a.kind === 'territories') for (const t of a.territories) expect(ids).toContain(t);
  });

  it('every set-up group has a legal hex, in the printed order', () => {
    expect(setupProblems(map(), heke())).toEqual([]);
    // The check catches a set-up that breaks 14.0: a Maori Pa on Auckland.
    const bad = clone(heke());
    bad.setup[1]!.groups[0]!.location = { at: 'place', place: 'Auckland' };
    expect(setupProblems(map(), bad)).toEqual([expect.stringMatching(/^setup\.1\.groups\.0 .*breaks rule 14\.0/)]);
    // … and one that overstacks (4.0): 5 British units in Kororāreka.
    const crowded = clone(heke());
    crowded.setup[2]!.groups[1]!.units.push({ kind: 'infantry', count: 4 });
    expect(setupProblems(map(), crowded)).toEqual([expect.stringMatching(/^setup\.2\.groups\.1 /)]);
  });
});
