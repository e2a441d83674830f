// RALLY (7.0): the phasing player sends a leader to a Disrupted unit in its hex (or Bush Raider
// territory); the rolls are made when the phase ends (rules/rally.ts), with the default for the rest.
import { helpers, rallyable, rallyChoice, rallyNeed } from '../rules/rally.ts';
import { unitWord } from '../rules/words.ts';
import { isHex, unit, unitName } from '../state.ts';
import type { MWKind, RallyAction } from './types.ts';

export const rally: MWKind<RallyAction> = {
  kind: 'rally',
  problem(s, side, a) {
    const u = unit(s, a.unit)!;
    const l = unit(s, a.leader);
    if (l?.kind !== 'leader' || l.owner !== side) return 'that is not one of your leaders';
    if (!u.disrupted || u.kind === 'leader' || !(isHex(u.at) || u.at.startsWith('bush:')))
      return `${unitName(s, u)} is not a Disrupted unit on the map or in the Bush Raider Box`;
    if (l.at !== u.at) return `${l.name} is not in the same hex (or Bush Raider territory) as ${unitName(s, u)}`;
    if (rallyNeed(l, u) >= 7) return `${l.name} cannot rally ${unitName(s, u)} (7.0)`;
    const given = s.rallies ?? {};
    if (given[u.id]) return `${unitName(s, u)} has a leader already (${unit(s, given[u.id]!)?.name})`;
    if (Object.values(given).includes(l.id)) return `${l.name} helps a single Disrupted unit`;
    return null;
  },
  apply(s, _side, a) {
    (s.rallies ??= {})[a.unit] = a.leader;
  },
  options(s, side) {
    // Offered only when there is a real choice; otherwise the phase plays itself.
    if (!rallyChoice(s, side)) return [];
    const out: RallyAction[] = [];
    const seen = new Set<string>();
    for (const u of rallyable(s, side))
      for (const l of helpers(s, side, u)) {
        // Units alike in one place read the same: offer each (kind, place, leader) once.
        const key = `${u.kind}|${u.at}|${l.id}`;
        const a: RallyAction = { kind: 'rally', unit: u.id, leader: l.id };
        if (!seen.has(key) && !rally.problem(s, side, a)) {
          seen.add(key);
          out.push(a);
        }
      }
    return out;
  },
  describe: (s, a) => `RALLY ${unitWord(s, a.unit)} WITH ${unit(s, a.leader)?.name ?? a.leader}`,
};
