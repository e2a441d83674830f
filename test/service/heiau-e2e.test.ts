// End to end over HTTP: a Heiau Race game for a full game-year (Spring, Fall, Winter), with the
// rulebook's "longer each year" deadlines, a missed phase, a reminder, early processing, and the
// mail each player got. Time is moved by hand; the real deadline job and sweep do the work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';
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

describe('Heiau Race, one game-year over HTTP', () => {
  let mod: Client, a: Client, b: Client;
  let gameId = '';
  let sunrise: Client, sunset: Client;

  it('plays Spring, Fall and Winter and mails every player what they should see', async () => {
    mod = await signUp(t, 'kahuna@example.org', { name: 'Kahuna', timeZone: 'Pacific/Honolulu' });
    a = await signUp(t, 'alii@example.org', { name: 'Alii', timeZone: 'Pacific/Honolulu' });
    b = await signUp(t, 'makoa@example.org', { name: 'Makoa', timeZone: 'Europe/Paris' });

    const created = await mod.ok(
      'POST',
      '/games',
      {
        name: 'Race to nine',
        variant: 'heiau',
        scenario: 'race',
        nmrPolicy: 'hold',
        deadlines: { longerEachYear: { minutesPerYear: 3 }, reminderMinutes: 1, earlyProcessing: true },
      },
      201,
    );
    gameId = created.id;
    expect(created.you).toEqual({ kind: 'moderator' });
    expect(created.powers).toEqual(['Sunrise', 'Sunset']);
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: a.email }, 201);
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: b.email }, 201);
    // Not everyone joined yet: the start is refused and nothing changes.
    await a.ok('POST', `/games/${gameId}/join`);
    const early = await mod.req('POST', `/games/${gameId}/start`);
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/makoa@example.org/);
    await b.ok('POST', `/games/${gameId}/join`);
    const started = await mod.ok('POST', `/games/${gameId}/start`);
    expect(started.status).toBe('active');
    expect(started.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(started.seed).toBeNull();
    expect(started.phase).toMatchObject({ label: 'Spring 1 Movement', type: 'movement', year: 1 });
    // Heiau's option: three minutes times the number of the year.
    expect(new Date(started.phase.deadlineAt).getTime() - t.clock.now().getTime()).toBe(3 * 60_000);
    const roleOf = Object.fromEntries(started.players.map((p: any) => [p.email, p.role]));
    sunrise = roleOf[a.email] === 'Sunrise' ? a : b;
    sunset = sunrise === a ? b : a;
    const spring = started.phase;

    for (const p of [a, b]) {
      const start = (await mailFor(t.db, p.email, 'start'))[0];
      expect(start.body).toContain(`:: Seed-Hash: ${started.seedHash}`);
      expect(start.body).toContain(`You play ${roleOf[p.email]}`);
      expect(start.body).toMatch(
        /First deadline \(Spring 1 Movement\): \w{3} \d+ \w{3} 2025 \d\d:03 \S+ \([A-Za-z_/]+; Mon 3 Mar 2025 00:03 UTC\)/,
      );
    }

    // ---- Spring 1: a bad line rejects the whole submission and changes nothing.
    const bad = await sunrise.req('PUT', `/games/${gameId}/orders`, {
      text: 'B Kona-Kailua - Kawaihae\nB Puna - Nowhere',
    });
    expect(bad.status).toBe(422);
    expect(bad.headers['content-type']).toMatch(/problem\+json/);
    expect(bad.body.errors).toEqual([expect.objectContaining({ line: 2, text: 'B Puna - Nowhere' })]);
    expect(bad.body.lines[0]).toMatchObject({ line: 1, ok: true });
    expect(await t.db.submission.count()).toBe(0);

    await t.db.account.updateMany({ data: { receiptsByMail: true } }); // these players asked for receipts by mail
    const r1 = await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H' });
    expect(r1.lines.map((l: any) => [l.line, l.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(r1.lines[0].reading).toBe('B Kona-Kailua - Kawaihae');
    expect(r1.receipt.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(r1.ready).toBe(false);
    const receipt = (await mailFor(t.db, sunrise.email, 'receipt'))[0];
    expect(receipt.body).toContain(`:: Receipt: ${r1.receipt.hash}`);
    expect(receipt.body).toContain('read as:');

    // Sunset orders as a list and is ready; Sunrise is not, so nothing happens early.
    const r2 = await sunset.ok('PUT', `/games/${gameId}/orders`, {
      orders: ['B Aiea H', 'B Kilauea - Wailua'],
      ready: true,
    });
    expect(r2.ready).toBe(true);
    // Sealed: neither the other player nor the moderator sees the orders before adjudication.
    const seenBySunset = await sunset.ok('GET', `/games/${gameId}/phases/${spring.seq}`);
    expect(seenBySunset.orders.map((o: any) => o.role)).toEqual(['Sunset']);
    const seenByMod = await mod.ok('GET', `/games/${gameId}/phases/${spring.seq}`);
    expect(seenByMod.orders).toEqual([]);
    const mine = await sunrise.ok('GET', `/games/${gameId}/orders`);
    expect(mine.lines).toHaveLength(2);
    expect((await sweep(t.ctx)).processed).toBe(0);

    // The deadline passes: the deadline job adjudicates, exactly once.
    t.clock.advanceMinutes(3);
    const phaseRow = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    const [j1, j2] = await Promise.all([
      handleDeadlineJob(t.ctx, { phaseId: phaseRow.id }),
      handleDeadlineJob(t.ctx, { phaseId: phaseRow.id }),
    ]);
    expect([j1, j2].sort()).toEqual(['gone', 'processed']);
    expect(await t.db.phase.count({ where: { gameId, status: 'adjudicated' } })).toBe(1);
    const fall = (await a.ok('GET', `/games/${gameId}`)).phase;
    expect(fall.label).toBe('Fall 1 Movement');

    for (const p of [sunrise, sunset, mod]) {
      const res = await mailFor(t.db, p.email, 'results');
      expect(res).toHaveLength(1);
      expect(res[0].body).toMatch(/^:: Judge: kahu {2}Game: Race to nine {2}Variant: heiau\/race$/m);
      expect(res[0].body).toMatch(/^:: Phase: \S+ Spring 1 Movement$/m);
      expect(res[0].body).toMatch(/^:: Next: \S+ Fall 1 Movement$/m);
      expect(res[0].body).toMatch(/^:: Deadline: \S+ 2025-03-03T00:06:00Z$/m);
      expect(res[0].body).toContain('Position for Fall 1 Movement');
      expect(res[0].body).toMatch(/B Kona-Kailua - Kawaihae/);
    }
    // Each reader's own zone next to UTC: Makoa is in Paris, Alii in Honolulu.
    expect((await mailFor(t.db, b.email, 'results'))[0].body).toMatch(
      /Deadline: Mon 3 Mar 2025 01:06 GMT\+1 \(Europe\/Paris; Mon 3 Mar 2025 00:06 UTC\)/,
    );
    expect((await mailFor(t.db, a.email, 'results'))[0].body).toMatch(
      /Deadline: Sun 2 Mar 2025 14:06 HST \(Pacific\/Honolulu; Mon 3 Mar 2025 00:06 UTC\)/,
    );

    // ---- Fall 1: Sunrise holds and is ready; Sunset sends nothing and gets a reminder.
    await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'B Kawaihae H', ready: true });
    t.clock.advanceMinutes(2);
    const s1 = await sweep(t.ctx);
    expect(s1).toEqual({ processed: 0, reminders: 1 });
    expect(await mailFor(t.db, sunset.email, 'reminder')).toHaveLength(1);
    expect(await mailFor(t.db, sunrise.email, 'reminder')).toHaveLength(0);
    expect((await sweep(t.ctx)).reminders).toBe(0); // once per phase
    t.clock.advanceMinutes(1);
    expect((await sweep(t.ctx)).processed).toBe(1);
    const afterFall = await mod.ok('GET', `/games/${gameId}`);
    expect(afterFall.phase.label).toBe('Winter 1 Adjustments');
    expect(afterFall.players.find((p: any) => p.email === sunset.email).missedPhases).toBe(1);
    expect(afterFall.players.find((p: any) => p.email === sunrise.email).missedPhases).toBe(0);

    // ---- Winter 1: both build; both ready, so it is processed early, before the deadline.
    const w1 = await sunrise.ok('PUT', `/games/${gameId}/orders`, { text: 'Build A Kona-Kailua', ready: true });
    expect(w1.lines[0].ok).toBe(true);
    await sunset.ok('PUT', `/games/${gameId}/orders`, { text: 'build a kilauea' });
    expect((await sweep(t.ctx)).processed).toBe(0);
    await sunset.ok('PUT', `/games/${gameId}/ready`, { ready: true });
    t.clock.advance(1000);
    expect((await sweep(t.ctx)).processed).toBe(1);
    const spring2 = await a.ok('GET', `/games/${gameId}`);
    expect(spring2.phase).toMatchObject({ label: 'Spring 2 Movement', year: 2 });
    expect(new Date(spring2.phase.deadlineAt).getTime() - t.clock.now().getTime()).toBe(6 * 60_000);

    // ---- History: orders as written, results, missed orders, centre counts.
    const hist = (await sunset.ok('GET', `/games/${gameId}/history`)).phases;
    expect(hist.map((p: any) => [p.label, p.status])).toEqual([
      ['Spring 1 Movement', 'adjudicated'],
      ['Fall 1 Movement', 'adjudicated'],
      ['Winter 1 Adjustments', 'adjudicated'],
      ['Spring 2 Movement', 'open'],
    ]);
    expect(hist[0].orders.find((o: any) => o.role === 'Sunrise').lines).toEqual([
      'B Kona-Kailua - Kawaihae',
      'B Puna H',
    ]);
    expect(hist[1].missed).toEqual(['Sunset']);
    expect(hist[2].centres).toEqual({ Sunrise: 3, Sunset: 3 });
    expect(hist[3].centres).toEqual({ Sunrise: 3, Sunset: 3 });
    expect(hist[0].report).toMatch(/Sunrise/);

    // ---- The mail each player got, in order.
    const kinds = async (c: Client) => (await mailFor(t.db, c.email)).map((m) => m.kind);
    expect(await kinds(sunrise)).toEqual([
      'token',
      'invite',
      'start',
      'receipt',
      'results',
      'receipt',
      'results',
      'receipt',
      'results',
    ]);
    expect(await kinds(sunset)).toEqual([
      'token',
      'invite',
      'start',
      'receipt',
      'results',
      'reminder',
      'results',
      'receipt',
      'results',
    ]);
    const winter = (await mailFor(t.db, sunset.email, 'results'))[2];
    expect(winter.subject).toBe('Race to nine: Winter 1 Adjustments results — next: Spring 2 Movement');
    expect(winter.body).toMatch(/^:: Role: Sunset$/m);
    expect(winter.body).toMatch(/^:: URL: http:\/\/kahu.test\/games\//m);
    expect(winter.body).toMatch(
      sunset === b ? /Deadline: .* \(Europe\/Paris; .* UTC\)/ : /Deadline: .* HST \(Pacific\/Honolulu; .* UTC\)/,
    );

    // ---- The whole history replays from the seed and the recorded orders.
    const rep = await mod.ok('GET', `/games/${gameId}/replay`);
    expect(rep).toEqual({ ok: true, phases: 4, mismatches: [] });
  });
});
