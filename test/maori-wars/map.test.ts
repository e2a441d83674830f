// The reconstructed North Island map: it keeps the schema's promises (territories cover the land,
// rivers and hexsides run between neighbours, places stand on land), its scale is 10 miles a hex
// against real distances and bearings, and the generator re-run gives the checked-in file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MaoriWarsMapSchema, REQUIRED_PLACES } from '../../src/maori-wars/map-schema.ts';
import { adjacent, centreOf, colRow, distance, hexId, neighbours } from '../../src/maori-wars/hex.ts';
import { formatMap, generateNorthIsland, HEX_KM, MAP_FILE } from '../../scripts/maps/maori-wars.ts';

const root = path.resolve(import.meta.dirname, '../..');
const text = fs.readFileSync(path.join(root, MAP_FILE), 'utf8');
const map = MaoriWarsMapSchema.parse(JSON.parse(text));
const hex = new Map(map.hexes.map((h) => [h.id, h]));
const isLand = (id: string) => ['clear', 'rough', 'mountain'].includes(hex.get(id)?.terrain ?? '');
const place = (name: string) => {
  const p = map.places.find((x) => x.name === name || x.aliases?.includes(name));
  if (!p) throw new Error(`no place ${name}`);
  return p;
};

describe('North Island map data', () => {
  it('parses with the schema, is unofficial with provenance, and is well under 1 MB', () => {
    expect(map.unofficial).toBe(true);
    for (const k of ['coastline', 'projection', 'grid', 'terrain', 'rivers', 'territories', 'places'])
      expect(map.provenance[k], k).toBeTruthy();
    for (const part of [...map.rivers, ...map.territories, ...map.places, ...map.hexsides])
      expect(part.unofficial).toBe(true);
    expect(text.length).toBeLessThan(500_000);
    expect(map.hexMiles).toBe(10);
  });

  it('lays out a grid of cols × rows hexes, each once, centred where hex.ts puts it (the South Island off the map)', () => {
    expect(new Set(map.hexes.map((h) => h.id)).size).toBe(map.hexes.length);
    for (const h of map.hexes) {
      const [c, r] = colRow(h.id);
      expect(c >= 1 && c <= map.cols && r >= 1 && r <= map.rows, h.id).toBe(true);
      const [x, y] = centreOf(h.id, map.drawing.hexRadius);
      expect(Math.abs(h.centre[0] - x) + Math.abs(h.centre[1] - y), h.id).toBeLessThan(0.11);
    }
    // Only hexes on the South Island are missing, all in the south-west corner.
    const missing: string[] = [];
    for (let c = 1; c <= map.cols; c++)
      for (let r = 1; r <= map.rows; r++) if (!hex.has(hexId(c, r))) missing.push(hexId(c, r));
    expect(missing.length).toBeGreaterThan(0);
    for (const id of missing) {
      const [c, r] = colRow(id);
      expect(c < map.cols / 2 && r > map.rows * 0.8, id).toBe(true);
    }
    // About 500 land hexes: the North Island's 114,000 km² over a hex of 224 km².
    const land = map.hexes.filter((h) => isLand(h.id)).length;
    expect(land).toBeGreaterThan(440);
    expect(land).toBeLessThan(580);
  });

  it('puts every land hex in exactly one territory, and no water hex in any; every territory has hexes', () => {
    const ids = new Set(map.territories.map((t) => t.id));
    expect(map.territories.length).toBeGreaterThanOrEqual(8);
    expect(map.territories.length).toBeLessThanOrEqual(12);
    for (const h of map.hexes) {
      if (isLand(h.id)) expect(ids.has(h.territory ?? ''), h.id).toBe(true);
      else expect(h.territory, h.id).toBeNull();
    }
    for (const t of map.territories)
      expect(
        map.hexes.some((h) => h.territory === t.id),
        t.id,
      ).toBe(true);
  });

  it('makes territories adjacent exactly where their hexes are neighbours, both ways', () => {
    const want = new Map(map.territories.map((t) => [t.id, new Set<string>()]));
    for (const h of map.hexes) {
      if (!h.territory) continue;
      for (const n of neighbours(h.id)) {
        const t = hex.get(n)?.territory;
        if (t && t !== h.territory) want.get(h.territory)!.add(t);
      }
    }
    for (const t of map.territories) {
      expect([...t.adjacent].sort(), t.id).toEqual([...want.get(t.id)!].sort());
      for (const a of t.adjacent)
        expect(map.territories.find((x) => x.id === a)!.adjacent, `${a} -> ${t.id}`).toContain(t.id);
    }
    // Sense check: Waikato borders the King Country, Northland does not touch Wellington.
    expect(map.territories.find((t) => t.id === 'waikato')!.adjacent).toContain('king-country');
    expect(map.territories.find((t) => t.id === 'tai-tokerau')!.adjacent).not.toContain('te-upoko');
  });

  it('keeps the mainland one piece on foot, and each territory one piece (islands apart)', () => {
    const water = new Set(map.hexsides.map((x) => [x.a, x.b].sort().join('/')));
    const walk = (from: string, ok: (id: string) => boolean) => {
      const seen = new Set([from]);
      const todo = [from];
      while (todo.length) {
        const at = todo.pop()!;
        for (const n of neighbours(at)) {
          if (seen.has(n) || !ok(n) || water.has([at, n].sort().join('/'))) continue;
          seen.add(n);
          todo.push(n);
        }
      }
      return seen;
    };
    // From Auckland every mainland hex is reached on foot, across no water hexside (the Ōtāhuhu portage, the Aupōuri peninsula).
    const mainland = map.hexes.filter((h) => isLand(h.id) && !h.smallIsland).map((h) => h.id);
    const reached = walk(place('Auckland').hex, (id) => isLand(id) && !hex.get(id)!.smallIsland);
    expect(mainland.filter((id) => !reached.has(id))).toEqual([]);
    for (const t of map.territories) {
      const own = map.hexes.filter((h) => h.territory === t.id && !h.smallIsland).map((h) => h.id);
      expect(walk(own[0], (id) => hex.get(id)?.territory === t.id && !hex.get(id)!.smallIsland).size, t.id).toBe(
        own.length,
      );
    }
  });

  it('runs each river through neighbouring land hexes, its navigable part a stretch of them', () => {
    expect(map.rivers.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'waikato',
        'waipa',
        'whanganui',
        'waitara',
        'waihou',
        'piako',
        'kawakawa',
        'wairoa',
        'hokianga',
        'rangitikei',
        'manawatu',
        'mokau',
      ]),
    );
    for (const r of map.rivers) {
      expect(new Set(r.hexes).size, r.id).toBe(r.hexes.length);
      for (let i = 1; i < r.hexes.length; i++)
        expect(adjacent(r.hexes[i - 1], r.hexes[i]), `${r.id} ${r.hexes[i - 1]}-${r.hexes[i]}`).toBe(true);
      for (const id of r.hexes) expect(isLand(id), `${r.id} ${id}`).toBe(true);
      for (const id of r.navigable) expect(r.hexes, r.id).toContain(id);
      for (let i = 1; i < r.navigable.length; i++)
        expect(adjacent(r.navigable[i - 1], r.navigable[i]), r.id).toBe(true);
      expect(map.drawing.rivers?.[r.id], r.id).toBeTruthy();
    }
    // The Waikato and the Whanganui carried gunboats far inland.
    expect(map.rivers.find((r) => r.id === 'waikato')!.navigable.length).toBeGreaterThanOrEqual(5);
    expect(map.rivers.find((r) => r.id === 'whanganui')!.navigable.length).toBeGreaterThanOrEqual(3);
    expect(map.rivers.find((r) => r.id === 'waikato')!.navigable).toContain(place('Ngaruawahia').hex);
  });

  it('puts every special hexside between two neighbouring land hexes, once', () => {
    const seen = new Set<string>();
    for (const s of map.hexsides) {
      expect(adjacent(s.a, s.b), `${s.a}/${s.b}`).toBe(true);
      expect(isLand(s.a) && isLand(s.b), `${s.a}/${s.b}`).toBe(true);
      const k = [s.a, s.b].sort().join('/');
      expect(seen.has(k), k).toBe(false);
      seen.add(k);
    }
    expect(map.hexsides.some((s) => s.kind === 'all-water')).toBe(true);
    // Lake Ōmāpere, smaller than a hex, is a dashed lake hexside by Puketutu.
    expect(
      map.hexsides.some(
        (s) => s.kind === 'lake' && /Omapere/.test(s.note ?? '') && [s.a, s.b].includes(place('Omapere').hex),
      ),
    ).toBe(true);
  });

  it('flags coastal hexes exactly where land meets the sea, and the small islands', () => {
    for (const h of map.hexes) {
      const ns = neighbours(h.id).filter((n) => hex.has(n));
      const want =
        h.terrain === 'ocean'
          ? ns.some(isLand)
          : isLand(h.id)
            ? ns.some((n) => hex.get(n)!.terrain === 'ocean')
            : false;
      expect(h.coastal, h.id).toBe(want);
    }
    const islands = map.hexes.filter((h) => h.smallIsland).map((h) => h.note ?? '');
    for (const name of ['Great Barrier', 'Waiheke', 'Kawau', 'Mayor', 'Kapiti'])
      expect(
        islands.some((n) => n.includes(name)),
        name,
      ).toBe(true);
    // An island hex next to the mainland is cut off by all-water hexsides.
    const waiheke = map.hexes.find((h) => h.note?.includes('Waiheke'))!;
    for (const n of neighbours(waiheke.id).filter(isLand))
      expect(
        map.hexsides.some((s) => s.kind === 'all-water' && [s.a, s.b].includes(n) && [s.a, s.b].includes(waiheke.id)),
        n,
      ).toBe(true);
  });

  it('has every place the scenarios may name on a land hex, with their spellings', () => {
    for (const name of REQUIRED_PLACES)
      expect(
        map.places.some((p) => p.name === name),
        name,
      ).toBe(true);
    for (const p of map.places) expect(isLand(p.hex), `${p.name} ${p.hex}`).toBe(true);
    for (const alias of ['Kororāreka', 'Russell', 'Ōhaeawai', 'Taupō', 'Whanganui'])
      expect(() => place(alias)).not.toThrow();
    const towns = map.places.filter((p) => p.town).map((p) => p.name);
    expect(towns).toEqual(expect.arrayContaining(['Auckland', 'Kororareka', 'Wellington', 'New Plymouth', 'Wanganui']));
  });

  it('reads the terrain of real geography', () => {
    expect(hex.get(place('Hamilton').hex)!.terrain).toBe('clear'); // the Waikato basin
    expect(hex.get(place('Napier').hex)!.terrain).toBe('clear'); // the Heretaunga plains
    expect(hex.get(place('Ruapekapeka').hex)!.terrain).toBe('rough'); // deep in the bush
    expect(map.hexes.filter((h) => h.terrain === 'lake').length).toBeGreaterThanOrEqual(2); // Taupō
    expect(map.hexes.filter((h) => h.terrain === 'mountain').length).toBeGreaterThan(30);
    // Te Porere sits at the foot of Tongariro: a mountain hex within one hex of it.
    const tp = place('Te Porere').hex;
    expect([tp, ...neighbours(tp)].some((id) => hex.get(id)?.terrain === 'mountain')).toBe(true);
  });
});

describe('North Island map scale: 10 miles a hex', () => {
  const km = (a: { lat?: number; lon?: number }, b: { lat?: number; lon?: number }) => {
    const rad = Math.PI / 180;
    const [p1, p2] = [a.lat! * rad, b.lat! * rad];
    const dp = p2 - p1,
      dl = (b.lon! - a.lon!) * rad;
    const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
    return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
  };
  const across = (a: string, b: string) => {
    const [p, q] = [hex.get(place(a).hex)!.centre, hex.get(place(b).hex)!.centre];
    return Math.hypot(q[0] - p[0], q[1] - p[1]) / (Math.sqrt(3) * map.drawing.hexRadius);
  };

  it('puts places as many hexes apart as their real distance over 16.09 km, give or take a hex', () => {
    for (const [a, b] of [
      ['Auckland', 'Kororareka'],
      ['Auckland', 'Wellington'],
      ['New Plymouth', 'Napier'],
      ['Tauranga', 'Wanganui'],
      ['Ohaeawai', 'Ruapekapeka'],
    ] as const) {
      const real = km(place(a), place(b)) / HEX_KM;
      expect(Math.abs(across(a, b) - real), `${a}-${b}: ${real.toFixed(1)} hexes`).toBeLessThanOrEqual(1);
      // Counted in hexes, a line is never shorter, and at most 2/√3 longer.
      expect(distance(place(a).hex, place(b).hex), `${a}-${b}`).toBeGreaterThanOrEqual(Math.floor(real - 1));
      expect(distance(place(a).hex, place(b).hex), `${a}-${b}`).toBeLessThanOrEqual(Math.ceil((real + 1) * 1.16));
    }
    // Auckland to Kororareka: about 190 km, twelve hexes across the map.
    expect(Math.round(across('Auckland', 'Kororareka'))).toBeGreaterThanOrEqual(11);
    expect(Math.round(across('Auckland', 'Kororareka'))).toBeLessThanOrEqual(13);
  });

  it('keeps north up: bearings between places as on the real map', () => {
    const bearing = (a: string, b: string) => {
      const [p, q] = [hex.get(place(a).hex)!.centre, hex.get(place(b).hex)!.centre];
      return (Math.atan2(q[0] - p[0], -(q[1] - p[1])) * 180) / Math.PI;
    };
    const real = (a: string, b: string) => {
      const [p, q] = [place(a), place(b)];
      const rad = Math.PI / 180;
      const y = Math.sin((q.lon! - p.lon!) * rad) * Math.cos(q.lat! * rad);
      const x =
        Math.cos(p.lat! * rad) * Math.sin(q.lat! * rad) -
        Math.sin(p.lat! * rad) * Math.cos(q.lat! * rad) * Math.cos((q.lon! - p.lon!) * rad);
      return (Math.atan2(y, x) * 180) / Math.PI;
    };
    for (const [a, b] of [
      ['Auckland', 'Kaipara'],
      ['Auckland', 'Kororareka'],
      ['Auckland', 'Wellington'],
      ['Auckland', 'Tauranga'],
      ['Wanganui', 'New Plymouth'],
      ['Taupo', 'Napier'],
    ] as const) {
      const d = ((bearing(a, b) - real(a, b) + 540) % 360) - 180;
      expect(Math.abs(d), `${a} to ${b}`).toBeLessThan(12);
    }
    // The Kaipara lies north-west of Auckland: a lower column and a lower row.
    const [ac, ar] = colRow(place('Auckland').hex),
      [kc, kr] = colRow(place('Kaipara').hex);
    expect(kc).toBeLessThan(ac);
    expect(kr).toBeLessThan(ar);
  });
});

describe('North Island map generator', () => {
  it('re-run gives the checked-in file, byte for byte', () => {
    expect(formatMap(generateNorthIsland(root))).toBe(text);
  }, 30_000);
});
