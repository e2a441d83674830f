// bench:web — the game page's first view in a real Chromium: bytes transferred (HTML, CSS, script,
// the map and every API answer the page needs) and the time until the page is interactive (the map
// drawn and the order lists filled), median of several cold loads.
//
//   npm run bench:web          (embedded PostgreSQL in a temporary directory)
//   DATABASE_URL=postgresql://... npm run bench:web
import { spawn } from 'node:child_process';
import http from 'node:http';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDb, createPool } from '../src/db/client.ts';
import { freePort, scratchDatabase } from '../src/db/scratch.ts';
import { hashToken, newToken } from '../src/service/accounts.ts';
import { systemClock } from '../src/service/clock.ts';
import type { Ctx } from '../src/service/context.ts';
import { createGame, invite, join, startGame } from '../src/service/games.ts';
import { launchBrowser } from '../test/web/browser.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const scratch = await scratchDatabase('benchweb');
  // Each load asks for a new sign-in link: lift the per-address mail limit for the measurement.
  const env = { DATABASE_URL: scratch.url, DATA_DIR: scratch.dir, LOG_LEVEL: 'warn', SIGN_IN_MAIL_LIMIT: '1000' };
  const config = loadConfig({ ...env, PUBLIC_URL: 'http://bench.local' });
  const db = createDb(scratch.url, 4);
  const pool = createPool(scratch.url, 2);
  const ctx: Ctx = { db, pool, clock: systemClock, config, log: pino({ level: 'warn' }) };
  const port = await freePort();
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--api'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const browser = await launchBrowser();
  try {
    const people = [];
    for (const who of ['mod', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']) {
      const token = newToken();
      const a = await db.account.create({ data: { email: `${who}@example.org` } });
      await db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
      people.push({ ...a, token });
    }
    const [mod, ...players] = people;
    const id = await createGame(ctx, mod.id, { name: 'Bench Clans', variant: 'heiau', scenario: 'clans', deadlines: { reminderMinutes: 0 } });
    for (const p of players.slice(0, 3)) { await invite(ctx, id, mod.id, { email: p.email }); await join(ctx, id, p.id); }
    await startGame(ctx, id, mod.id);
    for (let i = 0; i < 200; i++) {
      const ok = await new Promise<boolean>((res) => http.get({ port, host: '127.0.0.1', path: '/health' }, (r) => { r.resume(); res(r.statusCode === 200); }).on('error', () => res(false)));
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    const bytes: number[] = [];
    const times: number[] = [];
    const requests: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      // A fresh context each time: nothing cached, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let transferred = 0;
      let count = 0;
      cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => { transferred += e.encodedDataLength; count++; });
      // A fresh one-time sign-in link each time, as a player would follow it from the mail.
      await fetch(`${base}/accounts/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: players[0]!.email, web: true }) });
      const mail = await db.outboxMail.findFirstOrThrow({ where: { toAddress: players[0]!.email, kind: 'token' }, orderBy: { seq: 'desc' } });
      const code = /#signin=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
      await page.goto(`${base}/#signin=${code}&next=/games/${id}`);
      await page.locator('#map svg').waitFor();
      await page.locator('select[data-unit]').first().waitFor();
      const interactive = await page.evaluate(() => performance.now());
      await page.waitForLoadState('networkidle');
      if (i > 0) { bytes.push(transferred); times.push(interactive); requests.push(count); }
      await context.close();
    }
    const lines = [
      `Game page, first view (Heiau Clans, a player; ${LOADS - 1} cold loads after one warm-up, median):`,
      `  transferred: ${(median(bytes) / 1024).toFixed(1)} KB in ${median(requests)} requests (target: under 300 KB)`,
      `  interactive (map drawn, order lists filled) after ${median(times).toFixed(0)} ms (target: under 1,000 ms)`,
    ];
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await db.$disconnect();
    await pool.end();
    await scratch.drop();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
