// PLAY 7 / PLAY Hold the Line: the event of a held card, or of the drawn card that could be held (8.1).
import { RuleError } from '../model.ts';
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, tried } from './kind.ts';
import { cardNumber } from './reading.ts';

type Play = Extract<HodAction, { kind: 'play' }>;

const apply = (t: SideTurn, _by: string, a: Play) => t.play(a.n);
const problem = tried(apply);

export const play: HodKind<Play> = {
  kind: 'play',
  words: ['PLAY', 'USE'],
  rank: 1,
  read: (g, side, _word, rest) => {
    if (!rest) throw new RuleError('PLAY needs a card number, e.g. PLAY 7');
    const n = cardNumber(g, side, rest);
    return { rank: 1, build: () => ({ frags: [{ kind: 'play', n }], reading: `PLAY #${n} ${g.card(side, n).title}` }) };
  },
  problem,
  apply,
  // One card in effect at a time (8.0): the cards playable, less any once a card is chosen.
  options: (t, by) =>
    t.phase === 'card'
      ? t
          .playable()
          .map((n): Play => ({ kind: 'play', n }))
          .filter((a) => problem(t, by, a) === null)
      : [],
  describe: (t, a) => `PLAY #${a.n} ${t.g.card(t.side, a.n).title}`,
  submit: (sub, a) => {
    sub.play = a.n;
  },
};
