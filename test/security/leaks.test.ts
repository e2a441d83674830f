// Authorization beyond the role walk of test/service/authorization.test.ts: every route with tokens
// of another game (its player, its moderator), a revoked token, a made-up token and no token; and
// no endpoint shows a reader sealed orders, Haole-hidden positions, Hawaii 1795 held cards or
// another player's email address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

interface Op {
  method: string;
  path: string;
  secured: boolean;
  signedOutToo: boolean;
}
async function operations(): Promise<Op[]> {
  const spec = (await t.app.inject({ url: '/docs/json' })).json();
  return Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, ms]) =>
    Object.entries(ms).map(([m, op]) => ({
      method: m.toUpperCase(),
      path,
      secured: Array.isArray(op.security) && op.security.length > 0,
      // Reads of a public game: signed-out visitors may call them ({} among the requirements).
      signedOutToo: Array.isArray(op.security) && op.security.some((s: object) => Object.keys(s).length === 0),
    })),
  );
}

async function gameSnapshot(gameId: string) {
  const [g, players, phases, subs, events, mail] = await Promise.all([
    t.db.game.findUnique({ where: { id: gameId } }),
    t.db.gamePlayer.findMany({ where: { gameId }, orderBy: { id: 'asc' } }),
    t.db.phase.findMany({ where: { gameId }, orderBy: { seq: 'asc' } }),
    t.db.submission.count(),
    t.db.gameEvent.count({ where: { gameId } }),
    t.db.outboxMail.findMany({ where: { gameId }, select: { id: true, status: true, attempts: true } }),
  ]);
  return JSON.stringify({ g, players, phases, subs, events, mail });
}

const fill = (path: string, ids: { gameId: string; playerId: string }) =>
  path
    .replace('{gameId}', ids.gameId)
    .replace('{playerId}', ids.playerId)
    .replace('{seq}', '1')
    .replace('{tokenId}', ids.playerId)
    .replace('{mailId}', ids.playerId);

describe('tokens of other games, revoked tokens, made-up tokens, no token', () => {
  it('are refused everywhere they do not belong, and change nothing', { timeout: 120_000 }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const modB = await signUp(t, 'mod-b@example.org');
    const c = await signUp(t, 'c@example.org');
    const d = await signUp(t, 'd@example.org');
    const revoked = await signUp(t, 'revoked@example.org');
    await revoked.ok('DELETE', '/accounts/me/tokens/current', undefined, 204);
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'A',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    await startedGame(t, modB, [c, d], {
      name: 'B',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    const ids = { gameId: game.id, playerId: game.players[0].id };
    const outsiders: Record<string, Client> = { 'player of another game': c, 'moderator of another game': modB };
    const strangers: Record<string, Client> = {
      'revoked token': revoked,
      'made-up token': client(t, 'kahu_' + 'A'.repeat(43), ''),
      'no token': client(t, '', ''),
    };

    for (const op of await operations()) {
      const url = fill(op.path, ids);
      for (const [who, caller] of Object.entries(strangers)) {
        if (!op.secured) continue;
        const before = await gameSnapshot(game.id);
        const r = await caller.req(op.method, url, op.method === 'GET' || op.method === 'DELETE' ? undefined : {});
        // 401; or 400 when the (empty) body is refused by validation before authentication is looked at.
        // Without a token, a read open to signed-out visitors finds no private game A (404); a bad token is 401 everywhere.
        const expected = op.signedOutToo && who === 'no token' ? (op.path.includes('{gameId}') ? 404 : 200) : 401;
        if (expected !== 401)
          expect(r.status, `${op.method} ${op.path} with ${who}: ${JSON.stringify(r.body)}`).toBe(expected);
        else expect([400, 401], `${op.method} ${op.path} with ${who}: ${JSON.stringify(r.body)}`).toContain(r.status);
        if (expected === 401 && (op.method === 'GET' || op.method === 'DELETE')) expect(r.status).toBe(401);
        expect(await gameSnapshot(game.id)).toBe(before);
      }
      if (!op.path.includes('{gameId}') || op.method === 'GET') continue;
      for (const [who, caller] of Object.entries(outsiders)) {
        const before = await gameSnapshot(game.id);
        const r = await caller.req(op.method, url, {});
        expect(r.status, `${op.method} ${op.path} as ${who}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(await gameSnapshot(game.id), `${op.method} ${op.path} as ${who} changed game A`).toBe(before);
      }
    }
  });
});

describe('nothing leaks', () => {
  async function readAll(c: Client, gameId: string, skip: string[] = []): Promise<string> {
    const out: string[] = [];
    for (const op of (await operations()).filter((o) => o.method === 'GET' && !skip.includes(o.path))) {
      const r = await c.req('GET', fill(op.path, { gameId, playerId: '00000000-0000-4000-8000-000000000000' }));
      out.push(`${op.path} ${r.status} ${typeof r.body === 'string' ? r.body : JSON.stringify(r.body)}`);
    }
    return out.join('\n');
  }

  it('sealed orders and email addresses', { timeout: 60_000 }, async () => {
    const mod = await signUp(t, 'kahuna@example.org');
    const p1 = await signUp(t, 'alii@example.org');
    const p2 = await signUp(t, 'makoa@example.org');
    const observer = await signUp(t, 'watcher@example.org');
    // Public, so that the stranger reads the observer view.
    const { game, byRole } = await startedGame(t, mod, [p1, p2], {
      name: 'Sealed',
      variant: 'heiau',
      scenario: 'race',
      public: true,
      deadlines: { reminderMinutes: 0 },
    });
    const sunrise = byRole.Sunrise;
    const sunset = byRole.Sunset;
    // Legal options list every order a unit could be given, so they hold the sealed orders' text
    // by nature: instead they must not change when the orders are submitted.
    const optionsPath = '/games/{gameId}/options';
    const optionsBefore = await Promise.all([sunset, mod].map((c) => c.req('GET', `/games/${game.id}/options`)));
    const sub = await sunrise.ok('PUT', `/games/${game.id}/orders`, {
      orders: ['B Kona-Kailua - Kawaihae', 'B Puna - Hilo'],
    });
    const secret = [sub.receipt.hash, 'Kona-Kailua - Kawaihae', 'Puna - Hilo'];
    // Before adjudication nobody else sees the orders: not the other player, not an observer, not the moderator.
    const signedOut = client(t, '', '');
    for (const [who, c] of [
      ['other player', sunset],
      ['observer', observer],
      ['signed-out visitor', signedOut],
      ['moderator', mod],
    ] as const) {
      const seen = await readAll(c, game.id, [optionsPath]);
      for (const s of secret) expect(seen, `${who} sees ${s}`).not.toContain(s);
    }
    const optionsAfter = await Promise.all([sunset, mod].map((c) => c.req('GET', `/games/${game.id}/options`)));
    expect(optionsAfter.map((r) => [r.status, r.body])).toEqual(optionsBefore.map((r) => [r.status, r.body]));
    expect((await observer.req('GET', `/games/${game.id}/options`)).status).toBeGreaterThanOrEqual(400);
    expect(await readAll(sunrise, game.id)).toContain(sub.receipt.hash);
    // Addresses: a player sees their own and the moderator's; an observer nobody's; the moderator all.
    const other = (c: Client) => [p1, p2].filter((p) => p !== c).map((p) => p.email);
    for (const c of [sunrise, sunset]) {
      const seen = await readAll(c, game.id);
      for (const e of other(c)) expect(seen, `${c.email} sees ${e}`).not.toContain(e);
    }
    for (const c of [observer, signedOut]) {
      const obs = await readAll(c, game.id);
      for (const e of [p1.email, p2.email, mod.email]) expect(obs, `observer sees ${e}`).not.toContain(e);
    }
    const m = await readAll(mod, game.id);
    for (const e of [p1.email, p2.email]) expect(m).toContain(e);
    // After adjudication the orders are history for everyone.
    await mod.ok('POST', `/games/${game.id}/process`);
    expect(await readAll(observer, game.id)).toContain('Kona-Kailua - Kawaihae');
    expect(await readAll(signedOut, game.id)).toContain('Kona-Kailua - Kawaihae');
  });

  it('Haole: the natives are hidden from the haole until the first Spring orders', { timeout: 60_000 }, async () => {
    const mod = await signUp(t, 'haole-mod@example.org');
    const players: Client[] = [];
    for (const n of ['h1', 'h2', 'h3', 'h4', 'h5']) players.push(await signUp(t, `${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, {
      name: 'Haole',
      variant: 'heiau',
      scenario: 'haole',
      deadlines: { reminderMinutes: 0 },
    });
    for (const r of ['Dawn', 'Morning', 'Afternoon', 'Dusk'])
      await byRole[r].ok('PUT', `/games/${game.id}/orders`, { text: 'Wings', ready: true });
    await byRole.Haole.ok('PUT', `/games/${game.id}/orders`, { text: 'Heart', ready: true });
    await mod.ok('POST', `/games/${game.id}/process`);
    const haole = byRole.Haole;
    const view = await haole.ok('GET', `/games/${game.id}`);
    expect(view.phase.label).toBe('Spring 1 Movement');
    expect(view.view.units.map((u: any) => u.power)).toEqual(['Haole']);
    const seq = view.phase.seq;
    const detail = await haole.ok('GET', `/games/${game.id}/phases/${seq}`);
    expect(detail.view.units.map((u: any) => u.power)).toEqual(['Haole']);
    const everything = (await readAll(haole, game.id)) + JSON.stringify(detail);
    for (const native of ['Dawn', 'Morning', 'Afternoon', 'Dusk'])
      expect(everything).not.toMatch(new RegExp(`"power":"${native}"|${native}: [AFB] `));
    // The natives' ballot slips stay with the moderator.
    const h = await haole.ok('GET', `/games/${game.id}/history`);
    expect(h.phases[0].orders.map((o: any) => o.role)).toEqual(['Haole']);
  });

  it('Hawaii 1795: held cards are seen by their holder and the moderator only', { timeout: 60_000 }, async () => {
    const mod = await signUp(t, 'hod-mod@example.org');
    const k = await signUp(t, 'kam@example.org');
    const ac = await signUp(t, 'allied@example.org');
    const observer = await signUp(t, 'hod-watch@example.org');
    const { game, byRole } = await startedGame(t, mod, [k, ac], {
      name: 'HoD',
      variant: 'hawaii1795',
      scenario: 'long',
      public: true,
      deadlines: { reminderMinutes: 0 },
    });
    const modView = (await mod.ok('GET', `/games/${game.id}`)).view;
    expect(modView.cards.kamehameha.held).not.toBeNull();
    expect(modView.cards['allied-chiefs'].held).not.toBeNull();
    for (const [who, c, mine] of [
      ['kamehameha', byRole.kamehameha, 'kamehameha'],
      ['allied-chiefs', byRole['allied-chiefs'], 'allied-chiefs'],
      ['observer', observer, null],
      ['signed-out visitor', client(t, '', ''), null],
    ] as const) {
      for (const url of [`/games/${game.id}`, `/games/${game.id}/phases/1`]) {
        const v = (await c.ok('GET', url)).view;
        for (const side of ['kamehameha', 'allied-chiefs']) {
          if (side === mine) expect(v.cards[side].held, `${who} own cards`).not.toBeNull();
          else expect(v.cards[side].held, `${who} sees ${side}'s held cards at ${url}`).toBeNull();
          expect(v.cards[side].deckOrder).toBeUndefined();
        }
        expect(v.seed).toBeUndefined();
        expect(v.rng).toBeUndefined();
      }
      const all = await readAll(c, game.id);
      expect(all).not.toContain(modView.seed ?? 'no-seed-in-view');
    }
  });
});
