// The retreat phase: each dislodged unit retreats to one of its open provinces or is disbanded;
// two units retreating to the same province are both disbanded.
import { orderKind, type RetreatBoard } from '../kinds/index.ts';
import type { DislodgedUnit, Unit } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import type { OrderOutcome, PowerOrder } from './movement.ts';
import { retreatOptions } from './movement.ts';

export interface RetreatInput {
  units: Unit[];
  dislodged: DislodgedUnit[];
  contested?: string[];
}

export interface RetreatOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  /** Dislodged units that did not survive (ordered to disband, unordered, bounced, or with nowhere to go). */
  disbanded: Unit[];
}

/** The retreat options of each dislodged unit, worked out from the map when not given. */
export function retreatsOf(variant: Variant, input: RetreatInput): string[][] {
  const map = variant.map;
  const P = map.provinces.length;
  const occupied = new Uint8Array(P);
  for (const u of input.units) {
    const l = map.location(u.location);
    if (l) occupied[l.province] = 1;
  }
  const contested = new Uint8Array(P);
  for (const c of input.contested ?? []) {
    const p = map.province(c);
    if (p) contested[p.index] = 1;
  }
  return input.dislodged.map((d) => {
    if (d.retreats) return d.retreats;
    const loc = map.location(d.location);
    if (!loc) return [];
    const from = d.attackerConvoyed ? -1 : (map.province(d.attackerFrom)?.index ?? -1);
    return retreatOptions(variant, { type: d.type, loc: loc.index, prov: loc.province }, from, occupied, contested);
  });
}

/** The board the order kinds check retreat orders against, with nothing ordered yet. */
export function retreatBoard(variant: Variant, input: RetreatInput): RetreatBoard {
  return {
    phase: 'retreat',
    variant,
    map: variant.map,
    units: input.units,
    dislodged: input.dislodged,
    retreats: retreatsOf(variant, input),
    ordered: input.dislodged.map(() => -1),
    chosen: input.dislodged.map(() => null),
  };
}

export function adjudicateRetreats(variant: Variant, input: RetreatInput, orders: PowerOrder[]): RetreatOutcome {
  const map = variant.map;
  const b = retreatBoard(variant, input);
  const { ordered, chosen } = b;
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

  // Retreats into the same province bounce and both units are disbanded.
  const count = new Map<string, number>();
  for (const c of chosen) if (c) count.set(c.split('/')[0], (count.get(c.split('/')[0]) ?? 0) + 1);
  const units = [...input.units];
  const disbanded: Unit[] = [];
  input.dislodged.forEach((d, k) => {
    const c = chosen[k];
    const unit: Unit = { power: d.power, type: d.type, location: d.location };
    if (!c) {
      disbanded.push(unit);
      return;
    }
    if (count.get(c.split('/')[0])! > 1) {
      outcomes[ordered[k]] = { result: 'fails', reason: 'bounced with another retreat; disbanded' };
      disbanded.push(unit);
      return;
    }
    // A boat bunch retreating inland burns its boats.
    const loc = map.location(c)!;
    const inland = d.type === 'B' && !map.fleetReachesProvince(map.location(d.location)!.index, loc.province);
    units.push({ power: d.power, type: inland ? 'A' : d.type, location: c });
  });
  return { outcomes, units, disbanded };
}
