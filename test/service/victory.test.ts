// A Heiau game won through the service: nine heiaus at the end of a Fall turn. The engine judges
// the victory; the service announces it (event, game-over mail to everyone with the seed), finishes
// the game and opens no further phase. The near-victory position is test setup: the open Fall
// phase's state is written in the database before any order for it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heiauDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';
import { sweep } from '../../src/service/sweep.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('Heiau victory', () => {
  it('ends the game when a power holds nine heiaus at the end of Fall', async () => {
    const mod = await signUp(t, 'kahuna@example.org');
    const a = await signUp(t, 'alii@example.org');
    const b = await signUp(t, 'makoa@example.org');
    const game = await mod.ok(
      'POST',
      '/games',
      { name: 'Nine', variant: 'heiau', scenario: 'race', deadlines: { reminderMinutes: 0 } },
      201,
    );
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: a.email, role: 'Sunrise' }, 201);
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: b.email, role: 'Sunset' }, 201);
    for (const p of [a, b]) await p.ok('POST', `/games/${game.id}/join`);
    const started = await mod.ok('POST', `/games/${game.id}/start`);
    const sunrise: Client = a;
    const sunset: Client = b;

    // Spring 1: everyone holds.
    await sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua H\nB Puna H', ready: true });
    await sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Aiea H\nB Kilauea H', ready: true });
    expect((await sweep(t.ctx)).processed).toBe(1);
    const fall = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    expect(fall.label).toBe('Fall 1 Movement');

    // Test setup: Sunrise already holds eight heiaus and has a bunch at Humuula, next to the
    // unowned Kawaihae heiau. Sunset holds Aiea and Kilauea.
    const state = fall.state as unknown as DiplomacyState;
    const near: DiplomacyState = {
      ...state,
      units: [
        { power: 'Sunrise', type: 'B', location: 'konk' },
        { power: 'Sunrise', type: 'B', location: 'puna' },
        { power: 'Sunrise', type: 'B', location: 'humu' },
        { power: 'Sunset', type: 'B', location: 'aiea' },
        { power: 'Sunset', type: 'B', location: 'kila' },
      ] as DiplomacyState['units'],
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
    await t.db.phase.update({ where: { id: fall.id }, data: { state: near as any } });
    const before = await mod.ok('GET', `/games/${game.id}`);
    expect(before.status).toBe('active');
    expect(before.seed).toBeNull();
    expect(before.outcome).toBeNull();

    // Fall 1: Sunrise takes the ninth heiau; the deadline passes.
    const r = await sunrise.ok('PUT', `/games/${game.id}/orders`, {
      text: 'B Humuula - Kawaihae\nB Kona-Kailua H\nB Puna H',
    });
    expect(r.accepted).toBe(3);
    await sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Aiea H\nB Kilauea H' });
    t.clock.set(fall.deadlineAt!);
    expect((await sweep(t.ctx)).processed).toBe(1);

    // The engine's judgement, from the stored phase and the orders as submitted.
    const done = await t.db.phase.findUniqueOrThrow({ where: { id: fall.id } });
    expect(done.status).toBe('adjudicated');
    const final = await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, seq: done.seq + 1 } });
    const outcome = heiauDiplomacy.outcome(final.state as any)!;
    expect(outcome).toEqual({
      kind: 'victory',
      winners: ['Sunrise'],
      text: 'Sunrise controls 9 heiaus at the end of Fall 1 and wins.',
    });
    expect(final).toMatchObject({ status: 'final', expected: [], deadlineAt: null });
    expect(await t.db.phase.count({ where: { gameId: game.id } })).toBe(done.seq + 1);
    expect(await t.db.phase.count({ where: { gameId: game.id, status: 'open' } })).toBe(0);

    // Announced: the game is finished, its outcome and seed public.
    for (const reader of [sunrise, sunset, mod]) {
      const v = await reader.ok('GET', `/games/${game.id}`);
      expect(v).toMatchObject({ status: 'finished', outcome, phase: null });
      expect(crypto.createHash('sha256').update(v.seed).digest('hex')).toBe(started.seedHash);
      expect(v.position).toContain('Sunrise');
    }
    const seed = (await t.db.game.findUniqueOrThrow({ where: { id: game.id } })).seed;
    const events = (await sunset.ok('GET', `/games/${game.id}/events`)).events;
    expect(events.slice(-2).map((e: any) => e.kind)).toEqual(['adjudicated', 'finished']);
    expect(events.at(-1).text).toBe(`The game is over: ${outcome.text}. The seed is now public: ${seed}`);

    // Everyone gets the results (no next phase) and the game-over mail with the seed.
    for (const reader of [sunrise, sunset, mod]) {
      const results = (await mailFor(t.db, reader.email, 'results')).at(-1)!;
      expect(results.body).toMatch(/^:: Phase: \S+ Fall 1 Movement$/m);
      expect(results.body).toMatch(/^:: Next: none \(the game is over\)$/m);
      expect(results.body).toContain(outcome.text);
      const over = await mailFor(t.db, reader.email, 'game-over');
      expect(over).toHaveLength(1);
      expect(over[0]!.subject).toBe(`Nine is over: ${outcome.text}`);
      expect(over[0]!.body).toMatch(/^:: Result: victory Sunrise$/m);
      expect(over[0]!.body).toMatch(new RegExp(`^:: Seed: ${seed}$`, 'm'));
      expect(over[0]!.body).toContain(`:: Seed-Hash: ${started.seedHash}`);
    }

    // Nothing more happens: no orders, no adjudication, no Winter.
    const late = await sunset.req('PUT', `/games/${game.id}/orders`, { text: 'B Aiea H' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/over/);
    t.clock.advanceMinutes(60 * 24 * 30);
    expect(await sweep(t.ctx)).toEqual({ processed: 0, reminders: 0 });
    const hist = (await sunset.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hist.map((p: any) => [p.label, p.status])).toEqual([
      ['Spring 1 Movement', 'adjudicated'],
      ['Fall 1 Movement', 'adjudicated'],
      ['Winter 1 Adjustments', 'final'],
    ]);
    expect(hist[2].centres).toEqual({ Sunrise: 9, Sunset: 2 });

    // The replay notices the written position (it never arose from play) and nothing else.
    const rep = await sunset.ok('GET', `/games/${game.id}/replay`);
    expect(rep).toEqual({
      ok: false,
      phases: 3,
      mismatches: [{ seq: fall.seq, key: fall.key, what: 'state at the start of the phase differs' }],
    });
  });
});
