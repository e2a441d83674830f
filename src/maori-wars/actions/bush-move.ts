// BUSH (10.0): a unit already in the Bush Raider Box moves to an adjacent territory.
import { unitWord } from '../rules/words.ts';
import { mapOf, sideUnits, territoryName, unit, unitName } from '../state.ts';
import type { BushMoveAction, MWKind } from './types.ts';

export const bushMove: MWKind<BushMoveAction> = {
  kind: 'bushMove',
  problem(s, _side, a) {
    const u = unit(s, a.unit)!;
    if (!u.at.startsWith('bush:') || s.moved.includes(u.id))
      return 'only a unit that was already in the Bush Raider Box may move there';
    const t = mapOf(s).territories.find((x) => x.id === u.at.slice(5));
    return t?.adjacent.includes(a.territory)
      ? null
      : `${territoryName(s, a.territory)} is not adjacent to ${t?.name ?? u.at}`;
  },
  apply(s, _side, a, lines) {
    const u = unit(s, a.unit)!;
    u.at = `bush:${a.territory}`;
    s.moved.push(u.id);
    lines.push(`${unitName(s, u)} (moved within the Bush Raider Box).`);
  },
  options(s, side) {
    const out: BushMoveAction[] = [];
    for (const u of sideUnits(s, side).filter((x) => x.at.startsWith('bush:') && !s.moved.includes(x.id))) {
      const t = mapOf(s).territories.find((x) => x.id === u.at.slice(5));
      for (const a of t?.adjacent ?? []) out.push({ kind: 'bushMove', unit: u.id, territory: a });
    }
    return out;
  },
  describe: (s, a) => `BUSH ${unitWord(s, a.unit)} TO ${territoryName(s, a.territory)}`,
};
