// How the benchmarks and soaks start kahu: as `npm start` does, through scripts/kahu.sh (the built
// bundle with the heap limits and malloc arenas said there), so they measure what runs.
// KAHU_FROM_SOURCE=1 runs src/main.ts under tsx instead (to compare).
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

let built = false;

/** PATH with the node running this script first: scripts/kahu.sh runs `node`, whatever PATH says. */
export const pathWithThisNode = (rest = process.env.PATH ?? '') => `${path.dirname(process.execPath)}${path.delimiter}${rest}`;

/**
 * Start kahu with `args` (e.g. ['--api']) as `npm start` would; `nodeFlags` are more flags for node
 * (e.g. --cpu-prof). Builds the bundle once. The child's pid is node's own (the script execs it).
 */
export function spawnKahuProcess(args: string[], nodeFlags: string[], options: SpawnOptions & { env: NodeJS.ProcessEnv }): ChildProcess {
  if (process.env.KAHU_FROM_SOURCE) return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts', ...args], options);
  if (!built) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    built = true;
  }
  const env = { ...options.env, PATH: pathWithThisNode(options.env.PATH), KAHU_NODE_EXTRA: nodeFlags.join(' ') };
  return spawn('sh', ['scripts/kahu.sh', ...args], { ...options, env });
}
