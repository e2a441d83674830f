// The database kahu runs on, for the commands beside it (backup, restore, seeding): DATABASE_URL, or
// without it the embedded one under $DATA_DIR/pg — the running server when kahu runs (reused, its
// password read from $DATA_DIR/pg.password), else started for the time of the command.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from './embedded.ts';

export interface KahuDatabase {
  url: string;
  where: string;
  stop: () => Promise<void>;
}

/** `create`: make the embedded server and its `kahu` database when missing (else refuse). */
export async function kahuDatabase(config: Config, opts: { create: boolean }): Promise<KahuDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'DATABASE_URL', stop: async () => {} };
  const dir = path.join(config.dataDir, 'pg');
  if (!opts.create && !fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`no embedded database in ${dir} (DATA_DIR=${config.dataDir}), and DATABASE_URL is unset`);
  const server = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort });
  const url = withDatabase(server.url, 'kahu');
  if (opts.create) await ensureDatabase(url);
  return { url, where: `the embedded PostgreSQL in ${dir}`, stop: server.stop };
}
