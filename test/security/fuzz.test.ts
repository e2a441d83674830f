// Hostile input. Property-based (fast-check): every engine's order reader takes any text without
// throwing, and every route of the API, fed random and malformed bodies by every kind of caller,
// never answers 500, never leaves an unhandled rejection (random path parameters, cookies and
// lone surrogates included), and when it refuses a request the
// database is exactly as it was (compared table by table before and after).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { client, isLive, liveHead, signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
const rejections: unknown[] = [];
const onRejection = (r: unknown) => rejections.push(r);
beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  t = await startTestService();
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await t?.close();
});

const WORDS = [
  'A',
  'F',
  'B',
  'H',
  'S',
  '-',
  'C',
  'VIA',
  'R',
  'D',
  'Build',
  'STANDING',
  'Wings',
  'Heart',
  'Kona-Kailua',
  'Puna',
  'Hilo',
  'Par',
  'Bur',
  'Mun',
  '(',
  ')',
  '/',
  'nc',
  'sc',
  '0',
  '99',
  '\u0000',
  '\u200b',
  'é',
  '𝔘',
  '\t',
  ':',
  'recruit',
  'move',
  'attack',
  'card',
  'pass',
];
const orderLine = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' ')),
  fc.string({ maxLength: 3000 }),
);

describe('order readers', () => {
  for (const module of Object.values(games)) {
    for (const scenario of module.scenarios) {
      it(`${module.id}/${scenario.id}: any lines are read without throwing`, () => {
        const state = module.setup('f'.repeat(64), scenario.id, {});
        fc.assert(
          fc.property(fc.constantFrom(...scenario.roles), fc.array(orderLine, { maxLength: 20 }), (role, lines) => {
            const r = module.readSubmission(state, role, lines);
            expect(Array.isArray(r.lines)).toBe(true);
            for (const l of r.lines) expect(typeof l.ok).toBe('boolean');
          }),
          { numRuns: 150 },
        );
      });
    }
  }
});

/** Every table, row by row (ApiToken.lastUsedAt aside: reading with a token may record its use). */
async function snapshot(): Promise<string> {
  const tables = await t.db.$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const from =
      table_name === 'ApiToken'
        ? `(SELECT id, "accountId", "tokenHash", prefix, "createdAt", "revokedAt" FROM "ApiToken")`
        : `"${table_name}"`;
    const r = await t.db.$queryRawUnsafe<{ h: string | null; n: bigint }[]>(
      `SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h, count(*) AS n FROM ${from} x`,
    );
    parts.push(`${table_name}:${r[0].n}:${r[0].h}`);
  }
  return parts.join('\n');
}

describe('every route with random and malformed bodies', () => {
  it('never a 500, never an unhandled rejection, a refused request changes nothing', { timeout: 240_000 }, async () => {
    const mod = await signUp(t, 'mod@example.org');
    const a = await signUp(t, 'a@example.org');
    const b = await signUp(t, 'b@example.org');
    const observer = await signUp(t, 'observer@example.org');
    const callers: Record<string, Client> = {
      anonymous: client(t, '', ''),
      observer,
      a,
      b,
      mod,
      garbage: client(t, 'kahu_' + 'x'.repeat(43), ''),
    };
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Fuzz',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    const forming = await mod.ok('POST', '/games', { name: 'Forming', variant: 'heiau', scenario: 'race' }, 201);
    const playerId = game.players[0].id;
    const spec = (await t.app.inject({ url: '/docs/json' })).json();
    const ops: { method: string; path: string; keys: string[] }[] = [];
    for (const [p, methods] of Object.entries(spec.paths as Record<string, Record<string, any>>)) {
      for (const [m, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        ops.push({ method: m.toUpperCase(), path: p, keys: Object.keys(schema?.properties ?? {}) });
      }
    }
    expect(ops.length).toBeGreaterThan(30);

    const idLike = fc.oneof(
      fc.constant(game.id),
      fc.constant(forming.id),
      fc.uuid(),
      fc.string({ maxLength: 40 }),
      fc.constant('../../etc/passwd'),
      fc.constant('%00'),
    );
    // 'binary' strings hold lone surrogates; huge and odd numbers test every bound.
    const value = fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.string({ maxLength: 50 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.integer(),
      fc.double(),
      fc.bigInt().map(String),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }),
      fc.emailAddress(),
    );
    // Path parameters that are numbers (a phase's seq) and any cookie a browser or a script may send.
    const seqLike = fc.oneof(
      fc.constant('1'),
      fc.integer().map(String),
      fc.bigInt().map(String),
      fc.constantFrom('2147483648', '-1', '0', '1e99', '99999999999999999999', 'NaN', '%00', '%ED%A0%80', '1.5'),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
    );
    const cookie = fc.option(
      fc.oneof(
        fc.constantFrom(
          'kahu_session=%',
          'kahu_session=%E0%A4%A',
          'kahu_session=%ED%A0%80',
          'kahu_session=',
          'kahu_session',
          '=; ;=',
          'kahu_session=a=b=c',
        ),
        fc.string({ maxLength: 60 }).map((v) => `kahu_session=${v}`),
        fc.string({ maxLength: 80 }),
      ),
      { nil: undefined },
    );
    let requests = 0;
    for (const op of ops) {
      const body = fc.oneof(
        fc.record({
          kind: fc.constant('json' as const),
          value: op.keys.length
            ? fc.dictionary(fc.constantFrom(...op.keys, 'extra'), value, { maxKeys: 4 })
            : fc.anything({ maxDepth: 2 }),
        }),
        fc.record({ kind: fc.constant('json' as const), value: fc.anything({ maxDepth: 3 }) }),
        fc.record({
          kind: fc.constant('raw' as const),
          value: fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.constant('{"a":'),
            fc.constant('{"text": "\\ud800"}'),
            fc.constant('{"orders": ["\\udc00"], "name": "\\ud83d"}'),
            fc.constant('[]'),
            fc.constant('null'),
            fc.constant('{"__proto__": {"x": 1}}'),
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(callers)),
          idLike,
          fc.oneof(fc.constant(playerId), fc.uuid()),
          body,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          seqLike,
          cookie,
          async (who, gid, pid, payload, ctype, seq, cookieHeader) => {
            const url = op.path
              .replace('{gameId}', encodeURIComponent(gid))
              .replace('{playerId}', pid)
              .replace('{seq}', seq)
              .replace('{tokenId}', pid)
              .replace('{mailId}', pid);
            const caller = callers[who];
            const before = await snapshot();
            const raw = payload.kind === 'raw' ? payload.value : JSON.stringify(payload.value ?? null);
            const headers = {
              ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
              ...(cookieHeader !== undefined ? { cookie: cookieHeader } : {}),
              ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { 'content-type': ctype }),
            };
            const r = isLive(url)
              ? await liveHead(t, {
                  method: op.method,
                  url,
                  headers,
                  ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: raw }),
                })
              : await t.app.inject({
                  method: op.method as any,
                  url,
                  headers: {
                    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
                    ...(cookieHeader !== undefined ? { cookie: cookieHeader } : {}),
                    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { 'content-type': ctype }),
                  },
                  ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: raw }),
                });
            requests++;
            expect(
              r.statusCode,
              `${op.method} ${url} as ${who} (cookie ${cookieHeader}) with ${raw}: ${r.body}`,
            ).toBeLessThan(500);
            if (r.statusCode >= 400) {
              expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
              expect(
                await snapshot(),
                `${op.method} ${url} as ${who} refused (${r.statusCode}) but changed the database`,
              ).toBe(before);
            }
          },
        ),
        { numRuns: 16 },
      );
    }
    console.log(`[fuzz] ${requests} random requests over ${ops.length} routes`);
    await new Promise((r) => setTimeout(r, 100));
    expect(rejections).toEqual([]);
  });
});
