// MOVE (6.0): a unit along a path of hexes, within its movement allowance.
import { applyMove, pathProblem, reachable, spent } from '../movement.ts';
import { hexesWord, unitWord } from '../rules/words.ts';
import { hexOf, isHex, sideUnits, unit } from '../state.ts';
import { shippedProblem } from './ship.ts';
import type { MoveAction, MWKind } from './types.ts';

export const move: MWKind<MoveAction> = {
  kind: 'move',
  problem(s, _side, a) {
    const u = unit(s, a.unit)!;
    if (shippedProblem(s, u.id)) return shippedProblem(s, u.id);
    if (u.kind === 'canoe' && !hexOf(u)) return 'not on the map';
    const p = pathProblem(s, u, a.path);
    return 'problem' in p ? p.problem : null;
  },
  apply(s, _side, a, lines) {
    const u = unit(s, a.unit)!;
    const p = pathProblem(s, u, a.path);
    if ('cost' in p) applyMove(s, u, a.path, p.cost, lines);
  },
  options(s, side) {
    const out: MoveAction[] = [];
    // Units alike (kind, leader, place, state, mp spent) move alike: each is offered once.
    const seen = new Set<string>();
    for (const u of sideUnits(s, side).filter((x) => isHex(x.at) && !shippedProblem(s, x.id))) {
      const key = `${u.kind}|${u.name ?? ''}|${u.at}|${u.disrupted}|${spent(s, u)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const [, path] of reachable(s, u)) out.push({ kind: 'move', unit: u.id, path });
    }
    return out;
  },
  describe: (s, a) => `MOVE ${unitWord(s, a.unit)} TO ${hexesWord(s, a.path)}`,
};
