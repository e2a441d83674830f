// Take (the chapters): an island's resource, for an Action token there.
import { ISLANDS } from '../data.ts';
import { islandGain, receive, spendToken } from '../resources.ts';
import { sameAction, type AlohaKind, type TakeAction } from './types.ts';

export const take: AlohaKind<TakeAction> = {
  kind: 'take',
  problem(s, role, a) {
    if (take.options(s, role).some((x) => sameAction(x, a))) return null;
    return !(s.actionTokens[a.island][role]! > 0)
      ? `taking the resource of ${a.island} needs an Action token on ${a.island}`
      : `${role} has no Pure Hawaiian token left in the pool`;
  },
  apply(s, role, a, lines) {
    spendToken(s, role, a.island);
    const got = receive(s, role, islandGain(s, a.island), a.island);
    lines.push(`${role} takes the resource of ${a.island}: ${got || 'nothing (the track is full)'}.`);
  },
  options(s, role) {
    if (s.stage === 'prologue') return [];
    // Pure Hawaiian tokens come from the pool: none left, none to take.
    const can = (i: (typeof ISLANDS)[number]) => {
      const ph = islandGain(s, i).ph;
      return !ph || s.players[role]!.pool >= ph;
    };
    return ISLANDS.filter((i) => s.actionTokens[i][role]! > 0 && can(i)).map((island) => ({ kind: 'take', island }));
  },
  describe: (_s, a) => `take ${a.island}`,
};
