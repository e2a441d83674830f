// Reads that arrive together share a round trip (a page asks for six answers at once; every
// player's page follows the same phase): games outside a transaction and bearer tokens are read in
// batches (src/service/access.ts loadGame, src/service/accounts.ts authenticate). Each caller still
// gets its own answer, never one older than its question, and a transaction reads its own writes.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/service/accounts.ts';
import { loadGame } from '../../src/service/access.ts';
import { signUp, type Client } from '../helpers/api.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
let mod: Client;
let other: Client;
let gameId: string;
let otherId: string;
beforeAll(async () => {
  t = await startTestService();
  mod = await signUp(t, 'together-mod@example.org');
  other = await signUp(t, 'together-other@example.org');
  gameId = (await mod.ok('POST', '/games', { name: 'Read Together', variant: 'standard', scenario: 'classic' })).id;
  otherId = (await other.ok('POST', '/games', { name: 'Read Apart', variant: 'heiau', scenario: 'clans' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('games read together', () => {
  it('answer each caller with its own game, its own copy, and refuse an unknown or malformed id alone', async () => {
    const asked = [gameId, otherId, gameId, crypto.randomUUID(), 'not-a-game', gameId];
    const got = await Promise.allSettled(asked.map((id) => loadGame(t.ctx.db, id)));
    const names = got.map((r) => (r.status === 'fulfilled' ? r.value.name : (r.reason as Error).message));
    expect(names).toEqual([
      'Read Together',
      'Read Apart',
      'Read Together',
      'There is no game with this id.',
      'There is no game with this id.',
      'Read Together',
    ]);
    const [a, , b, , , c] = got.map((r) => (r.status === 'fulfilled' ? r.value : null));
    // Equal, not the same object: a request may change what it was given.
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    a!.name = 'changed by one request';
    a!.players.length = 0;
    expect(c!.name).toBe('Read Together');
    expect(c!.players.map((p) => p.accountId)).toEqual(b!.players.map((p) => p.accountId));
  });

  it('never answer with a read older than the question: a change made before the call is seen', async () => {
    for (let i = 0; i < 20; i++) {
      // Other reads of the game keep a batch in flight while it changes.
      const busy = Array.from({ length: 5 }, () => loadGame(t.ctx.db, gameId));
      await t.ctx.db.game.update({ where: { id: gameId }, data: { name: `Read Together ${i}` } });
      expect((await loadGame(t.ctx.db, gameId)).name).toBe(`Read Together ${i}`);
      await Promise.all(busy);
    }
  });

  it('inside a transaction, read its own writes (never through the batch outside it)', async () => {
    await t.ctx.db
      .$transaction(async (tx) => {
        await tx.game.update({ where: { id: gameId }, data: { name: 'Seen inside only' } });
        expect((await loadGame(tx, gameId)).name).toBe('Seen inside only');
        expect((await loadGame(t.ctx.db, gameId)).name).not.toBe('Seen inside only');
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect((await loadGame(t.ctx.db, gameId)).name).not.toBe('Seen inside only');
  });
});

describe('bearer tokens read together', () => {
  it('answer each request for its own token; a revoked or unknown one is refused alone, at once', async () => {
    const third = await signUp(t, 'together-revoked@example.org');
    const revoked = await t.ctx.db.apiToken.findFirstOrThrow({ where: { account: { email: third.email } } });
    await t.ctx.db.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const asked = [mod.token, other.token, third.token, 'k_unknown', mod.token];
    const got = await Promise.allSettled(asked.map((tok) => authenticate(t.ctx, tok)));
    expect(got.map((r) => (r.status === 'fulfilled' ? r.value.account.email : 'refused'))).toEqual([
      mod.email,
      other.email,
      'refused',
      'refused',
      mod.email,
    ]);
    expect((got[2] as PromiseRejectedResult).reason.message).toMatch(/revoked/);
  });
});
