// Orders and places as people read them: the rulebook's names in place of map ids.
import type { DipMap } from '../maps/map.ts';
import type { UnitRef } from '../types.ts';

/** A place by its name, with the coast: 'Spain (sc)', 'Makanalua (nc)'. */
export function placeName(map: DipMap, id: string): string {
  const l = map.location(id);
  if (!l) return id;
  const p = map.provinces[l.province];
  return l.coast ? `${p.name} (${l.coast})` : p.name;
}

/** An order as read (ids) in the rulebook's notation with place names: `B Kona-Kailua - Kawaihae`. */
export function readingWithNames(map: DipMap, reading: string): string {
  return reading
    .split(' ')
    .map((w) => (map.location(w) ? placeName(map, w) : w))
    .join(' ');
}

/** A unit as an order names it: `A par`, or the bare location when the type was left out. */
export const unitText = (u: UnitRef) => (u.type ? `${u.type} ${u.location}` : u.location);
