// bench:web — each kind of page's first view in a real Chromium on a phone (390 px): bytes
// transferred (HTML, CSS, script, maps and every API answer the page needs) and the time until the
// page is interactive (built: main no longer aria-busy, its map drawn), median of several cold loads.
// Kinds: the game page of each game (a player's, one phase played so its last results show), the
// history page (Standard), and My games (the player is in all five games); and Standard's game page
// again for a returning player (signed in, script and style kept, the seat known: measured after a
// first visit in the same browser).
//
// Beside each time, the page's own main-thread work until then (script, layout, style: Chromium's
// Performance metrics), which a busy machine stretches far less than the time itself.
//
//   npm run bench:web          (embedded PostgreSQL in a temporary directory)
//   DATABASE_URL=postgresql://... npm run bench:web   BENCH_LOADS=5 (default: 5, the first a warm-up)
//   BENCH_ONLY=<kind>  BENCH_VERBOSE=1 (the last load's requests with their times)
//   BENCH_ENDPOINTS=1: each API answer a game page asks for, timed alone and six at once (median of 25 each)
//   BENCH_TRACE=<prefix>: a Chromium trace of each kind's last load (<prefix>-<kind>.json); with
//   BENCH_CPU=1 a CPU profile of its script instead (.cpuprofile; KAHU_NO_MINIFY=1 npm run build
//   first keeps the client's names)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createDb, createPool } from '../src/db/client.ts';
import { freePort, scratchDatabase } from '../src/db/scratch.ts';
import { hashToken, newToken } from '../src/service/accounts.ts';
import { launchBrowser } from '../test/web/browser.ts';

const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const scratch = await scratchDatabase('benchweb');
  // Each load asks for a new sign-in link: lift the per-address mail and account-route limits for the measurement.
  const env = {
    DATABASE_URL: scratch.url,
    DATA_DIR: scratch.dir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SIGN_IN_MAIL_LIMIT: '1000',
    ACCOUNT_RATE_LIMIT: '1000',
  };
  const db = createDb(scratch.url, 4);
  const pool = createPool(scratch.url, 2);
  const port = await freePort();
  // BENCH_SERVER_PROF=<dir>: a CPU profile of the API process, written when it stops.
  const prof = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const api = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/main.ts', '--api'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: [
      'ignore',
      process.env.BENCH_CHILD_LOG ? fs.openSync(process.env.BENCH_CHILD_LOG, 'w') : 'ignore',
      'inherit',
    ],
  });
  const browser = await launchBrowser();
  try {
    const people: { id: string; email: string; token: string }[] = [];
    for (const who of ['mod', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']) {
      const token = newToken();
      const a = await db.account.create({ data: { email: `${who}@example.org` } });
      await db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
      people.push({ ...a, token });
    }
    const [mod, ...players] = people as [(typeof people)[0], ...typeof people];
    for (let i = 0; i < 200; i++) {
      const ok = await new Promise<boolean>((res) =>
        http
          .get({ port, host: '127.0.0.1', path: '/health' }, (r) => {
            r.resume();
            res(r.statusCode === 200);
          })
          .on('error', () => res(false)),
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    const call = async (who: { token: string }, method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${who.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<any>;
    };
    // Every game started over the API with one phase played (so the page shows its last results).
    const games: { name: string; id: string }[] = [];
    for (const [name, variant, scenario, n] of [
      ['Standard', 'standard', 'classic', 7],
      ['Heiau Clans', 'heiau', 'clans', 3],
      ['Hawaii 1795', 'hawaii1795', 'short', 2],
      ['Aloha', 'aloha', 'two', 2],
      ['Maori Wars', 'maori-wars', 'hone-hekes-challenge', 2],
    ] as const) {
      const g = await call(mod, 'POST', '/games', {
        name: `Bench ${name}`,
        variant,
        scenario,
        deadlines: { reminderMinutes: 0 },
      });
      for (const p of players.slice(0, n)) await call(mod, 'POST', `/games/${g.id}/invitations`, { email: p.email });
      for (const p of players.slice(0, n)) await call(p, 'POST', `/games/${g.id}/join`);
      await call(mod, 'POST', `/games/${g.id}/start`);
      await call(mod, 'POST', `/games/${g.id}/process`);
      games.push({ name, id: g.id });
    }
    const kinds: { kind: string; path: string; ready: string; target: number; returning?: boolean }[] = [
      ...games.map((g) => ({ kind: `game page, ${g.name}`, path: `/games/${g.id}`, ready: '#map svg', target: 500 })),
      // The same player back on the page (signed in, the script and style kept, the seat known).
      {
        kind: 'game page, Standard, again',
        path: `/games/${games[0]!.id}`,
        ready: '#map svg',
        target: 500,
        returning: true,
      },
      { kind: 'history page, Standard', path: `/games/${games[0]!.id}/history`, ready: '.map svg', target: 800 },
      { kind: 'my games (5 games)', path: '/', ready: 'table.games', target: 500 },
    ];
    if (process.env.BENCH_ENDPOINTS) {
      // The answers a game page asks for after the game itself (src/web/client/pages/game.ts).
      const answers = ['/votes', '/orders', '/map.svg', '/options', '/history?after=0', '/press'];
      const timed = async (gameId: string, suffix: string) => {
        const t = performance.now();
        const r = await fetch(`${base}/games/${gameId}${suffix}`, {
          headers: { authorization: `Bearer ${players[0]!.token}` },
        });
        await r.arrayBuffer();
        return performance.now() - t;
      };
      // Each timed 30 times, the first 5 left out (warm-up).
      const medianOf = async (run: () => Promise<number>) => {
        const ts: number[] = [];
        for (let i = 0; i < 30; i++) ts.push(await run());
        return median(ts.slice(5))!.toFixed(1);
      };
      for (const g of games) {
        const row: string[] = [];
        for (const suffix of ['', ...answers])
          row.push(`${suffix || '/'} ${await medianOf(() => timed(g.id, suffix))}`);
        console.log(`  ${g.name}: ${row.join(', ')} ms`);
        const together = await medianOf(async () => {
          const t = performance.now();
          await Promise.all(answers.map((suffix) => timed(g.id, suffix)));
          return performance.now() - t;
        });
        console.log(`  ${g.name}: six at once ${together} ms`);
      }
    }
    const reader = players[0]!;
    const lines = [
      `First views on a 390 px phone as a player (${LOADS - 1} cold loads after one warm-up, median); targets: interactive under 500 ms (history 800 ms), under 300 KB; ${os.cpus().length} cores, load average at the end of each kind:`,
    ];
    for (const k of kinds.filter((x) => !process.env.BENCH_ONLY || x.kind.includes(process.env.BENCH_ONLY))) {
      const bytes: number[] = [];
      const times: number[] = [];
      const requests: number[] = [];
      const work: number[] = [];
      const script: number[] = [];
      const layout: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        // A fresh context each time: nothing cached, as on a first visit.
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        // A fresh one-time sign-in link each time, as a player would follow it from the mail.
        await fetch(`${base}/accounts/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: reader.email, web: true }),
        });
        const mail = await db.outboxMail.findFirstOrThrow({
          where: { toAddress: reader.email, kind: 'token' },
          orderBy: { seq: 'desc' },
        });
        const code = /#signin=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
        const link = `${base}/#signin=${code}&next=${k.path}`;
        if (k.returning) {
          // The first visit, not measured: the sign-in link, the page built.
          const first = await context.newPage();
          await first.goto(link);
          await first.locator(`main[aria-busy="false"] ${k.ready}`).waitFor();
          await first.waitForLoadState('networkidle');
          await first.close();
        }
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error(`${k.kind}: ${e.message}`));
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Performance.enable');
        let transferred = 0;
        let count = 0;
        const urls = new Map<string, string>();
        const started = new Map<string, number>();
        cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
          urls.set(e.requestId, e.request.url);
          started.set(e.requestId, e.timestamp);
        });
        cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
          transferred += e.encodedDataLength;
          count++;
          if (process.env.BENCH_VERBOSE && i === LOADS - 1) {
            const t0 = Math.min(...started.values());
            console.log(
              `    ${(e.encodedDataLength / 1024).toFixed(1).padStart(7)} KB ${String(Math.round((started.get(e.requestId)! - t0) * 1000)).padStart(5)}-${String(Math.round((e.timestamp - t0) * 1000)).padStart(5)} ms ${urls
                .get(e.requestId)
                ?.replace(base, '')
                .replace(/[0-9a-f-]{36}/g, '<id>')}`,
            );
          }
        });
        // The moment the page is built, noted by the page itself (a mutation observer set before its
        // script runs): a locator polling meanwhile would put the driver's own script on the page's
        // main thread while it builds.
        // (A string: tsx would wrap a function's inner functions in a helper the page lacks.)
        await page.addInitScript(`window.kahuReady = new Promise((done) => {
          new MutationObserver((_, o) => {
            if (!document.querySelector(${JSON.stringify(`main[aria-busy="false"] ${k.ready}`)})) return;
            o.disconnect();
            done(performance.now());
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
        });`);
        const tracing = process.env.BENCH_TRACE && i === LOADS - 1;
        const traceFile = (ext: string) => `${process.env.BENCH_TRACE}-${k.kind.replace(/\W+/g, '_')}.${ext}`;
        if (tracing && process.env.BENCH_CPU) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        if (tracing && !process.env.BENCH_CPU)
          await browser.startTracing(page, { path: traceFile('json'), screenshots: false });
        await page.goto(k.returning ? `${base}/#${k.path}` : link);
        const interactive = await page.evaluate(() => (window as unknown as { kahuReady: Promise<number> }).kahuReady);
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        if (tracing && !process.env.BENCH_CPU) await browser.stopTracing();
        if (tracing && process.env.BENCH_CPU) {
          const { profile } = await cdp.send('Profiler.stop');
          fs.writeFileSync(traceFile('cpuprofile'), JSON.stringify(profile));
        }
        await page.waitForLoadState('networkidle');
        if (i > 0) {
          bytes.push(transferred);
          times.push(interactive);
          requests.push(count);
          work.push(metric('TaskDuration'));
          script.push(metric('ScriptDuration'));
          layout.push(metric('LayoutDuration') + metric('RecalcStyleDuration'));
        }
        await context.close();
      }
      const kb = median(bytes)! / 1024,
        ms = median(times)!;
      // The machine's load while measuring: figures from a busy machine are not a quiet one's.
      lines.push(
        `  ${k.kind.padEnd(26)} interactive ${ms.toFixed(0).padStart(5)} ms ${ms < k.target ? 'met   ' : 'MISSED'}  ${kb.toFixed(1).padStart(6)} KB in ${median(requests)} requests ${kb < 300 ? 'met' : 'MISSED'}  (load ${os.loadavg()[0]!.toFixed(1)}; main thread ${median(work)!.toFixed(0)} ms: script ${median(script)!.toFixed(0)}, layout and style ${median(layout)!.toFixed(0)})`,
      );
      console.log(lines.at(-1));
    }
    console.log(`\n${lines.join('\n')}`);
  } finally {
    await browser.close();
    api.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await db.$disconnect();
    await pool.end();
    await scratch.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
