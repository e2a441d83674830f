// Creating answers 201 with Location; a moderator can delete a game that has not started (the
// invited are told), never one that runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('creating and deleting games', () => {
  it('201 with Location; a forming game is deleted and its invited told; a running one is not', async () => {
    const mod = await signUp(t, 'del-mod@example.org');
    const p = await signUp(t, 'del-p@example.org');
    const r = await t.app.inject({
      method: 'POST',
      url: '/games',
      headers: { authorization: `Bearer ${mod.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Soon gone', variant: 'heiau', scenario: 'race' }),
    });
    expect(r.statusCode).toBe(201);
    const id = r.json().id;
    expect(r.headers.location).toBe(`/games/${id}`);
    const inv = await t.app.inject({
      method: 'POST',
      url: `/games/${id}/invitations`,
      headers: { authorization: `Bearer ${mod.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: p.email }),
    });
    expect(inv.headers.location).toBe(`/games/${id}/players/${inv.json().playerId}`);
    expect((await p.req('DELETE', `/games/${id}`)).status).toBe(403);
    expect((await mod.req('DELETE', `/games/${id}`)).status).toBe(204);
    expect((await mod.req('GET', `/games/${id}`)).status).toBe(404);
    expect((await mailFor(t.db, p.email, 'game-deleted'))[0]!.subject).toBe('Soon gone was cancelled');
    const b = await signUp(t, 'del-b@example.org');
    const { game } = await startedGame(t, mod, [p, b], { name: 'Running', variant: 'heiau', scenario: 'race' });
    expect((await mod.req('DELETE', `/games/${game.id}`)).status).toBe(409);
  });
});
