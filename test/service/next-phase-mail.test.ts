// The start and results mails tell each player, per reader, whether they are to order in the next
// phase: a Diplomacy power with nothing to order (here: no adjustment in Winter) is told so, not
// asked for orders. (Hawaii 1795's waiting player is told about standing instructions:
// test/email/hawaii1795.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('the next-phase line of game mail', () => {
  it('asks for orders only from the powers the engine expects', async () => {
    const mod = await signUp(t, 'kahuna@example.org');
    const a = await signUp(t, 'alii@example.org');
    const b = await signUp(t, 'makoa@example.org');
    const { game, byRole } = await startedGame(t, mod, [a, b], { name: 'Race', variant: 'heiau', scenario: 'race' });
    const sunrise = byRole.Sunrise!,
      sunset = byRole.Sunset!;
    const put = `on the game's page, http://kahu.test/#/games/${game.id}`;

    for (const p of [sunrise, sunset]) {
      const start = (await mailFor(t.db, p.email, 'start'))[0]!.body;
      expect(start).toContain(`Your orders for Spring 1 Movement are due ${put}.\n`);
      expect(start).not.toContain('reply to this mail'); // no email play in this service
    }
    expect((await mailFor(t.db, mod.email, 'start'))[0]!.body).not.toMatch(/are due|nothing to order/);

    // Spring: Sunrise takes Kawaihae; Sunset holds. Fall: both hold, so only Sunrise gains a heiau.
    await sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua - Kawaihae', ready: true });
    await sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Aiea H', ready: true });
    t.clock.advance(1000);
    expect((await sweep(t.ctx)).processed).toBe(1);
    for (const p of [sunrise, sunset])
      expect((await mailFor(t.db, p.email, 'results')).at(-1)!.body).toContain(
        `Your orders for Fall 1 Movement are due ${put}.\n`,
      );
    await sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kawaihae H', ready: true });
    await sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Aiea H', ready: true });
    t.clock.advance(1000);
    expect((await sweep(t.ctx)).processed).toBe(1);

    const winter = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    expect(winter).toMatchObject({ label: 'Winter 1 Adjustments', expected: ['Sunrise'] });
    const toSunrise = (await mailFor(t.db, sunrise.email, 'results')).at(-1)!.body;
    const toSunset = (await mailFor(t.db, sunset.email, 'results')).at(-1)!.body;
    expect(toSunrise).toContain(`Your orders for Winter 1 Adjustments are due ${put}.\n`);
    expect(toSunset).toContain(
      'You (Sunset) have nothing to order in Winter 1 Adjustments; it is processed without orders from you.\n',
    );
    expect(toSunset).not.toMatch(/are due/);
    expect((await mailFor(t.db, mod.email, 'results')).at(-1)!.body).not.toMatch(/are due|nothing to order/);
  });
});
