// `npm start` as a user runs it, then SIGTERM (a service manager) or Ctrl-C (SIGINT to the whole
// terminal process group): every process it started — npm, node, the embedded PostgreSQL — is gone
// within seconds, and the database starts cleanly afterwards.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/scratch.ts';

function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of rows)
      if (pp === p) {
        out.push(c);
        walk(c);
      }
  };
  walk(pid);
  return out;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function startAndStop(dataDir: string, pgPort: number, signal: 'SIGTERM' | 'SIGINT') {
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: process.cwd(),
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  for (let i = 0; i < 600 && !out.includes('kahu is running'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(out).toContain('kahu is running');
  const started = descendants(child.pid!);
  expect(started.length).toBeGreaterThan(0);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const t0 = Date.now();
  if (signal === 'SIGINT')
    process.kill(-child.pid!, 'SIGINT'); // Ctrl-C: the whole process group
  else process.kill(child.pid!, 'SIGTERM'); // a service manager: npm only
  await exited;
  for (let i = 0; i < 100 && [child.pid!, ...started].some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return { left: [child.pid!, ...started].filter(alive), ms: Date.now() - t0, out };
}

describe('npm start', () => {
  it('stops every process it started on SIGTERM and on Ctrl-C, and starts cleanly again', {
    timeout: 240_000,
  }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-start-'));
    fs.chmodSync(root, 0o755);
    const pgPort = await freePort();
    try {
      const first = await startAndStop(root, pgPort, 'SIGTERM');
      expect(first.left, first.out).toEqual([]);
      expect(first.ms).toBeLessThan(15_000);
      const second = await startAndStop(root, pgPort, 'SIGINT');
      expect(second.left, second.out).toEqual([]);
      expect(second.out).not.toMatch(/failed to start|stale|already running/i);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
