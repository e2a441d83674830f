// RECRUIT musketeers Kona: where a recruit of the card is placed (9.0; space optional).
import { RuleError } from '../model.ts';
import { pickUnits } from '../names.ts';
import type { SideTurn } from '../turn.ts';
import { atPhase, type HodAction, type HodKind, spaceName, tried, unitNames } from './kind.ts';
import { unitsThenSpace } from './reading.ts';

type Recruit = Extract<HodAction, { kind: 'recruit' }>;

const apply = (t: SideTurn, _by: string, a: Recruit) => void t.recruit(a.unit, a.space);

export const recruit: HodKind<Recruit> = {
  kind: 'recruit',
  words: ['RECRUIT', 'PLACE'],
  rank: 3,
  read: (g, _side, _word, rest) => {
    if (!rest) throw new RuleError('RECRUIT needs a unit and a space, e.g. RECRUIT musketeers Kona');
    return {
      rank: 3,
      build: (t) => {
        t.advanceTo('recruit', 'RECRUIT');
        const { units, space } = unitsThenSpace(g, rest);
        if (!units) throw new RuleError('RECRUIT needs a unit');
        const ids = pickUnits(t.g, t.recruitable(), units, 'in the Recruit Box that this card recruits');
        return {
          frags: ids.map((id) => ({ kind: 'recruit' as const, unit: id, space })),
          reading: `RECRUIT ${unitNames(g, ids)} ${space ? spaceName(g, space) : '(default space)'}`,
        };
      },
    };
  },
  problem: tried(apply),
  apply,
  options: (t) => {
    const f = atPhase(t, 'recruit');
    return f
      ? f
          .recruitable()
          .flatMap((unit) => f.recruitSpaces(unit).map((space): Recruit => ({ kind: 'recruit', unit, space })))
      : [];
  },
  describe: (t, a) => `RECRUIT ${t.g.u(a.unit).name} ${a.space ? spaceName(t.g, a.space) : '(default space)'}`,
  submit: (sub, a) => void sub.recruits.push({ unit: a.unit, space: a.space }),
};
