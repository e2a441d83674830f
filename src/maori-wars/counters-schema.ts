// The shape of Maori Wars' counter mix: "2 Counter sheets - (.6" x 354 total)". The rulebook does
// not list the sheets; kahu's mix (data/counters.json) is a reconstruction, marked `unofficial`,
// that sums to the printed 354 (docs/maori-wars-tables.md says how). A moderator may supply the
// printed mix (game option `counters`); it is validated the same way: strict objects, so a
// misspelt key is refused with its path. Scenarios name leaders by their `id` here, and may not
// set up more counters of a kind than the mix has ("number of counters is the limitation", 12.0).
import { z } from 'zod';
import builtInCountersJson from './data/counters.json' with { type: 'json' };
import { fromJson, issuesText, UnitKind } from './tables-schema.ts';

const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'ids are lower-case letters, digits and hyphens');
const provenance = {
  unofficial: z.boolean().optional(),
  note: z.string().optional(),
};

/** Whose counter: British units (British, NZ, Australian), Queenites (the British player's allied
 *  Maori), hostile Maori, Neutrals (3.0). */
export const Side = z.enum(['british', 'queenite', 'maori', 'neutral']);
export type Side = z.infer<typeof Side>;
/** The player who moves a side's counters (Neutrals: nobody; the British player sets them up, 14.0). */
export function playerOf(side: Side): 'british' | 'maori' | null {
  return side === 'british' || side === 'queenite' ? 'british' : side === 'maori' ? 'maori' : null;
}

export const StructureKind = z.enum(['settlement', 'village', 'fort', 'pa']);
export type StructureKind = z.infer<typeof StructureKind>;

export const MarkerKind = z.enum(['disrupted', 'sap', 'territory', 'victory-points', 'game-turn']);

export const CounterSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('unit'),
    id,
    name: z.string().min(1),
    side: Side,
    kind: UnitKind,
    /** 3.0: British units are British, New Zealand or Australian. */
    nationality: z.enum(['british', 'nz', 'au']).optional(),
    /** The printed number: Movement Allowance (3.0). */
    movement: z.number().int().min(1).max(12),
    /** Combat Value: 1, except Canoes, Gunboats and Artillery: 0 (3.0, 9.0). */
    strength: z.number().int().min(0).max(1),
    count: z.number().int().min(1),
    ...provenance,
  }),
  z.strictObject({
    type: z.literal('leader'),
    id,
    name: z.string().min(1),
    aliases: z.array(z.string()).optional(),
    side: Side,
    /** 6.0: "All leaders have a Movement Point Value of 4". */
    movement: z.number().int().min(1).max(12),
    /** von Tempsky and Jackson: rally Rangers on 4+ (7.0), Rangers raid +2 with them (10.0). */
    rangers: z.boolean().optional(),
    /** The years of the wars the leader took part in, for scenario builders. */
    years: z.string().optional(),
    ...provenance,
  }),
  z.strictObject({
    type: z.literal('structure'),
    id,
    name: z.string().min(1),
    side: Side,
    kind: StructureKind,
    count: z.number().int().min(1),
    ...provenance,
  }),
  z.strictObject({
    type: z.literal('marker'),
    id,
    name: z.string().min(1),
    kind: MarkerKind,
    count: z.number().int().min(1),
    ...provenance,
  }),
  /** The Battle Dispatch chits are counters on the sheets: `count` equals the tables' chits. */
  z.strictObject({
    type: z.literal('bd-chit'),
    id,
    name: z.string().min(1),
    count: z.number().int().min(1),
    ...provenance,
  }),
]);
export type Counter = z.infer<typeof CounterSchema>;
export type LeaderCounter = Extract<Counter, { type: 'leader' }>;

/** How many counters a line of the mix stands for (a leader is one counter). */
export function counterCount(c: Counter): number {
  return c.type === 'leader' ? 1 : c.count;
}

export const CounterMixSchema = z
  .strictObject({
    id: z.string(),
    unofficial: z.boolean(),
    provenance: z.string(),
    /** Printed: "2 Counter sheets - (.6" x 354 total)". */
    sheets: z.number().int().min(1),
    total: z.number().int().min(1),
    counters: z.array(CounterSchema).min(1),
  })
  .superRefine((m, ctx) => {
    const sum = m.counters.reduce((n, c) => n + counterCount(c), 0);
    if (sum !== m.total)
      ctx.addIssue({
        code: 'custom',
        path: ['counters'],
        message: `the counters add up to ${sum}, not the total ${m.total}`,
      });
    const seen = new Set<string>();
    m.counters.forEach((c, i) => {
      if (seen.has(c.id))
        ctx.addIssue({ code: 'custom', path: ['counters', i, 'id'], message: `id '${c.id}' appears twice` });
      seen.add(c.id);
    });
  });
export type CounterMix = z.infer<typeof CounterMixSchema>;

export function parseCounters(input: unknown): CounterMix {
  const r = CounterMixSchema.safeParse(fromJson('Maori Wars counter mix', input));
  if (!r.success) throw new Error(issuesText('Maori Wars counter mix', r.error));
  return r.data;
}

let builtIn: CounterMix | undefined;
export function builtInCounters(): CounterMix {
  return (builtIn ??= parseCounters(builtInCountersJson));
}

/** The counter mix a game uses: the moderator's (game option `counters`) or kahu's. */
export function loadCounters(moderator?: unknown): CounterMix {
  return moderator === undefined ? builtInCounters() : parseCounters(moderator);
}

/** How many counters of a side and kind the mix has (units and structures). */
export function available(mix: CounterMix, side: Side, kind: string): number {
  let n = 0;
  for (const c of mix.counters)
    if ((c.type === 'unit' || c.type === 'structure') && c.side === side && c.kind === kind) n += c.count;
  return n;
}
