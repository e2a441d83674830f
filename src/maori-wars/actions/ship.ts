// SHIP: a scenario's sea shipment (Hōne Heke's Challenge special instruction 2): in one British
// Movement Phase, Artillery and up to N units go from a place to a single coastal hex, and move no further.
import { isBoat, isEnemy } from '../movement.ts';
import { hexWord, unitWord } from '../rules/words.ts';
import { whereHexes } from '../setup.ts';
import {
  dataOf,
  hexData,
  hexside,
  isHex,
  mapNeighbours,
  mapOf,
  placeName,
  stackCount,
  stackLimit,
  stacks,
  structuresAt,
  unit,
  unitName,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';
import type { MWKind, ShipAction } from './types.ts';

/** The shipment this phase may make, if any. */
function shipmentNow(s: MWState, side: Side) {
  const sh = dataOf(s).scenario.seaShipment;
  return sh && side === 'British' && s.phase === 'movement' && s.turn === sh.turn ? sh : null;
}

function destinationProblem(s: MWState, side: Side, to: string): string | null {
  const sh = dataOf(s).scenario.seaShipment!;
  const h = hexData(mapOf(s), to);
  if (!h || h.terrain === 'ocean' || h.terrain === 'lake') return `${to} is not a land hex`;
  if (sh.coastal && !h.coastal) return `${placeName(s, to)} is not a coastal hex`;
  if (unitsAt(s, to).some((u) => u.owner !== side) || structuresAt(s, to).some((x) => x.owner !== side))
    return `${placeName(s, to)} holds enemy or Neutral counters`;
  for (const n of mapNeighbours(mapOf(s), to)) {
    if (sh.unlessWaterHexside && hexside(mapOf(s), to, n)) continue;
    const enemyUnit =
      sh.notAdjacentTo.includes('unit') &&
      unitsAt(s, n).some((u) => u.owner === 'Maori' && isEnemy(side, u.owner) && u.kind !== 'leader');
    const struct = structuresAt(s, n).some(
      (x) => x.owner === 'Maori' && sh.notAdjacentTo.includes(x.kind as 'village' | 'pa'),
    );
    if (enemyUnit || struct)
      return `${placeName(s, to)} is next to a Maori ${enemyUnit ? 'unit' : 'Village or Pa'} with no water hexside between`;
  }
  return null;
}

/** Why a shipped unit may not move again this turn, or null. */
export const shippedProblem = (s: MWState, id: string) =>
  s.shipped?.includes(id) ? 'shipped by sea this turn: it may not move further' : null;

export const ship: MWKind<ShipAction> = {
  kind: 'ship',
  problem(s, side, a) {
    const sh = shipmentNow(s, side);
    if (!sh) return 'no sea shipment this phase';
    if (s.shipped?.length) return 'the sea shipment has been made already';
    const from = whereHexes(s, { place: sh.from });
    const us = a.units.map((id) => unit(s, id));
    if (!us.length || us.some((u) => !u || u.owner !== side)) return 'that is not one of your units';
    for (const u of us as Unit[]) {
      if (!from.includes(u.at)) return `${unitName(s, u)} is not in ${sh.from}`;
      if (s.moved.includes(u.id)) return `${unitName(s, u)} has moved already`;
      if (isBoat(u)) return 'boats are not shipped';
    }
    const art = (us as Unit[]).filter((u) => u.kind === 'artillery').length;
    const others = (us as Unit[]).filter((u) => u.kind !== 'artillery' && u.kind !== 'leader').length;
    if (art > sh.artillery) return `at most ${sh.artillery} Artillery`;
    if (others > sh.units) return `at most ${sh.units} units besides the Artillery`;
    if (art + others === 0) return 'ship at least one unit';
    const d = destinationProblem(s, side, a.to);
    if (d) return d;
    const n = (us as Unit[]).filter(stacks).length;
    return stackCount(s, side, a.to) + n > stackLimit(s, side, a.to)
      ? `${placeName(s, a.to)} would be over-stacked`
      : null;
  },
  apply(s, _side, a, lines) {
    const us = a.units.map((id) => unit(s, id)!);
    lines.push(
      `By sea from ${dataOf(s).scenario.seaShipment!.from} to ${placeName(s, a.to)}: ${us.map((u) => unitName(s, u)).join(', ')}.`,
    );
    for (const u of us) {
      u.at = a.to;
      s.moved.push(u.id);
    }
    s.shipped = us.map((u) => u.id);
  },
  /** One option per legal hex: the Artillery and as many units as the hex takes, in list order. */
  options(s, side) {
    const sh = shipmentNow(s, side);
    if (!sh || s.shipped?.length) return [];
    const from = whereHexes(s, { place: sh.from });
    const here = s.units.filter(
      (u) => u.owner === side && from.includes(u.at) && !s.moved.includes(u.id) && !isBoat(u) && u.kind !== 'leader',
    );
    const art = here.filter((u) => u.kind === 'artillery').slice(0, sh.artillery);
    const others = here.filter((u) => u.kind !== 'artillery');
    const out: ShipAction[] = [];
    for (const h of mapOf(s).hexes.filter((x) => isHex(x.id) && !destinationProblem(s, side, x.id))) {
      const room = stackLimit(s, side, h.id) - stackCount(s, side, h.id);
      const a: ShipAction = {
        kind: 'ship',
        units: [...art, ...others.slice(0, Math.min(sh.units, room))].map((u) => u.id),
        to: h.id,
      };
      if (!ship.problem(s, side, a)) out.push(a);
    }
    return out;
  },
  describe: (s, a) => `SHIP ${a.units.map((id) => unitWord(s, id)).join(', ')} TO ${hexWord(s, a.to)}`,
};
