// Support (`A Mar S A Par - Bur`, `F Nth S A Lon`): of a unit holding, or of a move the supporter
// could make itself.
import { unitTypeName } from '../adjudicator/board.ts';
import { SUPPORT } from '../adjudicator/resolver.ts';
import { unitText } from '../orders/notation.ts';
import type { Order } from '../types.ts';
import {
  Illegal,
  intent,
  type Intent,
  type MovementBoard,
  movementOrder,
  named,
  type OrderKind,
  refOf,
  unitsOf,
} from './board.ts';

type Support = Extract<Order, { kind: 'support' }>;

function check(b: MovementBoard, u: number, a: Support): Intent {
  const map = b.map;
  const unit = b.units[u];
  const here = map.provinces[b.prov[u]];
  const tp = b.provinceIndex(a.target.location);
  if (tp < 0) throw new Illegal(`there is no place called ${a.target.location}`);
  if (tp === here.index) throw new Illegal('a unit cannot support itself');
  const supported = b.unitAt[tp];
  if (supported < 0) throw new Illegal(`there is no unit in ${b.name(tp)} to support`);
  if (a.to === undefined) {
    if (!b.canReach(u, tp)) throw new Illegal(`${here.name} cannot reach ${b.name(tp)}, so cannot support it`);
    const it = intent(SUPPORT, tp, tp);
    it.supportHold = true;
    it.burns = unit.type === 'B' && b.inland(u, tp);
    return it;
  }
  const [toId, coast] = a.to.split('/');
  const q = map.province(toId);
  if (!q) throw new Illegal(`there is no place called ${a.to}`);
  if (q.index === tp) throw new Illegal('a unit cannot move to the province it is in');
  if (q.index === here.index) throw new Illegal('a unit cannot support a move into its own province');
  if (!b.canReach(u, q.index)) throw new Illegal(`${here.name} cannot reach ${q.name}, so cannot support a move there`);
  if (!b.movePossible(supported, q.index, coast, u))
    throw new Illegal(`the ${unitTypeName(b.units[supported].type)} in ${b.name(tp)} cannot move to ${q.name}`);
  const it = intent(SUPPORT, q.index, tp);
  it.toCoast = coast ?? null;
  it.burns = unit.type === 'B' && b.inland(u, q.index);
  return it;
}

/** Whether unit u could move into province q by itself, as the options offer supports (the check above has the last word). */
function reaches(b: MovementBoard, u: number, q: number): boolean {
  if (b.prov[u] === q) return false;
  return b.units[u].type === 'A' ? b.map.armyAdjacent(b.prov[u], q) : b.map.fleetReachesProvince(b.loc[u], q);
}

export const support: OrderKind<Support> = {
  kind: 'support',
  ...movementOrder<Support>(check),
  options: (b, power) => {
    if (b.phase !== 'movement') return [];
    const out: Support[] = [];
    for (const u of unitsOf(b, power))
      b.units.forEach((v, t) => {
        if (t === u) return;
        if (reaches(b, u, b.prov[t])) out.push({ kind: 'support', unit: refOf(b.units[u]), target: refOf(v) });
        const seen = new Set<number>();
        for (const m of b.targets(t)) {
          const q = b.map.provinceOf(m.to)!.index;
          if (seen.has(q) || !reaches(b, u, q)) continue;
          seen.add(q);
          out.push({ kind: 'support', unit: refOf(b.units[u]), target: refOf(v), to: b.map.provinces[q].id });
        }
      });
    return out;
  },
  describe: (b, a) => named(b, support.notation(a)),
  notation: (a) => `${unitText(a.unit)} S ${unitText(a.target)}${a.to ? ` - ${a.to}` : ''}`,
};
