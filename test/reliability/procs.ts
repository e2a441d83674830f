// Real kahu processes for the fault tests: `node --import tsx src/main.ts [--api|--worker]` with
// their own environment, their output kept for the assertions (and to check no token is logged).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Kahu {
  child: ChildProcess;
  output(): string;
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const TOKEN_RE = /kahu_[A-Za-z0-9_-]{43}/;

export { freePort } from '../../src/db/scratch.ts';

/** `command`: what runs kahu, node on the sources under tsx by default (the bundle test gives `npm start`'s scripts/kahu.sh). */
export function spawnKahu(
  args: string[],
  env: Record<string, string>,
  command: string[] = [process.execPath, '--import', 'tsx', path.resolve('src/main.ts')],
): Kahu {
  const child = spawn(command[0]!, [...command.slice(1), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', SWEEP_SECONDS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of [...waiters]) {
      const m = out.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor(re, timeoutMs = 30_000) {
      const m = out.match(re);
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const w = {
          re,
          resolve: (x: RegExpMatchArray) => {
            clearTimeout(timer);
            resolve(x);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`timed out waiting for ${re} in:\n${out}`));
        }, timeoutMs);
        waiters.push(w);
        void exited.then((code) => {
          if (waiters.includes(w)) {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(w), 1);
            reject(new Error(`kahu exited (${code}) before ${re}:\n${out}`));
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll until fn returns a truthy value (or fail after timeoutMs). */
export async function until<T>(fn: () => Promise<T>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
