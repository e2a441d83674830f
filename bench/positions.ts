// Realistic random movement phases for the adjudicator benchmark: a seeded PRNG places units the
// way a mid-game board looks (powers in clusters, fleets at sea and on coasts, armies on land) and
// gives every unit a legal order in proportions close to real play: moves (some into the same
// province), supports of actual moves and holds, a few convoys along real routes, the rest holds.
// Works on any compiled map (Standard, Heiau-free variants, the synthetic grid in bench/grid-map.ts).
import type { PowerOrder } from '../src/diplomacy/adjudicator/movement.ts';
import type { DipMap } from '../src/diplomacy/maps/map.ts';
import type { Order, Unit, UnitType } from '../src/diplomacy/types.ts';

/** mulberry32: small, fast, good enough for workloads. Returns floats in [0, 1). */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Moves between provinces by land or sea: for clustering powers. */
function distances(map: DipMap, from: number): number[] {
  const P = map.provinces.length;
  const dist = new Array<number>(P).fill(Infinity);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i];
    const next = new Set<number>(map.armyNeighbours[p]);
    for (const l of map.locationsOf[p]) for (const m of map.fleetNeighbours[l]) next.add(map.locations[m].province);
    for (const q of next)
      if (dist[q] === Infinity) {
        dist[q] = dist[p] + 1;
        queue.push(q);
      }
  }
  return dist;
}

export interface Phase {
  units: Unit[];
  supplyCenters: Record<string, string>;
  orders: PowerOrder[];
}

/**
 * A position of `count` units. Each power gets a capital (its first home centre on maps that have
 * them, a random land province otherwise); a unit belongs to the power with the nearest capital,
 * or to a random power one time in five.
 */
export function randomPosition(
  map: DipMap,
  rng: Rng,
  count: number,
): { units: Unit[]; supplyCenters: Record<string, string> } {
  const powers = map.powers;
  const home = map.data.home_centers ?? {};
  const landish = map.provinces.filter((p) => p.type === 'land' || p.type === 'coast');
  const capitals = powers.map((pw) => {
    const h = home[pw]?.[0];
    return h ? map.province(h)!.index : pick(rng, landish).index;
  });
  const dist = capitals.map((c) => distances(map, c));
  const candidates = shuffle(
    rng,
    map.provinces.filter((p) => p.type !== 'impassable').map((p) => p.index),
  );
  const units: Unit[] = [];
  for (const p of candidates) {
    if (units.length >= count) break;
    const prov = map.provinces[p];
    const fleetLocs = map.locationsOf[p].filter((l) => map.fleetNeighbours[l].length > 0);
    let type: UnitType;
    if (prov.type === 'sea') type = 'F';
    else if (prov.type === 'land' || fleetLocs.length === 0) type = 'A';
    else type = rng() < 0.4 ? 'F' : 'A';
    const location = type === 'F' ? map.locations[pick(rng, fleetLocs)].id : prov.id;
    let power: string;
    if (rng() < 0.2) power = pick(rng, powers);
    else {
      let best = 0;
      for (let k = 1; k < powers.length; k++) if (dist[k][p] < dist[best][p]) best = k;
      power = powers[best];
    }
    units.push({ power, type, location });
  }
  // Centres: each one goes to the unit standing on it, else to the nearest capital's power (some stay neutral).
  const supplyCenters: Record<string, string> = {};
  const standing = new Map(units.map((u) => [map.provinceOf(u.location)!.index, u.power]));
  for (const c of map.supplyCenters) {
    const here = standing.get(c.index);
    if (here) supplyCenters[c.id] = here;
    else if (rng() < 0.8) {
      let best = 0;
      for (let k = 1; k < powers.length; k++) if (dist[k][c.index] < dist[best][c.index]) best = k;
      supplyCenters[c.id] = powers[best];
    }
  }
  return { units, supplyCenters };
}

interface Placed {
  unit: Unit;
  prov: number;
  loc: number;
  order?: Order;
}

/** Proportions of orders (of all units); the rest hold. */
export interface OrderMix {
  move: number;
  support: number;
  convoy: number;
}

export const REALISTIC: OrderMix = { move: 0.4, support: 0.3, convoy: 0.04 };

/** A legal order for every unit. */
export function randomOrders(map: DipMap, units: Unit[], rng: Rng, mix: OrderMix = REALISTIC): PowerOrder[] {
  const P = map.provinces.length;
  const placed: Placed[] = units.map((unit) => {
    const l = map.location(unit.location)!;
    return { unit, prov: l.province, loc: l.index };
  });
  const at = new Int32Array(P).fill(-1);
  placed.forEach((u, i) => (at[u.prov] = i));
  const ref = (u: Placed) => ({ type: u.unit.type, location: u.unit.location });
  const isSea = (p: number) => map.provinces[p].type === 'sea';

  /** Where a unit may move: province -> destination location id. */
  const destinations = (u: Placed): [number, string][] =>
    u.unit.type === 'A'
      ? map.armyNeighbours[u.prov].map((q) => [q, map.provinces[q].id])
      : map.fleetNeighbours[u.loc].map((l) => [map.locations[l].province, map.locations[l].id]);
  const reaches = (u: Placed, q: number) =>
    u.unit.type === 'A' ? map.armyAdjacent(u.prov, q) : map.fleetReachesProvince(u.loc, q);

  const order = shuffle(
    rng,
    placed.map((_, i) => i),
  );
  const n = placed.length;

  // Convoys: an army on a coast, a fleet at sea next to it, a landing on another coast of that sea;
  // now and then a second fleet extends the route.
  let convoys = Math.round(n * mix.convoy * (0.5 + rng()));
  for (const i of order) {
    if (convoys <= 0) break;
    const a = placed[i];
    if (a.order || a.unit.type !== 'A' || map.provinces[a.prov].type !== 'coast') continue;
    const fleets = seaFleetsNextTo(a.prov);
    if (fleets.length === 0) continue;
    const f1 = pick(rng, fleets);
    const route = [f1];
    // A second fleet only where the route needs it (DATC 6.G.19: a route does not wander).
    const f2s = seaFleetsNextTo(placed[f1].prov).filter(
      (f) => f !== f1 && !map.fleetReachesProvince(placed[f].loc, a.prov),
    );
    if (f2s.length && rng() < 0.4) route.push(pick(rng, f2s));
    const last = placed[route[route.length - 1]];
    const landings = map.fleetNeighbours[last.loc]
      .map((l) => map.locations[l].province)
      .filter(
        (q) =>
          q !== a.prov &&
          map.provinces[q].type === 'coast' &&
          (route.length === 1 || !map.fleetReachesProvince(placed[f1].loc, q)),
      );
    if (landings.length === 0) continue;
    const q = pick(rng, landings);
    a.order = { kind: 'move', unit: ref(a), to: map.provinces[q].id, viaConvoy: true };
    for (const f of route)
      placed[f].order = {
        kind: 'convoy',
        unit: ref(placed[f]),
        target: { type: 'A', location: a.unit.location },
        to: map.provinces[q].id,
      };
    convoys--;
  }
  function seaFleetsNextTo(p: number): number[] {
    const out: number[] = [];
    for (const l of map.locationsOf[p])
      for (const m of map.fleetNeighbours[l]) {
        const q = map.locations[m].province;
        const f = at[q];
        if (f >= 0 && isSea(q) && placed[f].unit.type === 'F' && !placed[f].order && !out.includes(f)) out.push(f);
      }
    return out;
  }

  // Moves: about half of them into a province another unit is already moving to, when reachable.
  const targeted: number[] = [];
  let moves = Math.round(n * mix.move);
  for (const i of order) {
    if (moves <= 0) break;
    const u = placed[i];
    if (u.order) continue;
    const dests = destinations(u);
    if (dests.length === 0) continue;
    const contested = dests.filter(([q]) => targeted.includes(q));
    const [q, to] = contested.length && rng() < 0.5 ? pick(rng, contested) : pick(rng, dests);
    u.order = { kind: 'move', unit: ref(u), to, viaConvoy: false };
    targeted.push(q);
    moves--;
  }

  // Supports: of a neighbour's move into a province this unit reaches, or of a neighbour staying put.
  let supports = Math.round(n * mix.support);
  for (const i of order) {
    if (supports <= 0) break;
    const s = placed[i];
    if (s.order) continue;
    const options: Order[] = [];
    for (const t of placed) {
      if (t === s || !t.order || t.order.kind === 'convoy') continue;
      if (t.order.kind === 'move') {
        const q = map.provinceOf(t.order.to)!.index;
        if (q !== s.prov && reaches(s, q))
          options.push({ kind: 'support', unit: ref(s), target: ref(t), to: map.provinces[q].id });
      }
    }
    for (const t of placed) {
      if (t === s || (t.order && t.order.kind === 'move')) continue;
      if (reaches(s, t.prov)) options.push({ kind: 'support', unit: ref(s), target: ref(t) });
    }
    if (options.length === 0) continue;
    s.order = pick(rng, options);
    supports--;
  }

  return placed.map((u) => ({ power: u.unit.power, order: u.order ?? { kind: 'hold', unit: ref(u) } }));
}

/** The order as a player might type it: ids, full names or abbreviations, in any case. */
export function orderText(map: DipMap, order: Order, rng: Rng): string {
  const place = (loc: string) => {
    const [id, coast] = loc.split('/');
    const r = rng();
    let s = r < 0.5 ? id : r < 0.8 ? map.province(id)!.name : id.toUpperCase();
    if (coast) s += r < 0.5 ? `/${coast}` : ` (${coast})`;
    return s;
  };
  const unit = (u: { type?: UnitType; location: string }) => `${u.type ? u.type + ' ' : ''}${place(u.location)}`;
  switch (order.kind) {
    case 'hold':
      return `${unit(order.unit)} ${rng() < 0.5 ? 'H' : 'holds'}`;
    case 'move':
      return `${unit(order.unit)} ${rng() < 0.7 ? '-' : 'to'} ${place(order.to)}${order.viaConvoy ? ' via convoy' : ''}`;
    case 'support':
      return `${unit(order.unit)} S ${unit(order.target)}${order.to ? ` - ${place(order.to)}` : ''}`;
    case 'convoy':
      return `${unit(order.unit)} C ${unit(order.target)} - ${place(order.to)}`;
    default:
      throw new Error(`orderText: ${order.kind} orders are not generated`);
  }
}

/** Phases of `min`..`max` units each. */
export function randomPhases(
  map: DipMap,
  seed: number,
  count: number,
  min: number,
  max: number,
  mix?: OrderMix,
): Phase[] {
  const rng = makeRng(seed);
  const out: Phase[] = [];
  for (let k = 0; k < count; k++) {
    const n = min + Math.floor(rng() * (max - min + 1));
    const pos = randomPosition(map, rng, n);
    out.push({ ...pos, orders: randomOrders(map, pos.units, rng, mix) });
  }
  return out;
}
