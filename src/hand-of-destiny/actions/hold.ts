// HOLD: keep the drawn card for later play (8.1; the default for cards that may be held).
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, tried } from './kind.ts';

type Hold = Extract<HodAction, { kind: 'hold' }>;

const apply = (t: SideTurn) => t.hold();

export const hold: HodKind<Hold> = {
  kind: 'hold',
  words: ['HOLD', 'KEEP'],
  rank: 1,
  read: () => ({
    rank: 1,
    build: (t) => {
      // The help's own example starts with HOLD: on a card that cannot be held it keeps nothing
      // (the card is in effect anyway), said in the reading rather than refusing the whole turn.
      const d = t.drawnCard();
      if (!d?.hold) {
        t.advanceTo('card', 'HOLD');
        return {
          frags: [],
          reading: d
            ? `HOLD: nothing to hold: #${d.number} ${d.title} cannot be held and is in effect this turn`
            : 'HOLD: nothing to hold: no card was drawn this turn',
        };
      }
      return { frags: [{ kind: 'hold' }], reading: `HOLD #${d.number}` };
    },
  }),
  problem: tried(apply),
  apply,
  options: (t) => (t.canHold ? [{ kind: 'hold' }] : []),
  describe: (t) => `HOLD #${t.drawn ?? '-'}`,
  submit: (sub) => {
    sub.hold = true;
  },
};
