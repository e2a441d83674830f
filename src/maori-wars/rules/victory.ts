// Victory (1.0), checked after every action and at every change of phase.
import { dataOf, settlementsStanding, vpText, type MWState, type Side } from '../state.ts';

export function checkVictory(s: MWState, lines: string[]): void {
  if (s.result) return;
  const win = (side: Side, why: string) => {
    s.result = { kind: 'victory', winners: [side], text: `${side} wins decisively: ${why}` };
    lines.push(s.result.text + '.');
  };
  const v = dataOf(s).tables.victory;
  if (s.vp >= v.decisive) {
    win('British', `first to ${v.decisive} Victory Points`);
    return;
  }
  if (s.vp <= -v.decisive) {
    win('Maori', `first to ${v.decisive} Victory Points`);
    return;
  }
  if (
    s.hadMaoriVillages &&
    !s.structures.some((x) => x.owner === 'Maori' && (x.kind === 'village' || x.kind === 'pa'))
  ) {
    win('British', 'all Maori Villages and Pa eliminated');
    return;
  }
  if (s.hadSettlements && !settlementsStanding(s).length) {
    win('Maori', 'all Settlements eliminated');
    return;
  }
  if (s.turn > dataOf(s).scenario.turns) {
    const n = Math.abs(s.vp);
    const level = n < v.minor ? null : n < v.major ? 'Minor Victory' : 'Major Victory';
    const side: Side = s.vp > 0 ? 'British' : 'Maori';
    s.result = level
      ? { kind: 'victory', winners: [side], text: `${side} ${level} with ${n} VP at the end of the last Game Turn` }
      : { kind: 'draw', winners: [], text: `Draw: ${vpText(s.vp)} VP at the end of the last Game Turn` };
    lines.push(s.result.text + '.');
  }
}
