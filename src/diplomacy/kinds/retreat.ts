// Retreat (`F Spa/sc R Gol`; a move written in a retreat phase is one): a dislodged unit goes to one
// of its open provinces.
import { unitText } from '../orders/notation.ts';
import type { Order, UnitRef } from '../types.ts';
import {
  dislodgedUnit,
  NOT_IN_ADJUSTMENT,
  NOT_IN_MOVEMENT,
  named,
  type OrderKind,
  orderedUnit,
  reasonOf,
  refOf,
  type RetreatBoard,
} from './board.ts';

type Retreat = Extract<Order, { kind: 'retreat' }>;
type RetreatLike = { unit: UnitRef; to: string; viaConvoy?: boolean };

/** The retreats of dislodged unit d that `to` names (the coast may be left out where only one fits). */
function fitsOf(b: RetreatBoard, d: number, to: string): string[] {
  const [toProv, coast] = to.split('/');
  return b.retreats[d].filter((r) => r.split('/')[0] === toProv && (!coast || b.dislodged[d].type === 'A' || r === to));
}

export function retreatProblem(b: RetreatBoard, power: string, a: RetreatLike): string | null {
  const d = dislodgedUnit(b, power, a.unit);
  if (typeof d === 'string') return d;
  if (a.viaConvoy) return 'a retreat cannot be convoyed';
  const fits = fitsOf(b, d, a.to);
  if (fits.length === 1) return null;
  const target = b.map.province(a.to.split('/')[0])?.name ?? a.to;
  return fits.length > 1
    ? `say which coast of ${target}`
    : `${target} is not among the retreats: ${b.retreats[d].join(', ') || 'none'}`;
}

export function retreatApply(b: RetreatBoard, power: string, a: RetreatLike, i: number): void {
  const d = dislodgedUnit(b, power, a.unit) as number;
  b.ordered[d] = i;
  b.chosen[d] = fitsOf(b, d, a.to)[0];
}

export const retreat: OrderKind<Retreat> = {
  kind: 'retreat',
  problem: (b, power, a) => {
    if (b.phase === 'retreat') return retreatProblem(b, power, a);
    if (b.phase === 'adjustment') return NOT_IN_ADJUSTMENT;
    return reasonOf(() => orderedUnit(b, power, a.unit)) ?? NOT_IN_MOVEMENT.retreat;
  },
  apply: (b, power, a, i) => {
    if (b.phase === 'retreat') retreatApply(b, power, a, i);
  },
  options: (b, power) =>
    b.phase === 'retreat'
      ? b.dislodged.flatMap((d, i) =>
          d.power !== power ? [] : b.retreats[i].map((to): Retreat => ({ kind: 'retreat', unit: refOf(d), to })),
        )
      : [],
  describe: (b, a) => named(b, retreat.notation(a)),
  notation: (a) => `${unitText(a.unit)} R ${a.to}`,
};
