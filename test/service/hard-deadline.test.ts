// The deadline is hard: orders timed at or after it are refused with the deadline named, even
// before any worker has run; nothing is stored. In a grace period only a power that has sent
// nothing may still send, and its orders are marked late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

async function race(body: Record<string, unknown>) {
  const mod = await signUp(t, `mod-${Math.random()}@example.org`);
  const a = await signUp(t, `a-${Math.random()}@example.org`);
  const b = await signUp(t, `b-${Math.random()}@example.org`);
  t.clock.set('2025-03-03T00:00:00Z');
  const { game, byRole } = await startedGame(t, mod, [a, b], {
    name: 'Hard',
    variant: 'heiau',
    scenario: 'race',
    ...body,
  });
  const deadline = new Date(game.phase.deadlineAt);
  return { game, byRole, mod, deadline };
}

describe('a hard deadline', () => {
  it('accepts orders up to the millisecond before it and refuses them from its instant on, naming it', async () => {
    const { game, byRole, deadline } = await race({ deadlines: { lengths: { movement: 60 }, reminderMinutes: 0 } });
    const put = () => byRole.Sunrise!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Puna - Hilo'] });
    const count = () => t.db.submission.count({ where: { phase: { gameId: game.id } } });
    for (const offset of [-5, -2, -1, 0, 1, 2, 300, 5000]) {
      t.clock.set(new Date(deadline.getTime() + offset));
      const before = await count();
      const r = await put();
      if (offset < 0) {
        expect(r.status, `at ${offset} ms`).toBe(200);
        expect(await count()).toBe(before + 1);
      } else {
        expect(r.status, `at +${offset} ms`).toBe(409);
        expect(r.body.detail).toContain(`The deadline for Spring 1 Movement passed at ${deadline.toISOString()}`);
        expect(r.body.deadline).toBe(deadline.toISOString());
        expect(await count()).toBe(before);
      }
    }
    // Clearing is refused too; the orders sent in time are the ones adjudicated.
    expect((await byRole.Sunrise!.req('DELETE', `/games/${game.id}/orders`)).status).toBe(409);
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    expect(await handleDeadlineJob(t.ctx, { phaseId: phase.id })).toBe('processed');
    const done = await t.db.phase.findUniqueOrThrow({ where: { id: phase.id } });
    expect(JSON.stringify(done.report)).toContain('Puna');
  });

  it("a moderator's extension reopens the time; orders then count again", async () => {
    const { game, byRole, mod, deadline } = await race({
      deadlines: { lengths: { movement: 60 }, reminderMinutes: 0 },
    });
    t.clock.set(new Date(deadline.getTime() + 10));
    expect((await byRole.Sunset!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H'] })).status).toBe(409);
    await mod.ok('PUT', `/games/${game.id}/deadline`, { extendMinutes: 30 });
    expect((await byRole.Sunset!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H'] })).status).toBe(200);
  });

  it('in a grace period only a power without orders may send, marked late; after it nobody', async () => {
    const { game, byRole, deadline } = await race({
      nmrPolicy: 'wait',
      deadlines: { lengths: { movement: 60 }, graceMinutes: 10, reminderMinutes: 0 },
    });
    t.clock.set(new Date(deadline.getTime() - 1000));
    await byRole.Sunrise!.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Puna H'] });
    t.clock.set(new Date(deadline.getTime() + 60_000));
    // Sunrise sent in time: no changes during grace.
    const changed = await byRole.Sunrise!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Puna - Hilo'] });
    expect(changed.status).toBe(409);
    // Sunset had sent nothing: it may, and its orders are late.
    const late = await byRole.Sunset!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H'] });
    expect(late.status).toBe(200);
    const subs = await t.db.submission.findMany({ where: { phase: { gameId: game.id } }, orderBy: { seq: 'asc' } });
    expect(subs.map((s) => [s.role, s.late])).toEqual([
      ['Sunrise', false],
      ['Sunset', true],
    ]);
    // Once late, no second try either; after the grace period nobody.
    expect((await byRole.Sunset!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea - Waikiki'] })).status).toBe(
      409,
    );
    t.clock.set(new Date(deadline.getTime() + 10 * 60_000));
    expect((await byRole.Sunset!.req('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H'] })).status).toBe(409);
  });
});
