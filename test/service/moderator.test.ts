// Moderator actions, missed-order policies, pause/resume, rollback, replacement, the end of a
// game with the seed revealed, and replay after all of it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processPhase } from '../../src/service/phases.ts';
import { sweep } from '../../src/service/sweep.ts';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
let mod: Client, a: Client, b: Client, c: Client;
beforeAll(async () => {
  t = await startTestService();
  mod = await signUp(t, 'mod@example.org');
  a = await signUp(t, 'a@example.org');
  b = await signUp(t, 'b@example.org');
  c = await signUp(t, 'c@example.org', { timeZone: 'Asia/Tokyo' });
});
afterAll(async () => {
  await t?.close();
});

const race = (extra: Record<string, unknown> = {}) => ({
  name: 'Mod test',
  variant: 'heiau',
  scenario: 'race',
  deadlines: { lengths: { movement: 60, retreat: 30, adjustment: 30 }, reminderMinutes: 0 },
  ...extra,
});

describe('moderator', () => {
  it('sets and extends deadlines; bad input changes nothing; players see the event', async () => {
    const { game } = await startedGame(t, mod, [a, b], race());
    const before = game.phase.deadlineAt;
    const both = await mod.req('PUT', `/games/${game.id}/deadline`, { at: '2030-01-01T00:00:00Z', extendMinutes: 5 });
    expect(both.status).toBe(400);
    const badTime = await mod.req('PUT', `/games/${game.id}/deadline`, { at: 'tomorrow' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors[0].field).toBe('body.at');
    expect((await a.ok('GET', `/games/${game.id}`)).phase.deadlineAt).toBe(before);
    const notMod = await a.req('PUT', `/games/${game.id}/deadline`, { extendMinutes: 5 });
    expect(notMod.status).toBe(403);

    const ext = await mod.ok('PUT', `/games/${game.id}/deadline`, { extendMinutes: 30 });
    expect(new Date(ext.phase.deadlineAt).getTime() - new Date(before).getTime()).toBe(30 * 60_000);
    const set = await mod.ok('PUT', `/games/${game.id}/deadline`, { at: '2025-03-04T12:00:00+02:00' });
    expect(set.phase.deadlineAt).toBe('2025-03-04T10:00:00.000Z');
    const ev = (await a.ok('GET', `/games/${game.id}/events`)).events.map((e: any) => e.kind);
    expect(ev).toEqual(expect.arrayContaining(['created', 'started', 'deadline']));
    const dm = (await mailFor(t.db, a.email, 'event:deadline')).at(-1)!;
    expect(dm.body).toContain('New deadline: Tue 4 Mar 2025 10:00 UTC');
  });

  it('pause holds the game; resume moves the deadline by the paused time; process now adjudicates at once', async () => {
    const { game } = await startedGame(t, mod, [a, b], race());
    const deadline = new Date(game.phase.deadlineAt).getTime();
    await mod.ok('POST', `/games/${game.id}/pause`, { reason: 'holiday' });
    t.clock.advanceMinutes(90); // past the deadline while paused
    await sweep(t.ctx);
    expect((await a.ok('GET', `/games/${game.id}`)).phase.label).toBe('Spring 1 Movement');
    const resumed = await mod.ok('POST', `/games/${game.id}/resume`);
    expect(new Date(resumed.phase.deadlineAt).getTime()).toBe(deadline + 90 * 60_000);
    expect(resumed.status).toBe('active');
    const processed = await mod.ok('POST', `/games/${game.id}/process`);
    expect(processed.phase.label).toBe('Fall 1 Movement');
    const hist = (await b.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hist[0].missed.sort()).toEqual(['Sunrise', 'Sunset']);
    expect(processed.players.every((p: any) => p.missedPhases === 1)).toBe(true);
    const kinds = (await b.ok('GET', `/games/${game.id}/events`)).events.map((e: any) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['paused', 'resumed', 'process-now', 'adjudicated']));
  });

  it('rolls back to an earlier phase, keeping history, and the game still replays', async () => {
    const { game, byRole } = await startedGame(t, mod, [a, b], race());
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua - Kawaihae' });
    await mod.ok('POST', `/games/${game.id}/process`);
    await mod.ok('POST', `/games/${game.id}/process`);
    const g = await mod.ok('GET', `/games/${game.id}`);
    expect(g.phase.label).toBe('Winter 1 Adjustments');
    const bad = await mod.req('POST', `/games/${game.id}/rollback`, { seq: 99 });
    expect(bad.status).toBe(400);
    const rolled = await mod.ok('POST', `/games/${game.id}/rollback`, { seq: 1 });
    expect(rolled.phase).toMatchObject({ label: 'Spring 1 Movement', seq: 4 });
    const hist = (await a.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hist.map((p: any) => p.seq)).toEqual([4]);
    const all = await t.db.phase.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    expect(all.map((p) => p.status)).toEqual(['rolled_back', 'rolled_back', 'rolled_back', 'open']);
    // Play on differently, then replay everything from the seed.
    await byRole.Sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kilauea - Wailua' });
    await mod.ok('POST', `/games/${game.id}/process`);
    expect((await mod.ok('GET', `/games/${game.id}/replay`)).ok).toBe(true);
    expect((await a.req('GET', `/games/${game.id}/replay`)).status).toBe(403); // needs the seed
  });

  it('replaces a player (history kept, new player told) and removes one (civil disorder)', async () => {
    const { game, byRole } = await startedGame(t, mod, [a, b], race());
    const old = byRole.Sunrise;
    await old.ok('PUT', `/games/${game.id}/orders`, { text: 'B Puna H' });
    const seat = (await mod.ok('GET', `/games/${game.id}`)).players.find((p: any) => p.role === 'Sunrise');
    const replaced = await mod.ok('POST', `/games/${game.id}/players/${seat.id}/replace`, { email: c.email });
    expect(replaced.players.find((p: any) => p.email === c.email)).toMatchObject({
      role: 'Sunrise',
      status: 'playing',
    });
    expect(replaced.players.find((p: any) => p.email === old.email)).toMatchObject({
      role: 'Sunrise',
      status: 'replaced',
    });
    const told = await mailFor(t.db, c.email, 'replacement');
    expect(told).toHaveLength(1);
    expect(told[0].body).toMatch(/You take over Sunrise/);
    expect(told[0].body, told[0].body).toMatch(/\d\d:\d\d GMT\+9 \(Asia\/Tokyo; .* UTC\)/);
    expect((await old.req('PUT', `/games/${game.id}/orders`, { text: 'B Puna H' })).status).toBe(403);
    // The new player starts without the old player's sealed orders (issue 16: they no longer count).
    expect((await c.ok('GET', `/games/${game.id}/orders`)).lines).toHaveLength(0);
    await c.ok('PUT', `/games/${game.id}/orders`, { text: 'B Puna - Hilo' });
    const sunsetSeat = replaced.players.find((p: any) => p.role === 'Sunset');
    const removed = await mod.ok('DELETE', `/games/${game.id}/players/${sunsetSeat.id}`);
    expect(removed.players.find((p: any) => p.id === sunsetSeat.id).status).toBe('removed');
    // With Sunset unplayed, Sunrise alone being ready is enough for early processing.
    await c.ok('PUT', `/games/${game.id}/ready`, { ready: true });
    t.clock.advance(1000);
    expect((await sweep(t.ctx)).processed).toBe(1);
    const hist = (await c.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hist[0].missed).toEqual(['Sunset']);
    expect(hist[0].orders.find((o: any) => o.role === 'Sunrise').lines).toEqual(['B Puna - Hilo']);
    // Every submission is kept, including the replaced player's.
    expect(await t.db.submission.count({ where: { phase: { gameId: game.id } } })).toBe(2);
  });

  it('wait policy: the deadline passes with orders missing, the game waits through grace, late players are told', async () => {
    const { game, byRole } = await startedGame(
      t,
      mod,
      [a, b],
      race({ nmrPolicy: 'wait', deadlines: { lengths: { movement: 60 }, graceMinutes: 30, reminderMinutes: 0 } }),
    );
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Puna H' });
    t.clock.advanceMinutes(61);
    const phaseId = (await t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } })).id;
    expect((await processPhase(t.ctx, phaseId)).status).toBe('grace');
    expect((await mailFor(t.db, byRole.Sunset.email, 'late'))[0].subject).toMatch(/your orders are late/);
    expect((await mailFor(t.db, byRole.Sunrise.email, 'late'))[0].subject).toMatch(/waiting for late orders/);
    await sweep(t.ctx);
    expect((await a.ok('GET', `/games/${game.id}`)).phase).toMatchObject({
      label: 'Spring 1 Movement',
      graceUntil: new Date(t.clock.now().getTime() + 29 * 60_000).toISOString(),
    });
    t.clock.advanceMinutes(30);
    await sweep(t.ctx);
    const hist = (await a.ok('GET', `/games/${game.id}/history`)).phases;
    expect(hist[0].status).toBe('adjudicated');
    expect(hist[0].missed).toEqual(['Sunset']);
  });

  it('declares a draw: the game ends, the seed is revealed and matches the hash, anyone may replay', async () => {
    const { game } = await startedGame(t, mod, [a, b], { ...race(), public: true });
    const observer = c;
    expect((await observer.ok('GET', `/games/${game.id}`)).seed).toBeNull();
    const ended = await mod.ok('POST', `/games/${game.id}/draw`, { reason: 'agreed' });
    expect(ended.status).toBe('finished');
    expect(ended.outcome).toMatchObject({ kind: 'draw', winners: ['Sunrise', 'Sunset'] });
    expect(crypto.createHash('sha256').update(ended.seed).digest('hex')).toBe(game.seedHash);
    const over = await mailFor(t.db, a.email, 'game-over');
    expect(over.at(-1)!.body).toContain(`:: Seed: ${ended.seed}`);
    expect((await observer.ok('GET', `/games/${game.id}/replay`)).ok).toBe(true);
    const again = await mod.req('POST', `/games/${game.id}/end`);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect((await a.req('PUT', `/games/${game.id}/orders`, { text: 'B Puna H' })).status).toBe(409);
  });
});
