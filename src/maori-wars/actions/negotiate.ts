// NEGOTIATE (8.0): a leader next to a Neutral Village rolls on the Negotiation table, once a phase
// for each leader and each Village.
import { negotiationRoll } from '../rules/neutrals.ts';
import { hexWord } from '../rules/words.ts';
import { dataOf, isHex, mapNeighbours, mapOf, placeName, sideUnits, structuresAt, unit, unitsAt } from '../state.ts';
import type { MWKind, NegotiateAction } from './types.ts';

export const negotiate: MWKind<NegotiateAction> = {
  kind: 'negotiate',
  problem(s, side, a) {
    const l = unit(s, a.leader);
    if (l?.kind !== 'leader' || l.owner !== side || !isHex(l.at)) return 'that is not one of your leaders on the map';
    if (s.negotiated.includes(l.id)) return `${l.name} has negotiated already this phase`;
    if (s.negotiated.includes(a.hex)) return 'that Village has been negotiated with already this phase';
    if (!structuresAt(s, a.hex).some((x) => x.owner === 'Neutral' && (x.kind === 'village' || x.kind === 'pa')))
      return `${placeName(s, a.hex)} is not a Neutral Village`;
    return mapNeighbours(mapOf(s), l.at).includes(a.hex) ? null : `${l.name} is not adjacent to ${placeName(s, a.hex)}`;
  },
  apply(s, side, a, lines) {
    const l = unit(s, a.leader)!;
    s.negotiated.push(l.id, a.hex);
    const sole = !unitsAt(s, l.at).some((u) => u !== l && u.owner === side) && !structuresAt(s, l.at).length;
    const t = dataOf(s).tables.negotiation;
    // 8.0 "A sole British leader has a +1 DRM": a British leader, not a Queenite one (7.0 keeps the two categories apart).
    const drm = side === 'Maori' ? t.maoriLeader : sole && l.category === 'british' ? t.soleBritishLeader : 0;
    negotiationRoll(s, side, a.hex, `${l.name} negotiates with the Neutrals at ${placeName(s, a.hex)}`, drm, lines);
  },
  options(s, side) {
    const out: NegotiateAction[] = [];
    for (const l of sideUnits(s, side).filter((x) => x.kind === 'leader' && isHex(x.at)))
      for (const h of mapNeighbours(mapOf(s), l.at))
        if (!negotiate.problem(s, side, { kind: 'negotiate', leader: l.id, hex: h }))
          out.push({ kind: 'negotiate', leader: l.id, hex: h });
    return out;
  },
  describe: (s, a) => `NEGOTIATE ${s.units.find((u) => u.id === a.leader)?.name ?? a.leader} WITH ${hexWord(s, a.hex)}`,
};
