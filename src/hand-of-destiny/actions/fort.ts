// BUILD FORT Plain, DISMANTLE FORT Plain: fort markers (option 22.0).
import { resolveSpace } from '../names.ts';
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, spaceName, tried } from './kind.ts';

type Fort = Extract<HodAction, { kind: 'fort' }>;

const apply = (t: SideTurn, _by: string, a: Fort) => t.fortAction(a.action, a.space);
const problem = tried(apply);
const describe = (t: SideTurn, a: Fort) => `${a.action.toUpperCase()} FORT ${spaceName(t.g, a.space)}`;

export const fort: HodKind<Fort> = {
  kind: 'fort',
  words: ['BUILD', 'DISMANTLE'],
  rank: 4,
  read: (g, _side, word, rest) => {
    const action = word === 'BUILD' ? 'build' : 'dismantle';
    const space = resolveSpace(g, rest.replace(/^fort\s+(at\s+|in\s+)?/i, ''));
    return {
      rank: 4,
      build: (t) => ({
        frags: [{ kind: 'fort', action, space }],
        reading: describe(t, { kind: 'fort', action, space }),
      }),
    };
  },
  problem,
  apply,
  // Every land space to build in, every own marker to dismantle, as the fort checks allow them.
  options: (t, by) => {
    if (!t.g.opt.fortMarkers) return [];
    const builds = t.g.landSpaces().map((space): Fort => ({ kind: 'fort', action: 'build', space }));
    const dismantles = t.g.s.forts
      .filter((f) => f.owner === t.side)
      .map((f): Fort => ({ kind: 'fort', action: 'dismantle', space: f.space }));
    return [...builds, ...dismantles].filter((a) => problem(t, by, a) === null);
  },
  describe,
  submit: (sub, a) => void sub.forts.push({ action: a.action, space: a.space }),
};
