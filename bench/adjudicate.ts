// `npm run bench:adjudicate`: how fast the adjudicator settles realistic Standard movement phases.
//   (a) adjudicateMovement on parsed orders; (b) adjudicate on order texts (parse + adjudicate);
//   (c) the command-line contract, one process fed an NDJSON batch; (d) scaling with the number
//   of units, up to a synthetic 320-province grid map; and a CPU profile of (a) for the hot spots.
// Phases are generated before timing by a seeded PRNG (bench/positions.ts). Figures are medians.
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicate, type PhaseInput } from '../src/diplomacy/adjudicator/index.ts';
import { adjudicateMovement } from '../src/diplomacy/adjudicator/movement.ts';
import type { DipMap } from '../src/diplomacy/maps/map.ts';
import { getVariant, type Variant } from '../src/diplomacy/variants/index.ts';
import { gridVariant } from './grid-map.ts';
import { makeRng, orderText, randomPhases, type Phase } from './positions.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const PHASES = quick ? 1000 : 4000;
const CLI_PHASES = quick ? 2000 : 10_000;
const RUNS = quick ? 3 : 5;

const standard = getVariant('standard')!;
const movement = { season: 'spring', year: 1905, type: 'movement' } as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number, digits = 0) =>
  x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
let sink = 0;

/** Median ns per item over `runs` timed passes, after one untimed warm-up pass. */
function time<T>(items: T[], run: (x: T) => unknown, runs = RUNS): number {
  for (const x of items) sink += run(x) ? 1 : 0;
  const per: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    for (const x of items) sink += run(x) ? 1 : 0;
    per.push(Number(process.hrtime.bigint() - t0) / items.length);
  }
  return median(per);
}

function report(label: string, nsPerPhase: number, extra = '') {
  console.log(
    `  ${label.padEnd(34)} ${fmt(1e9 / nsPerPhase).padStart(9)} phases/s  ${fmt(nsPerPhase / 1000, 1).padStart(8)} µs/phase${extra}`,
  );
}

function texts(map: DipMap, phases: Phase[], seed: number): PhaseInput[] {
  const rng = makeRng(seed);
  return phases.map((p) => ({
    phase: movement,
    units: p.units,
    supplyCenters: p.supplyCenters,
    orders: p.orders.map((o) => ({ power: o.power, text: orderText(map, o.order, rng) })),
  }));
}

function describe(phases: Phase[]) {
  const kinds: Record<string, number> = {};
  let orders = 0;
  for (const p of phases) for (const o of p.orders) (kinds[o.order.kind] = (kinds[o.order.kind] ?? 0) + 1), orders++;
  const share = Object.entries(kinds)
    .map(([k, c]) => `${k} ${fmt((100 * c) / orders)}%`)
    .join(', ');
  return `${phases.length} phases, ${fmt(orders / phases.length, 1)} units each on average; orders: ${share}`;
}

/** Runs the CLI once on `input`; resolves to wall time (ns) and the number of output lines. */
function runCli(input: string): Promise<{ ns: number; lines: number; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/adjudicate.ts'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      for (let i = 0; i < b.length; i++) if (b[i] === 10) lines++;
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ns: Number(process.hrtime.bigint() - t0), lines, code, stderr }));
    child.stdin.end(input);
  });
}

async function profile(run: () => void): Promise<{ fn: string; pct: number }[]> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const self = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const f = node.callFrame;
    if (!node.hitCount || f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const file = f.url ? path.basename(f.url.replace(/^file:\/\//, '').split('?')[0]) : '';
    // tsx compiles each module to one line, so the file names the place, not the line.
    const key = `${f.functionName || '(anonymous)'}${file ? ` (${file})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + node.hitCount);
    total += node.hitCount;
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([fn, hits]) => ({ fn, pct: (100 * hits) / total }));
}

async function main() {
  console.log(`kahu adjudicator benchmark (Node ${process.version}, one core${quick ? ', --quick' : ''})`);
  const t0 = process.hrtime.bigint();
  const phases = randomPhases(standard.map, 1901, PHASES, 22, 34);
  const inputs = texts(standard.map, phases, 7);
  console.log(`Standard: ${describe(phases)} (generated in ${fmt(Number(process.hrtime.bigint() - t0) / 1e6)} ms)`);
  {
    let dislodged = 0;
    let bounced = 0;
    for (const p of phases) {
      const out = adjudicateMovement(standard, p, p.orders);
      dislodged += out.dislodged.length;
      bounced += out.outcomes.filter((o) => o.reason === 'bounced').length;
    }
    console.log(
      `  per phase: ${fmt(bounced / phases.length, 1)} bounced moves, ${fmt(dislodged / phases.length, 2)} dislodged units`,
    );
  }

  console.log('\n(a)/(b) in process, Standard map:');
  const a = time(phases, (p) => adjudicateMovement(standard, p, p.orders));
  report('(a) adjudicateMovement (Order)', a, a < 20_000 ? '  [target 50,000/s: met]' : '  [target 50,000/s: MISSED]');
  const b = time(inputs, (p) => adjudicate(standard, p));
  report('(b) adjudicate (text: parse + adj.)', b, `  (parsing ≈ ${fmt((100 * (b - a)) / b)}% of it)`);

  console.log(
    `\n(c) CLI contract, batch: node --import tsx src/cli/adjudicate.ts, ${fmt(CLI_PHASES)} NDJSON phases on stdin`,
  );
  const many: PhaseInput[] = [];
  for (let i = 0; many.length < CLI_PHASES; i++) many.push(inputs[i % inputs.length]);
  const ndjson = many.map((p) => JSON.stringify({ variant: 'standard', ...p })).join('\n') + '\n';
  const one = JSON.stringify({ variant: 'standard', ...inputs[0] }) + '\n';
  console.log(`  input ${fmt(ndjson.length / 1e6, 1)} MB`);
  const startup: number[] = [];
  const batch: number[] = [];
  for (let r = 0; r < 3; r++) {
    const s = await runCli(one);
    if (s.code !== 0 || s.lines !== 1)
      throw new Error(`CLI failed on one phase: exit ${s.code}, ${s.lines} lines, ${s.stderr}`);
    startup.push(s.ns);
    const c = await runCli(ndjson);
    if (c.code !== 0 || c.lines !== CLI_PHASES)
      throw new Error(`CLI failed on the batch: exit ${c.code}, ${c.lines} lines, ${c.stderr}`);
    batch.push(c.ns);
  }
  const cNs = median(batch);
  const sNs = median(startup);
  report(
    '(c) end to end, incl. startup + JSON',
    cNs / CLI_PHASES,
    cNs / CLI_PHASES < 200_000 ? '  [target 5,000/s: met]' : '  [target 5,000/s: MISSED]',
  );
  report('    excluding process startup', (cNs - sNs) / CLI_PHASES);
  console.log(`  process startup with one phase: ${fmt(sNs / 1e6)} ms; whole batch: ${fmt(cNs / 1e6)} ms`);

  console.log('\n(d) scaling with the number of units (adjudicateMovement, realistic orders):');
  const grid = gridVariant();
  const gridLand = grid.map.provinces.filter((p) => p.type !== 'sea').length;
  const cases: [string, Variant, number][] = [
    ['standard (75 provinces)', standard, 10],
    ['standard (75 provinces)', standard, 34],
    [`grid (${grid.map.provinces.length} provinces, ${gridLand} land)`, grid, 10],
    [`grid (${grid.map.provinces.length} provinces, ${gridLand} land)`, grid, 34],
    [`grid (${grid.map.provinces.length} provinces, ${gridLand} land)`, grid, 100],
    [`grid (${grid.map.provinces.length} provinces, ${gridLand} land)`, grid, 200],
  ];
  for (const [label, v, n] of cases) {
    const set = randomPhases(v.map, 100 + n, Math.max(200, Math.round(40_000 / n)), n, n);
    const ns = time(set, (p) => adjudicateMovement(v, p, p.orders));
    console.log(
      `  ${label.padEnd(38)} ${String(n).padStart(4)} units  ${fmt(ns / 1000, 1).padStart(8)} µs/phase  ${fmt(ns / 1000 / n, 2).padStart(6)} µs/unit`,
    );
  }

  console.log('\nProfile of (a) (self time, top functions):');
  const hot = await profile(() => {
    for (let r = 0; r < 3; r++) for (const p of phases) sink += adjudicateMovement(standard, p, p.orders).units.length;
  });
  for (const h of hot) console.log(`  ${fmt(h.pct, 1).padStart(5)}%  ${h.fn}`);
  const hotB = await profile(() => {
    for (const p of inputs) sink += adjudicate(standard, p).units.length;
  });
  console.log('Profile of (b):');
  for (const h of hotB.slice(0, 6)) console.log(`  ${fmt(h.pct, 1).padStart(5)}%  ${h.fn}`);
  if (sink < 0) console.log(sink);
}

await main();
