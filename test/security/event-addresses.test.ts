// Who did what is stored as account ids and rendered per reader: an address with an apostrophe
// (which an address-scrubbing regex cut in two, leaking its first part) shows whole to those who
// may see it and not at all to the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('addresses in game events', () => {
  it("are rendered per reader from ids, never scrubbed from text (o'brien@example.org)", async () => {
    const mod = await signUp(t, 'ev-mod@example.org');
    const a = await signUp(t, "o'brien.secret@example.org");
    const b = await signUp(t, 'ev-b@example.org');
    const c = await signUp(t, 'ev-c@example.org');
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Events',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    const seat = (await mod.ok('GET', `/games/${game.id}`)).players.find((p: any) => p.email === a.email).id;
    await mod.ok('POST', `/games/${game.id}/players/${seat}/replace`, { email: c.email });
    const stored = (await t.db.gameEvent.findMany({ where: { gameId: game.id } })).map((e) => e.text).join('\n');
    expect(stored).not.toContain('@');
    const forB = (await b.ok('GET', `/games/${game.id}/events`)).events.map((e: any) => e.text).join('\n');
    expect(forB).not.toMatch(/o'brien|secret|brien/);
    expect(forB).toMatch(/\(address hidden\) now plays \w+, replacing \(address hidden\)/);
    const forMod = (await mod.ok('GET', `/games/${game.id}/events`)).events.map((e: any) => e.text).join('\n');
    expect(forMod).toContain(`ev-c@example.org now plays`);
    expect(forMod).toContain(`replacing o'brien.secret@example.org`);
    // The event mail to the other player says the same, without the addresses.
    const mail = (await mailFor(t.db, b.email, 'event:replaced'))[0]!.body;
    expect(mail).not.toMatch(/brien|secret/);
  });
});
