// The adjustment phase (Winter): builds up to the number of centres owned, disbands down to it,
// and civil disorder for powers that order too few disbands (2023 rulebook: farthest from an
// owned centre first; fleets before armies; then by province name).
import type { Unit, UnitType } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { aUnit, canStand, unitTypePlural } from './board.ts';
import { fleetProvinceAdjacency } from './convoy.ts';
import type { OrderOutcome, PowerOrder } from './movement.ts';

export interface AdjustmentInput {
  units: Unit[];
  supplyCenters: Record<string, string>;
}

export interface AdjustmentOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  /** Units removed by civil disorder. */
  civilDisorder: Unit[];
}

/** Builds (positive) or disbands (negative) each power is due. European fleets do not count. */
export function adjustmentsDue(variant: Variant, input: AdjustmentInput): Record<string, number> {
  const due: Record<string, number> = {};
  for (const owner of Object.values(input.supplyCenters)) due[owner] = (due[owner] ?? 0) + 1;
  for (const u of input.units) {
    if (u.type === 'F' && variant.rules.europeanFleets) continue;
    due[u.power] = (due[u.power] ?? 0) - 1;
  }
  return due;
}

/** Provinces where a power may build now. */
export function buildSites(variant: Variant, input: AdjustmentInput, power: string): string[] {
  const occupied = new Set(input.units.map((u) => variant.map.provinceOf(u.location)?.id));
  return Object.entries(input.supplyCenters)
    .filter(([p, owner]) => owner === power && !occupied.has(p))
    .filter(([p]) => variant.rules.buildAnywhere || (variant.homeCenters[power] ?? []).includes(p))
    .map(([p]) => p)
    .sort();
}

export function adjudicateAdjustments(variant: Variant, input: AdjustmentInput, orders: PowerOrder[]): AdjustmentOutcome {
  const map = variant.map;
  const due = adjustmentsDue(variant, input);
  const powerOf = (name: string) => Object.keys(due).find((p) => p.toLowerCase() === name.toLowerCase()) ?? name;
  const outcomes: OrderOutcome[] = orders.map(() => ({ result: 'illegal' }));
  const used: Record<string, number> = {};
  const builtIn = new Set<string>();
  const removed = new Set<number>();
  const built: Unit[] = [];
  const occupied = new Set(input.units.map((u) => map.provinceOf(u.location)?.id));

  orders.forEach((po, i) => {
    const power = powerOf(po.power);
    const o = po.order;
    const n = due[power] ?? 0;
    const fail = (reason: string) => (outcomes[i] = { result: 'illegal', reason });
    if (o.kind === 'build' || o.kind === 'waive') {
      if (n <= 0) return fail(`${power} has no builds`);
      if ((used[power] ?? 0) >= n) return fail(`${power} has only ${n} build${n > 1 ? 's' : ''}`);
      if (o.kind === 'waive') {
        used[power] = (used[power] ?? 0) + 1;
        outcomes[i] = { result: 'succeeds' };
        return;
      }
      const [provId, coast] = o.location.split('/');
      const p = map.province(provId);
      if (!p) return fail(`there is no place called ${o.location}`);
      if (!variant.rules.buildableTypes.includes(o.unitType)) return fail(`${unitTypePlural(o.unitType)} cannot be built here`);
      if (!p.supplyCenter && input.supplyCenters[p.id] === undefined) return fail(`${p.name} is not a supply centre`);
      if (input.supplyCenters[p.id] !== power) return fail(`${power} does not own ${p.name}`);
      if (!variant.rules.buildAnywhere && !(variant.homeCenters[power] ?? []).includes(p.id))
        return fail(`${p.name} is not a home centre of ${power}`);
      if (occupied.has(p.id)) return fail(`${p.name} is occupied`);
      if (builtIn.has(p.id)) return fail(`${p.name} already has a build`);
      let loc = map.location(p.id)!.index;
      if (o.unitType !== 'A' && p.coasts.length > 0) {
        if (!coast) return fail(`say which coast of ${p.name}`);
        const l = map.location(`${p.id}/${coast}`);
        if (!l) return fail(`${p.name} has no coast '${coast}'`);
        loc = l.index;
      }
      if (!canStand(map, o.unitType, loc)) return fail(`${aUnit(o.unitType)} cannot stand in ${p.name}`);
      builtIn.add(p.id);
      used[power] = (used[power] ?? 0) + 1;
      built.push({ power, type: o.unitType, location: map.locations[loc].id });
      outcomes[i] = { result: 'succeeds' };
      return;
    }
    if (o.kind === 'disband') {
      if (n >= 0) return fail(`${power} has no disbands`);
      const where = map.provinceOf(o.unit.location)?.id ?? map.province(o.unit.location.split('/')[0])?.id;
      const k = input.units.findIndex((u) => map.provinceOf(u.location)?.id === where);
      if (k < 0) return fail(`there is no unit in ${where ? map.province(where)!.name : o.unit.location}`);
      const u = input.units[k];
      if (u.power !== power) return fail(`the unit in ${map.provinceOf(u.location)!.name} belongs to ${u.power}`);
      if (o.unit.type && o.unit.type !== u.type) return fail(`the unit in ${map.provinceOf(u.location)!.name} is ${aUnit(u.type)}`);
      if (u.type === 'F' && variant.rules.europeanFleets) return fail('a European fleet is never disbanded in adjustments');
      if (removed.has(k)) return fail('this unit is already disbanded');
      if ((used[power] ?? 0) >= -n) return fail(`${power} has only ${-n} disband${n < -1 ? 's' : ''}`);
      removed.add(k);
      used[power] = (used[power] ?? 0) + 1;
      outcomes[i] = { result: 'succeeds' };
      return;
    }
    fail('only builds, disbands and waives are ordered in the adjustment phase');
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

