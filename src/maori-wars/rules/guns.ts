// British guns (3.0, 9.0 step 4): which Artillery or Gunboat may bombard a hex, and which columns
// of the Bombardment table show a target there. The BOMBARD order and an attack's bombardment share them.
import type { BombardTarget } from '../actions/types.ts';
import { isBoat } from '../movement.ts';
import {
  hexData,
  isHex,
  mapNeighbours,
  mapOf,
  other,
  structuresAt,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';

export const BOMBARD_TARGETS: BombardTarget[] = ['units', 'canoes', 'pa', 'neutral'];
/** The column as the order writes it. */
export const TARGET_WORDS: Record<BombardTarget, string> = {
  units: 'UNITS',
  canoes: 'CANOES',
  pa: 'PA',
  neutral: 'NEUTRALS',
};

/** The non-Disrupted Artillery or Gunboat of `side` able to bombard `hex` (Gunboats: a water connection). */
export function gunFor(s: MWState, side: Side, hex: string): Unit | undefined {
  const m = mapOf(s);
  const t = hexData(m, hex);
  if (!t) return undefined;
  const water = (g: string) => {
    const a = hexData(m, g);
    if (!a) return false;
    return (
      ((a.coastal || a.terrain === 'ocean') && (t.coastal || t.terrain === 'ocean')) ||
      m.rivers.some((r) => r.hexes.includes(g) && r.hexes.includes(hex))
    );
  };
  // Only a unit on a hex next to the target (a gunboat at sea, off the board, is nowhere near it).
  return s.units.find(
    (u) =>
      u.owner === side &&
      !u.disrupted &&
      isHex(u.at) &&
      mapNeighbours(m, hex).includes(u.at) &&
      (u.kind === 'artillery' || (u.kind === 'gunboat' && water(u.at))),
  );
}

/** The Bombardment table's columns that show a target in `hex` for `side` (3.0: "Maori and Neutrals, as well as Canoes and Pa"). */
export function targetsAt(s: MWState, side: Side, hex: string): BombardTarget[] {
  const enemy = other(side);
  const units = unitsAt(s, hex);
  const out: BombardTarget[] = [];
  if (units.some((u) => u.owner === enemy && u.kind !== 'leader' && !isBoat(u))) out.push('units');
  if (units.some((u) => u.owner === enemy && u.kind === 'canoe')) out.push('canoes');
  if (structuresAt(s, hex).some((x) => x.owner === enemy && x.kind === 'pa')) out.push('pa');
  if (
    structuresAt(s, hex).some((x) => x.owner === 'Neutral') ||
    units.some((u) => u.owner === 'Neutral' && u.kind !== 'leader')
  )
    out.push('neutral');
  return out;
}
