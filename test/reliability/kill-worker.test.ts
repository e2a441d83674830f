// A worker is killed (SIGKILL) in the middle of adjudicating: the transaction dies with it, and
// after a restart the phase is adjudicated exactly once, every reader gets exactly one results
// email (over real SMTP), and no order is lost — not even one that arrived during the adjudication.
// "In the middle" is made exact by the test-only hook KAHU_TEST_ADJUDICATION_PAUSE_MS
// (src/service/phases.ts): the worker announces the phase once everything is written and waits
// before committing; the test kills it at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { spawnKahu, TOKEN_RE, until, type Kahu } from './procs.ts';
import { startSmtp } from './smtp.ts';

let t: TestService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const procs: Kahu[] = [];
beforeAll(async () => {
  t = await startTestService();
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL');
  await smtp?.close();
  await t?.close();
});

describe('SIGKILL in the middle of adjudicating', () => {
  it('adjudicates once after restart, one results mail each, no order lost', { timeout: 90_000 }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const { game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'Killed',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Kona-Kailua H', 'B Puna H'] });
    await byRole.Sunset.ok('PUT', `/games/${game.id}/orders`, { orders: ['B Aiea H', 'B Kilauea H'] });
    // The test clock is in the past of the real one: the phase is overdue for a real worker.

    const env = { DATABASE_URL: t.database.url, SMTP_URL: smtp.url, WORKER_CONCURRENCY: '1' };
    const first = spawnKahu(['--worker'], { ...env, KAHU_TEST_ADJUDICATION_PAUSE_MS: '25000' });
    procs.push(first);
    await first.waitFor(new RegExp(`kahu-test-hook: adjudication of ${phase.id} written, not committed`), 45_000);

    // An order arrives while the phase is being adjudicated: it waits for the phase row...
    const late = byRole.Sunrise.req('PUT', `/games/${game.id}/orders`, {
      orders: ['B Kona-Kailua - Kawaihae', 'B Puna H'],
    });
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    await until(
      async () =>
        (
          await admin.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rowCount! > 0,
      10_000,
      'the submission to wait on the phase lock',
    );

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // ...and is stored once the dead worker's transaction is gone: the phase is still open.
    const r = await late;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await t.db.phase.findUniqueOrThrow({ where: { id: phase.id } })).toMatchObject({
      status: 'open',
      report: null,
    });
    expect(await t.db.outboxMail.count({ where: { gameId: game.id, kind: 'results' } })).toBe(0);
    expect(await t.db.gameEvent.count({ where: { gameId: game.id, kind: 'adjudicated' } })).toBe(0);

    const second = spawnKahu(['--worker'], env);
    procs.push(second);
    await until(
      async () => (await t.db.outboxMail.count({ where: { gameId: game.id, kind: 'results', status: 'sent' } })) === 3,
      45_000,
      'results mail sent',
    );
    // Give duplicate jobs and later sweeps the chance to do harm.
    await new Promise((res) => setTimeout(res, 2500));
    expect(await second.stop('SIGTERM')).toBe(0);

    expect(await t.db.phase.findUniqueOrThrow({ where: { id: phase.id } })).toMatchObject({ status: 'adjudicated' });
    expect(await t.db.gameEvent.count({ where: { gameId: game.id, kind: 'adjudicated' } })).toBe(1);
    const dup = await admin.query(`SELECT "gameId", seq FROM "Phase" GROUP BY 1, 2 HAVING count(*) > 1`);
    expect(dup.rowCount).toBe(0);
    expect(await t.db.phase.count({ where: { gameId: game.id, status: 'open' } })).toBe(1);
    await admin.end();

    const results = smtp.received.filter((m) => /results/.test(m.subject));
    expect(results.map((m) => m.to).sort()).toEqual(['a@example.org', 'b@example.org', 'mod@example.org']);
    expect(new Set(smtp.received.map((m) => m.id)).size).toBe(smtp.received.length); // nothing sent twice

    // No order lost: all three submissions kept, and the one that arrived during the killed
    // adjudication is the one that was adjudicated.
    expect(await t.db.submission.count({ where: { phaseId: phase.id } })).toBe(3);
    const h = await mod.ok('GET', `/games/${game.id}/history`);
    expect(h.phases[0].orders.find((o: any) => o.role === 'Sunrise').lines).toEqual([
      'B Kona-Kailua - Kawaihae',
      'B Puna H',
    ]);
    expect(h.phases[0].report).toMatch(/Kawaihae/);
    // Tokens are never logged, not even by a worker killed mid-way.
    expect(first.output() + second.output()).not.toMatch(TOKEN_RE);
  });
});
