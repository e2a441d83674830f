// Move (`A Par - Bur`, `A Bre - Lon via convoy`): to a neighbour, or by convoy; in a retreat phase a
// move is read as the unit's retreat.
import { MOVE } from '../adjudicator/resolver.ts';
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
import { retreatApply, retreatProblem } from './retreat.ts';

type Move = Extract<Order, { kind: 'move' }>;

function check(b: MovementBoard, u: number, a: Move): Intent {
  const map = b.map;
  const unit = b.units[u];
  const from = b.prov[u];
  const to = a.to;
  const qi = b.provinceIndex(to);
  if (qi < 0) throw new Illegal(`there is no place called ${to}`);
  const q = map.provinces[qi];
  if (qi === from) throw new Illegal('a unit cannot move to the province it is in');
  if (q.type === 'impassable') throw new Illegal(`${q.name} is impassable`);
  const it = intent(MOVE, qi);
  it.viaConvoy = a.viaConvoy;
  if (unit.type === 'A') {
    if (q.type === 'sea') throw new Illegal(`an army cannot move to ${q.name}, a sea`);
    it.toLoc = map.locationsOf[qi][0];
    if (!map.armyAdjacent(from, qi) || a.viaConvoy) {
      if (!b.convoyConceivable(from, qi))
        throw new Illegal(`${b.name(from)} is not adjacent to ${q.name} and no fleet can convoy there`);
      it.viaConvoy = true;
    }
    return it;
  }
  if (unit.type === 'F') {
    if (a.viaConvoy) throw new Illegal('only armies and boat bunches can be convoyed');
    it.toLoc = b.fleetDestination(b.loc[u], to);
    return it;
  }
  // Boat bunch: like a fleet, but never into the open ocean; inland it marches and burns its boats.
  if (q.ocean) throw new Illegal(`boat bunches cannot move to ${q.name}`);
  if (!a.viaConvoy && map.fleetReachesProvince(b.loc[u], qi)) {
    it.toLoc = b.fleetDestination(b.loc[u], to);
    return it;
  }
  if (!a.viaConvoy && b.inland(u, qi)) {
    it.toLoc = map.locationsOf[qi][0];
    it.burns = true;
    return it;
  }
  if (!b.convoyConceivable(from, qi))
    throw new Illegal(`${b.name(from)} is not adjacent to ${q.name} and no fleet can convoy there`);
  let coast = to.split('/')[1];
  if (q.coasts.length > 0 && !coast) {
    // The bunch lands on a coast the last convoying fleet's water touches: when the fleets that
    // could be last all touch one coast, that is the coast; only otherwise must it be named.
    const landings = new Set<string>();
    for (const l of map.locationsOf[qi]) {
      for (let w = 0; w < map.provinces.length; w++) {
        if (!b.capable[w] || w === from) continue;
        for (const wl of map.locationsOf[w]) if (map.fleetAdjacent(wl, l)) landings.add(map.locations[l].coast ?? '');
      }
    }
    if (landings.size !== 1) throw new Illegal(`say which coast of ${q.name} the boat bunch lands on`);
    coast = [...landings][0]!;
  } else if (q.coasts.length > 0) {
    const l = map.location(`${q.id}/${coast}`);
    const touched =
      !!l &&
      map.provinces.some(
        (w) =>
          w.index !== from &&
          b.capable[w.index] &&
          map.locationsOf[w.index].some((wl) => map.fleetAdjacent(wl, l.index)),
      );
    if (l && !touched)
      throw new Illegal(
        `a convoyed boat bunch lands on a coast its last convoying fleet touches; no fleet touches ${q.name} (${coast})`,
      );
  }
  it.toLoc = map.location(coast ? `${q.id}/${coast}` : q.id)?.index ?? -1;
  if (it.toLoc < 0) throw new Illegal(`${q.name} has no coast '${coast}'`);
  it.viaConvoy = true;
  return it;
}

const movement = movementOrder<Move>(check);

export const move: OrderKind<Move> = {
  kind: 'move',
  problem: (b, power, a) => (b.phase === 'retreat' ? retreatProblem(b, power, a) : movement.problem(b, power, a)),
  apply: (b, power, a, i) => (b.phase === 'retreat' ? retreatApply(b, power, a, i) : movement.apply(b, power, a, i)),
  options: (b, power) =>
    b.phase === 'movement'
      ? unitsOf(b, power).flatMap((u) =>
          b.targets(u).map((t): Move => ({ kind: 'move', unit: refOf(b.units[u]), to: t.to, viaConvoy: t.viaConvoy })),
        )
      : [],
  describe: (b, a) => named(b, move.notation(a)),
  notation: (a) => `${unitText(a.unit)} - ${a.to}${a.viaConvoy ? ' via convoy' : ''}`,
};
