// Web sign-in: a one-time link (15 minutes, once) becomes a session cookie (HttpOnly,
// SameSite=Strict); requests that change something with only the cookie must come from the web
// page; API tokens keep working for scripts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

async function link(email: string): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/accounts/sign-in',
    payload: { email, web: true, next: '/new' },
  });
  expect(r.statusCode).toBe(202);
  const mails = await mailFor(t.db, email, 'token');
  const body = mails[mails.length - 1]!.body;
  // The mail holds a link to the page, no API token.
  expect(body).not.toMatch(/kahu_[A-Za-z0-9_-]{43}/);
  expect(body).toMatch(/#signin=[A-Za-z0-9_-]{43}&next=\/new/);
  return /#signin=([A-Za-z0-9_-]{43})/.exec(body)![1]!;
}

const session = (code: string) => t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code } });

describe('web sessions', () => {
  it('a sign-in link works once, gives an HttpOnly SameSite=Strict cookie, and expires after 15 minutes', async () => {
    await signUp(t, 'web@example.org');
    const code = await link('web@example.org');
    const first = await session(code);
    expect(first.statusCode).toBe(200);
    expect(first.json().email).toBe('web@example.org');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^kahu_session=kahu_[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\//);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http here; over https the cookie is Secure
    const again = await session(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/used already or has expired/);
    const late = await link('web@example.org');
    t.clock.advanceMinutes(16);
    expect((await session(late)).statusCode).toBe(400);
    // The cookie signs in.
    const value = cookie.split(';')[0]!;
    expect((await t.app.inject({ method: 'GET', url: '/accounts/me', headers: { cookie: value } })).json().email).toBe(
      'web@example.org',
    );
  });

  it("a cookie request that changes something needs the web page's header (no cross-site forgery); bearer tokens need none", async () => {
    const script = await signUp(t, 'csrf@example.org');
    const code = await link('csrf@example.org');
    const value = String((await session(code)).headers['set-cookie']).split(';')[0]!;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/games',
      headers: { cookie: value, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Forged', variant: 'heiau', scenario: 'race' }),
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.db.game.count({ where: { name: 'Forged' } })).toBe(0);
    const fromPage = await t.app.inject({
      method: 'POST',
      url: '/games',
      headers: { cookie: value, 'content-type': 'application/json', 'x-kahu-client': 'web' },
      payload: JSON.stringify({ name: 'Mine', variant: 'heiau', scenario: 'race' }),
    });
    expect(fromPage.statusCode).toBe(201);
    expect((await script.req('POST', '/games', { name: 'Script', variant: 'heiau', scenario: 'race' })).status).toBe(
      201,
    );
    // Signing out ends the session.
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/accounts/session',
      headers: { cookie: value, 'x-kahu-client': 'web' },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/accounts/me', headers: { cookie: value } })).statusCode).toBe(
      401,
    );
  });
});
