// Neutrals who ally (8.0 negotiation, a BD chit's alliance roll, bombarding Neutrals): one rule
// for every way they change sides.
import { dataOf, gainVp, other, placeName, roll, structuresAt, unitsAt, type MWState, type Side } from '../state.ts';

/** Neutrals at `hex` (Structure, units, leader) become `to`'s: Maori, or Queenite for the British. */
export function allyNeutrals(s: MWState, hex: string, to: Side, lines: string[]): void {
  for (const x of structuresAt(s, hex).filter((y) => y.owner === 'Neutral')) {
    x.owner = to;
    if (to === 'British') x.queenite = true;
  }
  for (const u of unitsAt(s, hex).filter((y) => y.owner === 'Neutral')) {
    u.owner = to;
    if (u.kind === 'neutral') u.kind = to === 'British' ? 'queenite' : 'warrior';
    if (u.kind === 'leader') u.category = to === 'British' ? 'queenite' : 'maori';
  }
  lines.push(
    `The Neutrals at ${placeName(s, hex)} ally with the ${to === 'British' ? 'British (as Queenites)' : 'Maori'}.`,
  );
}

/** A roll on the Negotiation table (8.0) for the Neutrals at `hex`, made by `side` with `drm`: they stay, ally with
 * `side`, or ally with the opponent, who also gains 1 VP (`how`: the opponent's negotiation, its bombardment...). */
export function negotiationRoll(s: MWState, side: Side, hex: string, what: string, drm: number, lines: string[]): void {
  const t = dataOf(s).tables.negotiation;
  const r = roll(s, lines, what, drm);
  const res = t.results[Math.max(0, Math.min(t.results.length - 1, r - t.minRoll))]!;
  if (res === 'none') {
    lines.push('The Neutrals stay neutral.');
    return;
  }
  const to = res === 'ally' ? side : other(side);
  allyNeutrals(s, hex, to, lines);
  if (res === 'allyOpponent') gainVp(s, to, 1, "Neutrals allied with them through the opponent's negotiation", lines);
}
