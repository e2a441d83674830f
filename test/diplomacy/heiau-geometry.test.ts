// The Heiau map's drawing agrees with its rules: one shape per space, shapes that do not overlap,
// borders exactly where the adjacencies are, and every point a unit or name is drawn at inside
// its space.
import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import heiau from '../../src/diplomacy/maps/heiau.json' with { type: 'json' };
import { mapGeometry, ringsOf } from '../../src/maps/geometry.ts';
import { area, contains, sharedBorder, type Pt } from '../../scripts/maps/geometry.ts';

const geometry = mapGeometry('heiau')!;
const provinces = heiau.provinces;
const shapeOf = (path: string): MultiPolygon => {
  const rings = ringsOf(path).map((r) => [[...r, r[0]]] as Polygon);
  return rings.length === 1 ? [rings[0]] : polygonClipping.xor(rings[0], ...rings.slice(1));
};
const shapes = Object.fromEntries(Object.entries(geometry.spaces).map(([id, s]) => [id, shapeOf(s.path)]));
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('Heiau map geometry', () => {
  it('has exactly one shape for every space and none for anything else', () => {
    expect(Object.keys(geometry.spaces).sort()).toEqual(provinces.map((p) => p.id).sort());
    for (const p of provinces) expect(area(shapes[p.id]), p.id).toBeGreaterThan(20);
  });

  it('is marked unofficial and says where its shapes come from', () => {
    expect(geometry.unofficial).toBe(true);
    expect(geometry.provenance.coastlines).toMatch(/Natural Earth/);
  });

  it('has no two shapes overlapping', () => {
    const ids = Object.keys(shapes);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const overlap = area(polygonClipping.intersection(shapes[ids[i]], shapes[ids[j]]));
        expect(overlap, `${ids[i]} and ${ids[j]} overlap`).toBeLessThan(0.5);
      }
  });

  it('covers every island with its land spaces', () => {
    for (const [island, path] of Object.entries(geometry.islands)) {
      const coast = shapeOf(path);
      const spaces = provinces.filter((p) => p.type !== 'sea' && (p.island ?? '') === island).map((p) => shapes[p.id]);
      const covered = area(polygonClipping.union(spaces[0], ...spaces.slice(1)));
      expect(Math.abs(covered - area(coast)) / area(coast), island).toBeLessThan(0.01);
    }
  });

  it('draws a border between two spaces exactly when they are adjacent', () => {
    const adjacent = new Set<string>();
    for (const [a, list] of Object.entries(heiau.army_adjacency as Record<string, string[]>))
      for (const b of list) adjacent.add(key(a, b));
    for (const [a, list] of Object.entries(heiau.fleet_adjacency as Record<string, string[]>))
      for (const b of list) adjacent.add(key(a.split('/')[0], b.split('/')[0]));
    const touching = new Set<string>();
    const ids = provinces.map((p) => p.id);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        // A border is a shared edge at least a pixel long; seas the rules keep apart may meet at a point.
        if (sharedBorder(shapes[ids[i]], shapes[ids[j]]) > 1) touching.add(key(ids[i], ids[j]));
      }
    expect([...adjacent].filter((k) => !touching.has(k)).sort(), 'adjacent but not touching').toEqual([]);
    expect([...touching].filter((k) => !adjacent.has(k)).sort(), 'touching but not adjacent').toEqual([]);
  });

  it('puts every name, unit, marker and coast point inside its space', () => {
    for (const p of provinces) {
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

  it('marks every heiau, and only heiaus', () => {
    for (const p of provinces) expect(Boolean(geometry.spaces[p.id].marker), p.id).toBe(p.supply_center);
  });

  it("stands Makanalua's coasts by their waters: the north coast on the North Pacific, the south on the Kalohi Channel", () => {
    const makn = geometry.spaces.makn;
    expect(Object.keys(makn.coasts ?? {}).sort()).toEqual(['nc', 'sc']);
    const distanceTo = (pt: Pt, id: string) =>
      Math.min(
        ...ringsOf(geometry.spaces[id].path)
          .flat()
          .map(([x, y]) => Math.hypot(x - pt[0], y - pt[1])),
      );
    expect(distanceTo(makn.coasts!.nc, 'npo')).toBeLessThan(distanceTo(makn.coasts!.nc, 'kalo'));
    expect(distanceTo(makn.coasts!.sc, 'kalo')).toBeLessThan(distanceTo(makn.coasts!.sc, 'npo'));
  });
});
