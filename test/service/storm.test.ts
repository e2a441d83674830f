// Many deadlines passing at once, with several workers sweeping at the same time: every phase
// is adjudicated exactly once and each reader gets exactly one results mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';
import { sweep } from '../../src/service/sweep.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => { t = await startTestService(); });
afterAll(async () => { await t?.close(); });

describe('deadline storm', () => {
  it('adjudicates each phase once whatever the number of workers', async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await startedGame(t, mod, [a, b], { name: `g${i}`, variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 } })).game.id);
    const phases = await t.db.phase.findMany({ where: { status: 'open' } });
    const before = await t.db.outboxMail.count({ where: { kind: 'results' } });
    t.clock.advanceMinutes(24 * 60 + 1);
    // Three sweeps and a duplicate deadline job per phase, all at once.
    await Promise.all([sweep(t.ctx), sweep(t.ctx), sweep(t.ctx), ...phases.map((p) => handleDeadlineJob(t.ctx, { phaseId: p.id }))]);
    expect(await t.db.phase.count({ where: { status: 'adjudicated' } })).toBe(12);
    expect(await t.db.phase.count({ where: { status: 'open' } })).toBe(12);
    expect((await t.db.outboxMail.count({ where: { kind: 'results' } })) - before).toBe(12 * 3);
    const events = await t.db.gameEvent.groupBy({ by: ['gameId'], where: { kind: 'adjudicated' }, _count: true });
    expect(events.every((e) => e._count === 1)).toBe(true);
    void ids;
  });
});
