// The shape of a Diplomacy map file. The Standard map file (standard.json) fixed the
// snake_case field names; variants add optional fields for their own rules.
import { z } from 'zod';
import { SvgText } from '../../contract/svg-data.ts';

// Names (spaces, powers) are drawn on the map.
const Name = SvgText(80);

export const ProvinceType = z.enum(['land', 'coast', 'sea', 'impassable']);
export type ProvinceType = z.infer<typeof ProvinceType>;

const id = z.string().regex(/^[a-z][a-z0-9]*$/, 'province ids are lower-case letters and digits');
const location = z.string().regex(/^[a-z][a-z0-9]*(\/[a-z]{2})?$/, "locations are 'id' or 'id/coast'");

export const ProvinceSchema = z.object({
  id,
  name: Name.min(1),
  type: ProvinceType,
  coasts: z.array(z.string().regex(/^[a-z]{2}$/)).optional(),
  supply_center: z.boolean(),
  home_of: z.string().nullable(),
  /** Other names players use for the space (matched like the name itself). */
  aliases: z.array(Name).optional(),
  /** Heiau: an open ocean (NPO, SPO) that boat bunches may not enter, support into or be convoyed into. */
  ocean: z.boolean().optional(),
  /** Heiau: the island a land space lies on (documentation and map tests). */
  island: z.string().optional(),
  /** Where the space comes from: 'rules' (named or implied by the rulebook) or 'reconstructed'. */
  certainty: z.enum(['rules', 'reconstructed', 'official']).optional(),
  note: z.string().optional(),
});
export type ProvinceData = z.infer<typeof ProvinceSchema>;

export const MapSchema = z.object({
  id: z.string().optional(),
  description: z.string(),
  derived_from: z.unknown().optional(),
  unofficial: z.boolean().optional(),
  conventions: z.record(z.string(), z.string()).optional(),
  powers: z.array(Name.regex(/[A-Za-z]/, 'a power is named with letters')).min(1),
  provinces: z.array(ProvinceSchema).min(1),
  home_centers: z.record(Name, z.array(id)).optional(),
  neutral_centers: z.array(id).optional(),
  starting_units: z.record(Name, z.array(z.object({ type: z.enum(['A', 'F', 'B']), location }))).optional(),
  starting_phase: z.string().optional(),
  army_adjacency: z.record(id, z.array(id)),
  fleet_adjacency: z.record(location, z.array(location)),
  godip_aliases: z.record(z.string(), z.string()).optional(),
});
export type MapData = z.infer<typeof MapSchema>;
