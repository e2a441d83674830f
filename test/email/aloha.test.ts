// Aloha by email: the player whose turn it is replies with an action; the reply reads it back,
// and the next player is asked. A player who is not to move is told whose turn it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client;
let byRole: Record<string, Client>;
let gameId = '';

beforeAll(async () => {
  rig = await startEmailRig();
  ({ mod, byRole, gameId } = await gameOf(rig.t, 'aloha-mail', 2, { name: 'Aloha by mail', variant: 'aloha', scenario: 'two' }));
});
afterAll(async () => { await rig?.close(); });

describe('Aloha by email', () => {
  it('the player to move replies with an action; the other is told to wait', async () => {
    const g = await mod.ok('GET', `/games/${gameId}`);
    const first = g.phase.readiness.find((r: any) => r.expected).role as string;
    const second = Object.keys(byRole).find((r) => r !== first)!;
    const start = await last(rig, byRole[first]!.email, 'start');
    expect(start.text).toMatch(/Your turn: send your turn for Prologue, decision 1/);
    expect(start.text).toMatch(/Kauai: nobody/);
    await rig.send({ from: byRole[first]!.email, to: start.replyTo!, subject: 'Re: start', text: 'settle Maui\n' });
    const reply = await last(rig, byRole[first]!.email, 'email-reply');
    expect(reply.text).toMatch(/settle Maui\n\s+accepted: read as: settle Maui/);
    const waiting = await last(rig, byRole[second]!.email, 'start');
    await rig.send({ from: byRole[second]!.email, to: waiting.replyTo!, subject: 'Re: start', text: 'settle Kauai\n' });
    const no = await last(rig, byRole[second]!.email, 'email-reply');
    expect(no.text).toMatch(new RegExp(`it is ${first}'s turn to choose an island to settle; ${second} waits`));
    await mod.ok('POST', `/games/${gameId}/process`);
    const after = await mod.ok('GET', `/games/${gameId}`);
    expect(after.phase.readiness.find((r: any) => r.expected).role).toBe(second);
    const results = await last(rig, byRole[second]!.email, 'results');
    expect(results.text).toMatch(new RegExp(`${first} settles Maui with 20 Pure Hawaiian tokens`));
    expect(results.text).toMatch(/Your turn: send your turn for Prologue, decision 2/);
  });
});
