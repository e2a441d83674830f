// What the adjustment phase counts: the builds or disbands each power is due, and where it may build.
import type { Variant } from '../variants/variant.ts';
import type { Unit } from '../types.ts';

export interface AdjustmentInput {
  units: Unit[];
  supplyCenters: Record<string, string>;
}

/** Builds (positive) or disbands (negative) each power is due. European fleets do not count. */
export function adjustmentsDue(variant: Variant, input: AdjustmentInput): Record<string, number> {
  const due: Record<string, number> = {};
  for (const owner of Object.values(input.supplyCenters)) due[owner] = (due[owner] ?? 0) + 1;
  for (const u of input.units) {
    if (u.type === 'F' && variant.rules.europeanFleets) continue;
    due[u.power] = (due[u.power] ?? 0) - 1;
  }
  return due;
}

/** Provinces where a power may build now. */
export function buildSites(variant: Variant, input: AdjustmentInput, power: string): string[] {
  const occupied = new Set(input.units.map((u) => variant.map.provinceOf(u.location)?.id));
  return Object.entries(input.supplyCenters)
    .filter(([p, owner]) => owner === power && !occupied.has(p))
    .filter(([p]) => variant.rules.buildAnywhere || (variant.homeCenters[power] ?? []).includes(p))
    .map(([p]) => p)
    .sort();
}
