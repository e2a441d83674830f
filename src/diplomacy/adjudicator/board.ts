// The unit-type rules of a variant: what each kind of unit is called and where it may stand.
import type { UnitType } from '../types.ts';
import type { Variant } from '../variants/variant.ts';

const TYPE_NAMES: Record<UnitType, string> = { A: 'army', F: 'fleet', B: 'boat bunch' };
export const unitTypeName = (t: UnitType) => TYPE_NAMES[t];

/** Whether a unit of this type may stand at the location (used for starting positions, builds, retreats). */
export function canStand(variant: Variant, type: UnitType, locIndex: number): boolean {
  const map = variant.map;
  const loc = map.locations[locIndex];
  const p = map.provinces[loc.province];
  if (type === 'A') return (p.type === 'land' || p.type === 'coast') && loc.coast === null;
  if (p.type === 'sea') return type === 'F' || !p.ocean;
  if (p.type !== 'coast') return false;
  if (p.coasts.length > 0) return loc.coast !== null;
  return true;
}
