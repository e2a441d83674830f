// The shape of a Maori Wars map: a hex grid of the North Island at 10 miles a hex, with its terrain,
// the hexsides that matter (all-water, dashed lake), rivers as ordered lines of hexes (some
// navigable), the Bush Raider Map's territories, printed Towns and the named places the scenarios
// set up on. The printed map is not to be had: kahu's map is reconstructed from public-domain
// geography (scripts/maps/maori-wars.ts) and marked unofficial; a moderator may replace it with a
// file of this shape. Validated with zod at load; objects are strict, so a misspelt key is an error.
//
// Hex ids are "CCRR" (column, row, two digits each, from 01), as printed hex maps number them.
// The grid is flat-topped with odd columns (01, 03, ...) shifted up half a hex ("odd-q" in
// Amit Patel's terms, columns counted from 1): the six neighbours of a hex are computed from the
// id alone (src/maori-wars/hex.ts), so the data stores no adjacency list.
import { z } from 'zod';
import { SafeId, SvgPath, SvgText } from '../contract/svg-data.ts';

export const HexId = z.string().regex(/^\d{4}$/, 'a hex id is four digits, CCRR');

const provenance = {
  /** True when reconstructed rather than read from the printed game. */
  unofficial: z.boolean().optional(),
  /** Where the value comes from, or why it was chosen. */
  note: SvgText(2000).optional(),
};
/** A river's or a territory's id: lower-case letters, digits and hyphens. */
const Id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'an id is lower-case letters, digits and hyphens');

/** Terrain of the whole hex (the Terrain Effects chart's rows). */
export const Terrain = z.enum(['clear', 'rough', 'mountain', 'ocean', 'lake']);
export type Terrain = z.infer<typeof Terrain>;

export const HexSchema = z.strictObject({
  id: HexId,
  terrain: Terrain,
  /** Land hex touching the sea (or a sea hex touching land): Gunboats' and Canoes' coastal moves, British landings. */
  coastal: z.boolean(),
  /** A hex that is a small island (rule 14.0: a counted set-up hex may not be one). */
  smallIsland: z.boolean().optional(),
  /** The Bush Raider Map territory the hex lies in (ocean and lake hexes: none). */
  territory: Id.nullable(),
  /** Where the hex centre falls on the drawing (map units, see `drawing`). */
  centre: z.tuple([z.number(), z.number()]),
  ...provenance,
});
export type HexData = z.infer<typeof HexSchema>;

/** A hexside that changes movement: between hexes `a` and `b` (neighbours). */
export const HexsideSchema = z.strictObject({
  a: HexId,
  b: HexId,
  /** all-water: land on both sides but only Canoes and Gunboats (or what they carry) cross it.
   *  lake: a dashed lake hexside, crossed by Canoes (and counted as all-water for everyone else). */
  kind: z.enum(['all-water', 'lake']),
  ...provenance,
});

export const RiverSchema = z.strictObject({
  id: Id,
  name: SvgText(),
  /** The hexes the river runs through, source to mouth; consecutive hexes are neighbours. */
  hexes: z.array(HexId).min(2),
  /** The dotted (navigable) hexes: Gunboats move along these. A subset of `hexes`. */
  navigable: z.array(HexId),
  ...provenance,
});

export const TerritorySchema = z.strictObject({
  id: Id,
  name: SvgText(),
  /** Territories next to it on the Bush Raider Map (symmetric). */
  adjacent: z.array(Id),
  ...provenance,
});

/** A named place: where scenarios set up and where people read names instead of hex ids. */
export const PlaceSchema = z.strictObject({
  name: SvgText(),
  /** Other spellings a player may type (Kororareka, Russell). */
  aliases: z.array(SvgText()).optional(),
  hex: HexId,
  /** A Town printed on the map (Auckland...): a Structure that cannot be eliminated. */
  town: z.boolean().optional(),
  /** Latitude and longitude of the real place, and their source. */
  lat: z.number().optional(),
  lon: z.number().optional(),
  ...provenance,
});

export const MaoriWarsMapSchema = z.strictObject({
  id: SafeId,
  name: SvgText(),
  unofficial: z.boolean(),
  /** What each part of the data comes from: coastline, terrain, rivers, places, territories. */
  provenance: z.record(SafeId, SvgText(2000)),
  /** Miles per hex (the rules: 10). */
  hexMiles: z.number().positive(),
  /** Columns and rows of the grid. */
  cols: z.number().int().positive(),
  rows: z.number().int().positive(),
  /** Every hex of the grid that is on the map (ocean included). */
  hexes: z.array(HexSchema).min(1),
  hexsides: z.array(HexsideSchema),
  rivers: z.array(RiverSchema),
  territories: z.array(TerritorySchema).min(1),
  places: z.array(PlaceSchema).min(1),
  /** The drawing: hex radius and view box in map units, and the coastline as SVG paths (closed rings). */
  drawing: z.strictObject({
    hexRadius: z.number().positive(),
    viewBox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    coast: z.array(SvgPath),
    /** Lakes as SVG paths, drawn over the land. */
    lakes: z.array(SvgPath).optional(),
    /** Rivers as SVG polylines through hex centres (by river id). */
    rivers: z.record(Id, SvgPath).optional(),
  }),
});
export type MaoriWarsMap = z.infer<typeof MaoriWarsMapSchema>;

/**
 * Names the scenario file may use. The map must have each as a place (with these spellings or as
 * an alias): Auckland (town), Kororareka (town, alias Russell), Waitangi, Paihia, Kerikeri,
 * Waimate, Ohaeawai, Ruapekapeka, Puketutu, Okaihau, Kaikohe, Hokianga (Horeke), Whangarei,
 * Kawakawa, Omapere (the lake), Mangakahia, Kaipara, Whangaroa, Tauranga, Rotorua, Taupo,
 * Wanganui (town), New Plymouth (town), Wellington (town), Napier, Ngaruawahia, Rangiriri,
 * Orakau, Te Awamutu, Gate Pa, Waitara, Hamilton.
 */
export const REQUIRED_PLACES = [
  'Auckland',
  'Kororareka',
  'Waitangi',
  'Paihia',
  'Kerikeri',
  'Waimate',
  'Ohaeawai',
  'Ruapekapeka',
  'Puketutu',
  'Okaihau',
  'Kaikohe',
  'Hokianga',
  'Whangarei',
  'Kawakawa',
  'Omapere',
  'Mangakahia',
  'Kaipara',
  'Whangaroa',
  'Tauranga',
  'Rotorua',
  'Taupo',
  'Wanganui',
  'New Plymouth',
  'Wellington',
  'Napier',
  'Ngaruawahia',
  'Rangiriri',
  'Orakau',
  'Te Awamutu',
  'Gate Pa',
  'Waitara',
  'Hamilton',
] as const;
