// A synthetic map for the scaling benchmark: a W x H hex grid (offset rows) in the format of
// src/diplomacy/maps/standard.json, with seas grown from seeded blobs, coasts where land touches
// sea, and a supply centre on about a third of the land. `npx tsx bench/grid-map.ts` rewrites
// bench/grid-map.json; the benchmark loads that file (it must pass `new DipMap(json)`).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DipMap } from '../src/diplomacy/maps/map.ts';
import { standardRules, type Variant } from '../src/diplomacy/variants/variant.ts';
import { makeRng } from './positions.ts';

export function gridMapData(width: number, height: number, seed: number) {
  const rng = makeRng(seed);
  const N = width * height;
  const id = (k: number) => `g${String(k % width).padStart(2, '0')}x${String(Math.floor(k / width)).padStart(2, '0')}`;
  const neighbours = (k: number): number[] => {
    const x = k % width;
    const y = Math.floor(k / width);
    const odd = y % 2;
    const cand = [
      [x - 1, y],
      [x + 1, y],
      [x - 1 + odd, y - 1],
      [x + odd, y - 1],
      [x - 1 + odd, y + 1],
      [x + odd, y + 1],
    ];
    return cand.filter(([a, b]) => a >= 0 && a < width && b >= 0 && b < height).map(([a, b]) => b * width + a);
  };
  // Seas: a third of the board, grown from a few seeds so they form connected bodies of water.
  const sea = new Uint8Array(N);
  let seaCount = 0;
  const frontier: number[] = [];
  for (let s = 0; s < Math.max(3, Math.round(N / 40)); s++) frontier.push(Math.floor(rng() * N));
  while (seaCount < N / 3 && frontier.length) {
    const i = Math.floor(rng() * frontier.length);
    const k = frontier[i];
    frontier[i] = frontier[frontier.length - 1];
    frontier.pop();
    if (sea[k]) continue;
    sea[k] = 1;
    seaCount++;
    for (const m of neighbours(k)) if (!sea[m] && rng() < 0.7) frontier.push(m);
  }
  const coast = (k: number) => !sea[k] && neighbours(k).some((m) => sea[m]);
  const powers = Array.from({ length: 10 }, (_, i) => `Power${i + 1}`);
  const provinces = Array.from({ length: N }, (_, k) => ({
    id: id(k),
    name: `Cell ${k % width}-${Math.floor(k / width)}`,
    type: sea[k] ? 'sea' : coast(k) ? 'coast' : 'land',
    supply_center: !sea[k] && rng() < 0.33,
    home_of: null,
  }));
  const army_adjacency: Record<string, string[]> = {};
  const fleet_adjacency: Record<string, string[]> = {};
  for (let k = 0; k < N; k++) {
    if (!sea[k])
      army_adjacency[id(k)] = neighbours(k)
        .filter((m) => !sea[m])
        .map(id);
    if (sea[k])
      fleet_adjacency[id(k)] = neighbours(k)
        .filter((m) => sea[m] || coast(m))
        .map(id);
    else if (coast(k)) {
      // Along the shore: a coast reaches its seas, and a neighbouring coast that shares one of them.
      const seas = new Set(neighbours(k).filter((m) => sea[m]));
      fleet_adjacency[id(k)] = neighbours(k)
        .filter((m) => sea[m] || (coast(m) && neighbours(m).some((s) => seas.has(s))))
        .map(id);
    }
  }
  return {
    id: `grid${width}x${height}`,
    description: `Synthetic ${width}x${height} hex grid for the adjudicator scaling benchmark (seed ${seed}).`,
    powers,
    provinces,
    army_adjacency,
    fleet_adjacency,
  };
}

export const GRID_JSON = new URL('./grid-map.json', import.meta.url);

export function gridVariant(): Variant {
  const map = new DipMap(JSON.parse(fs.readFileSync(GRID_JSON, 'utf8')));
  return { id: 'grid', name: 'Synthetic grid', map, rules: standardRules, homeCenters: {} };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const data = gridMapData(20, 16, 1795);
  new DipMap(data); // validates
  fs.writeFileSync(GRID_JSON, JSON.stringify(data, null, 1) + '\n');
  const types = data.provinces.reduce<Record<string, number>>((a, p) => ((a[p.type] = (a[p.type] ?? 0) + 1), a), {});
  console.log(`wrote ${fileURLToPath(GRID_JSON)}: ${data.provinces.length} provinces`, types);
}
