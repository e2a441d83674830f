// GET /games/{id}/options: a player's legal orders, worked out from what that player may see;
// each option's text, sent back, is accepted as it was offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('Order options over HTTP', () => {
  it("lists each unit's orders, accepts them as offered, and never shows a Haole the hidden natives", async () => {
    const mod = await signUp(t, 'optmod@example.org');
    const players: Client[] = [];
    for (const n of ['o1', 'o2', 'o3', 'o4', 'o5']) players.push(await signUp(t, `${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, {
      name: 'Options',
      variant: 'heiau',
      scenario: 'haole',
      deadlines: { reminderMinutes: 0 },
    });

    // The ballot: options are the setups to vote for.
    const voters = (await mod.ok('GET', `/games/${game.id}`)).phase.readiness
      .filter((r: any) => r.expected)
      .map((r: any) => r.role);
    const ballot = await byRole[voters[0]].ok('GET', `/games/${game.id}/options`);
    expect(ballot.options.phase).toBe('ballot');
    const vote = ballot.options.votes[0].text;
    for (const r of voters) await byRole[r].ok('PUT', `/games/${game.id}/orders`, { text: vote, ready: true });
    t.clock.advance(1000);
    await sweep(t.ctx);

    const haole = await byRole.Haole.ok('GET', `/games/${game.id}/options`);
    expect(haole.role).toBe('Haole');
    expect(haole.phase.type).toBe('movement');
    const haoleOrders = haole.options.units.flatMap((u: any) => u.orders.map((o: any) => o.text));
    expect(haoleOrders.length).toBeGreaterThan(3);
    // No order names a native power's unit: the Haole's options come from the Haole's view.
    const natives = (await mod.ok('GET', `/games/${game.id}`)).view.units.filter((u: any) => u.power !== 'Haole');
    expect(natives.length).toBeGreaterThan(0);
    for (const o of haole.options.units.flatMap((u: any) => u.orders))
      for (const n of natives) expect(o.order).not.toMatch(new RegExp(` [ABF] ${n.location}( |$)`));

    // A native's options: every one is accepted as offered, with its names.
    const native = voters.find((r: string) => r !== 'Haole')!;
    const mine = await byRole[native].ok('GET', `/games/${game.id}/options`);
    for (const u of mine.options.units)
      for (const o of u.orders) {
        const r = await byRole[native].ok('PUT', `/games/${game.id}/orders`, { text: o.text });
        expect(r.lines[0]).toMatchObject({ ok: true });
      }

    // The moderator sees every power's options, or one power's; a player only their own.
    const all = await mod.ok('GET', `/games/${game.id}/options`);
    expect(all.role).toBeNull();
    expect(Object.keys(all.options).sort()).toEqual(Object.keys(byRole).sort());
    expect((await mod.ok('GET', `/games/${game.id}/options?role=haole`)).options).toEqual(haole.options);
    expect((await mod.req('GET', `/games/${game.id}/options?role=Nobody`)).status).toBe(400);
    expect((await byRole[native].req('GET', `/games/${game.id}/options?role=Haole`)).status).toBe(403);
  });
});
