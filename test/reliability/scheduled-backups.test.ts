// Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP; docs/backup.md): written when due, by
// one worker at a time, the newest BACKUP_KEEP kept, each logged with its size, /health giving the
// age of the last good one; and what they write restores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupHeader, restoreBackup } from '../../src/db/backup.ts';
import { backupIfDue } from '../../src/jobs/backups.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { spawnKahu, until, type Kahu } from './procs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-scheduled-'));
let t: TestService;
const procs: Kahu[] = [];
beforeAll(async () => {
  t = await startTestService({ env: { BACKUP_DIR: dir, BACKUP_EVERY: '6h', BACKUP_KEEP: '2' } });
});
afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const files = () =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.backup.gz'))
    .sort();

describe('scheduled backups', () => {
  it('are written when due, once however many workers look, the newest BACKUP_KEEP kept, /health telling the age of the last', {
    timeout: 60_000,
  }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    await startedGame(t, mod, [a, b], {
      name: 'Scheduled',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    expect((await t.app.inject({ url: '/health' })).json().backup).toEqual({
      lastAt: null,
      ageSeconds: null,
      everySeconds: 6 * 3600,
    });

    // Three workers look at once: one writes, the others find it taken or done.
    const written = await Promise.all([backupIfDue(t.ctx), backupIfDue(t.ctx), backupIfDue(t.ctx)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(files()).toEqual([written.find(Boolean)]);
    expect(await backupIfDue(t.ctx)).toBeNull(); // not due again before six hours
    t.clock.advanceMinutes(90);
    expect((await t.app.inject({ url: '/health' })).json().backup).toMatchObject({ ageSeconds: 90 * 60 });

    t.clock.advanceMinutes(6 * 60 - 90);
    const second = await backupIfDue(t.ctx);
    t.clock.advanceMinutes(6 * 60);
    const third = await backupIfDue(t.ctx);
    expect(second && third).toBeTruthy();
    expect(files()).toEqual([second, third]); // BACKUP_KEEP=2: the first is gone
    expect((await t.app.inject({ url: '/health' })).json().backup).toMatchObject({
      lastAt: t.clock.now().toISOString(),
      ageSeconds: 0,
    });

    // What it wrote is a whole backup: it restores.
    const target = await createTestDatabase({ migrate: false });
    try {
      const s = await restoreBackup(target.url, path.join(dir, third!));
      expect(s).toMatchObject({ accounts: 3, games: { total: 1, active: 1 }, phases: { open: 1 } });
    } finally {
      await target.drop();
    }

    // A failure (the folder cannot be written) is recorded, logged, and tried again later, not at every look.
    const blocked = path.join(dir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const ctx = { ...t.ctx, config: { ...t.ctx.config, backup: { ...t.ctx.config.backup!, dir: blocked } } };
    t.clock.advanceMinutes(6 * 60);
    expect(await backupIfDue(ctx)).toBeNull();
    expect(
      (await t.ctx.pool.query(`SELECT error FROM "Backup" ORDER BY "finishedAt" DESC LIMIT 1`)).rows[0].error,
    ).toMatch(/EEXIST|ENOTDIR/);
    expect((await t.ctx.pool.query(`SELECT count(*)::int AS n FROM "Backup"`)).rows[0].n).toBe(4);
    expect(await backupIfDue(ctx)).toBeNull();
    expect((await t.ctx.pool.query(`SELECT count(*)::int AS n FROM "Backup"`)).rows[0].n).toBe(4); // not retried at once
    expect((await t.app.inject({ url: '/health' })).json().backup).toMatchObject({ ageSeconds: 6 * 3600 }); // the last good one
  });

  it('two worker processes: one writes each backup, each logged with its size', { timeout: 90_000 }, async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-scheduled-procs-'));
    try {
      const env = {
        DATABASE_URL: t.database.url,
        BACKUP_DIR: out,
        BACKUP_EVERY: '3s',
        BACKUP_KEEP: '3',
        LOG_LEVEL: 'info',
        DATA_DIR: out + '-data',
      };
      await t.ctx.pool.query(`DELETE FROM "Backup"`);
      procs.push(spawnKahu(['--worker'], env), spawnKahu(['--worker'], env));
      await until(
        async () =>
          (await t.ctx.pool.query(`SELECT count(*)::int AS n FROM "Backup" WHERE error IS NULL`)).rows[0].n >= 3,
        60_000,
        'three scheduled backups',
      );
      const workers = procs.splice(0);
      for (const p of workers) expect(await p.stop('SIGTERM')).toBe(0);
      const logged = workers.flatMap((p) =>
        p
          .output()
          .split('\n')
          .filter((l) => l.includes('"backup written"'))
          .map((l) => JSON.parse(l)),
      );
      const rows = (
        await t.ctx.pool.query<{ file: string; startedAt: Date; finishedAt: Date }>(
          `SELECT file, "startedAt", "finishedAt" FROM "Backup" WHERE error IS NULL ORDER BY "startedAt"`,
        )
      ).rows;
      // One writer at a time, each after the period: every backup starts 3 s or more after the one before it was done.
      for (let i = 1; i < rows.length; i++)
        expect(rows[i]!.startedAt.getTime() - rows[i - 1]!.finishedAt.getTime()).toBeGreaterThanOrEqual(3000);
      expect(new Set(rows.map((r) => r.file)).size).toBe(rows.length);
      expect(logged.map((l) => path.basename(l.file)).sort()).toEqual(rows.map((r) => r.file).sort());
      for (const l of logged)
        expect(l).toMatchObject({ bytes: expect.any(Number), size: expect.stringMatching(/^[\d.]+ (B|kB|MB)$/) });
      const kept = fs
        .readdirSync(out)
        .filter((f) => f.endsWith('.backup.gz'))
        .sort();
      expect(kept).toEqual(rows.slice(-3).map((r) => r.file));
      expect((await readBackupHeader(path.join(out, kept.at(-1)!))).tables.find((x) => x.name === 'Game')!.rows).toBe(
        1,
      );
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
      fs.rmSync(out + '-data', { recursive: true, force: true });
    }
  });
});
