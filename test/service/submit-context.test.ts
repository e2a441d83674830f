// A submission by API token skips the read of its context when the same token sent orders to the
// same game a few seconds ago (issue 28: one statement a submission, not two). What could have
// changed meanwhile is checked in the write itself; each change below is made behind the API's
// back (as another process would), so nothing in this process knew of it.
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

async function game(name: string) {
  const mod = await signUp(t, `mod-${Math.random()}@example.org`);
  const a = await signUp(t, `a-${Math.random()}@example.org`);
  const b = await signUp(t, `b-${Math.random()}@example.org`);
  const { game, byRole } = await startedGame(t, mod, [a, b], { name, variant: 'heiau', scenario: 'race' });
  return { mod, game, sunrise: byRole.Sunrise!, url: `/games/${game.id}/orders` };
}

describe('a submission on a remembered context', () => {
  it('a token revoked elsewhere is refused at once, and nothing is stored', async () => {
    const g = await game('Revoked');
    await g.sunrise.ok('PUT', g.url, { orders: ['B Puna H'] });
    const n = await t.db.submission.count();
    await t.ctx.pool.query(
      `UPDATE "ApiToken" SET "revokedAt" = now() AT TIME ZONE 'UTC' WHERE "tokenHash" IS NOT NULL AND "accountId" = (SELECT "accountId" FROM "GamePlayer" WHERE "gameId" = $1 AND role = 'Sunrise')`,
      [g.game.id],
    );
    const r = await g.sunrise.req('PUT', g.url, { orders: ['B Puna - Hilo'] });
    expect(r.status).toBe(401);
    expect(await t.db.submission.count()).toBe(n);
  });

  it('a player replaced elsewhere may no longer order for the power', async () => {
    const g = await game('Replaced');
    await g.sunrise.ok('PUT', g.url, { orders: ['B Puna H'] });
    await t.ctx.pool.query(`UPDATE "GamePlayer" SET status = 'replaced' WHERE "gameId" = $1 AND role = 'Sunrise'`, [
      g.game.id,
    ]);
    const r = await g.sunrise.req('PUT', g.url, { orders: ['B Puna - Hilo'] });
    expect(r.status).toBe(403);
    const latest = await t.db.submission.findFirst({
      where: { role: 'Sunrise', phase: { gameId: g.game.id } },
      orderBy: { seq: 'desc' },
    });
    expect(latest?.lines).toEqual(['B Puna H']);
  });

  it('orders sent after the phase moved on go to the phase open now, as without the cache', async () => {
    const g = await game('Moved on');
    const first = await g.sunrise.ok('PUT', g.url, { orders: ['B Puna H'] });
    await g.mod.ok('POST', `/games/${g.game.id}/process`);
    const open = await t.db.phase.findFirstOrThrow({ where: { gameId: g.game.id, status: 'open' } });
    expect(open.key).not.toBe(first.phase.key);
    const again = await g.sunrise.req('PUT', g.url, { orders: ['B Puna H'] });
    expect(again.status).toBe(200);
    expect(again.body.phase.key).toBe(open.key);
    expect(await t.db.submission.count({ where: { phaseId: open.id, role: 'Sunrise' } })).toBe(1);
  });

  it('readiness set elsewhere is kept by a submission that does not say, and the deadline answered is the one now', async () => {
    const g = await game('Ready');
    await g.sunrise.ok('PUT', g.url, { orders: ['B Puna H'] });
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: g.game.id, status: 'open' } });
    await t.ctx.pool.query(`UPDATE "PhaseRole" SET ready = true WHERE "phaseId" = $1 AND role = 'Sunrise'`, [phase.id]);
    const later = new Date(Date.now() + 7 * 86_400_000);
    later.setUTCMilliseconds(0);
    await t.ctx.pool.query(`UPDATE "Phase" SET "deadlineAt" = $2::timestamptz AT TIME ZONE 'UTC' WHERE id = $1`, [
      phase.id,
      later.toISOString(),
    ]);
    const r = await g.sunrise.ok('PUT', g.url, { orders: ['B Puna - Hilo'] });
    expect(r.ready).toBe(true);
    expect(new Date(r.phase.deadlineAt).toISOString()).toBe(later.toISOString());
    const pr = await t.db.phaseRole.findUniqueOrThrow({
      where: { phaseId_role: { phaseId: phase.id, role: 'Sunrise' } },
    });
    expect(pr.ready).toBe(true);
    const off = await g.sunrise.ok('PUT', g.url, { orders: ['B Puna H'], ready: false });
    expect(off.ready).toBe(false);
  });
});
