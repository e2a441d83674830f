// Generates src/hand-of-destiny/scenarios/hawaii-1795.geometry.json: the Hawaii 1795 map drawn on
// the same coastlines and projection as the Heiau map. Hawai'i and O'ahu are split into their two
// spaces along their mountains (Kona and Hilo either side of Mauna Kea and Mauna Loa; Waikiki and
// Kailua either side of the Ko'olau ridge); Maui, Moloka'i and Kaua'i are one space each; the
// four sea spaces are the channels between the islands they separate. Niihau, Lanai and
// Kahoolawe are drawn but are no spaces. Re-run with `npm run -s maps:hawaii1795`.
import fs from 'node:fs';
import path from 'node:path';
import type { MultiPolygon } from 'polygon-clipping';
import {
  area,
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
const scenario = JSON.parse(fs.readFileSync(path.join(root, 'src/hand-of-destiny/scenarios/hawaii-1795.json'), 'utf8'));
const { proj, islands, WIDTH, HEIGHT, ANGLE, MARGIN } = hawaiianIslands(root);

const ISLAND_OF: Record<string, string> = {
  hawaii: 'Hawaii',
  oahu: 'Oahu',
  maui: 'Maui',
  molokai: 'Molokai',
  kauai: 'Kauai',
};

/** The first space of a two-space island, as a region; the other space takes the rest of the island. */
const SPLIT: Record<string, { space: string; region: LonLat[] }> = {
  hawaii: {
    space: 'kona',
    region: [
      [-156.3, 20.45],
      [-155.72, 20.35],
      [-155.5, 19.82],
      [-155.6, 19.47],
      [-155.68, 18.75],
      [-156.3, 18.75],
    ],
  },
  oahu: {
    space: 'oahu-2',
    region: [
      [-158.02, 21.8],
      [-157.45, 21.8],
      [-157.45, 21.22],
      [-157.66, 21.3],
    ],
  },
};

/** The channels, each a region of water from one island's shore to the other's (vertices on land reach the coast). */
const CHANNELS: Record<string, LonLat[]> = {
  kaieiewaho: [
    [-159.5, 22.05],
    [-159.2, 22.22],
    [-158.25, 21.72],
    [-158.1, 21.5],
    [-158.15, 21.28],
    [-159.45, 21.8],
  ],
  kaiwi: [
    [-157.75, 21.35],
    [-157.6, 21.52],
    [-157.2, 21.3],
    [-157.15, 21.15],
    [-157.25, 20.98],
    [-157.66, 21.2],
  ],
  pailolo: [
    [-156.85, 21.12],
    [-156.75, 21.26],
    [-156.55, 21.06],
    [-156.6, 20.9],
    [-156.72, 20.9],
    [-156.86, 21.0],
  ],
  alenuihaha: [
    [-156.1, 20.72],
    [-155.95, 20.92],
    [-155.58, 20.55],
    [-155.8, 20.15],
    [-155.97, 20.02],
    [-156.22, 20.4],
  ],
};
/** Which islands each channel lies between (what the test checks). */
export const CHANNEL_SHORES: Record<string, [string, string]> = {
  kaieiewaho: ['kauai', 'oahu'],
  kaiwi: ['oahu', 'molokai'],
  pailolo: ['molokai', 'maui'],
  alenuihaha: ['maui', 'hawaii'],
};

const spaces = scenario.spaces as { id: string; name: string; type: 'land' | 'sea'; island?: string; fort?: boolean }[];
const shapes: Record<string, MultiPolygon> = {};
for (const [island, name] of Object.entries(ISLAND_OF)) {
  const here = spaces.filter((s) => s.island === island);
  const coast = islands[name];
  if (here.length === 1) shapes[here[0].id] = coast;
  else {
    const split = SPLIT[island];
    shapes[split.space] = intersect([[split.region.map(proj)]], coast);
    shapes[here.find((s) => s.id !== split.space)!.id] = difference(coast, shapes[split.space]);
  }
}
const allLand = union(Object.values(islands));
const taken: MultiPolygon[] = [allLand];
for (const [id, region] of Object.entries(CHANNELS)) {
  shapes[id] = difference([[region.map(proj)]], ...taken);
  taken.push(shapes[id]);
}
for (const id of Object.keys(shapes)) shapes[id] = round(shapes[id], 2);

const problems: string[] = [];
for (const s of spaces) if (!shapes[s.id] || area(shapes[s.id]) < 20) problems.push(`no shape: ${s.id}`);
for (const [channel, shores] of Object.entries(CHANNEL_SHORES))
  for (const island of shores) {
    const touches = spaces
      .filter((s) => s.island === island)
      .some((s) => sharedBorder(shapes[channel], shapes[s.id]) > 1);
    if (!touches) problems.push(`${channel} does not reach ${island}`);
  }

const out: Record<string, unknown> = {};
for (const s of spaces) {
  const shape = shapes[s.id];
  const pts = innerPoints(shape, 3, s.type === 'sea' ? 30 : 14);
  out[s.id] = {
    path: pathOf(shape),
    label: pts[0],
    room: horizontalRoom(shape, pts[0]),
    unit: pts[1] ?? pts[0],
    ...(s.fort ? { marker: pts[2] ?? pts[0] } : {}),
  };
  for (const q of [pts[0], pts[1] ?? pts[0]]) if (!contains(shape, q as Pt)) problems.push(`point outside ${s.id}`);
}
console.log(problems.length ? problems.join('\n') : 'every space drawn; every channel reaches both its shores');

const geometry = {
  map: 'hawaii-1795',
  unofficial: true,
  provenance: {
    coastlines: 'Natural Earth 1:10m land via world-atlas 2.0.2 (land-10m.json), public domain',
    spaces:
      "Unofficial: the scenario's spaces on the real islands; Hawai'i and O'ahu split along their mountains, the channels between the islands they separate. Generated by scripts/maps/hawaii1795.ts; see docs/maps.md.",
    projection: `Mercator turned ${ANGLE}° so the chain runs across, fitted to the eight main islands with a ${MARGIN} px margin, ${WIDTH} px wide (as the Heiau map)`,
  },
  viewBox: [0, 0, WIDTH, HEIGHT],
  islands: Object.fromEntries(Object.entries(islands).map(([n, s]) => [n, pathOf(round(s, 2))])),
  spaces: out,
};
if (process.argv.includes('--write')) {
  const file = path.join(root, 'src/hand-of-destiny/scenarios/hawaii-1795.geometry.json');
  fs.writeFileSync(file, JSON.stringify(geometry, null, 1) + '\n');
  console.log(`wrote ${path.relative(root, file)}`);
}
if (problems.length) process.exitCode = 1;
