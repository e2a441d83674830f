// Polynesian Migration (Prologue): each player in turn settles an island nobody has settled.
import { ISLANDS } from '../data.ts';
import { dataOf } from '../state.ts';
import { sameAction, type AlohaKind, type SettleAction } from './types.ts';

export const settle: AlohaKind<SettleAction> = {
  kind: 'settle',
  problem(s, role, a) {
    if (settle.options(s, role).some((x) => sameAction(x, a))) return null;
    return s.roles.some((r) => s.board[a.island][r]! > 0)
      ? `${a.island} is settled already: only one player per island`
      : 'not now';
  },
  apply(s, role, a, lines) {
    const d = dataOf(s);
    const p = s.players[role]!;
    const n = Math.min(d.migrationTokens, p.pool);
    s.board[a.island][role] = n;
    p.pool -= n;
    s.actionTokens[a.island][role] = d.prologueActionTokens;
    lines.push(
      `${role} settles ${a.island} with ${n} Pure Hawaiian tokens and ${d.prologueActionTokens} Action tokens.`,
    );
  },
  options: (s) =>
    ISLANDS.filter((i) => !s.roles.some((r) => s.board[i][r]! > 0)).map((island) => ({ kind: 'settle', island })),
  describe: (_s, a) => `settle ${a.island}`,
};
