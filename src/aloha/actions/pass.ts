// Pass: only for a player with no legal action, who gives up an Action token.
import { spendToken } from '../resources.ts';
import { event } from './event.ts';
import { migrate } from './migrate.ts';
import { take } from './take.ts';
import type { AlohaKind, PassAction } from './types.ts';
import { warrior } from './warrior.ts';

const anyOther = (s: Parameters<typeof take.options>[0], role: string) =>
  [take, event, warrior, migrate].some((k) => k.options(s, role).length > 0);

export const pass: AlohaKind<PassAction> = {
  kind: 'pass',
  problem: (s, role) => (anyOther(s, role) ? `${role} has a legal action and may not pass` : null),
  apply(s, role, _a, lines) {
    const from = spendToken(s, role);
    lines.push(`${role} has no legal action and gives up the Action token on ${from}.`);
  },
  options: (s, role) => (anyOther(s, role) ? [] : [{ kind: 'pass' }]),
  describe: () => 'pass',
};
