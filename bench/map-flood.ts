// bench:maps — 300 signed-out requests at once for PNG maps nobody has asked for yet, at kahu as
// `npm start` runs it (scripts/kahu-process.ts: the bundle with its 128 MB heap; KAHU_FROM_SOURCE=1:
// under tsx), while /health is polled, a player asks for their own map and a game is adjudicated
// (its results mail carries a map). The flood (scripts/map-flood.ts): most ask for one Maori Wars
// map, a fifth for as many Heiau maps from as many addresses, the rest from one address for many.
//
//   npm run bench:maps                     (embedded PostgreSQL in a temporary directory)
//   DATABASE_URL=postgresql://... npm run bench:maps   (creates and drops a database there)
//   BENCH_REQUESTS=300 RENDER_QUEUE_MAX=8 RENDER_PER_CLIENT=2 (passed on to kahu)
//   BENCH_CHILD_LOG=file: kahu's output (at LOG_LEVEL debug: each render is logged)
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { freePort, scratchDatabase } from '../src/db/scratch.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { spawnBenchKahu } from '../scripts/kahu-process.ts';
import { flood, floodGames, get, peakRssKb, percentile, resultsMail, rssKb } from '../scripts/map-flood.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

async function main() {
  const scratch = await scratchDatabase('maps');
  const { url, dir } = scratch;
  const env: Record<string, string> = {
    DATABASE_URL: url,
    DATA_DIR: dir,
    LOG_LEVEL: 'debug',
    SWEEP_SECONDS: '5',
    TRUST_PROXY: '1',
    INVITE_DAILY_LIMIT: '1000000',
    INVITE_ADDRESS_HOURLY_LIMIT: '1000000',
  };
  for (const k of ['RENDER_QUEUE_MAX', 'RENDER_PER_CLIENT']) if (process.env[k]) env[k] = process.env[k]!;
  const db = createDb(url, 8);
  const pool = createPool(url, 8);
  const ctx: Ctx = {
    db,
    pool,
    clock: systemClock,
    config: loadConfig({ ...env, PUBLIC_URL: 'http://bench.local' }),
    log: pino({ level: 'warn' }),
  };
  let kahu: ReturnType<typeof spawnBenchKahu> | undefined;
  try {
    process.stdout.write(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')} (${os.cpus().length} cores)\nSetting up the flood's games...\n`,
    );
    const g = await floodGames(ctx, REQUESTS, 'bench');
    const port = await freePort();
    kahu = spawnBenchKahu([], { ...env, PORT: String(port), HOST: '127.0.0.1' });
    let out = '';
    kahu.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; (await get(base, '/health')).status !== 200; i++) {
      if (i > 600) throw new Error(`kahu did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = kahu.pid!;
    const before = rssKb(pid);
    let peakOwn = before.own;
    let peakAll = before.own + before.children;
    const sampler = setInterval(() => {
      const m = rssKb(pid);
      peakOwn = Math.max(peakOwn, m.own);
      peakAll = Math.max(peakAll, m.own + m.children);
    }, 50);
    const mark = out.length;
    const t0 = Date.now();
    const r = await flood(base, g, REQUESTS);
    const mail = await resultsMail(dir, g, 120_000);
    const mailMs = Date.now() - t0;
    clearInterval(sampler);
    const up = (await get(base, '/health')).status === 200 && !/heap out of memory/.test(out);

    const log = out.slice(mark);
    const drawn = (share: string) => [...log.matchAll(new RegExp(`"share":"${share}".*"msg":"map drawn"`, 'g'))].length;
    // kahu's own time for /health: its "incoming request" and "request completed" lines, by reqId.
    const healthIds = new Set(
      [...log.matchAll(/"reqId":"([^"]+)","req":\{"method":"GET","url":"\/health"/g)].map((m) => m[1]),
    );
    const serverHealth = [...log.matchAll(/"reqId":"([^"]+)",[^\n]*"responseTime":([\d.]+)/g)]
      .filter((m) => healthIds.has(m[1]))
      .map((m) => Number(m[2]));
    const count = (s: number) => r.answers.filter((a) => a.status === s).length;
    const ms = (xs: number[], p: number) => `${percentile(xs, p).toFixed(0)} ms`;
    const ok = r.answers.filter((a) => a.status === 200).map((a) => a.ms);
    const all = r.answers.map((a) => a.ms);
    const refused = r.answers.filter((a) => a.status !== 200).map((a) => a.ms);
    console.log(
      `${REQUESTS} map.png requests at once in ${(r.ms / 1000).toFixed(1)} s: ${count(200)} × 200, ${count(503)} × 503, ${count(429)} × 429, ${r.answers.length - count(200) - count(503) - count(429)} other`,
    );
    const mw = r.answers.find((a) => a.url.includes(g.maoriWars) && a.status === 200);
    console.log(
      `  sent ${(r.answers.reduce((n, a) => n + a.bytes, 0) / 1e6).toFixed(0)} MB (the Maori Wars map: ${mw ? (mw.bytes / 1e3).toFixed(0) : '?'} kB)`,
    );
    console.log(
      `  renders: ${drawn('visitors')} for the flood (signed out), ${drawn('readers')} signed in, ${drawn('mail')} for mail`,
    );
    console.log(
      `  latency, all: p50 ${ms(all, 0.5)}, p99 ${ms(all, 0.99)}; 200s: p50 ${ms(ok, 0.5)}, p99 ${ms(ok, 0.99)}; refusals: p50 ${ms(refused, 0.5)}, p99 ${ms(refused, 0.99)}`,
    );
    console.log(
      `  /health during the flood: ${r.health.length} asked, ${r.health.filter((h) => h.status === 200).length} × 200; p50 ${ms(
        r.health.map((h) => h.ms),
        0.5,
      )}, max ${ms(
        r.health.map((h) => h.ms),
        1,
      )} (kahu's own time: p50 ${ms(serverHealth, 0.5)}, max ${ms(serverHealth, 1)})`,
    );
    console.log(
      `  the player's own map: ${r.player.status} in ${r.player.ms.toFixed(0)} ms; results mail with its map: ${mail ? `written ${(mailMs / 1000).toFixed(1)} s after the flood began` : 'NOT written within 120 s'}`,
    );
    console.log(
      `  kahu RSS: ${(before.own / 1024).toFixed(0)} MB before, peak ${(peakOwn / 1024).toFixed(0)} MB (VmHWM ${(peakRssKb(pid) / 1024).toFixed(0)} MB); with the renderer: peak ${(peakAll / 1024).toFixed(0)} MB; ${up ? 'still up' : 'DOWN (heap out of memory)'}`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    kahu?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await db.$disconnect();
    await pool.end();
    await scratch.drop();
  }
}

await main();
