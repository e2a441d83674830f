// STANDING (docs/maori-wars.md): a standing instruction, sent by either player at any time. The
// runner writes both players' before the phase's actions; the forms offered are in ../standing.ts.
import { hexWord } from '../rules/words.ts';
import type { MWKind, StandingAction } from './types.ts';

const hexList = (s: Parameters<typeof hexWord>[0], v: string) =>
  v
    ? v
        .split(',')
        .map((h) => hexWord(s, h))
        .join(', ')
    : 'DEFAULT';
const AT_WORDS: Partial<Record<StandingAction['key'], string>> = {
  counterAt: 'COUNTER AT',
  parleyAt: 'PARLEY AT',
  extraFrom: 'EXTRA FROM',
  reply: 'REPLY',
};

export const standing: MWKind<StandingAction> = {
  kind: 'standing',
  problem: () => null,
  // Written by the runner for both players before the phasing player's actions (resolveTurn).
  apply: () => {},
  // Offered as the forms of ../standing.ts, not as actions.
  options: () => [],
  describe(s, a) {
    if (a.key === 'retreat' || a.key === 'overstackToward')
      return `STANDING ${a.key === 'retreat' ? 'RETREAT' : 'OVERSTACK'} ${a.value ? `TOWARD ${hexWord(s, a.value)}` : a.key === 'retreat' ? 'DEFAULT' : 'TOWARD DEFAULT'}`;
    if (AT_WORDS[a.key]) return `STANDING ${AT_WORDS[a.key]} ${hexList(s, a.value)}`;
    if (a.key === 'extraCharge') return `STANDING EXTRA CHARGE ${a.value.toUpperCase()}`;
    if (a.key === 'evadeStay') return `STANDING EVADE STAY ${a.value || 'DEFAULT'}`;
    if (a.key === 'evadeSpread') return `STANDING EVADE SPREAD ${a.value.toUpperCase()}`;
    if (a.key === 'attrition') return `STANDING ATTRITION ${hexList(s, a.value)}`;
    return `STANDING ${a.key === 'fortRetreat' ? 'FORT' : a.key.toUpperCase()} ${a.value ? a.value.toUpperCase() : 'DEFAULT'}`;
  },
};
