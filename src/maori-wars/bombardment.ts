// 9.0 step 4 Bombardment as an order of its own: "A non-Disrupted Artillery or Gunboat may bombard an adjacent hex,
// with or without presence of other units"; "Find the column on Bombardment table that shows your chosen target (you
// cannot "mix" different kinds of targets)": the British name the column (BOMBARD <hex> UNITS|CANOES|PA|NEUTRALS).
// Bombarding Neutrals "is not considered an attack. It is just a forceful negotiation" (the Neutral Maori column).
import { bombardColumn } from './combat.ts';
import { allyNeutrals } from './engine.ts';
import { isBoat } from './movement.ts';
import { dataOf, gainVp, hexData, isHex, mapNeighbours, mapOf, other, placeName, roll, structuresAt, unitName, unitsAt, type MWState, type Side, type Unit } from './state.ts';

export type BombardTarget = 'units' | 'canoes' | 'pa' | 'neutral';
export const BOMBARD_TARGETS: BombardTarget[] = ['units', 'canoes', 'pa', 'neutral'];
/** The column as the order writes it. */
export const TARGET_WORDS: Record<BombardTarget, string> = { units: 'UNITS', canoes: 'CANOES', pa: 'PA', neutral: 'NEUTRALS' };
export interface BombardAction { kind: 'bombard'; hex: string; target: BombardTarget }

/** The non-Disrupted Artillery or Gunboat of `side` able to bombard `hex` (Gunboats: a water connection). */
export function gunFor(s: MWState, side: Side, hex: string): Unit | undefined {
  const m = mapOf(s);
  const t = hexData(m, hex);
  if (!t) return undefined;
  const water = (g: string) => {
    const a = hexData(m, g);
    if (!a) return false;
    return ((a.coastal || a.terrain === 'ocean') && (t.coastal || t.terrain === 'ocean')) || m.rivers.some((r) => r.hexes.includes(g) && r.hexes.includes(hex));
  };
  // Only a unit on a hex next to the target (a gunboat at sea, off the board, is nowhere near it).
  return s.units.find((u) => u.owner === side && !u.disrupted && isHex(u.at) && mapNeighbours(m, hex).includes(u.at) && (u.kind === 'artillery' || (u.kind === 'gunboat' && water(u.at))));
}

/** The Bombardment table's columns that show a target in `hex` for `side` (3.0: "Maori and Neutrals, as well as Canoes and Pa"). */
export function targetsAt(s: MWState, side: Side, hex: string): BombardTarget[] {
  const enemy = other(side);
  const units = unitsAt(s, hex);
  const out: BombardTarget[] = [];
  if (units.some((u) => u.owner === enemy && u.kind !== 'leader' && !isBoat(u))) out.push('units');
  if (units.some((u) => u.owner === enemy && u.kind === 'canoe')) out.push('canoes');
  if (structuresAt(s, hex).some((x) => x.owner === enemy && x.kind === 'pa')) out.push('pa');
  if (structuresAt(s, hex).some((x) => x.owner === 'Neutral') || units.some((u) => u.owner === 'Neutral' && u.kind !== 'leader')) out.push('neutral');
  return out;
}

export function bombardProblem(s: MWState, side: Side, a: BombardAction): string | null {
  if (side !== 'British') return 'only the British bombard (3.0: "Maori cannot use Artillery")';
  if (!hexData(mapOf(s), a.hex)) return `${a.hex} is not on the map`;
  if (s.bombarded.includes(a.hex)) return 'a hex may be bombarded only once a Combat Phase';
  if (!gunFor(s, side, a.hex)) return 'no non-Disrupted Artillery, or Gunboat with a water connection, next to it';
  const here = targetsAt(s, side, a.hex);
  if (!here.includes(a.target)) return here.length ? `${placeName(s, a.hex)} shows no target for the ${TARGET_WORDS[a.target]} column (it has: ${here.map((t) => TARGET_WORDS[t]).join(', ')})` : `${placeName(s, a.hex)} holds nothing to bombard`;
  return null;
}

/** Bombard `a.hex` on the column named; the hex is bombarded for this Combat Phase. */
export function bombard(s: MWState, side: Side, a: BombardAction, lines: string[]): void {
  const gun = gunFor(s, side, a.hex)!;
  if (a.target !== 'neutral') { bombardColumn(s, side, a.hex, a.target, gun, lines); return; }
  s.bombarded.push(a.hex);
  const r = roll(s, lines, `${unitName(s, gun)} bombards the Neutrals at ${placeName(s, a.hex)} (Neutral Maori column)`);
  const res = dataOf(s).tables.bombardment.neutral[r - 1]!;
  if (res === 'none') { lines.push('The Neutrals stay neutral.'); return; }
  const to = res === 'ally' ? side : other(side);
  allyNeutrals(s, a.hex, to, lines);
  // As a negotiation that goes wrong (8.0): the opponent also gains 1 VP.
  if (res === 'allyOpponent') gainVp(s, to, 1, 'Neutrals allied with them through the opponent\'s bombardment', lines);
}

/** Every hex next to a British gun, once a Combat Phase, with each column that shows a target there. */
export function bombardOptions(s: MWState, side: Side): BombardAction[] {
  if (side !== 'British') return [];
  const guns = s.units.filter((u) => u.owner === side && !u.disrupted && (u.kind === 'artillery' || u.kind === 'gunboat') && isHex(u.at));
  const hexes = [...new Set(guns.flatMap((g) => mapNeighbours(mapOf(s), g.at)))].sort();
  return hexes.flatMap((hex) => BOMBARD_TARGETS.map((target) => ({ kind: 'bombard' as const, hex, target }))).filter((a) => !bombardProblem(s, side, a));
}
