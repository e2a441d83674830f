import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/service/accounts.ts';
import { mailFor, registerAccount, startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('accounts', () => {
  it('register sends the token by email only, and stores only its hash', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/accounts',
      payload: { email: 'Alice@Example.org', name: 'Alice', timeZone: 'Pacific/Honolulu' },
    });
    expect(r.statusCode).toBe(202);
    expect(r.body).not.toMatch(/kahu_/);
    const mails = await mailFor(t.db, 'alice@example.org', 'token');
    expect(mails).toHaveLength(1);
    const token = /(kahu_\S+)/.exec(mails[0].body)![1];
    const rows = await t.db.apiToken.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(mails[0].body).toContain('Sun 2 Mar 2025 14:00 HST (Pacific/Honolulu; Mon 3 Mar 2025 00:00 UTC)');
    expect(mails[0].body).toContain('UTC');
    const me = await t.app.inject({ url: '/accounts/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'alice@example.org', name: 'Alice', timeZone: 'Pacific/Honolulu' });
  });

  it('sign-in mails a new token to a known address and says the same for an unknown one', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email: 'alice@example.org' } });
    const b = await t.app.inject({
      method: 'POST',
      url: '/accounts/sign-in',
      payload: { email: 'nobody@example.org' },
    });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json().message.replace('alice', 'X')).toBe(b.json().message.replace('nobody', 'X'));
    expect(await mailFor(t.db, 'alice@example.org', 'token')).toHaveLength(2);
    expect((await mailFor(t.db, 'nobody@example.org'))[0].subject).toMatch(/no account/);
    expect(await t.db.account.count({ where: { email: 'nobody@example.org' } })).toBe(0);
  });

  it('a browser sign-in for an unknown address mails a link that creates the account only when followed', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/accounts/sign-in',
      payload: { email: 'walkin@example.org', web: true, next: '/games/00000000-0000-4000-8000-000000000000' },
    });
    expect(r.statusCode).toBe(202);
    const mail = (await mailFor(t.db, 'walkin@example.org'))[0]!;
    expect(mail.subject).toMatch(/no account/);
    expect(await t.db.account.count({ where: { email: 'walkin@example.org' } })).toBe(0);
    const code = /#signin=([A-Za-z0-9_-]{43})&next=\/games\/0{8}-/.exec(mail.body)![1];
    const s = await t.app.inject({
      method: 'POST',
      url: '/accounts/session',
      headers: { 'x-kahu-client': 'web' },
      payload: { code },
    });
    expect(s.statusCode).toBe(200);
    expect(s.json().email).toBe('walkin@example.org');
    expect(await t.db.account.count({ where: { email: 'walkin@example.org' } })).toBe(1);
    // Once: the same link again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/accounts/session',
      headers: { 'x-kahu-client': 'web' },
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('tokens can be listed and revoked; a revoked token no longer works', async () => {
    const token = await registerAccount(t, 'bob@example.org');
    const h = { authorization: `Bearer ${token}` };
    const list = await t.app.inject({ url: '/accounts/me/tokens', headers: h });
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toHaveLength(1);
    expect(list.body).not.toContain(token);
    const out = await t.app.inject({ method: 'DELETE', url: '/accounts/me/tokens/current', headers: h });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/accounts/me', headers: h });
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('bad input is a problem+json naming the field, and writes nothing', async () => {
    const before = await t.db.account.count();
    const r = await t.app.inject({ method: 'POST', url: '/accounts', payload: { email: 'not-an-address' } });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    const p = r.json();
    expect(p.errors[0].field).toBe('body.email');
    expect(p.detail).toMatch(/email address/);
    const tz = await t.app.inject({
      method: 'POST',
      url: '/accounts',
      payload: { email: 'c@example.org', timeZone: 'Mars/Olympus' },
    });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().errors[0].field).toBe('body.timeZone');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/accounts',
      payload: { email: 'c@example.org', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/accounts',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.headers['content-type']).toMatch(/problem\+json/);
    expect(await t.db.account.count()).toBe(before);
    expect(await t.db.outboxMail.count({ where: { toAddress: 'c@example.org' } })).toBe(0);
  });

  it('no or a wrong token is a 401 problem', async () => {
    const r = await t.app.inject({ url: '/accounts/me', headers: { authorization: 'Bearer kahu_nope' } });
    expect(r.statusCode).toBe(401);
    expect(r.json().title).toBe('Unauthorized');
    expect((await t.app.inject({ url: '/accounts/me' })).statusCode).toBe(401);
  });

  it('serves /health and the OpenAPI document', async () => {
    const h = await t.app.inject({ url: '/health' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const doc = await t.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/accounts'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    const ui = await t.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const nf = await t.app.inject({ url: '/nope' });
    expect(nf.statusCode).toBe(404);
    expect(nf.headers['content-type']).toMatch(/problem\+json/);
  });
});
