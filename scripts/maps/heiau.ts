// Generates src/diplomacy/maps/heiau.geometry.json: one shape per Heiau space, carved from
// Natural Earth's coastlines of the Hawaiian islands (world-atlas land-10m, public domain).
// Each province is a region drawn from real places (borders run between named towns, ridges and
// points), clipped to its island's coastline; each channel is a region of water less the land;
// the two oceans are the water left north and south of a line under the island chain. Re-run with `npm run -s maps:heiau`; the output is checked in.
import fs from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon } from 'polygon-clipping';
import {
  area,
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
import { hawaiianIslands, type LonLat } from './hawaiian-islands.ts';

const root = path.resolve(import.meta.dirname, '../..');
const mapData = JSON.parse(fs.readFileSync(path.join(root, 'src/diplomacy/maps/heiau.json'), 'utf8'));

// The frame: the eight main islands with room for the oceans and channels.

/**
 * Coastal provinces as regions (longitude, latitude) that reach out to sea: a province is its
 * region clipped to its island, less the regions listed before it and the inland provinces.
 * The last province of an island takes what is left of it. Borders run from real places.
 */
const LAND_REGIONS: Record<string, LonLat[] | 'rest'> = {
  // Kauai: Kilauea the north shore and the Na Pali end, Wailua the east, Waimea the west and south.
  kila: [
    [-159.9, 22.45],
    [-159.15, 22.45],
    [-159.15, 22.14],
    [-159.4, 22.12],
    [-159.5, 22.14],
    [-159.58, 22.05],
    [-159.7, 22.16],
    [-159.9, 22.3],
  ],
  wail: [
    [-159.15, 22.14],
    [-159.4, 22.12],
    [-159.39, 22.03],
    [-159.47, 21.98],
    [-159.45, 21.75],
    [-159.15, 21.75],
  ],
  waim: 'rest',
  // Oahu: the Koolau, Kailua, Waikiki and Aiea meet at one point of the central ridge above Pearl Harbor.
  kool: [
    [-157.93, 21.42],
    [-157.97, 21.56],
    [-158.04, 21.61],
    [-158.06, 21.8],
    [-157.55, 21.8],
    [-157.55, 21.5],
  ],
  oahu: [
    [-157.93, 21.42],
    [-157.55, 21.5],
    [-157.5, 21.28],
    [-157.64, 21.29],
  ],
  waik: [
    [-157.93, 21.42],
    [-157.64, 21.29],
    [-157.6, 21.1],
    [-157.91, 21.1],
  ],
  aiea: [
    [-157.93, 21.42],
    [-157.91, 21.1],
    [-158.25, 21.1],
    [-158.14, 21.36],
    [-158.09, 21.41],
    [-158.02, 21.4],
  ],
  waia: 'rest',
  // Molokai: Kaunalu the west, Makanalua the middle from shore to shore, Halawa the east.
  kaun: [
    [-157.5, 20.9],
    [-157.1, 20.9],
    [-157.08, 21.35],
    [-157.5, 21.35],
  ],
  hala: [
    [-156.88, 20.9],
    [-156.5, 20.9],
    [-156.5, 21.35],
    [-156.9, 21.35],
  ],
  makn: 'rest',
  // Maui: Lahaina West Maui and the isthmus; East Maui round Kula: Haiku, Hana, Kaupo, Honuaula.
  laha: [
    [-156.45, 20.78],
    [-156.4, 21.2],
    [-156.8, 21.2],
    [-156.8, 20.6],
    [-156.44, 20.6],
    [-156.38, 20.72],
  ],
  haik: [
    [-156.45, 20.78],
    [-156.33, 20.86],
    [-156.2, 20.84],
    [-156.1, 20.79],
    [-155.95, 20.9],
    [-156.15, 21.2],
    [-156.4, 21.2],
  ],
  hana: [
    [-156.1, 20.79],
    [-155.95, 20.9],
    [-155.8, 20.8],
    [-155.9, 20.6],
    [-156.16, 20.68],
    [-156.1, 20.76],
  ],
  kaup: [
    [-156.16, 20.68],
    [-155.9, 20.6],
    [-156.0, 20.45],
    [-156.33, 20.45],
    [-156.3, 20.68],
  ],
  honu: 'rest',
  // Hawaii: round the two mountains.
  koha: [
    [-155.8, 20.08],
    [-155.68, 20.12],
    [-155.62, 20.2],
    [-155.65, 20.45],
    [-156.05, 20.4],
    [-156.05, 20.1],
  ],
  waip: [
    [-155.62, 20.2],
    [-155.68, 20.12],
    [-155.62, 20.06],
    [-155.5, 20.0],
    [-155.4, 20.15],
    [-155.5, 20.4],
    [-155.65, 20.45],
  ],
  hamk: [
    [-155.5, 20.0],
    [-155.38, 19.95],
    [-155.2, 19.8],
    [-155.0, 19.75],
    [-154.9, 20.0],
    [-155.4, 20.15],
  ],
  hilo: [
    [-155.2, 19.8],
    [-155.28, 19.68],
    [-155.14, 19.5],
    [-154.7, 19.55],
    [-154.9, 19.9],
    [-155.0, 19.75],
  ],
  puna: [
    [-155.14, 19.5],
    [-155.3, 19.28],
    [-155.4, 19.0],
    [-154.6, 19.2],
    [-154.7, 19.55],
  ],
  kala: [
    [-155.3, 19.28],
    [-155.52, 19.22],
    [-155.7, 19.34],
    [-155.95, 19.3],
    [-156.0, 18.8],
    [-155.4, 18.8],
    [-155.4, 19.0],
  ],
  konk: [
    [-155.7, 19.34],
    [-155.82, 19.55],
    [-155.72, 19.82],
    [-155.78, 19.86],
    [-156.1, 19.9],
    [-156.1, 19.3],
    [-155.95, 19.3],
  ],
  kawa: 'rest',
};

/** Inland provinces, drawn as polygons (longitude, latitude) inside their islands. */
const INLAND: Record<string, LonLat[]> = {
  makl: [
    [-159.58, 22.05],
    [-159.5, 22.14],
    [-159.4, 22.12],
    [-159.39, 22.03],
    [-159.47, 21.98],
    [-159.56, 21.99],
  ],
  waha: [
    [-158.09, 21.41],
    [-158.14, 21.48],
    [-158.04, 21.61],
    [-157.97, 21.56],
    [-157.93, 21.42],
    [-158.02, 21.4],
  ],
  kula: [
    [-156.45, 20.78],
    [-156.38, 20.72],
    [-156.3, 20.68],
    [-156.16, 20.68],
    [-156.1, 20.76],
    [-156.1, 20.79],
    [-156.2, 20.84],
    [-156.33, 20.86],
  ],
  humu: [
    [-155.8, 20.08],
    [-155.68, 20.12],
    [-155.62, 20.06],
    [-155.5, 20.0],
    [-155.38, 19.95],
    [-155.2, 19.8],
    [-155.28, 19.68],
    [-155.5, 19.7],
    [-155.72, 19.82],
    [-155.78, 19.86],
  ],
  maun: [
    [-155.72, 19.82],
    [-155.5, 19.7],
    [-155.28, 19.68],
    [-155.14, 19.5],
    [-155.3, 19.28],
    [-155.52, 19.22],
    [-155.7, 19.34],
    [-155.82, 19.55],
  ],
};

/** A vertex at sea, or the coastline vertex of an island nearest a place (where seas meet on a coast). */
type Vertex = LonLat | { snap: string; near: LonLat };
const snap = (island: string, near: LonLat): Vertex => ({ snap: island, near });

/**
 * The channels, in order: each is its region less the land and the channels before it. Shared
 * vertices make seas that the rules keep apart meet at a single point, never along a border.
 */
const SEA_REGIONS: Record<string, Vertex[]> = {
  kaul: [
    [-160.5, 21.6],
    [-160.5, 22.25],
    [-159.95, 22.4],
    [-159.62, 22.28],
    [-159.55, 22.1],
    [-159.6, 21.95],
    [-159.6, 21.85],
    [-159.62, 21.6],
  ],
  kaie: [
    [-159.62, 21.6],
    [-159.6, 21.85],
    [-159.5, 22.02],
    [-159.25, 22.05],
    [-158.35, 21.65],
    [-158.15, 21.45],
    [-158.05, 21.22],
  ],
  kaiw: [
    [-157.62, 21.42],
    [-157.25, 21.28],
    [-157.2, 21.12],
    snap('Lanai', [-157.06, 20.9]),
    [-157.68, 21.22],
    [-157.75, 21.32],
  ],
  pail: [
    [-156.82, 20.99],
    [-156.8, 21.12],
    [-156.7, 21.24],
    [-156.6, 20.98],
    [-156.62, 20.92],
  ],
  kalo: [
    [-157.2, 21.12],
    [-156.8, 21.12],
    [-156.82, 20.99],
    snap('Lanai', [-156.86, 20.9]),
    [-156.95, 20.85],
    snap('Lanai', [-157.06, 20.9]),
  ],
  auau: [
    [-156.82, 20.99],
    [-156.62, 20.92],
    [-156.5, 20.82],
    [-156.72, 20.72],
    snap('Lanai', [-156.81, 20.78]),
    [-156.9, 20.83],
    snap('Lanai', [-156.86, 20.9]),
  ],
  keal: [
    snap('Lanai', [-156.81, 20.78]),
    [-156.72, 20.72],
    [-156.62, 20.57],
    [-156.66, 20.53],
    [-156.9, 20.58],
    snap('Lanai', [-156.95, 20.74]),
    [-156.92, 20.8],
  ],
  alal: [
    [-156.5, 20.82],
    [-156.72, 20.72],
    [-156.62, 20.57],
    [-156.57, 20.53],
    [-156.2, 20.25],
    [-156.2, 20.66],
  ],
  alen: [
    [-156.2, 20.25],
    [-156.2, 20.66],
    [-156.05, 20.75],
    [-155.9, 20.85],
    [-155.6, 20.5],
    [-155.8, 20.18],
    [-155.82, 19.98],
  ],
  konc: [
    [-156.2, 20.25],
    [-155.82, 19.98],
    [-155.7, 19.6],
    [-155.65, 19.1],
    [-156.0, 18.95],
  ],
  hamc: [
    [-155.6, 20.5],
    [-155.8, 20.18],
    [-155.3, 19.7],
    [-155.05, 19.38],
    [-154.62, 19.35],
    [-154.7, 20.3],
  ],
};

/** The North Pacific is what is left north of this line (which runs under the islands and channels); the South Pacific the rest. */
const OCEAN_DIVIDE: LonLat[] = [
  [-160.5, 21.9],
  [-159.5, 22.05],
  [-158.2, 21.45],
  [-157.0, 21.15],
  [-156.4, 20.8],
  [-155.9, 20.5],
  [-155.5, 19.8],
  [-154.68, 19.8],
];

const { proj, islands, WIDTH, HEIGHT, ANGLE, MARGIN } = hawaiianIslands(root);

const provinces = mapData.provinces as {
  id: string;
  name: string;
  type: 'land' | 'coast' | 'sea';
  island?: string;
  supply_center: boolean;
  coasts?: string[];
}[];
const shapes: Record<string, MultiPolygon> = {};

// Land: per island, Voronoi of the coastal seeds clipped to the island, less the inland provinces.
for (const [island, shape] of Object.entries(islands)) {
  const here = provinces.filter((p) => p.type !== 'sea' && p.island === island);
  const inland = here.filter((p) => p.type === 'land');
  const order = Object.keys(LAND_REGIONS);
  const coastal = here.filter((p) => p.type === 'coast').sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const inlandShapes = inland.map((p) => intersect([[INLAND[p.id].map(proj)]], shape));
  inland.forEach((p, i) => {
    shapes[p.id] = inlandShapes[i];
  });
  if (coastal.length === 1) {
    shapes[coastal[0].id] = difference(shape, ...inlandShapes);
    continue;
  }
  const taken: MultiPolygon[] = [...inlandShapes];
  for (const p of coastal) {
    const region = LAND_REGIONS[p.id];
    if (!region) throw new Error(`no region for ${p.id}`);
    shapes[p.id] =
      region === 'rest' ? difference(shape, ...taken) : difference(intersect([[region.map(proj)]], shape), ...taken);
    taken.push(shapes[p.id]);
  }
  const rest = coastal.filter((p) => LAND_REGIONS[p.id] === 'rest');
  if (rest.length !== 1 || coastal[coastal.length - 1] !== rest[0])
    throw new Error(`${island}: exactly one province, listed last, takes the rest`);
}

// Seas: the channels in order, then the two oceans either side of the divide.
const allLand = union(Object.values(islands));
const vertex = (v: Vertex): Pt => {
  if (Array.isArray(v)) return proj(v);
  const target = proj(v.near);
  let best: Pt = target,
    d = Infinity;
  for (const poly of islands[v.snap])
    for (const ring of poly)
      for (const q of ring) {
        const dq = Math.hypot(q[0] - target[0], q[1] - target[1]);
        if (dq < d) {
          d = dq;
          best = q as Pt;
        }
      }
  return best;
};
{
  const taken: MultiPolygon[] = [allLand];
  for (const [id, region] of Object.entries(SEA_REGIONS)) {
    shapes[id] = difference(
      intersect(
        [[region.map(vertex)]],
        [
          [
            [0, 0],
            [WIDTH, 0],
            [WIDTH, HEIGHT],
            [0, HEIGHT],
          ],
        ],
      ),
      ...taken,
    );
    taken.push(shapes[id]);
  }
  // The divide, carried on level beyond both edges of the frame.
  const divide = OCEAN_DIVIDE.map(proj);
  const far = 10 * WIDTH;
  const north: Polygon = [
    [[-far, -far], [-far, divide[0][1]], ...divide, [far, divide[divide.length - 1][1]], [far, -far]],
  ];
  const rest = difference(
    [
      [
        [0, 0],
        [WIDTH, 0],
        [WIDTH, HEIGHT],
        [0, HEIGHT],
      ],
    ],
    ...taken,
  );
  shapes.npo = intersect(rest, north);
  shapes.spo = difference(rest, north);
  // Slivers of ocean left between a channel's edge and the coast belong to the channel they border most.
  for (const ocean of ['npo', 'spo']) {
    const keep: Polygon[] = [];
    for (const poly of shapes[ocean]) {
      if (area([poly]) >= 30) {
        keep.push(poly);
        continue;
      }
      const [owner] = Object.keys(SEA_REGIONS)
        .map((id) => [id, sharedBorder([poly], shapes[id])] as const)
        .sort((a, b) => b[1] - a[1])[0];
      shapes[owner] = union([shapes[owner], [poly]]);
    }
    shapes[ocean] = keep;
  }
}

for (const id of Object.keys(shapes)) shapes[id] = round(shapes[id], 2);

// Compare borders with the adjacencies.
const adjacent = new Set<string>();
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
for (const [a, list] of Object.entries(mapData.army_adjacency as Record<string, string[]>))
  for (const b of list) adjacent.add(key(a, b));
for (const [a, list] of Object.entries(mapData.fleet_adjacency as Record<string, string[]>))
  for (const b of list) adjacent.add(key(a.split('/')[0], b.split('/')[0]));
const ids = provinces.map((p) => p.id);
const touching = new Map<string, number>();
for (let i = 0; i < ids.length; i++)
  for (let j = i + 1; j < ids.length; j++) {
    const len = sharedBorder(shapes[ids[i]], shapes[ids[j]]);
    if (len > 1) touching.set(key(ids[i], ids[j]), len);
  }
const problems: string[] = [];
for (const k of adjacent) if (!touching.has(k)) problems.push(`adjacent but not touching: ${k}`);
for (const [k, len] of touching)
  if (!adjacent.has(k)) problems.push(`touching but not adjacent: ${k} (${len.toFixed(1)})`);
for (const p of provinces) if (!shapes[p.id] || area(shapes[p.id]) < 20) problems.push(`no shape: ${p.id}`);
console.log(problems.length ? problems.join('\n') : 'borders match the adjacencies');

// Points: label, unit, heiau marker; coast points for Makanalua.
const out: Record<string, unknown> = {};
for (const p of provinces) {
  const shape = shapes[p.id];
  const pts = innerPoints(shape, 3, p.type === 'sea' ? 40 : 12);
  const entry: Record<string, unknown> = {
    path: pathOf(shape),
    label: pts[0],
    room: horizontalRoom(shape, pts[0]),
    unit: pts[1] ?? pts[0],
  };
  if (p.supply_center) entry.marker = pts[2] ?? pts[0];
  if (p.coasts?.length) {
    const sea: Record<string, string> = { nc: 'npo', sc: 'kalo' };
    const coasts: Record<string, Pt> = {};
    for (const c of p.coasts) {
      // The point of the province nearest to that coast's water, a little inland.
      const water = shapes[sea[c]];
      const cands = innerPoints(shape, 30, 3);
      cands.sort((a, b) => boundaryDistance(water, a) - boundaryDistance(water, b));
      coasts[c] = cands.find((q) => boundaryDistance(shape, q) > 3) ?? cands[0];
    }
    entry.coasts = coasts;
  }
  out[p.id] = entry;
}
for (const [id, e] of Object.entries(out) as [string, { label: Pt; unit: Pt }][]) {
  for (const q of [e.label, e.unit]) if (!contains(shapes[id], q)) problems.push(`point outside ${id}`);
}

const geometry = {
  map: 'heiau',
  unofficial: true,
  provenance: {
    coastlines: 'Natural Earth 1:10m land via world-atlas 2.0.2 (land-10m.json), public domain',
    provinces:
      'Unofficial: Voronoi cells of seed points at the real places each space is named after, clipped to the coastline; inland provinces drawn inside their island. Generated by scripts/maps/heiau.ts; see docs/maps.md.',
    projection: `Mercator turned ${ANGLE}° so the chain runs across, fitted to the eight main islands with a ${MARGIN} px margin, ${WIDTH} px wide`,
  },
  viewBox: [0, 0, WIDTH, HEIGHT],
  islands: Object.fromEntries(Object.entries(islands).map(([n, s]) => [n, pathOf(round(s, 2))])),
  spaces: out,
};
const file = path.join(root, 'src/diplomacy/maps/heiau.geometry.json');
if (process.argv.includes('--write')) {
  fs.writeFileSync(file, JSON.stringify(geometry, null, 1) + '\n');
  console.log(`wrote ${path.relative(root, file)}`);
}
if (process.argv.includes('--preview')) {
  const zi = process.argv.indexOf('--zoom');
  const vb = zi > 0 ? process.argv[zi + 1].split(',').map(Number) : [0, 0, WIDTH, HEIGHT];
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${vb.join(' ')}" width="1600" height="${Math.round((1600 * vb[3]) / vb[2])}" font-family="sans-serif">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#cfe3f3"/>`,
  ];
  for (const p of provinces) {
    const e = out[p.id] as { path: string; label: Pt };
    const fill =
      p.type === 'sea'
        ? p.id === 'npo' || p.id === 'spo'
          ? '#b5d2ea'
          : '#d8e9f6'
        : p.type === 'land'
          ? '#e4d3a8'
          : '#f1e6c6';
    svg.push(`<path d="${e.path}" fill="${fill}" stroke="#6b5a3a" stroke-width="${(0.6 * vb[2]) / WIDTH}"/>`);
  }
  for (const p of provinces) {
    const e = out[p.id] as { label: Pt };
    svg.push(
      `<text x="${e.label[0]}" y="${e.label[1]}" font-size="${(7 * vb[2]) / WIDTH}" text-anchor="middle">${p.id}</text>`,
    );
  }
  svg.push('</svg>');
  fs.writeFileSync('/tmp/heiau-preview.svg', svg.join('\n'));
}
if (problems.length) process.exitCode = 1;
