// Remainders of the last round (issue 23, points 10 and 11): every integer in a path, query or
// body has a bound, every string is well-formed UTF-16, a malformed session cookie signs nobody in
// and breaks nothing, and a duration by mail past any calendar is refused before the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommands } from '../../src/pbem/commands.ts';
import { deadlineTooFar } from '../../src/service/deadlines.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('bounds and well-formed input', () => {
  it('integers in paths and queries past int4 are a 400 naming the parameter, never a 500', async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Bounds',
      variant: 'heiau',
      scenario: 'race',
      public: true,
    });
    for (const url of [
      `/games/${game.id}/phases/2147483648`,
      `/games/${game.id}/phases/99999999999999999999`,
      `/games/${game.id}/phases/1000001`,
      `/games/${game.id}/phases/2147483648/map.svg`,
      `/games/${game.id}/history?after=2147483648`,
      `/games/${game.id}/history?limit=99999999999`,
    ]) {
      const r = await a.req('GET', url);
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(r.body.errors[0].field, url).toMatch(/^(params|querystring|query)/);
    }
    // A path part that does not decode to UTF-8 (a lone surrogate's bytes): problem+json too.
    for (const url of [
      `/games/${game.id}/phases/%ED%A0%80`,
      '/games/%ED%A0%80',
      `/games/${game.id}/phases/%FF/map.png`,
    ]) {
      const r = await a.req('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.headers['content-type'], url).toMatch(/application\/problem\+json/);
    }
    expect((await a.req('GET', `/games/${game.id}/phases/1`)).status).toBe(200);
  });

  it('an unpaired surrogate anywhere in a JSON body is a 400 and writes nothing', async () => {
    const mod = await signUp(t, 'mod2@example.org');
    const a = await signUp(t, 'a2@example.org');
    const b = await signUp(t, 'b2@example.org');
    const { game } = await startedGame(t, mod, [a, b], { name: 'Surrogates', variant: 'heiau', scenario: 'race' });
    const before = await t.db.submission.count();
    const games = await t.db.game.count();
    for (const [method, url, raw] of [
      ['PUT', `/games/${game.id}/orders`, '{"text":"B Puna H\\ud800"}'],
      ['PUT', `/games/${game.id}/orders`, '{"orders":["\\udc00"]}'],
      ['POST', '/games', '{"name":"\\ud83d","variant":"heiau","scenario":"race"}'],
      ['POST', `/games/${game.id}/press`, '{"to":"ALL","text":"aloha \\ud800 nui"}'],
      ['PUT', `/games/${game.id}/orders`, '{"\\ud800":1}'],
    ] as const) {
      const r = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${(url === '/games' ? mod : a).token}`, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(r.statusCode, `${method} ${url} ${raw}: ${r.body}`).toBe(400);
      expect(r.json().detail).toMatch(/unpaired surrogate/);
    }
    // A surrogate pair (an astral character) is well-formed and accepted.
    expect((await a.req('POST', `/games/${game.id}/press`, { to: 'ALL', text: 'aloha 𝔘' })).status).toBe(201);
    expect(await t.db.submission.count()).toBe(before);
    expect(await t.db.game.count()).toBe(games);
  });

  it('a malformed session cookie is no session: signed-out reads work, signed-in routes say 401', async () => {
    const mod = await signUp(t, 'mod3@example.org');
    const a = await signUp(t, 'a3@example.org');
    const b = await signUp(t, 'b3@example.org');
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Cookies',
      variant: 'heiau',
      scenario: 'race',
      public: true,
    });
    for (const cookie of [
      'kahu_session=%',
      'kahu_session=%E0%A4%A',
      'a=1; kahu_session=%ZZ; b=2',
      'kahu_session=%ED%A0%80',
    ]) {
      for (const url of [
        '/health',
        '/games?public=true',
        `/games/${game.id}`,
        `/games/${game.id}/history`,
        `/games/${game.id}/map.svg`,
      ]) {
        const r = await t.app.inject({ url, headers: { cookie } });
        expect(r.statusCode, `${url} with ${cookie}: ${r.body}`).toBe(200);
      }
      const me = await t.app.inject({ url: '/accounts/me', headers: { cookie } });
      expect(me.statusCode, cookie).toBe(401);
    }
  });

  it('EXTEND by mail past any calendar is refused where it is read; a deadline that is no date is refused too', () => {
    for (const text of ['EXTEND 99999999999d', 'EXTEND 367d', `EXTEND ${'9'.repeat(400)}m`]) {
      const [c] = parseCommands(text);
      expect(c.kind, text).toBe('error');
      expect((c as { error: string }).error, text).toMatch(/at most 366 days/);
    }
    expect(parseCommands('EXTEND 366d')[0]).toMatchObject({ kind: 'extend', minutes: 366 * 1440 });
    const now = new Date('2026-01-01T00:00:00Z');
    expect(deadlineTooFar(new Date(now.getTime() + 99999999999 * 86_400_000), now)).toMatch(/at most 366 days ahead/);
    expect(deadlineTooFar(new Date(NaN), now)).toMatch(/at most 366 days ahead/);
    expect(deadlineTooFar(new Date(now.getTime() + 86_400_000), now)).toBeNull();
  });
});
