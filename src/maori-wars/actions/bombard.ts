// BOMBARD (3.0, 9.0 step 4): a British Artillery or Gunboat bombards an adjacent hex on one column
// of the Bombardment table ("you cannot mix different kinds of targets"), once a hex a Combat Phase:
// the order names the column (UNITS|CANOES|PA|NEUTRALS). Bombarding Neutrals "is not considered an
// attack. It is just a forceful negotiation" (the Neutral Maori column).
import { BOMBARD_TARGETS, gunFor, TARGET_WORDS, targetsAt } from '../rules/guns.ts';
import { allyNeutrals } from '../rules/neutrals.ts';
import { bombardColumn } from '../rules/results.ts';
import { hexWord } from '../rules/words.ts';
import { dataOf, gainVp, hexData, isHex, mapNeighbours, mapOf, other, placeName, roll, unitName } from '../state.ts';
import type { BombardAction, MWKind } from './types.ts';

export const bombard: MWKind<BombardAction> = {
  kind: 'bombard',
  problem(s, side, a) {
    if (side !== 'British') return 'only the British bombard (3.0: "Maori cannot use Artillery")';
    if (!hexData(mapOf(s), a.hex)) return `${a.hex} is not on the map`;
    if (s.bombarded.includes(a.hex)) return 'a hex may be bombarded only once a Combat Phase';
    if (!gunFor(s, side, a.hex)) return 'no non-Disrupted Artillery, or Gunboat with a water connection, next to it';
    const here = targetsAt(s, side, a.hex);
    if (!here.includes(a.target))
      return here.length
        ? `${placeName(s, a.hex)} shows no target for the ${TARGET_WORDS[a.target]} column (it has: ${here.map((t) => TARGET_WORDS[t]).join(', ')})`
        : `${placeName(s, a.hex)} holds nothing to bombard`;
    return null;
  },
  /** Bombard `a.hex` on the column named; the hex is bombarded for this Combat Phase. */
  apply(s, side, a, lines) {
    const gun = gunFor(s, side, a.hex)!;
    if (a.target !== 'neutral') {
      bombardColumn(s, side, a.hex, a.target, gun, lines);
      return;
    }
    s.bombarded.push(a.hex);
    const r = roll(
      s,
      lines,
      `${unitName(s, gun)} bombards the Neutrals at ${placeName(s, a.hex)} (Neutral Maori column)`,
    );
    const res = dataOf(s).tables.bombardment.neutral[r - 1]!;
    if (res === 'none') {
      lines.push('The Neutrals stay neutral.');
      return;
    }
    const to = res === 'ally' ? side : other(side);
    allyNeutrals(s, a.hex, to, lines);
    // As a negotiation that goes wrong (8.0): the opponent also gains 1 VP.
    if (res === 'allyOpponent') gainVp(s, to, 1, "Neutrals allied with them through the opponent's bombardment", lines);
  },
  /** Every hex next to a British gun, once a Combat Phase, with each column that shows a target there. */
  options(s, side) {
    if (side !== 'British') return [];
    const guns = s.units.filter(
      (u) => u.owner === side && !u.disrupted && (u.kind === 'artillery' || u.kind === 'gunboat') && isHex(u.at),
    );
    const hexes = [...new Set(guns.flatMap((g) => mapNeighbours(mapOf(s), g.at)))].sort();
    return hexes
      .flatMap((hex) => BOMBARD_TARGETS.map((target) => ({ kind: 'bombard' as const, hex, target })))
      .filter((a) => !bombard.problem(s, side, a));
  },
  describe: (s, a) => `BOMBARD ${hexWord(s, a.hex)} ${TARGET_WORDS[a.target]}`,
};
