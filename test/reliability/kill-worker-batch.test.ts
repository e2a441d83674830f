// A worker killed (SIGKILL) in the middle of a batch of adjudications (src/service/phases.ts,
// processPhases): the batch's one transaction dies with it, so none of its phases is adjudicated
// and none of their mail is queued; a restarted worker adjudicates each exactly once, with one
// results mail per reader. The moment is made exact by KAHU_TEST_ADJUDICATION_PAUSE_MS, which
// announces every phase of the batch once all is written and waits before committing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { spawnKahu, until, type Kahu } from './procs.ts';

let t: TestService;
const procs: Kahu[] = [];
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  await t?.close();
});

describe('SIGKILL in the middle of a batch of adjudications', () => {
  it('adjudicates none of the batch; after a restart each phase once, one results mail per reader', {
    timeout: 120_000,
  }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const games: string[] = [];
    for (let i = 0; i < 5; i++)
      games.push(
        (
          await startedGame(t, mod, [a, b], {
            name: `Batch ${i}`,
            variant: 'heiau',
            scenario: 'race',
            deadlines: { reminderMinutes: 0 },
          })
        ).game.id,
      );
    const phases = await t.db.phase.findMany({ where: { status: 'open' } });
    expect(phases).toHaveLength(5);
    // The test clock is in the past of the real one: every phase is overdue for a real worker.

    // One batch slot, so the five phases go into one transaction.
    const env = { DATABASE_URL: t.database.url, WORKER_CONCURRENCY: '1' };
    const first = spawnKahu(['--worker'], { ...env, KAHU_TEST_ADJUDICATION_PAUSE_MS: '30000' });
    procs.push(first);
    for (const p of phases)
      await first.waitFor(new RegExp(`kahu-test-hook: adjudication of ${p.id} written, not committed`), 60_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    // Nothing of the batch survived: every phase still open, no results mail, no event.
    expect(await t.db.phase.count({ where: { status: 'open' } })).toBe(5);
    expect(await t.db.phase.count()).toBe(5);
    expect(await t.db.outboxMail.count({ where: { kind: 'results' } })).toBe(0);
    expect(await t.db.gameEvent.count({ where: { kind: 'adjudicated' } })).toBe(0);

    const second = spawnKahu(['--worker'], env);
    procs.push(second);
    await until(
      async () => (await t.db.phase.count({ where: { status: 'adjudicated' } })) === 5,
      60_000,
      'the five phases adjudicated',
    );
    // Give duplicate jobs and later sweeps the chance to do harm.
    await new Promise((res) => setTimeout(res, 2500));
    expect(await second.stop('SIGTERM')).toBe(0);

    for (const p of phases) {
      expect(await t.db.phase.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ status: 'adjudicated' });
      const mails = await t.db.outboxMail.findMany({ where: { mapPhaseId: p.id, kind: 'results' } });
      expect(mails.map((m) => m.toAddress).sort()).toEqual(['a@example.org', 'b@example.org', 'mod@example.org']);
    }
    for (const g of games) {
      expect(await t.db.gameEvent.count({ where: { gameId: g, kind: 'adjudicated' } })).toBe(1);
      expect(await t.db.phase.count({ where: { gameId: g, status: 'open' } })).toBe(1);
    }
    const dup = await t.db.$queryRawUnsafe<unknown[]>(
      `SELECT "gameId", seq FROM "Phase" GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(dup).toHaveLength(0);
  });
});
