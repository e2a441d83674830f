// Heiau: a European fleet builds its power's one trading post (`F Ko'olau = C`), a heiau of its own.
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
  SPECIAL,
  unitsOf,
} from './board.ts';

type TradingPost = Extract<Order, { kind: 'trading-post' }>;

function check(b: MovementBoard, u: number): Intent {
  const unit = b.units[u];
  const here = b.map.provinces[b.prov[u]];
  if (!b.variant.rules.heiauOrders) throw new Illegal('this variant has no trading posts');
  if (unit.type !== 'F') throw new Illegal('only a European fleet can build a trading post');
  if (here.type !== 'coast') throw new Illegal('a trading post is built in a land space');
  if (here.supplyCenter || b.tradingPosts[here.id]) throw new Illegal(`${here.name} already has a heiau`);
  if (Object.values(b.tradingPosts).includes(unit.power))
    throw new Illegal(`${unit.power} has already built its trading post`);
  const it = intent(SPECIAL);
  it.special = 'trading-post';
  return it;
}

export const tradingPost: OrderKind<TradingPost> = {
  kind: 'trading-post',
  ...movementOrder<TradingPost>(check),
  options: (b, power) =>
    b.phase === 'movement' && b.variant.rules.heiauOrders
      ? unitsOf(b, power)
          .filter((u) => b.units[u].type === 'F')
          .map((u): TradingPost => ({ kind: 'trading-post', unit: refOf(b.units[u]) }))
      : [],
  describe: (b, a) => named(b, tradingPost.notation(a)),
  notation: (a) => `${unitText(a.unit)} = C`,
};
