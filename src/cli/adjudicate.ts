// `npm run -s adjudicate`: the adjudicator behind a thin shell (docs/contracts/adjudicate.md).
// Reads one JSON object or NDJSON from standard input, writes one JSON line per input object.
import fs from 'node:fs';
import { z } from 'zod';
import { adjudicate, type PhaseInput } from '../diplomacy/adjudicator/index.ts';
import {
  foreignPowerMessage,
  formatOrder,
  parseOrder,
  resolveLocationName,
  splitPowerPrefix,
} from '../diplomacy/orders/index.ts';
import type { Order, PhaseType } from '../diplomacy/types.ts';
import { getVariant, variantIds } from '../diplomacy/variants/index.ts';
import { aUnit, canStand } from '../diplomacy/adjudicator/board.ts';
import { heiauDiplomacy, standardDiplomacy } from '../games/diplomacy.ts';

/** The powers a variant's scenarios know. */
const POWERS: Record<string, Set<string>> = Object.fromEntries(
  [standardDiplomacy, heiauDiplomacy].map((m) => [m.id, new Set(m.scenarios.flatMap((x) => x.roles))]),
);

const unitType = z.enum(['A', 'F', 'B']);
const Unit = z.object({ power: z.string(), type: unitType, location: z.string() });
export const Input = z.object({
  variant: z.string(),
  phase: z.object({
    season: z.enum(['spring', 'fall', 'winter']),
    year: z.number().int(),
    type: z.enum(['movement', 'retreat', 'adjustment']),
  }),
  units: z.array(Unit),
  dislodged: z
    .array(
      Unit.extend({
        attackerFrom: z.string(),
        attackerConvoyed: z.boolean().optional(),
        retreats: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  contested: z.array(z.string()).optional(),
  supplyCenters: z.record(z.string(), z.string()).optional(),
  tradingPosts: z.record(z.string(), z.string()).optional(),
  orders: z.array(z.object({ power: z.string(), text: z.string() })),
});

type InputData = z.infer<typeof Input>;

class InputError extends Error {}

// zod reads about 15,000 inputs a second here, a sixth of a batch's time; this check accepts only
// what `Input` accepts and builds what it builds, and anything else goes to zod, which says what
// is wrong. test/diplomacy/cli-input.test.ts holds the two to the same result.
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const SEASONS = new Set(['spring', 'fall', 'winter']);
const PHASE_TYPES = new Set(['movement', 'retreat', 'adjustment']);
const UNIT_TYPES = new Set(['A', 'F', 'B']);

function quickUnit(x: unknown): InputData['units'][number] | null {
  if (
    !isObject(x) ||
    typeof x.power !== 'string' ||
    typeof x.type !== 'string' ||
    !UNIT_TYPES.has(x.type) ||
    typeof x.location !== 'string'
  )
    return null;
  return { power: x.power, type: x.type as 'A' | 'F' | 'B', location: x.location };
}

function quickDislodged(x: unknown): NonNullable<InputData['dislodged']>[number] | null {
  const u = quickUnit(x);
  if (!u) return null;
  const d = x as Record<string, unknown>;
  if (typeof d.attackerFrom !== 'string') return null;
  const out: NonNullable<InputData['dislodged']>[number] = { ...u, attackerFrom: d.attackerFrom };
  if (d.attackerConvoyed !== undefined) {
    if (typeof d.attackerConvoyed !== 'boolean') return null;
    out.attackerConvoyed = d.attackerConvoyed;
  }
  if (d.retreats !== undefined) {
    const r = quickStrings(d.retreats);
    if (!r) return null;
    out.retreats = r;
  }
  return out;
}

function quickStrings(x: unknown): string[] | null {
  if (!Array.isArray(x)) return null;
  for (const s of x) if (typeof s !== 'string') return null;
  return [...x];
}

// Not copied: runOne builds its own table from it.
function quickRecord(x: unknown): Record<string, string> | null {
  if (!isObject(x) || Object.getPrototypeOf(x) !== Object.prototype) return null;
  for (const k in x) if (typeof x[k] !== 'string' || k === '__proto__') return null;
  return x as Record<string, string>;
}

function quickList<T>(x: unknown, item: (y: unknown) => T | null): T[] | null {
  if (!Array.isArray(x)) return null;
  const out: T[] = [];
  for (const y of x) {
    const v = item(y);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** `Input.parse` for inputs it accepts, or null for zod to explain. */
export function quickInput(raw: unknown): InputData | null {
  if (!isObject(raw) || typeof raw.variant !== 'string') return null;
  const p = raw.phase;
  if (
    !isObject(p) ||
    typeof p.season !== 'string' ||
    !SEASONS.has(p.season) ||
    typeof p.year !== 'number' ||
    !Number.isSafeInteger(p.year) ||
    typeof p.type !== 'string' ||
    !PHASE_TYPES.has(p.type)
  )
    return null;
  const units = quickList(raw.units, quickUnit);
  if (!units) return null;
  const orders = quickList(raw.orders, (o) =>
    isObject(o) && typeof o.power === 'string' && typeof o.text === 'string' ? { power: o.power, text: o.text } : null,
  );
  if (!orders) return null;
  const out: InputData = {
    variant: raw.variant,
    phase: { season: p.season as 'spring', year: p.year, type: p.type as 'movement' },
    units,
    orders,
  };
  if (raw.dislodged !== undefined) {
    const d = quickList(raw.dislodged, quickDislodged);
    if (!d) return null;
    out.dislodged = d;
  }
  if (raw.contested !== undefined) {
    const c = quickStrings(raw.contested);
    if (!c) return null;
    out.contested = c;
  }
  for (const key of ['supplyCenters', 'tradingPosts'] as const) {
    if (raw[key] === undefined) continue;
    const r = quickRecord(raw[key]);
    if (!r) return null;
    out[key] = r;
  }
  // zod's key order.
  return {
    variant: out.variant,
    phase: out.phase,
    units: out.units,
    ...(out.dislodged && { dislodged: out.dislodged }),
    ...(out.contested && { contested: out.contested }),
    ...(out.supplyCenters && { supplyCenters: out.supplyCenters }),
    ...(out.tradingPosts && { tradingPosts: out.tradingPosts }),
    orders: out.orders,
  };
}

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
    if (powers && !powers.has(u.power))
      throw new InputError(
        `${where}[${i}]: unknown power '${u.power}' (${variant.name} has ${[...powers].join(', ')})`,
      );
    if (!canStand(map, u.type, loc.index))
      throw new InputError(`${where}[${i}]: ${unitName(map, u)}: ${aUnit(u.type)} cannot stand there`);
    if (placed) {
      const other = placed.get(loc.province);
      if (other)
        throw new InputError(
          `${where}[${i}]: ${unitName(map, u)}: ${unitName(map, other)} is there already (one unit a province)`,
        );
      placed.set(loc.province, u);
    }
  }
}

// A batch repeats its order texts (the 10,000-phase benchmark corpus has 9,204 distinct ones among
// 185,364 orders), and reading them was half the adjudicator's time. The reader is pure, so each
// text is read once per variant and phase type; a text it refuses is left for the adjudicator to
// read and explain. Frozen, so no phase can change another's order.
// The canonical reading is kept with the order: the adjudicator would write it out again each time.
type Reading = { order: Order; reading: string } | null;
const readings = new Map<string, Map<string, Reading>>();
let readingCount = 0;
/** The readings of one variant's order texts in one type of phase (null: the reader refuses it). */
function readingsFor(variant: NonNullable<ReturnType<typeof getVariant>>, phaseType: PhaseType): Map<string, Reading> {
  const kind = `${variant.id} ${phaseType}`;
  let byText = readings.get(kind);
  if (!byText) readings.set(kind, (byText = new Map()));
  return byText;
}

function read(
  known: Map<string, Reading>,
  variant: NonNullable<ReturnType<typeof getVariant>>,
  phaseType: PhaseType,
  text: string,
): Reading {
  let r = known.get(text);
  if (r === undefined) {
    const p = parseOrder(variant.map, text, { phaseType });
    // A refusal is not kept: the adjudicator reads the text again and explains it in this phase.
    if (!p.ok) return null;
    r = { order: deepFreeze(p.order), reading: formatOrder(variant.map, p.order) };
    if (++readingCount > 100_000) {
      for (const m of readings.values()) m.clear();
      readingCount = 0;
    }
    known.set(text, r);
  }
  return r;
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** One input object to one output object. */
export function runOne(raw: unknown): unknown {
  let input = quickInput(raw);
  if (!input) {
    const parsed = Input.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputError(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    }
    input = parsed.data;
  }
  const variant = getVariant(input.variant);
  if (!variant) throw new InputError(`unknown variant '${input.variant}' (known: ${variantIds.join(', ')})`);
  const map = variant.map;
  const known = readingsFor(variant, input.phase.type);
  const province = (text: string, where: string) =>
    map.province(text) ? text : location(map, text, where).split('/')[0];
  const byProvince = (table: Record<string, string>, where: string) => {
    const out: Record<string, string> = {};
    for (const k in table) out[province(k, `${where}.${k}`)] = table[k];
    return out;
  };
  // `input` is this call's own (built by quickInput or zod): its units are placed where they are.
  const units = input.units;
  for (let i = 0; i < units.length; i++) units[i].location = location(map, units[i].location, `units[${i}].location`);
  const orders: PhaseInput['orders'] = new Array(input.orders.length);
  for (let i = 0; i < orders.length; i++) {
    const o = input.orders[i];
    // `France: A Par - Bur` reads as the service reads it: the named power must be the order's own.
    const pre = o.text.includes(':') ? splitPowerPrefix(POWERS[variant.id] ?? [], o.text) : null;
    if (pre && pre.power.toLowerCase() !== o.power.toLowerCase()) {
      orders[i] = { power: o.power, text: o.text, order: undefined, refused: foreignPowerMessage(pre.power, o.power) };
      continue;
    }
    const r = read(known, variant, input.phase.type, pre ? pre.order : o.text);
    if (r) orders[i] = { power: o.power, text: o.text, order: r.order, reading: r.reading };
    else if (!pre) orders[i] = { power: o.power, text: o.text, order: undefined };
    else {
      // Unreadable after its power's name: explained as the line without it, reported as written.
      const p = parseOrder(variant.map, pre.order, { phaseType: input.phase.type });
      orders[i] = { power: o.power, text: o.text, order: undefined, refused: p.ok ? undefined : p.error.message };
    }
  }
  const phaseInput: PhaseInput = {
    phase: input.phase,
    units,
    dislodged: input.dislodged?.map((d, i) => ({
      ...d,
      location: location(map, d.location, `dislodged[${i}].location`),
      attackerFrom: province(d.attackerFrom, `dislodged[${i}].attackerFrom`),
      retreats: d.retreats?.map((r, k) => location(map, r, `dislodged[${i}].retreats[${k}]`)),
    })),
    contested: input.contested?.map((c, i) => province(c, `contested[${i}]`)),
    supplyCenters: input.supplyCenters && byProvince(input.supplyCenters, 'supplyCenters'),
    tradingPosts: input.tradingPosts && byProvince(input.tradingPosts, 'tradingPosts'),
    orders,
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

/**
 * Standard input in one buffer, read with read(2) straight into memory reserved up front (a file's
 * size, else doubled as needed). Streamed 64 KB chunks joined by Buffer.concat wrote every byte
 * twice more, and first writes to new memory were most of what reading 21 MB cost here (10,000
 * phases: 1.92 s became 1.76 s). A stdin that cannot be read so (non-blocking) is streamed.
 */
async function readStdin(): Promise<Buffer> {
  let size = 0;
  let cap = 64 << 20;
  try {
    const st = fs.fstatSync(0);
    // One more byte: the read that finds the end needs no larger buffer.
    if (st.isFile()) cap = st.size + 1;
  } catch {
    // Left to the stream below.
  }
  let buf = Buffer.allocUnsafe(cap);
  const room = (n: number) => {
    if (size + n <= buf.length) return;
    while (cap < size + n) cap *= 2;
    const bigger = Buffer.allocUnsafe(cap);
    buf.copy(bigger, 0, 0, size);
    buf = bigger;
  };
  try {
    for (;;) {
      room(1);
      const n = fs.readSync(0, buf, size, buf.length - size, null);
      if (n === 0) return buf.subarray(0, size);
      size += n;
    }
  } catch {
    // Not readable synchronously (EAGAIN): the stream reads the rest, or reports the error.
  }
  for await (const c of process.stdin) {
    room((c as Buffer).length);
    size += (c as Buffer).copy(buf, size);
  }
  return buf.subarray(0, size);
}

export async function main(): Promise<void> {
  const text = (await readStdin()).toString('utf8');
  const out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  };
  /** Adjudicates one object and queues its line; on bad input writes what came before and the error. */
  const one = (value: unknown, error: string | undefined, line: number): boolean => {
    try {
      if (error) throw new InputError(error);
      out.push(JSON.stringify(runOne(value)));
      if (out.length >= 512) flush();
      return true;
    } catch (e) {
      flush();
      process.stderr.write(JSON.stringify({ error: (e as Error).message, line }) + '\n');
      process.exitCode = 2;
      return false;
    }
  };
  let whole: { value: unknown } | undefined;
  try {
    whole = { value: JSON.parse(text) };
  } catch {
    // NDJSON: each line read and adjudicated in turn, so that what one line builds is garbage
    // before the next (holding a whole batch's objects made the collector most of the work).
  }
  if (whole) {
    if (one(whole.value, undefined, 1)) flush();
    return;
  }
  for (let start = 0, line = 1; start <= text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const l = text.slice(start, end);
    start = end + 1;
    if (!l.trim()) continue;
    let value: unknown;
    let error: string | undefined;
    try {
      value = JSON.parse(l);
    } catch (e) {
      error = `not JSON: ${(e as Error).message}`;
    }
    if (!one(value, error, line)) return;
  }
  flush();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
