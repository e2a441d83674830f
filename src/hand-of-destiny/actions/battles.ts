// BATTLE Maui FIRST, BATTLES Maui, Oahu-1: the order of the battles (11.1; the others follow in map order).
import { RuleError } from '../model.ts';
import { resolveSpace, splitList } from '../names.ts';
import type { SideTurn } from '../turn.ts';
import { atPhase, type HodAction, type HodKind, spaceName, tried } from './kind.ts';

type Battles = Extract<HodAction, { kind: 'battles' }>;

const apply = (t: SideTurn, _by: string, a: Battles) => t.checkBattleOrder(a.spaces);
const describe = (t: SideTurn, a: Battles) => `BATTLE ${a.spaces.map((s) => spaceName(t.g, s)).join(', then ')}`;

export const battles: HodKind<Battles> = {
  kind: 'battles',
  words: ['BATTLE', 'BATTLES', 'ATTACK'],
  rank: 6,
  read: (g, _side, _word, rest) => {
    const cleaned = rest
      .replace(/^order\s*/i, '')
      .replace(/\s+first$/i, '')
      .replace(/\bthen\b/gi, ',');
    const spaces = splitList(cleaned).map((x) => resolveSpace(g, x));
    if (!spaces.length) throw new RuleError('BATTLE needs a space, e.g. BATTLE Maui FIRST');
    return {
      rank: 6,
      build: (t) => ({ frags: [{ kind: 'battles', spaces }], reading: describe(t, { kind: 'battles', spaces }) }),
    };
  },
  problem: tried(apply),
  apply,
  // Each battle due once the moves are made, fought first (the others follow in map order).
  options: (t) => {
    const f = atPhase(t, 'battle');
    return f ? f.battleSpaces().map((s): Battles => ({ kind: 'battles', spaces: [s] })) : [];
  },
  describe,
  submit: (sub, a) => void sub.battles.push(...a.spaces),
};
