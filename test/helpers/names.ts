// What a reader must never see: the ids of a game's things where the rulebook has a name, and
// broken words ("boat bunchs", "a army", "1 units"). Shared by the game texts (test/games) and the
// mail the judge sends (test/email).
import { getVariant } from '../../src/diplomacy/variants/index.ts';

export const BROKEN =
  /\b(?:bunchs|armys|a army|a order|an fleet|an boat|an unit|a heiaus|an bunch|an warrior|an canoe|a island|a event|a action|1 (?:units|armies|fleets|boats|bunches|warriors|canoes|tokens|cards|orders|lines|powers|players|votes|phases|minutes|hours|days|games|messages|centres|centers)|boat bunchs)\b/i;

/** `ids` as a pattern that matches one of them as a whole word, as written (case matters). */
export function wordsPattern(ids: Iterable<string>): RegExp {
  const list = [...new Set(ids)]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\w'-])(?:${list.join('|')})(?:/[a-z]{2})?(?![\\w'-])`);
}

/** The ids of a Diplomacy map that are not also how the rulebook writes the space (case matters: `Lon` is an abbreviation, `lon` an id). */
export function idPattern(variantId: string): RegExp {
  const map = getVariant(variantId)!.map;
  return wordsPattern(map.provinces.filter((p) => p.id !== p.name).map((p) => p.id));
}
