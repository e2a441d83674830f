// 9.0 step 4, second paragraph: the British may bombard Neutrals into an alliance ("not considered
// an attack ... just a forceful negotiation"), on the bombardment table's Neutral Maori column.
import { allyNeutrals } from './engine.ts';
import { dataOf, gainVp, hexData, isHex, mapNeighbours, mapOf, other, placeName, roll, structuresAt, unitName, unitsAt, type MWState, type Side, type Unit } from './state.ts';

export interface BombardNeutralsAction { kind: 'bombardNeutrals'; hex: string }

/** The British Artillery or Gunboat able to bombard `hex` (Gunboats: a water connection). */
function gunFor(s: MWState, side: Side, hex: string): Unit | undefined {
  const m = mapOf(s);
  const t = hexData(m, hex);
  const water = (g: string) => { const a = hexData(m, g)!; return ((a.coastal || a.terrain === 'ocean') && (t!.coastal || t!.terrain === 'ocean')) || m.rivers.some((r) => r.hexes.includes(g) && r.hexes.includes(hex)); };
  return s.units.find((u) => u.owner === side && !u.disrupted && (u.kind === 'artillery' || (u.kind === 'gunboat' && water(u.at))) && isHex(u.at) && mapNeighbours(m, hex).includes(u.at));
}

export function bombardNeutralsProblem(s: MWState, side: Side, a: BombardNeutralsAction): string | null {
  if (side !== 'British') return 'only the British bombard Neutrals into an alliance';
  if (!hexData(mapOf(s), a.hex)) return `${a.hex} is not on the map`;
  if (!structuresAt(s, a.hex).some((x) => x.owner === 'Neutral') && !unitsAt(s, a.hex).some((u) => u.owner === 'Neutral' && u.kind !== 'leader')) return `${placeName(s, a.hex)} holds no Neutral Village or units`;
  if (s.bombarded.includes(a.hex)) return 'a hex may be bombarded only once a Combat Phase';
  return gunFor(s, side, a.hex) ? null : 'no non-Disrupted Artillery, or Gunboat with a water connection, next to it';
}

export function bombardNeutrals(s: MWState, side: Side, a: BombardNeutralsAction, lines: string[]): void {
  s.bombarded.push(a.hex);
  const gun = gunFor(s, side, a.hex)!;
  const r = roll(s, lines, `${unitName(s, gun)} bombards the Neutrals at ${placeName(s, a.hex)} (Neutral Maori column)`);
  const res = dataOf(s).tables.bombardment.neutral[r - 1]!;
  if (res === 'none') { lines.push('The Neutrals stay neutral.'); return; }
  const to = res === 'ally' ? side : other(side);
  allyNeutrals(s, a.hex, to, lines);
  // As a negotiation that goes wrong (8.0): the opponent also gains 1 VP.
  if (res === 'allyOpponent') gainVp(s, to, 1, 'Neutrals allied with them through the opponent\'s bombardment', lines);
}

export function bombardNeutralsOptions(s: MWState, side: Side): BombardNeutralsAction[] {
  if (side !== 'British') return [];
  const hexes = [...new Set([...s.structures.filter((x) => x.owner === 'Neutral').map((x) => x.hex), ...s.units.filter((u) => u.owner === 'Neutral' && isHex(u.at)).map((u) => u.at)])].sort();
  return hexes.filter((h) => !bombardNeutralsProblem(s, side, { kind: 'bombardNeutrals', hex: h })).map((hex) => ({ kind: 'bombardNeutrals' as const, hex }));
}
