// Warrior (not in Chapter III): one more Warrior, for an Action token (from the island named).
import { ISLANDS } from '../data.ts';
import { spendToken } from '../resources.ts';
import { chapterNo, dataOf } from '../state.ts';
import { sameAction, type AlohaKind, type WarriorAction } from './types.ts';

export const warrior: AlohaKind<WarriorAction> = {
  kind: 'warrior',
  problem(s, role, a) {
    const legal = warrior.options(s, role);
    const ch3 = chapterNo(s.stage) === 3;
    // In a chapter, "warrior" without an island takes the Action token as the Prologue would.
    if (s.stage !== 'prologue' && !a.island)
      return legal.length
        ? null
        : ch3
          ? 'Warriors are not available in Chapter III'
          : `${role} has no Action token left`;
    if (legal.some((x) => sameAction(x, a))) return null;
    return ch3 ? 'Warriors are not available in Chapter III' : `${role} has no Action token on ${a.island}`;
  },
  apply(s, role, a, lines) {
    const p = s.players[role]!;
    const from = spendToken(s, role, a.island);
    p.warriors = Math.min(dataOf(s).tracks.warriors, p.warriors + 1);
    lines.push(`${role} takes a Warrior (Action token from ${from}); ${role} has ${p.warriors}.`);
  },
  options(s, role) {
    if (chapterNo(s.stage) === 3) return [];
    if (s.stage === 'prologue') return [{ kind: 'warrior' }];
    return ISLANDS.filter((i) => s.actionTokens[i][role]! > 0).map((island) => ({ kind: 'warrior', island }));
  },
  describe: (_s, a) => (a.island ? `warrior ${a.island}` : 'warrior'),
};
