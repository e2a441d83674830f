// Live pages over two service instances sharing one database: a change made through one reaches
// the Server-Sent Events streams of the other (PostgreSQL LISTEN/NOTIFY), and a stream tells only
// what its reader may know — never content, nothing of a private game to a visitor.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../../src/db/client.ts';
import { buildApp } from '../../src/http/app.ts';
import { STREAMS_PER_CLIENT } from '../../src/http/live.ts';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';
import type { Ctx } from '../../src/service/context.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
let other: { app: FastifyInstance; ctx: Ctx; base: string };
beforeAll(async () => {
  t = await startTestService();
  // A second API process: its own pools and its own LISTEN connection, the same database.
  const ctx: Ctx = {
    ...t.ctx,
    db: createDb(t.database.url, 3),
    pool: createPool(t.database.url, 3),
    log: pino({ level: 'silent' }),
  };
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  other = { app, ctx, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await other?.app.close();
  await other?.ctx.db.$disconnect();
  await other?.ctx.pool.end();
  await t?.close();
});

interface Live {
  status: number;
  body: string;
  events: { kind: string; data: any; raw: string }[];
  close(): void;
  next(kind: string, ms?: number): Promise<{ kind: string; data: any; raw: string }>;
}

/** Opens a stream on the second instance; resolves once it is live (or answered an error). */
function follow(path: string, token?: string): Promise<Live> {
  return new Promise((resolve, reject) => {
    let taken = 0;
    const req = http.get(
      `${other.base}${path}`,
      { headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        const live: Live = {
          status: res.statusCode ?? 0,
          body: '',
          events: [],
          close: () => req.destroy(),
          next: (kind, ms = 10_000) =>
            new Promise((ok, fail) => {
              // From the first event not yet taken: one may arrive before the request that caused it has its answer.
              const seen = taken;
              const started = Date.now();
              const look = () => {
                const i = live.events.findIndex((x, j) => j >= seen && x.kind === kind);
                if (i >= 0) {
                  taken = i + 1;
                  return ok(live.events[i]!);
                }
                if (Date.now() - started > ms)
                  return fail(
                    new Error(
                      `no "${kind}" event within ${ms} ms; got ${
                        live.events
                          .slice(seen)
                          .map((x) => x.kind)
                          .join(', ') || 'nothing'
                      }`,
                    ),
                  );
                setTimeout(look, 20);
              };
              look();
            }),
        };
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          live.body += chunk;
          buf += chunk;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const kind = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (kind) live.events.push({ kind, data: JSON.parse(data ?? 'null'), raw: block });
            if (block.includes(': live')) resolve(live);
          }
        });
        res.on('end', () => resolve(live));
        if (res.statusCode !== 200) res.on('end', () => resolve(live));
      },
    );
    req.on('error', reject);
  });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live streams across two service instances', () => {
  let mod: Client, a: Client, b: Client;
  let gameId = '';
  let sunrise: Client, sunset: Client;

  beforeAll(async () => {
    mod = await signUp(t, 'live-mod@example.org', { name: 'Kahuna' });
    a = await signUp(t, 'live-a@example.org', { name: 'Alii' });
    b = await signUp(t, 'live-b@example.org', { name: 'Makoa' });
    const g = await startedGame(t, mod, [a, b], {
      name: 'Live race',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    gameId = g.game.id;
    sunrise = g.byRole.Sunrise!;
    sunset = g.byRole.Sunset!;
  });

  it('a ready mark, a moved deadline and an adjudication made on one instance reach a player following on the other, without content', {
    timeout: 30_000,
  }, async () => {
    const live = await follow(`/games/${gameId}/live`, sunset.token);
    const mine = await follow('/games/live', sunset.token);
    expect(live.status).toBe(200);
    expect(mine.status).toBe(200);

    await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H', ready: true });
    const ready = await live.next('readiness');
    expect(ready.data).toEqual({ game: gameId, kind: 'readiness', seq: 1 });
    expect((await mine.next('readiness')).data.game).toBe(gameId);

    const at = new Date(t.clock.now().getTime() + 3 * 3_600_000 + 7_000).toISOString();
    await mod.ok('PUT', `/games/${gameId}/deadline`, { at });
    expect((await live.next('phase')).data).toEqual({ game: gameId, kind: 'phase', seq: 1 });

    await sunset.ok('PUT', `/games/${gameId}/orders`, { text: 'B Aiea H\nB Kilauea H', ready: true });
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    t.clock.set(new Date(Date.parse(at) + 1_000));
    await handleDeadlineJob(t.ctx, { phaseId: phase.id });
    const moved = await live.next('phase');
    expect(moved.data.game).toBe(gameId);
    await delay(300);
    // Events say what changed, never what was ordered or written.
    for (const text of [live.body, mine.body])
      expect(text).not.toMatch(/Kawaihae|Kona|Aiea|Kilauea|Puna|live-a@|live-b@/);
    expect(live.events.map((e) => e.kind)).toContain('event');
    expect(live.events.filter((e) => e.kind === 'phase').map((e) => e.data.seq)).toContain(2);
    live.close();
    mine.close();
  });

  it('a private game is not found to a visitor, press is told only to those it was sent to, and streams per reader are capped', {
    timeout: 30_000,
  }, async () => {
    const visitor = await follow(`/games/${gameId}/live`);
    expect(visitor.status).toBe(404);
    expect(visitor.body).toMatch(/"status":404/);

    await mod.ok('PUT', `/games/${gameId}/public`, { public: true });
    const watcher = await follow(`/games/${gameId}/live`);
    expect(watcher.status).toBe(200);
    const toSunset = await follow(`/games/${gameId}/live`, sunset.token);
    const moderator = await follow(`/games/${gameId}/live`, mod.token);
    await sunrise.ok('POST', `/games/${gameId}/press`, { to: ['Sunset'], text: 'Kawaihae is yours' }, 201);
    expect((await toSunset.next('press')).data).toEqual({ game: gameId, kind: 'press', seq: null });
    // The visitor and the moderator learn nothing of it, not even that it was sent.
    await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'B Kawaihae H', ready: true });
    await watcher.next('readiness');
    await moderator.next('readiness');
    expect(watcher.events.map((e) => e.kind)).not.toContain('press');
    expect(moderator.events.map((e) => e.kind)).not.toContain('press');
    expect(toSunset.body).not.toMatch(/Kawaihae/);

    const more = [];
    for (let i = 1; i < STREAMS_PER_CLIENT; i++) more.push(await follow(`/games/${gameId}/live`, sunset.token));
    expect(more.every((s) => s.status === 200)).toBe(true);
    const refused = await follow(`/games/${gameId}/live`, sunset.token);
    expect(refused.status).toBe(429);
    for (const s of [watcher, toSunset, moderator, ...more]) s.close();
  });

  it('orders written for a phase that is no longer open are refused and stored nowhere (never queued for the next decision)', async () => {
    const before = await t.db.submission.count();
    const open = await sunrise.ok('GET', `/games/${gameId}/orders`);
    const r = await sunrise.req('PUT', `/games/${gameId}/orders`, { text: 'B Kawaihae H', phase: '0001-S0001M-gone' });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(`The phase moved on (${open.phase.label} is open now); your orders were not sent.`);
    expect(r.body.errors[0].field).toBe('body.phase');
    expect(await t.db.submission.count()).toBe(before);
    // Naming the open phase, the same orders are taken.
    await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'B Kawaihae H', phase: open.phase.key });
  });

  it('closing the service ends its open streams: shutdown never waits on a follower', { timeout: 30_000 }, async () => {
    const ctx: Ctx = {
      ...t.ctx,
      db: createDb(t.database.url, 2),
      pool: createPool(t.database.url, 2),
      log: pino({ level: 'silent' }),
    };
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const { ended } = await new Promise<{ ended: Promise<void> }>((resolve) => {
      http.get(
        `http://127.0.0.1:${port}/games/${gameId}/live`,
        { headers: { authorization: `Bearer ${sunset.token}` } },
        (res) => {
          const end = new Promise<void>((ok) => res.on('end', () => ok()).on('close', () => ok()));
          res.on('data', () => resolve({ ended: end }));
        },
      );
    });
    const started = Date.now();
    await app.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(3_000);
    await ctx.db.$disconnect();
    await ctx.pool.end();
  });
});
