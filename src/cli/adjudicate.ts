// `npm run -s adjudicate`: the adjudicator behind a thin shell (docs/contracts/adjudicate.md).
// Reads one JSON object or NDJSON from standard input, writes one JSON line per input object.
import { z } from 'zod';
import { adjudicate, type PhaseInput } from '../diplomacy/adjudicator/index.ts';
import { resolveLocationName } from '../diplomacy/orders/index.ts';
import { getVariant, variantIds } from '../diplomacy/variants/index.ts';
import { aUnit, canStand } from '../diplomacy/adjudicator/board.ts';
import { heiauDiplomacy, standardDiplomacy } from '../games/diplomacy.ts';

/** The powers a variant's scenarios know. */
const POWERS: Record<string, Set<string>> = Object.fromEntries([standardDiplomacy, heiauDiplomacy].map((m) => [m.id, new Set(m.scenarios.flatMap((x) => x.roles))]));

const unitType = z.enum(['A', 'F', 'B']);
const Unit = z.object({ power: z.string(), type: unitType, location: z.string() });
const Input = z.object({
  variant: z.string(),
  phase: z.object({
    season: z.enum(['spring', 'fall', 'winter']),
    year: z.number().int(),
    type: z.enum(['movement', 'retreat', 'adjustment']),
  }),
  units: z.array(Unit),
  dislodged: z
    .array(Unit.extend({ attackerFrom: z.string(), attackerConvoyed: z.boolean().optional(), retreats: z.array(z.string()).optional() }))
    .optional(),
  contested: z.array(z.string()).optional(),
  supplyCenters: z.record(z.string(), z.string()).optional(),
  tradingPosts: z.record(z.string(), z.string()).optional(),
  orders: z.array(z.object({ power: z.string(), text: z.string() })),
});

class InputError extends Error {}

function location(map: Parameters<typeof resolveLocationName>[0], text: string, where: string): string {
  if (map.location(text)) return text;
  const r = resolveLocationName(map, text);
  if (!r.ok) throw new InputError(`${where}: ${r.error}`);
  return r.location;
}

type PlacedUnit = { power: string; type: 'A' | 'F' | 'B'; location: string };

function unitName(map: NonNullable<ReturnType<typeof getVariant>>['map'], u: PlacedUnit): string {
  const l = map.location(u.location)!;
  return `${aUnit(u.type)} of ${u.power} in ${map.provinces[l.province]!.name}${l.coast ? ` (${l.coast.toUpperCase()})` : ''}`;
}

function checkPosition(variant: NonNullable<ReturnType<typeof getVariant>>, list: PlacedUnit[], where: string): void {
  const map = variant.map;
  const powers = POWERS[variant.id];
  const placed = where === 'units' ? new Map<number, PlacedUnit>() : null;
  for (let i = 0; i < list.length; i++) {
    const u = list[i]!;
    const loc = map.location(u.location)!;
    if (powers && !powers.has(u.power)) throw new InputError(`${where}[${i}]: unknown power '${u.power}' (${variant.name} has ${[...powers].join(', ')})`);
    if (!canStand(map, u.type, loc.index)) throw new InputError(`${where}[${i}]: ${unitName(map, u)}: ${aUnit(u.type)} cannot stand there`);
    if (placed) {
      const other = placed.get(loc.province);
      if (other) throw new InputError(`${where}[${i}]: ${unitName(map, u)}: ${unitName(map, other)} is there already (one unit a province)`);
      placed.set(loc.province, u);
    }
  }
}

/** One input object to one output object. */
export function runOne(raw: unknown): unknown {
  const parsed = Input.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  }
  const input = parsed.data;
  const variant = getVariant(input.variant);
  if (!variant) throw new InputError(`unknown variant '${input.variant}' (known: ${variantIds.join(', ')})`);
  const map = variant.map;
  const province = (text: string, where: string) => (map.province(text) ? text : location(map, text, where).split('/')[0]);
  const byProvince = (table: Record<string, string>, where: string) => {
    const out: Record<string, string> = {};
    for (const k in table) out[province(k, `${where}.${k}`)] = table[k];
    return out;
  };
  const phaseInput: PhaseInput = {
    phase: input.phase,
    units: input.units.map((u, i) => ({ ...u, location: location(map, u.location, `units[${i}].location`) })),
    dislodged: input.dislodged?.map((d, i) => ({
      ...d,
      location: location(map, d.location, `dislodged[${i}].location`),
      attackerFrom: province(d.attackerFrom, `dislodged[${i}].attackerFrom`),
      retreats: d.retreats?.map((r, k) => location(map, r, `dislodged[${i}].retreats[${k}]`)),
    })),
    contested: input.contested?.map((c, i) => province(c, `contested[${i}]`)),
    supplyCenters: input.supplyCenters && byProvince(input.supplyCenters, 'supplyCenters'),
    tradingPosts: input.tradingPosts && byProvince(input.tradingPosts, 'tradingPosts'),
    orders: input.orders,
  };
  // An impossible position is refused, naming the unit: a unit where its type cannot stand, two
  // units in one province, a power the variant does not have.
  checkPosition(variant, phaseInput.units, 'units');
  checkPosition(variant, phaseInput.dislodged ?? [], 'dislodged');
  try {
    return adjudicate(variant, phaseInput);
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
}

async function main() {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let objects: { value?: unknown; line: number; error?: string }[];
  try {
    objects = [{ value: JSON.parse(text), line: 1 }];
  } catch {
    objects = [];
    text.split('\n').forEach((l, i) => {
      if (!l.trim()) return;
      try {
        objects.push({ value: JSON.parse(l), line: i + 1 });
      } catch (e) {
        objects.push({ line: i + 1, error: `not JSON: ${(e as Error).message}` });
      }
    });
  }
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  };
  for (const o of objects) {
    try {
      if (o.error) throw new InputError(o.error);
      out.push(JSON.stringify(runOne(o.value)));
      if (out.length >= 512) flush();
    } catch (e) {
      flush();
      process.stderr.write(JSON.stringify({ error: (e as Error).message, line: o.line }) + '\n');
      process.exitCode = 2;
      return;
    }
  }
  flush();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
