// Hold (`A Par H`): the unit stays where it is.
import { HOLD } from '../adjudicator/resolver.ts';
import { unitText } from '../orders/notation.ts';
import type { Order } from '../types.ts';
import { intent, movementOrder, named, type OrderKind, refOf, unitsOf } from './board.ts';

type Hold = Extract<Order, { kind: 'hold' }>;

export const hold: OrderKind<Hold> = {
  kind: 'hold',
  ...movementOrder<Hold>(() => intent(HOLD)),
  options: (b, power) =>
    b.phase === 'movement' ? unitsOf(b, power).map((u) => ({ kind: 'hold', unit: refOf(b.units[u]) })) : [],
  describe: (b, a) => named(b, hold.notation(a)),
  notation: (a) => `${unitText(a.unit)} H`,
};
