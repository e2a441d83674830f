// Backups (docs/backup.md), as a moderator takes them: `npm run backup -- FILE` while kahu runs and
// plays (orders arriving, a deadline passing during the copy), `npm run restore -- FILE` into a
// fresh database, kahu started on it, and the game played on. On the run's server: with
// DATABASE_URL, a new database there; without it (the README's embedded PostgreSQL), a kahu on an
// embedded server in a data directory of its own, restored into a second, fresh data directory.
// The snapshot's moment is made exact by the test-only hook KAHU_TEST_BACKUP_PAUSE_MS
// (src/db/backup.ts): the backup says when its snapshot is taken and waits before copying rows.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { readBackupHeader, restoreBackup } from '../../src/db/backup.ts';
import { createDb, createPool } from '../../src/db/client.ts';
import { passwordFile, withDatabase } from '../../src/db/embedded.ts';
import { buildApp } from '../../src/http/app.ts';
import { systemClock } from '../../src/service/clock.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { freePort, sleep, spawnKahu, TOKEN_RE, until, type Kahu } from './procs.ts';
import { startSmtp } from './smtp.ts';

const EMBEDDED = !process.env.DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/backup-format-1.backup.gz');

/** `npm run -s <script> -- <args>` in the checkout, as the docs say it. */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; hook: Promise<void> }> & { hook: Promise<void> } {
  const child = spawn('npm', ['run', '-s', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let hooked: () => void = () => {};
  const hook = new Promise<void>((r) => (hooked = r));
  const onData = (d: Buffer) => {
    out += d;
    if (out.includes('kahu-test-hook: backup snapshot taken')) hooked();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const p = new Promise<{ code: number | null; out: string; hook: Promise<void> }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, hook })),
  );
  return Object.assign(p, { hook });
}

/** Where one kahu keeps its data: DATA_DIR, and the database (embedded in it, or a test database). */
interface Install {
  dataDir: string;
  env: Record<string, string>;
  url(): string;
  drop(): Promise<void>;
}

async function install(root: string, name: string, migrated: boolean): Promise<Install> {
  const dataDir = path.join(root, name);
  if (EMBEDDED) {
    const port = await freePort();
    // As kahu finds it: its password is kept beside the data once the server was first started.
    return {
      dataDir,
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
      url: () =>
        withDatabase(
          `postgresql://postgres:${encodeURIComponent(fs.readFileSync(passwordFile(path.join(dataDir, 'pg')), 'utf8'))}@127.0.0.1:${port}/postgres`,
          'kahu',
        ),
      drop: async () => {},
    };
  }
  const db: TestDatabase = await createTestDatabase({ migrate: migrated });
  return { dataDir, env: { DATABASE_URL: db.url, DATA_DIR: dataDir }, url: () => db.url, drop: () => db.drop() };
}

/** A kahu's HTTP API as one account sees it. */
function api(port: number, token = '') {
  return async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body: json };
  };
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-backup-'));
fs.chmodSync(root, 0o755); // as root, the embedded server runs as the postgres user
const procs: Kahu[] = [];
const installs: Install[] = [];
let smtp1: Awaited<ReturnType<typeof startSmtp>>;
let smtp2: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp1 = await startSmtp();
  smtp2 = await startSmtp();
});
afterAll(async () => {
  for (const p of procs) await p.stop('SIGTERM');
  await smtp1?.close();
  await smtp2?.close();
  for (const i of installs) await i.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

const ORDERS = { Sunrise: ['B Kona-Kailua - Kawaihae', 'B Puna H'], Sunset: ['B Kilauea - Wailua', 'B Aiea H'] };
const isResults = (m: { subject: string }) => /^Deadline during the backup: Spring 1 Movement results/.test(m.subject);
const LIMITS = {
  ORDER_RATE_LIMIT: '100000',
  ACCOUNT_RATE_LIMIT: '100000',
  SIGN_IN_MAIL_LIMIT: '100000',
  INVITE_ADDRESS_HOURLY_LIMIT: '100000',
};

describe(`backup and restore (${EMBEDDED ? 'embedded PostgreSQL, a fresh data directory' : 'DATABASE_URL, a fresh database'})`, () => {
  it('a backup taken under load restores into a fresh database, and the game plays on: adjudicated once, its mail sent once, tokens kept', {
    timeout: 420_000,
  }, async () => {
    const source = await install(root, 'source', true);
    installs.push(source);
    const port1 = await freePort();
    const first = spawnKahu([], { ...source.env, ...LIMITS, PORT: String(port1), SMTP_URL: smtp1.url });
    procs.push(first);
    await first.waitFor(/kahu is running/, 90_000);

    // Five accounts, their tokens from the mail; two Heiau Race games with the powers given.
    const tokens: Record<string, string> = {};
    for (const who of ['mod', 'a', 'b', 'c', 'd']) {
      const email = `${who}@example.org`;
      expect((await api(port1)('POST', '/accounts', { email })).status).toBe(202);
      const mail = await until(
        async () => smtp1.received.find((m) => m.to === email && TOKEN_RE.test(m.text)),
        30_000,
        `the token mail to ${email}`,
      );
      tokens[who] = TOKEN_RE.exec(mail!.text)![0];
    }
    const as = (who: string, port = port1) => api(port, tokens[who]);
    const newGame = async (name: string, sunrise: string, sunset: string) => {
      const g = await as('mod')('POST', '/games', {
        name,
        variant: 'heiau',
        scenario: 'race',
        deadlines: { reminderMinutes: 0 },
      });
      expect(g.status, JSON.stringify(g.body)).toBe(201);
      for (const [who, role] of [
        [sunrise, 'Sunrise'],
        [sunset, 'Sunset'],
      ])
        expect(
          (await as('mod')('POST', `/games/${g.body.id}/invitations`, { email: `${who}@example.org`, role })).status,
        ).toBe(201);
      for (const who of [sunrise, sunset]) expect((await as(who)('POST', `/games/${g.body.id}/join`)).status).toBe(200);
      expect((await as('mod')('POST', `/games/${g.body.id}/start`)).status).toBe(200);
      return g.body.id as string;
    };
    const deadline = await newGame('Deadline during the backup', 'a', 'b');
    const busy = await newGame('Orders during the backup', 'c', 'd');
    const inForce = await as('a')('PUT', `/games/${deadline}/orders`, { orders: ORDERS.Sunrise });
    expect(inForce.status).toBe(200);

    // Orders arrive all along: c and d replace theirs in turn, one submission after the other.
    const receipts: { who: string; hash: string; sentAfterSnapshot: boolean }[] = [];
    let snapshotTaken = false;
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const who = i % 2 ? 'd' : 'c';
        const after = snapshotTaken;
        const r = await as(who)('PUT', `/games/${busy}/orders`, { orders: i % 2 ? ORDERS.Sunset : ORDERS.Sunrise });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        receipts.push({ who, hash: r.body.receipt.hash, sentAfterSnapshot: after });
        await sleep(150);
      }
    })();
    await until(async () => receipts.length >= 4, 30_000, 'orders before the backup');

    const file = path.join(root, 'kahu.backup.gz');
    const backup = npmRun('backup', [file], { ...source.env, KAHU_TEST_BACKUP_PAUSE_MS: '8000' });
    await Promise.race([
      backup.hook,
      backup.then((r) => {
        throw new Error(`the backup ended before its snapshot:\n${r.out}`);
      }),
    ]);
    snapshotTaken = true;
    // While it copies: the moderator brings the deadline forward, it passes, the phase is
    // adjudicated and its results mailed; and more orders come in.
    expect(
      (await as('mod')('PUT', `/games/${deadline}/deadline`, { at: new Date(Date.now() + 1000).toISOString() })).status,
    ).toBe(200);
    await until(
      async () => smtp1.received.filter(isResults).length === 3,
      30_000,
      'the results mail of the live judge',
    );
    const liveHistory = (await as('mod')('GET', `/games/${deadline}/history`)).body;
    expect(liveHistory.phases[0].status).toBe('adjudicated');
    const r = await backup;
    loading = false;
    await load;
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/backup of .* written to .*kahu\.backup\.gz: [\d.]+ (kB|MB) in [\d.]+ s/);
    expect(receipts.some((x) => x.sentAfterSnapshot)).toBe(true);
    expect(await first.stop('SIGTERM')).toBe(0);

    // A stopped judge is backed up too (the embedded server is started for it, and stopped again).
    const again = await npmRun('backup', [path.join(root, 'stopped.backup.gz')], source.env);
    expect(again.code, again.out).toBe(0);
    const header = await readBackupHeader(path.join(root, 'stopped.backup.gz'));
    expect(header.tables.find((t) => t.name === 'Phase')!.rows).toBe(3); // the adjudicated phase, its successor, and the other game's
    if (EMBEDDED)
      expect(
        await fetch(`http://127.0.0.1:${source.env.EMBEDDED_PG_PORT}`).then(
          () => true,
          () => false,
        ),
      ).toBe(false);

    // The restore, into a fresh database.
    const target = await install(root, 'restored', false);
    installs.push(target);
    const restored = await npmRun('restore', [file], target.env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/5 accounts, 2 games \(2 active\), 2 phases \(2 open\), \d+ mails pending/);

    const port2 = await freePort();
    const second = spawnKahu([], { ...target.env, ...LIMITS, PORT: String(port2), SMTP_URL: smtp2.url });
    procs.push(second);
    await second.waitFor(/kahu is running/, 90_000);
    const db = new pg.Client({ connectionString: target.url() });
    await db.connect();
    try {
      // The snapshot's moment: the phase open with the orders it had, not the adjudication after it.
      const history = (await as('mod', port2)('GET', `/games/${deadline}/history`)).body;
      expect(history.phases.map((p: any) => p.status)).toEqual(['open']);
      // Tokens still work, and the orders in force then are in force now (same receipt).
      const mine = await as('a', port2)('GET', `/games/${deadline}/orders`);
      expect(mine.status).toBe(200);
      expect(mine.body.receipt.hash).toBe(inForce.body.receipt.hash);
      // The orders that arrived: those answered before the snapshot are all there, none sent after it.
      const busyOrders = (
        await db.query(
          `SELECT s.receipt FROM "Submission" s JOIN "Phase" p ON p.id = s."phaseId" WHERE p."gameId" = $1 ORDER BY s.seq`,
          [busy],
        )
      ).rows.map((x) => x.receipt);
      expect(busyOrders).toEqual(receipts.slice(0, busyOrders.length).map((x) => x.hash));
      expect(receipts.slice(0, busyOrders.length).every((x) => !x.sentAfterSnapshot)).toBe(true);

      // Play on: the deadline passes again on the restored judge.
      expect((await as('b', port2)('PUT', `/games/${deadline}/orders`, { orders: ORDERS.Sunset })).status).toBe(200);
      expect(
        (
          await as('mod', port2)('PUT', `/games/${deadline}/deadline`, {
            at: new Date(Date.now() + 1000).toISOString(),
          })
        ).status,
      ).toBe(200);
      const results = () => smtp2.received.filter(isResults);
      await until(async () => results().length >= 3, 45_000, 'the results mail of the restored judge');
      await sleep(3000); // sweeps and duplicate jobs get their chance to do harm
      expect(
        results()
          .map((m) => m.to)
          .sort(),
      ).toEqual(['a@example.org', 'b@example.org', 'mod@example.org']);
      expect(new Set(smtp2.received.map((m) => m.id)).size).toBe(smtp2.received.length);
      expect(
        (
          await db.query(`SELECT count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1 AND kind = 'adjudicated'`, [
            deadline,
          ])
        ).rows[0].n,
      ).toBe(1);
      const after = (await as('mod', port2)('GET', `/games/${deadline}/history`)).body;
      expect(after.phases.map((p: any) => p.status)).toEqual(['adjudicated', 'open']);
      expect(after.phases[0].orders.find((o: any) => o.role === 'Sunrise').lines).toEqual(ORDERS.Sunrise);
      expect((await as('mod', port2)('GET', `/games/${deadline}/replay`)).body.ok).toBe(true);
      // New rows continue the serial counters (a new submission is the one in force).
      const next = await as('d', port2)('PUT', `/games/${busy}/orders`, { orders: ORDERS.Sunset });
      expect(next.status).toBe(200);
      expect((await as('d', port2)('GET', `/games/${busy}/orders`)).body.receipt.hash).toBe(next.body.receipt.hash);
    } finally {
      await db.end();
    }
    expect(second.output() + first.output()).not.toMatch(TOKEN_RE);

    // A second restore over it is refused, and changes nothing.
    const refused = await npmRun('restore', [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/the target database is not empty \(Account: 5 rows/);
  });
});

describe('a backup of an older format version and schema', () => {
  it(`restores: test/fixtures/${path.basename(FIXTURE)} (format 1, written at an earlier migration) is migrated on, and its token signs in`, {
    timeout: 60_000,
  }, async () => {
    const header = await readBackupHeader(FIXTURE);
    expect(header.version).toBe(1);
    const target = await createTestDatabase({ migrate: false });
    try {
      const s = await restoreBackup(target.url, FIXTURE);
      expect(s.applied.length).toBeGreaterThan(0); // the migrations written after the backup
      expect(s).toMatchObject({ accounts: 3, games: { total: 1, active: 1 } });
      const config = loadConfig({
        PUBLIC_URL: 'http://kahu.test',
        LOG_LEVEL: 'silent',
        TOKEN_TTL_DAYS: '3650',
        TOKEN_IDLE_DAYS: '3650',
        DATABASE_URL: target.url,
      });
      const ctx = {
        db: createDb(target.url, 2),
        pool: createPool(target.url, 2),
        clock: systemClock,
        config,
        log: pino({ level: 'silent' }),
      };
      const app = await buildApp(ctx, { logRequests: false });
      try {
        const fixture = JSON.parse(fs.readFileSync(FIXTURE.replace(/\.backup\.gz$/, '.json'), 'utf8'));
        const games = await app.inject({
          url: '/games',
          headers: { authorization: `Bearer ${fixture.moderatorToken}` },
        });
        expect(games.statusCode).toBe(200);
        expect(JSON.stringify(games.json())).toContain(fixture.game);
      } finally {
        await app.close();
        await ctx.db.$disconnect();
        await ctx.pool.end();
      }
    } finally {
      await target.drop();
    }
  });
});
