// How the benchmarks and soaks start kahu: as `npm start` does, through scripts/kahu.sh (the built
// bundle with the heap limits and malloc arenas said there), so they measure what runs.
// KAHU_FROM_SOURCE=1 runs src/main.ts under tsx instead (to compare).
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

let built = false;

/** PATH with the node running this script first: scripts/kahu.sh runs `node`, whatever PATH says. */
export const pathWithThisNode = (rest = process.env.PATH ?? '') =>
  `${path.dirname(process.execPath)}${path.delimiter}${rest}`;

/**
 * Start kahu with `args` (e.g. ['--api']) as `npm start` would; `nodeFlags` are more flags for node
 * (e.g. --cpu-prof). Builds the bundle once. The child's pid is node's own (the script execs it).
 */
export function spawnKahuProcess(
  args: string[],
  nodeFlags: string[],
  options: SpawnOptions & { env: NodeJS.ProcessEnv },
): ChildProcess {
  if (process.env.KAHU_FROM_SOURCE)
    return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts', ...args], options);
  if (!built) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    built = true;
  }
  const env = {
    ...options.env,
    PATH: pathWithThisNode(options.env.PATH),
    KAHU_NODE_EXTRA: [options.env.KAHU_NODE_EXTRA ?? '', ...nodeFlags].join(' ').trim(),
  };
  return spawn('sh', ['scripts/kahu.sh', ...args], { ...options, env });
}

/**
 * kahu as the benchmarks start it: with --cpu-prof when BENCH_PROF names a folder for the profiles,
 * and its standard output to the file BENCH_CHILD_LOG names (else nowhere).
 */
export function spawnBenchKahu(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawnKahuProcess(args, prof, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const out = process.env.BENCH_CHILD_LOG ? fs.createWriteStream(process.env.BENCH_CHILD_LOG, { flags: 'a' }) : null;
  child.stdout!.on('data', (d) => out?.write(d));
  return child;
}
