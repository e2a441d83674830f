// Convoy geometry: which provinces touch for convoy routes, whether a route of fleets could exist,
// and whether a fleet's convoy order can be part of a route at all.
import type { DipMap } from '../maps/map.ts';

interface ConvoyGeometry {
  /** adj[a*P+b] = 1 when some location of a is fleet-adjacent to some location of b. */
  adj: Uint8Array;
  /** The same as lists, per province. */
  neighbours: Int32Array[];
}

const geometryByMap = new WeakMap<DipMap, ConvoyGeometry>();

function geometry(map: DipMap): ConvoyGeometry {
  let g = geometryByMap.get(map);
  if (g) return g;
  const P = map.provinces.length;
  const adj = new Uint8Array(P * P);
  for (const l of map.locations)
    for (const m of map.fleetNeighbours[l.index]) adj[l.province * P + map.locations[m].province] = 1;
  const neighbours: Int32Array[] = [];
  for (let p = 0; p < P; p++) {
    const list: number[] = [];
    for (let q = 0; q < P; q++) if (adj[p * P + q]) list.push(q);
    neighbours.push(Int32Array.from(list));
  }
  g = { adj, neighbours };
  geometryByMap.set(map, g);
  return g;
}

export function fleetProvinceAdjacency(map: DipMap): Uint8Array {
  return geometry(map).adj;
}

/**
 * Breadth-first over `capable` provinces (those holding a fleet that could convoy) from the ones
 * next to `from`, never entering one next to `avoidNextTo` (pass -1 to allow all); true as soon
 * as `goal(q)` holds for a reached province.
 */
function search(
  map: DipMap,
  capable: Uint8Array,
  from: number,
  avoidNextTo: number,
  skip: number,
  goal: (q: number) => boolean,
): boolean {
  const { adj, neighbours } = geometry(map);
  const P = map.provinces.length;
  const seen = new Uint8Array(P);
  const queue: number[] = [];
  const visit = (q: number) => {
    if (seen[q] || !capable[q] || q === skip) return false;
    seen[q] = 1;
    if (goal(q)) return true;
    if (avoidNextTo < 0 || !adj[q * P + avoidNextTo]) queue.push(q);
    return false;
  };
  for (const q of neighbours[from]) if (visit(q)) return true;
  for (let i = 0; i < queue.length; i++) for (const q of neighbours[queue[i]]) if (visit(q)) return true;
  return false;
}

/** Whether fleets in `capable` provinces (but `without`) could carry a unit from `src` to `dst` at all. */
export function convoyRouteExists(map: DipMap, capable: Uint8Array, src: number, dst: number, without = -1): boolean {
  const { adj } = geometry(map);
  const P = map.provinces.length;
  return search(map, capable, src, -1, without, (q) => adj[q * P + dst] === 1);
}

/**
 * Whether the fleet in province `f` lies on a convoy route from `src` to `dst` through the
 * provinces in `capable`. A route must not wander: the fleets before `f` are not yet next to the
 * destination and those after `f` are no longer next to the source (DATC 6.G.19: a fleet that
 * only extends a route already complete is not part of it).
 */
export function onConvoyRoute(map: DipMap, capable: Uint8Array, f: number, src: number, dst: number): boolean {
  const { adj } = geometry(map);
  const P = map.provinces.length;
  const reaches = (from: number, avoidNextTo: number) => {
    if (adj[from * P + f]) return true;
    // Intermediate fleets may not be next to the far end; f itself may be.
    return search(map, capable, from, avoidNextTo, f, (q) => adj[q * P + f] === 1 && !adj[q * P + avoidNextTo]);
  };
  return reaches(src, dst) && reaches(dst, src);
}
