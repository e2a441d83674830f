// Heiau Diplomacy: the (reconstructed) Hawaiian map, boat bunches, European fleets and trading posts.
import { loadHeiauMap } from './scenarios.ts';
import { heiauRules, type Variant } from './variant.ts';

let cached: Variant | undefined;

export function heiauVariant(): Variant {
  cached ??= {
    id: 'heiau',
    name: 'Heiau Diplomacy',
    map: loadHeiauMap(),
    rules: heiauRules,
    // Builds go on any owned heiau, so home centres play no part.
    homeCenters: {},
  };
  return cached;
}
