// A power may revise its orders any number of times before the deadline: each revision is kept,
// exactly one (the last received) is in force, and that one is what the reader sees and what is
// adjudicated. Revisions sent at once in one batch of the API keep the order they arrived in.
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

describe('revised orders', () => {
  it('the last of many revisions is the one in force, shown and adjudicated; a clear in between counts as a revision', async () => {
    const mod = await signUp(t, `mod-${Math.random()}@example.org`);
    const a = await signUp(t, `a-${Math.random()}@example.org`);
    const b = await signUp(t, `b-${Math.random()}@example.org`);
    t.clock.set('2025-03-03T00:00:00Z');
    const { game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'Revisions',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { lengths: { movement: 60 }, reminderMinutes: 0 },
    });
    const sunrise = byRole.Sunrise!;
    const revisions = [['B Puna H'], ['B Kona-Kailua - Kawaihae'], ['B Puna - Hilo', 'B Kona-Kailua H']];
    for (let round = 0; round < 4; round++) {
      for (const orders of revisions) {
        t.clock.advance(1000);
        expect((await sunrise.req('PUT', `/games/${game.id}/orders`, { orders })).status).toBe(200);
      }
      if (round === 1) {
        t.clock.advance(1000);
        expect((await sunrise.req('DELETE', `/games/${game.id}/orders`)).status).toBe(200);
      }
    }
    // Sent together: the API may store them in one batch, but never two of one power in one statement.
    const together = await Promise.all(
      [['B Puna H'], ['B Kona-Kailua H'], ['B Puna - Hilo', 'B Kona-Kailua - Kawaihae']].map((orders) =>
        sunrise.req('PUT', `/games/${game.id}/orders`, { orders }),
      ),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    const subs = await t.db.submission.findMany({
      where: { phaseId: phase.id, role: 'Sunrise' },
      orderBy: { seq: 'asc' },
    });
    expect(subs).toHaveLength(4 * 3 + 1 + 3);
    // While the phase is open the last by seq counts (earlier ones are not rewritten on each submission).
    const inForce = subs.at(-1)!;
    const last = inForce.lines as string[];
    const mine = (await sunrise.req('GET', `/games/${game.id}/orders`)).body;
    expect(mine.lines.map((l: { text: string }) => l.text)).toEqual(last);
    expect(mine.receipt.hash).toBe(inForce.receipt);
    t.clock.set(new Date(phase.deadlineAt!.getTime() + 1));
    expect(await handleDeadlineJob(t.ctx, { phaseId: phase.id })).toBe('processed');
    // Adjudicated, each earlier submission is marked superseded at the time of the next one.
    const after = await t.db.submission.findMany({
      where: { phaseId: phase.id, role: 'Sunrise' },
      orderBy: { seq: 'asc' },
    });
    expect(after.filter((s) => s.supersededAt === null).map((s) => s.seq)).toEqual([inForce.seq]);
    for (let i = 0; i + 1 < after.length; i++)
      expect(after[i]!.supersededAt!.getTime()).toBe(after[i + 1]!.createdAt.getTime());
    const report = JSON.stringify((await t.db.phase.findUniqueOrThrow({ where: { id: phase.id } })).report);
    // The last revision's move is adjudicated, not an earlier one's.
    if (last.includes('B Puna - Hilo')) expect(report).toContain('Hilo');
    else expect(report).not.toContain('Hilo');
  });
});
