// `npm run bench:corpus`: the adjudicator on a realistic corpus (bench/corpus.ts): 10,000 movement
// phases from random Standard and Heiau games played from the start with the games' legal options.
//   (a) in process, orders already read (parsing excluded): phases/s, and µs per phase p50/p99;
//   (b) the command-line contract in one NDJSON batch from a file to a file (parsing and JSON included), process start
//       excluded. Each figure is the median of three runs. Beside each, the same from CPU time
//       (all threads of the process, so the collector's and the compiler's too): the machine is
//       shared, and under load the wall clock counts the waiting for a core.
//       `--compare DIR` also runs the CLI of another checkout (say the main branch's), each run
//       interleaved with this one's, so that both meet the same load. The corpus is cached in the system's
//       temporary folder by seed and size (--fresh makes it again).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjudicateMovement, type PowerOrder } from '../src/diplomacy/adjudicator/movement.ts';
import { parseOrder } from '../src/diplomacy/orders/index.ts';
import { getVariant } from '../src/diplomacy/variants/index.ts';
import { corpus, type CorpusPhase } from './corpus.ts';
import { machineSpeed, speedNote } from './machine-speed.ts';

// Targets as multiples of the machine's speed of the moment (bench/machine-speed.ts, kilo-rounds
// per second), not as absolute rates: on these shared machines the same code ran at half the
// rate from one day to the next (issue 28). Calibrated so that a quiet machine of this kind
// (about 90 kr/s) has the earlier absolute targets, 50,000 and 10,000 phases/s.
const PER_KR = { inProcess: 550, cli: 110 };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const COUNT = Number(arg('--phases', '10000'));
const SEED = arg('--seed', 'kahu');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function load(): CorpusPhase[] {
  const file = path.join(os.tmpdir(), `kahu-corpus-${SEED}-${COUNT}.ndjson`);
  if (fs.existsSync(file) && !process.argv.includes('--fresh'))
    return fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const t0 = performance.now();
  const c = corpus(SEED, COUNT);
  console.log(`corpus generated in ${fmt((performance.now() - t0) / 1000, 1)} s (cached in ${file})`);
  fs.writeFileSync(file, c.map((p) => JSON.stringify(p)).join('\n') + '\n');
  return c;
}

// The batch comes from a file and the answers go to one, as in `npm run adjudicate < batch > results`:
// through pipes, this process would read and count 33 MB of answers and write 21 MB of input on the
// same 2 cores as the CLI it times (the runs then differed by a third).
function runCli(
  inputFile: string,
  root = ROOT,
): Promise<{ ns: number; cpuNs: number; lines: number; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const outFile = `${inputFile}.out`;
    const t0 = process.hrtime.bigint();
    // bash's `times` gives the CLI's CPU time (user, system) as its last line on standard error.
    // What `npm run adjudicate` runs (a checkout from before scripts/adjudicate.mjs: the CLI under tsx).
    const cmd = fs.existsSync(path.join(root, 'scripts/adjudicate.mjs'))
      ? 'scripts/adjudicate.mjs'
      : '--import tsx src/cli/adjudicate.ts';
    const child = spawn(
      'bash',
      ['-c', `"$0" ${cmd} <"$1" >"$2"; s=$?; times >&2; exit $s`, process.execPath, inputFile, outFile],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b));
    child.on('error', reject);
    child.on('close', (code) => {
      const ns = Number(process.hrtime.bigint() - t0);
      const out = fs.readFileSync(outFile);
      fs.rmSync(outFile);
      let lines = 0;
      for (let i = out.indexOf(10); i >= 0; i = out.indexOf(10, i + 1)) lines++;
      const rows = stderr.trimEnd().split('\n');
      const sec = (x: string) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(x);
        return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
      };
      const [user, sys] = (rows.at(-1) ?? '').split(' ').map(sec);
      resolve({ ns, cpuNs: (user + sys) * 1e9, lines, code, stderr: rows.slice(0, -2).join('\n') });
    });
  });
}

async function main() {
  console.log(
    `kahu adjudicator, realistic corpus (Node ${process.version}; ${COUNT} phases, seed ${SEED}); load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  const phases = load();
  const kinds: Record<string, number> = {};
  let orders = 0;
  const prepared = phases.map((p) => {
    const variant = getVariant(p.variant)!;
    const read: PowerOrder[] = [];
    for (const o of p.input.orders) {
      const r = parseOrder(variant.map, o.text!, { phaseType: 'movement' });
      if (r.ok) {
        read.push({ power: o.power, order: r.order });
        kinds[r.order.kind] = (kinds[r.order.kind] ?? 0) + 1;
        orders++;
      }
    }
    return { variant, input: { ...p.input, supplyCenters: p.input.supplyCenters ?? {} }, read };
  });
  const byVariant = (v: string) => phases.filter((p) => p.variant === v).length;
  console.log(
    `  ${byVariant('standard')} Standard and ${byVariant('heiau')} Heiau phases, ${fmt(orders / phases.length, 1)} orders each; ` +
      Object.entries(kinds)
        .sort((a, b) => b[1] - a[1])
        .map(([k, c]) => `${k} ${fmt((100 * c) / orders)}%`)
        .join(', '),
  );

  // (a) in process.
  const speeds: number[] = [machineSpeed()];
  let sink = 0;
  for (const p of prepared) sink += adjudicateMovement(p.variant, p.input, p.read).units.length;
  const runs: number[] = [];
  const cpuRuns: number[] = [];
  let perPhase: number[] = [];
  for (let r = 0; r < 3; r++) {
    const each: number[] = [];
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (const p of prepared) {
      const s = process.hrtime.bigint();
      sink += adjudicateMovement(p.variant, p.input, p.read).units.length;
      each.push(Number(process.hrtime.bigint() - s));
    }
    runs.push(Number(process.hrtime.bigint() - t0) / prepared.length);
    const c = process.cpuUsage(c0);
    cpuRuns.push(((c.user + c.system) * 1000) / prepared.length);
    if (r === 1) perPhase = each.sort((a, b) => a - b);
  }
  speeds.push(machineSpeed());
  const a = median(runs);
  const speedA = median(speeds);
  const targetA = PER_KR.inProcess * speedA;
  const q = (f: number) => fmt(perPhase[Math.min(perPhase.length - 1, Math.floor(f * perPhase.length))] / 1000, 1);
  console.log(
    `\n(a) in process, parsing excluded: ${fmt(1e9 / a)} phases/s (median of 3: ${runs.map((x) => fmt(1e9 / x)).join(', ')}); per phase p50 ${q(0.5)} µs, p99 ${q(0.99)} µs; by CPU time ${fmt(1e9 / median(cpuRuns))}/s`,
  );
  console.log(
    `    ${speedNote(speedA)}: ${fmt(1e9 / a / speedA)} phases/s per kr/s  [target ${PER_KR.inProcess} per kr/s, ${fmt(targetA)}/s now: ${1e9 / a >= targetA ? 'met' : 'MISSED'}]`,
  );

  // (b) the CLI contract, one NDJSON batch.
  const ndjson = phases.map((p) => JSON.stringify({ variant: p.variant, ...p.input })).join('\n') + '\n';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-cli-'));
  const batchFile = path.join(dir, 'batch.ndjson');
  const oneFile = path.join(dir, 'one.ndjson');
  fs.writeFileSync(batchFile, ndjson);
  fs.writeFileSync(oneFile, JSON.stringify({ variant: phases[0].variant, ...phases[0].input }) + '\n');
  const roots = [ROOT, ...(process.argv.includes('--compare') ? [path.resolve(arg('--compare', ROOT))] : [])];
  const starts = roots.map(() => [] as number[]);
  const batches = roots.map(() => [] as number[]);
  const cpuBatches = roots.map(() => [] as number[]);
  const speedsB: number[] = [];
  for (let r = 0; r < 3; r++) {
    speedsB.push(machineSpeed(5));
    for (let k = 0; k < roots.length; k++) {
      const s = await runCli(oneFile, roots[k]);
      if (s.code !== 0 || s.lines !== 1) throw new Error(`CLI failed on one phase: ${s.code} ${s.stderr}`);
      starts[k].push(s.ns);
      const b = await runCli(batchFile, roots[k]);
      if (b.code !== 0 || b.lines !== phases.length)
        throw new Error(`CLI failed on the batch: ${b.code}, ${b.lines} lines, ${b.stderr.slice(0, 500)}`);
      batches[k].push(b.ns - s.ns);
      cpuBatches[k].push(b.cpuNs - s.cpuNs);
    }
  }
  const speedB = median(speedsB);
  const targetB = PER_KR.cli * speedB;
  roots.forEach((root, k) => {
    const cli = median(batches[k]) / phases.length;
    const which = root === ROOT ? '' : ` [${root}]`;
    console.log(
      `(b)${which} npm run adjudicate < batch > results, NDJSON batch of ${fmt(ndjson.length / 1e6, 1)} MB, process start (${fmt(median(starts[k]) / 1e6)} ms) excluded: ${fmt(1e9 / cli)} phases/s (median of 3: ${batches[k].map((x) => fmt((1e9 * phases.length) / x)).join(', ')}); by CPU time ${fmt((1e9 * phases.length) / median(cpuBatches[k]))}/s`,
    );
    console.log(
      `    ${speedNote(speedB)}: ${fmt(1e9 / cli / speedB)} phases/s per kr/s  [target ${PER_KR.cli} per kr/s, ${fmt(targetB)}/s now: ${1e9 / cli >= targetB ? 'met' : 'MISSED'}]`,
    );
  });
  fs.rmSync(dir, { recursive: true });
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  if (sink < 0) console.log(sink);
}

await main();
