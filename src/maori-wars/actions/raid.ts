// RAID <hex> (10.0 option 3): raiders leave the Bush Raider Box into one or more landing hexes and
// raid the enemy units in an adjacent hex (rules/raids.ts fights it).
import { fight, landings, raidersProblem, raidParties } from '../rules/raids.ts';
import { hexWord, unitWord } from '../rules/words.ts';
import {
  hexData,
  isHex,
  mapNeighbours,
  mapOf,
  other,
  placeName,
  stackCount,
  stackLimit,
  structuresAt,
  territoryName,
  unit,
  unitName,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';
import { isEnemy } from '../movement.ts';
import type { MWKind, RaidAction } from './types.ts';

function landingProblem(
  s: MWState,
  side: Side,
  territory: string,
  l: { units: string[]; from: string },
  target: string,
): string | null {
  if (!l.units.some((id) => unit(s, id)!.kind !== 'leader'))
    return 'each landing hex needs a unit (a leader alone may not raid)';
  const h = hexData(mapOf(s), l.from);
  if (!h || h.territory !== territory) return `${l.from} is not in ${territoryName(s, territory)}`;
  if (h.terrain === 'ocean' || h.terrain === 'lake') return 'not a land hex';
  if (unitsAt(s, l.from).some((x) => x.owner !== side) || structuresAt(s, l.from).some((x) => x.owner !== side))
    return `${placeName(s, l.from)} holds enemy or Neutral counters`;
  const n = l.units.filter((id) => unit(s, id)!.kind !== 'leader').length;
  if (stackCount(s, side, l.from) + n > stackLimit(s, side, l.from))
    return `${placeName(s, l.from)} would be over-stacked`;
  if (!mapNeighbours(mapOf(s), l.from).includes(target)) return `${target} is not adjacent to ${l.from}`;
  if (structuresAt(s, target).length) return 'a hex with a Structure may not be raided';
  if (!unitsAt(s, target).some((u) => isEnemy(side, u.owner) && u.owner !== 'Neutral' && u.kind !== 'leader'))
    return `${placeName(s, target)} holds no enemy unit (a leader alone may not be raided)`;
  return null;
}

export const raid: MWKind<RaidAction> = {
  kind: 'raid',
  problem(s, side, a) {
    const all = landings(a).flatMap((l) => l.units);
    if (new Set(all).size !== all.length) return 'a unit is named twice';
    const hexes = landings(a).map((l) => l.from);
    if (new Set(hexes).size !== hexes.length) return 'a landing hex is named twice';
    const r = raidersProblem(s, side, all);
    if ('problem' in r) return r.problem;
    for (const l of landings(a)) {
      const p = landingProblem(s, side, r.territory, l, a.target);
      if (p) return p;
    }
    return null;
  },
  apply(s, side, a, lines) {
    const all: Unit[] = [];
    for (const l of landings(a)) {
      const raiders = l.units.map((id) => unit(s, id)!);
      lines.push(
        `${raiders.map((u) => unitName(s, u)).join(', ')} leave${raiders.length === 1 ? 's' : ''} the Bush Raider Box into ${placeName(s, l.from)} and raid${raiders.length === 1 ? 's' : ''} ${placeName(s, a.target)}.`,
      );
      for (const u of raiders) {
        u.at = l.from;
        s.moved.push(u.id);
      }
      all.push(...raiders);
    }
    const raided = unitsAt(s, a.target).filter((u) => u.owner === other(side) && u.kind !== 'leader');
    fight(
      s,
      side,
      all,
      landings(a).map((l) => l.from),
      raided,
      a.target,
      lines,
    );
  },
  /** Each raiding party (rules/raids.ts) from each landing hex next to each enemy stack; then all of a territory's
   * raiders spread over the landing hexes, one unit a hex in hex order (leaders with the first): "one or more
   * hexes"; any other split may be written. */
  options(s, side) {
    const out: RaidAction[] = [];
    for (const { at, here, units, groups } of raidParties(s, side)) {
      const territory = at.slice(5);
      const targets = [
        ...new Set(
          s.units.filter((u) => isHex(u.at) && u.owner === other(side) && u.kind !== 'leader').map((u) => u.at),
        ),
      ].sort();
      const landingHexes = (target: string) =>
        mapNeighbours(mapOf(s), target).filter((h) => hexData(mapOf(s), h)?.territory === territory);
      for (const g of groups) {
        for (const target of targets) {
          for (const from of landingHexes(target).sort()) {
            const a: RaidAction = { kind: 'raid', units: g, target, from };
            if (!raid.problem(s, side, a)) out.push(a);
          }
        }
      }
      if (units.length < 2) continue;
      const leaders = here.filter((u) => u.kind === 'leader').map((u) => u.id);
      for (const target of targets) {
        const hexes = landingHexes(target)
          .filter((h) => !raid.problem(s, side, { kind: 'raid', units: [units[0]!.id], target, from: h }))
          .sort();
        if (hexes.length < 2) continue;
        const split = hexes.slice(0, units.length).map((h) => ({ units: [] as string[], from: h }));
        units.forEach((u, i) => split[i % split.length]!.units.push(u.id));
        split[0]!.units.push(...leaders);
        const [first, ...also] = split;
        const a: RaidAction = { kind: 'raid', units: first!.units, target, from: first!.from, also };
        if (!raid.problem(s, side, a)) out.push(a);
      }
    }
    return out;
  },
  describe: (s, a) =>
    `RAID ${hexWord(s, a.target)} ${landings(a)
      .map((l) => `WITH ${l.units.map((id) => unitWord(s, id)).join(', ')} FROM ${hexWord(s, l.from)}`)
      .join(' ')}`,
};
