// SIGTERM while order submissions pour in: requests in flight finish, the process exits 0 within
// seconds, its jobs are released, and every accepted submission (and its receipt mail) is stored.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../src/service/accounts.ts';
import { createGame, invite, join, startGame } from '../../src/service/games.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { freePort, spawnKahu, TOKEN_RE, type Kahu } from './procs.ts';

let t: TestService;
let kahu: Kahu | undefined;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-sigterm-'));
});
afterAll(async () => {
  await kahu?.stop('SIGKILL');
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ORDERS: Record<string, string[][]> = {
  Sunrise: [
    ['B Kona-Kailua H', 'B Puna H'],
    ['B Kona-Kailua - Kawaihae', 'B Puna H'],
  ],
  Sunset: [
    ['B Aiea H', 'B Kilauea H'],
    ['B Kilauea - Wailua', 'B Aiea H'],
  ],
};

describe('SIGTERM under load', () => {
  it('finishes what is in flight, loses nothing, releases its jobs', { timeout: 90_000 }, async () => {
    const ctx = t.ctx;
    const seats: { gameId: string; token: string; role: string }[] = [];
    const accounts = [];
    for (let i = 0; i < 21; i++) {
      const token = newToken();
      const a = await t.db.account.create({ data: { email: `load${i}@example.org`, receiptsByMail: true } }); // receipts by mail: asked for
      await t.db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
      accounts.push({ ...a, token });
    }
    for (let i = 0; i < 20; i++) {
      const [p1, p2, mod] = [accounts[i], accounts[(i + 1) % 20], accounts[20]];
      const id = await createGame(ctx, mod.id, {
        name: `load ${i}`,
        variant: 'heiau',
        scenario: 'race',
        deadlines: { reminderMinutes: 0 },
      });
      await invite(ctx, id, mod.id, { email: p1.email, role: 'Sunrise' });
      await invite(ctx, id, mod.id, { email: p2.email, role: 'Sunset' });
      await join(ctx, id, p1.id);
      await join(ctx, id, p2.id);
      await startGame(ctx, id, mod.id);
      seats.push({ gameId: id, token: p1.token, role: 'Sunrise' }, { gameId: id, token: p2.token, role: 'Sunset' });
    }
    // Deadlines far away: only the load is measured.
    await t.db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = now() + interval '1 day' WHERE status = 'open'`);

    const port = await freePort();
    kahu = spawnKahu([], {
      LOG_LEVEL: 'info',
      DATABASE_URL: t.database.url,
      PORT: String(port),
      DATA_DIR: dataDir,
      SWEEP_SECONDS: '1',
    });
    await kahu.waitFor(/kahu is running/, 60_000);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    type Outcome = { startedBeforeSignal: boolean; status?: number; receipt?: string; error?: string };
    const outcomes: Outcome[] = [];
    let signalled = false;
    const put = (seat: (typeof seats)[number], n: number) =>
      new Promise<Outcome>((resolve) => {
        const o: Outcome = { startedBeforeSignal: !signalled };
        const body = JSON.stringify({ orders: ORDERS[seat.role][n % 2], ready: false });
        const req = http.request(
          {
            agent,
            host: '127.0.0.1',
            port,
            method: 'PUT',
            path: `/games/${seat.gameId}/orders`,
            headers: {
              authorization: `Bearer ${seat.token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => {
              o.status = res.statusCode;
              if (res.statusCode === 200) o.receipt = JSON.parse(text).receipt.hash;
              resolve(o);
            });
          },
        );
        req.on('error', (err: any) => {
          o.error = err.code ?? err.message;
          resolve(o);
        });
        req.end(body);
      });
    let n = 0;
    const loops = Array.from({ length: 16 }, async () => {
      for (;;) {
        const o = await put(seats[n % seats.length], n++);
        outcomes.push(o);
        if (o.error) return; // the server is gone
      }
    });
    // At least 1.5 s of load and 60 accepted submissions before the signal (a busy machine answers slower).
    const loadFrom = Date.now();
    const acceptedSoFar = () => outcomes.filter((o) => o.status === 200).length;
    while (Date.now() - loadFrom < 1500 || acceptedSoFar() < 60) {
      if (Date.now() - loadFrom > 60_000) throw new Error(`only ${acceptedSoFar()} submissions accepted in a minute`);
      await new Promise((r) => setTimeout(r, 50));
    }
    signalled = true;
    const signalledAt = Date.now();
    kahu.child.kill('SIGTERM');
    const code = await kahu.exited;
    const exitMs = Date.now() - signalledAt;
    await Promise.all(loops);
    agent.destroy();
    console.log(
      kahu
        .output()
        .split('\n')
        .filter((l) => /shutdown step|stopped|shutting down/.test(l))
        .join('\n'),
    );
    console.log(
      `[sigterm] ${outcomes.length} requests, ${outcomes.filter((o) => o.status === 200).length} accepted; exit ${code} ${exitMs} ms after SIGTERM`,
    );

    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(15_000);
    // In flight at the signal: answered, never dropped. Nothing ever answered 500.
    for (const o of outcomes.filter((x) => x.startedBeforeSignal)) expect(o.status, JSON.stringify(o)).toBe(200);
    expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500 && o.status !== 503)).toEqual([]);
    // Every accepted submission is stored with its receipt mail; nothing stored that was not answered 200
    // (except at most the requests that lost their connection).
    const accepted = outcomes.filter((o) => o.receipt).map((o) => o.receipt!);
    const stored = (await t.db.submission.findMany({ select: { receipt: true } })).map((s) => s.receipt);
    expect(accepted.length).toBeGreaterThan(50);
    for (const r of accepted) expect(stored).toContain(r);
    expect(stored.length - accepted.length).toBeLessThanOrEqual(outcomes.filter((o) => o.error).length);
    expect(await t.db.outboxMail.count({ where: { kind: 'receipt' } })).toBe(stored.length);
    // Jobs were released: none left active by the stopped process.
    const active = await t.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`,
    );
    expect(active[0].n).toBe(0);
    expect(kahu.output()).not.toMatch(TOKEN_RE);
  });
});
