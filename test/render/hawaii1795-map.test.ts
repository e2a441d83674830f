// The Hawaii 1795 map: its drawing agrees with the scenario, and each reader's map shows what
// the view lets that reader see (fog of war: an enemy stack as a hidden counter, never its strength).
import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { drawMap } from '../../src/games/maps.ts';
import { mapGeometry, ringsOf } from '../../src/maps/geometry.ts';
import scenario from '../../src/hand-of-destiny/scenarios/hawaii-1795.json' with { type: 'json' };
import { area, contains, sharedBorder } from '../../scripts/maps/geometry.ts';

const geometry = mapGeometry('hawaii-1795')!;
const shapeOf = (path: string): MultiPolygon => {
  const rings = ringsOf(path).map((r) => [[...r, r[0]]] as Polygon);
  return rings.length === 1 ? [rings[0]] : polygonClipping.xor(rings[0], ...rings.slice(1));
};
/** Overlapping area; where the clipper trips on shared collinear edges, counted on a 1-unit grid instead. */
function overlap(a: MultiPolygon, b: MultiPolygon): number {
  try {
    return area(polygonClipping.intersection(a, b));
  } catch {
    const [ax0, ay0, ax1, ay1] = bounds(a),
      [bx0, by0, bx1, by1] = bounds(b);
    let n = 0;
    for (let x = Math.max(ax0, bx0) + 0.5; x < Math.min(ax1, bx1); x += 1)
      for (let y = Math.max(ay0, by0) + 0.5; y < Math.min(ay1, by1); y += 1)
        if (contains(a, [x, y]) && contains(b, [x, y])) n++;
    return n;
  }
}
function bounds(mp: MultiPolygon): [number, number, number, number] {
  const pts = mp.flat(2);
  return [
    Math.min(...pts.map((p) => p[0])),
    Math.min(...pts.map((p) => p[1])),
    Math.max(...pts.map((p) => p[0])),
    Math.max(...pts.map((p) => p[1])),
  ];
}
const shapes = Object.fromEntries(Object.entries(geometry.spaces).map(([id, s]) => [id, shapeOf(s.path)]));

describe('Hawaii 1795 map geometry', () => {
  it('draws every space of the scenario once, without overlaps, with its points inside', () => {
    expect(Object.keys(geometry.spaces).sort()).toEqual(scenario.spaces.map((s) => s.id).sort());
    const ids = Object.keys(shapes);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++)
        expect(overlap(shapes[ids[i]], shapes[ids[j]]), `${ids[i]} / ${ids[j]}`).toBeLessThan(0.5);
    for (const [id, g] of Object.entries(geometry.spaces))
      for (const p of [g.label, g.unit, ...(g.marker ? [g.marker] : [])])
        expect(contains(shapes[id], p), id).toBe(true);
    for (const s of scenario.spaces)
      expect(Boolean(geometry.spaces[s.id].marker), s.id).toBe(Boolean((s as { fort?: boolean }).fort));
  });

  it("splits Hawai'i and O'ahu into their two spaces, which share a border, as the land routes say", () => {
    for (const r of scenario.routes)
      expect(sharedBorder(shapes[r.a], shapes[r.b]), `${r.a}-${r.b}`).toBeGreaterThan(10);
  });

  it('puts each channel between the two islands it separates', () => {
    const shores: Record<string, string[]> = {
      kaieiewaho: ['kauai', 'oahu'],
      kaiwi: ['oahu', 'molokai'],
      pailolo: ['molokai', 'maui'],
      alenuihaha: ['maui', 'hawaii'],
    };
    for (const [channel, islands] of Object.entries(shores)) {
      const touched = new Set(
        scenario.spaces
          .filter((s) => s.type === 'land' && sharedBorder(shapes[channel], shapes[s.id]) > 1)
          .map((s) => s.island),
      );
      expect([...touched].sort(), channel).toEqual([...islands].sort());
    }
  });
});

describe('Hawaii 1795 map per reader', () => {
  const counters = (svg: string) =>
    [
      ...svg.matchAll(
        /<g class="stack( hidden)?" data-space="([^"]+)" data-side="([^"]+)"(?: data-strength="(\d+)")?><title>([^<]*)<\/title>/g,
      ),
    ].map((m) => ({
      hidden: !!m[1],
      space: m[2],
      side: m[3],
      strength: m[4] === undefined ? null : Number(m[4]),
      title: m[5],
    }));

  it('shows enemy stacks under the fog of war only as hidden counters, and the moderator everything', () => {
    const s = hawaii1795.setup('fog', hawaii1795.scenarios[0].id, { fogOfWar: true });
    const kam = drawMap({
      module: hawaii1795 as never,
      state: s,
      viewer: { kind: 'player', role: 'kamehameha' },
      title: 'Hawaii 1795',
    })!;
    const mod = drawMap({
      module: hawaii1795 as never,
      state: s,
      viewer: { kind: 'moderator' },
      title: 'Hawaii 1795',
    })!;
    const enemy = counters(kam).filter((c) => c.side === 'allied-chiefs');
    expect(enemy.length).toBeGreaterThan(0);
    for (const c of enemy) {
      expect(c.hidden, c.space).toBe(true);
      expect(c.strength).toBeNull();
      expect(c.title).toMatch(/hidden by the fog of war/);
      expect(c.title).not.toMatch(/Kalanikupule|Thunderers|warriors|\(\d/);
    }
    // The count reads "hidden ×N", never "?N" (read as "7N" on a phone).
    expect(kam).toMatch(/>hidden<\/text><text[^>]*>×\d+<\/text><\/g>/);
    expect(kam).not.toMatch(/>\?\d/);
    const modEnemy = counters(mod).filter((c) => c.side === 'allied-chiefs');
    expect(modEnemy.every((c) => !c.hidden && c.strength! > 0)).toBe(true);
    expect(
      counters(kam)
        .filter((c) => c.side === 'kamehameha')
        .every((c) => !c.hidden),
    ).toBe(true);
  });

  it('shows the side that landed after a won sea battle on the beach, the holders in the space (11.8)', () => {
    const s = hawaii1795.setup('beach', hawaii1795.scenarios[0].id);
    s.units['maui-warriors-1']!.at = 'kona';
    s.contested = ['kona'];
    s.beach = { kona: 'allied-chiefs' };
    const svg = drawMap({
      module: hawaii1795 as never,
      state: s,
      viewer: { kind: 'player', role: 'kamehameha' },
      title: 'Hawaii 1795',
    })!;
    const kona = counters(svg).filter((c) => c.space === 'kona');
    expect(kona.find((c) => c.side === 'allied-chiefs')!.title).toMatch(
      /^Allied Chiefs on the beach of Kona: Maui warriors 1/,
    );
    expect(kona.find((c) => c.side === 'kamehameha')!.title).toMatch(/^Kamehameha in Kona: /);
  });

  it('names spaces, units and sides as the rulebook does, never by id', () => {
    const s = hawaii1795.setup('names', hawaii1795.scenarios[0].id);
    const svg = drawMap({
      module: hawaii1795 as never,
      state: s,
      viewer: { kind: 'moderator' },
      title: 'Hawaii 1795',
    })!;
    const texts = [...svg.matchAll(/<(?:text|title)[^>]*>([^<]*)</g)].map((m) => m[1]).join(' ');
    for (const id of ['oahu-1', 'kaieiewaho', 'allied-chiefs', 'k-warriors-1', 'kalani'])
      expect(texts).not.toContain(id);
    expect(texts).toMatch(/Kamehameha in Kona: Kamehameha \(3, elite\)/);
    expect(texts).toContain("Ka'ie'iewaho Channel");
  });
});
