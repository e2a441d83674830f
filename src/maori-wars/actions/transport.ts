// TRANSPORT (6.0): a boat carries units along a water path; they disembark where it ends.
import { applyMove, spent, transportProblem } from '../movement.ts';
import { hexesWord, unitWord } from '../rules/words.ts';
import { dataOf, unit, unitName, type Unit } from '../state.ts';
import { shippedProblem } from './ship.ts';
import type { MWKind, TransportAction } from './types.ts';

export const transport: MWKind<TransportAction> = {
  kind: 'transport',
  problem(s, side, a) {
    const boat = unit(s, a.boat);
    if (!boat || boat.owner !== side) return 'that is not one of your boats';
    const cargo = a.cargo.map((id) => unit(s, id));
    if (cargo.some((c) => !c)) return 'unknown unit';
    const moved = cargo.find((c) => shippedProblem(s, c!.id));
    if (moved) return shippedProblem(s, moved.id);
    const p = transportProblem(s, boat, cargo as Unit[], a.path);
    return 'problem' in p ? p.problem : null;
  },
  apply(s, _side, a, lines) {
    const boat = unit(s, a.boat)!;
    const cargo = a.cargo.map((id) => unit(s, id)!);
    const p = transportProblem(s, boat, cargo, a.path);
    if (!('cost' in p)) return;
    applyMove(s, boat, a.path, p.cost, lines);
    for (const c of cargo) {
      c.at = boat.at;
      s.mpSpent[c.id] = spent(s, c) + dataOf(s).terrain.transportCost;
      if (!s.moved.includes(c.id)) s.moved.push(c.id);
    }
    lines.push(
      `It carries ${cargo.map((c) => unitName(s, c)).join(', ')}, who disembark (${dataOf(s).terrain.transportCost} mp each).`,
    );
  },
  // Written by the player (which units board is theirs); not listed among the options.
  options: () => [],
  describe: (s, a) =>
    `TRANSPORT ${unitWord(s, a.boat)} WITH ${a.cargo.map((c) => unitWord(s, c)).join(', ')} TO ${hexesWord(s, a.path)}`,
};
