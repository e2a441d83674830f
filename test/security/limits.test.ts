// Limits: request body size, rate limits on sign-in and on order submission, security headers,
// constant-time token comparison, and no token ever in the logs.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDb, createPool } from '../../src/db/client.ts';
import { buildApp } from '../../src/http/app.ts';
import { hashToken, sameDigest } from '../../src/service/accounts.ts';
import { ManualClock } from '../../src/service/clock.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, startedGame } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';

const services: TestService[] = [];
afterAll(async () => {
  for (const s of services) await s.close();
});
async function service(env: Record<string, string> = {}) {
  const s = await startTestService({ env });
  services.push(s);
  return s;
}

describe('limits', () => {
  it('a body over the limit is refused (413) and changes nothing', async () => {
    const t = await service();
    const mod = await signUp(t, 'mod@example.org');
    const before = await t.db.game.count();
    const r = await mod.req('POST', '/games', { name: 'x'.repeat(300 * 1024), variant: 'heiau', scenario: 'race' });
    expect(r.status).toBe(413);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await t.db.game.count()).toBe(before);
  });

  it('sign-in and registration are rate limited per client address', async () => {
    const t = await service({ ACCOUNT_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email: 'someone@example.org' } }))
          .statusCode,
      );
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    // Registering has its own budget of the same size.
    for (let i = 0; i < 3; i++)
      expect(
        (await t.app.inject({ method: 'POST', url: '/accounts', payload: { email: `new${i}@example.org` } }))
          .statusCode,
      ).toBe(202);
    const r = await t.app.inject({ method: 'POST', url: '/accounts', payload: { email: 'other@example.org' } });
    expect(r.statusCode).toBe(429);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.headers['retry-after']).toBeDefined();
    expect(await mailFor(t.db, 'someone@example.org')).toHaveLength(3); // a refused request mails nothing
    expect(await t.db.account.count({ where: { email: 'other@example.org' } })).toBe(0);
  });

  it('order submission is rate limited per token, not per address', async () => {
    const t = await service({ ORDER_RATE_LIMIT: '3' });
    const mod = await signUp(t, 'mod@example.org');
    const { game, byRole } = await startedGame(
      t,
      mod,
      [await signUp(t, 'a@example.org'), await signUp(t, 'b@example.org')],
      { name: 'Limits', variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 } },
    );
    const s = byRole.Sunrise;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await s.req('PUT', `/games/${game.id}/orders`, { orders: ['B Puna H'] })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await t.db.submission.count()).toBe(3);
    expect((await byRole.Sunset.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H'] })).status).toBe(200);
  });

  it('every answer carries the security headers', async () => {
    const t = await service();
    for (const url of ['/health', '/games', '/docs/json', '/nowhere']) {
      const r = await t.app.inject({ url });
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['content-security-policy'], url).toMatch(/default-src 'self'/);
      expect(r.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(r.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('tokens are compared as digests in constant time', () => {
    const h = hashToken('kahu_a');
    expect(sameDigest(h, hashToken('kahu_a'))).toBe(true);
    expect(sameDigest(h, hashToken('kahu_b'))).toBe(false);
    expect(sameDigest(h, h.slice(0, 10))).toBe(false);
  });

  it('no token (nor its digest) is ever logged, even at trace level and on errors', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _e, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const log = pino({ level: 'trace' }, sink);
    const config = loadConfig({ PUBLIC_URL: 'http://kahu.test', DATABASE_URL: database.url, ORDER_RATE_LIMIT: '2' });
    const db = createDb(database.url, 3);
    const pool = createPool(database.url, 3);
    const ctx = { db, pool, clock: new ManualClock('2025-03-03T00:00:00Z'), config, log };
    const app = await buildApp(ctx);
    const t = {
      ctx,
      db,
      clock: ctx.clock,
      config,
      app,
      database,
      close: async () => {
        await app.close();
        await db.$disconnect();
        await pool.end();
        await database.drop();
      },
    } as TestService;
    services.push(t);
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email: 'a@example.org' } });
    const { game } = await startedGame(t, mod, [a, b], { name: 'Logs', variant: 'heiau', scenario: 'race' });
    for (const c of [a, b])
      for (let i = 0; i < 3; i++) await c.req('PUT', `/games/${game.id}/orders`, { orders: ['nonsense'] }); // 422s, then 429
    await client(t, 'kahu_' + 'Z'.repeat(43), '').req('GET', '/accounts/me'); // 401
    await a.req('POST', `/games/${game.id}/orders`, '{bad json'); // 404 / 400
    // The calendar feed's key travels in the URL: the request log must not keep it.
    const feed = new URL((await a.ok('POST', '/accounts/me/calendar', undefined, 201)).url);
    const key = feed.searchParams.get('key')!;
    expect((await t.app.inject({ url: `${feed.pathname}${feed.search}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${feed.pathname}?key=${key}x` })).statusCode).toBe(404);
    await a.req('DELETE', '/accounts/me/tokens/current', undefined);
    await a.req('GET', '/accounts/me'); // revoked: 401
    const tokens = [mod.token, a.token, b.token, 'kahu_' + 'Z'.repeat(43)];
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const tok of tokens) {
      expect(text).not.toContain(tok);
      expect(text).not.toContain(hashToken(tok));
      expect(text).not.toContain(tok.slice(5, 25));
    }
    expect(text).not.toMatch(/kahu_[A-Za-z0-9_-]{20,}/);
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(0, 16));
    expect(text).toContain('key=[redacted]');
    expect(text).not.toMatch(/bearer\s+\S/i);
  });
});
