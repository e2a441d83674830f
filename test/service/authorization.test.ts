// Every route with every role: anonymous, a signed-in stranger (observer), a player of the game,
// its moderator. The table must list every route of the OpenAPI document, so a new route cannot
// be added without deciding who may call it. A refused request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { client, signUp, type Client } from '../helpers/api.ts';

type Role = 'anonymous' | 'observer' | 'player' | 'moderator';
type Level = 'public' | 'signed-in' | 'invited' | 'player' | 'player-or-moderator' | 'moderator' | 'moderator-or-finished';
interface Route { method: string; path: string; level: Level; game?: 'forming' | 'active'; body?: (g: Fixture) => unknown; url?: (g: Fixture) => string }
interface Fixture { id: string; playerId: string; otherPlayerId: string }

const ALLOWED: Record<Level, Role[]> = {
  public: ['anonymous', 'observer', 'player', 'moderator'],
  'signed-in': ['observer', 'player', 'moderator'],
  // Joining a game by invitation (an open game lets anyone signed in join: see the test below).
  invited: ['player'],
  player: ['player'],
  'player-or-moderator': ['player', 'moderator'],
  moderator: ['moderator'],
  'moderator-or-finished': ['moderator'],
};

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
  { method: 'DELETE', path: '/accounts/me/tokens/{tokenId}', level: 'signed-in', url: () => '/accounts/me/tokens/00000000-0000-4000-8000-000000000000' },
  { method: 'POST', path: '/accounts/me/calendar', level: 'signed-in' },
  { method: 'DELETE', path: '/accounts/me/calendar', level: 'signed-in' },
  { method: 'GET', path: '/me/deadlines.ics', level: 'signed-in' },
  { method: 'GET', path: '/games', level: 'signed-in' },
  { method: 'POST', path: '/games', level: 'signed-in', body: () => ({ name: 'x', variant: 'heiau', scenario: 'race' }) },
  { method: 'GET', path: '/games/{gameId}', level: 'signed-in', game: 'active' },
  { method: 'DELETE', path: '/games/{gameId}', level: 'moderator', game: 'forming' },
  { method: 'GET', path: '/games/{gameId}/history', level: 'signed-in', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/phases/{seq}', level: 'signed-in', game: 'active', url: (g) => `/games/${g.id}/phases/1` },
  { method: 'GET', path: '/games/{gameId}/events', level: 'signed-in', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/map.svg', level: 'signed-in', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/map.png', level: 'signed-in', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/phases/{seq}/map.svg', level: 'signed-in', game: 'active', url: (g) => `/games/${g.id}/phases/1/map.svg` },
  { method: 'GET', path: '/games/{gameId}/phases/{seq}/map.png', level: 'signed-in', game: 'active', url: (g) => `/games/${g.id}/phases/1/map.png` },
  { method: 'GET', path: '/games/{gameId}/replay', level: 'moderator-or-finished', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/join', level: 'invited', game: 'forming' },
  { method: 'POST', path: '/games/{gameId}/leave', level: 'signed-in', game: 'forming' },
  { method: 'POST', path: '/games/{gameId}/invitations', level: 'moderator', game: 'forming', body: () => ({ email: 'third@example.org' }) },
  { method: 'PUT', path: '/games/{gameId}/players/{playerId}/role', level: 'moderator', game: 'forming', body: () => ({ role: 'Sunrise' }), url: (g) => `/games/${g.id}/players/${g.playerId}/role` },
  { method: 'POST', path: '/games/{gameId}/start', level: 'moderator', game: 'forming' },
  { method: 'GET', path: '/games/{gameId}/orders', level: 'player', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/options', level: 'player-or-moderator', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/orders', level: 'player', game: 'active', body: () => ({ orders: ['hold'] }) },
  { method: 'DELETE', path: '/games/{gameId}/orders', level: 'player', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/ready', level: 'player', game: 'active', body: () => ({ ready: true }) },
  { method: 'PUT', path: '/games/{gameId}/deadline', level: 'moderator', game: 'active', body: () => ({ extendMinutes: 10 }) },
  { method: 'POST', path: '/games/{gameId}/pause', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/resume', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/process', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/rollback', level: 'moderator', game: 'active', body: () => ({ seq: 1 }) },
  { method: 'POST', path: '/games/{gameId}/players/{playerId}/replace', level: 'moderator', game: 'active', body: () => ({ email: 'sub@example.org' }), url: (g) => `/games/${g.id}/players/${g.otherPlayerId}/replace` },
  { method: 'DELETE', path: '/games/{gameId}/players/{playerId}', level: 'moderator', game: 'active', url: (g) => `/games/${g.id}/players/${g.otherPlayerId}` },
  { method: 'POST', path: '/games/{gameId}/end', level: 'moderator', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/decision', level: 'moderator', game: 'active', body: () => ({ text: 'Heart' }) },
  { method: 'POST', path: '/games/{gameId}/draw', level: 'moderator', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/press', level: 'signed-in', game: 'active' },
  { method: 'POST', path: '/games/{gameId}/press', level: 'player', game: 'active', body: () => ({ to: 'ALL', text: 'Aloha' }) },
  { method: 'GET', path: '/games/{gameId}/email-settings', level: 'signed-in', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/email-settings', level: 'moderator', game: 'active', body: () => ({ partialOrders: true }) },
  { method: 'GET', path: '/games/{gameId}/mail', level: 'moderator', game: 'active' },
  { method: 'GET', path: '/games/{gameId}/votes', level: 'signed-in', game: 'active' },
  { method: 'PUT', path: '/games/{gameId}/votes/draw', level: 'player', game: 'active', body: () => ({ vote: false }) },
  { method: 'PUT', path: '/games/{gameId}/votes/concede', level: 'player', game: 'active', body: () => ({ to: null }) },
  { method: 'POST', path: '/games/{gameId}/mail/{mailId}/resend', level: 'moderator', game: 'active', url: (g) => `/games/${g.id}/mail/00000000-0000-4000-8000-000000000000/resend` },
];

let t: TestService;
let users: Record<Role, Client>;
let other: Client;

beforeAll(async () => {
  t = await startTestService();
  users = {
    anonymous: client(t, '', ''),
    observer: await signUp(t, 'observer@example.org'),
    player: await signUp(t, 'player@example.org'),
    moderator: await signUp(t, 'moderator@example.org'),
  };
  other = await signUp(t, 'other@example.org');
});
afterAll(async () => { await t?.close(); });

async function fixture(kind: 'forming' | 'active'): Promise<Fixture> {
  const mod = users.moderator;
  const g = await mod.ok('POST', '/games', { name: 'authz', variant: 'heiau', scenario: 'race' }, 201);
  // In a forming game the "player" has an invitation; in an active one, a power.
  const p1 = (await mod.ok('POST', `/games/${g.id}/invitations`, { email: users.player.email }, 201)).playerId;
  const p2 = (await mod.ok('POST', `/games/${g.id}/invitations`, { email: other.email }, 201)).playerId;
  await other.ok('POST', `/games/${g.id}/join`);
  if (kind === 'active') {
    await users.player.ok('POST', `/games/${g.id}/join`);
    await mod.ok('POST', `/games/${g.id}/start`);
  }
  return { id: g.id, playerId: p1, otherPlayerId: p2 };
}

async function snapshot(gameId: string) {
  const g = await t.db.game.findUnique({ where: { id: gameId } });
  return JSON.stringify({ g, events: await t.db.gameEvent.count({ where: { gameId } }), subs: await t.db.submission.count(), players: await t.db.gamePlayer.findMany({ where: { gameId }, orderBy: { id: 'asc' } }) });
}

describe('authorization', () => {
  it('the table covers every route of the API', async () => {
    const spec = (await t.app.inject({ url: '/docs/json' })).json();
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}: ${route.level}`, async () => {
      for (const role of ['anonymous', 'observer', 'player', 'moderator'] as Role[]) {
        const g = route.game ? await fixture(route.game) : undefined;
        const url = route.url ? route.url(g!) : route.path.replace('{gameId}', g?.id ?? '');
        const before = g ? await snapshot(g.id) : '';
        const r = await users[role].req(route.method, url, route.body?.(g!));
        const allowed = ALLOWED[route.level].includes(role);
        if (allowed) {
          expect([401, 403], `${role} should be allowed: ${r.status} ${JSON.stringify(r.body)}`).not.toContain(r.status);
          expect(r.status, `${role}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
        } else {
          expect(r.status, `${role} should be refused: ${JSON.stringify(r.body)}`).toBe(role === 'anonymous' ? 401 : 403);
          expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
          if (g) expect(await snapshot(g.id), `${role} changed the game`).toBe(before);
        }
      }
    });
  }

  it('an open game lets anyone signed in join', async () => {
    const g = await users.moderator.ok('POST', '/games', { name: 'open', variant: 'heiau', scenario: 'race', openJoin: true }, 201);
    const joined = await users.observer.ok('POST', `/games/${g.id}/join`);
    expect(joined.players.map((p: any) => p.status)).toEqual(['joined']);
  });

  it('a replay is anyone\'s once the game is over', async () => {
    const g = await fixture('active');
    await users.moderator.ok('POST', `/games/${g.id}/end`);
    expect((await users.observer.ok('GET', `/games/${g.id}/replay`)).ok).toBe(true);
    expect((await users.anonymous.req('GET', `/games/${g.id}/replay`)).status).toBe(401);
  });
});
