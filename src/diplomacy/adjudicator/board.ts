// The unit-type rules: what each kind of unit is called and where it may stand.
import type { DipMap } from '../maps/map.ts';
import type { UnitType } from '../types.ts';

const TYPE_NAMES: Record<UnitType, string> = { A: 'army', F: 'fleet', B: 'boat bunch' };
export const unitTypeName = (t: UnitType) => TYPE_NAMES[t];
/** 'armies', 'fleets', 'boat bunches'. */
export const unitTypePlural = (t: UnitType) => (t === 'A' ? 'armies' : t === 'B' ? 'boat bunches' : 'fleets');
/** 'an army', 'a fleet', 'a boat bunch'. */
export const aUnit = (t: UnitType) => (t === 'A' ? 'an army' : `a ${TYPE_NAMES[t]}`);

/**
 * Whether a unit of this type may stand at the location (starting positions, builds, retreats):
 * armies on land or coast provinces (the bare id); fleets on seas and coasts (a coast of a
 * multi-coast province); boat bunches where fleets may, except the oceans (NPO, SPO).
 */
export function canStand(map: DipMap, type: UnitType, locIndex: number): boolean {
  const loc = map.locations[locIndex];
  const p = map.provinces[loc.province];
  if (type === 'A') return (p.type === 'land' || p.type === 'coast') && loc.coast === null;
  if (p.type === 'sea') return type === 'F' || !p.ocean;
  if (p.type !== 'coast') return false;
  if (p.coasts.length > 0) return loc.coast !== null;
  return true;
}
