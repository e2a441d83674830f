// bench:storm — on this machine: how long 1,000 games whose deadlines pass at the same moment take
// to be adjudicated with every results mail queued, with one worker process and with two.
//
//   npm run bench:storm                      (embedded PostgreSQL in a temporary directory)
//   DATABASE_URL=postgresql://... npm run bench:storm   (creates and drops a database there)
//   BENCH_GAMES=1000 BENCH_WORKERS=1,2 (the storms to run, in order)
//   BENCH_KEEP_OUTBOX=1: leave the mail queued before the storm pending (the workers send it meanwhile)
//   After each storm it waits until every results mail is sent with its reader's map drawn in (the
//   mail's PNG), and prints how long that took and how many maps were drawn (issue 28.4).
//   BENCH_PROF=dir: CPU profiles (--cpu-prof) of the worker processes in dir
import { spawnBenchKahu } from '../scripts/kahu-process.ts';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { scratchDatabase } from '../src/db/scratch.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { heiauRaceGames } from '../scripts/heiau-race-games.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const PLAYERS = 200;

async function main() {
  const scratch = await scratchDatabase('storm');
  const { url, dir: tmp } = scratch;
  const children: ChildProcess[] = [];
  try {
    const env = {
      DATABASE_URL: url,
      DATA_DIR: tmp,
      LOG_LEVEL: 'warn',
      SWEEP_SECONDS: '5',
      DB_POOL_SIZE: '16',
      INVITE_DAILY_LIMIT: '1000000',
      INVITE_ADDRESS_HOURLY_LIMIT: '1000000',
    };
    const config = loadConfig({ ...env, PUBLIC_URL: 'http://bench.local' });
    const db = createDb(url, 16);
    const pool = createPool(url, 8);
    const ctx: Ctx = { db, pool, clock: systemClock, config, log: pino({ level: 'warn' }) };

    // 1,000 active Heiau Race games between 200 players (each mail goes to 2 players and the moderator).
    process.stdout.write(`Setting up ${GAMES} active games (Heiau Race) for ${PLAYERS} players...\n`);
    const t0 = Date.now();
    await heiauRaceGames(ctx, {
      games: GAMES,
      players: PLAYERS,
      prefix: 'bench',
      deadlines: { lengths: { movement: 1440 }, reminderMinutes: 0 },
      streams: 4,
    });
    process.stdout.write(
      `  done in ${((Date.now() - t0) / 1000).toFixed(1)} s; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
    );

    const storm = async (workers: number) => {
      // A judge between storms has sent its mail long ago (here: the start mails, the last storm's
      // results): the outbox starts empty, and the mail this storm queues is sent while it runs.
      if (!process.env.BENCH_KEEP_OUTBOX)
        await db.$executeRawUnsafe(
          `UPDATE "OutboxMail" SET status = 'sent', "sentAt" = now() WHERE status = 'pending'`,
        );
      const procs = Array.from({ length: workers }, () => spawnBenchKahu(['--worker'], env));
      children.push(...procs);
      // Let the workers start (they sweep at once: nothing is due yet), and send the start mail.
      await new Promise((r) => setTimeout(r, 8000));
      const adjudicatedBefore = await db.phase.count({ where: { status: 'adjudicated' } });
      const resultsBefore = await db.outboxMail.count({ where: { kind: 'results' } });
      const open = await db.phase.findMany({ where: { status: 'open' }, select: { id: true } });
      const load = os.loadavg()[0];
      // The moment: every open deadline is now; each phase's job is due (as the API armed it).
      const moment = new Date();
      await db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = $1 WHERE status = 'open'`, moment);
      const { createBoss, bossQueue } = await import('../src/jobs/queues.ts');
      const boss = await createBoss(url, { worker: false });
      const q = bossQueue(boss);
      await Promise.all(open.map((p) => q.deadline(p.id, moment)));
      let done = 0;
      let mails = 0;
      for (;;) {
        done = (await db.phase.count({ where: { status: 'adjudicated' } })) - adjudicatedBefore;
        mails = (await db.outboxMail.count({ where: { kind: 'results' } })) - resultsBefore;
        if (done >= open.length && mails >= 3 * open.length) break;
        if (Date.now() - moment.getTime() > 300_000) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const took = (Date.now() - moment.getTime()) / 1000;
      // Then the results mail sent, each with its reader's map drawn (issue 28.4): until no results
      // mail of this storm is pending.
      for (;;) {
        const pending = await db.outboxMail.count({ where: { kind: 'results', status: 'pending' } });
        if (pending === 0 || Date.now() - moment.getTime() > 900_000) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const sentIn = (Date.now() - moment.getTime()) / 1000;
      await boss.stop({ graceful: false });
      for (const p of procs) p.kill('SIGTERM');
      await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
      return { phases: done, mails, took, load, sentIn };
    };
    const outbox = path.join(tmp, 'outbox');
    const withMap = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter(
              (f) => f.endsWith('.eml') && fs.readFileSync(path.join(outbox, f), 'latin1').includes('cid:map@kahu'),
            ).length
        : 0;
    for (const w of WORKERS) {
      const mapsBefore = withMap();
      const r = await storm(w);
      const maps = withMap() - mapsBefore;
      process.stdout.write(
        `Deadline storm, ${w} worker${w > 1 ? 's' : ' '}: ${r.phases} phases adjudicated, ${r.mails} results mails queued, in ${r.took.toFixed(2)} s (load average before: ${r.load.toFixed(2)}; target ${w === 1 ? 5 : 3} s)\n`,
      );
      process.stdout.write(
        `  and every results mail sent in ${r.sentIn.toFixed(1)} s after the deadline, ${maps} of them with their reader's map drawn in (${maps ? ((1000 * (r.sentIn - r.took)) / maps).toFixed(0) : '-'} ms of sending per mail with a map)\n`,
      );
    }
    const dup = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (SELECT "gameId", seq FROM "Phase" GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    const twice = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (SELECT "mapPhaseId", "toAddress" FROM "OutboxMail" WHERE kind = 'results' GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    const events = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (SELECT "gameId", data->>'phase' FROM "GameEvent" WHERE kind = 'adjudicated' GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    process.stdout.write(
      `Duplicate phases: ${Number(dup[0].n)}; results mails queued twice for a reader: ${Number(twice[0].n)}; phases with two 'adjudicated' events: ${Number(events[0].n)}\n`,
    );
    await db.$disconnect();
    await pool.end();
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
