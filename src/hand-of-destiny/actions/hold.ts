// HOLD: keep the drawn card for later play (8.1; the default for cards that may be held).
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, tried } from './kind.ts';

type Hold = Extract<HodAction, { kind: 'hold' }>;

const apply = (t: SideTurn) => t.hold();

export const hold: HodKind<Hold> = {
  kind: 'hold',
  words: ['HOLD', 'KEEP'],
  rank: 1,
  read: () => ({ rank: 1, build: (t) => ({ frags: [{ kind: 'hold' }], reading: `HOLD #${t.drawn ?? '-'}` }) }),
  problem: tried(apply),
  apply,
  options: (t) => (t.canHold ? [{ kind: 'hold' }] : []),
  describe: (t) => `HOLD #${t.drawn ?? '-'}`,
  submit: (sub) => {
    sub.hold = true;
  },
};
