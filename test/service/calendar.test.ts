// The calendar feed: a secret address per account, readable without a token, listing the deadlines
// of the games that account plays or moderates, and nothing of anybody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { gameOf, signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

/** The feed's lines, unfolded (RFC 5545 3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
}

describe('GET /me/deadlines.ics', () => {
  it('lists each open deadline of your games at a secret address, and a new address retires the old one', async () => {
    const { mod, game, byRole, gameId } = await gameOf(t, 'cal', 2, {
      name: 'Race; to Hilo, by canoe',
      variant: 'heiau',
      scenario: 'race',
    });
    const player = Object.values(byRole)[0]!;
    const role = Object.keys(byRole)[0]!;
    const stranger = await signUp(t, 'cal-stranger@example.org');

    const { url } = await player.ok('POST', '/accounts/me/calendar', undefined, 201);
    expect(url).toMatch(/\/me\/deadlines\.ics\?key=[A-Za-z0-9_-]{32}$/);
    const path = url.slice(url.indexOf('/me/'));
    const r = await t.app.inject({ url: path });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/calendar; charset=utf-8');
    for (const line of r.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(r.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const deadline = new Date(game.phase.deadlineAt)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(lines).toContain(`DTSTART:${deadline}`);
    expect(lines).toContain(`SUMMARY:Race\\; to Hilo\\, by canoe: ${game.phase.label} deadline`);
    expect(lines.find((l) => l.startsWith('DESCRIPTION:You play'))).toContain(`You play ${role}.`);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);

    // The moderator sees the same deadline in its own feed; a stranger's feed is empty.
    const modFeed = await mod.ok('GET', '/me/deadlines.ics');
    expect(unfold(modFeed)).toContain(`DTSTART:${deadline}`);
    const strangerFeed = await stranger.ok('GET', '/me/deadlines.ics');
    expect(unfold(strangerFeed).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(0);
    expect(strangerFeed).not.toContain(gameId);

    // A new address retires the old one; deleting it retires it too.
    const again = await player.ok('POST', '/accounts/me/calendar', undefined, 201);
    expect(again.url).not.toBe(url);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const path2 = again.url.slice(again.url.indexOf('/me/'));
    expect((await t.app.inject({ url: path2 })).statusCode).toBe(200);
    await player.ok('DELETE', '/accounts/me/calendar', undefined, 204);
    const gone = await t.app.inject({ url: path2 });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
  });

  it('without a key or a sign-in it is 401; a malformed key is 400 naming it', async () => {
    const anon = await t.app.inject({ url: '/me/deadlines.ics' });
    expect(anon.statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/me/deadlines.ics?key=no' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors[0].field).toBe('querystring.key');
  });
});
