// A game its moderator made public: listed to anyone, read by anyone through the observer view, and
// private again when the moderator says so (recorded and mailed). What the observer view hides stays
// hidden from signed-out visitors too. Resolved phases carry ETags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
let visitor: Client;
beforeAll(async () => {
  t = await startTestService();
  visitor = client(t, '', '');
});
afterAll(async () => {
  await t?.close();
});

describe('public games', () => {
  it('are listed to anyone with their phase and deadline; private games only to their members', async () => {
    const mod = await signUp(t, 'list-mod@example.org');
    const a = await signUp(t, 'list-a@example.org');
    const b = await signUp(t, 'list-b@example.org');
    const stranger = await signUp(t, 'list-stranger@example.org');
    const pub = (
      await startedGame(t, mod, [a, b], { name: 'Open Race', variant: 'heiau', scenario: 'race', public: true })
    ).game;
    const priv = (await startedGame(t, mod, [a, b], { name: 'Closed Race', variant: 'heiau', scenario: 'race' })).game;

    for (const url of ['/games?public=true', '/games?public=1', '/games']) {
      const { games } = await visitor.ok('GET', url);
      expect(
        games.map((g: any) => g.name),
        url,
      ).toContain('Open Race');
      expect(
        games.map((g: any) => g.name),
        url,
      ).not.toContain('Closed Race');
    }
    const listed = (await visitor.ok('GET', '/games?public=true')).games.find((g: any) => g.id === pub.id);
    expect(listed).toMatchObject({
      name: 'Open Race',
      variant: 'heiau',
      variantName: 'Heiau Diplomacy',
      public: true,
      you: 'observer',
      phase: { label: 'Spring 1 Movement', deadlineAt: pub.phase.deadlineAt },
    });
    expect((await visitor.req('GET', '/games?mine=true')).status).toBe(401);

    const seen = (await stranger.ok('GET', '/games')).games.map((g: any) => g.id);
    expect(seen).toContain(pub.id);
    expect(seen).not.toContain(priv.id);
    expect((await stranger.ok('GET', '/games?public=true')).games.map((g: any) => g.id)).not.toContain(priv.id);
    const mine = (await a.ok('GET', '/games?mine=true')).games.map((g: any) => g.id);
    expect(mine).toEqual(expect.arrayContaining([pub.id, priv.id]));
    expect((await a.ok('GET', '/games?public=true')).games.map((g: any) => g.id)).not.toContain(priv.id);
  });

  it('the moderator switches a game public and back: recorded, mailed, and a private game is 404 again', async () => {
    const mod = await signUp(t, 'sw-mod@example.org');
    const a = await signUp(t, 'sw-a@example.org');
    const b = await signUp(t, 'sw-b@example.org');
    const stranger = await signUp(t, 'sw-stranger@example.org');
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Switch',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    expect(game.public).toBe(false);
    for (const c of [visitor, stranger]) expect((await c.req('GET', `/games/${game.id}`)).status).toBe(404);

    expect((await mod.ok('PUT', `/games/${game.id}/public`, { public: true })).public).toBe(true);
    const seen = await visitor.ok('GET', `/games/${game.id}`);
    expect(seen.you).toEqual({ kind: 'observer' });
    expect(seen.moderator.email).toBeUndefined();
    expect(seen.players.every((p: any) => p.email === undefined)).toBe(true);
    expect((await stranger.ok('GET', `/games/${game.id}/events`)).events.map((e: any) => e.text)).toContain(
      'The moderator made the game public: anyone may watch it (the observer view: no sealed orders, press or addresses).',
    );
    expect((await mailFor(t.db, a.email, 'event:made-public')).length).toBe(1);
    // Asking again changes nothing.
    const events = (await mod.ok('GET', `/games/${game.id}/events`)).events.length;
    await mod.ok('PUT', `/games/${game.id}/public`, { public: true });
    expect((await mod.ok('GET', `/games/${game.id}/events`)).events.length).toBe(events);
    // A player may not switch it; a bad body changes nothing.
    expect((await a.req('PUT', `/games/${game.id}/public`, { public: false })).status).toBe(403);
    expect((await mod.req('PUT', `/games/${game.id}/public`, { public: 'yes' })).status).toBe(400);

    await mod.ok('PUT', `/games/${game.id}/public`, { public: false });
    for (const c of [visitor, stranger]) {
      for (const url of [
        `/games/${game.id}`,
        `/games/${game.id}/history`,
        `/games/${game.id}/map.svg`,
        `/games/${game.id}/phases/1/map.png`,
      ]) {
        const r = await c.req('GET', url);
        expect(r.status, url).toBe(404);
        expect(r.body.detail).toBe('There is no game with this id.');
      }
    }
    expect((await a.ok('GET', `/games/${game.id}/events`)).events.at(-1).text).toMatch(/made the game private/);
  });

  it('a signed-out visitor sees no sealed orders, press or draw numbers (Hawaii 1795)', {
    timeout: 60_000,
  }, async () => {
    const mod = await signUp(t, 'hod-pub-mod@example.org');
    const k = await signUp(t, 'hod-pub-k@example.org');
    const ac = await signUp(t, 'hod-pub-a@example.org');
    const { game, byRole } = await startedGame(t, mod, [k, ac], {
      name: 'HoD public',
      variant: 'hawaii1795',
      scenario: 'short',
      public: true,
      deadlines: { reminderMinutes: 0 },
    });
    const mover = game.phase.readiness.find((r: any) => r.expected).role as string;
    await mod.ok('POST', `/games/${game.id}/process`);
    await byRole[mover].ok('POST', `/games/${game.id}/press`, { to: 'ALL', text: 'A word to the other side' }, 201);
    const seen = JSON.stringify([
      await visitor.ok('GET', `/games/${game.id}`),
      await visitor.ok('GET', `/games/${game.id}/history`),
      await visitor.ok('GET', `/games/${game.id}/phases/1`),
      await visitor.ok('GET', `/games/${game.id}/press`),
    ]);
    expect(seen).not.toMatch(/\(draws? #/);
    expect(seen).not.toContain('A word to the other side');
    expect(seen).not.toContain('@example.org');
    expect(JSON.parse(seen)[0].seed).toBeNull();
    expect(JSON.parse(seen)[0].view.cards[mover].held).toBeNull();
  });

  it('resolved phases carry an ETag, per reader; an open phase none', async () => {
    const mod = await signUp(t, 'etag-mod@example.org');
    const a = await signUp(t, 'etag-a@example.org');
    const b = await signUp(t, 'etag-b@example.org');
    const { game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'ETags',
      variant: 'heiau',
      scenario: 'race',
      public: true,
      deadlines: { reminderMinutes: 0 },
    });
    expect((await visitor.req('GET', `/games/${game.id}/phases/1`)).headers.etag).toBeUndefined();
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua - Kawaihae' });
    await mod.ok('POST', `/games/${game.id}/process`);
    const first = await visitor.req('GET', `/games/${game.id}/phases/1`);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9._-]+"$/);
    expect(first.headers.vary).toMatch(/Authorization/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}/phases/1`,
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The moderator reads more of the same phase (its report as data): another ETag.
    const modRead = await mod.req('GET', `/games/${game.id}/phases/1`);
    expect(modRead.headers.etag).not.toBe(first.headers.etag);
    // The end of the game publishes more (the seed, standing instructions): another ETag.
    await mod.ok('POST', `/games/${game.id}/end`);
    const ended = await visitor.req('GET', `/games/${game.id}/phases/1`);
    expect(ended.headers.etag).not.toBe(first.headers.etag);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/games/${game.id}/phases/1`,
          headers: { 'if-none-match': first.headers.etag },
        })
      ).statusCode,
    ).toBe(200);
    // The public map of the phase is cached like every map.
    const map = await visitor.req('GET', `/games/${game.id}/phases/1/map.svg`);
    expect(map.status).toBe(200);
    expect(map.headers['cache-control']).toMatch(/immutable/);
    const map304 = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}/phases/1/map.svg`,
      headers: { 'if-none-match': map.headers.etag },
    });
    expect(map304.statusCode).toBe(304);
  });
});
