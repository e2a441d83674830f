// A test instance of the service: a fresh migrated database, a manual clock, the real app and
// the real job handlers. Tests move the clock and call the handlers instead of sleeping.
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.ts';
import { createDb, createPool, type Db } from '../../src/db/client.ts';
import { buildApp } from '../../src/http/app.ts';
import { ManualClock, systemClock } from '../../src/service/clock.ts';
import { bossQueue, createBoss } from '../../src/jobs/queues.ts';
import { startWorker, type Worker } from '../../src/jobs/worker.ts';
import { fileTransport } from '../../src/service/mail-sending/transport.ts';
import { loadReplySecret } from '../../src/service/secrets.ts';
import type { Ctx } from '../../src/service/context.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import type { FastifyInstance } from 'fastify';

export interface TestService {
  ctx: Ctx;
  db: Db;
  clock: ManualClock;
  config: Config;
  app: FastifyInstance;
  database: TestDatabase;
  /** Where a running service's worker writes the mail it sends (`running.outbox`). */
  outbox?: string;
  close(): Promise<void>;
}

/**
 * `running`: as `npm start` runs it instead: the system clock (the manual one is then unused), the
 * job queue and the worker, which processes deadlines when they pass and writes mail as .eml files
 * to `running.outbox`.
 */
export async function startTestService(
  opts: {
    env?: Record<string, string>;
    clock?: ManualClock;
    running?: { outbox: string };
    /** A database made outside vitest (scripts/screenshots.ts): createTestDatabase needs the test run's server. */
    database?: TestDatabase;
  } = {},
): Promise<TestService> {
  const database = opts.database ?? (await createTestDatabase());
  const config = loadConfig({
    PUBLIC_URL: 'http://kahu.test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: '100000',
    ACCOUNT_RATE_LIMIT: '100000',
    ORDER_RATE_LIMIT: '100000',
    SIGN_IN_MAIL_LIMIT: '100000',
    INVITE_DAILY_LIMIT: '100000',
    INVITE_ADDRESS_HOURLY_LIMIT: '100000',
    TOKEN_TTL_DAYS: '3650',
    TOKEN_IDLE_DAYS: '3650',
    ...opts.env,
    DATABASE_URL: database.url,
  });
  const db = createDb(database.url, 5);
  const pool = createPool(database.url, 5);
  await loadReplySecret(config, pool);
  const clock = opts.clock ?? new ManualClock('2025-03-03T00:00:00Z');
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const boss = opts.running ? await createBoss(database.url, { worker: true, max: 3 }) : undefined;
  const ctx: Ctx = {
    db,
    pool,
    clock: opts.running ? systemClock : clock,
    config,
    log,
    ...(boss ? { jobs: bossQueue(boss) } : {}),
  };
  const app = await buildApp(ctx, { logRequests: false });
  await app.ready();
  let worker: Worker | undefined;
  if (boss && opts.running) worker = await startWorker(ctx, boss, fileTransport(opts.running.outbox));
  return {
    ctx,
    db,
    clock,
    config,
    app,
    database,
    ...(opts.running ? { outbox: opts.running.outbox } : {}),
    async close() {
      await worker?.stop();
      await boss?.stop({ graceful: false, wait: true });
      await app.close();
      await db.$disconnect();
      await pool.end();
      await database.drop();
    },
  };
}

/** Mail waiting in the outbox for an address (newest last). */
export async function mailFor(db: Db, to: string, kind?: string) {
  return db.outboxMail.findMany({
    where: { toAddress: to.toLowerCase(), ...(kind ? { kind } : {}) },
    orderBy: { seq: 'asc' },
  });
}

/** Register an account and pick its token out of the emailed message. */
export async function registerAccount(
  t: TestService,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/accounts', payload: { email, ...extra } });
  if (r.statusCode !== 202) throw new Error(`register ${email}: ${r.statusCode} ${r.body}`);
  const mails = await mailFor(t.db, email, 'token');
  const m = /(kahu_[A-Za-z0-9_-]{43})/.exec(mails[mails.length - 1].body);
  if (!m) throw new Error('no token in mail');
  return m[1];
}
