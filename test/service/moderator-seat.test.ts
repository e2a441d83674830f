// The moderator sees everything (other players' hands, the natives hidden from the haoles), so
// they may not also take a seat in the game they moderate: not by invitation, joining or replacing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('the moderator holds no seat', () => {
  it('refuses inviting, joining or replacing with the moderator, and changes nothing', async () => {
    const mod = await signUp(t, 'kahuna@example.org');
    const a = await signUp(t, 'alii@example.org');
    const b = await signUp(t, 'makoa@example.org');
    const game = await mod.ok(
      'POST',
      '/games',
      { name: 'Open', variant: 'hawaii1795', scenario: 'short', openJoin: true },
      201,
    );
    const seats = async () => t.db.gamePlayer.count({ where: { gameId: game.id } });

    const invite = await mod.req('POST', `/games/${game.id}/invitations`, { email: mod.email });
    expect(invite.status).toBe(403);
    expect(invite.body.detail).toMatch(/moderator of a game cannot also play/);
    expect((await mod.req('POST', `/games/${game.id}/join`)).status).toBe(403);
    expect(await seats()).toBe(0);

    await a.ok('POST', `/games/${game.id}/join`);
    await b.ok('POST', `/games/${game.id}/join`);
    const started = await mod.ok('POST', `/games/${game.id}/start`);
    const seat = started.players.find((p: { email: string }) => p.email === a.email);
    const replace = await mod.req('POST', `/games/${game.id}/players/${seat.id}/replace`, { email: mod.email });
    expect(replace.status).toBe(403);
    const after = await t.db.gamePlayer.findMany({ where: { gameId: game.id }, orderBy: { createdAt: 'asc' } });
    expect(after.map((p) => [p.status, p.accountId === seat.accountId || p.role !== null])).toEqual([
      ['playing', true],
      ['playing', true],
    ]);
    // The moderator reads the game as the moderator, never as a player.
    expect((await mod.ok('GET', `/games/${game.id}`)).you).toEqual({ kind: 'moderator' });
  });
});
