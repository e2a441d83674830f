// Standard Diplomacy: the 1901 board, seven powers, 18 of 34 centres to win.
import standardMap from '../maps/standard.json' with { type: 'json' };
import { DipMap } from '../maps/map.ts';
import { standardRules, type Variant } from './variant.ts';

let cached: Variant | undefined;

export function standardVariant(): Variant {
  if (cached) return cached;
  const map = new DipMap(standardMap);
  cached = {
    id: 'standard',
    name: 'Standard Diplomacy',
    map,
    rules: standardRules,
    homeCenters: map.data.home_centers ?? {},
  };
  return cached;
}
