// Press as conversations (issue 24, point 6): each reader's threads (a pair, a group, everyone),
// named by the other powers' names, with unread counts kept per reader (PressRead), marked read by
// PUT /games/{id}/press/read; nobody learns of a thread they are not in, not even by marking it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { gameOf, signUp, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

const threadsOf = async (c: Client, gameId: string) =>
  (await c.ok('GET', `/games/${gameId}/press`)) as { press: any[]; threads: any[]; unread: number };

describe('press threads', () => {
  it("lists each reader's own threads with unread counts, marks them read, and refuses what is not theirs", {
    timeout: 60_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(t, 'threads', 3, {
      name: 'Threads',
      variant: 'heiau',
      scenario: 'discrete',
    });
    const { Sunrise: sunrise, Midday: midday, Sunset: sunset } = byRole as Record<string, Client>;
    const stranger = await signUp(t, 'threads-stranger@example.org');

    await sunrise.ok('POST', `/games/${gameId}/press`, { to: ['Midday'], text: 'Just us two' }, 201);
    await sunrise.ok('POST', `/games/${gameId}/press`, { to: 'ALL', text: 'Aloha all' }, 201);
    const group = await sunrise.ok(
      'POST',
      `/games/${gameId}/press`,
      { to: ['Midday', 'Sunset'], text: 'The three of us' },
      201,
    );
    expect(group.thread).toBe('Midday,Sunrise,Sunset');

    const m = await threadsOf(midday, gameId);
    expect(m.threads.map((x) => [x.thread, x.title, x.count, x.unread])).toEqual([
      ['Midday,Sunrise,Sunset', 'Sunrise, Sunset', 1, 1],
      ['ALL', 'Everyone', 1, 1],
      ['Midday,Sunrise', 'Sunrise', 1, 1],
    ]);
    expect(m.unread).toBe(3);
    expect(m.threads[0].last.text).toBe('The three of us');
    // The sender has nothing unread: their own press is read.
    expect((await threadsOf(sunrise, gameId)).unread).toBe(0);
    // Sunset is not in the pair; the moderator reads press to everyone only; an outsider nothing.
    const s = await threadsOf(sunset, gameId);
    expect(s.threads.map((x) => x.thread)).toEqual(['Midday,Sunrise,Sunset', 'ALL']);
    expect(JSON.stringify(s)).not.toMatch(/Just us two/);
    expect((await threadsOf(mod, gameId)).threads.map((x) => [x.thread, x.unread])).toEqual([['ALL', 1]]);

    // One thread's press; the thread may be named in any order, by names.
    const only = await midday.ok('GET', `/games/${gameId}/press?thread=${encodeURIComponent('Sunrise, Midday')}`);
    expect(only.press.map((p: any) => p.text)).toEqual(['Just us two']);
    expect(only.threads).toHaveLength(3);

    // Marking read: that thread only, for that reader only.
    expect(await midday.ok('PUT', `/games/${gameId}/press/read`, { thread: 'Sunrise,Midday' })).toEqual({
      thread: 'Midday,Sunrise',
      lastReadSeq: expect.any(Number),
      unread: 0,
    });
    expect((await threadsOf(midday, gameId)).unread).toBe(2);
    expect((await threadsOf(sunset, gameId)).unread).toBe(2);

    // Not theirs: not found, whatever it holds, and nothing is stored.
    const before = await t.db.pressRead.count();
    for (const [who, thread] of [
      [sunset, 'Midday,Sunrise'],
      [mod, 'Midday,Sunrise'],
      [sunset, 'Dawn,Sunset'],
    ] as const) {
      const r = await who.req('PUT', `/games/${gameId}/press/read`, { thread });
      if (thread.includes('Dawn')) {
        expect(r.status).toBe(400);
        expect(r.body.errors[0].field).toBe('body.thread');
        continue;
      }
      expect(r.status).toBe(404);
      expect(r.body.detail).toMatch(/not in this thread/);
    }
    expect((await sunset.req('PUT', `/games/${gameId}/press/read`, { thread: 'Sunset' })).status).toBe(400);
    expect((await sunset.req('GET', `/games/${gameId}/press?thread=Atlantis`)).status).toBe(400);
    expect((await stranger.req('PUT', `/games/${gameId}/press/read`, { thread: 'ALL' })).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/games/${gameId}/press/read`, payload: { thread: 'ALL' } }))
        .statusCode,
    ).toBe(401);
    expect(await t.db.pressRead.count()).toBe(before);

    // A reply reads the thread for who answers, and is unread for the other.
    const reply = await midday.ok('POST', `/games/${gameId}/press`, { to: ['Sunrise'], text: 'Agreed' }, 201);
    expect(reply.thread).toBe('Midday,Sunrise');
    const r = await threadsOf(sunrise, gameId);
    expect(r.threads[0]).toMatchObject({ thread: 'Midday,Sunrise', title: 'Midday', unread: 1, count: 2 });
    // Read up to a message: what came later stays unread; never backwards.
    const first = (await sunrise.ok('GET', `/games/${gameId}/press?thread=Midday,Sunrise`)).press[0].seq;
    expect(
      (await sunrise.ok('PUT', `/games/${gameId}/press/read`, { thread: 'Midday,Sunrise', seq: first })).unread,
    ).toBe(1);
    expect(
      (await sunrise.ok('PUT', `/games/${gameId}/press/read`, { thread: 'Midday,Sunrise', seq: reply.seq + 1000 }))
        .lastReadSeq,
    ).toBe(reply.seq);
    expect(
      (await sunrise.ok('PUT', `/games/${gameId}/press/read`, { thread: 'Midday,Sunrise', seq: first })).lastReadSeq,
    ).toBe(reply.seq);

    // Over, with press public after the game: an observer of the public game reads every thread, nothing unread for a visitor.
    await mod.ok('PUT', `/games/${gameId}/public`, { public: true });
    expect((await threadsOf(stranger, gameId)).threads).toEqual([]);
    await mod.ok('POST', `/games/${gameId}/end`);
    const after = await threadsOf(stranger, gameId);
    expect(after.threads.map((x) => x.thread).sort()).toEqual(['ALL', 'Midday,Sunrise', 'Midday,Sunrise,Sunset']);
    expect(after.threads.find((x) => x.thread === 'Midday,Sunrise').title).toBe('Sunrise, Midday');
    const visitor = (await t.app.inject({ url: `/games/${gameId}/press` })).json();
    expect(visitor.unread).toBe(0);
    expect(visitor.threads).toHaveLength(3);
  });
});
