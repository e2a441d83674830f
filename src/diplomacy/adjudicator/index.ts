// One phase, as the command-line contract and the game module see it: a position and the orders
// as players typed them in, to the result of every order and the position after the phase.
import { formatOrder, parseOrder } from '../orders/index.ts';
import type { DislodgedUnit, Order, OrderResult, Phase, Unit } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { adjudicateAdjustments } from './adjustment.ts';
import { adjudicateMovement, type PowerOrder } from './movement.ts';
import { adjudicateRetreats, retreatsOf } from './retreat.ts';

export interface PhaseInput {
  phase: Phase;
  units: Unit[];
  dislodged?: DislodgedUnit[];
  contested?: string[];
  supplyCenters?: Record<string, string>;
  tradingPosts?: Record<string, string>;
  /** Orders as written (`text`), or already read (`order`, with its `reading` if the caller has it). */
  orders: { power: string; text?: string; order?: Order; reading?: string; refused?: string }[];
}

export interface OrderReport {
  power: string;
  text: string;
  result: OrderResult;
  reason?: string;
  /** How the order was read, in canonical notation. */
  reading?: string;
}

export interface PhaseOutput {
  orders: OrderReport[];
  units: Unit[];
  dislodged?: DislodgedUnit[];
  contested?: string[];
  supplyCenters: Record<string, string>;
  tradingPosts?: Record<string, string>;
  /** Units removed without an order: by civil disorder (adjustments) or unretreated (retreats). */
  disbanded?: Unit[];
}

export function adjudicate(variant: Variant, input: PhaseInput): PhaseOutput {
  const map = variant.map;
  const reports: OrderReport[] = [];
  const read: PowerOrder[] = [];
  const readIndex: number[] = [];
  input.orders.forEach((o, i) => {
    const text = o.text ?? (o.order ? formatOrder(map, o.order) : '');
    reports.push({ power: o.power, text, result: 'illegal' });
    // Refused by its reader before the board (a line naming another power): illegal, with why.
    if (o.refused) {
      reports[i].reason = o.refused;
      return;
    }
    let order = o.order;
    if (!order) {
      const parsed = parseOrder(map, text, { phaseType: input.phase.type });
      if (!parsed.ok) {
        reports[i].reason = parsed.error.message;
        return;
      }
      order = parsed.order;
    }
    reports[i].reading = (o.order && o.reading) || formatOrder(map, order);
    read.push({ power: o.power, order });
    readIndex.push(i);
  });
  const apply = (outcomes: { result: OrderResult; reason?: string }[]) =>
    outcomes.forEach((oc, k) => {
      const r = reports[readIndex[k]];
      r.result = oc.result;
      if (oc.reason) r.reason = oc.reason;
    });

  const supplyCenters = input.supplyCenters ?? {};
  const fall = input.phase.season === 'fall';
  if (input.phase.type === 'movement') {
    const out = adjudicateMovement(
      variant,
      { units: input.units, supplyCenters, tradingPosts: input.tradingPosts },
      read,
    );
    apply(out.outcomes);
    // Centres change hands at the end of the Fall turn; with nothing to retreat, that is now.
    const centers =
      fall && out.dislodged.length === 0 ? captureCenters(variant, out.units, out.supplyCenters) : out.supplyCenters;
    return {
      orders: reports,
      units: out.units,
      dislodged: out.dislodged,
      contested: out.contested,
      supplyCenters: centers,
      ...(variant.rules.heiauOrders ? { tradingPosts: out.tradingPosts } : {}),
    };
  }
  if (input.phase.type === 'retreat') {
    const dislodged = input.dislodged ?? [];
    const out = adjudicateRetreats(variant, { units: input.units, dislodged, contested: input.contested }, read);
    apply(out.outcomes);
    const centers = fall ? captureCenters(variant, out.units, supplyCenters) : { ...supplyCenters };
    return {
      orders: reports,
      units: out.units,
      supplyCenters: centers,
      disbanded: out.disbanded,
      ...trading(variant, input),
    };
  }
  const out = adjudicateAdjustments(variant, { units: input.units, supplyCenters }, read);
  apply(out.outcomes);
  return {
    orders: reports,
    units: out.units,
    supplyCenters: { ...supplyCenters },
    disbanded: out.civilDisorder,
    ...trading(variant, input),
  };
}

const trading = (variant: Variant, input: PhaseInput) =>
  variant.rules.heiauOrders ? { tradingPosts: { ...(input.tradingPosts ?? {}) } } : {};

/** Every supply centre (heiau, trading post) with a unit in it passes to that unit's power. */
export function captureCenters(
  variant: Variant,
  units: Unit[],
  supplyCenters: Record<string, string>,
): Record<string, string> {
  const out = { ...supplyCenters };
  for (const u of units) {
    const p = variant.map.provinceOf(u.location);
    if (p && (p.supplyCenter || supplyCenters[p.id] !== undefined)) out[p.id] = u.power;
  }
  return out;
}

export { retreatsOf };
