// One rule in every channel (issue 24): a submission with a rejected line stores nothing and the
// orders in force stay. The API answers 422 with the reading of every line; "acceptPartial" is
// refused with a 400 naming it (the email side is in test/email/webhook.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('a rejected line stores nothing', () => {
  it('422 with every line read, 400 for acceptPartial, and the orders in force stay', async () => {
    const mod = await signUp(t, `mod-${Math.random()}@example.org`);
    const a = await signUp(t, `a-${Math.random()}@example.org`);
    const b = await signUp(t, `b-${Math.random()}@example.org`);
    const { game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'One rule',
      variant: 'heiau',
      scenario: 'race',
    });
    const sunrise = byRole.Sunrise!;
    const url = `/games/${game.id}/orders`;
    const first = await sunrise.ok('PUT', url, { orders: ['B Puna H', 'B Kona-Kailua H'] });
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    const count = () => t.db.submission.count({ where: { phaseId: phase.id, role: 'Sunrise' } });
    const before = await count();

    const bad = await sunrise.req('PUT', url, {
      orders: ['B Puna - Hilo', 'B Puna - Nowhere', 'B Kona-Kailua - Kawaihae'],
      ready: true,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('line 2');
    expect(bad.body.detail).toContain('nothing was stored');
    expect(bad.body.lines.map((l: any) => [l.line, l.text, l.ok])).toEqual([
      [1, 'B Puna - Hilo', true],
      [2, 'B Puna - Nowhere', false],
      [3, 'B Kona-Kailua - Kawaihae', true],
    ]);
    expect(bad.body.lines[0].reading).toBeTruthy();
    expect(bad.body.lines[1].error).toBeTruthy();
    expect(bad.body.errors).toEqual([expect.objectContaining({ line: 2, text: 'B Puna - Nowhere' })]);

    for (const body of [
      { orders: ['B Puna - Hilo'], acceptPartial: true },
      { text: 'B Puna - Hilo\nB Puna - Nowhere', acceptPartial: false },
    ]) {
      const r = await sunrise.req('PUT', url, body);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'body.acceptPartial', message: 'not accepted' }]);
      expect(r.body.detail).toContain('acceptPartial');
    }

    expect(await count()).toBe(before);
    const mine = await sunrise.ok('GET', url);
    expect(mine.lines.map((l: any) => l.text)).toEqual(['B Puna H', 'B Kona-Kailua H']);
    expect(mine.receipt.hash).toBe(first.receipt.hash);
    expect(mine.ready).toBe(first.ready);
  });
});
