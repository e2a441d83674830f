// Convoy geometry: which provinces touch for convoy routes, and whether a fleet's convoy order
// can be part of a route at all.
import type { DipMap } from '../maps/map.ts';

const provinceAdjacency = new WeakMap<DipMap, Uint8Array>();

/** adj[a*P+b] = 1 when some location of a is fleet-adjacent to some location of b. */
export function fleetProvinceAdjacency(map: DipMap): Uint8Array {
  let adj = provinceAdjacency.get(map);
  if (adj) return adj;
  const P = map.provinces.length;
  adj = new Uint8Array(P * P);
  for (const l of map.locations)
    for (const m of map.fleetNeighbours[l.index]) adj[l.province * P + map.locations[m].province] = 1;
  provinceAdjacency.set(map, adj);
  return adj;
}

/**
 * Whether the fleet in province `f` lies on a convoy route from `src` to `dst` through the
 * provinces in `capable` (those holding a fleet that could convoy). A route must not wander:
 * the fleets before `f` are not yet next to the destination and those after `f` are no longer
 * next to the source (DATC 6.G.19: a fleet that only extends a route already complete is not
 * part of it).
 */
export function onConvoyRoute(map: DipMap, capable: Uint8Array, f: number, src: number, dst: number): boolean {
  const P = map.provinces.length;
  const adj = fleetProvinceAdjacency(map);
  const reaches = (from: number, to: number, avoidNextTo: number): boolean => {
    if (adj[from * P + f]) return true;
    const seen = new Uint8Array(P);
    const queue: number[] = [];
    for (let q = 0; q < P; q++)
      if (capable[q] && q !== f && adj[from * P + q] && !adj[q * P + avoidNextTo]) {
        seen[q] = 1;
        queue.push(q);
      }
    for (let i = 0; i < queue.length; i++) {
      const q = queue[i];
      if (adj[q * P + f]) return true;
      for (let r = 0; r < P; r++)
        if (!seen[r] && capable[r] && r !== f && adj[q * P + r] && !adj[r * P + avoidNextTo]) {
          seen[r] = 1;
          queue.push(r);
        }
    }
    return false;
  };
  return reaches(src, dst, dst) && reaches(dst, src, src);
}
