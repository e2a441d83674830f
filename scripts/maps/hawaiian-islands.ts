// The eight main Hawaiian islands from Natural Earth's 1:10m land (world-atlas, public domain),
// in one projection shared by every Hawaiian map (Heiau, Hawaii 1795): Mercator turned so that the
// chain runs across the page, fitted to the islands with a margin of open sea.
import fs from 'node:fs';
import path from 'node:path';
import { geoMercator } from 'd3-geo';
import type { MultiPolygon } from 'polygon-clipping';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Pt } from './geometry.ts';

export type LonLat = [number, number];

/** Each island's extent (west, south, east, north): to pick its polygon and to fit the projection. */
export const ISLAND_BOXES: Record<string, [number, number, number, number]> = {
  Niihau: [-160.3, 21.7, -160.0, 22.1],
  Kauai: [-159.85, 21.8, -159.2, 22.3],
  Oahu: [-158.3, 21.2, -157.6, 21.75],
  Molokai: [-157.35, 21.0, -156.65, 21.25],
  Lanai: [-157.1, 20.7, -156.75, 20.95],
  Kahoolawe: [-156.75, 20.45, -156.5, 20.65],
  Maui: [-156.75, 20.55, -155.95, 21.05],
  Hawaii: [-156.1, 18.85, -154.75, 20.3],
};

export function hawaiianIslands(root: string, opts: { angle?: number; width?: number; margin?: number } = {}) {
  const ANGLE = opts.angle ?? 20;
  const WIDTH = opts.width ?? 1000;
  const MARGIN = opts.margin ?? 40;
  const corners = Object.values(ISLAND_BOXES).flatMap(
    ([w, s, e, n]) =>
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
      ] as LonLat[],
  );
  const projection = geoMercator()
    .angle(ANGLE)
    .fitWidth(WIDTH - 2 * MARGIN, { type: 'MultiPoint', coordinates: corners });
  const [tx, ty] = projection.translate();
  projection.translate([tx + MARGIN, ty + MARGIN]);
  const proj = (p: LonLat): Pt => {
    const q = projection(p)!;
    return [Math.round(q[0] * 100) / 100, Math.round(q[1] * 100) / 100];
  };
  const HEIGHT = Math.ceil(Math.max(...corners.map((c) => proj(c)[1])) + MARGIN);

  const topo = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/world-atlas/land-10m.json'), 'utf8'),
  ) as Topology;
  const land = feature(topo, topo.objects.land as never) as unknown as GeoJSON.FeatureCollection;
  const islands: Record<string, MultiPolygon> = {};
  for (const f of land.features) {
    const polys =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry as GeoJSON.MultiPolygon).coordinates;
    for (const poly of polys) {
      const outer = poly[0] as LonLat[];
      for (const [name, [w, s, e, n]] of Object.entries(ISLAND_BOXES))
        if (outer.every(([x, y]) => x >= w && x <= e && y >= s && y <= n)) islands[name] = [[outer.map(proj)]];
    }
  }
  for (const name of Object.keys(ISLAND_BOXES))
    if (!islands[name]) throw new Error(`island ${name} not found in land-10m`);
  return { proj, islands, WIDTH, HEIGHT, ANGLE, MARGIN };
}
