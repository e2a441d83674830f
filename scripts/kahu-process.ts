// How the benchmarks and soaks start kahu: as `npm start` does, from the built bundle
// (dist/kahu/main.mjs, made by scripts/build.mjs) with the same V8 flags, so they measure what runs.
// KAHU_FROM_SOURCE=1 runs src/main.ts under tsx instead (to compare).
import { execFileSync } from 'node:child_process';

// A small young generation and an old-space limit: under load V8 otherwise grows its heap to 400 MB of
// RSS for a live set of about 70 MB (soak:api). KAHU_HEAP_MB raises the limit for a bigger judge.
/** V8 flags of `npm start` (keep package.json's "start", "start:api" and "start:worker" and the Dockerfile the same). */
export const KAHU_NODE_FLAGS: string[] = ['--max-semi-space-size=4', `--max-old-space-size=${process.env.KAHU_HEAP_MB || 128}`];

// Two malloc arenas instead of one per thread: glibc otherwise keeps tens of MB of freed native
// memory (Buffers, sockets) in idle arenas. The children inherit it (`npm start` sets it too).
process.env.MALLOC_ARENA_MAX ??= '2';

let built = false;

/** Arguments for `node` to run kahu with `args` (e.g. ['--api']); builds the bundle once. */
export function kahuNodeArgs(args: string[], extra: string[] = []): string[] {
  if (process.env.KAHU_FROM_SOURCE) return [...extra, '--import', 'tsx', 'src/main.ts', ...args];
  if (!built) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    built = true;
  }
  return [...KAHU_NODE_FLAGS, ...extra, 'dist/kahu/main.mjs', ...args];
}
