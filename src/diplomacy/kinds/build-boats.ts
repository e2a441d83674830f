// Heiau: an army builds boats (`A Kohala = B`) and becomes a boat bunch on its shore, unless attacked.
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

type BuildBoats = Extract<Order, { kind: 'build-boats' }>;

function check(b: MovementBoard, u: number, a: BuildBoats): Intent {
  const map = b.map;
  const here = map.provinces[b.prov[u]];
  if (!b.variant.rules.heiauOrders) throw new Illegal('this variant has no boat building');
  if (b.units[u].type !== 'A') throw new Illegal('only an army can build boats');
  if (here.type !== 'coast') throw new Illegal(`${here.name} has no shore to build boats on`);
  const it = intent(SPECIAL);
  it.special = 'build-boats';
  it.boatLoc = map.locationsOf[here.index][0];
  if (here.coasts.length > 0) {
    const coast = a.unit.location.split('/')[1];
    if (!coast) throw new Illegal(`say which coast of ${here.name} the boats are built on`);
    it.boatLoc = map.location(`${here.id}/${coast}`)?.index ?? -1;
    if (it.boatLoc < 0) throw new Illegal(`${here.name} has no coast '${coast}'`);
  }
  return it;
}

export const buildBoats: OrderKind<BuildBoats> = {
  kind: 'build-boats',
  ...movementOrder<BuildBoats>(check),
  options: (b, power) =>
    b.phase === 'movement' && b.variant.rules.heiauOrders
      ? unitsOf(b, power)
          .filter((u) => b.units[u].type === 'A')
          .map((u): BuildBoats => ({ kind: 'build-boats', unit: refOf(b.units[u]) }))
      : [],
  describe: (b, a) => named(b, buildBoats.notation(a)),
  notation: (a) => `${unitText(a.unit)} = B`,
};
