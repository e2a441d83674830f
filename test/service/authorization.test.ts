// Every route with every role: anonymous, a signed-in stranger, someone invited to the game (who
// never took a seat), a player of the game, its moderator; and every route about a game once with
// a private game (the default) and once with a public one. The table must list every route of the
// OpenAPI document, so a new route cannot be added without deciding who may call it. A private game
// is answered as if it did not exist (404) to anyone who may not read it; a refused request changes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, type Client } from '../helpers/api.ts';

type Role = 'anonymous' | 'stranger' | 'invited' | 'player' | 'moderator';
const ROLES: Role[] = ['anonymous', 'stranger', 'invited', 'player', 'moderator'];
type Level =
  | 'public'
  | 'signed-in'
  | 'reader'
  | 'signed-in-reader'
  | 'invited'
  | 'player'
  | 'player-or-moderator'
  | 'moderator'
  | 'moderator-or-finished'
  | 'moderator-or-finished-reader';
interface Route {
  method: string;
  path: string;
  level: Level;
  game?: 'forming' | 'active';
  body?: (g: Fixture) => unknown;
  url?: (g: Fixture) => string;
}
interface Fixture {
  id: string;
  playerId: string;
  otherPlayerId: string;
}

/** Who may call a route; for a route about a game, who may when the game is public. */
const ALLOWED: Record<Level, { private: Role[]; public: Role[] }> = {
  public: { private: ROLES, public: ROLES },
  'signed-in': {
    private: ['stranger', 'invited', 'player', 'moderator'],
    public: ['stranger', 'invited', 'player', 'moderator'],
  },
  // The reads of a game: its members; anyone, signed out too, when it is public.
  reader: { private: ['invited', 'player', 'moderator'], public: ROLES },
  'signed-in-reader': {
    private: ['invited', 'player', 'moderator'],
    public: ['stranger', 'invited', 'player', 'moderator'],
  },
  // Joining a game by invitation (an open game lets anyone signed in join: see the test below).
  invited: { private: ['invited', 'player'], public: ['invited', 'player'] },
  player: { private: ['player'], public: ['player'] },
  'player-or-moderator': { private: ['player', 'moderator'], public: ['player', 'moderator'] },
  moderator: { private: ['moderator'], public: ['moderator'] },
  'moderator-or-finished': { private: ['moderator'], public: ['moderator'] },
  // The export: the moderator's while the game runs (see the test below for a finished one, which
  // every reader may export, signed out too when the game is public).
  'moderator-or-finished-reader': { private: ['moderator'], public: ['moderator'] },
};
/** Routes that signed-out visitors may call (they read a public game); any other answers them 401. */
const OPEN_TO_SIGNED_OUT: Level[] = ['public', 'reader', 'moderator-or-finished-reader'];

const routes: Route[] = [
  { method: 'GET', path: '/health', level: 'public' },
  { method: 'GET', path: '/variants', level: 'public' },
  { method: 'POST', path: '/accounts', level: 'public', body: () => ({ email: `new${Math.random()}@example.org` }) },
  { method: 'POST', path: '/accounts/sign-in', level: 'public', body: () => ({ email: 'nobody@example.org' }) },
  { method: 'POST', path: '/accounts/session', level: 'public', body: () => ({ code: 'x'.repeat(43) }) },
  { method: 'DELETE', path: '/accounts/session', level: 'signed-in' },
  { method: 'GET', path: '/accounts/me', level: 'signed-in' },
  { method: 'PATCH', path: '/accounts/me', level: 'signed-in', body: () => ({ timeZone: 'UTC' }) },
  { method: 'GET', path: '/accounts/me/tokens', level: 'signed-in' },
  {
    method: 'DELETE',
    path: '/accounts/me/tokens/{tokenId}',
    level: 'signed-in',
    url: () => '/accounts/me/tokens/00000000-0000-4000-8000-000000000000',
  },
  { method: 'POST', path: '/accounts/me/calendar', level: 'signed-in' },
  { method: 'DELETE', path: '/accounts/me/calendar', level: 'signed-in' },
  { method: 'GET', path: '/me/deadlines.ics', level: 'signed-in' },
  { method: 'GET', path: '/games', level: 'public' },
  {
    method: 'POST',
    path: '/games',
    level: 'signed-in',
    body: () => ({ name: 'x', variant: 'heiau', scenario: 'race' }),
  },
  { method: 'GET', path: '/games/{gameId}', level: 'reader', game: 'active' },
  { method: 'DELETE', path: '/games/{gameId}', level: 'moderator', game: 'forming' },
  { method: 'GET', path: '/games/{gameId}/history', level: 'reader', game: 'active' },
  {
    method: 'GET',
    path: '/games/{gameId}/phases/{seq}',
    level: 'reader',
    game: 'active',
    url: (g) => `/games/${g.id}/phases/1`,
  },
  { method: 'GET', path: '/games/{gameId}/events', level: 'reader', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/live', level: 'reader', game: 'active' },
  { method: 'GET', path: '/games/live', level: 'signed-in' },
  { method: 'GET', path: '/games/{gameId}/map.svg', level: 'reader', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/map.png', level: 'reader', game: 'active' },
  {
    method: 'GET',
    path: '/games/{gameId}/phases/{seq}/map.svg',
    level: 'reader',
    game: 'active',
    url: (g) => `/games/${g.id}/phases/1/map.svg`,
  },
  {
    method: 'GET',
    path: '/games/{gameId}/phases/{seq}/map.png',
    level: 'reader',
    game: 'active',
    url: (g) => `/games/${g.id}/phases/1/map.png`,
  },
  { method: 'GET', path: '/games/{gameId}/replay', level: 'moderator-or-finished', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/export', level: 'moderator-or-finished-reader', game: 'active' },
  {
    method: 'POST',
    path: '/games/import',
    level: 'signed-in',
    body: () => ({
      format: 'kahu-game',
      version: 1,
      game: {
        name: 'x',
        variant: 'heiau',
        scenario: 'race',
        status: 'finished',
        outcome: null,
        seedHash: '0'.repeat(64),
        seed: 'x',
      },
      phases: [
        {
          seq: 1,
          key: 'k',
          label: 'l',
          type: 'movement',
          year: 1,
          status: 'final',
          openedAt: '2026-01-01T00:00:00Z',
          deadlineAt: null,
          resolvedAt: null,
          expected: [],
          missed: [],
          state: {},
          report: null,
          orders: [],
        },
      ],
    }),
  },
  {
    method: 'POST',
    path: '/games/{gameId}/start-from-position',
    level: 'moderator',
    game: 'forming',
    body: () => ({ position: { phase: { season: 'fall', year: 1, type: 'movement' }, units: [] } }),
  },
  { method: 'POST', path: '/games/{gameId}/join', level: 'invited', game: 'forming' },
  { method: 'POST', path: '/games/{gameId}/leave', level: 'signed-in-reader', game: 'forming' },
  {
    method: 'POST',
    path: '/games/{gameId}/invitations',
    level: 'moderator',
    game: 'forming',
    body: () => ({ email: 'third@example.org' }),
  },
  {
    method: 'PUT',
    path: '/games/{gameId}/players/{playerId}/role',
    level: 'moderator',
    game: 'forming',
    body: () => ({ role: 'Sunrise' }),
    url: (g) => `/games/${g.id}/players/${g.playerId}/role`,
  },
  { method: 'POST', path: '/games/{gameId}/start', level: 'moderator', game: 'forming' },
  { method: 'GET', path: '/games/{gameId}/orders', level: 'player', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/options', level: 'player-or-moderator', game: 'active' },
  {
    method: 'PUT',
    path: '/games/{gameId}/orders',
    level: 'player',
    game: 'active',
    body: () => ({ orders: ['hold'] }),
  },
  { method: 'DELETE', path: '/games/{gameId}/orders', level: 'player', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/ready', level: 'player', game: 'active', body: () => ({ ready: true }) },
  {
    method: 'PUT',
    path: '/games/{gameId}/deadline',
    level: 'moderator',
    game: 'active',
    body: () => ({ extendMinutes: 10 }),
  },
  { method: 'PUT', path: '/games/{gameId}/public', level: 'moderator', game: 'active', body: () => ({ public: true }) },
  { method: 'POST', path: '/games/{gameId}/pause', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/resume', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/process', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/rollback', level: 'moderator', game: 'active', body: () => ({ seq: 1 }) },
  {
    method: 'POST',
    path: '/games/{gameId}/players/{playerId}/replace',
    level: 'moderator',
    game: 'active',
    body: () => ({ email: 'sub@example.org' }),
    url: (g) => `/games/${g.id}/players/${g.otherPlayerId}/replace`,
  },
  {
    method: 'DELETE',
    path: '/games/{gameId}/players/{playerId}',
    level: 'moderator',
    game: 'active',
    url: (g) => `/games/${g.id}/players/${g.otherPlayerId}`,
  },
  { method: 'POST', path: '/games/{gameId}/end', level: 'moderator', game: 'active' },
  {
    method: 'POST',
    path: '/games/{gameId}/decision',
    level: 'moderator',
    game: 'active',
    body: () => ({ text: 'Heart' }),
  },
  { method: 'POST', path: '/games/{gameId}/draw', level: 'moderator', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/press', level: 'reader', game: 'active' },
  {
    method: 'PUT',
    path: '/games/{gameId}/press/read',
    level: 'signed-in-reader',
    game: 'active',
    body: () => ({ thread: 'ALL' }),
  },
  {
    method: 'POST',
    path: '/games/{gameId}/press',
    level: 'player',
    game: 'active',
    body: () => ({ to: 'ALL', text: 'Aloha' }),
  },
  { method: 'GET', path: '/games/{gameId}/email-settings', level: 'reader', game: 'active' },
  {
    method: 'PUT',
    path: '/games/{gameId}/email-settings',
    level: 'moderator',
    game: 'active',
    body: () => ({ pressPublicAfterGame: false }),
  },
  { method: 'GET', path: '/games/{gameId}/mail', level: 'moderator', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/votes', level: 'reader', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/votes/draw', level: 'player', game: 'active', body: () => ({ vote: false }) },
  { method: 'PUT', path: '/games/{gameId}/votes/concede', level: 'player', game: 'active', body: () => ({ to: null }) },
  {
    method: 'POST',
    path: '/games/{gameId}/mail/{mailId}/resend',
    level: 'moderator',
    game: 'active',
    url: (g) => `/games/${g.id}/mail/00000000-0000-4000-8000-000000000000/resend`,
  },
];

let t: TestService;
let users: Record<Role, Client>;
let other: Client;

beforeAll(async () => {
  t = await startTestService();
  users = {
    anonymous: client(t, '', ''),
    stranger: await signUp(t, 'stranger@example.org'),
    invited: await signUp(t, 'invited@example.org'),
    player: await signUp(t, 'player@example.org'),
    moderator: await signUp(t, 'moderator@example.org'),
  };
  other = await signUp(t, 'other@example.org');
});
afterAll(async () => {
  await t?.close();
});

async function fixture(kind: 'forming' | 'active', visibility: 'private' | 'public'): Promise<Fixture> {
  const mod = users.moderator;
  const g = await mod.ok(
    'POST',
    '/games',
    { name: 'authz', variant: 'heiau', scenario: 'race', ...(visibility === 'public' ? { public: true } : {}) },
    201,
  );
  // In a forming game the "player" and the "invited" hold invitations; in an active one the player
  // has a power and the invited declined (the race has two places: theirs is freed for the other).
  if (kind === 'active') {
    await mod.ok('POST', `/games/${g.id}/invitations`, { email: users.invited.email }, 201);
    await users.invited.ok('POST', `/games/${g.id}/leave`, undefined, 204);
  }
  const p1 = (await mod.ok('POST', `/games/${g.id}/invitations`, { email: users.player.email }, 201)).playerId;
  const p2 = (
    await mod.ok(
      'POST',
      `/games/${g.id}/invitations`,
      { email: kind === 'active' ? other.email : users.invited.email },
      201,
    )
  ).playerId;
  if (kind === 'active') {
    await other.ok('POST', `/games/${g.id}/join`);
    await users.player.ok('POST', `/games/${g.id}/join`);
    await mod.ok('POST', `/games/${g.id}/start`);
  }
  return { id: g.id, playerId: p1, otherPlayerId: p2 };
}

async function snapshot(gameId: string) {
  const g = await t.db.game.findUnique({ where: { id: gameId } });
  return JSON.stringify({
    g,
    events: await t.db.gameEvent.count({ where: { gameId } }),
    subs: await t.db.submission.count(),
    players: await t.db.gamePlayer.findMany({ where: { gameId }, orderBy: { id: 'asc' } }),
  });
}

describe('authorization', () => {
  it('the table covers every route of the API', async () => {
    const spec = (await t.app.inject({ url: '/docs/json' })).json();
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('the document says which routes signed-out visitors may call', async () => {
    const spec = (await t.app.inject({ url: '/docs/json' })).json();
    for (const r of routes.filter((x) => x.level === 'reader' || x.level === 'moderator-or-finished-reader')) {
      expect(spec.paths[r.path][r.method.toLowerCase()].security, `${r.method} ${r.path}`).toContainEqual({});
    }
  });

  for (const route of routes) {
    for (const visibility of route.game ? (['private', 'public'] as const) : (['private'] as const)) {
      it(`${route.method} ${route.path}: ${route.level}${route.game ? `, ${visibility} game` : ''}`, {
        timeout: 60_000,
      }, async () => {
        // Reads change nothing: one game serves every role. In a public game only the roles that
        // differ from a private one are asked again.
        const roles = visibility === 'public' ? (['anonymous', 'stranger'] as Role[]) : ROLES;
        const shared = route.game && route.method === 'GET' ? await fixture(route.game, visibility) : undefined;
        for (const role of roles) {
          const g = shared ?? (route.game ? await fixture(route.game, visibility) : undefined);
          const url = route.url ? route.url(g!) : route.path.replace('{gameId}', g?.id ?? '');
          const before = g ? await snapshot(g.id) : '';
          const r = await users[role].req(route.method, url, route.body?.(g!));
          const allowed = ALLOWED[route.level][visibility].includes(role);
          if (allowed) {
            expect([401, 403], `${role} should be allowed: ${r.status} ${JSON.stringify(r.body)}`).not.toContain(
              r.status,
            );
            expect(r.status, `${role}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
            if (route.level === 'reader')
              expect(r.status, `${role} reads: ${JSON.stringify(r.body)}`).toBeLessThan(300);
          } else {
            // Signed out: 401 where signing in is needed; a private game's reads do not exist for them.
            // Signed in: a private game they may not read does not exist (404); otherwise 403.
            const mayRead =
              visibility === 'public' || role === 'invited' || role === 'player' || role === 'moderator' || !route.game;
            // (A read refused to a visitor of a public game is a 403: they read it, but not this.)
            const expected =
              role === 'anonymous'
                ? OPEN_TO_SIGNED_OUT.includes(route.level)
                  ? visibility === 'public'
                    ? 403
                    : 404
                  : 401
                : mayRead
                  ? 403
                  : 404;
            expect(r.status, `${role} should be refused: ${JSON.stringify(r.body)}`).toBe(expected);
            expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
            if (expected === 404) expect(r.body.detail).toBe('There is no game with this id.');
            if (g) expect(await snapshot(g.id), `${role} changed the game`).toBe(before);
          }
        }
      });
    }
  }

  it('an open game lets anyone signed in join', async () => {
    const g = await users.moderator.ok(
      'POST',
      '/games',
      { name: 'open', variant: 'heiau', scenario: 'race', openJoin: true },
      201,
    );
    // While it forms an open game is there to be found: listed and read by anyone signed in.
    expect((await users.stranger.ok('GET', '/games')).games.map((x: any) => x.id)).toContain(g.id);
    const joined = await users.stranger.ok('POST', `/games/${g.id}/join`);
    expect(joined.players.map((p: any) => p.status)).toEqual(['joined']);
  });

  it("a replay is everyone's who may read the game, once it is over", async () => {
    for (const visibility of ['private', 'public'] as const) {
      const g = await fixture('active', visibility);
      await users.moderator.ok('POST', `/games/${g.id}/end`);
      expect((await users.invited.ok('GET', `/games/${g.id}/replay`)).ok).toBe(true);
      expect((await users.stranger.req('GET', `/games/${g.id}/replay`)).status).toBe(
        visibility === 'public' ? 200 : 404,
      );
      expect((await users.anonymous.req('GET', `/games/${g.id}/replay`)).status).toBe(401);
    }
  });

  it("the export is everyone's who may read the game, once it is over, signed out too when it is public", async () => {
    for (const visibility of ['private', 'public'] as const) {
      const g = await fixture('active', visibility);
      await users.moderator.ok('POST', `/games/${g.id}/end`);
      for (const role of ['invited', 'player', 'moderator'] as const)
        expect((await users[role].ok('GET', `/games/${g.id}/export`)).game.seed).toEqual(expect.any(String));
      for (const role of ['stranger', 'anonymous'] as const)
        expect((await users[role].req('GET', `/games/${g.id}/export`)).status).toBe(
          visibility === 'public' ? 200 : 404,
        );
    }
  });
});
