// The commands that are about no game yet, sent over real SMTP to the judge's own address:
// REGISTER (a one-time link that creates the account only when followed, answered only to a
// sender the MX proves), LIST and JOIN; and RESIGN from a game's address. The listener sits behind
// the MX here (INBOUND_TRUSTED_MX is the test client's address): the MX's verdict stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { DOMAIN, last, startEmailRig, type EmailRig } from './helpers.ts';

const MX = 'mx.play.kahu.test';
const JUDGE = `judge@${DOMAIN}`;
const proven = (email: string) => ({
  'Authentication-Results': `${MX}; dkim=pass header.d=${email.split('@')[1]}; spf=pass smtp.mailfrom=${email.split('@')[1]}`,
});

let rig: EmailRig;
let mod: Client;

beforeAll(async () => {
  rig = await startEmailRig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '127.0.0.1', SIGN_IN_MAIL_LIMIT: '3' });
  mod = await signUp(rig.t, 'kahuna@example.org');
});
afterAll(async () => {
  await rig?.close();
});

const linkIn = (text: string) => /\/#signin=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('REGISTER by email', () => {
  it('a proven sender gets a one-time link; the account exists only once it is followed, and the link works once', async () => {
    await rig.send({
      from: 'Keoni <keoni@example.net>',
      to: JUDGE,
      subject: 'sign me up',
      text: 'REGISTER\n',
      headers: proven('keoni@example.net'),
    });
    const reply = await last(rig, 'keoni@example.net', 'token');
    expect(reply.subject).toBe('Re: sign me up');
    expect(reply.text).toMatch(/1\. REGISTER\n\s+done: follow the link below/);
    expect(reply.text).toContain('works once, within 60 minutes');
    const code = linkIn(reply.text)!;
    expect(code).toBeTruthy();
    // Nothing is created by the mail alone.
    expect(await rig.t.db.account.findUnique({ where: { email: 'keoni@example.net' } })).toBeNull();
    const follow = await rig.t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code } });
    expect(follow.statusCode).toBe(200);
    expect(JSON.parse(follow.body).email).toBe('keoni@example.net');
    expect(String(follow.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(await rig.t.db.account.count({ where: { email: 'keoni@example.net' } })).toBe(1);
    const again = await rig.t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code } });
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body).detail).toMatch(/used already or has expired/);
    // Registered now: REGISTER again says so and sends no link.
    await rig.send({
      from: 'keoni@example.net',
      to: JUDGE,
      subject: 'again',
      text: 'REGISTER',
      headers: proven('keoni@example.net'),
    });
    const second = await last(rig, 'keoni@example.net', 'email-reply');
    expect(second.text).toMatch(/REGISTER\n\s+done: keoni@example\.net has an account already/);
    expect(linkIn(second.text)).toBeUndefined();
  });

  it('an expired link creates nothing', async () => {
    await rig.send({
      from: 'late@example.net',
      to: JUDGE,
      subject: 'register',
      text: 'REGISTER',
      headers: proven('late@example.net'),
    });
    const code = linkIn((await last(rig, 'late@example.net', 'token')).text)!;
    rig.t.clock.advance(61 * 60_000);
    const r = await rig.t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code } });
    expect(r.statusCode).toBe(400);
    expect(await rig.t.db.account.findUnique({ where: { email: 'late@example.net' } })).toBeNull();
  });

  it('mail that does not prove its sender is never answered, so REGISTER cannot be used to mail a stranger', async () => {
    const mails = await rig.t.db.outboxMail.count();
    // No verdict at all (a direct delivery), a verdict from an MX we do not trust, a pass for another
    // domain (the attacker's own), an SPF pass alone, and a DKIM failure.
    await rig.send({ from: 'victim@example.com', to: JUDGE, subject: 'r1', text: 'REGISTER' });
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'r2',
      text: 'REGISTER',
      headers: { 'Authentication-Results': 'mx.evil.test; dkim=pass header.d=example.com' },
    });
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'r3',
      text: 'REGISTER',
      headers: { 'Authentication-Results': `${MX}; dkim=pass header.d=evil.test` },
    });
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'r4',
      text: 'REGISTER',
      headers: { 'Authentication-Results': `${MX}; spf=pass smtp.mailfrom=example.com` },
    });
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'r5',
      text: 'REGISTER',
      headers: { 'Authentication-Results': `${MX}; dkim=fail header.d=example.com` },
    });
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(await rig.inbox('victim@example.com')).toEqual([]);
    expect(await rig.t.db.signInLink.count({ where: { email: 'victim@example.com' } })).toBe(0);
    expect(await rig.t.db.inboundMail.count({ where: { fromAddress: 'victim@example.com', status: 'refused' } })).toBe(
      5,
    );
    // A DMARC pass for the sender's domain proves it too.
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'r6',
      text: 'REGISTER',
      headers: { 'Authentication-Results': `${MX}; dmarc=pass header.from=example.com` },
    });
    expect(await rig.inbox('victim@example.com', 'token')).toHaveLength(1);
  });

  it('an address gets at most SIGN_IN_MAIL_LIMIT links an hour; over it nothing is sent', async () => {
    for (let n = 0; n < 5; n++)
      await rig.send({
        from: 'eager@example.net',
        to: JUDGE,
        subject: `register ${n}`,
        text: 'REGISTER',
        headers: proven('eager@example.net'),
      });
    expect(await rig.inbox('eager@example.net')).toHaveLength(3);
    expect(await rig.t.db.signInLink.count({ where: { email: 'eager@example.net' } })).toBe(3);
    expect(await rig.t.db.inboundMail.count({ where: { fromAddress: 'eager@example.net', status: 'limited' } })).toBe(
      2,
    );
  });

  it('an unknown command gets a reply that lists the commands', async () => {
    await rig.send({
      from: 'keoni@example.net',
      to: JUDGE,
      subject: 'hello',
      text: 'SUBSCRIBE\nSTATUS',
      headers: proven('keoni@example.net'),
    });
    const reply = await last(rig, 'keoni@example.net', 'email-reply');
    expect(reply.text).toMatch(/1\. SUBSCRIBE\n\s+REJECTED: not a command of the judge's address/);
    expect(reply.text).toMatch(/2\. STATUS\n\s+REJECTED: STATUS is a command about a game/);
    for (const c of ['REGISTER', 'LIST', 'JOIN <game>', 'HELP']) expect(reply.text).toContain(`  ${c}`);
  });
});

describe('LIST and JOIN by email', () => {
  let invited = '',
    open = '',
    closed = '';
  beforeAll(async () => {
    invited = (await mod.ok('POST', '/games', { name: 'Invited race', variant: 'heiau', scenario: 'race' }, 201)).id;
    open = (
      await mod.ok('POST', '/games', { name: 'Open race', variant: 'heiau', scenario: 'race', openJoin: true }, 201)
    ).id;
    closed = (await mod.ok('POST', '/games', { name: 'Closed race', variant: 'heiau', scenario: 'race' }, 201)).id;
    await mod.ok('POST', `/games/${invited}/invitations`, { email: 'keoni@example.net' }, 201);
  });

  it("the invitation mail says how to join by email, and its Reply-To is the invitation's own address", async () => {
    const inv = await last(rig, 'keoni@example.net', 'invite');
    expect(inv.text).toMatch(/reply to this mail with the line\n\n\s+JOIN\n/);
    expect(inv.replyTo).toMatch(/^join\+[a-z2-7]{42}@/);
  });

  it('LIST shows the invitation and the game open to anyone, not the others; an unknown address is told to REGISTER', async () => {
    await rig.send({
      from: 'keoni@example.net',
      to: JUDGE,
      subject: 'list',
      text: 'LIST',
      headers: proven('keoni@example.net'),
    });
    const reply = await last(rig, 'keoni@example.net', 'email-reply');
    expect(reply.text).toMatch(
      /== LIST ==\n\n\s+Invited race\s+\(Heiau Diplomacy, scenario Race\)\s+you are invited\n\s+Open race\s+\(Heiau Diplomacy, scenario Race\)\s+open to anyone\n/,
    );
    expect(reply.text).not.toContain('Closed race');
    expect(reply.text).not.toContain(invited);
    await rig.send({
      from: 'nobody@example.net',
      to: JUDGE,
      subject: 'list',
      text: 'LIST\nJOIN Open race',
      headers: proven('nobody@example.net'),
    });
    const r2 = await last(rig, 'nobody@example.net', 'email-reply');
    expect(r2.text).toMatch(/LIST\n\s+REJECTED: no account uses nobody@example\.net: send REGISTER first/);
    expect(r2.text).toMatch(/JOIN Open race\n\s+REJECTED: no account/);
    expect(await rig.t.db.gamePlayer.count({ where: { gameId: open } })).toBe(0);
  });

  it('JOIN accepts the invitation by name; a game one may not join is refused and changes nothing', async () => {
    await rig.send({
      from: 'keoni@example.net',
      to: JUDGE,
      subject: 'join',
      text: 'join invited RACE\nJOIN Closed race\nJOIN',
      headers: proven('keoni@example.net'),
    });
    const reply = await last(rig, 'keoni@example.net', 'email-reply');
    expect(reply.text).toMatch(/1\. join invited RACE\n\s+done: you joined Invited race/);
    expect(reply.text).toMatch(/2\. JOIN Closed race\n\s+REJECTED: no game "Closed race" waits for you/);
    expect(reply.text).toMatch(/3\. JOIN\n\s+REJECTED: JOIN needs the name of the game/);
    const g = await mod.ok('GET', `/games/${invited}`);
    expect(g.players.find((p: any) => p.email === 'keoni@example.net').status).toBe('joined');
    expect(await rig.t.db.gamePlayer.count({ where: { gameId: closed } })).toBe(0);
    // JOIN of a game open to anyone.
    await rig.send({
      from: 'keoni@example.net',
      to: JUDGE,
      subject: 'join open',
      text: 'JOIN Open race',
      headers: proven('keoni@example.net'),
    });
    expect((await last(rig, 'keoni@example.net', 'email-reply')).text).toMatch(/done: you joined Open race/);
    expect((await mod.ok('GET', `/games/${open}`)).players.map((p: any) => [p.email, p.status])).toEqual([
      ['keoni@example.net', 'joined'],
    ]);
  });

  it('JOIN without a proven sender joins nothing and is not answered', async () => {
    await mod.ok('POST', `/games/${closed}/invitations`, { email: 'makani@example.org' }, 201);
    const mails = await rig.t.db.outboxMail.count();
    await rig.send({ from: 'makani@example.org', to: JUDGE, subject: 'join', text: 'JOIN Closed race' });
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect((await mod.ok('GET', `/games/${closed}`)).players[0].status).toBe('invited');
  });
});

describe('RESIGN by email', () => {
  let gameId = '';
  let sunrise: Client, sunset: Client;
  let sunriseAddr = '';
  beforeAll(async () => {
    const a = await signUp(rig.t, 'alii@example.org');
    const b = await signUp(rig.t, 'makoa@example.org');
    const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
      name: 'Resign race',
      variant: 'heiau',
      scenario: 'race',
    });
    gameId = game.id;
    sunrise = byRole.Sunrise;
    sunset = byRole.Sunset;
    sunriseAddr = (await last(rig, sunrise.email, 'start')).replyTo!;
  });

  it('RESIGN alone, or naming another power, only says how and changes nothing', async () => {
    await rig.send({
      from: sunrise.email,
      to: sunriseAddr,
      subject: 'orders',
      text: 'B Puna H\nRESIGN\nRESIGN Sunset',
    });
    const reply = await last(rig, sunrise.email, 'email-reply');
    expect(reply.text).toMatch(
      /2\. RESIGN\n\s+REJECTED: nothing done\. To leave the game for good, write RESIGN Sunrise/,
    );
    expect(reply.text).toMatch(/3\. RESIGN Sunset\n\s+REJECTED: nothing done: you play Sunrise, not "Sunset"/);
    expect((await sunrise.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual(['B Puna H']);
    expect((await mod.ok('GET', `/games/${gameId}`)).players.find((p: any) => p.role === 'Sunrise').status).toBe(
      'playing',
    );
  });

  it('RESIGN <own power> leaves the game: civil disorder, the orders no longer count, everyone is told, the moderator how to replace', async () => {
    await rig.send({ from: sunrise.email, to: sunriseAddr, subject: 'bye', text: 'resign sunrise' });
    const reply = await last(rig, sunrise.email, 'email-reply');
    expect(reply.text).toMatch(/1\. resign sunrise\n\s+done: you resigned from Sunrise; it is in civil disorder/);
    const g = await mod.ok('GET', `/games/${gameId}`);
    const seat = g.players.find((p: any) => p.email === sunrise.email);
    expect(seat.status).toBe('removed');
    expect(g.phase.readiness.find((r: any) => r.role === 'Sunrise').submitted).toBe(false);
    expect(await rig.t.db.submission.count({ where: { role: 'Sunrise', supersededAt: null } })).toBe(0);
    const told = await last(rig, sunset.email, 'event:resigned');
    expect(told.text).toContain(
      'resigned from Sunrise; Sunrise is in civil disorder (its units hold) until the moderator finds a replacement',
    );
    expect(told.text).not.toContain(sunrise.email);
    const modMail = await last(rig, mod.email, 'event:resigned-moderator');
    expect(modMail.subject).toBe('Resign race: Sunrise needs a new player');
    expect(modMail.text).toContain(`${sunrise.email} resigned from Sunrise`);
    // The page first (the moderator may play by mail or web); the API's call only for programs.
    expect(modMail.text).toContain(`"Replace" beside Sunrise on the game's page, http://kahu.test/#/games/${gameId}`);
    expect(modMail.text).toContain(`/games/${gameId}/players/${seat.id}/replace`);
    // The seat's address no longer works: its mail is refused, unanswered.
    const n = (await rig.inbox(sunrise.email)).length;
    await rig.send({ from: sunrise.email, to: sunriseAddr, subject: 'back?', text: 'STATUS' });
    expect(await rig.inbox(sunrise.email)).toHaveLength(n);
    // The moderator gives the power to someone else, as after a removal.
    await mod.ok('POST', `/games/${gameId}/players/${seat.id}/replace`, { email: 'keoni@example.net' });
    expect(
      (await mod.ok('GET', `/games/${gameId}`)).players.find((p: any) => p.role === 'Sunrise' && p.status === 'playing')
        .email,
    ).toBe('keoni@example.net');
  });

  it("HELP at a game's address lists every command, the judge's own among them", async () => {
    const addr = (await last(rig, sunset.email, 'start')).replyTo!;
    await rig.send({ from: sunset.email, to: addr, subject: 'help', text: 'HELP' });
    const text = (await last(rig, sunset.email, 'email-reply')).text;
    for (const c of [
      '<order>',
      'CLEAR',
      'READY / WAIT',
      'STATUS',
      'HISTORY [phase]',
      'PRESS TO <power|ALL>',
      'DRAW / NODRAW',
      'CONCEDE <power> / NOCONCEDE',
      'RESIGN <your power>',
      'HELP',
      'REGISTER',
      'LIST',
      'JOIN <game>',
    ]) {
      expect(text, c).toMatch(new RegExp(`^  ${c.replace(/[[\]|<>/()]/g, '\\$&')}\\s`, 'm'));
    }
  });

  it("an unknown word at a game's address is rejected with the list of commands", async () => {
    const addr = (await last(rig, sunset.email, 'start')).replyTo!;
    await rig.send({ from: sunset.email, to: addr, subject: 'huh', text: 'SURRENDER' });
    const text = (await last(rig, sunset.email, 'email-reply')).text;
    expect(text).toMatch(/1\. SURRENDER\n\s+REJECTED/);
    expect(text).toContain(
      'The commands: READY, WAIT, CLEAR, STATUS, HISTORY, PRESS TO ... END, DRAW, NODRAW, CONCEDE, NOCONCEDE, RESIGN, HELP',
    );
  });
});
