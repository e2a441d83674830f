// STANDING …: a standing instruction (standing.ts), accepted from either player at any time.
import { applyStanding, describeStanding, parseStanding } from '../standing.ts';
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, spaceName, tried } from './kind.ts';

type Standing = Extract<HodAction, { kind: 'standing' }>;

const apply = (t: SideTurn, by: string, a: Standing) => applyStanding(t.g, by, a.patch);

export const standing: HodKind<Standing> = {
  kind: 'standing',
  words: ['STANDING', 'STAND'],
  rank: 0,
  read: (g, _side, _word, rest) => {
    const patch = parseStanding(g, rest);
    return {
      rank: 0,
      build: () => ({
        frags: [{ kind: 'standing', patch }],
        reading: `STANDING ${describeStanding(patch, (id) => spaceName(g, id))}`,
      }),
    };
  },
  problem: tried(apply),
  apply,
  // The instructions that need no names; lists of units and spaces are the player's to write.
  options: (t) => [
    { kind: 'standing', patch: { key: 'reset' } },
    ...(['always', 'never', 'stronger'] as const).map(
      (value): Standing => ({ kind: 'standing', patch: { key: 'warFleet', value, crew: [] } }),
    ),
    ...(t.g.opt.breakoff
      ? [true, false].map((value): Standing => ({ kind: 'standing', patch: { key: 'breakoff', value } }))
      : []),
    ...(t.g.opt.pursuit
      ? [true, false].map((value): Standing => ({ kind: 'standing', patch: { key: 'pursuit', value } }))
      : []),
  ],
  describe: (t, a) => `STANDING ${describeStanding(a.patch, (id) => spaceName(t.g, id))}`,
  submit: (sub, a) => void sub.standing.push(a.patch),
};
