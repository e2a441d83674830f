// Powers are matched as people type them: "sunrise", "SUNSET" and " Sunset " name the same power
// everywhere a role is given (invitations, the moderator's assignment, press, concession, options,
// a declared draw), and what is stored and shown is the scenario's own spelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('role names are matched without regard to case', () => {
  it('in invitations, assignments, options, press, concession and a declared draw', async () => {
    const mod = await signUp(t, 'case-mod@example.org');
    const a = await signUp(t, 'case-a@example.org');
    const b = await signUp(t, 'case-b@example.org');
    const game = await mod.ok(
      'POST',
      '/games',
      { name: 'Case', variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 } },
      201,
    );
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: a.email, role: 'sunrise' }, 201);
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: b.email }, 201);
    // The same power in another case is taken already.
    const again = await mod.req(
      'PUT',
      `/games/${game.id}/players/${(await mod.ok('GET', `/games/${game.id}`)).players.find((p: any) => p.email === b.email).id}/role`,
      { role: 'SUNRISE' },
    );
    expect(again.status).toBe(409);
    const view = await mod.ok('GET', `/games/${game.id}`);
    const bId = view.players.find((p: any) => p.email === b.email).id;
    expect(view.players.find((p: any) => p.email === a.email).wantedRole).toBe('Sunrise');
    await mod.ok('PUT', `/games/${game.id}/players/${bId}/role`, { role: ' SUNSET ' });
    await a.ok('POST', `/games/${game.id}/join`);
    await b.ok('POST', `/games/${game.id}/join`);
    const started = await mod.ok('POST', `/games/${game.id}/start`);
    expect(Object.fromEntries(started.players.map((p: any) => [p.email, p.role]))).toEqual({
      [a.email]: 'Sunrise',
      [b.email]: 'Sunset',
    });

    expect((await mod.ok('GET', `/games/${game.id}/options?role=sunset`)).role).toBe('Sunset');
    expect((await a.ok('GET', `/games/${game.id}/options?role=SUNRISE`)).role).toBe('Sunrise');
    expect((await a.req('GET', `/games/${game.id}/options?role=sunset`)).status).toBe(403);

    const press = await a.ok('POST', `/games/${game.id}/press`, { to: ['sunSET'], text: 'Aloha' });
    expect(press.to).toEqual(['Sunset']);
    const vote = await b.ok('PUT', `/games/${game.id}/votes/concede`, { to: 'sunrise' });
    // Sunset concedes to Sunrise, the only other power: the game ends with Sunrise's victory.
    expect(vote.ended?.text).toContain('Sunrise wins');
  });

  it('an unknown power is refused with the powers listed', async () => {
    const mod = await signUp(t, 'case2-mod@example.org');
    const game = await mod.ok('POST', '/games', { name: 'Case 2', variant: 'heiau', scenario: 'race' }, 201);
    const r = await mod.req('POST', `/games/${game.id}/invitations`, { email: 'x@example.org', role: 'Sundown' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('Powers: Sunrise, Sunset');
    expect(r.body.errors[0].field).toBe('body.role');
  });

  it('a declared draw names the powers in their own spelling', async () => {
    const mod = await signUp(t, 'case3-mod@example.org');
    const a = await signUp(t, 'case3-a@example.org');
    const b = await signUp(t, 'case3-b@example.org');
    const game = await mod.ok('POST', '/games', { name: 'Case 3', variant: 'heiau', scenario: 'race' }, 201);
    for (const p of [a, b]) await mod.ok('POST', `/games/${game.id}/invitations`, { email: p.email }, 201);
    for (const p of [a, b]) await p.ok('POST', `/games/${game.id}/join`);
    await mod.ok('POST', `/games/${game.id}/start`);
    const ended = await mod.ok('POST', `/games/${game.id}/draw`, { roles: ['sunrise', 'SUNSET'] });
    expect(ended.outcome.winners).toEqual(['Sunrise', 'Sunset']);
  });
});
