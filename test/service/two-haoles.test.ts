// Heiau's Two Haoles through the service: "Random assignment of powers occurs immediately after
// submission of ballots ... If ballots for the setup are evenly divided, the kamaainas decide among
// themselves which setup to use. ... the European powers do not know the Hawaiians' positions or see
// the ballots until after the first Spring orders are submitted." (rulebook, HEIAU FOR SIX)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPowers } from '../../src/service/rng.ts';
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

const POWERS = ['Dawn', 'Morning', 'Afternoon', 'Dusk', 'North', 'South'];
const NATIVES = ['Dawn', 'Morning', 'Afternoon', 'Dusk'];
const VOTERS = ['Voter 1', 'Voter 2', 'Voter 3', 'Voter 4', 'Voter 5', 'Voter 6'];

/** A started Two Haoles game; `bySeat` is who holds each seat (voters until the deal). */
async function twoHaoles(tag: string) {
  const mod = await signUp(t, `${tag}-mod@example.org`);
  const players: Client[] = [];
  for (let n = 1; n <= 6; n++) players.push(await signUp(t, `${tag}-${n}@example.org`));
  const created = await mod.ok(
    'POST',
    '/games',
    { name: `Two Haoles ${tag}`, variant: 'heiau', scenario: 'two-haoles', deadlines: { reminderMinutes: 0 } },
    201,
  );
  for (const p of players) await mod.ok('POST', `/games/${created.id}/invitations`, { email: p.email }, 201);
  for (const p of players) await p.ok('POST', `/games/${created.id}/join`);
  const started = await mod.ok('POST', `/games/${created.id}/start`);
  return { mod, players, gameId: created.id as string, started, bySeat: await seating(mod, created.id, players) };
}

async function seating(mod: Client, gameId: string, players: Client[]): Promise<Record<string, Client>> {
  const g = await mod.ok('GET', `/games/${gameId}`);
  return Object.fromEntries(g.players.map((p: any) => [p.role, players.find((c) => c.email === p.email)!]));
}

async function vote(gameId: string, bySeat: Record<string, Client>, votes: Record<string, string>) {
  for (const [seat, v] of Object.entries(votes))
    await bySeat[seat].ok('PUT', `/games/${gameId}/orders`, { text: v, ready: true });
}

/** Everything a reader can GET about the game, every phase included. */
async function readAll(c: Client, gameId: string): Promise<string> {
  const spec = (await t.app.inject({ url: '/docs/json' })).json();
  const gets = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
    .filter(([path, ms]) => 'get' in ms && path.includes('{gameId}'))
    .map(([path]) => path);
  const phases = (await c.ok('GET', `/games/${gameId}/history`)).phases.map((p: any) => p.seq);
  const out: string[] = [];
  for (const path of gets)
    for (const seq of path.includes('{seq}') ? phases : [0]) {
      const url = path
        .replace('{gameId}', gameId)
        .replace('{seq}', String(seq))
        .replace(/\{[a-zA-Z]+\}/g, '00000000-0000-4000-8000-000000000000');
      const r = await c.req('GET', url);
      out.push(`${url} ${r.status} ${typeof r.body === 'string' ? r.body : JSON.stringify(r.body)}`);
    }
  return out.join('\n');
}

/** What tells the ballots or the tie vote: counts, per-power votes, the setup chosen, the tie. */
const BALLOT_SECRETS = [
  /(Heart|Wings) \d/,
  /start as in/,
  /kamaainas' decision:/,
  /evenly divided/,
  /remain divided/,
  /"tied"/,
  /"winner"/,
  /\b(Dawn|Morning|Afternoon|Dusk) (Heart|Wings)\b/,
];

describe('Two Haoles: ballots first, then the deal', () => {
  it('seats the players as voters and deals the powers only when the ballot is resolved', async () => {
    const { mod, players, gameId, started, bySeat } = await twoHaoles('deal');
    // Before the ballot nobody has a power: the players hold the voters' seats.
    expect(started.powers).toEqual(POWERS);
    expect(started.players.map((p: any) => p.role).sort()).toEqual(VOTERS);
    expect(started.phase).toMatchObject({ type: 'ballot', label: 'Ballot for the natives’ setup' });
    expect(started.phase.readiness.filter((r: any) => r.expected).map((r: any) => r.role)).toEqual(VOTERS);
    const me = await bySeat['Voter 1'].ok('GET', `/games/${gameId}`);
    expect(me.you).toEqual({ kind: 'player', role: 'Voter 1' });
    const start = (await mailFor(t.db, bySeat['Voter 1'].email, 'start'))[0];
    expect(start.subject).toMatch(/you play Voter 1$/);
    expect(start.body).toMatch(/Seats \(the powers are dealt after the ballots\):\n {2}Voter 1: /);
    const { events } = await mod.ok('GET', `/games/${gameId}/events`);
    expect(events.find((e: any) => e.kind === 'started').text).toMatch(/powers are dealt after the ballots/);

    await vote(gameId, bySeat, {
      'Voter 1': 'Heart',
      'Voter 2': 'Heart',
      'Voter 3': 'Heart',
      'Voter 4': 'Heart',
      'Voter 5': 'Wings',
      'Voter 6': 'Wings',
    });
    t.clock.advance(1000);
    await sweep(t.ctx);

    // The deal: every player now plays a power, drawn from the game's seed in seat order.
    const g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.phase.label).toBe('Spring 1 Movement');
    expect(g.players.map((p: any) => p.role).sort()).toEqual([...POWERS].sort());
    const { seed } = await t.db.game.findUniqueOrThrow({ where: { id: gameId } });
    const seats = VOTERS.map((v) => g.players.find((p: any) => p.email === bySeat[v].email));
    const drawn = drawPowers(
      seed,
      POWERS,
      seats.map((p: any) => ({ id: p.id, wantedRole: null })),
    );
    for (const p of seats) expect(p.role).toBe(drawn.get(p.id));
    expect((await mod.ok('GET', `/games/${gameId}/events`)).events.find((e: any) => e.kind === 'dealt').text).toMatch(
      /^The powers were dealt after the ballots: Dawn /,
    );
    // Each player is told their power, and sees what that power may see.
    for (const c of players) {
      const role = g.players.find((p: any) => p.email === c.email).role;
      const results = await mailFor(t.db, c.email, 'results');
      expect(results[0].subject).toMatch(new RegExp(`you play ${role} — next: Spring 1 Movement`));
      expect(results[0].body).toMatch(new RegExp(`You play ${role}\\.`));
      const v = await c.ok('GET', `/games/${gameId}`);
      expect(v.you).toEqual({ kind: 'player', role });
      const units = v.view.units.map((u: any) => u.power);
      if (NATIVES.includes(role)) expect(units).toContain('Dawn');
      else expect(units.sort()).toEqual(['North', 'South']);
    }
    const dawn = g.view.units.find((u: any) => u.power === 'Dawn');
    expect(dawn.location).toBe('koho'); // Heart won 4-2
    // The ballot cannot be played again once dealt; the replay agrees with what was stored.
    expect((await mod.req('POST', `/games/${gameId}/rollback`, { seq: 1 })).status).toBe(409);
    expect((await mod.ok('GET', `/games/${gameId}/replay`)).ok).toBe(true);
  });
});

describe('Two Haoles: an evenly divided ballot', () => {
  it('opens the kamaainas’ decision, among the native powers only, and their majority sets the setup', async () => {
    const { mod, players, gameId, bySeat } = await twoHaoles('tie');
    await vote(gameId, bySeat, {
      'Voter 1': 'Heart',
      'Voter 2': 'Wings',
      'Voter 3': 'Heart',
      'Voter 4': 'Wings',
      'Voter 5': 'Heart',
      'Voter 6': 'Wings',
    });
    await mod.ok('POST', `/games/${gameId}/process`);
    const g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.phase).toMatchObject({ type: 'ballot', label: 'Kamaainas’ decision on the setup' });
    expect(g.phase.deadlineAt).not.toBeNull();
    expect(
      g.phase.readiness
        .filter((r: any) => r.expected)
        .map((r: any) => r.role)
        .sort(),
    ).toEqual([...NATIVES].sort());
    const byPower = await seating(mod, gameId, players);
    const refused = await byPower.North.req('PUT', `/games/${gameId}/orders`, { text: 'Heart' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/native powers only/);
    for (const [p, v] of [
      ['Dawn', 'Wings'],
      ['Morning', 'Wings'],
      ['Afternoon', 'Wings'],
      ['Dusk', 'Heart'],
    ])
      await byPower[p].ok('PUT', `/games/${gameId}/orders`, { text: v, ready: true });
    t.clock.advance(1000);
    await sweep(t.ctx);
    const after = await mod.ok('GET', `/games/${gameId}`);
    expect(after.phase.label).toBe('Spring 1 Movement');
    expect(after.view.units.find((u: any) => u.power === 'Dawn').location).toBe('puna'); // Wings
    expect((await mod.ok('GET', `/games/${gameId}/replay`)).ok).toBe(true);
  });

  it('waits for the moderator when the kamaainas stay tied at their deadline; the moderator’s decision sets the setup', async () => {
    const { mod, players, gameId, bySeat } = await twoHaoles('stuck');
    await vote(gameId, bySeat, {
      'Voter 1': 'Heart',
      'Voter 2': 'Heart',
      'Voter 3': 'Heart',
      'Voter 4': 'Wings',
      'Voter 5': 'Wings',
      'Voter 6': 'Wings',
    });
    await mod.ok('POST', `/games/${gameId}/process`);
    const byPower = await seating(mod, gameId, players);
    await byPower.Dawn.ok('PUT', `/games/${gameId}/orders`, { text: 'Heart' });
    await byPower.Dusk.ok('PUT', `/games/${gameId}/orders`, { text: 'Wings' });
    // The kamaainas' deadline passes with their vote tied (1-1, two silent).
    t.clock.advance(3 * 24 * 3600_000);
    await sweep(t.ctx);
    let g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.phase).toMatchObject({ type: 'ballot', label: 'Moderator’s decision on the setup', deadlineAt: null });
    expect(g.phase.readiness.filter((r: any) => r.expected)).toEqual([]);
    // The game waits: no deadline, no draw from the seed, and "process now" is refused.
    t.clock.advance(30 * 24 * 3600_000);
    await sweep(t.ctx);
    expect((await mod.ok('GET', `/games/${gameId}`)).phase.label).toBe('Moderator’s decision on the setup');
    expect((await mod.req('PUT', `/games/${gameId}/deadline`, { extendMinutes: 60 })).status).toBe(409);
    const now = await mod.req('POST', `/games/${gameId}/process`);
    expect(now.status).toBe(409);
    expect(now.body.detail).toMatch(/POST \/games\/.*\/decision/);
    // Only the moderator decides, and only between the tied setups.
    expect((await byPower.Dawn.req('POST', `/games/${gameId}/decision`, { text: 'Heart' })).status).toBe(403);
    expect((await byPower.Dawn.req('PUT', `/games/${gameId}/orders`, { text: 'Heart' })).status).toBe(422);
    const wrong = await mod.req('POST', `/games/${gameId}/decision`, { text: 'Kamaainas' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'body.text', line: 1, text: 'Kamaainas' });
    expect((await mod.ok('GET', `/games/${gameId}`)).phase.label).toBe('Moderator’s decision on the setup');
    g = await mod.ok('POST', `/games/${gameId}/decision`, { text: 'Wings' });
    expect(g.phase.label).toBe('Spring 1 Movement');
    expect(g.view.units.find((u: any) => u.power === 'Morning').location).toBe('kawa'); // Wings
    const dusk = (await mailFor(t.db, byPower.Dusk.email, 'results')).at(-1)!.body;
    expect(dusk).toMatch(/The natives start as in Wings, as the moderator decided/);
    expect((await mod.req('POST', `/games/${gameId}/decision`, { text: 'Wings' })).status).toBe(409);
    expect((await mod.ok('GET', `/games/${gameId}/replay`)).ok).toBe(true);
  });
});

describe('Two Haoles: the ballots stay secret from the Europeans', () => {
  it('until after the first Spring orders, in every channel; the natives see them', { timeout: 120_000 }, async () => {
    const { mod, players, gameId, bySeat } = await twoHaoles('secret');
    await vote(gameId, bySeat, {
      'Voter 1': 'Wings',
      'Voter 2': 'Heart',
      'Voter 3': 'Wings',
      'Voter 4': 'Heart',
      'Voter 5': 'Wings',
      'Voter 6': 'Heart',
    });
    // Their own slips the voters know; what is mailed from the deal on is what the powers learn.
    const dealtAt = (await t.db.outboxMail.findMany({ orderBy: { seq: 'desc' }, take: 1 }))[0].seq;
    await mod.ok('POST', `/games/${gameId}/process`);
    const byPower = await seating(mod, gameId, players);
    for (const [p, v] of [
      ['Dawn', 'Heart'],
      ['Morning', 'Heart'],
      ['Afternoon', 'Wings'],
      ['Dusk', 'Heart'],
    ])
      await byPower[p].ok('PUT', `/games/${gameId}/orders`, { text: v, ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    expect((await mod.ok('GET', `/games/${gameId}`)).phase.label).toBe('Spring 1 Movement');

    const mailSince = async (c: Client, seq: number) =>
      (await mailFor(t.db, c.email))
        .filter((m) => m.seq > seq)
        .map((m) => `${m.subject}\n${m.body}`)
        .join('\n');
    for (const p of ['North', 'South']) {
      const seen = (await readAll(byPower[p], gameId)) + (await mailSince(byPower[p], dealtAt));
      for (const secret of BALLOT_SECRETS) expect(seen, `${p} reads ${secret}`).not.toMatch(secret);
      expect((await byPower[p].ok('GET', `/games/${gameId}`)).view.ballot).toEqual({ options: ['heart', 'wings'] });
    }
    // The natives read the count and their decision.
    const dawn = (await readAll(byPower.Dawn, gameId)) + (await mailSince(byPower.Dawn, dealtAt));
    expect(dawn).toMatch(/evenly divided between Heart and Wings \(votes: Heart 3, Wings 3\)/);
    expect(dawn).toMatch(/start as in Heart, as the kamaainas decided/);

    // The first Spring orders are in: now the Europeans read the ballots.
    await byPower.North.ok('PUT', `/games/${gameId}/orders`, { text: 'F NPO H', ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    const north = (await mailFor(t.db, byPower.North.email, 'results')).at(-1)!.body;
    expect(north).toMatch(
      /Revealed: The natives start as in Heart, as the kamaainas decided \(votes: Heart 3, Wings 3; the kamaainas' decision: Dawn Heart, Morning Heart, Afternoon Wings, Dusk Heart\)/,
    );
    expect((await byPower.South.ok('GET', `/games/${gameId}`)).view.ballot).toEqual({
      options: ['heart', 'wings'],
      winner: 'heart',
    });
  });
});
