// Attacks from the red-team pass (issue 16), each reproduced: forged X-Forwarded-For, sign-in and
// invitation floods to one address, a rate limit dodged with spaces, NUL bytes, deep JSON, huge
// integers, and a client that trickles its request.
import net from 'node:net';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { loadConfig } from '../../src/config.ts';
import { signUp, startedGame } from '../helpers/api.ts';

const services: TestService[] = [];
async function service(env: Record<string, string> = {}) {
  const t = await startTestService({ env });
  services.push(t);
  return t;
}
afterAll(async () => {
  for (const t of services) await t.close();
});

const post = (t: TestService, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('abuse', () => {
  it('X-Forwarded-For is ignored unless TRUST_PROXY says so: per-client limits hold', async () => {
    const t = await service({ ACCOUNT_RATE_LIMIT: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await post(t, '/accounts/sign-in', { email: `x${i}@example.org` }, { 'x-forwarded-for': `10.0.0.${i}` }))
          .statusCode,
      );
    expect(codes.map((c) => c === 429)).toEqual([false, false, false, true, true]);
    const trusting = await service({ ACCOUNT_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(
            trusting,
            '/accounts/sign-in',
            { email: `y${i}@example.org` },
            { 'x-forwarded-for': `10.0.1.${i}` },
          )
        ).statusCode,
      ).not.toBe(429);
  });

  it('at most SIGN_IN_MAIL_LIMIT sign-in mails an hour reach one address, whoever asks', async () => {
    const t = await service({ SIGN_IN_MAIL_LIMIT: '5' });
    await signUp(t, 'victim@example.org');
    const before = await t.db.outboxMail.count({ where: { toAddress: 'victim@example.org' } });
    const codes: number[] = [];
    for (let i = 0; i < 45; i++)
      codes.push(
        (await post(t, '/accounts/sign-in', { email: 'victim@example.org' }, { 'x-forwarded-for': `10.1.${i}.1` }))
          .statusCode,
      );
    const sent = (await t.db.outboxMail.count({ where: { toAddress: 'victim@example.org' } })) - before;
    expect(before + sent).toBe(5);
    // The limit holds back mail, not its owner: every request was answered 202, as any other, and
    // nothing says "come back in an hour" (the owner's links already mailed still work).
    expect(new Set(codes)).toEqual(new Set([202]));
    const owner = await post(t, '/accounts/sign-in', { email: 'victim@example.org', web: true });
    expect(owner.statusCode).toBe(202);
    expect(owner.headers['retry-after']).toBeUndefined();
    expect(await t.db.outboxMail.count({ where: { toAddress: 'victim@example.org' } })).toBe(5);
    expect(await t.db.signInLink.count()).toBe(0);
    // Registering again with the address answers alike and sends nothing either.
    expect((await post(t, '/accounts', { email: 'victim@example.org' })).statusCode).toBe(202);
    expect(await t.db.outboxMail.count({ where: { toAddress: 'victim@example.org' } })).toBe(5);
    // An unknown address is limited the same way (the answer tells nothing about who has an account).
    for (let i = 0; i < 8; i++)
      expect((await post(t, '/accounts/sign-in', { email: 'nobody@example.org' })).statusCode).toBe(202);
    expect(await t.db.outboxMail.count({ where: { toAddress: 'nobody@example.org' } })).toBe(5);
    // An hour later mail goes out again.
    t.clock.advanceMinutes(61);
    expect((await post(t, '/accounts/sign-in', { email: 'victim@example.org' })).statusCode).toBe(202);
    expect(await t.db.outboxMail.count({ where: { toAddress: 'victim@example.org' } })).toBe(6);
  });

  it('invitations are limited per account and day, and per invited address and hour', async () => {
    const t = await service({ INVITE_DAILY_LIMIT: '4', INVITE_ADDRESS_HOURLY_LIMIT: '2' });
    const mod = await signUp(t, 'spammer@example.org');
    const games = [];
    for (let i = 0; i < 3; i++)
      games.push(await mod.ok('POST', '/games', { name: `G${i}`, variant: 'heiau', scenario: 'race' }, 201));
    await mod.ok('POST', `/games/${games[0].id}/invitations`, { email: 'target@example.org' }, 201);
    await mod.ok('POST', `/games/${games[1].id}/invitations`, { email: 'target@example.org' }, 201);
    const third = await mod.req('POST', `/games/${games[2].id}/invitations`, { email: 'target@example.org' });
    expect(third.status).toBe(429);
    expect(await t.db.outboxMail.count({ where: { toAddress: 'target@example.org', kind: 'invite' } })).toBe(2);
    await mod.ok('POST', `/games/${games[2].id}/invitations`, { email: 'other1@example.org' }, 201);
    await mod.ok('POST', `/games/${games[0].id}/invitations`, { email: 'other2@example.org' }, 201);
    expect((await mod.req('POST', `/games/${games[1].id}/invitations`, { email: 'other3@example.org' })).status).toBe(
      429,
    );
  });

  it('deleting the games does not give the account a new day of invitations', async () => {
    const t = await service({ INVITE_DAILY_LIMIT: '5' });
    const mod = await signUp(t, 'deleter@example.org');
    let invited = 0;
    for (let round = 0; round < 4; round++) {
      const game = await mod.ok(
        'POST',
        '/games',
        { name: `Round ${round}`, variant: 'standard', scenario: 'classic' },
        201,
      );
      for (let i = 0; i < 3; i++) {
        const r = await mod.req('POST', `/games/${game.id}/invitations`, { email: `r${round}-${i}@example.org` });
        if (r.status === 201) invited++;
        else expect(r.status).toBe(429);
      }
      await mod.ok('DELETE', `/games/${game.id}`, undefined, 204);
    }
    expect(invited).toBe(5);
    expect(await t.db.outboxMail.count({ where: { kind: 'invite' } })).toBe(5);
    expect(await t.db.outboxMail.count({ where: { kind: 'game-deleted' } })).toBe(5);
    // A day later the account invites again.
    t.clock.advanceMinutes(24 * 60 + 1);
    const game = await mod.ok('POST', '/games', { name: 'Next day', variant: 'standard', scenario: 'classic' }, 201);
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: 'tomorrow@example.org' }, 201);
  });

  it('the order rate limit is per token: spaces around it give no new budget', async () => {
    const t = await service({ ORDER_RATE_LIMIT: '3' });
    const mod = await signUp(t, 'rl-mod@example.org');
    const a = await signUp(t, 'rl-a@example.org');
    const b = await signUp(t, 'rl-b@example.org');
    const { game, byRole } = await startedGame(t, mod, [a, b], { name: 'RL', variant: 'heiau', scenario: 'race' });
    const me = byRole.Sunrise!;
    const put = (auth: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/games/${game.id}/orders`,
        payload: JSON.stringify({ orders: ['B Puna H'] }),
        headers: { 'content-type': 'application/json', authorization: auth },
      });
    const token = me.token;
    const codes = [];
    for (const auth of [
      `Bearer ${token}`,
      `Bearer ${token}`,
      `Bearer ${token}`,
      `Bearer  ${token}`,
      ` bearer ${token} `,
      `BEARER\t${token}`,
    ])
      codes.push((await put(auth)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('NUL bytes, 5,000-deep JSON and integers past 2^31 are refused with 400, and change nothing', async () => {
    const t = await service();
    const mod = await signUp(t, 'input@example.org');
    const count = () => t.db.game.count();
    const before = await count();
    const nul = await mod.req('POST', '/games', { name: 'bad\u0000name', variant: 'heiau', scenario: 'race' });
    expect(nul.status).toBe(400);
    expect(nul.body.detail).toMatch(/NUL/);
    const deep = await t.app.inject({
      method: 'POST',
      url: '/games',
      payload: `{"name":"x","variant":"heiau","scenario":"race","options":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mod.token}` },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toMatch(/nested deeper than 32/);
    const big = await mod.req('PUT', '/games/00000000-0000-4000-8000-000000000000/deadline', {
      extendMinutes: 2 ** 40,
    });
    expect(big.status).toBe(400);
    const huge = await mod.req('POST', '/games', {
      name: 'x',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 2 ** 33 },
    });
    expect(huge.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('one client address holding slow requests cannot take every connection: others and /health still get in', async () => {
    const t = await service({ MAX_CONNECTIONS: '30', MAX_CONNECTIONS_PER_CLIENT: '10', REQUEST_TIMEOUT_MS: '20000' });
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    // The attacker, from 127.0.0.2: 40 connections, each trickling an unfinished request.
    const held: net.Socket[] = [];
    const answers: string[] = [];
    await Promise.all(
      Array.from(
        { length: 40 },
        () =>
          new Promise<void>((resolve) => {
            const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
              s.write(
                'POST /accounts/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
              );
              resolve();
            });
            let data = '';
            s.on('data', (d) => {
              data += d;
            })
              .on('close', () => answers.push(data))
              .on('error', () => {});
            held.push(s);
          }),
      ),
    );
    onTestFinished(() => {
      for (const s of held) s.destroy();
    });
    // Everything past the tenth is answered 503 with Retry-After and closed (waited for: on a
    // loaded machine the 30 answers take longer than a fixed pause).
    for (let waited = 0; answers.length < 30 && waited < 10_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(answers.length).toBe(30);
    for (const a of answers)
      expect(a).toMatch(/^HTTP\/1.1 503 [\s\S]*Retry-After: \d+[\s\S]*Too many open connections from your address/);
    // Someone else, from 127.0.0.1, is served while the ten are held.
    const health = await new Promise<string>((resolve, reject) => {
      const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' }, () =>
        s.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let data = '';
      s.on('data', (d) => {
        data += d;
      })
        .on('close', () => resolve(data))
        .on('error', reject);
    });
    expect(health).toMatch(/^HTTP\/1.1 200/);
    for (const s of held) s.destroy();
    // Once the attacker's connections close, the address gets in again.
    await new Promise((r) => setTimeout(r, 200));
    const again = await fetch(`http://127.0.0.1:${port}/health`);
    expect(again.status).toBe(200);
  });

  it('a client trickling its request is cut off', async () => {
    const t = await service({ REQUEST_TIMEOUT_MS: '400' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const started = Date.now();
    const closed = await new Promise<{ ms: number; data: string }>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.write(
          'POST /accounts/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        );
        const drip = setInterval(() => {
          if (!s.destroyed) s.write(' ');
        }, 150);
        let data = '';
        s.on('data', (d) => {
          data += d;
        });
        s.on('close', () => {
          clearInterval(drip);
          resolve({ ms: Date.now() - started, data });
        });
        setTimeout(() => s.destroy(), 5000);
      });
    });
    expect(closed.ms).toBeLessThan(3000);
    expect(closed.data === '' || /^HTTP\/1.1 408/.test(closed.data)).toBe(true);
  });
});

describe('names people read', () => {
  it('refuse control characters and line breaks (no forged `::` lines in mail)', async () => {
    const t = await service();
    const mod = await signUp(t, 'names@example.org');
    for (const name of ['Game\n:: Game-Id: forged', 'Tab\there', 'Bell\u0007', 'Right\u202Eleft']) {
      const r = await mod.req('POST', '/games', { name, variant: 'heiau', scenario: 'race' });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.errors[0].field).toBe('body.name');
    }
    expect((await mod.req('PATCH', '/accounts/me', { name: 'Mallory\r\n:: Role: Moderator' })).status).toBe(400);
    expect(
      (await mod.req('POST', '/games', { name: 'Ka Lae ʻŌlelo — fine', variant: 'heiau', scenario: 'race' })).status,
    ).toBe(201);
  });
});

describe('configuration', () => {
  it('refuses to listen beyond this machine without PUBLIC_URL (mail would link to localhost)', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/PUBLIC_URL: must be set when HOST is 0\.0\.0\.0/);
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://kahu.example.org' }).publicUrl).toBe(
      'https://kahu.example.org',
    );
    expect(loadConfig({ HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:3000');
  });
});
