// A game moves between judges (issue 26.4): GET /games/{id}/export writes one file, POST
// /games/import replays it through the engine and keeps it as a read-only archive, and a moderator
// starts a game at a position reached on another judge. Real Postgres: the states go through jsonb
// as they do in play, and the replay puts every state in jsonb's key order before resolving.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardDiplomacy } from '../../src/games/diplomacy.ts';
import { hawaii1795, type Hawaii1795State } from '../../src/games/hawaii1795.ts';
import { withLegacyStreams } from '../../src/contract/random.ts';
import { asJsonb } from '../../src/service/phases.ts';
import { IMPORTS_PER_DAY, MAX_IMPORT_PHASES } from '../../src/service/transfer.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, type Client } from '../helpers/api.ts';
import { hawaiiTurn } from '../helpers/hawaii1795-player.ts';

let t: TestService;
let archivist: Client;
beforeAll(async () => {
  t = await startTestService();
  archivist = await signUp(t, 'archivist@example.org', { name: 'Archivist' });
});
afterAll(async () => {
  await t?.close();
});

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** A two-power Heiau race game, started; returns the clients by power. */
async function heiauGame(tag: string, body: Record<string, unknown> = {}) {
  const mod = await signUp(t, `${tag}-mod@example.org`, { name: `${tag} moderator` });
  const a = await signUp(t, `${tag}-a@example.org`, { name: `${tag} Alii` });
  const b = await signUp(t, `${tag}-b@example.org`);
  const game = await mod.ok(
    'POST',
    '/games',
    { name: `Race ${tag}`, variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 }, ...body },
    201,
  );
  await mod.ok('POST', `/games/${game.id}/invitations`, { email: a.email, role: 'Sunrise' }, 201);
  await mod.ok('POST', `/games/${game.id}/invitations`, { email: b.email, role: 'Sunset' }, 201);
  for (const p of [a, b]) await p.ok('POST', `/games/${game.id}/join`);
  return { id: game.id as string, mod, sunrise: a, sunset: b };
}

describe('asJsonb', () => {
  it('orders keys as PostgreSQL jsonb gives them back (shorter first, then bytewise), arrays kept', async () => {
    const state = hawaii1795.setup('kahu-transfer', 'short', {});
    const tricky = {
      zeta: 1,
      b: { yy: [3, { ä: 1, z: 2, aa: 3 }], x: null },
      a: 'x',
      '10': 1,
      '9': 2,
      Ab: 3,
      aB: 4,
      undef: undefined,
    };
    for (const x of [state, tricky]) {
      const rows = await t.ctx.pool.query<{ j: string }>('SELECT $1::jsonb::text AS j', [JSON.stringify(x)]);
      expect(JSON.stringify(asJsonb(x))).toBe(JSON.stringify(JSON.parse(rows.rows[0]!.j)));
    }
  });
});

describe('export and import', () => {
  it('a Heiau game ended by a draw: who may export when, the round trip, and the archive is read-only', async () => {
    const g = await heiauGame('draw');
    const started = await g.mod.ok('POST', `/games/${g.id}/start`);
    const stranger = await signUp(t, 'draw-stranger@example.org');
    // Spring 1 and Fall 1 with orders, one of them written twice (the last one counts).
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, { text: 'B Kona-Kailua - Kawaihae' });
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, { text: 'B Kona-Kailua H\nB Puna H', ready: true });
    await g.sunset.ok('PUT', `/games/${g.id}/orders`, { text: 'B Aiea H\nB Kilauea H', ready: true });
    await g.mod.ok('POST', `/games/${g.id}/process`);
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, { text: 'B Puna H' });
    // Sealed orders of the open phase: nobody's export has them, the moderator's neither.
    await g.sunset.ok('PUT', `/games/${g.id}/orders`, { text: 'B Aiea H\nB Kilauea H' });

    // Before the end: the moderator only, without the seed; a player 403, others as if no game.
    const early = await g.mod.ok('GET', `/games/${g.id}/export`);
    expect(early).toMatchObject({
      format: 'kahu-game',
      version: 1,
      game: { status: 'active', seed: null, seedHash: started.seedHash },
    });
    // The engine's state carries the seed: before the end the file has the moderator's view instead.
    expect(JSON.stringify(early)).not.toContain((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).seed);
    expect(early.states).toBe('moderator-view');
    expect(early.phases.at(-1)).toMatchObject({ status: 'open', orders: [], state: { units: expect.any(Array) } });
    expect(early.phases[0].orders.map((o: any) => o.lines)).toEqual([
      ['B Kona-Kailua - Kawaihae'],
      ['B Kona-Kailua H', 'B Puna H'],
      ['B Aiea H', 'B Kilauea H'],
    ]);
    expect(JSON.stringify(early)).toContain(g.sunset.email); // the moderator sees every address
    expect((await g.sunrise.req('GET', `/games/${g.id}/export`)).status).toBe(403);
    expect((await stranger.req('GET', `/games/${g.id}/export`)).status).toBe(404);
    expect((await t.app.inject({ url: `/games/${g.id}/export` })).statusCode).toBe(404);
    // A file of a game not over is not imported.
    const notOver = await archivist.req('POST', '/games/import', early);
    expect(notOver.status).toBe(422);
    expect(notOver.body.errors[0].field).toBe('body.game.status');

    await g.mod.ok('POST', `/games/${g.id}/draw`, { reason: 'both agree' });
    const seed = (await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).seed;
    // Once over: a player gets the seed and every order, and only the addresses they may see.
    const r = await g.sunrise.req('GET', `/games/${g.id}/export`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="Race-draw\.kahu\.json"/);
    const file = r.body;
    expect(file).toMatchObject({ states: 'engine', game: { status: 'finished', seed, outcome: { kind: 'draw' } } });
    expect(file.phases.map((p: any) => p.status)).toEqual(['adjudicated', 'final']);
    expect(file.phases[1].orders).toEqual([]);
    const text = JSON.stringify(file);
    expect(text).toContain(g.sunrise.email);
    expect(text).toContain(g.mod.email);
    expect(text).not.toContain(g.sunset.email);
    expect(file.players).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'Sunset', name: '(address hidden)' }),
        expect.objectContaining({ role: 'Sunrise', name: g.sunrise.email }),
      ]),
    );
    expect((await stranger.req('GET', `/games/${g.id}/export`)).status).toBe(404);

    // The import: replayed, kept as a finished game the importer moderates, read-only.
    const imported = await archivist.ok('POST', '/games/import', file, 201);
    expect(imported).toMatchObject({ phases: 2, rolledBack: 0 });
    const view = await archivist.ok('GET', `/games/${imported.id}`);
    expect(view).toMatchObject({
      status: 'finished',
      seed,
      seedHash: started.seedHash,
      outcome: file.game.outcome,
      you: { kind: 'moderator' },
      public: false,
      players: [],
    });
    expect(await archivist.ok('GET', `/games/${imported.id}/replay`)).toEqual({ ok: true, phases: 2, mismatches: [] });
    const hist = await archivist.ok('GET', `/games/${imported.id}/history`);
    expect(hist.phases[0].orders.map((o: any) => o.lines)).toEqual([
      ['B Kona-Kailua H', 'B Puna H'],
      ['B Aiea H', 'B Kilauea H'],
    ]);
    const events = (await archivist.ok('GET', `/games/${imported.id}/events`)).events;
    expect(events.at(-1)).toMatchObject({ kind: 'imported', text: expect.stringContaining('an archive, read-only') });
    expect(events.at(-1).text).toContain(`from http://kahu.test/games/${g.id}`);
    for (const [method, url, body] of [
      ['PUT', `/games/${imported.id}/orders`, { text: 'B Puna H' }],
      ['POST', `/games/${imported.id}/rollback`, { seq: 1 }],
      ['POST', `/games/${imported.id}/process`, undefined],
      ['POST', `/games/${imported.id}/start`, undefined],
      ['POST', `/games/${imported.id}/end`, undefined],
    ] as const)
      expect((await archivist.req(method, url, body)).status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    expect(await t.db.phase.count({ where: { gameId: imported.id, status: 'open' } })).toBe(0);
    // Nobody else reads the archive until its moderator makes it public.
    expect((await g.sunrise.req('GET', `/games/${imported.id}`)).status).toBe(404);

    // Exported again from here, it is the same game: same phases, orders, reports and seed.
    const again = await archivist.ok('GET', `/games/${imported.id}/export`);
    const strip = (f: any) => f.phases.map((p: any) => ({ ...p, orders: p.orders.map((o: any) => ({ ...o })) }));
    expect(strip(again)).toEqual(strip(file));
    expect(again.game).toMatchObject({ seed, outcome: file.game.outcome, variant: 'heiau', scenario: 'race' });
    expect((await archivist.req('POST', '/games/import', again)).status).toBe(201);
  });

  it('refuses a tampered file, naming the first phase and field that differ, and imports nothing', async () => {
    const g = await heiauGame('tamper');
    await g.mod.ok('POST', `/games/${g.id}/start`);
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H' });
    await g.sunset.ok('PUT', `/games/${g.id}/orders`, { text: 'B Aiea H\nB Kilauea H' });
    await g.mod.ok('POST', `/games/${g.id}/process`);
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, { text: 'B Kawaihae H\nB Puna H' });
    await g.mod.ok('POST', `/games/${g.id}/process`);
    await g.mod.ok('POST', `/games/${g.id}/end`, { reason: 'test' });
    const file = await g.mod.ok('GET', `/games/${g.id}/export`);
    expect(file.phases.map((p: any) => p.status)).toEqual(['adjudicated', 'adjudicated', 'final']);
    const before = await t.db.game.count();

    const refused = async (f: any, field: string | RegExp, seq?: number) => {
      const r = await archivist.req('POST', '/games/import', f);
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.headers['content-type']).toMatch(/problem\+json/);
      expect(r.body.errors[0].field).toMatch(field);
      if (seq !== undefined) {
        expect(r.body.phase.seq).toBe(seq);
        expect(r.body.detail).toContain(`phase ${seq} (${file.phases.find((p: any) => p.seq === seq).label})`);
      }
      return r.body;
    };
    // An order as written changed: it no longer reads as what was adjudicated.
    const orders = clone(file);
    orders.phases[1].orders[0].lines = ['B Kawaihae - Kona-Kailua', 'B Puna H'];
    await refused(orders, 'body.phases.1.orders.0.lines', file.phases[1].seq);
    // The orders and their reading changed together: the report (and the rest) no longer follows.
    const both = clone(file);
    both.phases[0].orders[0].lines = ['B Kona-Kailua H', 'B Puna H'];
    both.phases[0].orders[0].accepted = clone(file.phases[0].orders[1].accepted);
    both.phases[0].orders[0].accepted.orders = [
      { text: 'B Kona-Kailua H', reading: 'B Kona-Kailua H' },
      { text: 'B Puna H', reading: 'B Puna H' },
    ];
    const b = await refused(both, /^body\.phases\.0\.(orders\.0\.lines|report)/, file.phases[0].seq);
    expect(b.title).toBe('Unprocessable request');
    // A report rewritten; a position moved; the seed changed.
    const report = clone(file);
    report.phases[0].report.phases[0].orders[0].result = 'fails';
    await refused(report, /^body\.phases\.0\.report\.phases\.0\.orders\.0\.result$/, file.phases[0].seq);
    const state = clone(file);
    state.phases[1].state.units[0].location = 'hilo';
    await refused(state, /^body\.phases\.1\.state\.units/, file.phases[1].seq);
    const seed = clone(file);
    seed.game.seed = 'another seed';
    await refused(seed, 'body.game.seed');
    const outcome = clone(file);
    outcome.phases.pop();
    await refused(outcome, 'body.phases.1.status', file.phases[1].seq);
    expect(await t.db.game.count()).toBe(before);

    // How a line was read and who missed a phase are this judge's own, not the file's word.
    const shown = clone(file);
    shown.phases[0].orders[0].readings[0].reading = 'B Kona-Kailua - Hilo';
    shown.phases[0].missed = ['Sunset'];
    const kept = await archivist.ok('POST', '/games/import', shown, 201);
    const h = (await archivist.ok('GET', `/games/${kept.id}/history`)).phases[0];
    expect(h.orders[0].readings[0].reading).toBe(file.phases[0].orders[0].readings[0].reading);
    expect(h.missed).toEqual([]);

    // Foreign {person:} references are not looked up among this judge's accounts.
    const people = clone(file);
    const someone = await t.db.account.findUniqueOrThrow({ where: { email: g.sunset.email } });
    people.events.push({ kind: 'note', text: `Hello {person:${someone.id}}`, createdAt: new Date().toISOString() });
    const imp = await archivist.ok('POST', '/games/import', people, 201);
    const ev = (await archivist.ok('GET', `/games/${imp.id}/events`)).events;
    expect(ev.find((e: any) => e.kind === 'note').text).toBe('Hello someone');
    // Made public by its moderator, the archive shows a visitor no address, imported texts included.
    await archivist.ok('PUT', `/games/${imp.id}/public`, { public: true });
    const seen = await t.app.inject({ url: `/games/${imp.id}/events` });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toMatch(/@example\.org/);
    expect((await t.app.inject({ url: `/games/${imp.id}/export` })).body).not.toMatch(/@example\.org/);
  });

  it('limits: signed in, at most 1,000 phases and 8 MB, a game file, clear 4xx', async () => {
    const minimal = {
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
      phases: [],
      events: [],
    };
    const phase = {
      seq: 1,
      key: 'k',
      label: 'l',
      type: 'movement',
      year: 1,
      status: 'adjudicated',
      openedAt: '2026-01-01T00:00:00Z',
      deadlineAt: null,
      resolvedAt: null,
      expected: [],
      missed: [],
      state: {},
      report: null,
      orders: [],
    };
    expect(
      (await t.app.inject({ method: 'POST', url: '/games/import', payload: { ...minimal, phases: [phase] } }))
        .statusCode,
    ).toBe(401);
    const many = await archivist.req('POST', '/games/import', {
      ...minimal,
      phases: Array.from({ length: MAX_IMPORT_PHASES + 1 }, (_, i) => ({ ...phase, seq: i + 1 })),
    });
    expect(many.status).toBe(400);
    expect(many.body.errors.some((e: any) => e.field === 'body.phases' && /1000/.test(e.message))).toBe(true);
    const empty = await archivist.req('POST', '/games/import', minimal);
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('body.phases');
    const big = await t.app.inject({
      method: 'POST',
      url: '/games/import',
      headers: { authorization: `Bearer ${archivist.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...minimal, pad: 'x'.repeat(8 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      title: 'Content too large',
      detail: expect.stringContaining('at most 8192 kB'),
    });
    const notAFile = await archivist.req('POST', '/games/import', { hello: 'world' });
    expect(notAFile.status).toBe(400);
    expect(notAFile.body.errors.map((e: any) => e.field)).toContain('body.format');
    const wrongVariant = await archivist.req('POST', '/games/import', {
      ...minimal,
      game: { ...minimal.game, variant: 'chess' },
      phases: [phase],
    });
    expect(wrongVariant.status).toBe(400);
    expect(wrongVariant.body.errors[0].field).toBe('body.game.variant');
    // Garbage the engine cannot play is a 422 naming the phase, never a 500.
    const hash = crypto.createHash('sha256').update('x').digest('hex');
    const garbage = await archivist.req('POST', '/games/import', {
      ...minimal,
      game: { ...minimal.game, seedHash: hash },
      phases: [
        { ...phase, state: { units: 'none' } },
        { ...phase, seq: 2, status: 'final' },
      ],
    });
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors[0].field).toMatch(/^body\.phases\.0\.state/);
  });
});

describe('imports a day', () => {
  it('at most IMPORTS_PER_DAY by one account, then 429 and nothing imported', async () => {
    const busy = await signUp(t, 'busy-importer@example.org');
    const id = (await t.db.account.findUniqueOrThrow({ where: { email: busy.email } })).id;
    // Test setup: the account's archives of the last day, as its imports would have left them.
    for (let i = 0; i < IMPORTS_PER_DAY; i++) {
      const g = await t.db.game.create({
        data: {
          name: `Archive ${i}`,
          variant: 'heiau',
          scenario: 'race',
          status: 'finished',
          moderatorId: id,
          deadlines: {},
          seed: 's',
          seedHash: 'h',
          createdAt: t.clock.now(),
        },
      });
      await t.db.gameEvent.create({
        data: { gameId: g.id, kind: 'imported', actorId: id, text: 'imported', createdAt: t.clock.now() },
      });
    }
    const before = await t.db.game.count();
    const r = await busy.req('POST', '/games/import', {
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
    });
    expect(r.status).toBe(429);
    expect(r.body.detail).toMatch(/at most 20 a day/);
    expect(await t.db.game.count()).toBe(before);
    // A day later the account may import again (the file is then judged: here refused for its seed).
    t.clock.advance(24 * 3600_000 + 1000);
    expect(
      (
        await busy.req('POST', '/games/import', {
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
        })
      ).status,
    ).toBe(422);
  });
});

describe('a file of 1,000 phases', () => {
  it('is imported whole, replayed in seconds', async () => {
    // A Standard game where every power holds, built with the engine as a judge would have played
    // it: 999 phases played, then the final position, ended by the moderator.
    const seed = 'kahu-transfer-long';
    let state: any = standardDiplomacy.setup(seed, 'classic');
    const phases: any[] = [];
    for (let seq = 1; seq <= MAX_IMPORT_PHASES; seq++) {
      const info = standardDiplomacy.phase(state);
      const last = seq === MAX_IMPORT_PHASES;
      const r = last ? null : standardDiplomacy.resolve(state, {});
      phases.push({
        seq,
        key: info.key,
        label: info.label,
        type: info.type,
        year: info.year ?? null,
        status: last ? 'final' : 'adjudicated',
        openedAt: '2026-01-01T00:00:00Z',
        deadlineAt: null,
        resolvedAt: null,
        expected: last ? [] : standardDiplomacy.expectedRoles(state),
        missed: [],
        state: clone(state),
        report: r ? clone(r.report) : null,
        orders: [],
      });
      if (r) state = r.state;
    }
    const file = {
      format: 'kahu-game',
      version: 1,
      source: 'https://judge.example.org/games/long',
      game: {
        name: 'Long',
        variant: 'standard',
        scenario: 'classic',
        status: 'finished',
        outcome: { kind: 'ended', winners: [], text: 'ended by the moderator' },
        seedHash: crypto.createHash('sha256').update(seed).digest('hex'),
        seed,
      },
      phases,
    };
    const body = JSON.stringify(file);
    expect(body.length).toBeLessThan(8 * 1024 * 1024);
    const started = performance.now();
    const r = await t.app.inject({
      method: 'POST',
      url: '/games/import',
      headers: { authorization: `Bearer ${archivist.token}`, 'content-type': 'application/json' },
      payload: body,
    });
    const ms = performance.now() - started;
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ phases: MAX_IMPORT_PHASES });
    console.log(
      `import of ${MAX_IMPORT_PHASES} Standard phases (${(body.length / 1e6).toFixed(1)} MB): ${Math.round(ms)} ms`,
    );
    expect(await t.db.phase.count({ where: { gameId: r.json().id } })).toBe(MAX_IMPORT_PHASES);
  }, 120_000);
});

describe('a game taken over from another judge', () => {
  // Test data: a Heiau race game left on another judge in Fall 1, Sunrise one heiau short of nine.
  const position = {
    phase: { season: 'fall', year: 1, type: 'movement' },
    units: [
      { power: 'Sunrise', type: 'B', location: 'konk' },
      { power: 'Sunrise', type: 'B', location: 'Puna' },
      { power: 'Sunrise', type: 'B', location: 'koha' },
      { power: 'sunset', type: 'B', location: 'aiea' },
      { power: 'Sunset', type: 'B', location: 'kila' },
    ],
    supplyCenters: {
      konk: 'Sunrise',
      puna: 'Sunrise',
      hamk: 'Sunrise',
      waip: 'Sunrise',
      hana: 'Sunrise',
      laha: 'Sunrise',
      lana: 'Sunrise',
      niih: 'Sunrise',
      aiea: 'Sunset',
      kila: 'Sunset',
    },
  };

  it('starts from the position (event and mail say so), plays its phase to the end, replays and moves on', async () => {
    const g = await heiauGame('takeover');
    // Only the moderator, and a position the map allows, naming the field at fault.
    expect((await g.sunrise.req('POST', `/games/${g.id}/start-from-position`, { position })).status).toBe(403);
    const bad = await g.mod.req('POST', `/games/${g.id}/start-from-position`, {
      position: {
        ...position,
        units: [{ power: 'Sunrise', type: 'B', location: 'Atlantis' }, ...position.units.slice(1)],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'body.position.units.0.location' });
    const twice = await g.mod.req('POST', `/games/${g.id}/start-from-position`, {
      position: { ...position, units: [...position.units, { power: 'Sunset', type: 'B', location: 'kila' }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({
      field: 'body.position.units.5.location',
      message: expect.stringMatching(/one unit a province/),
    });
    const season = await g.mod.req('POST', `/games/${g.id}/start-from-position`, {
      position: { ...position, phase: { season: 'fall', year: 1, type: 'adjustment' } },
    });
    expect(season.status).toBe(400);
    expect((await t.db.game.findUniqueOrThrow({ where: { id: g.id } })).status).toBe('forming');

    const view = await g.mod.ok('POST', `/games/${g.id}/start-from-position`, { position });
    expect(view).toMatchObject({ status: 'active', phase: { label: 'Fall 1 Movement' } });
    expect(view.view.units).toHaveLength(5);
    const ev = (await g.mod.ok('GET', `/games/${g.id}/events`)).events.find((e: any) => e.kind === 'started');
    expect(ev.text).toMatch(
      /^The game started from a given position \(Fall 1 Movement\), taken over from another judge\./,
    );
    for (const who of [g.mod, g.sunrise, g.sunset]) {
      const mail = (await mailFor(t.db, who.email, 'start')).at(-1)!;
      expect(mail.body).toContain(
        'The game started from a given position (Fall 1 Movement), taken over from another judge.',
      );
      expect(mail.body).toContain('Position for Fall 1 Movement');
    }

    // The phase is played: Sunrise takes its ninth heiau and wins, as the engine judges.
    await g.sunrise.ok('PUT', `/games/${g.id}/orders`, {
      text: 'B Kohala - Kawaihae\nB Kona-Kailua H\nB Puna H',
      ready: true,
    });
    await g.sunset.ok('PUT', `/games/${g.id}/orders`, { text: 'B Aiea H\nB Kilauea H', ready: true });
    await g.mod.ok('POST', `/games/${g.id}/process`);
    const over = await g.mod.ok('GET', `/games/${g.id}`);
    expect(over).toMatchObject({ status: 'finished', outcome: { kind: 'victory', winners: ['Sunrise'] } });
    // The replay starts from the position, not the set-up.
    expect(await g.sunset.ok('GET', `/games/${g.id}/replay`)).toEqual({ ok: true, phases: 2, mismatches: [] });

    const file = await g.sunset.ok('GET', `/games/${g.id}/export`);
    expect(file.start.position).toEqual(position);
    const imported = await archivist.ok('POST', '/games/import', file, 201);
    expect(await archivist.ok('GET', `/games/${imported.id}/replay`)).toEqual({ ok: true, phases: 2, mismatches: [] });
    expect((await archivist.ok('GET', `/games/${imported.id}/export`)).start.position).toEqual(position);
    // Without its starting position the file does not replay.
    const lost = clone(file);
    lost.start = null;
    const r = await archivist.req('POST', '/games/import', lost);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].field).toMatch(/^body\.phases\.0\.state/);
  });

  it('is refused for a game whose engine has no position format (Hawaii 1795)', async () => {
    const mod = await signUp(t, 'nopos-mod@example.org');
    const game = await mod.ok('POST', '/games', { name: 'No position', variant: 'hawaii1795', scenario: 'short' }, 201);
    for (const e of ['nopos-1@example.org', 'nopos-2@example.org']) {
      const p = await signUp(t, e);
      await mod.ok('POST', `/games/${game.id}/invitations`, { email: e }, 201);
      await p.ok('POST', `/games/${game.id}/join`);
    }
    const r = await mod.req('POST', `/games/${game.id}/start-from-position`, { position });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'body.position', message: 'not supported by this game' });
    expect((await t.db.game.findUniqueOrThrow({ where: { id: game.id } })).status).toBe('forming');
  });
});

/** A Hawaii 1795 short game played through the judge to its end (`legacy`: begun on the old stream). */
async function playHawaii(tag: string, seed: string, legacy: boolean): Promise<{ gameId: string; p1: Client }> {
  const mod = await signUp(t, `${tag}-mod@example.org`);
  const p1 = await signUp(t, `${tag}-1@example.org`);
  const p2 = await signUp(t, `${tag}-2@example.org`);
  const created = await mod.ok(
    'POST',
    '/games',
    { name: 'Hawaii 1795', variant: 'hawaii1795', scenario: 'short', deadlines: { reminderMinutes: 0 } },
    201,
  );
  const gameId = created.id;
  // Test setup before the start: a seed of the test's choosing, so every run plays the same game.
  await t.db.game.update({
    where: { id: gameId },
    data: { seed, seedHash: crypto.createHash('sha256').update(seed).digest('hex') },
  });
  for (const p of [p1, p2]) await mod.ok('POST', `/games/${gameId}/invitations`, { email: p.email }, 201);
  for (const p of [p1, p2]) await p.ok('POST', `/games/${gameId}/join`);
  const started = await mod.ok('POST', `/games/${gameId}/start`);
  if (legacy) {
    // As test/service/legacy-stream.test.ts: the state the engine made before the published stream.
    const first = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    await t.db.phase.update({
      where: { id: first.id },
      data: { state: clone(withLegacyStreams(() => hawaii1795.setup(seed, 'short', {}))) as any },
    });
  }
  const byRole: Record<string, Client> = {};
  for (const pl of started.players) byRole[pl.role] = pl.email === p1.email ? p1 : p2;
  for (let n = 0; n < 40; n++) {
    const open = await t.db.phase.findFirst({ where: { gameId, status: 'open' } });
    if (!open) break;
    const state = open.state as unknown as Hawaii1795State;
    const lines =
      n % 3 === 2
        ? []
        : legacy
          ? withLegacyStreams(() => hawaiiTurn(state, state.side, n))
          : hawaiiTurn(state, state.side, n);
    if (lines.length) await byRole[state.side]!.ok('PUT', `/games/${gameId}/orders`, { text: lines.join('\n') });
    if (n === 0) {
      const other = Object.keys(byRole).find((r) => r !== state.side)!;
      await byRole[other]!.ok('PUT', `/games/${gameId}/orders`, { text: 'STANDING WARFLEET NEVER' });
    }
    await mod.ok('POST', `/games/${gameId}/process`);
  }
  expect((await mod.ok('GET', `/games/${gameId}`)).status).toBe('finished');
  return { gameId, p1 };
}

describe('Hawaii 1795', () => {
  it('the short scenario played to its end round-trips: every state replays in jsonb key order', async () => {
    const SEED = 'kahu-hawaii1795-e2e-9';
    const { gameId, p1 } = await playHawaii('h', SEED, false);
    const file = await p1.ok('GET', `/games/${gameId}/export`);
    expect(file.phases.length).toBeGreaterThan(3);
    expect(file.game.seed).toBe(SEED);
    // A file re-serialized elsewhere (keys in another order) replays the same.
    const reordered = clone(file);
    const reverse = (x: any): any =>
      Array.isArray(x)
        ? x.map(reverse)
        : x && typeof x === 'object'
          ? Object.fromEntries(
              Object.entries(x)
                .reverse()
                .map(([k, v]) => [k, reverse(v)]),
            )
          : x;
    for (const p of reordered.phases) p.state = reverse(p.state);
    const imported = await archivist.ok('POST', '/games/import', reordered, 201);
    expect(imported.phases).toBe(file.phases.length);
    expect(await archivist.ok('GET', `/games/${imported.id}/replay`)).toEqual({
      ok: true,
      phases: file.phases.length,
      mismatches: [],
    });
    const again = await archivist.ok('GET', `/games/${imported.id}/export`);
    expect(again.phases.map((p: any) => p.report)).toEqual(file.phases.map((p: any) => p.report));
  }, 120_000);

  it('a game begun on the old stream (32-bit words in its state) round-trips too', async () => {
    const { gameId, p1 } = await playHawaii('hl', 'kahu-legacy-stream', true);
    expect(await p1.ok('GET', `/games/${gameId}/replay`)).toMatchObject({ ok: true });
    const file = await p1.ok('GET', `/games/${gameId}/export`);
    expect(Math.max(...file.phases[0].state.rng)).toBeGreaterThan(2 ** 31);
    const imported = await archivist.ok('POST', '/games/import', file, 201);
    expect(await archivist.ok('GET', `/games/${imported.id}/replay`)).toEqual({
      ok: true,
      phases: file.phases.length,
      mismatches: [],
    });
  }, 120_000);
});
