// The King (Queen in Chapter III) token: its holder places it on an island where they have Pure
// Hawaiian tokens, for one more Action there.
import { ISLANDS } from '../data.ts';
import { sameAction, type AlohaKind, type KingAction } from './types.ts';

export const king: AlohaKind<KingAction> = {
  kind: 'king',
  problem: (s, role, a) =>
    king.options(s, role).some((x) => sameAction(x, a))
      ? null
      : `the King token goes on an island where ${role} has Pure Hawaiian tokens`,
  apply(s, role, a, lines) {
    s.actionTokens[a.island][role]! += 1;
    lines.push(
      `${role} places the ${s.stage === 'chapter3' ? 'Queen' : 'King'} token on ${a.island}: one more Action there.`,
    );
  },
  options: (s, role) => ISLANDS.filter((i) => s.board[i][role]! > 0).map((island) => ({ kind: 'king', island })),
  describe: (_s, a) => `king ${a.island}`,
};
