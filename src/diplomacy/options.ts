// Everything a power may order now, each as the order reader's canonical text and with names:
// candidates from the map's adjacencies and convoy routes, kept only where the adjudicator finds
// them legal on this board (the same check a submission gets), so a form or a random player built
// from these options can never send an illegal order.
import { adjustmentBoard } from './adjudicator/adjustment.ts';
import { adjudicate, type PhaseInput } from './adjudicator/index.ts';
import { movementBoard } from './adjudicator/movement.ts';
import { retreatBoard } from './adjudicator/retreat.ts';
import { type DipBoard, ORDER_KINDS as K, type OrderKind, orderKind } from './kinds/index.ts';
import { readingWithNames } from './orders/notation.ts';
import type { Order, OrderKind as OrderKindName, UnitType } from './types.ts';
import type { Variant } from './variants/variant.ts';

export interface OrderOption {
  kind: OrderKindName;
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
    const text = orderKind(order).notation(order);
    return { kind: order.kind, order: text, text: readingWithNames(map, text) };
  };
  const nameOf = (loc: string) => readingWithNames(map, loc);
  const phase = position.phase.type;
  /** Every candidate of these kinds on the board, in the kinds' order. */
  const candidates = (b: DipBoard, kinds: OrderKind<Order>[]) => kinds.flatMap((k) => k.options(b, power) as Order[]);
  const ofUnit = (list: Order[], location: string) => list.filter((o) => 'unit' in o && o.unit.location === location);

  if (phase === 'retreat') {
    const b = retreatBoard(variant, {
      units: position.units,
      dislodged: position.dislodged ?? [],
      contested: position.contested,
    });
    const all = candidates(b, [K.retreat, K.disband]);
    const units = b.dislodged.flatMap((d) =>
      d.power !== power
        ? []
        : [{ unit: d.location, name: nameOf(d.location), type: d.type, orders: ofUnit(all, d.location).map(option) }],
    );
    return { phase, units: legal(units) };
  }

  if (phase === 'adjustment') {
    const b = adjustmentBoard(variant, position);
    const due = b.due[power] ?? 0;
    const builds = candidates(b, [K.build, K.waive]).map(option);
    const disbands = candidates(b, [K.disband]);
    const units =
      due < 0
        ? b.units
            .filter((u) => u.power === power)
            .map((u) => ({
              unit: u.location,
              name: nameOf(u.location),
              type: u.type,
              orders: ofUnit(disbands, u.location).map(option),
            }))
        : [];
    return { phase, units, adjustment: { due, builds: checkAll(builds) } };
  }

  // Movement: per unit its hold, its moves, then what it may do for each other unit in turn
  // (supports, convoys), then Heiau's special orders. The board is read before legal() runs.
  const b = movementBoard(variant, position);
  const at = new Map(b.units.map((u, i) => [u.location, i]));
  const [holds, moves, supports, convoys, specials] = [
    [K.hold],
    [K.move],
    [K.support],
    [K.convoy],
    [K['build-boats'], K['trading-post']],
  ].map((ks) => candidates(b, ks));
  const aboutOther = (o: Order) => ('target' in o ? at.get(o.target.location)! : -1);
  const units: UnitOptions[] = b.units
    .filter((u) => u.power === power)
    .map((u) => {
      const others = [...ofUnit(supports, u.location), ...ofUnit(convoys, u.location)];
      const byOther = others
        .map((o, k) => ({ o, k }))
        .sort((x, y) => aboutOther(x.o) - aboutOther(y.o) || x.k - y.k)
        .map((x) => x.o);
      const orders = [
        ...ofUnit(holds, u.location),
        ...ofUnit(moves, u.location),
        ...byOther,
        ...ofUnit(specials, u.location),
      ];
      return { unit: u.location, name: nameOf(u.location), type: u.type, orders: dedupe(orders.map(option)) };
    });
  return { phase, units: legal(units) };

  /** Keep the orders the adjudicator does not call illegal: one order per unit per check, as a submission is checked. */
  function legal(list: UnitOptions[]): UnitOptions[] {
    const rounds = Math.max(0, ...list.map((u) => u.orders.length));
    const keep = list.map(() => [] as OrderOption[]);
    for (let k = 0; k < rounds; k++) {
      const batch = list.flatMap((u, i) => (k < u.orders.length ? [{ i, o: u.orders[k] }] : []));
      const out = adjudicate(variant, { ...position, orders: batch.map((b) => ({ power, text: b.o.order })) });
      batch.forEach((b, j) => {
        if (out.orders[j].result !== 'illegal') keep[b.i].push(b.o);
      });
    }
    return list.map((u, i) => ({ ...u, orders: keep[i] }));
  }

  function checkAll(list: OrderOption[]): OrderOption[] {
    return list.filter(
      (o) => adjudicate(variant, { ...position, orders: [{ power, text: o.order }] }).orders[0].result !== 'illegal',
    );
  }
}

function dedupe(list: OrderOption[]): OrderOption[] {
  const seen = new Set<string>();
  return list.filter((o) => !seen.has(o.order) && (seen.add(o.order), true));
}
