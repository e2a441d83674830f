// The database goes away and comes back (its own embedded PostgreSQL, stopped and started): the
// API answers 503 with Retry-After meanwhile, a refused request leaves nothing half-written, and
// the same process (API + worker) resumes its queued work by itself: the deadline that passed
// during the outage is adjudicated and its mail sent, without a restart of kahu.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDb, createPool } from '../../src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres, withDatabase, type EmbeddedPg } from '../../src/db/embedded.ts';
import { migrate } from '../../src/db/migrate.ts';
import { hashToken, newToken } from '../../src/service/accounts.ts';
import { systemClock } from '../../src/service/clock.ts';
import type { Ctx } from '../../src/service/context.ts';
import { createGame, invite, join, startGame } from '../../src/service/games.ts';
import { freePort, spawnKahu, TOKEN_RE, until, type Kahu } from './procs.ts';

let tmp: string;
let pgPort: number;
let server: EmbeddedPg | undefined;
let kahu: Kahu | undefined;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-dbdown-'));
  fs.chmodSync(tmp, 0o755);
  pgPort = await freePort();
  server = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), port: pgPort });
});
afterAll(async () => {
  await kahu?.stop('SIGKILL');
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function http(port: number, method: string, url: string, token?: string, body?: unknown) {
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
  return { status: r.status, headers: r.headers, body: json };
}

describe('the database goes away and comes back', () => {
  it('503 + Retry-After meanwhile, nothing half-written, queued work resumes by itself', {
    timeout: 120_000,
  }, async () => {
    const url = withDatabase(server!.url, 'kahu');
    await ensureDatabase(url);
    await migrate(url);
    const db = createDb(url, 4);
    const pool = createPool(url, 4);
    const ctx: Ctx = {
      db,
      pool,
      clock: systemClock,
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }),
      log: pino({ level: 'silent' }),
    };
    const people = [];
    for (const n of ['mod', 'a', 'b']) {
      const token = newToken();
      const acc = await db.account.create({ data: { email: `${n}@example.org`, receiptsByMail: true } }); // receipts of API orders by mail: asked for
      await db.apiToken.create({ data: { accountId: acc.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
      people.push({ ...acc, token });
    }
    const [mod, a, b] = people;
    const gameId = await createGame(ctx, mod.id, {
      name: 'Outage',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0, earlyProcessing: false },
    });
    await invite(ctx, gameId, mod.id, { email: a.email, role: 'Sunrise' });
    await invite(ctx, gameId, mod.id, { email: b.email, role: 'Sunset' });
    await join(ctx, gameId, a.id);
    await join(ctx, gameId, b.id);
    await startGame(ctx, gameId, mod.id);
    const phase = await db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    await db.$disconnect();
    await pool.end();

    const port = await freePort();
    kahu = spawnKahu([], {
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: path.join(tmp, 'data'),
      RETRY_AFTER_SECONDS: '2',
    });
    await kahu.waitFor(/kahu is running/, 60_000);
    expect(
      (
        await http(port, 'PUT', `/games/${gameId}/orders`, a.token, {
          orders: ['B Kona-Kailua - Kawaihae', 'B Puna H'],
        })
      ).status,
    ).toBe(200);

    // The deadline falls during the outage.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`UPDATE "Phase" SET "deadlineAt" = (now() AT TIME ZONE 'UTC') + interval '2 seconds' WHERE id = $1`, [
      phase.id,
    ]);
    await c.end();

    await server!.stop();
    server = undefined;
    const health = await http(port, 'GET', '/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('2');
    for (const [method, route, token, body] of [
      ['GET', `/games/${gameId}`, a.token, undefined],
      ['GET', `/games/${gameId}/history`, mod.token, undefined],
      ['PUT', `/games/${gameId}/orders`, b.token, { orders: ['B Kilauea - Wailua', 'B Aiea H'] }],
      ['POST', '/accounts', undefined, { email: 'new@example.org' }],
    ] as const) {
      const r = await http(port, method, route, token, body);
      expect(r.status, `${method} ${route}: ${JSON.stringify(r.body)}`).toBe(503);
      expect(r.headers.get('retry-after')).toBe('2');
      expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(r.body).toMatchObject({ status: 503, title: 'Service unavailable' });
    }
    await new Promise((r) => setTimeout(r, 3000)); // the deadline passes while the database is down
    expect(kahu.child.exitCode).toBeNull(); // kahu kept running

    server = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), port: pgPort });
    await until(async () => (await http(port, 'GET', '/health')).status === 200, 30_000, 'health 200 again');

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const q = async (sql: string, params: unknown[] = []) => (await check.query(sql, params)).rows;
    await until(
      async () =>
        (
          await q(
            `SELECT count(*)::int AS n FROM "OutboxMail" WHERE "gameId" = $1 AND kind = 'results' AND status = 'sent'`,
            [gameId],
          )
        )[0].n === 3,
      45_000,
      'the overdue phase adjudicated and its mail sent',
    );
    expect((await q(`SELECT status FROM "Phase" WHERE id = $1`, [phase.id]))[0].status).toBe('adjudicated');
    expect(
      (await q(`SELECT count(*)::int AS n FROM "GameEvent" WHERE "gameId" = $1 AND kind = 'adjudicated'`, [gameId]))[0]
        .n,
    ).toBe(1);
    // The refused submission left nothing; the accepted one was adjudicated with its receipt mailed.
    const subs = await q(`SELECT role, lines FROM "Submission" WHERE "phaseId" = $1`, [phase.id]);
    expect(subs).toEqual([{ role: 'Sunrise', lines: ['B Kona-Kailua - Kawaihae', 'B Puna H'] }]);
    expect((await q(`SELECT count(*)::int AS n FROM "OutboxMail" WHERE kind = 'receipt'`))[0].n).toBe(1);
    expect((await q(`SELECT count(*)::int AS n FROM "Account" WHERE email = 'new@example.org'`))[0].n).toBe(0);
    expect(
      (await q(`SELECT count(*)::int AS n FROM "Phase" WHERE "gameId" = $1 AND status = 'open'`, [gameId]))[0].n,
    ).toBe(1);
    await check.end();

    // The API works again for everyone, and the results are there.
    const h = await http(port, 'GET', `/games/${gameId}/history`, b.token);
    expect(h.status).toBe(200);
    expect(h.body.phases[0].status).toBe('adjudicated');
    const files = fs.readdirSync(path.join(tmp, 'data', 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml')).length).toBeGreaterThanOrEqual(3 + 3 + 1); // start, results, receipt
    expect(await kahu.stop('SIGTERM')).toBe(0);
    expect(kahu.output()).not.toMatch(TOKEN_RE);
  });
});
