// ATTACK (9.0): a single combat on an adjacent hex from one or more hexes, played through every
// step of the Combat Procedure (combat.ts).
import { resolveAttack } from '../combat.ts';
import { attackersFor, attackProblem } from '../rules/declare.ts';
import { hexesWord, hexWord } from '../rules/words.ts';
import { isHex, mapNeighbours, mapOf, sideUnits } from '../state.ts';
import type { AttackAction, MWKind } from './types.ts';

export const attack: MWKind<AttackAction> = {
  kind: 'attack',
  problem: (s, side, a) => attackProblem(s, side, a),
  apply: (s, side, a, lines) => resolveAttack(s, side, a, lines),
  options(s, side) {
    const out: AttackAction[] = [];
    const targets = new Set<string>();
    for (const u of attackersFor(s, side, [
      ...new Set(
        sideUnits(s, side)
          .filter((x) => isHex(x.at))
          .map((x) => x.at),
      ),
    ]))
      for (const n of mapNeighbours(mapOf(s), u.at)) targets.add(n);
    for (const t of [...targets].sort()) {
      const from = mapNeighbours(mapOf(s), t).filter((h) => attackersFor(s, side, [h]).length);
      // One option per attacking hex, and one with all of them together.
      const sets = from.length > 1 ? [...from.map((h) => [h]), from] : [from];
      for (const f of sets) {
        const a: AttackAction = { kind: 'attack', target: t, from: f, advance: true };
        if (!attackProblem(s, side, a)) out.push(a);
      }
    }
    return out;
  },
  describe: (s, a) =>
    `ATTACK ${hexWord(s, a.target)} WITH ${hexesWord(s, a.from)}${a.charge ? ' CHARGE' : ''}${a.advance ? ' ADVANCE' : ''}`,
};
