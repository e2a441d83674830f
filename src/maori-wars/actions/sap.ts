// SAP (6.0 Sappers): if the scenario has the Sap Marker, the British place it once, at the start of a
// British Movement Phase, on a British unit next to a Maori Pa, pointing at the Pa; at the start of
// the next British Movement Phase that Pa becomes a Village (the units in it are not affected).
import { destroyStructure } from '../rules/results.ts';
import { hexWord } from '../rules/words.ts';
import { dataOf, mapNeighbours, mapOf, placeName, structuresAt, unitsAt, type MWState } from '../state.ts';
import type { MWKind, SapAction } from './types.ts';

const maoriPa = (s: MWState, hex: string) => structuresAt(s, hex).find((x) => x.owner === 'Maori' && x.kind === 'pa');

export const sap: MWKind<SapAction> = {
  kind: 'sap',
  problem(s, side, a) {
    if (!dataOf(s).scenario.sapMarker) return 'this scenario has no Sap Marker';
    if (side !== 'British' || s.phase !== 'movement') return 'the Sap Marker is placed in a British Movement Phase';
    if (s.sap) return 'the Sap Marker has been placed already (it may not be moved)';
    if (s.moved.length) return 'the Sap Marker is placed at the start of the Movement Phase, before any unit moves';
    if (!unitsAt(s, a.hex).some((u) => u.owner === 'British' && u.kind !== 'leader'))
      return `no British unit at ${placeName(s, a.hex)}`;
    if (!maoriPa(s, a.pa)) return `${placeName(s, a.pa)} is not a Maori Pa`;
    return mapNeighbours(mapOf(s), a.hex).includes(a.pa)
      ? null
      : `${placeName(s, a.pa)} is not adjacent to ${placeName(s, a.hex)}`;
  },
  apply(s, _side, a, lines) {
    s.sap = { hex: a.hex, pa: a.pa, turn: s.turn };
    lines.push(
      `The British place the Sap Marker at ${placeName(s, a.hex)}, pointing at the Maori Pa at ${placeName(s, a.pa)}.`,
    );
  },
  options(s, side) {
    if (!dataOf(s).scenario.sapMarker || side !== 'British' || s.sap || s.moved.length) return [];
    const out: SapAction[] = [];
    const hexes = [
      ...new Set(
        s.units.filter((u) => u.owner === 'British' && u.kind !== 'leader' && /^\d{4}$/.test(u.at)).map((u) => u.at),
      ),
    ].sort();
    for (const h of hexes)
      for (const pa of mapNeighbours(mapOf(s), h).sort())
        if (!sap.problem(s, side, { kind: 'sap', hex: h, pa })) out.push({ kind: 'sap', hex: h, pa });
    return out;
  },
  describe: (s, a) => `SAP ${hexWord(s, a.pa)} FROM ${hexWord(s, a.hex)}`,
};

/** At the start of a British Movement Phase after the one it was placed in: the Pa falls. */
export function sapEffect(s: MWState, lines: string[]): void {
  const m = s.sap;
  if (!m || m.done || s.side !== 'British' || s.phase !== 'movement' || s.turn <= m.turn) return;
  m.done = true;
  const pa = maoriPa(s, m.pa);
  if (!pa) {
    lines.push(`The sap at ${placeName(s, m.hex)} finds no Maori Pa at ${placeName(s, m.pa)}.`);
    return;
  }
  // 3.0: Structures "render VP to the opponent if destroyed by whatever reason": the Pa's VP to the British.
  destroyStructure(s, pa, lines, true, 'is brought down by the sap (the units in it are not affected)');
}
