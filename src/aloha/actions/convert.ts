// Epilogue conversions: up to 5 resources, Pure Hawaiian tokens to Aloha or Commerce, Aloha and
// Commerce to Home Rule votes; converting nothing is the default.
import { ISLANDS, type Island } from '../data.ts';
import { RESOURCE_NAMES } from '../state.ts';
import type { AlohaKind, ConvertAction } from './types.ts';

export const convert: AlohaKind<ConvertAction> = {
  kind: 'convert',
  problem(s, role, { steps }) {
    const total = steps.reduce((n, x) => n + x.count, 0);
    if (total > 5) return `at most 5 resources may be converted, not ${total}`;
    const p = { ...s.players[role]! };
    const board = Object.fromEntries(ISLANDS.map((i) => [i, s.board[i][role] ?? 0])) as Record<Island, number>;
    for (const st of steps) {
      if (st.count < 1) return 'convert at least one';
      if (st.from === 'ph') {
        if (st.to === 'homeRule') return 'Pure Hawaiian tokens convert to Commerce or Aloha, not to Home Rule votes';
        const island = st.island ?? ISLANDS.find((i) => board[i] >= st.count);
        if (!island || board[island] < st.count)
          return `${role} has not ${st.count} Pure Hawaiian tokens on ${st.island ?? 'one island'}`;
        board[island] -= st.count;
      } else {
        if (st.to !== 'homeRule') return `${RESOURCE_NAMES[st.from]} converts to Home Rule votes only`;
        if (p[st.from] < st.count) return `${role} has only ${p[st.from]} ${RESOURCE_NAMES[st.from]}`;
        p[st.from] -= st.count;
      }
      if (st.to !== 'homeRule') p[st.to] += st.count;
    }
    return null;
  },
  apply(s, role, a, lines) {
    const p = s.players[role]!;
    for (const st of a.steps) {
      if (st.from === 'ph') {
        const island = st.island ?? ISLANDS.find((i) => s.board[i][role]! >= st.count)!;
        s.board[island][role]! -= st.count;
        p.pool += st.count;
        p[st.to as 'aloha' | 'commerce'] += st.count;
        lines.push(`${role} converts ${st.count} Pure Hawaiian on ${island} to ${st.count} ${RESOURCE_NAMES[st.to]}.`);
      } else {
        p[st.from] -= st.count;
        p.homeRule += st.count;
        lines.push(`${role} converts ${st.count} ${RESOURCE_NAMES[st.from]} to ${st.count} Home Rule votes.`);
      }
    }
    if (!a.steps.length) lines.push(`${role} converts nothing.`);
  },
  // Which conversions is the player's to write; the one offered is converting nothing (the default).
  options: () => [{ kind: 'convert', steps: [] }],
  describe: (_s, a) =>
    a.steps.length
      ? a.steps
          .map(
            (x) =>
              `convert ${x.count} ${x.from === 'ph' ? 'ph' : x.from} ${x.to === 'homeRule' ? 'homerule' : x.to}${x.island ? ` ${x.island}` : ''}`,
          )
          .join('; ')
      : 'pass',
};
