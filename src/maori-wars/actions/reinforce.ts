// REINFORCE (5.0): a unit from the Reinforcement Box to a place it may arrive in, so many a turn.
import { reinforcementHexes, supplyRoom } from '../rules/supply.ts';
import { hexWord } from '../rules/words.ts';
import { dataOf, placeName, sideUnits, unit, unitName } from '../state.ts';
import type { MWKind, ReinforceAction } from './types.ts';

export const reinforce: MWKind<ReinforceAction> = {
  kind: 'reinforce',
  problem(s, side, a) {
    const u = unit(s, a.unit)!;
    const n = dataOf(s).scenario.reinforcementsPerTurn;
    if (u.at !== 'box' || u.kind === 'leader') return `${unitName(s, u)} is not in the Reinforcement Box`;
    if (s.reinforced >= n) return `only ${n} unit${n > 1 ? 's' : ''} from the Reinforcement Box a turn`;
    if ((u.kind === 'warrior' || u.kind === 'queenite') && supplyRoom(s, side, u.kind === 'queenite') < 1)
      return 'more units than the Structures can supply (13.0)';
    return reinforcementHexes(s, side, u).includes(a.hex)
      ? null
      : `${placeName(s, a.hex)} is not a place this unit may arrive in`;
  },
  apply(s, _side, a, lines) {
    const u = unit(s, a.unit)!;
    u.at = a.hex;
    s.reinforced++;
    lines.push(`${unitName(s, u)} arrives from the Reinforcement Box.`);
  },
  options(s, side) {
    if (s.reinforced >= dataOf(s).scenario.reinforcementsPerTurn) return [];
    const out: ReinforceAction[] = [];
    // Units of a kind in the box are alike: one of each kind is offered.
    const seen = new Set<string>();
    for (const u of sideUnits(s, side).filter((x) => x.at === 'box')) {
      if (seen.has(u.kind)) continue;
      seen.add(u.kind);
      for (const h of reinforcementHexes(s, side, u)) {
        const a: ReinforceAction = { kind: 'reinforce', unit: u.id, hex: h };
        if (!reinforce.problem(s, side, a)) out.push(a);
      }
    }
    return out;
  },
  describe: (s, a) => `REINFORCE ${unit(s, a.unit)?.kind ?? a.unit} AT ${hexWord(s, a.hex)}`,
};
