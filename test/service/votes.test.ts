// Draw and concession votes: over HTTP and by email, secret unless public, withdrawn at will; the
// game ends in a draw when every surviving power with a player votes for it, or is conceded to a
// power when all the others concede to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor } from '../helpers/app.ts';
import { gameOf } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from '../email/helpers.ts';

let rig: EmailRig;
beforeAll(async () => {
  rig = await startEmailRig();
});
afterAll(async () => {
  await rig?.close();
});

const game = (tag: string, body: Record<string, unknown> = {}) =>
  gameOf(rig.t, tag, 3, { name: tag, variant: 'heiau', scenario: 'clans', ...body });

describe('votes', () => {
  it('a draw needs every surviving power; votes are secret, can be withdrawn, and one by email counts', async () => {
    const { game: g, byRole, mod } = await game('draw');
    const [dawn, noon, dusk] = [byRole.Dawn!, byRole.Noon!, byRole.Dusk!];
    const r1 = await dawn.ok('PUT', `/games/${g.id}/votes/draw`, { vote: true });
    expect(r1).toMatchObject({ ended: null, vote: { mine: { draw: true }, votes: null } });
    // Secret: another player sees only their own vote; the moderator sees all.
    expect((await noon.ok('GET', `/games/${g.id}/votes`)).votes).toBeNull();
    expect((await noon.ok('GET', `/games/${g.id}/votes`)).mine.draw).toBe(false);
    expect((await mod.ok('GET', `/games/${g.id}/votes`)).votes.draw).toEqual(['Dawn']);
    expect(JSON.stringify(await noon.ok('GET', `/games/${g.id}`))).not.toMatch(/"draw":\["Dawn"\]/);
    await noon.ok('PUT', `/games/${g.id}/votes/draw`, { vote: true });
    await noon.ok('PUT', `/games/${g.id}/votes/draw`, { vote: false });
    await noon.ok('PUT', `/games/${g.id}/votes/draw`, { vote: true });
    // Dusk votes by email: the last vote ends the game.
    const addr = (await last(rig, dusk.email, 'start')).replyTo!;
    await rig.send({ from: dusk.email, to: addr, subject: 'draw', text: 'DRAW' });
    expect((await last(rig, dusk.email, 'email-reply')).text).toMatch(
      /DRAW\n\s+done: the game is over: draw agreed by Dawn, Noon, Dusk/,
    );
    const over = await mod.ok('GET', `/games/${g.id}`);
    expect(over.status).toBe('finished');
    expect(over.outcome).toMatchObject({ kind: 'draw', winners: ['Dawn', 'Noon', 'Dusk'] });
    expect(await mailFor(rig.t.db, dawn.email, 'game-over')).toHaveLength(1);
    expect((await dawn.req('PUT', `/games/${g.id}/votes/draw`, { vote: true })).status).toBe(409);
  });

  it('public votes are seen by everyone; the moderator rule waits for the moderator', async () => {
    const { game: g, byRole } = await game('public', { votes: { draw: 'moderator', visibility: 'public' } });
    for (const r of ['Dawn', 'Noon']) await byRole[r]!.ok('PUT', `/games/${g.id}/votes/draw`, { vote: true });
    expect((await byRole.Dusk!.ok('GET', `/games/${g.id}/votes`)).votes.draw).toEqual(['Dawn', 'Noon']);
    const last3 = await byRole.Dusk!.ok('PUT', `/games/${g.id}/votes/draw`, { vote: true });
    expect(last3).toMatchObject({ ended: null, awaitingModerator: true });
    expect((await byRole.Dusk!.ok('GET', `/games/${g.id}`)).status).toBe('active');
  });

  it('the game is conceded to a power when every other surviving power concedes to it', async () => {
    const { game: g, byRole } = await game('concede');
    expect((await byRole.Dawn!.req('PUT', `/games/${g.id}/votes/concede`, { to: 'Dawn' })).status).toBe(400);
    await byRole.Dawn!.ok('PUT', `/games/${g.id}/votes/concede`, { to: 'dusk' });
    const r = await byRole.Noon!.ok('PUT', `/games/${g.id}/votes/concede`, { to: 'Dusk' });
    expect(r.ended).toEqual({ kind: 'victory', text: 'Dusk wins: Dawn, Noon conceded' });
    expect((await byRole.Dusk!.ok('GET', `/games/${g.id}`)).outcome).toMatchObject({
      kind: 'victory',
      winners: ['Dusk'],
    });
  });
});
