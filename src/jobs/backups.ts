// Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP; docs/backup.md). Every worker looks now
// and then; the one that holds the advisory lock checks whether the last good backup (table
// "Backup") is older than BACKUP_EVERY, writes the next one on that same connection (the lock is
// held until it is done, and freed with the connection if the worker dies), records it, and keeps
// the newest BACKUP_KEEP files. A failed attempt is retried after a tenth of the period (at most 10 minutes).
import fs from 'node:fs';
import path from 'node:path';
import { formatBytes, writeBackup } from '../db/backup.ts';
import type { Ctx } from '../service/context.ts';

/** Advisory lock key of the backup writer (the migrations use 72707369, pg-boss's set-up 72707370). */
const BACKUP_LOCK = 72707371;
/** Names of the files written here: kahu-<UTC time>.backup.gz, sorted oldest first by name. */
const NAME = /^kahu-\d{8}T\d{6}Z\.backup\.gz$/;

export const backupName = (at: Date) =>
  `kahu-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.backup.gz`;

/** When the last good scheduled backup finished (null: none yet). */
export async function lastGoodBackup(ctx: Ctx): Promise<Date | null> {
  const r = await ctx.pool.query<{ at: Date | null }>(
    `SELECT max("finishedAt") AS at FROM "Backup" WHERE error IS NULL`,
  );
  return r.rows[0]?.at ?? null;
}

/** Write a backup if one is due and no other worker is writing one. Returns the file written, if any. */
export async function backupIfDue(ctx: Ctx): Promise<string | null> {
  const cfg = ctx.config.backup;
  if (!cfg) return null;
  const c = await ctx.pool.connect();
  let release = true;
  try {
    if (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK])).rows[0]!.ok)
      return null;
    try {
      const now = ctx.clock.now();
      const last = (
        await c.query<{ good: Date | null; tried: Date | null }>(
          `SELECT max("finishedAt") FILTER (WHERE error IS NULL) AS good, max("finishedAt") AS tried FROM "Backup"`,
        )
      ).rows[0]!;
      if (last.good && now.getTime() - last.good.getTime() < cfg.everyMs) return null;
      if (
        last.tried &&
        (!last.good || last.tried > last.good) &&
        now.getTime() - last.tried.getTime() < Math.min(cfg.everyMs / 10, 600_000)
      )
        return null;
      const name = backupName(now);
      let bytes: number | null = null;
      let error: string | null = null;
      try {
        fs.mkdirSync(cfg.dir, { recursive: true });
        const r = await writeBackup(c, path.join(cfg.dir, name));
        bytes = r.bytes;
        ctx.log.info({ file: path.join(cfg.dir, name), bytes, size: formatBytes(bytes), ms: r.ms }, 'backup written');
        for (const old of fs
          .readdirSync(cfg.dir)
          .filter((f) => NAME.test(f))
          .sort()
          .slice(0, -cfg.keep)) {
          fs.rmSync(path.join(cfg.dir, old), { force: true });
          ctx.log.info({ file: path.join(cfg.dir, old) }, 'old backup removed');
        }
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        ctx.log.error({ err, dir: cfg.dir }, 'backup failed');
      }
      await c.query(
        `INSERT INTO "Backup" (file, bytes, "startedAt", "finishedAt", error) VALUES ($1, $2, $3, $4, $5)`,
        [name, bytes, now, ctx.clock.now(), error],
      );
      return error ? null : name;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]).catch(() => {
        release = false;
      });
    }
  } finally {
    if (release) c.release();
    else c.release(true);
  }
}

/** Look every tenth of the period (between a second and a minute) while the worker runs. */
export function scheduleBackups(ctx: Ctx): { stop(): Promise<void> } {
  const cfg = ctx.config.backup;
  if (!cfg) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = backupIfDue(ctx)
      .catch((err) => ctx.log.error({ err }, 'backup check failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, Math.min(60_000, Math.max(1000, cfg.everyMs / 10)));
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
