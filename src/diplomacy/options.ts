// Everything a power may order now, each as the order reader's canonical text and with names:
// candidates from the map's adjacencies and convoy routes, kept only where the adjudicator finds
// them legal on this board (the same check a submission gets), so a form or a random player built
// from these options can never send an illegal order.
import { adjudicate, type PhaseInput } from './adjudicator/index.ts';
import { adjustmentsDue, buildSites } from './adjudicator/adjustment.ts';
import { canStand } from './adjudicator/board.ts';
import { convoyRouteExists, onConvoyRoute } from './adjudicator/convoy.ts';
import { retreatsOf } from './adjudicator/retreat.ts';
import { formatOrder } from './orders/index.ts';
import { readingWithNames } from './orders/notation.ts';
import type { Order, OrderKind, Unit, UnitRef, UnitType } from './types.ts';
import type { Variant } from './variants/variant.ts';

export interface OrderOption {
  kind: OrderKind;
  /** The order as the reader reads it (map ids): send this, or `text`. */
  order: string;
  /** The same order with the rulebook's names. */
  text: string;
}

export interface UnitOptions {
  /** Where the unit stands (location id) and its name. */
  unit: string;
  name: string;
  type: UnitType;
  orders: OrderOption[];
}

export interface DiplomacyOptions {
  phase: 'movement' | 'retreat' | 'adjustment';
  /** Movement: every unit of the power; retreats: its dislodged units; adjustments: units it may disband. */
  units: UnitOptions[];
  /** Adjustments: builds (or removals) due, and the builds it may order (with Waive). */
  adjustment?: { due: number; builds: OrderOption[] };
}

type Position = Omit<PhaseInput, 'orders' | 'supplyCenters'> & { supplyCenters: Record<string, string> };

export function orderOptions(variant: Variant, position: Position, power: string): DiplomacyOptions {
  const map = variant.map;
  const option = (order: Order): OrderOption => {
    const text = formatOrder(map, order);
    return { kind: order.kind, order: text, text: readingWithNames(map, text) };
  };
  const ref = (u: Unit): UnitRef => ({ type: u.type, location: u.location });
  const nameOf = (loc: string) => readingWithNames(map, loc);
  const phase = position.phase.type;

  if (phase === 'retreat') {
    const dislodged = position.dislodged ?? [];
    const retreats = retreatsOf(variant, { units: position.units, dislodged, contested: position.contested });
    const units = dislodged.flatMap((d, i) => (d.power !== power ? [] : [{
      unit: d.location, name: nameOf(d.location), type: d.type,
      orders: [...retreats[i].map((to) => option({ kind: 'retreat', unit: ref(d), to })), option({ kind: 'disband', unit: ref(d) })],
    }]));
    return { phase, units: legal(units) };
  }

  if (phase === 'adjustment') {
    const due = adjustmentsDue(variant, position)[power] ?? 0;
    const mine = position.units.filter((u) => u.power === power);
    const builds: OrderOption[] = [];
    if (due > 0) {
      for (const site of buildSites(variant, position, power)) {
        const p = map.province(site)!;
        for (const type of variant.rules.buildableTypes)
          for (const l of map.locationsOf[p.index]) if (canStand(map, type, l)) builds.push(option({ kind: 'build', unitType: type, location: map.locations[l].id }));
      }
      builds.push(option({ kind: 'waive' }));
    }
    const units = due < 0 ? mine.map((u) => ({ unit: u.location, name: nameOf(u.location), type: u.type, orders: [option({ kind: 'disband', unit: ref(u) })] })) : [];
    return { phase, units, adjustment: { due, builds: checkAll(builds) } };
  }

  // Movement.
  const P = map.provinces.length;
  const provinceOf = (loc: string) => map.provinceOf(loc)!.index;
  const capable = new Uint8Array(P);
  for (const u of position.units) {
    const p = map.provinces[provinceOf(u.location)];
    if (u.type === 'F' && (p.type === 'sea' || variant.rules.coastalConvoys)) capable[p.index] = 1;
  }
  const convoyable = (u: Unit) => u.type === 'A' || (u.type === 'B' && variant.rules.boatBunches);
  /** Where a unit could move: its neighbours, and for armies and bunches the coasts a convoy could reach. */
  const targets = (u: Unit): { to: string; viaConvoy: boolean }[] => {
    const from = map.location(u.location)!;
    const out: { to: string; viaConvoy: boolean }[] = [];
    const direct = new Set<number>();
    if (u.type === 'A') for (const q of map.armyNeighbours[from.province]) { out.push({ to: map.provinces[q].id, viaConvoy: false }); direct.add(q); }
    else for (const l of map.fleetNeighbours[from.index]) if (canStand(map, u.type, l)) { out.push({ to: map.locations[l].id, viaConvoy: false }); direct.add(map.locations[l].province); }
    if (convoyable(u) && map.provinces[from.province].type === 'coast')
      for (const p of map.provinces) {
        if (p.index === from.province || direct.has(p.index) || p.type !== 'coast') continue;
        if (!convoyRouteExists(map, capable, from.province, p.index)) continue;
        if (u.type === 'A') out.push({ to: p.id, viaConvoy: true });
        else for (const l of map.locationsOf[p.index]) if (canStand(map, u.type, l)) out.push({ to: map.locations[l].id, viaConvoy: true });
      }
    return out;
  };
  /** Whether a unit could move into a province by itself (what a support needs). */
  const reaches = (u: Unit, q: number) => {
    const from = map.location(u.location)!;
    if (from.province === q) return false;
    return u.type === 'A' ? map.armyAdjacent(from.province, q) : map.fleetReachesProvince(from.index, q);
  };
  const targetsOf = new Map(position.units.map((u) => [u, targets(u)]));

  const units: UnitOptions[] = position.units.filter((u) => u.power === power).map((u) => {
    const orders: OrderOption[] = [option({ kind: 'hold', unit: ref(u) })];
    for (const t of targetsOf.get(u)!) orders.push(option({ kind: 'move', unit: ref(u), to: t.to, viaConvoy: t.viaConvoy }));
    for (const v of position.units) {
      if (v === u) continue;
      if (reaches(u, provinceOf(v.location))) orders.push(option({ kind: 'support', unit: ref(u), target: ref(v) }));
      const seen = new Set<number>();
      for (const t of targetsOf.get(v)!) {
        const q = provinceOf(t.to);
        if (seen.has(q) || !reaches(u, q)) continue;
        seen.add(q);
        orders.push(option({ kind: 'support', unit: ref(u), target: ref(v), to: map.provinces[q].id }));
      }
      if (capable[provinceOf(u.location)] && convoyable(v))
        for (const t of targetsOf.get(v)!)
          if (t.viaConvoy && onConvoyRoute(map, capable, provinceOf(u.location), provinceOf(v.location), provinceOf(t.to)))
            orders.push(option({ kind: 'convoy', unit: ref(u), target: ref(v), to: map.provinces[provinceOf(t.to)].id }));
    }
    if (variant.rules.heiauOrders) {
      if (u.type === 'A') orders.push(option({ kind: 'build-boats', unit: ref(u) }));
      if (u.type === 'F') orders.push(option({ kind: 'trading-post', unit: ref(u) }));
    }
    return { unit: u.location, name: nameOf(u.location), type: u.type, orders: dedupe(orders) };
  });
  return { phase, units: legal(units) };

  /** Keep the orders the adjudicator does not call illegal: one order per unit per check, as a submission is checked. */
  function legal(list: UnitOptions[]): UnitOptions[] {
    const rounds = Math.max(0, ...list.map((u) => u.orders.length));
    const keep = list.map(() => [] as OrderOption[]);
    for (let k = 0; k < rounds; k++) {
      const batch = list.flatMap((u, i) => (k < u.orders.length ? [{ i, o: u.orders[k] }] : []));
      const out = adjudicate(variant, { ...position, orders: batch.map((b) => ({ power, text: b.o.order })) });
      batch.forEach((b, j) => { if (out.orders[j].result !== 'illegal') keep[b.i].push(b.o); });
    }
    return list.map((u, i) => ({ ...u, orders: keep[i] }));
  }

  function checkAll(list: OrderOption[]): OrderOption[] {
    return list.filter((o) => adjudicate(variant, { ...position, orders: [{ power, text: o.order }] }).orders[0].result !== 'illegal');
  }
}

function dedupe(list: OrderOption[]): OrderOption[] {
  const seen = new Set<string>();
  return list.filter((o) => !seen.has(o.order) && (seen.add(o.order), true));
}
