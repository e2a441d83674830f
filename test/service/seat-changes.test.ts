// A removed or replaced player's sealed orders no longer count (the replacement starts with none
// unless the moderator keeps them); deadlines are bounded where they are set, for HTTP and email.
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

async function game(tag: string) {
  const mod = await signUp(t, `${tag}-mod@example.org`);
  const a = await signUp(t, `${tag}-a@example.org`);
  const b = await signUp(t, `${tag}-b@example.org`);
  const { game: g, byRole } = await startedGame(t, mod, [a, b], {
    name: tag,
    variant: 'heiau',
    scenario: 'race',
    deadlines: { reminderMinutes: 0 },
  });
  const view = await mod.ok('GET', `/games/${g.id}`);
  const seat = (role: string) => view.players.find((p: any) => p.role === role).id as string;
  return { g, byRole, mod, seat };
}

describe('seats changing hands', () => {
  it("a removed player's orders are not adjudicated: the power holds in civil disorder", async () => {
    const { g, byRole, mod, seat } = await game('removed');
    await byRole.Sunrise!.ok('PUT', `/games/${g.id}/orders`, { orders: ['B Puna - Hilo'], ready: true });
    await mod.ok('DELETE', `/games/${g.id}/players/${seat('Sunrise')}`);
    const v = await mod.ok('GET', `/games/${g.id}`);
    expect(v.phase.readiness.find((r: any) => r.role === 'Sunrise')).toMatchObject({ submitted: false });
    await mod.ok('POST', `/games/${g.id}/process`);
    const h = await mod.ok('GET', `/games/${g.id}/history`);
    const report = JSON.stringify(h.phases[0]);
    expect(report).not.toContain('Puna - Hilo');
    const units = (await mod.ok('GET', `/games/${g.id}`)).view.units;
    expect(units.some((u: any) => u.location === 'puna' || u.at === 'puna' || JSON.stringify(u).includes('Puna'))).toBe(
      true,
    );
  });

  it('a replacement starts without the old orders, unless the moderator keeps them', async () => {
    const { g, byRole, mod, seat } = await game('replaced');
    const c = await signUp(t, 'replaced-c@example.org');
    await byRole.Sunrise!.ok('PUT', `/games/${g.id}/orders`, { orders: ['B Puna - Hilo'] });
    await mod.ok('POST', `/games/${g.id}/players/${seat('Sunrise')}/replace`, { email: c.email });
    expect((await c.ok('GET', `/games/${g.id}/orders`)).lines).toEqual([]);
    const events = (await mod.ok('GET', `/games/${g.id}/events`)).events.map((e: any) => e.text).join('\n');
    expect(events).toContain('orders sent for this phase no longer count');

    const k = await game('kept');
    const d = await signUp(t, 'kept-d@example.org');
    await k.byRole.Sunset!.ok('PUT', `/games/${k.g.id}/orders`, { orders: ['B Aiea - Waikiki'] });
    await k.mod.ok('POST', `/games/${k.g.id}/players/${k.seat('Sunset')}/replace`, {
      email: d.email,
      keepOrders: true,
    });
    expect((await d.ok('GET', `/games/${k.g.id}/orders`)).lines.map((l: any) => l.text)).toEqual(['B Aiea - Waikiki']);
  });

  it('a deadline is set at most a year ahead, over HTTP and by email; reads keep working', async () => {
    const { g, mod } = await game('far');
    const far = await mod.req('PUT', `/games/${g.id}/deadline`, { at: '9999-12-31T00:00:00Z' });
    expect(far.status).toBe(400);
    expect(far.body.detail).toMatch(/at most 366 days ahead/);
    for (let i = 0; i < 13; i++)
      await mod.ok('PUT', `/games/${g.id}/deadline`, { extendMinutes: 60 * 24 * 30 }).catch(() => undefined);
    const v = await mod.ok('GET', `/games/${g.id}`);
    expect(new Date(v.phase.deadlineAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(366 * 86_400_000);
  });
});
