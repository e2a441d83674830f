// kahu: `tsx src/main.ts` runs the API and the worker in one process; `--api` or `--worker` runs
// only one of them against a shared DATABASE_URL (scale out by running several of each).
import path from 'node:path';
import pino from 'pino';
import { environment, loadConfig } from './config.ts';
import { dkimRecord, loadDkimKey, loadReplySecret } from './service/secrets.ts';
import { createDb, createPool } from './db/client.ts';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { bossQueue, createBoss } from './jobs/queues.ts';
import { startWorker } from './jobs/worker.ts';
import { createTransport } from './service/mail-sending/transport.ts';
import { systemClock } from './service/clock.ts';
import type { Ctx } from './service/context.ts';
import { games } from './games/index.ts';
import { startInboundSmtp } from './pbem/inbound/listener.ts';

async function main() {
  const args = process.argv.slice(2);
  const onlyApi = args.includes('--api');
  const onlyWorker = args.includes('--worker');
  const runApi = !onlyWorker;
  const runWorker = !onlyApi;
  // .env (as .env.example shows) under the real environment, which wins.
  const config = loadConfig(environment());
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'headers.authorization', 'token'] });

  let url = config.databaseUrl;
  let stopPg: (() => Promise<void>) | undefined;
  if (!url) {
    const dir = path.join(config.dataDir, 'pg');
    log.info({ dir, port: config.embeddedPgPort }, 'DATABASE_URL is unset: starting the embedded PostgreSQL');
    const pg = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort, log: (m) => log.debug({ pg: m }) });
    stopPg = pg.stop;
    url = withDatabase(pg.url, 'kahu');
    await ensureDatabase(url);
  }
  const m = await migrate(url);
  for (const w of m.warnings) log.warn(w);
  if (m.applied.length) log.info({ applied: m.applied }, 'migrations applied');

  const db = createDb(url, config.dbPoolSize);
  const pool = createPool(url, config.dbPoolSize);
  await loadReplySecret(config, pool);
  await loadDkimKey(config, pool);
  const dkim = dkimRecord(config.dkim);
  if (args.includes('--dkim-record')) {
    // `npm run dkim-record`: the DNS record to publish, then stop.
    process.stdout.write(`${dkimTxt(dkim)}\n`);
    await db.$disconnect();
    await pool.end();
    await stopPg?.();
    return;
  }
  const boss = await createBoss(url, { worker: runWorker, onError: (err) => log.warn({ err }, 'job queue error') });
  const ctx: Ctx = { db, pool, clock: systemClock, config, log, jobs: bossQueue(boss) };
  const transport = createTransport(config);
  const worker = runWorker ? await startWorker(ctx, boss, transport) : undefined;
  const app = runApi ? await buildApp(ctx) : undefined;
  if (app) await app.listen({ port: config.port, host: config.host });
  // Play by email: the SMTP listener runs with the API (the webhook is an API route).
  const inbound =
    runApi && config.inbound.smtpPort !== undefined
      ? await startInboundSmtp(ctx, { port: config.inbound.smtpPort, host: config.inbound.smtpHost })
      : undefined;

  const lines = [
    `kahu is running (${[runApi && 'API', runWorker && 'worker'].filter(Boolean).join(' + ')}); games: ${Object.keys(games).join(', ') || 'none'}`,
  ];
  if (app) {
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    lines.push(
      `  Web:      ${base}  (open it in a browser to sign in and play)`,
      `  API:      ${base}`,
      `  API docs: ${base}/docs  (OpenAPI: ${base}/docs/json)`,
      `  Health:   ${base}/health`,
    );
  }
  lines.push(
    `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`}`,
  );
  if (runWorker)
    lines.push(
      `  Mail:     ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `.eml files in ${path.join(config.dataDir, 'outbox')}`}`,
      `  DKIM:     signed as ${config.dkim.domain}; publish (npm run dkim-record):`,
      `    ${dkimTxt(dkim)}`,
    );
  if (inbound)
    lines.push(`  Inbound:  SMTP on ${config.inbound.smtpHost}:${inbound.port} for @${config.inbound.domain}`);
  if (app && config.inbound.webhookSecret)
    lines.push(`  Inbound:  POST /inbound/mail (raw RFC 822, INBOUND_WEBHOOK_SECRET)`);
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const began = Date.now();
    const step = async (name: string, fn: () => Promise<unknown> | unknown) => {
      const t0 = Date.now();
      await fn();
      log.info({ step: name, ms: Date.now() - t0 }, 'shutdown step');
    };
    try {
      // The listeners and the worker stop side by side: requests in flight and jobs in hand finish,
      // nothing new is taken. pg-boss then has no work in progress and stops without waiting.
      await Promise.all([
        step('http', async () => {
          await app?.close();
          await inbound?.close();
        }),
        step('worker', () => worker?.stop()),
      ]);
      await step('queue', () => boss.stop({ graceful: true, timeout: 10_000 }));
      await step('database', async () => {
        await db.$disconnect();
        await pool.end();
        transport.close();
        await stopPg?.();
      });
      log.info({ ms: Date.now() - began }, 'stopped');
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A zone-file line: TXT strings hold at most 255 characters, so the key is split into several. */
function dkimTxt(r: { name: string; value: string }): string {
  return `${r.name}. IN TXT ( ${(r.value.match(/.{1,250}/g) ?? []).map((p) => `"${p}"`).join(' ')} )`;
}

main().catch((err) => {
  process.stderr.write(`kahu failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
