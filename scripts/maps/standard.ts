// Generates src/diplomacy/maps/standard.geometry.json: one shape per space of the Standard map,
// carved from Natural Earth's coastlines of Europe (world-atlas land-50m, public domain) and
// Switzerland's border (countries-50m). Each space is the Voronoi region of a few seed points
// placed at the real places it stands for (a province's towns, a sea's waters), clipped to land or
// to water; Denmark and Constantinople also take their straits, as on the board, so that fleets
// pass through them. Land that is no space (Switzerland, Ireland, Iceland, the islands, Africa east
// of Tunis) is drawn as impassable. Re-run with `npm run -s maps:standard`; the output is checked in.
import fs from 'node:fs';
import path from 'node:path';
import { geoConicConformal, geoPath } from 'd3-geo';
import polygonClipping from 'polygon-clipping';
import type { MultiPolygon, Polygon } from 'polygon-clipping';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import {
  area,
  bbox,
  boundaryDistance,
  contains,
  difference,
  horizontalRoom,
  innerPoints,
  intersect,
  pathOf,
  round,
  sharedBorder,
  union,
  type Pt,
} from './geometry.ts';

type LonLat = [number, number];
const root = path.resolve(import.meta.dirname, '../..');
const mapData = JSON.parse(fs.readFileSync(path.join(root, 'src/diplomacy/maps/standard.json'), 'utf8'));

/** Seed points (longitude, latitude) of each space: the towns and waters it stands for. */
const SEEDS: Record<string, LonLat[]> = {
  // Britain.
  cly: [
    [-4.3, 55.9],
    [-5.2, 56.8],
    [-4.8, 58.2],
    [-5.6, 57.6],
  ],
  edi: [
    [-3.2, 55.95],
    [-2.1, 57.15],
    [-3.6, 58.4],
    [-3.5, 57.1],
    [-4.2, 57.6],
    [-3.9, 56.2],
  ],
  lvp: [
    [-2.7, 53.55],
    [-2.9, 54.5],
    [-4.3, 55.0],
    [-2.4, 53.9],
  ],
  yor: [
    [-1.1, 53.96],
    [-1.6, 54.9],
    [-0.5, 53.4],
    [-1.5, 53.3],
  ],
  wal: [
    [-3.8, 52.4],
    [-3.2, 51.5],
    [-4.8, 50.4],
    [-3.3, 50.9],
    [-4.1, 53.1],
  ],
  lon: [
    [-0.12, 51.5],
    [1.0, 52.5],
    [-1.0, 51.0],
    [-0.6, 52.3],
    [1.0, 51.2],
  ],
  // France, the Low Countries, Iberia.
  bre: [
    [-3.0, 48.2],
    [-1.3, 48.6],
    [-4.3, 48.3],
  ],
  pic: [
    [2.3, 49.9],
    [1.1, 49.4],
    [3.0, 50.5],
  ],
  par: [
    [2.35, 48.85],
    [1.5, 47.6],
    [2.5, 47.8],
  ],
  bur: [
    [5.0, 47.3],
    [5.9, 48.6],
    [4.2, 49.3],
    [5.6, 46.5],
    [7.2, 48.3],
    [4.0, 46.4],
    [6.5, 49.4],
  ],
  gas: [
    [-0.6, 44.8],
    [-0.2, 46.5],
    [1.4, 44.0],
    [-0.5, 43.4],
    [2.3, 45.3],
  ],
  mar: [
    [5.4, 43.3],
    [3.0, 43.4],
    [5.0, 44.7],
    [6.8, 43.9],
    [6.3, 45.3],
    [4.5, 44.9],
  ],
  bel: [
    [4.4, 50.85],
    [5.3, 50.5],
    [3.2, 51.1],
  ],
  hol: [
    [4.9, 52.4],
    [6.6, 53.0],
    [5.8, 51.9],
  ],
  spa: [
    [-3.7, 40.4],
    [-5.6, 43.0],
    [-1.0, 41.6],
    [-4.5, 37.6],
    [1.5, 41.7],
    [-1.1, 38.0],
  ],
  por: [
    [-8.4, 40.2],
    [-8.0, 38.3],
    [-8.3, 41.6],
  ],
  // Germany, Scandinavia.
  ruh: [
    [7.2, 51.45],
    [8.4, 50.6],
    [8.6, 51.8],
    [7.0, 50.2],
  ],
  kie: [
    [9.9, 54.3],
    [9.2, 53.4],
    [9.7, 52.4],
    [10.7, 53.9],
    [10.2, 51.5],
  ],
  ber: [
    [13.4, 52.5],
    [12.5, 53.9],
    [14.4, 53.2],
    [11.8, 52.2],
  ],
  pru: [
    [20.5, 54.7],
    [17.7, 54.2],
    [21.5, 53.9],
    [16.3, 53.8],
  ],
  sil: [
    [17.0, 51.1],
    [15.3, 51.2],
    [18.5, 50.6],
  ],
  mun: [
    [11.6, 48.1],
    [10.0, 49.8],
    [8.6, 48.8],
    [13.0, 51.0],
    [12.5, 49.5],
    [8.7, 49.6],
    [7.7, 48.3],
  ],
  den: [
    [9.4, 56.1],
    [12.0, 55.5],
    [10.4, 55.3],
    [9.0, 55.3],
    [10.5, 57.3],
  ],
  swe: [
    [15.0, 59.2],
    [14.5, 56.7],
    [16.5, 62.5],
    [20.0, 65.8],
    [12.7, 57.7],
    [13.3, 55.8],
  ],
  nwy: [
    [10.75, 59.9],
    [6.0, 60.5],
    [12.5, 64.5],
    [19.0, 69.5],
    [27.0, 70.2],
    [8.0, 58.5],
    [16.5, 68.0],
    [10.0, 62.5],
  ],
  fin: [
    [25.0, 61.5],
    [27.0, 65.0],
    [25.5, 68.0],
    [23.0, 62.0],
    [24.0, 60.3],
    [26.8, 60.6],
    [25.3, 60.4],
  ],
  // Russia.
  stp: [
    [30.3, 59.9],
    [33.0, 68.5],
    [37.0, 67.0],
    [34.5, 63.5],
    [42.0, 64.5],
    [45.0, 66.0],
    [40.5, 61.0],
    [28.5, 58.8],
    [38.0, 60.0],
    [29.2, 60.2],
    [28.0, 59.3],
  ],
  lvn: [
    [24.1, 56.95],
    [25.5, 58.5],
    [27.0, 56.5],
    [23.0, 55.6],
    [24.7, 59.3],
    [26.5, 59.3],
  ],
  mos: [
    [37.6, 55.75],
    [33.0, 54.5],
    [42.0, 55.0],
    [40.0, 52.0],
    [44.0, 58.0],
    [30.5, 55.0],
    [36.0, 57.3],
  ],
  war: [
    [21.0, 52.2],
    [23.2, 53.1],
    [19.5, 51.5],
    [22.6, 51.2],
  ],
  ukr: [
    [30.5, 50.4],
    [27.0, 49.6],
    [34.5, 49.6],
    [37.0, 50.7],
    [32.5, 51.5],
  ],
  sev: [
    [33.5, 44.6],
    [30.7, 46.5],
    [38.0, 47.3],
    [41.0, 45.0],
    [44.0, 46.0],
    [35.5, 46.5],
    [28.8, 47.0],
    [32.0, 46.8],
  ],
  // Austria-Hungary, the Balkans.
  boh: [
    [14.4, 50.1],
    [16.6, 49.2],
    [17.8, 49.7],
    [13.3, 49.6],
    [13.8, 48.8],
  ],
  vie: [
    [16.4, 48.2],
    [15.0, 47.2],
    [15.3, 48.3],
    [18.5, 48.9],
    [17.5, 48.3],
  ],
  tyr: [
    [11.4, 47.3],
    [13.0, 47.0],
    [11.0, 46.4],
    [10.7, 47.1],
    [13.8, 46.5],
    [12.9, 47.8],
  ],
  tri: [
    [13.8, 45.65],
    [15.9, 45.3],
    [16.6, 43.7],
    [18.3, 42.75],
    [15.2, 45.0],
  ],
  bud: [
    [19.05, 47.5],
    [21.6, 47.5],
    [23.6, 46.8],
    [22.5, 48.6],
    [18.0, 46.1],
    [25.0, 46.5],
    [19.5, 45.2],
  ],
  gal: [
    [24.0, 49.8],
    [20.0, 50.0],
    [25.9, 48.3],
    [22.0, 49.5],
    [20.8, 49.4],
  ],
  rum: [
    [26.1, 44.4],
    [27.5, 47.0],
    [28.6, 45.0],
    [24.0, 44.5],
    [28.2, 44.1],
  ],
  ser: [
    [20.5, 44.8],
    [21.0, 43.3],
    [19.8, 43.9],
    [22.0, 44.0],
  ],
  bul: [
    [25.0, 42.7],
    [27.5, 42.5],
    [23.3, 42.7],
    [25.5, 41.5],
    [27.5, 43.5],
    [24.5, 41.3],
  ],
  alb: [
    [19.8, 41.3],
    [20.1, 40.2],
    [19.5, 42.1],
  ],
  gre: [
    [22.0, 39.5],
    [22.4, 37.6],
    [23.7, 38.0],
    [21.5, 40.8],
    [23.0, 40.8],
  ],
  con: [
    [28.4, 41.3],
    [27.3, 41.4],
    [29.1, 40.2],
    [30.0, 40.75],
    [26.5, 41.0],
    [29.6, 41.0],
  ],
  ank: [
    [32.85, 39.9],
    [35.5, 41.0],
    [31.5, 41.1],
    [37.0, 40.0],
    [33.5, 41.6],
  ],
  smy: [
    [27.1, 38.4],
    [30.5, 37.8],
    [33.5, 37.5],
    [29.0, 39.3],
    [35.0, 38.6],
    [28.3, 37.4],
  ],
  arm: [
    [41.3, 39.9],
    [43.5, 41.5],
    [39.5, 40.8],
    [43.0, 38.5],
    [45.0, 40.5],
    [38.5, 39.0],
  ],
  syr: [
    [36.3, 33.5],
    [37.2, 36.2],
    [36.4, 35.0],
    [39.0, 35.0],
    [40.0, 36.5],
  ],
  // Italy, Africa.
  pie: [
    [7.7, 45.1],
    [9.2, 45.5],
    [8.5, 44.4],
    [9.9, 46.1],
  ],
  ven: [
    [12.0, 45.5],
    [11.0, 44.7],
    [11.3, 45.8],
    [12.3, 44.2],
    [13.4, 43.4],
    [13.0, 43.0],
  ],
  tus: [
    [11.25, 43.77],
    [10.4, 43.7],
    [11.5, 43.0],
  ],
  rom: [
    [12.5, 41.9],
    [13.2, 41.5],
    [12.0, 42.4],
  ],
  apu: [
    [16.9, 41.1],
    [15.5, 41.5],
    [17.8, 40.5],
    [14.5, 42.1],
  ],
  nap: [
    [14.25, 40.85],
    [16.3, 39.3],
    [14.0, 37.5],
    [15.8, 40.4],
    [14.2, 37.6],
  ],
  naf: [
    [3.0, 36.7],
    [-6.8, 34.0],
    [0.0, 35.5],
    [-4.0, 35.0],
    [5.0, 35.0],
    [-2.0, 32.0],
    [7.0, 36.5],
  ],
  tun: [
    [10.2, 36.8],
    [10.5, 35.0],
    [9.5, 33.5],
    [8.6, 36.0],
  ],
  // Seas.
  nao: [
    [-25, 55],
    [-15, 60],
    [-22, 46],
    [-12, 63],
    [-10, 56.5],
    [-7.5, 55.8],
    [-20, 38],
    [-8.5, 58.0],
    [-6.8, 57.0],
    [-5.4, 55.3],
    [-5.7, 57.9],
  ],
  nwg: [
    [0, 66],
    [5, 69],
    [-10, 68],
    [-3, 61.5],
    [12, 71],
    [15, 72.5],
    [-18, 70],
    [2, 62],
    [-4, 59.3],
    [-2.5, 59.6],
    [-5.5, 59.0],
  ],
  bar: [
    [40, 72],
    [30, 73],
    [48, 70],
    [22, 74],
    [35.5, 69.5],
  ],
  nth: [
    [3, 56],
    [2.5, 53.5],
    [4, 58.5],
    [0.5, 58],
    [3.5, 60.5],
    [1.2, 60.0],
    [2.4, 51.9],
    [7.0, 56.5],
    [0.5, 54.0],
    [-1.0, 56.5],
    [2.2, 52.8],
    [-1.5, 57.8],
    [7.8, 56.0],
    [-2.8, 56.1],
    [-3.5, 57.75],
  ],
  ska: [
    [9.5, 57.9],
    [11.5, 57.0],
    [10.8, 57.6],
    [8.0, 58.0],
  ],
  hel: [
    [7.5, 54.2],
    [8.0, 54.5],
    [6.5, 53.8],
  ],
  bal: [
    [18, 55.6],
    [20, 57.5],
    [14, 54.6],
    [16.5, 54.9],
    [19.8, 59.0],
    [17, 57],
  ],
  bot: [
    [20, 61.5],
    [22, 64],
    [25, 65],
    [26, 59.9],
    [23, 59.5],
    [28.5, 60.2],
    [19.5, 63],
  ],
  eng: [
    [-2, 50.2],
    [-4.5, 49.8],
    [0.5, 50.3],
    [-5.8, 49.6],
    [1.4, 50.8],
    [2.0, 51.15],
  ],
  iri: [
    [-5, 53.5],
    [-6.3, 51.8],
    [-8.5, 51.2],
    [-4, 54.2],
    [-5.8, 52.8],
    [-11, 51.5],
  ],
  mao: [
    [-12, 45],
    [-10.5, 40],
    [-13, 36],
    [-5, 46],
    [-2.5, 44],
    [-7.5, 36.6],
    [-11, 49],
    [-18, 42],
    [-15, 32],
  ],
  wes: [
    [3, 38.5],
    [0, 37.2],
    [6, 38.3],
    [-3, 36.2],
    [8.3, 37.6],
  ],
  lyo: [
    [5, 42.5],
    [7.5, 43.3],
    [3.5, 41.5],
    [8.6, 44.1],
  ],
  tys: [
    [12, 40],
    [11, 39],
    [10.5, 42.3],
    [13.5, 39.2],
    [11.2, 37.8],
    [12.5, 38.5],
  ],
  ion: [
    [18, 38],
    [17, 34.5],
    [21, 36],
    [14.5, 34.5],
    [20, 39.2],
    [18.5, 40.0],
    [15.5, 37.0],
    [22.5, 34.5],
    [12.5, 35.5],
  ],
  adr: [
    [14.5, 44],
    [16.5, 42.6],
    [18.5, 41.5],
    [13, 44.8],
    [15.5, 43.2],
  ],
  aeg: [
    [25, 38.8],
    [25, 36.8],
    [24, 40.2],
    [26, 39.5],
    [23.7, 37.2],
    [26.5, 40.6],
    [25.5, 35.8],
  ],
  eas: [
    [31, 34],
    [28, 34.8],
    [34, 35.5],
    [26, 34.3],
    [35.5, 36.5],
    [31, 36.2],
    [33, 32.5],
  ],
  bla: [
    [34, 43.3],
    [31, 43.5],
    [37, 43],
    [29, 42.5],
    [39.5, 42.0],
    [36.5, 45.8],
    [30.5, 45.5],
    [41.0, 42.5],
    [35.0, 42.2],
  ],
};

/**
 * Straits that the board gives to a land space, drawn as its land: Denmark's belts and the
 * Sound, which keep the Skagerrak from the Baltic and join Denmark to Sweden; the Bosporus, the
 * Sea of Marmara and the Dardanelles, which keep the Black Sea from the Aegean.
 */
const STRAITS: Record<string, LonLat[][]> = {
  den: [
    [
      [9.55, 55.7],
      [9.95, 55.7],
      [10.0, 55.0],
      [9.6, 54.85],
      [9.55, 55.2],
    ],
    [
      [10.75, 55.75],
      [11.15, 55.75],
      [11.2, 55.1],
      [10.8, 54.95],
      [10.7, 55.3],
    ],
    [
      [12.45, 56.15],
      [12.8, 56.15],
      [12.95, 55.4],
      [12.55, 55.4],
    ],
  ],
  con: [
    [
      [25.9, 40.0],
      [26.4, 40.5],
      [27.0, 40.9],
      [28.0, 41.15],
      [28.9, 41.1],
      [29.15, 41.3],
      [29.25, 41.2],
      [29.1, 40.85],
      [29.9, 40.8],
      [29.3, 40.35],
      [27.5, 40.3],
      [26.6, 40.05],
      [26.2, 39.9],
    ],
  ],
};

/** Land that is no space, named on the board; other land without seeds is drawn unnamed. */
const IMPASSABLE_NAMES: Record<string, LonLat> = {
  Switzerland: [8.2, 46.8],
  Ireland: [-8.0, 53.3],
  Iceland: [-18.5, 64.9],
  Corsica: [9.1, 42.1],
  Sardinia: [9.0, 40.0],
  Crete: [24.9, 35.2],
  Cyprus: [33.0, 35.0],
};
/** Africa east of Tunis, off the board's spaces. */
const AFRICA_EAST: LonLat[] = [
  [11.55, 10],
  [11.55, 33.15],
  [11.2, 33.3],
  [11.3, 34.5],
  [20, 34.2],
  [32.3, 32.2],
  [34.9, 31.4],
  [36, 29.5],
  [36, 10],
];

// The frame: from the mid-Atlantic to the Caucasus, from the Sahara to the Barents Sea.
const WIDTH = 1000;
const FRAME_POINTS: LonLat[] = [
  [-22, 47],
  [-17, 33],
  [45.5, 36.5],
  [46.5, 60],
  [30, 72.5],
  [-3, 65],
  [10, 32],
  [-10, 62],
];
const projection = geoConicConformal()
  .parallels([38, 62])
  .rotate([-12, 0])
  .fitWidth(WIDTH, { type: 'MultiPoint', coordinates: FRAME_POINTS });
const proj = (p: LonLat): Pt => {
  const q = projection(p)!;
  return [Math.round(q[0] * 100) / 100, Math.round(q[1] * 100) / 100];
};
const ys = FRAME_POINTS.map((p) => proj(p)[1]);
const top = Math.min(...ys);
projection.translate([projection.translate()[0], projection.translate()[1] - top]);
const HEIGHT = Math.ceil(Math.max(...FRAME_POINTS.map((p) => proj(p)[1])));
const FRAME: Polygon = [
  [
    [0, 0],
    [WIDTH, 0],
    [WIDTH, HEIGHT],
    [0, HEIGHT],
    [0, 0],
  ],
];

// Land, simplified to about half a pixel, clipped to the frame.
const topo = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules/world-atlas', file), 'utf8')) as Topology;
const landTopo = topo('land-50m.json');
const land50 = feature(landTopo, landTopo.objects.land as never) as unknown as GeoJSON.FeatureCollection;
const countriesTopo = topo('countries-50m.json');
const countries = feature(
  countriesTopo,
  countriesTopo.objects.countries as never,
) as unknown as GeoJSON.FeatureCollection;

/** Douglas–Peucker on a closed ring. */
function simplify(ring: Pt[], tol: number): Pt[] {
  if (ring.length < 8) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let best = -1,
      dmax = 0;
    for (let i = a + 1; i < b; i++) {
      const d = segDistance(ring[i], ring[a], ring[b]);
      if (d > dmax) {
        dmax = d;
        best = i;
      }
    }
    if (best >= 0 && dmax > tol) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}
function segDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
/** A GeoJSON geometry projected by d3 (which cuts it at the antimeridian and the frame), simplified. */
function project(g: GeoJSON.Geometry, tol = 0.5): MultiPolygon {
  const rings: Pt[][] = [];
  let cur: Pt[] = [];
  const context = {
    moveTo(x: number, y: number) {
      cur = [[x, y]];
      rings.push(cur);
    },
    lineTo(x: number, y: number) {
      cur.push([x, y]);
    },
    closePath() {
      cur.push(cur[0]);
    },
    arc() {},
    beginPath() {},
  };
  geoPath(
    projection.clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]),
    context as never,
  )(g);
  const kept = rings.map((r) => simplify(r, tol)).filter((r) => r.length >= 4 && Math.abs(area([[r]])) > 0.3);
  if (!kept.length) return [];
  return polygonClipping.xor([kept[0]], ...kept.slice(1).map((r): Polygon => [r]));
}

const projectedLand = union(land50.features.map((f) => project(f.geometry)));
const switzerland = intersect(
  project(countries.features.find((f) => f.properties?.name === 'Switzerland')!.geometry),
  projectedLand,
);
const africaEast = intersect([[AFRICA_EAST.map(proj)]], projectedLand);
const straits: Record<string, MultiPolygon> = Object.fromEntries(
  Object.entries(STRAITS).map(([id, polys]) => [
    id,
    difference(
      polys.map((p) => [p.map(proj)] as Polygon),
      projectedLand,
    ),
  ]),
);
const allLand = union([projectedLand, ...Object.values(straits)]);
const playable = difference(projectedLand, switzerland, africaEast);

const provinces = mapData.provinces as {
  id: string;
  name: string;
  type: 'land' | 'coast' | 'sea' | 'impassable';
  supply_center: boolean;
  coasts?: string[];
}[];
const spaces = provinces.filter((p) => p.type !== 'impassable');
for (const p of spaces) if (!SEEDS[p.id]) throw new Error(`no seeds for ${p.id}`);

/** The Voronoi cell of seed i among `seeds`, within a box around the frame. */
function cell(seeds: Pt[], i: number): Polygon {
  let poly: Pt[] = [
    [-2000, -2000],
    [WIDTH + 2000, -2000],
    [WIDTH + 2000, HEIGHT + 2000],
    [-2000, HEIGHT + 2000],
  ];
  const s = seeds[i];
  for (let j = 0; j < seeds.length && poly.length; j++) {
    if (j === i) continue;
    const t = seeds[j];
    const n: Pt = [t[0] - s[0], t[1] - s[1]];
    const c = (n[0] * (s[0] + t[0])) / 2 + (n[1] * (s[1] + t[1])) / 2;
    const inside = (p: Pt) => n[0] * p[0] + n[1] * p[1] <= c;
    const next: Pt[] = [];
    for (let k = 0; k < poly.length; k++) {
      const a = poly[k],
        b = poly[(k + 1) % poly.length];
      const ia = inside(a),
        ib = inside(b);
      if (ia) next.push(a);
      if (ia !== ib) {
        const da = n[0] * a[0] + n[1] * a[1] - c,
          db = n[0] * b[0] + n[1] * b[1] - c;
        const u = da / (da - db);
        next.push([a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])]);
      }
    }
    poly = next;
  }
  return [[...poly, poly[0]]];
}

const roundPolygon = (p: Polygon): Polygon =>
  p.map((r) => r.map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100] as Pt));

/** Splits a region among the spaces whose seeds lie in each of its parts; parts without seeds are returned apart. */
function carve(region: MultiPolygon, ids: string[]): { shapes: Record<string, MultiPolygon>; unclaimed: Polygon[] } {
  const shapes: Record<string, MultiPolygon[]> = {};
  const unclaimed: Polygon[] = [];
  for (const part of region) {
    const seeds: { id: string; p: Pt }[] = [];
    for (const id of ids)
      for (const s of SEEDS[id]) {
        const p = proj(s);
        if (contains([part], p)) seeds.push({ id, p });
      }
    if (!seeds.length) {
      unclaimed.push(part);
      continue;
    }
    const pts = seeds.map((s) => s.p);
    const cells: Record<string, Polygon[]> = {};
    seeds.forEach((s, i) => {
      (cells[s.id] ??= []).push(roundPolygon(cell(pts, i)));
    });
    for (const [id, cs] of Object.entries(cells))
      (shapes[id] ??= []).push(intersect(union(cs.map((c) => [c])), [part]));
  }
  return { shapes: Object.fromEntries(Object.entries(shapes).map(([id, parts]) => [id, union(parts)])), unclaimed };
}

const landIds = spaces.filter((p) => p.type !== 'sea').map((p) => p.id);
const seaIds = spaces.filter((p) => p.type === 'sea').map((p) => p.id);
for (const id of [...landIds, ...seaIds])
  for (const s of SEEDS[id]) {
    const inLand = contains(playable, proj(s));
    if (inLand !== landIds.includes(id)) console.warn(`seed of ${id} at ${s} is ${inLand ? 'on land' : 'at sea'}`);
  }
const landCarve = carve(playable, landIds);
const shapes: Record<string, MultiPolygon> = landCarve.shapes;
for (const [id, s] of Object.entries(straits)) shapes[id] = union([shapes[id], s]);
const water = difference(FRAME, allLand);
const seaCarve = carve(water, seaIds);
Object.assign(shapes, seaCarve.shapes);
for (const id of Object.keys(shapes)) shapes[id] = round(shapes[id], 1);

// Impassable land: Switzerland, Africa east of Tunis, and land parts without seeds, named where the board names them.
const impassableParts: MultiPolygon = [
  ...switzerland,
  ...africaEast,
  ...landCarve.unclaimed.filter((p) => area([p]) > 4),
];
const impassable: Record<string, string> = {};
for (const part of impassableParts) {
  const name = Object.entries(IMPASSABLE_NAMES).find(([, at]) => contains([part], proj(at)))?.[0];
  const key = name ?? 'Other land';
  impassable[key] = impassable[key] ? impassable[key] + pathOf(round([part], 1)) : pathOf(round([part], 1));
}

// Compare borders with the adjacencies.
const adjacent = new Set<string>();
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
for (const [a, list] of Object.entries(mapData.army_adjacency as Record<string, string[]>))
  for (const b of list) adjacent.add(key(a, b));
for (const [a, list] of Object.entries(mapData.fleet_adjacency as Record<string, string[]>))
  for (const b of list) adjacent.add(key(a.split('/')[0], b.split('/')[0]));
const ids = spaces.map((p) => p.id);
const touching = new Map<string, number>();
for (let i = 0; i < ids.length; i++)
  for (let j = i + 1; j < ids.length; j++) {
    const len = sharedBorder(shapes[ids[i]] ?? [], shapes[ids[j]] ?? []);
    if (len > 1) touching.set(key(ids[i], ids[j]), len);
  }
const problems: string[] = [];
for (const k of adjacent) if (!touching.has(k)) problems.push(`adjacent but not touching: ${k}`);
for (const [k, len] of touching)
  if (!adjacent.has(k)) problems.push(`touching but not adjacent: ${k} (${len.toFixed(1)})`);
for (const p of spaces) if (!shapes[p.id] || area(shapes[p.id]) < 20) problems.push(`no shape: ${p.id}`);
console.log(problems.length ? problems.join('\n') : 'borders match the adjacencies');

// Points: the supply centre at its city, the unit clear of it, the name clear of both; on a split
// coast, the point of the space nearest that coast's waters.
const CITIES: Record<string, LonLat> = {
  ank: [32.85, 39.93],
  bel: [4.35, 50.85],
  ber: [13.4, 52.52],
  bre: [-4.49, 48.39],
  bud: [19.04, 47.5],
  bul: [23.32, 42.7],
  con: [28.97, 41.0],
  den: [12.57, 55.68],
  edi: [-3.19, 55.95],
  gre: [23.73, 37.98],
  hol: [4.9, 52.37],
  kie: [10.13, 54.32],
  lon: [-0.13, 51.5],
  lvp: [-2.98, 53.41],
  mar: [5.37, 43.3],
  mos: [37.62, 55.75],
  mun: [11.58, 48.14],
  nap: [14.27, 40.85],
  nwy: [10.75, 59.91],
  par: [2.35, 48.86],
  por: [-9.14, 38.72],
  rom: [12.5, 41.9],
  rum: [26.1, 44.43],
  ser: [20.46, 44.8],
  sev: [33.52, 44.6],
  smy: [27.14, 38.42],
  spa: [-3.7, 40.42],
  stp: [30.31, 59.94],
  swe: [18.07, 59.33],
  tri: [13.78, 45.65],
  tun: [10.18, 36.8],
  ven: [12.33, 45.44],
  vie: [16.37, 48.21],
  war: [21.01, 52.23],
};
const COAST_NEAR: Record<string, LonLat> = {
  'spa/nc': [-6.0, 43.5],
  'spa/sc': [-0.5, 37.8],
  'stp/nc': [40.0, 66.5],
  'stp/sc': [30.0, 60.3],
  'bul/ec': [27.9, 42.9],
  'bul/sc': [25.0, 41.0],
};
/** Every point of a grid inside the shape, with its distance to the border. */
function gridPoints(shape: MultiPolygon): { p: Pt; d: number }[] {
  const [x0, y0, x1, y1] = bbox(shape);
  const step = Math.max(1, Math.sqrt(area(shape)) / 50);
  const pts: { p: Pt; d: number }[] = [];
  for (let x = x0 + step / 2; x < x1; x += step)
    for (let y = y0 + step / 2; y < y1; y += step) {
      const p: Pt = [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
      if (contains(shape, p)) pts.push({ p, d: boundaryDistance(shape, p) });
    }
  return pts.sort((a, b) => b.d - a.d);
}
const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const nearest = (pts: { p: Pt; d: number }[], to: Pt, minD: number) =>
  [...pts].filter((q) => q.d >= minD).sort((a, b) => dist(a.p, to) - dist(b.p, to))[0]?.p ?? pts[0].p;
const out: Record<string, unknown> = {};
for (const p of spaces) {
  const shape = shapes[p.id];
  if (p.type === 'sea') {
    const pts = innerPoints(shape, 2, 40);
    out[p.id] = { path: pathOf(shape), label: pts[0], room: horizontalRoom(shape, pts[0]), unit: pts[1] ?? pts[0] };
    continue;
  }
  // Units, names and markers on the largest part (Naples on the mainland, not Sicily).
  const main = [...shape].sort((a, b) => area([b]) - area([a]))[0];
  const grid = gridPoints([main]).map((q) => ({ p: q.p, d: boundaryDistance(shape, q.p) }));
  const taken: Pt[] = [];
  const coasts: Record<string, Pt> = {};
  for (const c of p.coasts ?? []) {
    coasts[c] = nearest(grid, proj(COAST_NEAR[`${p.id}/${c}`]), 5);
    taken.push(coasts[c]);
  }
  let marker: Pt | undefined;
  if (p.supply_center) {
    marker = nearest(
      grid.filter((q) => taken.every((t) => dist(t, q.p) >= 11)),
      proj(CITIES[p.id]),
      4,
    );
    taken.push(marker);
  }
  // The unit at the deepest point clear of the marker and the coasts; the name at the deepest
  // point clear of them all, or just under the unit where the space is too small for both apart.
  const unit = (grid.find((q) => taken.every((t) => dist(t, q.p) >= 12)) ?? grid[0]).p;
  const half = (p.name.length * 4.6) / 2;
  const apart = (q: Pt, t: Pt, dy: number, dx: number) =>
    Math.abs(q[1] - t[1]) >= dy || Math.abs(q[0] - t[0]) >= half + dx;
  const clear = grid.find((q) => q.d >= 4 && apart(q.p, unit, 14, 12) && taken.every((t) => apart(q.p, t, 8, 6)));
  const under: Pt = [unit[0], Math.round((unit[1] + 14) * 10) / 10];
  const label = clear ? clear.p : contains(shape, under) ? under : grid[0].p;
  const entry: Record<string, unknown> = { path: pathOf(shape), label, room: horizontalRoom(shape, label), unit };
  if (marker) entry.marker = marker;
  if (p.coasts?.length) entry.coasts = coasts;
  out[p.id] = entry;
}
for (const [id, e] of Object.entries(out) as [string, { label: Pt; unit: Pt }][]) {
  for (const q of [e.label, e.unit]) if (!contains(shapes[id], q)) problems.push(`point outside ${id}`);
}

const geometry = {
  map: 'standard',
  unofficial: true,
  provenance: {
    coastlines:
      'Natural Earth 1:50m land via world-atlas 2.0.2 (land-50m.json), public domain; Switzerland from countries-50m.json',
    provinces:
      'Unofficial: each space is the union of the Voronoi regions of seed points at the real places it stands for, clipped to land or water; Denmark and Constantinople take their straits. Generated by scripts/maps/standard.ts; see docs/maps.md.',
    projection: 'Lambert conformal conic, standard parallels 38° and 62° N, centred on 12° E, fitted 1000 px wide',
  },
  viewBox: [0, 0, WIDTH, HEIGHT],
  islands: {},
  impassable,
  spaces: out,
};
const file = path.join(root, 'src/diplomacy/maps/standard.geometry.json');
if (process.argv.includes('--write')) {
  fs.writeFileSync(file, JSON.stringify(geometry, null, 1) + '\n');
  console.log(`wrote ${path.relative(root, file)}`);
}
if (process.argv.includes('--preview')) {
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="2000" height="${Math.round((2000 * HEIGHT) / WIDTH)}" font-family="sans-serif">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#cfe3f3"/>`,
  ];
  for (const d of Object.values(impassable)) svg.push(`<path d="${d}" fill="#bbb" stroke="#666" stroke-width="0.4"/>`);
  for (const p of spaces) {
    const e = out[p.id] as { path: string };
    const fill = p.type === 'sea' ? '#b5d2ea' : p.type === 'land' ? '#e4d3a8' : '#f1e6c6';
    svg.push(`<path d="${e.path}" fill="${fill}" stroke="#6b5a3a" stroke-width="0.5"/>`);
  }
  for (const p of spaces)
    for (const s of SEEDS[p.id]) {
      const q = proj(s);
      svg.push(`<circle cx="${q[0]}" cy="${q[1]}" r="1.2" fill="red"/>`);
    }
  for (const p of spaces) {
    const e = out[p.id] as { label: Pt };
    svg.push(`<text x="${e.label[0]}" y="${e.label[1]}" font-size="8" text-anchor="middle">${p.id}</text>`);
  }
  svg.push('</svg>');
  fs.writeFileSync('/tmp/standard-preview.svg', svg.join('\n'));
}
if (problems.length) process.exitCode = 1;
