// Heiau's Haole scenario through the service: a secret ballot phase, and the natives' position
// hidden from the haole (in the API and in mail) until the first Spring orders are in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('Heiau Haole scenario', () => {
  it('keeps the ballot secret and the natives hidden from the haole until the first Spring orders', async () => {
    const mod = await signUp(t, 'mod@example.org');
    const players: Client[] = [];
    for (const n of ['p1', 'p2', 'p3', 'p4', 'p5']) players.push(await signUp(t, `${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, {
      name: 'Haole',
      variant: 'heiau',
      scenario: 'haole',
      deadlines: { reminderMinutes: 0 },
    });
    expect(game.phase).toMatchObject({ type: 'ballot' });
    const haole = byRole.Haole;
    const natives = ['Dawn', 'Morning', 'Afternoon', 'Dusk'];

    // The ballot: natives vote Wings, the haole Heart; every slip is sealed.
    for (const r of natives) await byRole[r].ok('PUT', `/games/${game.id}/orders`, { text: 'Wings', ready: true });
    const bad = await haole.req('PUT', `/games/${game.id}/orders`, { text: 'Kamaainas' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ line: 1, text: 'Kamaainas' });
    await haole.ok('PUT', `/games/${game.id}/orders`, { text: 'Heart', ready: true });
    t.clock.advance(1000);
    await sweep(t.ctx);

    const hv = await haole.ok('GET', `/games/${game.id}`);
    expect(hv.phase.label).toBe('Spring 1 Movement');
    expect(hv.view.units.map((u: any) => u.power)).toEqual(['Haole']);
    expect(hv.position).not.toMatch(/Dawn:/);
    const dv = await byRole.Dawn.ok('GET', `/games/${game.id}`);
    expect(dv.view.units.length).toBeGreaterThan(1);
    const ov = await mod.ok('GET', `/games/${game.id}`);
    expect(ov.view.units.length).toBeGreaterThan(1);

    // The ballot's slips as written are not shown to players; the engine's report tells natives only.
    const hh = (await haole.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hh[0].type).toBe('ballot');
    expect(hh[0].orders.map((o: any) => o.role)).toEqual(['Haole']);
    expect(hh[0].report).not.toMatch(/Wings/);
    const haoleMail = (await mailFor(t.db, haole.email, 'results'))[0].body;
    expect(haoleMail).not.toMatch(/Wings|Dawn: B|Morning: B/);
    const dawnMail = (await mailFor(t.db, byRole.Dawn.email, 'results'))[0].body;
    expect(dawnMail).toMatch(/Wings/);

    // The first Spring orders are in: everything is revealed to the haole.
    await haole.ok('PUT', `/games/${game.id}/orders`, { text: 'F SPO H', ready: true });
    await mod.ok('POST', `/games/${game.id}/process`);
    const after = await haole.ok('GET', `/games/${game.id}`);
    expect(after.view.units.map((u: any) => u.power)).toEqual(
      expect.arrayContaining(['Dawn', 'Morning', 'Afternoon', 'Dusk', 'Haole']),
    );
    const spring = (await mailFor(t.db, haole.email, 'results'))[1].body;
    expect(spring).toMatch(/Revealed: .*Wings/);
    expect(spring).toMatch(/Dawn: B/);
    expect((await mod.ok('GET', `/games/${game.id}/replay`)).ok).toBe(true);
  });
});
