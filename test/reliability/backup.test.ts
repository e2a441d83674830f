// Backups (docs/backup.md): pg_dump of a live game's database, restored into a fresh database;
// the game continues from where it was — the open phase, the orders already in, the deadline.
// Needs a pg_dump at least as new as the server (pg_dump refuses newer servers): the test looks
// in PATH and /usr/lib/postgresql/*/bin, and is skipped with a message when none fits.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, createPool } from '../../src/db/client.ts';
import { withDatabase } from '../../src/db/embedded.ts';
import { migrate } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { sweep } from '../../src/service/sweep.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, startedGame } from '../helpers/api.ts';

function findBin(name: string, serverMajor: number): string | null {
  const candidates = [name, ...(fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/${name}`) : [])];
  let best: { bin: string; major: number } | null = null;
  for (const bin of candidates) {
    try {
      const v = execFileSync(bin, ['--version'], { encoding: 'utf8' });
      const major = Number(/(\d+)(\.\d+)?/.exec(v)?.[1]);
      if (major >= serverMajor && (!best || major > best.major)) best = { bin, major };
    } catch { /* not there */ }
  }
  return best?.bin ?? null;
}

let t: TestService;
let serverMajor = 0;
let pgDump: string | null = null;
let pgRestore: string | null = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-backup-'));
beforeAll(async () => {
  t = await startTestService();
  const r = await t.db.$queryRawUnsafe<{ v: string }[]>(`SELECT current_setting('server_version_num') AS v`);
  serverMajor = Math.floor(Number(r[0].v) / 10000);
  pgDump = findBin('pg_dump', serverMajor);
  pgRestore = findBin('pg_restore', serverMajor);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a dump restored into a fresh database continues the game', { timeout: 90_000 }, async (testCtx) => {
    if (!pgDump || !pgRestore) {
      console.log(`[backup] skipped: no pg_dump/pg_restore for PostgreSQL ${serverMajor} on this machine (CI runs it against its PostgreSQL server)`);
      testCtx.skip();
      return;
    }
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const { game, byRole } = await startedGame(t, mod, [a, b], { name: 'Backed up', variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 } });
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Kona-Kailua - Kawaihae', 'B Puna H'], ready: true });
    await byRole.Sunset.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Kilauea - Wailua', 'B Aiea H'], ready: true });
    await sweep(t.ctx); // Spring adjudicated
    const sub = await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Kawaihae H', 'B Puna H'] });
    const before = await mod.ok('GET', `/games/${game.id}/history`);

    // The documented procedure: pg_dump -Fc, then pg_restore into a new, empty database.
    const file = path.join(tmp, 'kahu.dump');
    execFileSync(pgDump, ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${t.database.url}`]);
    const adminUrl = inject('pgAdminUrl');
    const name = `${t.database.name}_restored`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = withDatabase(adminUrl, name);
    try {
      execFileSync(pgRestore, ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
      expect((await migrate(url)).applied).toEqual([]); // the migrations came with the dump

      const db = createDb(url, 3);
      const pool = createPool(url, 3);
      const ctx = { ...t.ctx, db, pool, log: pino({ level: 'silent' }) };
      const app = await buildApp(ctx);
      const r = { ...t, ctx, db, app };
      try {
        const as = (c: { token: string; email: string }) => client(r as TestService, c.token, c.email);
        expect(await as(mod).ok('GET', `/games/${game.id}/history`)).toEqual(before);
        const mine = await as(byRole.Sunrise).ok('GET', `/games/${game.id}/orders`);
        expect(mine.receipt.hash).toBe(sub.receipt.hash);
        // The game goes on: Sunset orders, the deadline passes, the phase is adjudicated.
        await as(byRole.Sunset).ok('PUT', `/games/${game.id}/orders`, { orders: ['B Wailua H', 'B Aiea H'] });
        t.clock.advanceMinutes(3 * 24 * 60);
        expect((await sweep(ctx)).processed).toBeGreaterThanOrEqual(1);
        const after = await as(mod).ok('GET', `/games/${game.id}/history`);
        expect(after.phases.length).toBeGreaterThan(before.phases.length);
        const fall = after.phases.find((p: any) => p.seq === before.phases.at(-1).seq);
        expect(fall.status).toBe('adjudicated');
        expect(fall.orders.find((o: any) => o.role === 'Sunrise').lines).toEqual(['B Kawaihae H', 'B Puna H']);
        expect((await as(mod).ok('GET', `/games/${game.id}/replay`)).ok).toBe(true);
      } finally {
        await app.close();
        await db.$disconnect();
        await pool.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
