// LEAVE (10.0): a unit already in the Bush Raider Box leaves it into a free land hex of its territory.
import { hexWord, unitWord } from '../rules/words.ts';
import {
  hexData,
  mapOf,
  sideUnits,
  stackCount,
  stackLimit,
  structuresAt,
  territoryName,
  unit,
  unitName,
  unitsAt,
} from '../state.ts';
import type { BushLeaveAction, MWKind } from './types.ts';

export const bushLeave: MWKind<BushLeaveAction> = {
  kind: 'bushLeave',
  problem(s, side, a) {
    const u = unit(s, a.unit)!;
    if (!u.at.startsWith('bush:') || s.moved.includes(u.id))
      return 'only a unit that was already in the Bush Raider Box may leave it';
    const h = hexData(mapOf(s), a.hex);
    if (!h || h.territory !== u.at.slice(5)) return `${a.hex} is not in ${territoryName(s, u.at.slice(5))}`;
    if (h.terrain === 'ocean' || h.terrain === 'lake') return 'not a land hex';
    if (unitsAt(s, a.hex).some((x) => x.owner !== side) || structuresAt(s, a.hex).some((x) => x.owner !== side))
      return 'the hex holds enemy or Neutral counters';
    if (u.kind !== 'leader' && stackCount(s, side, a.hex) >= stackLimit(s, side, a.hex))
      return 'the hex is fully stacked';
    return null;
  },
  apply(s, _side, a, lines) {
    const u = unit(s, a.unit)!;
    u.at = a.hex;
    s.moved.push(u.id);
    lines.push(`${unitName(s, u)} leaves the Bush Raider Box.`);
  },
  options(s, side) {
    const out: BushLeaveAction[] = [];
    for (const u of sideUnits(s, side).filter((x) => x.at.startsWith('bush:') && !s.moved.includes(x.id))) {
      for (const h of mapOf(s).hexes.filter((x) => x.territory === u.at.slice(5))) {
        const a: BushLeaveAction = { kind: 'bushLeave', unit: u.id, hex: h.id };
        if (!bushLeave.problem(s, side, a)) out.push(a);
      }
    }
    return out;
  },
  describe: (s, a) => `LEAVE ${unitWord(s, a.unit)} TO ${hexWord(s, a.hex)}`,
};
