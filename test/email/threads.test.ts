// Mail threads in every client: each game's mail to one reader is one thread (the start mail is its
// root; later mail names it in References and In-Reply-To), and an answer to a player's mail
// replies to that mail. One incoming message gets one reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client;
let byRole: Record<string, Client>;
let gameId = '';

beforeAll(async () => {
  rig = await startEmailRig();
  ({ mod, byRole, gameId } = await gameOf(rig.t, 'thread', 2, { name: 'Threads', variant: 'heiau', scenario: 'race' }));
});
afterAll(async () => {
  await rig?.close();
});

describe('mail threads', () => {
  it("every mail of a game to a reader threads under that reader's start mail; answers reply to the player's mail", async () => {
    const sunrise = byRole.Sunrise!;
    const start = await last(rig, sunrise.email, 'start');
    expect(start.messageId).toMatch(new RegExp(`^<game-${gameId}\\.[0-9a-f]{16}@kahu\\.test>$`));
    // Another reader's thread has another root.
    expect((await last(rig, byRole.Sunset!.email, 'start')).messageId).not.toBe(start.messageId);
    const before = (await rig.inbox(sunrise.email)).length;
    await rig.send({
      from: sunrise.email,
      to: start.replyTo!,
      subject: 'Re: start',
      text: 'B Puna H\nREADY',
      messageId: '<player-msg-1@example.org>',
      inReplyTo: start.messageId,
      references: [start.messageId],
    });
    const mails = await rig.inbox(sunrise.email);
    // One incoming message, one reply (the receipt is in it).
    expect(mails.length).toBe(before + 1);
    const reply = mails[mails.length - 1]!;
    expect(reply.kind).toBe('email-reply');
    expect(reply.inReplyTo).toBe('<player-msg-1@example.org>');
    expect(reply.references).toEqual([start.messageId, '<player-msg-1@example.org>']);
    await byRole.Sunset!.ok('PUT', `/games/${gameId}/orders`, { orders: ['B Aiea H'], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    const results = await last(rig, sunrise.email, 'results');
    expect(results.inReplyTo).toBe(start.messageId);
    expect(results.references).toEqual([start.messageId]);
  });
});
