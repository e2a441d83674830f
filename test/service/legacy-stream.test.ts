// A game begun before the published stream (docs/service-rules.md "Fair dice") holds the old one in its state
// (sfc32, four numbers): it goes on with it to its end, and its replay recomputes it with it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hawaii1795, type Hawaii1795State } from '../../src/games/hawaii1795.ts';
import { withLegacyStreams } from '../../src/contract/random.ts';
import { sweep } from '../../src/service/sweep.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';
import { hawaiiTurn } from '../helpers/hawaii1795-player.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

const SEED = 'kahu-legacy-stream';
const K = 'kamehameha';
const A = 'allied-chiefs';

describe('a Hawaii 1795 game begun on the old stream', () => {
  it('plays on with the old stream and replays', async () => {
    const mod = await signUp(t, 'kahuna@example.org');
    const kp = await signUp(t, 'paiea@example.org');
    const ap = await signUp(t, 'kalani@example.org');
    const created = await mod.ok(
      'POST',
      '/games',
      {
        name: 'Old dice',
        variant: 'hawaii1795',
        scenario: 'short',
        deadlines: { lengths: { turn: 720 }, reminderMinutes: 0 },
      },
      201,
    );
    const gameId = created.id;
    await t.db.game.update({
      where: { id: gameId },
      data: { seed: SEED, seedHash: crypto.createHash('sha256').update(SEED).digest('hex') },
    });
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: kp.email, role: K }, 201);
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: ap.email, role: A }, 201);
    for (const p of [kp, ap]) await p.ok('POST', `/games/${gameId}/join`);
    await mod.ok('POST', `/games/${gameId}/start`);
    // The state the engines made before the change, as it would be in the database.
    const old = withLegacyStreams(() => hawaii1795.setup(SEED, 'short', {}));
    expect(Array.isArray(old.rng)).toBe(true);
    expect(old).not.toEqual(hawaii1795.setup(SEED, 'short', {}));
    const first = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    await t.db.phase.update({ where: { id: first.id }, data: { state: JSON.parse(JSON.stringify(old)) } });

    let engine: Hawaii1795State = JSON.parse(JSON.stringify(old));
    for (let n = 0; n < 4; n++) {
      const open = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
      const state = open.state as unknown as Hawaii1795State;
      expect(Array.isArray(state.rng), 'the old stream is kept').toBe(true);
      const side = state.side;
      const lines = hawaiiTurn(state, side, n);
      await (side === K ? kp : ap).ok('PUT', `/games/${gameId}/orders`, { text: lines.join('\n'), ready: true });
      t.clock.advance(1000);
      expect((await sweep(t.ctx)).processed).toBe(1);
      const done = await t.db.phase.findUniqueOrThrow({ where: { id: open.id } });
      // The same turn as the engine plays it on the old stream; its report names no draws.
      const r = hawaii1795.resolve(state, { [side]: hawaii1795.readSubmission(state, side, lines).accepted });
      expect(done.report).toEqual(JSON.parse(JSON.stringify(r.report)));
      expect(hawaii1795.formatReport(done.report, { kind: 'moderator' })).not.toMatch(/\(draws? #/);
      engine = r.state;
      if (hawaii1795.outcome(engine)) break;
    }
    expect(Array.isArray(engine.rng)).toBe(true);
    const replay = await mod.ok('GET', `/games/${gameId}/replay`);
    expect(replay).toMatchObject({ ok: true, mismatches: [] });
    expect(replay.phases).toBeGreaterThan(1);
  });
});
