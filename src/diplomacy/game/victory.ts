// Victory: the variant's number of heiaus (supply centres) at the end of a Fall turn, or the last
// power standing.
import type { Outcome } from '../../contract/types.ts';
import type { Variant } from '../variants/variant.ts';
import type { DiplomacyState } from './state.ts';
/** Heiaus a power controls, for victory (trading posts are not heiaus; docs/heiau-map.md). */
export function victoryCenters(variant: Variant, state: Pick<DiplomacyState, 'supplyCenters'>): Record<string, number> {
  const count: Record<string, number> = {};
  for (const [p, owner] of Object.entries(state.supplyCenters)) {
    if (!variant.map.province(p)?.supplyCenter && !variant.rules.tradingPostsCountForVictory) continue;
    count[owner] = (count[owner] ?? 0) + 1;
  }
  return count;
}

export function judgeVictory(variant: Variant, state: DiplomacyState): Outcome | null {
  const count = victoryCenters(variant, state);
  const winners = Object.entries(count).filter(([, n]) => n >= variant.rules.victoryCenters);
  if (!winners.length) return null;
  winners.sort((a, b) => b[1] - a[1]);
  const [power, n] = winners[0];
  const what = state.variant === 'heiau' ? 'heiaus' : 'supply centres';
  return {
    kind: 'victory',
    winners: [power],
    text: `${power} controls ${n} ${what} at the end of Fall ${state.phase.year} and wins.`,
  };
}

export function lastPowerStanding(state: DiplomacyState): Outcome | null {
  const alive = state.powers.filter(
    (p) => state.units.some((u) => u.power === p) || Object.values(state.supplyCenters).includes(p),
  );
  if (alive.length === 1 && state.powers.length > 1)
    return { kind: 'victory', winners: alive, text: `${alive[0]} is the last power standing and wins.` };
  return null;
}
