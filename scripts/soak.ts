// npm run soak -- --minutes N: steady order submissions from many players across many games while
// deadlines pass (every phase lasts one minute) and mail is sent. Prints throughput, latency
// percentiles and memory over time, then accounts for every accepted order and every email.
//
//   SOAK_GAMES=60 SOAK_CLIENTS=16 npm run soak -- --minutes 5
//   DATABASE_URL=postgresql://... npm run soak   (creates and drops a database there)
// API, worker and load generator share this process (and, on a small machine, its cores).
import crypto from 'node:crypto';
import http from 'node:http';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { freePort, scratchDatabase } from '../src/db/scratch.ts';
import { buildApp } from '../src/http/app.ts';
import { bossQueue, createBoss } from '../src/jobs/queues.ts';
import { startWorker } from '../src/jobs/worker.ts';
import type { MailTransport } from '../src/service/mail-sending/transport.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { heiauRaceGames } from './heiau-race-games.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const MINUTES = arg('minutes', 2);
const GAMES = Number(process.env.SOAK_GAMES ?? 60);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 16);
const PLAYERS = 2 * GAMES;
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const mb = (n: number) => (n / 1048576).toFixed(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (s: string) => process.stdout.write(s + '\n');

const HOLDS: Record<string, string[]> = {
  Sunrise: ['B Kona-Kailua H', 'B Puna H'],
  Sunset: ['B Aiea H', 'B Kilauea H'],
};
const MOVES: Record<string, string[]> = {
  Sunrise: ['B Kona-Kailua - Kawaihae', 'B Puna - Hilo'],
  Sunset: ['B Kilauea - Wailua', 'B Aiea - Waikiki'],
};

async function main() {
  const scratch = await scratchDatabase('soak');
  const { url } = scratch;
  const port = await freePort();
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT: '10000000',
    ORDER_RATE_LIMIT: '10000000',
    SWEEP_SECONDS: '5',
    PUBLIC_URL: 'http://soak.local',
    INVITE_DAILY_LIMIT: '1000000',
    INVITE_ADDRESS_HOURLY_LIMIT: '1000000',
  });
  const db = createDb(url, 12);
  const pool = createPool(url, 12);
  const log = pino({ level: 'warn' });
  const boss = await createBoss(url, { worker: true, onError: () => {} });
  const ctx: Ctx = { db, pool, clock: systemClock, config, log, jobs: bossQueue(boss) };
  // The mailbox: counts each delivery by mail id (a real SMTP exchange is tested in test/; here, the numbers).
  const delivered = new Map<string, number>();
  const transport: MailTransport = {
    kind: 'file',
    async send(m) {
      delivered.set(m.id, (delivered.get(m.id) ?? 0) + 1);
    },
    close() {},
  };

  say(
    `Soak: ${GAMES} Heiau Race games, ${PLAYERS} players, ${CLIENTS} concurrent clients, ${MINUTES} minute(s); every phase lasts 1 minute.`,
  );
  const { seats } = await heiauRaceGames(ctx, {
    games: GAMES,
    players: PLAYERS,
    prefix: 'soak',
    deadlines: { lengths: { movement: 1, retreat: 1, adjustment: 1 }, earlyProcessing: false, reminderMinutes: 0 },
  });
  const worker = await startWorker(ctx, boss, transport);
  const app = await buildApp(ctx);
  await app.listen({ port, host: '127.0.0.1' });

  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const put = (seat: (typeof seats)[number], n: number) =>
    new Promise<{ status: number; receipt?: string }>((resolve, reject) => {
      const body = JSON.stringify({ orders: n % 2 ? MOVES[seat.role] : HOLDS[seat.role] });
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/games/${seat.gameId}/orders`,
          headers: {
            authorization: `Bearer ${seat.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              receipt: res.statusCode === 200 ? JSON.parse(text).receipt.hash : undefined,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const receipts: string[] = [];
  const memory: string[] = [];
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  const sample = () => {
    const m = process.memoryUsage();
    memory.push(
      `  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  rss ${mb(m.rss)} MB  heap ${mb(m.heapUsed)} MB  submissions ${latencies.length}`,
    );
  };
  sample();
  const sampler = setInterval(sample, 15_000);
  let n = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const seat = seats[crypto.randomInt(seats.length)];
        const s = performance.now();
        const r = await put(seat, i);
        latencies.push(performance.now() - s);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.receipt) receipts.push(r.receipt);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  agent.destroy();

  // Drain: the outbox is sent by the worker; wait until nothing is pending.
  const drainStart = Date.now();
  while ((await db.outboxMail.count({ where: { status: 'pending' } })) > 0 && Date.now() - drainStart < 120_000) {
    await ctx.jobs!.mail();
    await sleep(500);
  }
  await app.close();
  await worker.stop();
  await boss.stop({ graceful: true, timeout: 10_000 });

  // Accounting.
  // Receipts are counted, not deduplicated: a power sending the same orders twice within one
  // millisecond gets two submissions with the same receipt.
  const rows = await db.submission.findMany({ select: { receipt: true } });
  const storedCount = new Map<string, number>();
  for (const r of rows) storedCount.set(r.receipt, (storedCount.get(r.receipt) ?? 0) + 1);
  const acceptedCount = new Map<string, number>();
  for (const r of receipts) acceptedCount.set(r, (acceptedCount.get(r) ?? 0) + 1);
  let missing = 0;
  for (const [r, c] of acceptedCount) missing += Math.max(0, c - (storedCount.get(r) ?? 0));
  const stored = { size: rows.length };
  const receiptMails = await db.outboxMail.count({ where: { kind: 'receipt' } });
  const mails = await db.outboxMail.findMany({ select: { id: true, status: true } });
  const unsent = mails.filter((m) => m.status !== 'sent').length;
  const twice = [...delivered.values()].filter((c) => c > 1).length;
  const lost = mails.filter((m) => !delivered.has(m.id)).length;
  const adjudicated = await db.phase.count({ where: { status: 'adjudicated' } });
  const dup = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM (SELECT "gameId", seq FROM "Phase" GROUP BY 1, 2 HAVING count(*) > 1) x`,
  );
  latencies.sort((a, b) => a - b);
  const ok = receipts.length;
  say('');
  say(
    `Submissions: ${latencies.length} in ${elapsed.toFixed(0)} s = ${(latencies.length / elapsed).toFixed(0)}/s (statuses: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')})`,
  );
  say(
    `Latency ms: p50 ${pct(latencies, 50).toFixed(1)}  p90 ${pct(latencies, 90).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${latencies.at(-1)?.toFixed(1)}`,
  );
  say(`Deadlines: ${adjudicated} phases adjudicated, ${Number(dup[0].n)} duplicated`);
  say('Memory over time:');
  for (const l of memory) say(l);
  say('Accounting:');
  say(
    `  accepted orders ${ok}, stored ${stored.size}, accepted but missing ${missing}, stored without an accepted reply ${stored.size - (ok - missing)}`,
  );
  say(`  receipt mails ${receiptMails} (one per stored submission: ${receiptMails === stored.size ? 'yes' : 'NO'})`);
  say(
    `  emails queued ${mails.length}, delivered ${delivered.size}, not sent ${unsent}, lost ${lost}, delivered twice ${twice}`,
  );
  const good =
    missing === 0 &&
    stored.size === ok &&
    receiptMails === stored.size &&
    unsent === 0 &&
    lost === 0 &&
    twice === 0 &&
    Number(dup[0].n) === 0;
  say(good ? 'Every submitted order and every email is accounted for.' : 'ACCOUNTING FAILED');

  await db.$disconnect();
  await pool.end();
  await scratch.drop();
  process.exit(good ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
