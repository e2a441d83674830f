// The retreat phase: each dislodged unit retreats to one of its open provinces or is disbanded;
// two units retreating to the same province are both disbanded.
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

export function adjudicateRetreats(variant: Variant, input: RetreatInput, orders: PowerOrder[]): RetreatOutcome {
  const map = variant.map;
  const options = retreatsOf(variant, input);
  const outcomes: OrderOutcome[] = orders.map(() => ({ result: 'illegal' }));
  const chosen: (string | null)[] = input.dislodged.map(() => null);
  const ordered = input.dislodged.map(() => -1);
  const provinceOf = (loc: string) => map.provinceOf(loc)?.id ?? map.province(loc.split('/')[0])?.id;

  orders.forEach((po, i) => {
    const o = po.order;
    if (o.kind !== 'retreat' && o.kind !== 'move' && o.kind !== 'disband') {
      outcomes[i] = { result: 'illegal', reason: 'only retreats and disbands are ordered in a retreat phase' };
      return;
    }
    const where = provinceOf(o.unit.location);
    const d = input.dislodged.findIndex((u) => provinceOf(u.location) === where);
    if (d < 0) {
      outcomes[i] = { result: 'illegal', reason: `no dislodged unit in ${where ? map.province(where)!.name : o.unit.location}` };
      return;
    }
    const unit = input.dislodged[d];
    if (unit.power.toLowerCase() !== po.power.toLowerCase()) {
      outcomes[i] = { result: 'illegal', reason: `the unit in ${map.province(where!)!.name} belongs to ${unit.power}` };
      return;
    }
    if (ordered[d] >= 0) {
      outcomes[i] = { result: 'illegal', reason: 'this unit already has an order; the first one counts' };
      return;
    }
    if (o.kind === 'disband') {
      ordered[d] = i;
      outcomes[i] = { result: 'succeeds' };
      return;
    }
    if (o.kind === 'move' && o.viaConvoy) {
      outcomes[i] = { result: 'illegal', reason: 'a retreat cannot be convoyed' };
      return;
    }
    const to = o.to;
    const [toProv, coast] = to.split('/');
    const fits = options[d].filter((r) => r.split('/')[0] === toProv && (!coast || unit.type === 'A' || r === to));
    if (fits.length !== 1) {
      const target = map.province(toProv)?.name ?? to;
      outcomes[i] = {
        result: 'illegal',
        reason: fits.length > 1 ? `say which coast of ${target}` : `${target} is not among the retreats: ${options[d].join(', ') || 'none'}`,
      };
      return;
    }
    ordered[d] = i;
    chosen[d] = fits[0];
    outcomes[i] = { result: 'succeeds' };
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
