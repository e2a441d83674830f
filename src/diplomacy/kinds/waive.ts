// Waive: a power due a build leaves it unused.
import type { Order } from '../types.ts';
import { named, type OrderKind } from './board.ts';
import { buildsLeft } from './build.ts';

type Waive = Extract<Order, { kind: 'waive' }>;

export const waive: OrderKind<Waive> = {
  kind: 'waive',
  problem: (b, power) => buildsLeft(b, b.phase === 'adjustment' ? b.powerOf(power) : power),
  apply: (b, power) => {
    if (b.phase !== 'adjustment') return;
    const p = b.powerOf(power);
    b.used[p] = (b.used[p] ?? 0) + 1;
  },
  options: (b, power) => (b.phase === 'adjustment' && (b.due[power] ?? 0) > 0 ? [{ kind: 'waive' }] : []),
  describe: (b, a) => named(b, waive.notation(a)),
  notation: () => 'Waive',
};
