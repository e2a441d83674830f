// bench:api — on this machine: order submissions per second and their latency percentiles with
// 1,000 active games. The API runs as `npm start` runs it (scripts/kahu-process.ts; KAHU_FROM_SOURCE=1: under tsx). The deadline storm (1,000 deadlines at once) is bench/storm.ts (npm run bench:storm).
//
//   npm run bench:api                      (embedded PostgreSQL in a temporary directory)
//   DATABASE_URL=postgresql://... npm run bench:api   (creates and drops a database there)
//   BENCH_GAMES=1000 BENCH_SECONDS=15 BENCH_CONCURRENCY=32 (BENCH_ONLY=submissions: no storms)
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { freePort, scratchDatabase } from '../src/db/scratch.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { heiauRaceGames } from '../scripts/heiau-race-games.ts';
import { kahuNodeArgs } from '../scripts/kahu-process.ts';

/** CPU time (ms) used so far by each of these processes, from /proc (Linux). */
function procCpu(pids: number[]): Map<number, number> {
  const tick = 1000 / 100; // USER_HZ
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * tick);
    } catch { /* gone */ }
  }
  return out;
}
/** CPU used between two readings by the processes alive at the second (the set-up's connections, closed meanwhile, idled). */
function cpuBetween(a: Map<number, number>, b: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of b) ms += t - (a.get(pid) ?? 0);
  return ms;
}
/** Every PostgreSQL process on the machine (the server and its backends). */
function pgPids(): number[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try { return /^(postgres|postmaster)$/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()); } catch { return false; }
  });
}

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PLAYERS = 200;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function spawnKahu(args: string[], env: Record<string, string>): ChildProcess {
  const prof = process.env.BENCH_PROF && (args.includes('--api') || process.env.BENCH_PROF_WORKERS) ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawn(process.execPath, kahuNodeArgs(args, prof), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const out = process.env.BENCH_CHILD_LOG ? fs.createWriteStream(process.env.BENCH_CHILD_LOG, { flags: 'a' }) : null;
  child.stdout!.on('data', (d) => out?.write(d));
  return child;
}

async function waitHttp(port: number) {
  for (let i = 0; i < 1200; i++) {
    const ok = await new Promise<boolean>((res) => http.get({ port, host: '127.0.0.1', path: '/health' }, (r) => { r.resume(); res(r.statusCode === 200); }).on('error', () => res(false)));
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('API did not start');
}

async function main() {
  const scratch = await scratchDatabase('bench');
  const { url, dir: tmp } = scratch;
  const children: ChildProcess[] = [];
  const cleanup = async () => {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await scratch.drop();
  };

  try {
    // One moderator invites 2,000 players: lift the anti-spam limits on invitations for the set-up.
    const env = { DATABASE_URL: url, DATA_DIR: tmp, LOG_LEVEL: 'warn', RATE_LIMIT: '10000000', ORDER_RATE_LIMIT: '10000000', SWEEP_SECONDS: '5', DB_POOL_SIZE: '16', INVITE_DAILY_LIMIT: '1000000', INVITE_ADDRESS_HOURLY_LIMIT: '1000000' };
    const config = loadConfig({ ...env, PUBLIC_URL: 'http://bench.local' });
    const db = createDb(url, 16);
    const pool = createPool(url, 8);
    const ctx: Ctx = { db, pool, clock: systemClock, config, log: pino({ level: 'warn' }) };

    // ---- 1,000 active Heiau Race games between 200 players.
    process.stdout.write(`Setting up ${GAMES} active games (Heiau Race) for ${PLAYERS} players...\n`);
    const t0 = Date.now();
    // On a loaded machine fewer set-up streams keep each game's transactions within Prisma's 5 s.
    const { seats } = await heiauRaceGames(ctx, { games: GAMES, players: PLAYERS, prefix: 'bench', deadlines: { lengths: { movement: 1440 }, reminderMinutes: 0 }, streams: Number(process.env.BENCH_SETUP_STREAMS ?? 8) });
    process.stdout.write(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

    // ---- Submissions against an API process.
    const port = await freePort();
    const api = spawnKahu(['--api'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    children.push(api);
    await waitHttp(port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const ORDERS: Record<string, string[][]> = {
      Sunrise: [['B Kona-Kailua H', 'B Puna H'], ['B Kona-Kailua - Kawaihae', 'B Puna H'], ['B Puna - Hilo', 'B Kona-Kailua H']],
      Sunset: [['B Aiea H', 'B Kilauea H'], ['B Kilauea - Wailua', 'B Aiea H'], ['B Aiea - Waikiki', 'B Kilauea H']],
    };
    const put = (seat: (typeof seats)[number], n: number) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ orders: ORDERS[seat.role][n % 3] });
        const req = http.request(
          { agent, host: '127.0.0.1', port, method: 'PUT', path: `/games/${seat.gameId}/orders`, headers: { authorization: `Bearer ${seat.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); },
        );
        req.on('error', reject);
        req.end(body);
      });
    // Warm-up.
    for (let i = 0; i < 200; i++) await put(seats[i % seats.length], i);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    const end = Date.now() + SECONDS * 1000;
    const cpu0 = { api: procCpu([api.pid!]), pg: procCpu(pgPids()), bench: process.cpuUsage() };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const seat = seats[crypto.randomInt(seats.length)];
        const s = performance.now();
        const code = await put(seat, i);
        latencies.push(performance.now() - s);
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
      }
    }));
    const elapsed = (performance.now() - started) / 1000;
    // Where the machine's CPU went, per submission: what bounds the rate on these cores.
    const b = process.cpuUsage(cpu0.bench);
    const cpu = { api: cpuBetween(cpu0.api, procCpu([api.pid!])), pg: cpuBetween(cpu0.pg, procCpu(pgPids())), bench: (b.user + b.system) / 1000 };
    const per = (ms: number) => (ms * 1000) / latencies.length;
    latencies.sort((a, b) => a - b);
    const ok = statuses.get(200) ?? 0;
    api.kill('SIGTERM');
    agent.destroy();

    const lines = [
      '',
      `Order submissions (PUT /games/{id}/orders, ${GAMES} active games, ${CONCURRENCY} concurrent clients, ${SECONDS} s, API in one process):`,
      `  ${latencies.length} requests, ${ok} accepted (statuses: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')})`,
      `  throughput: ${(latencies.length / elapsed).toFixed(0)} submissions/s`,
      `  latency ms: p50 ${pct(latencies, 50).toFixed(1)}  p90 ${pct(latencies, 90).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${latencies[latencies.length - 1].toFixed(1)}`,
      `  CPU per submission: API ${per(cpu.api).toFixed(0)} µs, PostgreSQL ${per(cpu.pg).toFixed(0)} µs, the bench's clients ${per(cpu.bench).toFixed(0)} µs: ${per(cpu.api + cpu.pg + cpu.bench).toFixed(0)} µs in all, so ${os.cpus().length} cores allow at most ${((os.cpus().length * 1e6) / per(cpu.api + cpu.pg + cpu.bench)).toFixed(0)}/s`,
      '  target: at least 5,000/s with p99 < 50 ms (issue 13)',
    ];
    process.stdout.write(lines.join('\n') + '\n');
    if (process.env.BENCH_ONLY === 'submissions') { await db.$disconnect(); await pool.end(); return; }

    await db.$disconnect();
    await pool.end();
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
