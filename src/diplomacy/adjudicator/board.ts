// The board during a phase: units placed on the compiled map, and the unit-type rules of a variant
// (where each kind of unit may stand and move).
import type { DipMap } from '../maps/map.ts';
import type { Unit, UnitType } from '../types.ts';
import type { Variant } from '../variants/variant.ts';

export interface PlacedUnit extends Unit {
  /** Index in the board's unit list. */
  index: number;
  prov: number;
  loc: number;
  powerIndex: number;
}

export class Board {
  readonly map: DipMap;
  readonly units: PlacedUnit[] = [];
  readonly unitAt: Int32Array;
  readonly powers: string[];
  private powerIndexByName = new Map<string, number>();

  constructor(
    readonly variant: Variant,
    units: Unit[],
  ) {
    this.map = variant.map;
    this.unitAt = new Int32Array(this.map.provinces.length).fill(-1);
    this.powers = [];
    for (const u of units) {
      const loc = this.map.location(u.location);
      if (!loc) throw new BoardError(`unknown location '${u.location}' for ${u.power}'s unit`);
      if (this.unitAt[loc.province] >= 0)
        throw new BoardError(`two units stand in ${this.map.provinces[loc.province].name}`);
      const placed: PlacedUnit = { ...u, index: this.units.length, prov: loc.province, loc: loc.index, powerIndex: this.powerIndex(u.power) };
      this.units.push(placed);
      this.unitAt[loc.province] = placed.index;
    }
  }

  powerIndex(name: string): number {
    let i = this.powerIndexByName.get(name);
    if (i === undefined) {
      i = this.powers.length;
      this.powers.push(name);
      this.powerIndexByName.set(name, i);
    }
    return i;
  }

  unitIn(provinceIndex: number): PlacedUnit | undefined {
    const u = this.unitAt[provinceIndex];
    return u >= 0 ? this.units[u] : undefined;
  }
}

export class BoardError extends Error {}

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
