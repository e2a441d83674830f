// Maps over HTTP: each reader's map shows what that reader may see, adjudicated phases carry
// their orders and results and are cached for good, PNG is rendered from the same SVG.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { gameOf, signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

const units = (svg: string) => [...svg.matchAll(/data-unit="([^"]+)"/g)].map((m) => m[1]);

describe('Game maps', () => {
  it("draws each reader's map of a Haole game, hides the natives from the haole, and draws results", async () => {
    const mod = await signUp(t, 'mapmod@example.org');
    const players: Client[] = [];
    for (const n of ['m1', 'm2', 'm3', 'm4', 'm5']) players.push(await signUp(t, `${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, {
      name: 'Map game',
      variant: 'heiau',
      scenario: 'haole',
      deadlines: { reminderMinutes: 0 },
    });
    const haoleRole = Object.keys(byRole).find((r) => r === 'Haole')!;
    // Settle the ballot (every voter the same setup, so no tie).
    while ((await mod.ok('GET', `/games/${game.id}`)).phase.type === 'ballot') {
      const g = await mod.ok('GET', `/games/${game.id}`);
      for (const r of g.phase.readiness.filter((x: any) => x.expected))
        await byRole[r.role].ok('PUT', `/games/${game.id}/orders`, { text: 'Wings', ready: true });
      t.clock.advance(1000);
      await sweep(t.ctx);
    }

    const haole = byRole[haoleRole];
    const hv = await haole.req('GET', `/games/${game.id}/map.svg`);
    expect(hv.status).toBe(200);
    expect(hv.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(hv.headers['cache-control']).toBe('private, no-cache');
    expect(units(hv.body)).toEqual(['spo']);
    expect(hv.body).toMatch(/revealed once the first Spring orders are in/);
    const native = Object.keys(byRole).find((r) => r !== haoleRole)!;
    const nv = await byRole[native].req('GET', `/games/${game.id}/map.svg`);
    expect(units(nv.body).length).toBeGreaterThan(1);
    expect(nv.body).not.toMatch(/revealed once/);

    // The haole's own order is drawn on its map as sent; nobody else's is.
    await haole.ok('PUT', `/games/${game.id}/orders`, { text: 'F SPO - Kaiwi Channel', ready: false });
    const withOrder = (await haole.req('GET', `/games/${game.id}/map.svg`)).body;
    expect(withOrder).toMatch(
      /class="order move" data-result="pending"><title>Haole: F South Pacific Ocean - Kaiwi Channel/,
    );
    expect((await byRole[native].req('GET', `/games/${game.id}/map.svg`)).body).not.toMatch(/class="order /);

    const nativeUnits = (await byRole[native].ok('GET', `/games/${game.id}`)).view.units.filter(
      (u: any) => u.power === native,
    );
    await byRole[native].ok('PUT', `/games/${game.id}/orders`, {
      text: nativeUnits.map((u: any) => `${u.type} ${u.location} H`).join('\n'),
    });
    // Adjudicate the first Spring; its map shows every order with its result, for good.
    const spring = (await mod.ok('GET', `/games/${game.id}`)).phase.seq;
    await mod.ok('POST', `/games/${game.id}/process`);
    const done = await haole.req('GET', `/games/${game.id}/phases/${spring}/map.svg`);
    expect(done.status).toBe(200);
    expect(done.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(done.body).toMatch(
      /class="order move" data-result="succeeds"><title>Haole: F South Pacific Ocean - Kaiwi Channel/,
    );
    // The natives' orders are revealed with the results of the first Spring.
    expect(
      new Set(
        [...done.body.matchAll(/<g class="order [^"]*" data-result="[a-z]+"><title>([A-Za-z]+):/g)].map((m) => m[1]),
      ).size,
    ).toBeGreaterThan(1);
    const again = await haole.req('GET', `/games/${game.id}/phases/${spring}/map.svg`);
    expect(again.headers.etag).toBe(done.headers.etag);
    const cached = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}/phases/${spring}/map.svg`,
      headers: { authorization: `Bearer ${haole.token}`, 'if-none-match': done.headers.etag },
    });
    expect(cached.statusCode).toBe(304);

    // PNG from the same drawing.
    const png = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}/phases/${spring}/map.png`,
      headers: { authorization: `Bearer ${haole.token}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(1600); // width

    // Problems, not 500s: no such phase, no drawing, no token (a private game does not exist to a signed-out visitor; a bad token is refused).
    const none = await haole.req('GET', `/games/${game.id}/phases/999/map.svg`);
    expect(none.status).toBe(404);
    expect(none.headers['content-type']).toMatch(/problem\+json/);
    expect((await t.app.inject({ method: 'GET', url: `/games/${game.id}/map.svg` })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/games/${game.id}/map.svg`,
          headers: { authorization: 'Bearer kahu_nope' },
        })
      ).statusCode,
    ).toBe(401);
    const standard = await mod.ok(
      'POST',
      '/games',
      { name: 'Not started', variant: 'standard', scenario: 'classic' },
      201,
    );
    const noMap = await mod.req('GET', `/games/${standard.id}/map.svg`);
    expect(noMap.status).toBe(404);
    expect(noMap.body.detail).toMatch(/has not started/);
  });

  it('draws a Standard game: the board of Europe with the 1901 units, as SVG and PNG', async () => {
    const { game, byRole } = await gameOf(t, 'stdmap', 7, {
      name: 'Standard map',
      variant: 'standard',
      scenario: 'classic',
    });
    const england = byRole.England;
    const r = await england.req('GET', `/games/${game.id}/map.svg`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(units(r.body).sort()).toEqual([
      'ank',
      'ber',
      'bre',
      'bud',
      'con',
      'edi',
      'kie',
      'lon',
      'lvp',
      'mar',
      'mos',
      'mun',
      'nap',
      'par',
      'rom',
      'sev',
      'smy',
      'stp/sc',
      'tri',
      'ven',
      'vie',
      'war',
    ]);
    expect(r.body).toContain('<title>Russia fleet in St Petersburg (sc)</title>');
    expect(r.body).toContain('<title>Switzerland: impassable</title>');
    await england.ok('PUT', `/games/${game.id}/orders`, { text: 'F lon - nth\nF edi - nwg\nA lvp - yor' });
    const own = await england.req('GET', `/games/${game.id}/map.svg`);
    expect(own.body).toMatch(
      /<g class="order move" data-result="pending"><title>England: F London - North Sea<\/title>/,
    );
    // Another power does not see England's orders on its map.
    expect((await byRole.France.req('GET', `/games/${game.id}/map.svg`)).body).not.toMatch(/England: F London/);
    const png = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}/map.png`,
      headers: { authorization: `Bearer ${england.token}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws a Hawaii 1795 game for each side', async () => {
    const mod = await signUp(t, 'hodmod@example.org');
    const a = await signUp(t, 'hod1@example.org');
    const b = await signUp(t, 'hod2@example.org');
    const scenario = (await mod.ok('GET', '/variants')).variants.find((v: any) => v.id === 'hawaii1795').scenarios[0]
      .id;
    const { game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'Hawaii map',
      variant: 'hawaii1795',
      scenario,
      options: { fogOfWar: true },
    });
    for (const role of Object.keys(byRole)) {
      const r = await byRole[role].req('GET', `/games/${game.id}/map.svg`);
      expect(r.status).toBe(200);
      expect(r.body).toMatch(new RegExp(`class="stack" data-space="[^"]+" data-side="${role}"`));
      // Under the fog of war the other side's stacks are hidden counters (unless they share a space).
      const other = Object.keys(byRole).find((x) => x !== role)!;
      expect(r.body).not.toMatch(
        new RegExp(`class="stack" data-space="(kona|hilo|oahu-1|oahu-2|maui)" data-side="${other}" data-strength`),
      );
    }
  });
});
