// The Terrain Effects chart (reconstructed, unofficial: src/maori-wars/data/terrain.json), validated
// at load. Movement classes: foot (Warriors, Queenites, Infantry, Militia, Constabulary, Naval,
// leaders), rangers, mounted (Cavalry), guns (Artillery); Canoes and Gunboats move by water.
import { z } from 'zod';
import shipped from './data/terrain.json' with { type: 'json' };

const Cost = z.number().int().min(0).max(9).nullable();
const Row = z.strictObject({ foot: Cost, rangers: Cost, mounted: Cost, guns: Cost, note: z.string().optional() });
const Drm = z.number().int().min(-3).max(3);

export const TerrainChartSchema = z.strictObject({
  unofficial: z.boolean(),
  provenance: z.string(),
  costs: z.strictObject({ clear: Row, rough: Row, mountain: Row, ocean: Row, lake: Row }),
  waterCost: z.strictObject({
    canoe: z.number().int().min(0),
    gunboatRiver: z.number().int().min(0),
    gunboatCoast: z.number().int().min(0),
    note: z.string().optional(),
  }),
  transportCost: z.number().int().min(0),
  carryCanoePenalty: z.number().int().min(0),
  leaderAllowance: z.number().int().min(1),
  attackDrm: z.strictObject({
    clear: Drm,
    rough: Drm,
    mountain: Drm,
    ocean: Drm,
    lake: Drm,
    note: z.string().optional(),
  }),
  fortPaDrm: z.strictObject({ occupied: Drm, unoccupied: Drm }),
});
export type TerrainChart = z.infer<typeof TerrainChartSchema>;
export type MoveClass = 'foot' | 'rangers' | 'mounted' | 'guns';

export const TERRAIN: TerrainChart = TerrainChartSchema.parse(shipped);
