// Disband (`A Par D`): in a retreat phase a dislodged unit leaves the board; in adjustments a power
// with more units than centres removes one.
import { aUnit } from '../adjudicator/board.ts';
import { unitText } from '../orders/notation.ts';
import type { Order } from '../types.ts';
import {
  type AdjustmentBoard,
  dislodgedUnit,
  NOT_IN_MOVEMENT,
  named,
  type OrderKind,
  orderedUnit,
  reasonOf,
  refOf,
} from './board.ts';

type Disband = Extract<Order, { kind: 'disband' }>;

/** The unit an adjustment disband removes, or why it cannot. */
function removal(b: AdjustmentBoard, power: string, a: Disband): number | string {
  const map = b.map;
  const n = b.due[power] ?? 0;
  if (n >= 0) return `${power} has no disbands`;
  const where = map.provinceOf(a.unit.location)?.id ?? map.province(a.unit.location.split('/')[0])?.id;
  const k = b.units.findIndex((u) => map.provinceOf(u.location)?.id === where);
  if (k < 0) return `there is no unit in ${where ? map.province(where)!.name : a.unit.location}`;
  const u = b.units[k];
  if (u.power !== power) return `the unit in ${map.provinceOf(u.location)!.name} belongs to ${u.power}`;
  if (a.unit.type && a.unit.type !== u.type)
    return `the unit in ${map.provinceOf(u.location)!.name} is ${aUnit(u.type)}`;
  if (u.type === 'F' && b.variant.rules.europeanFleets) return 'a European fleet is never disbanded in adjustments';
  if (b.removed.has(k)) return 'this unit is already disbanded';
  if ((b.used[power] ?? 0) >= -n) return `${power} has only ${-n} disband${n < -1 ? 's' : ''}`;
  return k;
}

export const disband: OrderKind<Disband> = {
  kind: 'disband',
  problem: (b, power, a) => {
    if (b.phase === 'retreat') {
      const d = dislodgedUnit(b, power, a.unit);
      return typeof d === 'string' ? d : null;
    }
    if (b.phase === 'adjustment') {
      const k = removal(b, b.powerOf(power), a);
      return typeof k === 'string' ? k : null;
    }
    return reasonOf(() => orderedUnit(b, power, a.unit)) ?? NOT_IN_MOVEMENT.disband;
  },
  apply: (b, power, a, i) => {
    if (b.phase === 'retreat') b.ordered[dislodgedUnit(b, power, a.unit) as number] = i;
    else if (b.phase === 'adjustment') {
      const p = b.powerOf(power);
      b.removed.add(removal(b, p, a) as number);
      b.used[p] = (b.used[p] ?? 0) + 1;
    }
  },
  options: (b, power) => {
    if (b.phase === 'retreat')
      return b.dislodged.filter((d) => d.power === power).map((d): Disband => ({ kind: 'disband', unit: refOf(d) }));
    if (b.phase === 'adjustment' && (b.due[power] ?? 0) < 0)
      return b.units.filter((u) => u.power === power).map((u): Disband => ({ kind: 'disband', unit: refOf(u) }));
    return [];
  },
  describe: (b, a) => named(b, disband.notation(a)),
  notation: (a) => `${unitText(a.unit)} D`,
};
