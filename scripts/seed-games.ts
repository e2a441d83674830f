// `npx tsx scripts/seed-games.ts [GAMES]`: fills the database kahu would run on (DATABASE_URL, or the
// embedded one under $DATA_DIR/pg) with GAMES active Heiau Race games (default 1,000) between 200
// players, each with its first phase adjudicated (orders, report, results mail) and the next open,
// so a backup has a judge's worth of rows to copy (docs/backup.md gives the timings).
import pino from 'pino';
import { environment, loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { kahuDatabase } from '../src/db/target.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { submitOrders } from '../src/service/orders.ts';
import { sweep } from '../src/service/sweep.ts';
import { heiauRaceGames } from './heiau-race-games.ts';

const GAMES = Number(process.argv[2] ?? 1000);
const config = loadConfig({ ...environment(), INVITE_DAILY_LIMIT: '1000000', INVITE_ADDRESS_HOURLY_LIMIT: '1000000' });
const target = await kahuDatabase(config, { create: true });
try {
  await migrate(target.url);
  const db = createDb(target.url, 8);
  const pool = createPool(target.url, 8);
  const ctx: Ctx = { db, pool, clock: systemClock, config, log: pino({ level: 'warn' }) };
  const t0 = Date.now();
  const { seats } = await heiauRaceGames(ctx, {
    games: GAMES,
    players: 200,
    prefix: `seed${Date.now()}-`,
    deadlines: { lengths: { movement: 1440 }, reminderMinutes: 0 },
    streams: 4,
  });
  const orders = { Sunrise: ['B Kona-Kailua - Kawaihae', 'B Puna H'], Sunset: ['B Kilauea - Wailua', 'B Aiea H'] };
  const queue = [...seats];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let s = queue.shift(); s; s = queue.shift()) {
        const seat = await db.gamePlayer.findFirstOrThrow({ where: { gameId: s.gameId, role: s.role } });
        await submitOrders(ctx, s.gameId, seat.accountId, { lines: orders[s.role] });
      }
    }),
  );
  await db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = now() WHERE status = 'open'`);
  for (let r = await sweep(ctx, { concurrency: 4 }); r.processed > 0; r = await sweep(ctx, { concurrency: 4 }));
  const n = async (sql: string) => Number((await pool.query(sql)).rows[0].n);
  process.stdout.write(
    `${GAMES} games seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s into ${target.where}: ${await n('SELECT count(*) AS n FROM "Game"')} games, ${await n('SELECT count(*) AS n FROM "Phase"')} phases, ${await n('SELECT count(*) AS n FROM "Submission"')} submissions, ${await n('SELECT count(*) AS n FROM "OutboxMail"')} mails\n`,
  );
  await db.$disconnect();
  await pool.end();
} finally {
  await target.stop();
}
