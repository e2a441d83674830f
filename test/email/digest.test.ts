// The daily digest (issue 24, point 5): a reader who sets SET NOTIFY DIGEST (by real SMTP) gets no
// results mail, and once a day, after 07:00 in their own zone, one mail of what happened in each
// of their games, read as they may read it; two workers at once send it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.ts';
import { heiauDiplomacy } from '../../src/games/diplomacy.ts';
import { digestMail } from '../../src/mail/digest.ts';
import { digestDueAt, sendDigests } from '../../src/service/digest.ts';
import type { Ctx } from '../../src/service/context.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client, digest: Client, every: Client;
let gameId = '';
let ctx2: Ctx;
const HONOLULU = 'Pacific/Honolulu';

beforeAll(async () => {
  rig = await startEmailRig();
  mod = await signUp(rig.t, 'kahuna@example.org');
  digest = await signUp(rig.t, 'daily@example.org');
  every = await signUp(rig.t, 'every@example.org');
  gameId = (await startedGame(rig.t, mod, [digest, every], { name: 'Digest race', variant: 'heiau', scenario: 'race' }))
    .game.id;
  // A second worker: its own connections to the same database.
  ctx2 = { ...rig.t.ctx, db: createDb(rig.t.database.url, 3) };
}, 120_000);
afterAll(async () => {
  await ctx2?.db.$disconnect();
  await rig?.close();
});

describe('the daily digest', () => {
  it("is due at the latest 07:00 of the reader's own day", () => {
    // 2025-03-03T16:59Z is 06:59 in Honolulu: the day's digest is not due yet, yesterday's was.
    expect(digestDueAt(new Date('2025-03-03T16:59:00Z'), HONOLULU).toISOString()).toBe('2025-03-02T17:00:00.000Z');
    expect(digestDueAt(new Date('2025-03-03T17:00:00Z'), HONOLULU).toISOString()).toBe('2025-03-03T17:00:00.000Z');
    expect(digestDueAt(new Date('2025-03-03T06:00:00Z'), 'UTC').toISOString()).toBe('2025-03-02T07:00:00.000Z');
  });

  it('SET NOTIFY DIGEST and SET ZONE by mail set it; the reader then gets no results mail', async () => {
    const addr = (await last(rig, digest.email, 'start')).replyTo!;
    await rig.send({
      from: digest.email,
      to: addr,
      subject: 'settings',
      text: 'SET NOTIFY DIGEST\nSET ZONE pacific/honolulu\nSET ZONE Mars/Olympus',
    });
    const reply = (await last(rig, digest.email, 'email-reply')).text;
    expect(reply).toMatch(/1\. SET NOTIFY DIGEST\n\s+done: from now on you get one mail a day/);
    expect(reply).toMatch(
      /2\. SET ZONE pacific\/honolulu\n\s+done: every time in your mail is now given in Pacific\/Honolulu first/,
    );
    expect(reply).toMatch(/3\. SET ZONE Mars\/Olympus\n\s+REJECTED: "Mars\/Olympus" is not an IANA time zone/);
    expect(await digest.ok('GET', '/accounts/me')).toMatchObject({ notify: 'digest', timeZone: HONOLULU });
    expect(await every.ok('PATCH', '/accounts/me', { notify: 'digest' })).toMatchObject({ notify: 'digest' });
    expect(await every.ok('PATCH', '/accounts/me', { notify: 'every-phase' })).toMatchObject({ notify: 'every-phase' });

    rig.t.clock.advanceMinutes(1);
    await mod.ok('POST', `/games/${gameId}/process`);
    expect(await rig.inbox(every.email, 'results')).toHaveLength(1);
    expect(await rig.inbox(digest.email, 'results')).toHaveLength(0);
    // Before 07:00 in Honolulu the day's digest is not due (the window began when they chose it).
    expect(await sendDigests(rig.t.ctx)).toEqual({ sent: 0, claimed: 0 });
  });

  it('after 07:00 their time, two workers at once send one digest, of what they missed, as they may read it', async () => {
    // Something in the window that names other people: the moderator replaces the other player.
    const seat = await rig.t.db.gamePlayer.findFirstOrThrow({ where: { gameId, account: { email: every.email } } });
    await mod.ok('POST', `/games/${gameId}/players/${seat.id}/replace`, { email: 'stand-in@example.org' });
    rig.t.clock.set(new Date('2025-03-03T17:30:00Z')); // 07:30 in Honolulu
    const runs = await Promise.all([
      sendDigests(rig.t.ctx),
      sendDigests(ctx2),
      sendDigests(rig.t.ctx),
      sendDigests(ctx2),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const mails = await rig.inbox(digest.email, 'digest');
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(mails[0]!.subject).toBe('kahu digest: Digest race');
    expect(text).toMatch(/== Digest race \(Heiau Diplomacy, scenario .+\); you play .+ ==/);
    expect(text).toMatch(/Results of .+, processed .*HST/);
    expect(text).toMatch(/Now: .+, deadline /);
    expect(text).toMatch(/now plays .+, replacing/);
    // Their own words and zone: times in Honolulu first; UTC only in the :: lines and after it.
    for (const l of text.split('\n').filter((x) => /\d\d:\d\d/.test(x) && !x.startsWith('::')))
      expect(l).toMatch(/HST/);
    // An email player reads how to change it by mail, never an HTTP verb.
    expect(text).toContain('To change it: send SET NOTIFY EVERY PHASE in a mail to the judge.');
    expect(text).not.toMatch(/\b(PUT|POST|GET|PATCH|DELETE) /);
    // Only what they may see: no other player's address.
    expect(text).not.toContain(every.email);
    expect(text).not.toContain('stand-in@example.org');
    // The moderator and the other players, still on every-phase, got no digest.
    expect(await rig.inbox(mod.email, 'digest')).toHaveLength(0);
  });

  it('the same day nothing more; the next day the next one, from where the last stopped', async () => {
    rig.t.clock.set(new Date('2025-03-04T09:00:00Z')); // 23:00 the same day in Honolulu
    expect((await sendDigests(rig.t.ctx)).sent).toBe(0);
    rig.t.clock.set(new Date('2025-03-04T17:05:00Z'));
    expect((await Promise.all([sendDigests(rig.t.ctx), sendDigests(ctx2)])).reduce((n, r) => n + r.sent, 0)).toBe(1);
    const mails = await rig.inbox(digest.email, 'digest');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(':: Since: 2025-03-03T17:30:00Z');
    // Nothing processed since: it says so, and what they still owe.
    expect(mails[1]!.text).toContain('Nothing was processed and nothing happened since the last digest.');
    expect(mails[1]!.text).toMatch(/Your orders for .+ are due/);
  });

  it('a web player reads where the settings page is instead of the mail command', () => {
    const reader = {
      email: 'web@example.org',
      timeZone: HONOLULU,
      viewer: { kind: 'observer' as const },
      byMail: false,
    };
    const game = {
      game: { id: gameId, name: 'Web', variant: 'heiau', scenario: 'race', seedHash: 'x', status: 'running' },
      module: heiauDiplomacy,
      resolved: [],
      events: [],
      open: null,
    };
    const now = new Date('2025-03-03T17:30:00Z');
    const text = digestMail(
      rig.t.config,
      reader,
      [{ digest: game, reader }],
      new Date(now.getTime() - 86_400_000),
      now,
    ).body;
    expect(text).toContain(
      `To change it: "How often game mail comes" on your settings page, ${rig.t.config.publicUrl}/#/settings.`,
    );
    expect(text).not.toContain('SET NOTIFY');
    expect(text).not.toMatch(/\b(PUT|POST|GET|PATCH|DELETE) /);
  });
});
