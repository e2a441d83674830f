// Mail that fits its reader (issue 24, point 5): an invitation's own reply address joins by JOIN
// with no MX proof; game mail names the reader's channel; receipts of web orders are not mailed
// unless asked; a reader who wants reminders only gets no results mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heiauDiplomacy } from '../../src/games/diplomacy.ts';
import { drawMailMap } from '../../src/games/maps.ts';
import { viewerOfKey } from '../../src/mail/game-mail.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client;
beforeAll(async () => {
  rig = await startEmailRig();
  mod = await signUp(rig.t, 'kahuna@example.org');
});
afterAll(async () => {
  await rig?.close();
});

describe('an invitation carries a personal reply address', () => {
  let gameId = '';
  let inviteAddr = '';
  beforeAll(async () => {
    await signUp(rig.t, 'keoni@example.net');
    await signUp(rig.t, 'stranger@example.net');
    gameId = (await mod.ok('POST', '/games', { name: 'Invited race', variant: 'heiau', scenario: 'race' }, 201)).id;
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: 'keoni@example.net' }, 201);
    inviteAddr = (await last(rig, 'keoni@example.net', 'invite')).replyTo!;
  });
  const status = async () => (await mod.ok('GET', `/games/${gameId}`)).players.map((p: any) => [p.email, p.status]);

  it('a mangled address, or the right one from another sender, does nothing', async () => {
    expect(inviteAddr).toMatch(/^join\+[a-z2-7]{42}@play\.kahu\.test$/);
    const mangled = inviteAddr.replace(/(.)@/, (_, c) => `${c === 'a' ? 'b' : 'a'}@`);
    const mails = await rig.t.db.outboxMail.count();
    await rig.send({ from: 'keoni@example.net', to: mangled, subject: 'Re: Invitation', text: 'JOIN' });
    await rig.send({ from: 'stranger@example.net', to: inviteAddr, subject: 'Re: Invitation', text: 'JOIN' });
    expect(await status()).toEqual([['keoni@example.net', 'invited']]);
    expect(await rig.t.db.outboxMail.count()).toBe(mails);
    expect(await rig.t.db.inboundMail.count({ where: { status: 'refused', gameId } })).toBe(2);
  });

  it('replying JOIN from the invited address joins the game, with no MX proof', async () => {
    await rig.send({
      from: 'keoni@example.net',
      to: inviteAddr,
      subject: 'Re: Invitation: Invited race',
      text: 'JOIN\n\n> quoted invitation',
    });
    expect(await status()).toEqual([['keoni@example.net', 'joined']]);
    expect((await last(rig, 'keoni@example.net', 'email-reply')).text).toMatch(
      /1\. JOIN\n\s+done: you joined Invited race/,
    );
  });
});

describe('game mail per reader: channel, receipts, notification setting', () => {
  let gameId = '';
  let web: Client, mail: Client, quiet: Client;
  beforeAll(async () => {
    const a = await signUp(rig.t, 'web@example.org');
    const b = await signUp(rig.t, 'mail@example.org');
    const { game } = await startedGame(rig.t, mod, [a, b], { name: 'Channels', variant: 'heiau', scenario: 'race' });
    gameId = game.id;
    // The moderator asks for reminders only.
    [web, mail, quiet] = [a, b, mod];
  });

  it('PATCH /accounts/me sets the mail settings, and refuses an unknown one', async () => {
    expect(await quiet.ok('PATCH', '/accounts/me', { notify: 'reminders' })).toMatchObject({
      notify: 'reminders',
      receiptsByMail: false,
    });
    const bad = await quiet.req('PATCH', '/accounts/me', { notify: 'hourly' });
    expect(bad.status).toBe(400);
    expect((await quiet.ok('GET', '/accounts/me')).notify).toBe('reminders');
  });

  it('orders from the web are not receipted by mail unless the player asks', async () => {
    await web.ok('DELETE', `/games/${gameId}/orders`);
    expect(await rig.inbox(web.email, 'receipt')).toHaveLength(0);
    await web.ok('PATCH', '/accounts/me', { receiptsByMail: true });
    await web.ok('DELETE', `/games/${gameId}/orders`);
    expect(await rig.inbox(web.email, 'receipt')).toHaveLength(1);
  });

  it('SET NOTIFY and SET RECEIPTS by email change the same settings; HELP lists them; a bad SET changes nothing', async () => {
    const addr = (await last(rig, mail.email, 'start')).replyTo!;
    await rig.send({
      from: mail.email,
      to: addr,
      subject: 'settings',
      text: 'SET NOTIFY REMINDERS\nSET RECEIPTS ON\nSET NOTIFY HOURLY\nHELP',
    });
    const reply = (await last(rig, mail.email, 'email-reply')).text;
    expect(reply).toMatch(/1\. SET NOTIFY REMINDERS\n\s+done: from now on you get deadline reminders only/);
    expect(reply).toMatch(/3\. SET NOTIFY HOURLY\n\s+REJECTED: "NOTIFY HOURLY" is not a setting/);
    expect(reply).toContain('SET NOTIFY REMINDERS    deadline reminders only');
    expect(await mail.ok('GET', '/accounts/me')).toMatchObject({ notify: 'reminders', receiptsByMail: true });
    await rig.send({
      from: mail.email,
      to: addr,
      subject: 'settings again',
      text: 'SET NOTIFY EVERY PHASE\nSET RECEIPTS OFF',
    });
    expect(await mail.ok('GET', '/accounts/me')).toMatchObject({ notify: 'every-phase', receiptsByMail: false });
  });

  it('an email player reads email commands, a web player the page; reminders-only gets no results', async () => {
    await mod.ok('POST', `/games/${gameId}/process`);
    const forMail = (await last(rig, mail.email, 'results')).text;
    const forWeb = (await last(rig, web.email, 'results')).text;
    expect(forMail).toMatch(/reply to this mail with your orders, one per line \(HELP lists the commands\)/);
    expect(forWeb).toContain(`on the game's page, http://kahu.test/#/games/${gameId}`);
    for (const t of [forMail, forWeb]) expect(t).not.toMatch(/\b(PUT|POST|GET) http/);
    expect(await rig.inbox(quiet.email, 'results')).toHaveLength(0);
  });

  it("every time a person reads in the mail is in the reader's zone, named; only the :: lines are UTC ISO", async () => {
    await web.ok('PATCH', '/accounts/me', { timeZone: 'Pacific/Honolulu' });
    await mod.ok('PUT', `/games/${gameId}/deadline`, { extendMinutes: 90 });
    const text = (await last(rig, web.email, 'event:deadline')).text;
    const sentences = text.split('\n').filter((l) => !l.startsWith('::'));
    expect(sentences.join('\n')).toMatch(
      /New deadline: \w{3} \d+ \w{3} \d{4} \d\d:\d\d HST \(Pacific\/Honolulu; .* UTC\)/,
    );
    expect(sentences.filter((l) => /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(l))).toEqual([]);
  });

  it("the map in results mail is cropped around the reader's units and shown at a width where every name is at least 11 px", async () => {
    const m = await last(rig, web.email, 'results');
    const shown = Number(/<img src="cid:map@kahu"[^>]* width="(\d+)"/.exec(m.html!)![1]);
    const png = m.images.find((i) => i.cid === 'map@kahu')!.content;
    expect(png.readUInt32BE(16)).toBe(shown); // drawn at the width it is shown at
    // The same drawing, for the same reader and phase (src/games/maps.ts drawMailMap):
    const row = await rig.t.db.outboxMail.findFirstOrThrow({
      where: { toAddress: web.email, kind: 'results' },
      orderBy: { seq: 'desc' },
    });
    const phase = await rig.t.db.phase.findUniqueOrThrow({ where: { id: row.mapPhaseId! } });
    const drawn = drawMailMap({
      module: heiauDiplomacy,
      state: phase.state,
      report: phase.report ?? undefined,
      viewer: viewerOfKey(row.mapViewer!),
      title: '',
    })!;
    expect(drawn.width).toBe(shown);
    const crop =
      /<svg class="crop"[^>]* viewBox="[\d.-]+ [\d.-]+ ([\d.]+) [\d.]+"[^>]*>([\s\S]*?)<\/svg><g class="overview"/.exec(
        drawn.svg,
      )!;
    const smallest = Math.min(...[...crop[2]!.matchAll(/font-size="([\d.]+)"/g)].map((x) => Number(x[1])));
    expect((smallest * shown) / Number(crop[1])).toBeGreaterThanOrEqual(11);
  });
});
