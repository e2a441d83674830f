// Small HTTP helpers over app.inject for the service tests.
import http from 'node:http';
import { expect } from 'vitest';
import type { TestService } from './app.ts';
import { registerAccount } from './app.ts';

export interface Client {
  token: string;
  email: string;
  req(
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: any; headers: Record<string, any> }>;
  ok(method: string, url: string, payload?: unknown, status?: number): Promise<any>;
}

/** A live stream (Server-Sent Events) never ends: inject would wait for ever. */
export const isLive = (url: string) => /\/live$/.test(url.split('?')[0]!);

/** A request to a live stream over a real connection: its head and first lines (or its whole error) are the answer. */
export async function liveHead(
  t: TestService,
  req: { method: string; url: string; headers: Record<string, string>; payload?: string },
): Promise<{ statusCode: number; headers: Record<string, any>; body: string }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (res) => {
        let got = '';
        const done = () => {
          res.destroy();
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: got });
        };
        res.on('data', (c: Buffer) => {
          got += c.toString();
          if (res.statusCode === 200 && got.includes('\n\n')) done();
        });
        res.on('end', done);
      },
    );
    r.on('error', reject);
    r.end(req.payload);
  });
}

export function client(t: TestService, token: string, email: string): Client {
  const req = async (method: string, url: string, payload?: unknown) => {
    if (isLive(url)) {
      const r = await liveHead(t, { method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      let body: any = r.body;
      try {
        body = JSON.parse(r.body);
      } catch {
        /* the event stream */
      }
      return { status: r.statusCode, body, headers: r.headers };
    }
    const r = await t.app.inject({
      method: method as any,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as any } : {}),
    });
    let body: any = r.body;
    try {
      body = r.body ? JSON.parse(r.body) : null;
    } catch {
      /* not JSON */
    }
    return { status: r.statusCode, body, headers: r.headers as Record<string, any> };
  };
  return {
    token,
    email,
    req,
    async ok(method, url, payload, status) {
      const r = await req(method, url, payload);
      if (status !== undefined ? r.status !== status : r.status >= 300) {
        expect.fail(`${method} ${url} -> ${r.status} ${JSON.stringify(r.body)}`);
      }
      return r.body;
    },
  };
}

export async function signUp(t: TestService, email: string, extra: Record<string, unknown> = {}): Promise<Client> {
  return client(t, await registerAccount(t, email, extra), email.toLowerCase());
}

/**
 * Create a game, invite and join every player, start it; returns the game and who plays what.
 * `beforeStart` runs once the game is created (to set its seed in the database, say).
 */
export async function startedGame(
  _t: TestService,
  mod: Client,
  players: Client[],
  body: Record<string, unknown>,
  beforeStart?: (gameId: string) => Promise<void>,
) {
  const game = await mod.ok('POST', '/games', body, 201);
  await beforeStart?.(game.id);
  for (const p of players) await mod.ok('POST', `/games/${game.id}/invitations`, { email: p.email }, 201);
  for (const p of players) await p.ok('POST', `/games/${game.id}/join`);
  const started = await mod.ok('POST', `/games/${game.id}/start`);
  const byRole: Record<string, Client> = {};
  for (const pl of started.players) {
    const c = players.find((p) => p.email === pl.email)!;
    if (pl.role) byRole[pl.role] = c;
  }
  return { game: started, byRole };
}

/** A moderator `<tag>-mod@example.org` and `players` players `<tag>-<n>@example.org` in a started game. */
export async function gameOf(t: TestService, tag: string, players: number, body: Record<string, unknown>) {
  const mod = await signUp(t, `${tag}-mod@example.org`);
  const ps: Client[] = [];
  for (let n = 1; n <= players; n++) ps.push(await signUp(t, `${tag}-${n}@example.org`));
  const { game, byRole } = await startedGame(t, mod, ps, { deadlines: { reminderMinutes: 0 }, ...body });
  return { mod, game, byRole, gameId: game.id as string };
}
