// A flood of PNG map requests at a running kahu, for bench:maps (bench/map-flood.ts) and its test
// (test/reliability/map-flood.test.ts): hundreds of signed-out requests at once for maps nobody has
// asked for yet, while /health is polled, a player asks for their own map and a results mail waits
// for its map. The games are set up through the service; kahu must run with TRUST_PROXY=1 (the
// flood's many addresses come as X-Forwarded-For).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Ctx } from '../src/service/context.ts';
import { createGame, invite, join, startGame } from '../src/service/games.ts';
import { heiauRaceGames, type Account } from './heiau-race-games.ts';

export interface FloodGames {
  /** A public Maori Wars game: its map is the largest (a 700 KB SVG). */
  maoriWars: string;
  /** Public Heiau games, each asked for by a client of its own address. */
  manyAddresses: string[];
  /** Public Heiau games all asked for by one address, each twice. */
  oneAddress: string[];
  /** A player of a private game: their map shows their own orders (its own drawing). */
  player: { gameId: string; token: string };
  /** A private game adjudicated during the flood: its results mail carries a map. */
  mail: { gameId: string; moderatorToken: string; playerEmail: string };
}

/** The games of a flood of `requests`: one in 5 requests from many addresses, one in 7 from one address to many maps, the rest to one map. */
export function floodShape(requests: number) {
  const manyAddresses = Math.round(requests / 5);
  const oneAddress = Math.round(requests / 14);
  return { manyAddresses, oneAddress, sameMap: requests - manyAddresses - 2 * oneAddress };
}

export async function floodGames(ctx: Ctx, requests: number, prefix = 'flood'): Promise<FloodGames> {
  const shape = floodShape(requests);
  const games = shape.manyAddresses + shape.oneAddress + 2;
  const { seats, moderator, accounts } = await heiauRaceGames(ctx, {
    games,
    players: 2 * games,
    prefix,
    deadlines: { lengths: { movement: 1440 }, reminderMinutes: 0 },
    streams: 4,
  });
  const ids = [...new Set(seats.map((s) => s.gameId))];
  const [playerGame, mailGame, ...rest] = ids as [string, string, ...string[]];
  await ctx.db.game.updateMany({ where: { id: { in: rest } }, data: { public: true } });
  const maoriWars = await createGame(ctx, moderator.id, {
    name: `${prefix} Flagstaff War`,
    variant: 'maori-wars',
    scenario: 'hone-hekes-challenge',
    public: true,
    deadlines: { reminderMinutes: 0 },
  });
  const [maori, british] = accounts as [Account, Account];
  await invite(ctx, maoriWars, moderator.id, { email: maori.email, role: 'Maori' });
  await invite(ctx, maoriWars, moderator.id, { email: british.email, role: 'British' });
  await join(ctx, maoriWars, maori.id);
  await join(ctx, maoriWars, british.id);
  await startGame(ctx, maoriWars, moderator.id);
  // Deadlines a day away on the real clock (kahu runs on it), and the start mails counted as sent:
  // the flood's mail is the one results mail.
  await ctx.db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = now() + interval '1 day' WHERE status = 'open'`);
  await ctx.db.$executeRawUnsafe(`UPDATE "OutboxMail" SET status = 'sent', "sentAt" = now()`);
  const playerSeat = seats.find((s) => s.gameId === playerGame && s.role === 'Sunrise')!;
  const mailPlayer = accounts.find(
    (a) => a.token === seats.find((s) => s.gameId === mailGame && s.role === 'Sunrise')!.token,
  )!;
  return {
    maoriWars,
    manyAddresses: rest.slice(0, shape.manyAddresses),
    oneAddress: rest.slice(shape.manyAddresses),
    player: { gameId: playerGame, token: playerSeat.token },
    mail: { gameId: mailGame, moderatorToken: moderator.token, playerEmail: mailPlayer.email },
  };
}

export interface Answer {
  url: string;
  status: number;
  ms: number;
  retryAfter?: string;
  type?: string;
  bytes: number;
  etag?: string;
  detail?: string;
}

/** One request on its own connection (each flooding client is another client). */
export function get(
  base: string,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  timeoutMs = 60_000,
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${base}${url}`, { method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const type = res.headers['content-type'];
        resolve({
          url,
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          bytes: body.length,
          type,
          retryAfter: res.headers['retry-after'],
          etag: res.headers.etag as string | undefined,
          detail: type?.startsWith('application/problem+json') ? JSON.parse(body.toString()).detail : undefined,
        });
      });
      res.on('error', () => resolve({ url, status: 0, ms: performance.now() - t0, bytes: 0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ url, status: 0, ms: performance.now() - t0, bytes: 0, detail: err.message }));
    req.end();
  });
}

export interface FloodResult {
  /** The flood's answers, in the order asked. */
  answers: Answer[];
  /** /health, asked every 200 ms while the flood lasts. */
  health: Answer[];
  /** The player's own map, asked for with the flood. */
  player: Answer;
  /** The moderator's "process now" of the mail game, with the flood. */
  processed: Answer;
  /** From the first request to the last answer. */
  ms: number;
}

export async function flood(base: string, g: FloodGames, requests: number): Promise<FloodResult> {
  const shape = floodShape(requests);
  const asks: [string, Record<string, string>][] = [];
  for (let i = 0; i < shape.sameMap; i++)
    asks.push([`/games/${g.maoriWars}/map.png`, { 'x-forwarded-for': '198.51.100.1' }]);
  g.manyAddresses.forEach((id, i) =>
    asks.push([`/games/${id}/map.png`, { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` }]),
  );
  for (const id of [...g.oneAddress, ...g.oneAddress])
    asks.push([`/games/${id}/phases/1/map.png`, { 'x-forwarded-for': '198.51.100.2' }]);
  // Interleaved, as clients would come.
  for (let i = asks.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [asks[i], asks[j]] = [asks[j]!, asks[i]!];
  }
  const t0 = performance.now();
  let done = false;
  const health: Answer[] = [];
  const probing = (async () => {
    while (!done) {
      health.push(await get(base, '/health', {}, 'GET', 30_000));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const answers = Promise.all(asks.map(([url, headers]) => get(base, url, headers)));
  const processed = get(
    base,
    `/games/${g.mail.gameId}/process`,
    { authorization: `Bearer ${g.mail.moderatorToken}` },
    'POST',
  );
  const player = new Promise<Answer>((r) => setTimeout(r, 100)).then(() =>
    get(base, `/games/${g.player.gameId}/map.png`, { authorization: `Bearer ${g.player.token}` }),
  );
  const result = { answers: await answers, player: await player, processed: await processed, ms: 0, health };
  result.ms = performance.now() - t0;
  done = true;
  await probing;
  return result;
}

/** The results mail of the flood's mail game as kahu wrote it (DATA_DIR/outbox/*.eml), once it is there. */
export async function resultsMail(dataDir: string, g: FloodGames, timeoutMs: number): Promise<string | null> {
  const dir = path.join(dataDir, 'outbox');
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const eml = fs.readFileSync(path.join(dir, f), 'utf8');
      if (eml.includes(`To: ${g.mail.playerEmail}`) && /^Subject: .*results/m.test(eml)) return eml;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

/** Resident memory of a process and its children now (kB), from /proc (Linux). */
export function rssKb(pid: number): { own: number; children: number } {
  const rss = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let children = 0;
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const c of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        children += rss(Number(c));
    }
  } catch {
    /* gone */
  }
  return { own: rss(pid), children };
}

/** The highest resident memory of the process so far (kB). */
export function peakRssKb(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};
