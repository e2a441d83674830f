// Rally (7.0): the phasing player says which leader helps which Disrupted unit (RALLY lines); the
// rest by default, the leader with the best chance, one unit each; the rolls when the phase ends.
import { isHex, roll, sideUnits, unitName, unit, type MWState, type Side, type Unit } from '../state.ts';
import { unitRef } from './words.ts';

/** The roll a leader needs to rally `u` (7.0), 7 if it cannot help. */
export function rallyNeed(l: Unit, u: Unit): number {
  if (l.category === 'british' && u.owner === 'British') return l.rangerLeader && u.kind === 'rangers' ? 4 : 5;
  if (l.category === 'queenite' && u.kind === 'queenite') return 4;
  if (l.category === 'maori' && u.owner === 'Maori') return 4;
  return 7;
}
export const rallyable = (s: MWState, side: Side) =>
  sideUnits(s, side).filter((u) => u.disrupted && u.kind !== 'leader' && (isHex(u.at) || u.at.startsWith('bush:')));
export const helpers = (s: MWState, side: Side, u: Unit) =>
  sideUnits(s, side).filter((l) => l.kind === 'leader' && l.at === u.at && rallyNeed(l, u) < 7);

/** A real choice (a short Rally decision phase): a leader who may help Disrupted units of two kinds. Otherwise
 * nothing is left to choose: units alike in one hex are interchangeable, and where a unit has several
 * leaders the best one helps (each leader can help only that one kind there). */
export function rallyChoice(s: MWState, side: Side): boolean {
  const units = rallyable(s, side);
  return sideUnits(s, side).some(
    (l) =>
      l.kind === 'leader' &&
      new Set(units.filter((u) => l.at === u.at && rallyNeed(l, u) < 7).map((u) => u.kind)).size > 1,
  );
}

export function rally(s: MWState, lines: string[]): void {
  const side = s.side;
  const given = s.rallies ?? {};
  const helped = new Set<string>(Object.values(given));
  const disrupted = rallyable(s, side);
  for (const u of disrupted) {
    const mine = given[u.id] ? unit(s, given[u.id]!) : undefined;
    const best =
      mine ??
      helpers(s, side, u)
        .filter((l) => !helped.has(l.id))
        .sort((a, b) => rallyNeed(a, u) - rallyNeed(b, u))[0];
    const n = best ? rallyNeed(best, u) : 6;
    if (best) {
      helped.add(best.id);
      lines.push(
        `${best.name} helps ${unitName(s, u)} (${mine ? `${side}'s order RALLY ${unitRef(s, u)} WITH ${best.name}` : `${side}'s default: the leader with the best chance, one unit each`}).`,
      );
    }
    const r = roll(s, lines, `Rally ${unitName(s, u)}${best ? ` with ${best.name}` : ''} (${n}${n < 6 ? '–6' : ''})`);
    if (r >= n) {
      u.disrupted = false;
      lines.push(`${unitName(s, u)} rallies.`);
    }
  }
  if (!disrupted.length) lines.push('No Disrupted unit to rally.');
}
