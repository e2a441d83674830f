// Supply (13.0) and where reinforcements arrive (5.0): how many Warriors the Structures supply,
// British supply lines, and the Attrition Phase that removes or Disrupts what is not supplied.
import { distance } from '../hex.ts';
import { isBoat } from '../movement.ts';
import {
  aside,
  designated,
  hexData,
  hexside,
  isHex,
  mapNeighbours,
  mapOf,
  NZ_KINDS,
  placeName,
  sideUnits,
  stackCount,
  stackLimit,
  standingOf,
  structuresAt,
  unitName,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';
import { disrupt, lossOrder, lossWhy } from './results.ts';

/** Maori units in play (not Canoes) and the Structures that supply them (13.0). */
export function supplyRoom(s: MWState, side: Side, queenite: boolean): number {
  const count = s.units.filter(
    (u) =>
      u.owner === side &&
      (queenite ? u.kind === 'queenite' : u.kind === 'warrior') &&
      (isHex(u.at) || u.at.startsWith('bush:')),
  ).length;
  const structs = s.structures.filter((x) => x.owner === side && (side === 'Maori' || x.queenite)).length;
  return structs * 3 - count;
}

export function reinforcementHexes(s: MWState, side: Side, u: Unit): string[] {
  const ok = (h: string) =>
    stackCount(s, side, h) < stackLimit(s, side, h) && !unitsAt(s, h).some((x) => x.owner !== side);
  const mine = s.structures.filter((x) => x.owner === side);
  let hexes: string[];
  if (side === 'Maori') hexes = mine.filter((x) => x.kind === 'village' || x.kind === 'pa').map((x) => x.hex);
  else if (u.kind === 'queenite')
    hexes = mine.filter((x) => x.queenite && (x.kind === 'village' || x.kind === 'pa')).map((x) => x.hex);
  else if (NZ_KINDS.includes(u.kind as never))
    hexes = mine
      .filter((x) => !x.queenite && (x.kind === 'settlement' || x.kind === 'town' || x.kind === 'fort'))
      .map((x) => x.hex);
  else hexes = mine.filter((x) => x.kind === 'town').map((x) => x.hex);
  if (side === 'British') hexes = hexes.filter((h) => designated(s, h));
  return [...new Set(hexes)].filter(ok).sort();
}

/** British supply (13.0): within 3 hexes of a Town, Settlement or Fort, not through Maori units or Structures, nor across water unless a Gunboat is at the Structure. */
export function inSupply(s: MWState, u: Unit): boolean {
  const m = mapOf(s);
  const sources = s.structures.filter(
    (x) => x.owner === 'British' && !x.queenite && ['town', 'settlement', 'fort'].includes(x.kind),
  );
  const blocked = (h: string) =>
    unitsAt(s, h).some((x) => x.owner === 'Maori' && x.kind !== 'leader') ||
    structuresAt(s, h).some((x) => x.owner === 'Maori');
  for (const src of sources) {
    if (distance(src.hex, u.at) > 3) continue;
    const gunboat = unitsAt(s, src.hex).some((x) => x.owner === 'British' && x.kind === 'gunboat');
    const seen = new Map([[src.hex, 0]]);
    const q = [src.hex];
    while (q.length) {
      const h = q.shift()!;
      if (h === u.at) return true;
      if (seen.get(h)! >= 3) continue;
      for (const n of mapNeighbours(m, h)) {
        if (seen.has(n) || blocked(n)) continue;
        if (!gunboat && (hexside(m, h, n) || hexData(m, n)!.terrain === 'ocean' || hexData(m, n)!.terrain === 'lake'))
          continue;
        seen.set(n, seen.get(h)! + 1);
        q.push(n);
      }
    }
  }
  return false;
}

/** The Attrition Phase (13.0): the owner's STANDING ATTRITION hexes first, then its STANDING LOSSES, Disrupted units first. */
export function attrition(s: MWState, lines: string[]): void {
  const side = s.side;
  // The owner's choice: units in its STANDING ATTRITION hexes first, in that order (which of several alike
  // units goes); then its STANDING LOSSES order, Disrupted units first (the sorts are stable).
  const where = standingOf(s, side).attrition.split(',').filter(Boolean);
  const hexRank = (u: Unit) => {
    const i = where.indexOf(u.at);
    return i < 0 ? where.length : i;
  };
  const ownerOrder = (units: Unit[]) =>
    lossOrder(units, standingOf(s, side).losses.split(',').filter(Boolean))
      .sort((a, b) => Number(b.disrupted) - Number(a.disrupted))
      .sort((a, b) => hexRank(a) - hexRank(b));
  const why = (u: Unit) =>
    hexRank(u) < where.length
      ? `by ${side}'s standing ATTRITION ${where.map((h) => placeName(s, h)).join(', ')}`
      : `${lossWhy(s, side)}; ${where.length ? `none in ${side}'s ATTRITION hexes` : `${side}'s ATTRITION DEFAULT`}`;
  const removeOne = (queenite: boolean) => {
    if (supplyRoom(s, side, queenite) >= 0) return;
    const kind = queenite ? 'queenite' : 'warrior';
    const u = ownerOrder(
      sideUnits(s, side).filter((x) => x.kind === kind && (isHex(x.at) || x.at.startsWith('bush:'))),
    )[0];
    if (!u) return;
    lines.push(
      `Too many ${queenite ? 'Queenite' : 'Maori'} units for their Structures to supply: ${unitName(s, u)} is removed (no VP${aside(side, `; ${why(u)}`)}).`,
    );
    u.at = 'gone';
  };
  if (side === 'Maori') removeOne(false);
  else {
    // An out-of-supply unit already Disrupted is still one of "them" (13.0): Disrupted again, it may panic (11.0). The
    // owner's order, a non-Disrupted unit first (as for a combat's disruption), unless its ATTRITION hexes name one.
    const out = sideUnits(s, 'British').filter(
      (u) => isHex(u.at) && u.kind !== 'leader' && u.kind !== 'queenite' && !isBoat(u) && !inSupply(s, u),
    );
    const pick = ownerOrder(out)
      .sort((a, b) => Number(a.disrupted) - Number(b.disrupted))
      .sort((a, b) => hexRank(a) - hexRank(b))[0];
    if (pick && !pick.disrupted) {
      pick.disrupted = true;
      lines.push(
        `${unitName(s, { ...pick, disrupted: false })} is out of supply: Disrupted${aside(side, ` (${why(pick)})`)}.`,
      );
    } else if (pick) {
      lines.push(`${unitName(s, pick)} is out of supply: Disrupted again${aside(side, ` (${why(pick)})`)}.`);
      disrupt(s, pick, lines);
    }
    removeOne(true);
  }
  if (!lines.length) lines.push('No attrition.');
}
