// Two worker processes race on 500 games whose deadlines pass at the same moment: every phase is
// adjudicated exactly once, each game has one results mail per reader. The time it took is printed
// (no timing assertion).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../src/service/accounts.ts';
import { createGame, invite, join, startGame } from '../../src/service/games.ts';
import { inParallel } from '../../src/jobs/worker.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { spawnKahu, until, type Kahu } from './procs.ts';

const GAMES = Number(process.env.RACE_GAMES ?? 500);
let t: TestService;
let dataDir: string;
const procs: Kahu[] = [];
beforeAll(async () => {
  t = await startTestService();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-race-'));
});
afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`two workers, ${GAMES} deadlines at the same moment`, () => {
  // No timing is asserted: the limit only stops a hung run. The set-up, the workers' start under tsx
  // and their graceful stop (results mail with maps drawn) took 142 s on a quiet machine, 194–240 s
  // beside a soak.
  it('adjudicates each phase exactly once', { timeout: 420_000 }, async () => {
    const ctx = t.ctx;
    const accounts: { id: string; email: string }[] = [];
    for (let i = 0; i < 41; i++) {
      const a = await t.db.account.create({ data: { email: `race${i}@example.org` } });
      await t.db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(newToken()), prefix: 'kahu_xxxx' } });
      accounts.push(a);
    }
    const mod = accounts[40];
    const t0 = Date.now();
    // Four set-up streams: with eight, on a loaded machine a join waited past Prisma's 2 s to start
    // its transaction (the set-up, not the race, failed the test).
    await inParallel(
      Array.from({ length: GAMES }, (_, i) => i),
      4,
      async (i) => {
        const p1 = accounts[(2 * i) % 40];
        const p2 = accounts[(2 * i + 1) % 40];
        const id = await createGame(ctx, mod.id, {
          name: `race ${i}`,
          variant: 'heiau',
          scenario: 'race',
          deadlines: { reminderMinutes: 0 },
        });
        await invite(ctx, id, mod.id, { email: p1.email });
        await invite(ctx, id, mod.id, { email: p2.email });
        await join(ctx, id, p1.id);
        await join(ctx, id, p2.id);
        await startGame(ctx, id, mod.id);
      },
    );
    const setup = (Date.now() - t0) / 1000;
    // Nothing is due while the workers start.
    await t.db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = now() + interval '1 day' WHERE status = 'open'`);
    await t.db.outboxMail.updateMany({ data: { status: 'sent' } }); // invitations and start mail: not what is measured

    const env = { DATABASE_URL: t.database.url, DATA_DIR: dataDir, WORKER_CONCURRENCY: '8' };
    const workers = [spawnKahu(['--worker'], env), spawnKahu(['--worker'], env)];
    procs.push(...workers);
    await Promise.all(workers.map((w) => w.waitFor(/kahu is running/, 60_000)));

    const moment = Date.now();
    await t.db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = $1 WHERE status = 'open'`, new Date(moment));
    await until(
      async () => (await t.db.phase.count({ where: { status: 'adjudicated' } })) >= GAMES,
      180_000,
      'every phase adjudicated',
    );
    const took = (Date.now() - moment) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // later sweeps find nothing left to do
    for (const w of workers) expect(await w.stop('SIGTERM')).toBe(0);

    console.log(
      `[race] ${GAMES} games set up in ${setup.toFixed(1)} s; 2 workers adjudicated ${GAMES} simultaneous deadlines in ${took.toFixed(1)} s (sweep every 1 s)`,
    );
    expect(await t.db.phase.count({ where: { status: 'adjudicated' } })).toBe(GAMES);
    expect(await t.db.phase.count({ where: { status: 'open' } })).toBe(GAMES);
    const dup = await t.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (SELECT "gameId", seq FROM "Phase" GROUP BY 1, 2 HAVING count(*) > 1) x`,
    );
    expect(Number(dup[0].n)).toBe(0);
    const events = await t.db.gameEvent.groupBy({ by: ['gameId'], where: { kind: 'adjudicated' }, _count: true });
    expect(events).toHaveLength(GAMES);
    expect(events.every((e) => e._count === 1)).toBe(true);
    const results = await t.db.outboxMail.groupBy({ by: ['gameId'], where: { kind: 'results' }, _count: true });
    expect(results).toHaveLength(GAMES);
    expect(results.every((r) => r._count === 3)).toBe(true);
  });
});
