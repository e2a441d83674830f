// A game of one decision a phase (GameModule.decisionPhases: Aloha): sending the decision completes
// it. The submission marks its sender ready with no separate Ready, and the phase is processed early
// on the worker's next look; `ready: false` still holds it open. A game of sealed orders
// (Diplomacy) is unchanged: orders without Ready leave the power not ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { gameOf } from '../helpers/api.ts';
import { sweep } from '../../src/service/sweep.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('a decision completes its phase', () => {
  it('in Aloha, sending the decision marks its player ready and the phase is processed early', {
    timeout: 60_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(t, 'decide', 2, {
      name: 'Aloha decisions',
      variant: 'aloha',
      scenario: 'two',
      deadlines: { reminderMinutes: 0 },
    });
    const g = await mod.ok('GET', `/games/${gameId}`);
    // The API says so, for pages and programs: no Ready to offer.
    expect(g.phase.decides).toBe(true);
    const role = g.phase.readiness.find((r: any) => r.expected).role as string;
    const me = byRole[role]!;
    const { options } = await me.ok('GET', `/games/${gameId}/options`);
    // Held open on purpose: `ready: false` keeps the decision changeable.
    const held = await me.ok('PUT', `/games/${gameId}/orders`, { orders: [options.actions[0].text], ready: false });
    expect(held.ready).toBe(false);
    expect((await mod.ok('GET', `/games/${gameId}`)).phase.earlyAt).toBeNull();
    expect((await sweep(t.ctx)).processed).toBe(0);
    // Sent without a word about readiness: done.
    const sent = await me.ok('PUT', `/games/${gameId}/orders`, { orders: [options.actions[1].text] });
    expect(sent).toMatchObject({ accepted: 1, rejected: 0, ready: true });
    const open = await mod.ok('GET', `/games/${gameId}`);
    expect(open.phase.readiness.find((r: any) => r.role === role)).toMatchObject({ ready: true, submitted: true });
    expect(open.phase.earlyAt).not.toBeNull();
    expect((await sweep(t.ctx)).processed).toBe(1);
    const after = await mod.ok('GET', `/games/${gameId}`);
    expect(after.phase.key).not.toBe(g.phase.key);
    expect((await me.ok('GET', `/games/${gameId}/history`)).phases[0].report).toContain(
      `settles ${options.actions[1].text.split(' ')[1]}`,
    );
  });

  it('in Diplomacy, orders without Ready leave the power not ready', { timeout: 60_000 }, async () => {
    const { mod, byRole, gameId } = await gameOf(t, 'sealed', 7, {
      name: 'Sealed orders',
      variant: 'standard',
      scenario: 'classic',
      deadlines: { reminderMinutes: 0 },
    });
    const [role, me] = Object.entries(byRole)[0]!;
    expect((await me.ok('GET', `/games/${gameId}`)).phase.decides).toBe(false);
    const { options } = await me.ok('GET', `/games/${gameId}/options`);
    const sent = await me.ok('PUT', `/games/${gameId}/orders`, { orders: [options.units[0].orders[0].text] });
    expect(sent.ready).toBe(false);
    expect((await mod.ok('GET', `/games/${gameId}`)).phase.readiness.find((r: any) => r.role === role)).toMatchObject({
      ready: false,
      submitted: true,
    });
  });
});
