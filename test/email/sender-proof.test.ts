// Who sent a mail, as the SMTP listener decides it: an Authentication-Results header in the mail
// proves nothing (the listener removes it and checks SPF, DKIM and DMARC itself against DNS, here
// the rig's own zone), a DKIM signature the sender's domain publishes proves the sender with no
// MX in front, and the MX's verdict counts only for mail that comes from the MX. The judge's own
// mail is DKIM-signed with the key it publishes.
import crypto from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { dkimRecord } from '../../src/service/secrets.ts';
import { signUp, type Client } from '../helpers/api.ts';
import { DOMAIN, last, startEmailRig, zoneResolver, type EmailRig } from './helpers.ts';

const MX = 'mx.play.kahu.test';
const JUDGE = `judge@${DOMAIN}`;
const forged = (domain: string, id = MX) => ({
  'Authentication-Results': `${id}; dkim=pass header.d=${domain}; spf=pass smtp.mailfrom=${domain}; dmarc=pass header.from=${domain}`,
});
const linkIn = (text: string) => /\/#signin=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const rsa = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = (k: crypto.KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64');

// signed.test publishes its key (selector s1) and asks for rejection of anything unproven.
const signedKey = rsa();
const signed = {
  domainName: 'signed.test',
  keySelector: 's1',
  privateKey: signedKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

describe('the listener with no MX in front (INBOUND_TRUSTED_MX names another address)', () => {
  let rig: EmailRig;
  let mod: Client;
  let open = '';
  beforeAll(async () => {
    rig = await startEmailRig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '192.0.2.0/24' });
    rig.dns.set('s1._domainkey.signed.test', [`v=DKIM1; k=rsa; p=${spki(signedKey.publicKey)}`]);
    rig.dns.set('_dmarc.signed.test', ['v=DMARC1; p=reject']);
    rig.dns.set('signed.test', ['v=spf1 -all']);
    mod = await signUp(rig.t, 'kahuna@example.org');
    await signUp(rig.t, 'victim@example.com');
    open = (
      await mod.ok('POST', '/games', { name: 'Open race', variant: 'heiau', scenario: 'race', openJoin: true }, 201)
    ).id;
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("a forged Authentication-Results (the MX's authserv-id, or the listener's own) is removed: nothing is obeyed or answered", async () => {
    const mails = await rig.t.db.outboxMail.count();
    await rig.send({
      from: 'victim@example.com',
      to: JUDGE,
      subject: 'Win a prize at https://evil.test',
      text: 'JOIN Open race',
      headers: forged('example.com'),
    });
    await rig.send({
      from: 'stranger@example.com',
      to: JUDGE,
      subject: 'Win a prize at https://evil.test',
      text: 'REGISTER',
      headers: forged('example.com'),
    });
    await rig.send({
      from: 'stranger@example.com',
      to: JUDGE,
      subject: 'again',
      text: 'REGISTER',
      headers: forged('example.com', DOMAIN),
    });
    expect((await mod.ok('GET', `/games/${open}`)).players).toEqual([]);
    expect(await rig.t.db.signInLink.count({ where: { email: 'stranger@example.com' } })).toBe(0);
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(await rig.inbox('victim@example.com', 'email-reply')).toEqual([]);
    expect(await rig.inbox('stranger@example.com')).toEqual([]);
    expect(
      await rig.t.db.inboundMail.count({
        where: { status: 'refused', reason: { startsWith: 'judge address: sender not proven' } },
      }),
    ).toBe(3);
  });

  it("a mail DKIM-signed by the sender's domain, which publishes the key and a DMARC policy, is obeyed: REGISTER, then JOIN", async () => {
    await rig.send({ from: 'keoni@signed.test', to: JUDGE, subject: 'sign me up', text: 'REGISTER', dkim: signed });
    const code = linkIn((await last(rig, 'keoni@signed.test', 'token')).text)!;
    expect(code).toBeTruthy();
    expect((await rig.t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code } })).statusCode).toBe(
      200,
    );
    await rig.send({ from: 'keoni@signed.test', to: JUDGE, subject: 'join', text: 'JOIN Open race', dkim: signed });
    expect((await last(rig, 'keoni@signed.test', 'email-reply')).text).toMatch(/done: you joined Open race/);
    expect((await mod.ok('GET', `/games/${open}`)).players.map((p: any) => [p.email, p.status])).toEqual([
      ['keoni@signed.test', 'joined'],
    ]);
  });

  it('a signature with a key the domain does not publish proves nothing (and its DMARC reject policy refuses the mail)', async () => {
    const mails = await rig.t.db.outboxMail.count();
    const other = rsa().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await rig.send({
      from: 'impostor@signed.test',
      to: JUDGE,
      subject: 'register',
      text: 'REGISTER',
      dkim: { ...signed, privateKey: other },
    });
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(
      await rig.t.db.inboundMail.count({
        where: {
          fromAddress: 'impostor@signed.test',
          status: 'refused',
          reason: 'sender not authenticated (DMARC fail)',
        },
      }),
    ).toBe(1);
  });

  it("the judge's mail carries a DKIM-Signature that verifies with the published record, and not once altered", async () => {
    const reply = await last(rig, 'kahuna@example.org', 'token');
    const record = dkimRecord(rig.t.config.dkim);
    expect(record.name).toBe('kahu._domainkey.kahu.test');
    const resolver = zoneResolver(new Map([[record.name, [record.value]]]));
    const ok = await dkimVerify(reply.raw, { resolver });
    expect(ok.results.map((r: any) => [r.signingDomain, r.selector, r.status.result])).toEqual([
      ['kahu.test', 'kahu', 'pass'],
    ]);
    const altered = Buffer.from(reply.raw.toString('latin1').replace('Keep it secret', 'Share it freely'), 'latin1');
    expect((await dkimVerify(altered, { resolver })).results[0]!.status.result).not.toBe('pass');
  });

  it('a proven sender who writes to an address that is not theirs gets one explanation; an unproven one gets none', async () => {
    const token = 'a'.repeat(42);
    await rig.send({
      from: 'keoni@signed.test',
      to: `orders+short@${DOMAIN}`,
      subject: 'orders',
      text: 'B Puna H',
      dkim: signed,
    });
    await rig.send({
      from: 'keoni@signed.test',
      to: `orders+${token}@${DOMAIN}`,
      subject: 'orders 2',
      text: 'B Puna H',
      dkim: signed,
    });
    await rig.send({
      from: 'keoni@signed.test',
      to: `moderator+${token}@${DOMAIN}`,
      subject: 'orders 3',
      text: 'PROCESS',
      dkim: signed,
    });
    const told = await rig.inbox('keoni@signed.test', 'email-refused');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('kahu: your message was not read');
    expect(told[0]!.text).toContain('the address you wrote to is not a reply address of yours');
    expect(told[0]!.text).not.toContain(token);
    expect(
      await rig.t.db.inboundMail.count({
        where: {
          fromAddress: 'keoni@signed.test',
          status: { in: ['refused', 'limited'] },
          subject: { startsWith: 'orders' },
        },
      }),
    ).toBe(3);
    // Unproven: silence, as before.
    await rig.send({ from: 'plain@example.net', to: `orders+short@${DOMAIN}`, subject: 'orders', text: 'B Puna H' });
    expect(await rig.inbox('plain@example.net')).toEqual([]);
  });
});

describe('the listener behind the MX (INBOUND_TRUSTED_MX is the address it relays from)', () => {
  let rig: EmailRig;
  beforeAll(async () => {
    rig = await startEmailRig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '127.0.0.1' });
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("the MX's verdict proves the sender; a verdict under another authserv-id does not", async () => {
    await rig.send({
      from: 'relayed@example.com',
      to: JUDGE,
      subject: 'register',
      text: 'REGISTER',
      headers: forged('example.com', 'mx.evil.test'),
    });
    expect(await rig.inbox('relayed@example.com')).toEqual([]);
    await rig.send({
      from: 'relayed@example.com',
      to: JUDGE,
      subject: 'register again',
      text: 'REGISTER',
      headers: forged('example.com'),
    });
    expect(linkIn((await last(rig, 'relayed@example.com', 'token')).text)).toBeTruthy();
  });
});

describe('INBOUND_TRUSTED_MX', () => {
  it('takes addresses and CIDRs, and needs the authserv-id that MX writes; a mistake stops the start', () => {
    expect(
      loadConfig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '192.0.2.25, 198.51.100.0/24,2001:db8::/32' }).inbound
        .trustedMx,
    ).toEqual(['192.0.2.25', '198.51.100.0/24', '2001:db8::/32']);
    expect(() => loadConfig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '192.0.2.300' })).toThrow(
      /INBOUND_TRUSTED_MX: 192\.0\.2\.300 is not an IP address or CIDR/,
    );
    expect(() => loadConfig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '192.0.2.0/33' })).toThrow(
      /not an IP address or CIDR/,
    );
    expect(() => loadConfig({ INBOUND_TRUSTED_MX: '192.0.2.25' })).toThrow(
      /INBOUND_TRUSTED_MX: needs INBOUND_AUTHSERV_ID/,
    );
  });
});
