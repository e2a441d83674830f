// LEADER (8.0): "After a negotiation, you may move a leader that is itself (sole) in its hex, to any
// friendly unit within 3 hexes": one such move for each negotiation made this Alliance Phase.
import { distance } from '../hex.ts';
import { isBoat } from '../movement.ts';
import { hexWord } from '../rules/words.ts';
import { isHex, placeName, structuresAt, unitsAt, type MWState } from '../state.ts';
import type { LeaderMoveAction, MWKind } from './types.ts';

const negotiations = (s: MWState) => Math.floor(s.negotiated.length / 2);
const leaderMoves = (s: MWState) => s.moved.length;

export const leaderMove: MWKind<LeaderMoveAction> = {
  kind: 'leaderMove',
  problem(s, side, a) {
    const l = s.units.find((u) => u.id === a.leader);
    if (l?.kind !== 'leader' || l.owner !== side || !isHex(l.at)) return 'that is not one of your leaders on the map';
    if (leaderMoves(s) >= negotiations(s)) return 'a leader moves only after a negotiation, one for each negotiation';
    if (s.moved.includes(l.id)) return `${l.name} has moved already this phase`;
    if (
      unitsAt(s, l.at).some((u) => u !== l && u.owner === side) ||
      structuresAt(s, l.at).some((x) => x.owner === side)
    )
      return `${l.name} is not alone in the hex`;
    if (a.to === l.at || !unitsAt(s, a.to).some((u) => u.owner === side && u.kind !== 'leader' && !isBoat(u)))
      return `no friendly unit at ${placeName(s, a.to)}`;
    return distance(l.at, a.to) <= 3 ? null : `${placeName(s, a.to)} is more than 3 hexes away`;
  },
  apply(s, _side, a, lines) {
    const l = s.units.find((u) => u.id === a.leader)!;
    lines.push(`${l.name} moves from ${placeName(s, l.at)} to the friendly units at ${placeName(s, a.to)}.`);
    l.at = a.to;
    s.moved.push(l.id);
  },
  options(s, side) {
    if (leaderMoves(s) >= negotiations(s)) return [];
    const out: LeaderMoveAction[] = [];
    const to = [
      ...new Set(
        s.units.filter((u) => u.owner === side && u.kind !== 'leader' && isHex(u.at) && !isBoat(u)).map((u) => u.at),
      ),
    ].sort();
    for (const l of s.units.filter((u) => u.owner === side && u.kind === 'leader' && isHex(u.at)))
      for (const h of to)
        if (!leaderMove.problem(s, side, { kind: 'leaderMove', leader: l.id, to: h }))
          out.push({ kind: 'leaderMove', leader: l.id, to: h });
    return out;
  },
  describe: (s, a) => `LEADER ${s.units.find((u) => u.id === a.leader)?.name ?? a.leader} TO ${hexWord(s, a.to)}`,
};
