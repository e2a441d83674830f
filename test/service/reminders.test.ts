// Reminders are timed by the phase's length: reminderMinutes before the deadline, but never
// before the last third of the phase; once per phase and player; never after the deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { sendReminders } from '../../src/service/sweep.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

async function game(minutes: number, reminderMinutes: number) {
  const tag = Math.random().toString(36).slice(2);
  const mod = await signUp(t, `m${tag}@example.org`);
  const a = await signUp(t, `a${tag}@example.org`);
  const b = await signUp(t, `b${tag}@example.org`);
  t.clock.set('2025-03-03T00:00:00Z');
  const { game: g } = await startedGame(t, mod, [a, b], {
    name: `R${tag}`,
    variant: 'heiau',
    scenario: 'race',
    deadlines: { lengths: { movement: minutes }, reminderMinutes },
  });
  return { g, a, b, start: new Date(g.phase.openedAt).getTime(), deadline: new Date(g.phase.deadlineAt).getTime() };
}

/** The minute (from the start) at which each sweep sent reminders. */
async function timeline(x: Awaited<ReturnType<typeof game>>, stepMs: number) {
  const sent: number[] = [];
  for (let at = x.start; at <= x.deadline + 5 * stepMs; at += stepMs) {
    t.clock.set(new Date(at));
    const n = await sendReminders(t.ctx);
    if (n) sent.push((at - x.start) / 60_000);
  }
  return sent;
}

describe('reminders', () => {
  it('a 3-minute phase gets one, a minute before its deadline, whatever reminderMinutes says', async () => {
    const x = await game(3, 60);
    expect(await timeline(x, 15_000)).toEqual([2]);
    expect(await mailFor(t.db, x.a.email, 'reminder')).toHaveLength(1);
  });

  it('a day-long phase reminds reminderMinutes before the deadline, once', async () => {
    const x = await game(1440, 60);
    expect(await timeline(x, 10 * 60_000)).toEqual([1380]);
  });

  it('a phase of 90 minutes with a 60-minute reminder reminds in its last third', async () => {
    const x = await game(90, 60);
    expect(await timeline(x, 60_000)).toEqual([60]);
  });
});
