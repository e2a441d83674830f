// Hōne Heke's Challenge played to its end over HTTP, from the options each player is offered, with
// the Maori Wars module registered by the test (it is not offered to users yet). Each player
// reads only their own standing instructions; reports and maps name places, not hex ids.
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { gameOf } from '../helpers/api.ts';
import { registerGame } from '../../src/games/index.ts';
import { maoriWars, setupMaoriWars } from '../../src/games/maori-wars.ts';
import { mapOf } from '../../src/maori-wars/state.ts';

let t: TestService;
beforeAll(async () => {
  registerGame(maoriWars);
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe("Hōne Heke's Challenge over HTTP", () => {
  it('plays the scenario to its end from the options, each player reading only their own view', {
    timeout: 300_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(t, 'mw-e2e', 2, {
      name: 'Flagstaff War',
      variant: 'maori-wars',
      scenario: 'hone-hekes-challenge',
    });
    expect(Object.keys(byRole).sort()).toEqual(['British', 'Maori']);
    const other = (role: string) => (role === 'Maori' ? 'British' : 'Maori');

    // A standing instruction (sent with the first phase's orders) is the sender's alone: in their view, not in the other's.
    let standingBy: string | null = null;

    let phases = 0;
    let maps = 0;
    for (;;) {
      const g = await mod.ok('GET', `/games/${gameId}`);
      if (g.status === 'finished') {
        expect(g.outcome.text).toMatch(/Victory|Draw/);
        break;
      }
      const expected = g.phase.readiness.filter((r: any) => r.expected).map((r: any) => r.role);
      expect(expected).toHaveLength(1);
      const role = expected[0] as string;
      const me = byRole[role]!;
      const opts = await me.ok('GET', `/games/${gameId}/options`);
      expect(opts.options.waitingFor).toBe(role);
      // The other side is offered no action, only standing instructions.
      const theirs = await byRole[other(role)]!.ok('GET', `/games/${gameId}/options`);
      expect(theirs.options.actions).toEqual([]);
      // The first offered action of each kind but PASS, once a phase: the game moves and ends.
      const pick = opts.options.actions.find((a: any) => a.kind !== 'pass') ?? opts.options.actions.at(-1);
      const sub = await me.ok('PUT', `/games/${gameId}/orders`, {
        orders: [pick.text, 'PASS', ...(standingBy ? [] : ['STANDING EVADE NEVER'])].filter(
          (x, i, a) => a.indexOf(x) === i,
        ),
        ready: true,
      });
      standingBy ??= role;
      expect(sub.lines[0].ok, JSON.stringify(sub.lines)).toBe(true);
      await mod.ok('POST', `/games/${gameId}/process`);
      if (phases % 10 === 0) {
        // Each player's map is drawn from that player's view.
        const r = await me.req('GET', `/games/${gameId}/map.svg`);
        expect(r.status).toBe(200);
        expect(r.body).toMatch(/<g class="stack" data-stack="\d{4}"/);
        expect(r.body).toContain('<path class="hex-numbers"');
        // The web page's map: the numbers left for the page to draw, the rest the same.
        const page = await me.req('GET', `/games/${gameId}/map.svg?hexNumbers=false`);
        expect(page.body).not.toContain('hex-numbers');
        expect(page.body).toContain('data-numbers="page"');
        expect(page.body).toMatch(/<g class="stack" data-stack="\d{4}"/);
        expect(page.headers.etag).not.toBe(r.headers.etag);
        if (maps === 0) {
          const bad = await me.req('GET', `/games/${gameId}/map.svg?hexNumbers=maybe`);
          expect(bad.status).toBe(400);
          expect(JSON.stringify(bad.body)).toContain('hexNumbers');
        }
        maps++;
      }
      if (++phases > 600) throw new Error('no end');
    }
    expect(phases).toBeGreaterThan(10);
    expect(maps).toBeGreaterThan(0);

    const vm = await byRole[standingBy!]!.ok('GET', `/games/${gameId}`);
    const vb = await byRole[other(standingBy!)]!.ok('GET', `/games/${gameId}`);
    const mv = JSON.stringify(vm),
      bv = JSON.stringify(vb);
    expect(mv).toContain('"evade":"never"');
    expect(bv).not.toContain('"evade":"never"');

    const h = await byRole.British!.ok('GET', `/games/${gameId}/history`);
    const reports: string = h.phases.map((p: any) => p.report ?? '').join('\n');
    // A hex with a place on it is named: its number only in brackets after the name. (Hexes with no
    // place are called by their printed hex number, as the rulebook does.)
    const places = mapOf(setupMaoriWars('x')).places;
    let named = 0;
    for (const p of places) {
      const name = places.filter((q) => q.hex === p.hex).map((q) => q.name);
      for (const m of reports.matchAll(new RegExp(`(.{0,40})\\b${p.hex}\\b`, 'g'))) {
        expect(
          name.some((n) => m[1]!.endsWith(`${n} (`)),
          m[0],
        ).toBe(true);
        named++;
      }
    }
    expect(named).toBeGreaterThan(0);

    // The map of the last phase as a picture.
    const png = await t.app.inject({
      method: 'GET',
      url: `/games/${gameId}/map.png`,
      headers: { authorization: `Bearer ${byRole.Maori!.token}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toMatch(/image\/png/);
    expect(
      new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').render().asPng().length,
    ).toBeGreaterThan(0);
  });
});
