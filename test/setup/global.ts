// Vitest global setup of the projects that need PostgreSQL (db, mail, web; see test/setup/projects.ts):
// one server for the whole run, whichever of them run. Without DATABASE_URL, an embedded server under
// a temporary directory, started by the first of them and stopped after the last; with it, that
// server. Each test file then creates its own database on it (test/helpers/db.ts), so files run in
// parallel safely.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, withDatabase } from '../../src/db/embedded.ts';
import { freePort } from '../../src/db/scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

// Each project loads this file afresh; the process is the same, so the server is kept on globalThis.
interface Shared {
  url: Promise<string>;
  users: number;
  stop(): Promise<void>;
}
const slot = globalThis as { kahuTestPostgres?: Shared };

function start(): Shared {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-test-pg-'));
  fs.chmodSync(dir, 0o755);
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const url = (async () => {
    pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort() });
    return pg.url;
  })();
  return {
    url,
    users: 0,
    async stop() {
      await url.catch(() => undefined);
      await pg?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', withDatabase(process.env.DATABASE_URL, 'postgres'));
    return;
  }
  const shared = (slot.kahuTestPostgres ??= start());
  shared.users++;
  let done = false;
  const teardown = async () => {
    if (done) return;
    done = true;
    if (--shared.users > 0) return;
    slot.kahuTestPostgres = undefined;
    await shared.stop();
  };
  try {
    project.provide('pgAdminUrl', await shared.url);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
