// RAIDER (10.0): a unit on the main map enters the Bush Raider Box, in its hex's territory.
import { unitWord } from '../rules/words.ts';
import { dataOf, hexData, isHex, mapOf, sideUnits, territoryName, unit, unitName, type Side } from '../state.ts';
import type { BushEnterAction, MWKind } from './types.ts';

export const BUSH_KINDS = ['queenite', 'warrior', 'militia', 'constabulary', 'rangers'];
const BUSH_MAX: Record<Side, number> = { Maori: 3, British: 2 };

export const bushEnter: MWKind<BushEnterAction> = {
  kind: 'bushEnter',
  problem(s, side, a) {
    const u = unit(s, a.unit)!;
    if (!isHex(u.at)) return `${unitName(s, u)} is not on the main map`;
    if (!hexData(mapOf(s), u.at)?.territory) return 'the hex is in no territory';
    if (s.moved.includes(u.id)) return `${unitName(s, u)} has acted in this Bush Raider Phase already`;
    if (u.kind === 'leader') return null;
    if (!BUSH_KINDS.includes(u.kind))
      return 'only Queenite, Maori, Militia, Constabulary and Ranger units may enter the Bush Raider Box';
    if (u.kind === 'militia' && dataOf(s).scenario.militiaNoBushRaid)
      return 'Militia may not be placed in the Bush Raider Box in this scenario';
    const there = s.units.filter((x) => x.owner === side && x.kind !== 'leader' && x.at.startsWith('bush:')).length;
    return there >= BUSH_MAX[side] ? `at most ${BUSH_MAX[side]} ${side} units in the Bush Raider Box` : null;
  },
  apply(s, _side, a, lines) {
    const u = unit(s, a.unit)!;
    const from = u.at;
    u.at = `bush:${hexData(mapOf(s), from)!.territory}`;
    s.moved.push(u.id);
    lines.push(`${unitName(s, { ...u, at: from })} enters the Bush Raider Box, in ${territoryName(s, u.at.slice(5))}.`);
  },
  options: (s, side) =>
    sideUnits(s, side)
      .filter((u) => isHex(u.at))
      .map((u) => ({ kind: 'bushEnter' as const, unit: u.id }))
      .filter((a) => !bushEnter.problem(s, side, a)),
  describe: (s, a) => `RAIDER ${unitWord(s, a.unit)}`,
};
