// The adjustment phase (Winter): builds up to the number of centres owned, disbands down to it,
// and civil disorder for powers that order too few disbands (2023 rulebook: farthest from an
// owned centre first; fleets before armies; then by province name).
import type { Unit, UnitType } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { type AdjustmentBoard, orderKind } from '../kinds/index.ts';
import { type AdjustmentInput, adjustmentsDue } from './centres.ts';
import { fleetProvinceAdjacency } from './convoy.ts';
import type { OrderOutcome, PowerOrder } from './movement.ts';

export interface AdjustmentOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  /** Units removed by civil disorder. */
  civilDisorder: Unit[];
}

/** The board the order kinds check adjustment orders against, with nothing ordered yet. */
export function adjustmentBoard(variant: Variant, input: AdjustmentInput): AdjustmentBoard {
  const due = adjustmentsDue(variant, input);
  return {
    phase: 'adjustment',
    variant,
    map: variant.map,
    units: input.units,
    supplyCenters: input.supplyCenters,
    due,
    used: {},
    builtIn: new Set<string>(),
    occupied: new Set(input.units.map((u) => variant.map.provinceOf(u.location)?.id)),
    removed: new Set<number>(),
    built: [],
    powerOf: (name: string) => Object.keys(due).find((p) => p.toLowerCase() === name.toLowerCase()) ?? name,
  };
}

export function adjudicateAdjustments(
  variant: Variant,
  input: AdjustmentInput,
  orders: PowerOrder[],
): AdjustmentOutcome {
  const b = adjustmentBoard(variant, input);
  const { map, due, used, removed, built } = b;
  const outcomes: OrderOutcome[] = orders.map(() => ({ result: 'illegal' }));
  orders.forEach((po, i) => {
    const k = orderKind(po.order);
    const why = k.problem(b, po.power, po.order);
    if (why !== null) outcomes[i] = { result: 'illegal', reason: why };
    else {
      k.apply(b, po.power, po.order, i);
      outcomes[i] = { result: 'succeeds' };
    }
  });

  // Civil disorder for powers that ordered too few disbands.
  const civilDisorder: Unit[] = [];
  for (const [power, n] of Object.entries(due)) {
    const missing = -n - (used[power] ?? 0);
    if (n >= 0 || missing <= 0) continue;
    const distance = distanceFromOwnedCenters(variant, input.supplyCenters, power);
    const candidates = input.units
      .map((u, k) => ({ u, k }))
      .filter(({ u, k }) => u.power === power && !removed.has(k) && !(u.type === 'F' && variant.rules.europeanFleets))
      .map(({ u, k }) => {
        const p = map.provinceOf(u.location)!;
        return { u, k, d: distance[p.index], name: p.name };
      })
      .sort((a, b) => b.d - a.d || typeRank(a.u.type) - typeRank(b.u.type) || a.name.localeCompare(b.name));
    for (const c of candidates.slice(0, missing)) {
      removed.add(c.k);
      civilDisorder.push(c.u);
    }
  }
  const units = input.units.filter((_, k) => !removed.has(k)).concat(built);
  return { outcomes, units, civilDisorder };
}

const typeRank = (t: UnitType) => (t === 'A' ? 1 : 0);

/** Moves from each province to the nearest centre the power owns, over land and sea alike. */
function distanceFromOwnedCenters(variant: Variant, supplyCenters: Record<string, string>, power: string): number[] {
  const map = variant.map;
  const P = map.provinces.length;
  const adj = fleetProvinceAdjacency(map);
  const dist = new Array<number>(P).fill(Infinity);
  const queue: number[] = [];
  for (const [id, owner] of Object.entries(supplyCenters)) {
    const p = map.province(id);
    if (owner === power && p) {
      dist[p.index] = 0;
      queue.push(p.index);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i];
    for (let q = 0; q < P; q++) {
      if (dist[q] !== Infinity) continue;
      if (adj[p * P + q] || map.armyAdjacent(p, q)) {
        dist[q] = dist[p] + 1;
        queue.push(q);
      }
    }
  }
  return dist;
}

export { adjustmentsDue, buildSites } from './centres.ts';
export type { AdjustmentInput } from './centres.ts';
