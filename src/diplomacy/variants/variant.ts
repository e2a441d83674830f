// A variant: a map plus the rule switches where it departs from Standard Diplomacy.
import type { DipMap } from '../maps/map.ts';
import type { UnitType } from '../types.ts';

export interface VariantRules {
  /** Fleets in coastal provinces may convoy (Heiau). */
  coastalConvoys: boolean;
  /** Boat bunches exist (Heiau). */
  boatBunches: boolean;
  /** Supply centres (heiaus) needed at the end of a Fall turn to win. */
  victoryCenters: number;
  /** Builds on any owned, unoccupied centre (Heiau) instead of home centres only. */
  buildAnywhere: boolean;
  /** Unit types a power may build. */
  buildableTypes: UnitType[];
  /** Fleets are European fleets: never built, not counted in adjustments, destroyed when dislodged (Heiau). */
  europeanFleets: boolean;
  /** Armies may build boats (`= B`) and fleets trading posts (`= C`) (Heiau). */
  heiauOrders: boolean;
  /** Trading posts count towards victory (Heiau decision: they do not, see docs). */
  tradingPostsCountForVictory: boolean;
}

export interface Variant {
  id: string;
  name: string;
  map: DipMap;
  rules: VariantRules;
  /** Home supply centres per power (Standard builds happen only there). */
  homeCenters: Record<string, string[]>;
}

export const standardRules: VariantRules = {
  coastalConvoys: false,
  boatBunches: false,
  victoryCenters: 18,
  buildAnywhere: false,
  buildableTypes: ['A', 'F'],
  europeanFleets: false,
  heiauOrders: false,
  tradingPostsCountForVictory: false,
};

export const heiauRules: VariantRules = {
  coastalConvoys: true,
  boatBunches: true,
  victoryCenters: 9,
  buildAnywhere: true,
  buildableTypes: ['A'],
  europeanFleets: true,
  heiauOrders: true,
  tradingPostsCountForVictory: false,
};
