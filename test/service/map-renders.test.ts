// PNG maps are drawn one at a time in a child process; this holds how requests reach it (issue 23):
// a map asked for by many at once is drawn once, the queue of a share is bounded (503 with
// Retry-After), one client (an account, else an address as TRUST_PROXY reads it) has only a few
// drawn at once (429), and the signed-in readers' maps and the mail's take their own turns, so a
// flood of signed-out requests never keeps them waiting behind it.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../src/service/accounts.ts';
import { createGame, invite, join, startGame } from '../../src/service/games.ts';
import { mailMap } from '../../src/service/maps.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
let plain: TestService;
/** The renders kahu logged ("map drawn"), by share. */
const drawn: string[] = [];
beforeAll(async () => {
  t = await startTestService({ env: { TRUST_PROXY: '1', RENDER_QUEUE_MAX: '3', RENDER_PER_CLIENT: '2' } });
  // The maps' service logs each render at debug level: a real logger, kept here to count them.
  t.ctx.log = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        const j = JSON.parse(line);
        if (j.msg === 'map drawn') drawn.push(j.share);
      },
    },
  );
  plain = await startTestService({ env: { RENDER_PER_CLIENT: '1' } });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

let n = 0;
async function account(s: TestService) {
  const token = newToken();
  const a = await s.db.account.create({ data: { email: `renders${n++}@example.org` } });
  await s.db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
  return { ...a, token };
}

/** A started public Maori Wars game (its map, 700 KB of SVG, takes the renderer a while). */
async function maoriWarsGame(s: TestService) {
  const [mod, maori, british] = [await account(s), await account(s), await account(s)];
  const id = await createGame(s.ctx, mod.id, {
    name: `Flagstaff War ${n}`,
    variant: 'maori-wars',
    scenario: 'hone-hekes-challenge',
    public: true,
    deadlines: { reminderMinutes: 0 },
  });
  await invite(s.ctx, id, mod.id, { email: maori.email, role: 'Maori' });
  await invite(s.ctx, id, mod.id, { email: british.email, role: 'British' });
  await join(s.ctx, id, maori.id);
  await join(s.ctx, id, british.id);
  await startGame(s.ctx, id, mod.id);
  return { id, mod, maori, british };
}

const png = (s: TestService, url: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url, headers });

describe('PNG map renders', () => {
  it('a crowd asking for one map at once gets one drawing, every asker the same', { timeout: 120_000 }, async () => {
    const g = await maoriWarsGame(t);
    drawn.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => png(t, `/games/${g.id}/map.png`, { 'x-forwarded-for': '192.0.2.7' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers.every((a) => a.rawPayload.equals(answers[0]!.rawPayload))).toBe(true);
    expect(drawn).toEqual(['visitors']);
    // Asked again, it comes from the cache: no drawing.
    expect((await png(t, `/games/${g.id}/map.png`)).statusCode).toBe(200);
    expect(drawn).toHaveLength(1);
  });

  it('refuses maps past RENDER_QUEUE_MAX with 503 and Retry-After; signed-in readers and mail keep their turns', {
    timeout: 120_000,
  }, async () => {
    const games = [];
    for (let i = 0; i < 8; i++) games.push(await maoriWarsGame(t));
    const [own, mailed] = [await maoriWarsGame(t), await maoriWarsGame(t)];
    drawn.length = 0;
    const done: string[] = [];
    // Eight signed-out visitors, each from an address of their own, each asking for another map.
    const visitors = games.map((g, i) =>
      png(t, `/games/${g.id}/map.png`, { 'x-forwarded-for': `198.51.100.${i + 1}` }).then((a) => {
        if (a.statusCode === 200) done.push('visitor');
        return a;
      }),
    );
    // Meanwhile a player asks for their own map, and a mail's map of another game is drawn.
    await new Promise((r) => setTimeout(r, 50));
    const player = png(t, `/games/${own.id}/map.png`, { authorization: `Bearer ${own.maori.token}` }).then((a) => {
      done.push('player');
      return a;
    });
    const phase = await t.db.phase.findFirstOrThrow({ where: { gameId: mailed.id } });
    const mail = mailMap(t.ctx, phase.id, { kind: 'player', role: 'British' }).then((m) => {
      done.push('mail');
      return m;
    });
    const answers = await Promise.all(visitors);

    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 503)).toEqual([]);
    for (const r of refused) {
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(r.json()).toMatchObject({
        status: 503,
        title: 'Service unavailable',
        detail: expect.stringMatching(
          /^Too many maps are being drawn right now; nothing is wrong with your request\. Ask again in \d+ s \(see Retry-After\)/,
        ),
      });
    }
    // The refused asked for nothing that was drawn: one drawing per map answered.
    expect(drawn.filter((s) => s === 'visitors')).toHaveLength(answers.filter((a) => a.statusCode === 200).length);

    const p = await player;
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('image/png');
    const m = await mail;
    expect(m?.png.subarray(1, 4).toString()).toBe('PNG');
    expect(m?.png.readUInt32BE(16)).toBe(m?.width);
    // Taking turns, the player's map and the mail's came before the visitors' queue was through
    // (one at a time, first come first served, they would have been drawn after all of it).
    expect(done.lastIndexOf('visitor')).toBeGreaterThan(done.indexOf('player'));
    expect(done.lastIndexOf('visitor')).toBeGreaterThan(done.indexOf('mail'));
    // Once the queue is through, a refused map is drawn.
    const again = await png(t, `/games/${games[answers.findIndex((a) => a.statusCode === 503)]!.id}/map.png`, {
      'x-forwarded-for': '198.51.100.200',
    });
    expect(again.statusCode).toBe(200);
  });

  it('a client has RENDER_PER_CLIENT maps drawn at once, an account counted apart from its address', {
    timeout: 120_000,
  }, async () => {
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await maoriWarsGame(t));
    // One address asks for four maps at once: two are drawn, two refused with 429.
    const one = await Promise.all(
      games.map((g) => png(t, `/games/${g.id}/map.png`, { 'x-forwarded-for': '203.0.113.9' })),
    );
    expect(one.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429]);
    for (const r of one.filter((a) => a.statusCode === 429)) {
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(r.json().detail).toMatch(
        /^You already have 2 maps being drawn; ask for this one once they are done, in about \d+ s \(see Retry-After\)\.$/,
      );
    }
    // Players signed in from one address (a club behind one router) each have their own count:
    // each asks for their map of one of the games at once.
    const players = await Promise.all(
      games.slice(0, 3).map((g) =>
        png(t, `/games/${g.id}/map.png`, {
          authorization: `Bearer ${g.maori.token}`,
          'x-forwarded-for': '203.0.113.9',
        }),
      ),
    );
    expect(players.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // One account asking for three maps at once (moderating three games): the third is refused.
    const mod = await account(t);
    const modded = [];
    for (let i = 0; i < 3; i++) {
      const id = await createGame(t.ctx, mod.id, {
        name: `Moderated ${n++}`,
        variant: 'maori-wars',
        scenario: 'hone-hekes-challenge',
        deadlines: { reminderMinutes: 0 },
      });
      const [a, b] = [await account(t), await account(t)];
      await invite(t.ctx, id, mod.id, { email: a.email, role: 'Maori' });
      await invite(t.ctx, id, mod.id, { email: b.email, role: 'British' });
      await join(t.ctx, id, a.id);
      await join(t.ctx, id, b.id);
      await startGame(t.ctx, id, mod.id);
      modded.push(id);
    }
    const own = await Promise.all(
      modded.map((id, i) =>
        png(t, `/games/${id}/map.png`, {
          authorization: `Bearer ${mod.token}`,
          'x-forwarded-for': `203.0.113.${20 + i}`,
        }),
      ),
    );
    expect(own.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For gives no new budget', async () => {
    const games = [await maoriWarsGame(plain), await maoriWarsGame(plain)];
    const answers = await Promise.all(
      games.map((g, i) => png(plain, `/games/${g.id}/map.png`, { 'x-forwarded-for': `10.9.9.${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
  });
});
