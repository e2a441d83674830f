// Orders by email over real SMTP: nodemailer sends to the listener, the judge answers through the
// outbox. A forged sender, a bad token, a second delivery and an auto-reply change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { DOMAIN, last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client, sunrise: Client, sunset: Client;
let gameId = '';
let sunriseAddr = '',
  sunsetAddr = '',
  modAddr = '';

beforeAll(async () => {
  rig = await startEmailRig();
  mod = await signUp(rig.t, 'kahuna@example.org');
  const a = await signUp(rig.t, 'alii@example.org');
  const b = await signUp(rig.t, 'makoa@example.org');
  const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
    name: 'Mail race',
    variant: 'heiau',
    scenario: 'race',
  });
  gameId = game.id;
  sunrise = byRole.Sunrise;
  sunset = byRole.Sunset;
  sunriseAddr = (await last(rig, sunrise.email, 'start')).replyTo!;
  sunsetAddr = (await last(rig, sunset.email, 'start')).replyTo!;
  modAddr = (await last(rig, mod.email, 'start')).replyTo!;
});
afterAll(async () => {
  await rig?.close();
});

const changes = async () =>
  JSON.stringify({
    subs: await rig.t.db.submission.count(),
    ready: await rig.t.db.phaseRole.findMany({ orderBy: [{ phaseId: 'asc' }, { role: 'asc' }] }),
    phases: await rig.t.db.phase.findMany({ orderBy: { seq: 'asc' }, select: { status: true, deadlineAt: true } }),
    press: await rig.t.db.press.count(),
    game: await rig.t.db.game.findMany({ select: { status: true, version: true } }),
  });

describe('play by email over SMTP', () => {
  it('every game mail carries a personal Reply-To: one per player, another for the moderator', async () => {
    expect(sunriseAddr).toMatch(new RegExp(`^orders\\+[a-z2-7]{42}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(sunsetAddr).toMatch(/^orders\+/);
    expect(sunsetAddr).not.toBe(sunriseAddr);
    expect(modAddr).toMatch(/^moderator\+[a-z2-7]{42}@/);
    expect((await last(rig, sunrise.email, 'start')).text).toContain('reply to this mail');
  });

  it('orders sent by email appear in the game, with a reply reading each line and the receipt', async () => {
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'Re: Mail race has started',
      text: 'b kona-kailua - kawaihae\nB Puna H\n',
    });
    const mine = await sunrise.ok('GET', `/games/${gameId}/orders`);
    expect(mine.lines.map((l: any) => [l.text, l.ok])).toEqual([
      ['b kona-kailua - kawaihae', true],
      ['B Puna H', true],
    ]);
    const reply = await last(rig, sunrise.email, 'email-reply');
    expect(reply.subject).toBe('Re: Mail race has started');
    expect(reply.text).toMatch(/1\. b kona-kailua - kawaihae\n\s+accepted: read as: B Kona-Kailua - Kawaihae\n/);
    expect(reply.text).toMatch(/2\. B Puna H\n\s+accepted/);
    expect(reply.text).toContain(`Receipt: ${mine.receipt.hash}`);
    // One incoming message gets one reply: the receipt is in it, not in a second mail.
    expect(await rig.inbox(sunrise.email, 'receipt')).toHaveLength(0);
    expect(reply.text).toMatch(/^:: Role: Sunrise$/m);
    expect(reply.replyTo).toBe(sunriseAddr);
    // RFC 3834: an answer is auto-replied, the judge's other mail auto-generated.
    expect(reply.autoSubmitted).toBe('auto-replied');
    expect((await last(rig, sunrise.email, 'start')).autoSubmitted).toBe('auto-generated');
  });

  it('a rejected order line keeps nothing, and the reply names it', async () => {
    const before = await changes();
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'new orders',
      text: 'B Kona-Kailua H\nB Puna - Nowhere\nREADY',
    });
    expect(await changes()).toBe(before);
    const reply = await last(rig, sunrise.email, 'email-reply');
    expect(reply.text).toMatch(/2\. B Puna - Nowhere\n\s+REJECTED: .*Nowhere/i);
    expect(reply.text).toMatch(/3\. READY\n\s+REJECTED: not done/);
    expect(reply.text).toContain('Orders: NOT stored. Line 2 was rejected');
    expect(reply.text).toContain('your earlier orders stand');
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines).toHaveLength(2);
  });

  it('a forged sender changes nothing and gets no answer (the judge reflects nothing to a forged address)', async () => {
    const before = await changes();
    const mails = await rig.t.db.outboxMail.count();
    await rig.send({
      from: 'mallory@evil.test',
      to: sunriseAddr,
      subject: 'Buy cheap pills at evil.test',
      text: 'B Puna - Kilauea',
    });
    // Another player of the same game using Sunrise's address.
    await rig.send({ from: sunset.email, to: sunriseAddr, subject: 'orders', text: 'B Puna - Kilauea' });
    expect(await changes()).toBe(before);
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(await rig.inbox('mallory@evil.test')).toEqual([]);
    expect(
      await rig.t.db.inboundMail.count({
        where: { status: 'refused', reason: 'sender is not the owner of the reply address' },
      }),
    ).toBe(2);
  });

  it('mail whose domain fails SPF and DMARC at the listener is refused, unanswered; a forged verdict header counts for nothing', async () => {
    const before = await changes();
    const mails = await rig.t.db.outboxMail.count();
    // example.org says: no server may send its mail, and such mail is to be rejected.
    rig.dns.set('example.org', ['v=spf1 -all']);
    rig.dns.set('_dmarc.example.org', ['v=DMARC1; p=reject']);
    try {
      // A passing verdict in the mail's own headers is removed: the listener's own check decides.
      await rig.send({
        from: sunrise.email,
        to: sunriseAddr,
        subject: 'orders',
        text: 'B Puna - Kilauea',
        headers: {
          'Authentication-Results': `${DOMAIN}; dkim=pass header.d=example.org; dmarc=pass header.from=example.org`,
        },
      });
      expect(await changes()).toBe(before);
      expect(await rig.t.db.outboxMail.count()).toBe(mails);
      expect(
        await rig.t.db.inboundMail.count({
          where: { status: 'refused', reason: 'sender not authenticated (DMARC fail)' },
        }),
      ).toBe(1);
      // The same from a server the domain names is read as usual.
      rig.dns.set('example.org', ['v=spf1 ip4:127.0.0.1 -all']);
      await rig.send({ from: sunrise.email, to: sunriseAddr, subject: 'orders', text: 'STATUS' });
      expect((await last(rig, sunrise.email, 'email-reply')).text).toContain('STATUS');
      // A forged failing verdict is removed too: it neither refuses the owner's mail nor proves anything.
      await rig.send({
        from: sunrise.email,
        to: sunriseAddr,
        subject: 'orders again',
        text: 'STATUS',
        headers: {
          'Authentication-Results': `${DOMAIN}; dkim=fail header.d=example.org; spf=fail smtp.mailfrom=example.org`,
        },
      });
      expect((await last(rig, sunrise.email, 'email-reply')).subject).toBe('Re: orders again');
    } finally {
      rig.dns.delete('example.org');
      rig.dns.delete('_dmarc.example.org');
    }
  });

  it('a bad token changes nothing', async () => {
    const before = await changes();
    const [local, domain] = sunriseAddr.split('@');
    const altered = `${local.slice(0, -1)}${local.endsWith('a') ? 'b' : 'a'}@${domain}`;
    await rig.send({ from: sunrise.email, to: altered, subject: 'orders', text: 'B Puna - Kilauea' });
    await rig.send({ from: sunrise.email, to: `orders+short@${DOMAIN}`, subject: 'orders', text: 'B Puna - Kilauea' });
    // A player's token used at the moderator's address: the purpose is part of the signature.
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr.replace(/^orders\+/, 'moderator+'),
      subject: 'x',
      text: 'PROCESS',
    });
    expect(await changes()).toBe(before);
    // Not answered: a token that does not verify proves nothing about who sent the mail.
    expect(await rig.inbox(sunrise.email, 'email-refused')).toHaveLength(0);
    expect(
      await rig.t.db.inboundMail.count({
        where: {
          status: 'refused',
          reason: { in: ['reply token not valid for the sender', 'unreadable reply token'] },
        },
      }),
    ).toBeGreaterThanOrEqual(3);
    // Tokens are never echoed back (nothing is sent at all).
    for (const r of await rig.inbox(sunrise.email)) expect(r.text).not.toContain(local.split('+')[1].slice(0, 20));
  });

  it('a command that fails after one that worked is a rejected line; the message is read once; EXTEND is bounded', async () => {
    const before = (await mod.ok('GET', `/games/${gameId}`)).phase.deadlineAt;
    await rig.send({ from: mod.email, to: modAddr, subject: 'extend', text: 'EXTEND 1h\nEXTEND 1000d\n' });
    const reply = await last(rig, mod.email, 'email-reply');
    expect(reply.text).toMatch(/EXTEND 1h\n\s+done/);
    expect(reply.text).toMatch(
      /EXTEND 1000d\n\s+REJECTED: "1000d" is too long: a deadline may be at most 366 days ahead/,
    );
    const after = (await mod.ok('GET', `/games/${gameId}`)).phase.deadlineAt;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(3600_000);
    expect(await rig.t.db.inboundMail.count({ where: { subject: 'extend' } })).toBe(1);
  });

  it('a message delivered twice is read once', async () => {
    const mail = {
      from: sunset.email,
      to: sunsetAddr,
      subject: 'orders',
      text: 'B Aiea H\nB Kilauea - Wailua',
      messageId: '<twice-1@example.org>',
      date: new Date('2025-03-03T00:00:30Z'),
    };
    await rig.send(mail);
    const after1 = await changes();
    await rig.send(mail);
    // Same content under another Message-ID (a relay rewrote it): still a duplicate.
    await rig.send({ ...mail, messageId: '<twice-2@example.org>' });
    expect(await changes()).toBe(after1);
    expect(await rig.t.db.submission.count({ where: { role: 'Sunset' } })).toBe(1);
    expect(await rig.inbox(sunset.email, 'email-reply')).toHaveLength(1);
  });

  it('auto-replies, bounces and list mail are never answered and change nothing', async () => {
    const before = await changes();
    const replies = (await rig.inbox(sunrise.email)).length;
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'Out of office',
      text: 'I am away.\nB Puna - Kilauea',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'digest',
      text: 'B Puna - Kilauea',
      headers: { Precedence: 'bulk' },
    });
    await rig.send({
      envelope: { from: '', to: sunriseAddr },
      from: 'MAILER-DAEMON@mx.example.org',
      to: sunriseAddr,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'B Puna - Kilauea',
    });
    // mailparser files List-Id under `list`: the list check must see it there.
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'list digest',
      text: 'B Puna - Kilauea',
      headers: { 'List-Id': '<players.lists.example.org>' },
    });
    expect(await changes()).toBe(before);
    expect((await rig.inbox(sunrise.email)).length).toBe(replies);
    expect(await rig.inbox('mailer-daemon@mx.example.org')).toHaveLength(0);
    expect(
      (await rig.t.db.inboundMail.findMany({ where: { status: 'ignored' }, orderBy: { seq: 'asc' } })).map(
        (m) => m.reason,
      ),
    ).toEqual(['Auto-Submitted: auto-replied', 'Precedence: bulk', 'null return path (bounce)', 'mailing list']);
  });

  it('reads only what was written now: not quoted text, signatures, attachments; HTML-only mail is read', async () => {
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'Re: results',
      text: 'B Kona-Kailua - Kawaihae\nB Puna - Hilo\n\nOn Mon, 3 Mar 2025 at 00:00, kahu judge <judge@kahu.test> wrote:\n> B Puna - Nowhere\n> READY\n',
      attachments: [{ filename: 'orders.txt', content: 'B Puna - Nowhere\nPROCESS\n' }],
    });
    let mine = await sunrise.ok('GET', `/games/${gameId}/orders`);
    expect(mine.lines.map((l: any) => l.text)).toEqual(['B Kona-Kailua - Kawaihae', 'B Puna - Hilo']);
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'html',
      html: '<div>B Kona-Kailua H<br>B Puna H</div><div>READY</div>\n<div>-- <br>Alii, chief of Sunrise<br>B Puna - Nowhere</div>',
    });
    mine = await sunrise.ok('GET', `/games/${gameId}/orders`);
    expect(mine.lines.map((l: any) => l.text)).toEqual(['B Kona-Kailua H', 'B Puna H']);
    expect(mine.ready).toBe(true);
  });

  it('the listener takes mail for its own domain only', async () => {
    await expect(
      rig.send({ from: sunrise.email, to: 'someone@elsewhere.test', subject: 'relay?', text: 'hi' }),
    ).rejects.toThrow(/accepts mail for @play\.kahu\.test only/);
  });

  it('mail to the judge without a personal address changes nothing and is not answered (its sender is not proven)', async () => {
    const before = await changes();
    const mails = await rig.t.db.outboxMail.count();
    await rig.send({ from: sunrise.email, to: `judge@${DOMAIN}`, subject: 'help', text: 'HELP' });
    expect(await changes()).toBe(before);
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(
      await rig.t.db.inboundMail.count({
        where: { status: 'refused', reason: { startsWith: 'judge address: sender not proven' } },
      }),
    ).toBe(1);
  });
});
