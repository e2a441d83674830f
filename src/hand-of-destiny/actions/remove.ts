// REMOVE warriors Maui: a unit taken off by Storm or Warriors Go Home (8.2).
import { RuleError } from '../model.ts';
import { pickUnits } from '../names.ts';
import type { SideTurn } from '../turn.ts';
import { atPhase, type HodAction, type HodKind, spaceName, tried, unitNames } from './kind.ts';
import { unitsThenSpace } from './reading.ts';

type Remove = Extract<HodAction, { kind: 'remove' }>;

const apply = (t: SideTurn, _by: string, a: Remove) => t.remove(a.id);

export const remove: HodKind<Remove> = {
  kind: 'remove',
  words: ['REMOVE'],
  rank: 2,
  read: (g, _side, _word, rest) => {
    if (!rest) throw new RuleError('REMOVE needs units, e.g. REMOVE warriors Maui');
    return {
      rank: 2,
      build: (t) => {
        t.advanceTo('removal', 'REMOVE');
        const { units, space } = unitsThenSpace(g, rest);
        const pool = t.removalCandidates().filter((id) => !space || t.g.at(id) === space);
        if (!t.removalNeeded) throw new RuleError('no card in effect removes units this turn');
        const ids = pickUnits(
          t.g,
          pool,
          units || 'unit',
          space ? `of yours at ${spaceName(g, space)} to remove` : 'of yours to remove',
        );
        return { frags: ids.map((id) => ({ kind: 'remove' as const, id })), reading: `REMOVE ${unitNames(g, ids)}` };
      },
    };
  },
  problem: tried(apply),
  apply,
  options: (t) => {
    const f = atPhase(t, 'removal');
    return f && f.removalNeeded > 0 ? f.removalCandidates().map((id): Remove => ({ kind: 'remove', id })) : [];
  },
  describe: (t, a) => `REMOVE ${t.g.u(a.id).name}`,
  submit: (sub, a) => void sub.removes.push(a.id),
};
