// A throw-away database for benchmarks and soak runs: on the server of DATABASE_URL, or on an
// embedded PostgreSQL in a temporary directory. Migrated, and dropped again by `drop()`.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, withDatabase } from './embedded.ts';
import { migrate } from './migrate.ts';

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ScratchDatabase {
  url: string;
  /** A temporary directory (DATA_DIR for the processes using the database). */
  dir: string;
  drop(): Promise<void>;
}

export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kahu-${prefix}-`));
  // The embedded server runs as the postgres user when we are root: it must reach the directory.
  fs.chmodSync(dir, 0o755);
  let adminUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : '';
  let stopPg = async () => {};
  if (!adminUrl) {
    const e = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort() });
    adminUrl = e.url;
    stopPg = e.stop;
  }
  const name = `kahu_${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = withDatabase(adminUrl, name);
  await migrate(url);
  return {
    url,
    dir,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
      await stopPg();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
