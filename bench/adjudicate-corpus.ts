// `npm run bench:corpus`: the adjudicator on a realistic corpus (bench/corpus.ts): 10,000 movement
// phases from random Standard and Heiau games played from the start with the games' legal options.
//   (a) in process, orders already read (parsing excluded): phases/s, and µs per phase p50/p99;
//   (b) the command-line contract in one NDJSON batch (parsing and JSON included), process start
//       excluded. Each figure is the median of three runs. The corpus is cached in the system's
//       temporary folder by seed and size (--fresh makes it again).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhaseInput } from '../src/diplomacy/adjudicator/index.ts';
import { adjudicateMovement, type PowerOrder } from '../src/diplomacy/adjudicator/movement.ts';
import { parseOrder } from '../src/diplomacy/orders/index.ts';
import { getVariant } from '../src/diplomacy/variants/index.ts';
import { corpus, type CorpusPhase } from './corpus.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const COUNT = Number(arg('--phases', '10000'));
const SEED = arg('--seed', 'kahu');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function load(): CorpusPhase[] {
  const file = path.join(os.tmpdir(), `kahu-corpus-${SEED}-${COUNT}.ndjson`);
  if (fs.existsSync(file) && !process.argv.includes('--fresh')) return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const t0 = performance.now();
  const c = corpus(SEED, COUNT);
  console.log(`corpus generated in ${fmt((performance.now() - t0) / 1000, 1)} s (cached in ${file})`);
  fs.writeFileSync(file, c.map((p) => JSON.stringify(p)).join('\n') + '\n');
  return c;
}

function runCli(input: string): Promise<{ ns: number; lines: number; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/adjudicate.ts'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => { for (let i = 0; i < b.length; i++) if (b[i] === 10) lines++; });
    child.stderr.on('data', (b: Buffer) => (stderr += b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ns: Number(process.hrtime.bigint() - t0), lines, code, stderr }));
    child.stdin.end(input);
  });
}

async function main() {
  console.log(`kahu adjudicator, realistic corpus (Node ${process.version}; ${COUNT} phases, seed ${SEED})`);
  const phases = load();
  const kinds: Record<string, number> = {};
  let orders = 0;
  const prepared = phases.map((p) => {
    const variant = getVariant(p.variant)!;
    const read: PowerOrder[] = [];
    for (const o of p.input.orders) {
      const r = parseOrder(variant.map, o.text!, { phaseType: 'movement' });
      if (r.ok) { read.push({ power: o.power, order: r.order }); kinds[r.order.kind] = (kinds[r.order.kind] ?? 0) + 1; orders++; }
    }
    return { variant, input: { ...p.input, supplyCenters: p.input.supplyCenters ?? {} }, read };
  });
  const byVariant = (v: string) => phases.filter((p) => p.variant === v).length;
  console.log(`  ${byVariant('standard')} Standard and ${byVariant('heiau')} Heiau phases, ${fmt(orders / phases.length, 1)} orders each; ` +
    Object.entries(kinds).sort((a, b) => b[1] - a[1]).map(([k, c]) => `${k} ${fmt((100 * c) / orders)}%`).join(', '));

  // (a) in process.
  let sink = 0;
  for (const p of prepared) sink += adjudicateMovement(p.variant, p.input, p.read).units.length;
  const runs: number[] = [];
  let perPhase: number[] = [];
  for (let r = 0; r < 3; r++) {
    const each: number[] = [];
    const t0 = process.hrtime.bigint();
    for (const p of prepared) {
      const s = process.hrtime.bigint();
      sink += adjudicateMovement(p.variant, p.input, p.read).units.length;
      each.push(Number(process.hrtime.bigint() - s));
    }
    runs.push(Number(process.hrtime.bigint() - t0) / prepared.length);
    if (r === 1) perPhase = each.sort((a, b) => a - b);
  }
  const a = median(runs);
  const q = (f: number) => fmt(perPhase[Math.min(perPhase.length - 1, Math.floor(f * perPhase.length))] / 1000, 1);
  console.log(`\n(a) in process, parsing excluded: ${fmt(1e9 / a)} phases/s (median of 3: ${runs.map((x) => fmt(1e9 / x)).join(', ')}); per phase p50 ${q(0.5)} µs, p99 ${q(0.99)} µs  [target 50,000/s: ${1e9 / a >= 50_000 ? 'met' : 'MISSED'}]`);

  // (b) the CLI contract, one NDJSON batch.
  const ndjson = phases.map((p) => JSON.stringify({ variant: p.variant, ...p.input })).join('\n') + '\n';
  const one = JSON.stringify({ variant: phases[0].variant, ...phases[0].input }) + '\n';
  const starts: number[] = [];
  const batches: number[] = [];
  for (let r = 0; r < 3; r++) {
    const s = await runCli(one);
    if (s.code !== 0 || s.lines !== 1) throw new Error(`CLI failed on one phase: ${s.code} ${s.stderr}`);
    starts.push(s.ns);
    const b = await runCli(ndjson);
    if (b.code !== 0 || b.lines !== phases.length) throw new Error(`CLI failed on the batch: ${b.code}, ${b.lines} lines, ${b.stderr.slice(0, 500)}`);
    batches.push(b.ns - s.ns);
  }
  const cli = median(batches) / phases.length;
  console.log(`(b) npm run adjudicate, NDJSON batch of ${fmt(ndjson.length / 1e6, 1)} MB, process start (${fmt(median(starts) / 1e6)} ms) excluded: ${fmt(1e9 / cli)} phases/s (median of 3: ${batches.map((x) => fmt((1e9 * phases.length) / x)).join(', ')})  [target 10,000/s: ${1e9 / cli >= 10_000 ? 'met' : 'MISSED'}]`);
  if (sink < 0) console.log(sink);
}

await main();
