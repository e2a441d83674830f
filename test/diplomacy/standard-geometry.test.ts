// The Standard map's drawing agrees with its rules: one shape per space, no overlaps, a border
// exactly where the adjacencies are (the board's straits are drawn as Denmark's and
// Constantinople's land, so no connection needs drawing apart), every point inside its space,
// and each split coast's point by its own waters.
import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import standard from '../../src/diplomacy/maps/standard.json' with { type: 'json' };
import { mapGeometry, ringsOf } from '../../src/maps/geometry.ts';
import { area, boundaryDistance, contains, sharedBorder, type Pt } from '../../scripts/maps/geometry.ts';

const geometry = mapGeometry('standard')!;
const spaces = standard.provinces.filter((p) => p.type !== 'impassable');
const shapeOf = (path: string): MultiPolygon => {
  const rings = ringsOf(path).map((r) => [[...r, r[0]]] as Polygon);
  return rings.length === 1 ? [rings[0]] : polygonClipping.xor(rings[0], ...rings.slice(1));
};
const shapes = Object.fromEntries(Object.entries(geometry.spaces).map(([id, s]) => [id, shapeOf(s.path)]));
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
/** The pairs of spaces that share a border: an edge at least a pixel long (spaces may meet at a point). */
let touchingPairs: Set<string> | undefined;
function touching(): Set<string> {
  if (touchingPairs) return touchingPairs;
  touchingPairs = new Set();
  const ids = spaces.map((p) => p.id);
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      if (sharedBorder(shapes[ids[i]], shapes[ids[j]]) > 1) touchingPairs.add(key(ids[i], ids[j]));
    }
  return touchingPairs;
}

describe('Standard map geometry', () => {
  it('has exactly one shape for every space and none for anything else', () => {
    expect(Object.keys(geometry.spaces).sort()).toEqual(spaces.map((p) => p.id).sort());
    for (const p of spaces) expect(area(shapes[p.id]), p.id).toBeGreaterThan(20);
  });

  it('is marked unofficial and says where its shapes come from', () => {
    expect(geometry.unofficial).toBe(true);
    expect(geometry.provenance.coastlines).toMatch(/Natural Earth/);
    expect(geometry.provenance.provinces).toMatch(/scripts\/maps\/standard\.ts/);
  });

  it('has no two shapes overlapping, nor any over the impassable land', () => {
    const ids = Object.keys(shapes);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const overlap = area(polygonClipping.intersection(shapes[ids[i]], shapes[ids[j]]));
        expect(overlap, `${ids[i]} and ${ids[j]} overlap`).toBeLessThan(0.5);
      }
    const switzerland = shapeOf(geometry.impassable!.Switzerland);
    expect(area(switzerland)).toBeGreaterThan(50);
    for (const id of ids)
      expect(area(polygonClipping.intersection(shapes[id], switzerland)), `${id} over Switzerland`).toBeLessThan(0.5);
  });

  it('draws a border between two spaces exactly when they are adjacent', () => {
    const adjacent = new Set<string>();
    for (const [a, list] of Object.entries(standard.army_adjacency as Record<string, string[]>))
      for (const b of list) adjacent.add(key(a, b));
    for (const [a, list] of Object.entries(standard.fleet_adjacency as Record<string, string[]>))
      for (const b of list) adjacent.add(key(a.split('/')[0], b.split('/')[0]));
    expect(adjacent.size).toBeGreaterThan(200);
    expect([...adjacent].filter((k) => !touching().has(k)).sort(), 'adjacent but not touching').toEqual([]);
    expect([...touching()].filter((k) => !adjacent.has(k)).sort(), 'touching but not adjacent').toEqual([]);
  });

  it('keeps inland spaces off the sea and gives every coastal space a shore', () => {
    const seas = spaces.filter((p) => p.type === 'sea').map((p) => p.id);
    for (const p of spaces.filter((x) => x.type !== 'sea')) {
      const shore = seas.filter((s) => touching().has(key(p.id, s)));
      if (p.type === 'land') expect(shore, `${p.name} is inland`).toEqual([]);
      else expect(shore.length, `${p.name} is coastal`).toBeGreaterThan(0);
    }
  });

  it('puts every name, unit, marker and coast point inside its space', () => {
    for (const p of spaces) {
      const g = geometry.spaces[p.id];
      const points: [string, Pt][] = [
        ['label', g.label],
        ['unit', g.unit],
      ];
      if (g.marker) points.push(['marker', g.marker]);
      for (const [c, pt] of Object.entries(g.coasts ?? {})) points.push([`coast ${c}`, pt]);
      for (const [what, pt] of points) expect(contains(shapes[p.id], pt), `${p.id} ${what}`).toBe(true);
    }
  });

  it('marks every supply centre, and only those', () => {
    for (const p of spaces) expect(Boolean(geometry.spaces[p.id].marker), p.id).toBe(p.supply_center);
  });

  it('stands each split coast by its own waters', () => {
    const near = (pt: Pt, id: string) => boundaryDistance(shapes[id], pt);
    const cases: [string, string, string, string][] = [
      // space, coast, its water, the other coast's water
      ['spa', 'nc', 'gas', 'wes'],
      ['spa', 'sc', 'wes', 'gas'],
      ['stp', 'nc', 'bar', 'bot'],
      ['stp', 'sc', 'bot', 'bar'],
      ['bul', 'ec', 'bla', 'aeg'],
      ['bul', 'sc', 'aeg', 'bla'],
    ];
    for (const [space, coast, own, other] of cases) {
      const pt = geometry.spaces[space].coasts![coast];
      expect(near(pt, own), `${space}/${coast}`).toBeLessThan(near(pt, other));
    }
  });
});
