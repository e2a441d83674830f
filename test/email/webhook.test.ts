// The inbound-mail webhook: raw RFC 822 messages POSTed the way hosted inbound-mail services do,
// with the shared secret. Also the limits (size, per-sender rate) and partial orders by email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { DOMAIN, last, startEmailRig, WEBHOOK_SECRET, type EmailRig } from './helpers.ts';
import { STALE_READING_MS } from '../../src/pbem/inbound/receive.ts';

let rig: EmailRig;
let mod: Client, sunrise: Client, sunset: Client;
let gameId = '';
let sunriseAddr = '';
let n = 0;

beforeAll(async () => {
  rig = await startEmailRig({ INBOUND_MAX_BYTES: '4096', INBOUND_RATE_LIMIT: '8' });
  mod = await signUp(rig.t, 'kahuna@example.org');
  const a = await signUp(rig.t, 'alii@example.org');
  const b = await signUp(rig.t, 'makoa@example.org');
  const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
    name: 'Hook race',
    variant: 'heiau',
    scenario: 'race',
  });
  gameId = game.id;
  sunrise = byRole.Sunrise;
  sunset = byRole.Sunset;
  sunriseAddr = (await last(rig, sunrise.email, 'start')).replyTo!;
});
afterAll(async () => {
  await rig?.close();
});

function raw(opts: {
  from: string;
  to: string;
  body: string;
  headers?: Record<string, string>;
  contentType?: string;
  messageId?: string;
}): string {
  n++;
  const head = {
    From: opts.from,
    To: opts.to,
    Subject: `message ${n}`,
    Date: new Date(Date.UTC(2025, 2, 3, 0, 0, n)).toUTCString(),
    'Message-ID': opts.messageId ?? `<hook-${n}@mail.example.org>`,
    'MIME-Version': '1.0',
    'Content-Type': opts.contentType ?? 'text/plain; charset=utf-8',
    ...opts.headers,
  };
  return (
    Object.entries(head)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n') +
    '\r\n\r\n' +
    opts.body.replace(/\n/g, '\r\n')
  );
}

async function post(message: string, secret: string | null = WEBHOOK_SECRET, headers: Record<string, string> = {}) {
  const r = await rig.t.app.inject({
    method: 'POST',
    url: '/inbound/mail',
    payload: message,
    headers: { 'content-type': 'message/rfc822', ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
  });
  return { status: r.statusCode, body: r.json() };
}

const subs = () => rig.t.db.submission.count();

describe('inbound webhook', () => {
  it('refuses a request without the shared secret, and records nothing', async () => {
    const msg = raw({ from: sunrise.email, to: sunriseAddr, body: 'B Puna H' });
    expect((await post(msg, null)).status).toBe(401);
    expect((await post(msg, 'wrong-secret-wrong-secret')).status).toBe(401);
    expect(await rig.t.db.inboundMail.count()).toBe(0);
    expect(await subs()).toBe(0);
  });

  it('takes a raw message: the orders appear in the game; HTTP Basic works as well', async () => {
    const r = await post(
      raw({ from: `Alii <${sunrise.email}>`, to: sunriseAddr, body: 'B Kona-Kailua - Kawaihae\nB Puna H\n' }),
      null,
      { authorization: `Basic ${Buffer.from(`mailservice:${WEBHOOK_SECRET}`).toString('base64')}` },
    );
    expect(r).toEqual({ status: 200, body: { status: 'answered' } });
    const mine = await sunrise.ok('GET', `/games/${gameId}/orders`);
    expect(mine.lines.map((l: any) => l.text)).toEqual(['B Kona-Kailua - Kawaihae', 'B Puna H']);
    expect((await last(rig, sunrise.email, 'email-reply')).text).toContain(`Receipt: ${mine.receipt.hash}`);
  });

  it('a second delivery of the same message is read once', async () => {
    const msg = raw({ from: sunrise.email, to: sunriseAddr, body: 'B Kona-Kailua H\nB Puna H\n' });
    expect((await post(msg)).body.status).toBe('answered');
    const before = await subs();
    expect((await post(msg)).body.status).toBe('duplicate');
    expect(await subs()).toBe(before);
  });

  it('a delivery status notification is never answered', async () => {
    const before = (await rig.inbox(sunrise.email)).length;
    const dsn = raw({
      from: 'MAILER-DAEMON@mx.example.org',
      to: sunriseAddr,
      contentType: 'multipart/report; report-type=delivery-status; boundary="b1"',
      body: '--b1\nContent-Type: text/plain\n\nB Puna - Hilo\n--b1\nContent-Type: message/delivery-status\n\nStatus: 5.1.1\n--b1--\n',
    });
    expect((await post(dsn)).body.status).toBe('ignored');
    const fromPlayer = raw({
      from: sunrise.email,
      to: sunriseAddr,
      body: 'B Puna - Hilo',
      contentType: 'multipart/report; report-type=delivery-status; boundary="b1"',
    });
    expect((await post(fromPlayer)).body.status).toBe('ignored');
    expect((await rig.inbox(sunrise.email)).length).toBe(before);
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual([
      'B Kona-Kailua H',
      'B Puna H',
    ]);
  });

  it('HTML-only mail is read as text', async () => {
    const r = await post(
      raw({
        from: sunrise.email,
        to: sunriseAddr,
        contentType: 'text/html; charset=utf-8',
        body: '<html><body><p>B Kona-Kailua - Kawaihae</p><p>B Puna - Hilo</p><blockquote>B Puna - Nowhere</blockquote></body></html>',
      }),
    );
    expect(r.body.status).toBe('answered');
    const lines = (await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text);
    expect(lines.slice(0, 2)).toEqual(['B Kona-Kailua - Kawaihae', 'B Puna - Hilo']);
  });

  it('one rule: a message with rejected lines stores nothing, names the lines, and no setting keeps partial orders', async () => {
    const before = (await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text);
    const bad = await mod.req('PUT', `/games/${gameId}/email-settings`, { partialOrders: true });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('partialOrders');
    expect(await mod.ok('GET', `/games/${gameId}/email-settings`)).not.toHaveProperty('partialOrders');
    await post(raw({ from: sunrise.email, to: sunriseAddr, body: 'B Kona-Kailua H\nB Puna - Nowhere\nB Nowhere H\n' }));
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual(before);
    const reply = (await last(rig, sunrise.email, 'email-reply')).text;
    expect(reply).toMatch(/1\. B Kona-Kailua H\n\s+accepted: read as: .*\(not stored\)/);
    expect(reply).toContain(
      'Orders: NOT stored. Lines 2, 3 were rejected, so nothing of this submission\nwas stored and your earlier orders stand.',
    );
    expect(reply).not.toMatch(/^:: Receipt:/m);
  });

  it('a message over the size limit is not read, and the sender is told', async () => {
    const before = await subs();
    const r = await post(
      raw({
        from: sunset.email,
        to: (await last(rig, sunset.email, 'start')).replyTo!,
        body: 'B Aiea H\n' + 'x'.repeat(5000),
      }),
    );
    expect(r.body.status).toBe('too-large');
    expect(await subs()).toBe(before);
    expect((await last(rig, sunset.email, 'email-refused')).text).toMatch(/at most 4 KiB/);
  });

  it('only authenticated mail counts against the hourly quota; a limited sender is still answered; forged mail uses up nothing', async () => {
    // 30 mails in Sunrise's name to an address that is not Sunrise's: refused, unanswered, counted against nobody.
    const forged = `orders+${'a'.repeat(42)}@${DOMAIN}`;
    for (let i = 0; i < 30; i++)
      expect((await post(raw({ from: sunrise.email, to: forged, body: 'B Puna - Kilauea' }))).body.status).toBe(
        'refused',
      );
    const since = new Date(rig.t.clock.now().getTime() - 3600_000);
    const sent = await rig.t.db.inboundMail.count({
      where: { fromAddress: sunrise.email, status: { in: ['answered', 'limited'] }, receivedAt: { gt: since } },
    });
    for (let i = sent; i < 8; i++)
      expect((await post(raw({ from: sunrise.email, to: sunriseAddr, body: 'STATUS' }))).body.status).toBe('answered');
    const before = await subs();
    const refusedBefore = (await rig.inbox(sunrise.email, 'email-refused')).length;
    expect((await post(raw({ from: sunrise.email, to: sunriseAddr, body: 'B Puna H' }))).body.status).toBe('limited');
    expect((await post(raw({ from: sunrise.email, to: sunriseAddr, body: 'B Puna H' }))).body.status).toBe('limited');
    expect(await subs()).toBe(before);
    // Each authenticated message over the limit is answered, saying why it was not read.
    const refused = await rig.inbox(sunrise.email, 'email-refused');
    expect(refused.length).toBe(refusedBefore + 2);
    expect(refused[refused.length - 1].text).toContain('more than 8 messages');
    // An hour later the sender is read again.
    rig.t.clock.advanceMinutes(61);
    expect((await post(raw({ from: sunrise.email, to: sunriseAddr, body: 'STATUS' }))).body.status).toBe('answered');
  });
  it('reads again a message whose earlier reading died before the reply, and only then', async () => {
    const msg = raw({ from: sunrise.email, to: sunriseAddr, body: 'B Kona-Kailua - Kawaihae\nB Puna - Hilo\n' });
    // The process died right after recording the message: the record stays 'received', unanswered.
    expect((await post(msg)).body.status).toBe('answered');
    const rec = await rig.t.db.inboundMail.findFirstOrThrow({ where: { messageId: `hook-${n}@mail.example.org` } });
    await rig.t.db.inboundMail.update({ where: { id: rec.id }, data: { status: 'received', answeredAt: null } });
    await sunrise.ok('DELETE', `/games/${gameId}/orders`);
    // Delivered again at once: another reading may still be under way, so it is left alone.
    expect((await post(msg)).body.status).toBe('duplicate');
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines ?? []).toEqual([]);
    // Delivered again later (the sender's server retries): read and answered, the orders stored.
    rig.t.clock.advance(STALE_READING_MS + 1000);
    expect((await post(msg)).body.status).toBe('answered');
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual([
      'B Kona-Kailua - Kawaihae',
      'B Puna - Hilo',
    ]);
    expect((await post(msg)).body.status).toBe('duplicate');
  });
});
