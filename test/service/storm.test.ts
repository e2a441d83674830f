// Many deadlines passing at once, with several workers sweeping at the same time: every phase
// is adjudicated exactly once and each reader gets exactly one results mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';
import { sweep } from '../../src/service/sweep.ts';
import { processPhases } from '../../src/service/phases.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('deadline storm', () => {
  it('adjudicates each phase once whatever the number of workers', { timeout: 90_000 }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        (
          await startedGame(t, mod, [a, b], {
            name: `g${i}`,
            variant: 'heiau',
            scenario: 'race',
            deadlines: { reminderMinutes: 0 },
          })
        ).game.id,
      );
    const phases = await t.db.phase.findMany({ where: { status: 'open' } });
    const before = await t.db.outboxMail.count({ where: { kind: 'results' } });
    t.clock.advanceMinutes(24 * 60 + 1);
    // Three sweeps and a duplicate deadline job per phase, all at once.
    await Promise.all([
      sweep(t.ctx),
      sweep(t.ctx),
      sweep(t.ctx),
      ...phases.map((p) => handleDeadlineJob(t.ctx, { phaseId: p.id })),
    ]);
    expect(await t.db.phase.count({ where: { status: 'adjudicated' } })).toBe(12);
    expect(await t.db.phase.count({ where: { status: 'open' } })).toBe(12);
    expect((await t.db.outboxMail.count({ where: { kind: 'results' } })) - before).toBe(12 * 3);
    const events = await t.db.gameEvent.groupBy({ by: ['gameId'], where: { kind: 'adjudicated' }, _count: true });
    expect(events.every((e) => e._count === 1)).toBe(true);
    void ids;
  });

  // A batch takes many phases in one transaction: one bad game must not block the others.
  it('a batch with a game whose engine fails adjudicates the others; the bad one stays open', async () => {
    const mod = await signUp(t, 'mod2@example.org');
    const a = await signUp(t, 'a2@example.org');
    const b = await signUp(t, 'b2@example.org');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await startedGame(t, mod, [a, b], {
            name: `p${i}`,
            variant: 'heiau',
            scenario: 'race',
            deadlines: { reminderMinutes: 0 },
          })
        ).game.id,
      );
    const phases = await t.db.phase.findMany({
      where: { gameId: { in: ids }, status: 'open' },
      orderBy: { gameId: 'asc' },
    });
    const bad = phases[2];
    // A position the engine cannot read (as a corrupted row or a buggy engine would give).
    await t.db.$executeRawUnsafe(`UPDATE "Phase" SET state = '{"broken": true}'::jsonb WHERE id = $1::uuid`, bad.id);
    t.clock.advanceMinutes(24 * 60 + 1);
    const results = await processPhases(
      t.ctx,
      phases.map((p) => p.id),
    );
    for (const p of phases) {
      const row = await t.db.phase.findUniqueOrThrow({ where: { id: p.id } });
      if (p.id === bad.id) {
        expect(row.status).toBe('open');
        expect(results.has(p.id)).toBe(false);
        expect(await t.db.outboxMail.count({ where: { mapPhaseId: p.id, kind: 'results' } })).toBe(0);
      } else {
        expect(row.status).toBe('adjudicated');
        expect(results.get(p.id)?.status).toBe('processed');
        expect(await t.db.outboxMail.count({ where: { mapPhaseId: p.id, kind: 'results' } })).toBe(3);
        expect(await t.db.phase.count({ where: { gameId: p.gameId, status: 'open' } })).toBe(1);
      }
    }
  });

  // The batch's writes fail (here: a row already holds the next phase's place in one game): the
  // whole batch rolls back and its phases are adjudicated one by one, all but the bad one.
  it('a batch whose writes fail falls back to one phase at a time', async () => {
    const mod = await signUp(t, 'mod3@example.org');
    const a = await signUp(t, 'a3@example.org');
    const b = await signUp(t, 'b3@example.org');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await startedGame(t, mod, [a, b], {
            name: `w${i}`,
            variant: 'heiau',
            scenario: 'race',
            deadlines: { reminderMinutes: 0 },
          })
        ).game.id,
      );
    const phases = await t.db.phase.findMany({
      where: { gameId: { in: ids }, status: 'open' },
      orderBy: { gameId: 'asc' },
    });
    const bad = phases[1];
    await t.db.phase.create({
      data: {
        gameId: bad.gameId,
        seq: bad.seq + 1,
        key: 'x',
        label: 'in the way',
        type: 'movement',
        state: {},
        status: 'rolled_back',
        openedAt: new Date(),
        expected: [],
      },
    });
    t.clock.advanceMinutes(24 * 60 + 1);
    const results = await processPhases(
      t.ctx,
      phases.map((p) => p.id),
    );
    expect([...results.values()].filter((r) => r.status === 'processed')).toHaveLength(3);
    for (const p of phases) {
      const row = await t.db.phase.findUniqueOrThrow({ where: { id: p.id } });
      expect(row.status).toBe(p.id === bad.id ? 'open' : 'adjudicated');
      expect(await t.db.outboxMail.count({ where: { mapPhaseId: p.id, kind: 'results' } })).toBe(
        p.id === bad.id ? 0 : 3,
      );
      expect(await t.db.gameEvent.count({ where: { gameId: p.gameId, kind: 'adjudicated' } })).toBe(
        p.id === bad.id ? 0 : 1,
      );
    }
  });
});
