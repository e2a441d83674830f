// Vitest global setup: one PostgreSQL server for the whole run. Without DATABASE_URL, an
// embedded server under a temporary directory; with it, that server. Each test file then
// creates its own database on it (test/helpers/db.ts), so files run in parallel safely.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, withDatabase } from '../../src/db/embedded.ts';
import { freePort } from '../../src/db/scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The Prisma client is generated, not committed: make sure it is there.
  execFileSync(process.execPath, [path.resolve('prisma/generate.mjs')], { stdio: 'inherit' });
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', withDatabase(process.env.DATABASE_URL, 'postgres'));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-test-pg-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort() });
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
