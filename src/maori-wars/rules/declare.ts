// Declaring an attack (9.0 step 1): which units may join it and why it may not be made; the ATTACK
// order and a BD chit's combat elsewhere (combat.ts) both ask.
import type { AttackAction } from '../actions/types.ts';
import {
  dataOf,
  hexData,
  mapNeighbours,
  mapOf,
  other,
  placeName,
  strength,
  structuresAt,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';
import { defendersAt, fortPa } from './results.ts';

/** The units of `side` in the hexes that may join an attack on `target`. */
export function attackersFor(s: MWState, side: Side, from: string[]): Unit[] {
  return s.units.filter(
    (u) => u.owner === side && from.includes(u.at) && strength(u) > 0 && !u.disrupted && !s.attacked.includes(u.id),
  );
}

/** Why `a` may not be declared now, or null (9.0 step 1). */
export function attackProblem(s: MWState, side: Side, a: AttackAction): string | null {
  const enemy = other(side);
  const tgt = hexData(mapOf(s), a.target);
  if (!tgt) return `${a.target} is not on the map`;
  const units = defendersAt(s, enemy, a.target).filter((u) => u.kind !== 'leader');
  const structs = structuresAt(s, a.target).filter((x) => x.owner === enemy);
  if (
    unitsAt(s, a.target).some((u) => u.owner === 'Neutral') ||
    structuresAt(s, a.target).some((x) => x.owner === 'Neutral')
  )
    return 'neither player may attack Neutrals';
  if (!units.length && !structs.length) return `${placeName(s, a.target)} holds no enemy`;
  if (!units.length && !structs.some((x) => fortPa(x) || x.kind === 'town') && !structs.length)
    return 'nothing to attack';
  if (units.length && units.every((u) => s.evaded.includes(u.id)) && !structs.some(fortPa))
    return 'units that evaded may not be attacked again this phase';
  if (
    side === 'Maori' &&
    structs.some((x) => x.kind === 'town') &&
    !dataOf(s).scenario.designatedArea.includes(tgt.territory ?? '')
  )
    return 'the Maori may only attack Towns in the designated area';
  if (!a.from.length) return 'name the hexes the attack comes from';
  for (const h of a.from) {
    if (!mapNeighbours(mapOf(s), a.target).includes(h)) return `${h} is not adjacent to ${a.target}`;
    if (!attackersFor(s, side, [h]).length)
      return `no unit at ${h} may attack (non-Disrupted, with strength, not yet used this phase)`;
  }
  if (a.charge && !attackersFor(s, side, a.from).some((u) => u.kind === 'cavalry')) return 'no Cavalry to charge';
  if (a.charge && (tgt.terrain !== 'clear' || structuresAt(s, a.target).some((x) => x.kind === 'pa')))
    return 'Cavalry may only charge in clear terrain, and never against a Pa';
  return null;
}
