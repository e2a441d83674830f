// Applies pending migrations from prisma/migrations at start, recording them in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, sha256 checksum
// of migration.sql), under Prisma's advisory lock so several processes may start at once.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');
/** The advisory lock key Prisma Migrate uses. */
const PRISMA_LOCK_KEY = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateResult {
  applied: string[];
  warnings: string[];
}

/** `only`: apply just these (a restore makes the schema its backup was written with, then the rest). */
export async function migrate(
  databaseUrl: string,
  opts: { dir?: string; only?: string[] } = {},
): Promise<MigrateResult> {
  const migrations = readMigrations(opts.dir).filter((m) => !opts.only || opts.only.includes(m.name));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  const warnings: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_LOCK_KEY]);
    try {
      await client.query(CREATE_TABLE);
      const rows = (
        await client.query<{
          migration_name: string;
          checksum: string;
          finished_at: Date | null;
          rolled_back_at: Date | null;
        }>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at')
      ).rows;
      const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed) {
        throw new Error(
          `Migration ${failed.migration_name} failed earlier and was not rolled back (Prisma P3009). Fix the database, then mark it rolled back.`,
        );
      }
      const done = new Map(
        rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]),
      );
      for (const m of migrations) {
        const sum = done.get(m.name);
        if (sum !== undefined) {
          if (sum !== m.checksum) warnings.push(`Migration ${m.name} was modified after it was applied.`);
          continue;
        }
        const id = crypto.randomUUID();
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
          [id, m.checksum, m.name],
        );
        try {
          await client.query('BEGIN');
          await client.query(m.sql);
          await client.query('COMMIT');
        } catch (err: any) {
          await client.query('ROLLBACK').catch(() => {});
          await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [
            id,
            String(err?.message ?? err),
          ]);
          throw new Error(`Migration ${m.name} failed: ${err?.message ?? err}`);
        }
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        applied.push(m.name);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end();
  }
  return { applied, warnings };
}
