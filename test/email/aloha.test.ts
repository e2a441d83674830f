// Aloha by email: the player whose turn it is replies with an action; the reply reads it back,
// and the next player is asked. A player who is not to move may queue (the same reader): the
// reply says so, and the results tell that player the queue was dropped when the other acted.
// Then every kind of action is sent by email at least once, in a game played to its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client;
let byRole: Record<string, Client>;
let gameId = '';

beforeAll(async () => {
  rig = await startEmailRig();
  ({ mod, byRole, gameId } = await gameOf(rig.t, 'aloha-mail', 2, {
    name: 'Aloha by mail',
    variant: 'aloha',
    scenario: 'two',
  }));
});
afterAll(async () => {
  await rig?.close();
});

describe('Aloha by email', () => {
  it('the player to move replies with an action; the other may queue, and is told when the queue is dropped', async () => {
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
    expect(waiting.text).toMatch(
      new RegExp(`It is ${first}'s turn to choose an island to settle, not yours; you may queue your next actions`),
    );
    await rig.send({ from: byRole[second]!.email, to: waiting.replyTo!, subject: 'Re: start', text: 'settle Maui\n' });
    const queued = await last(rig, byRole[second]!.email, 'email-reply');
    expect(queued.text).toMatch(
      new RegExp(
        `settle Maui\\n\\s+accepted: read as: queued 1: settle Maui \\(for your next decision, applied only if nothing happens before it: ${first} decides first`,
      ),
    );
    await mod.ok('POST', `/games/${gameId}/process`);
    const after = await mod.ok('GET', `/games/${gameId}`);
    expect(after.phase.readiness.find((r: any) => r.expected).role).toBe(second);
    const results = await last(rig, byRole[second]!.email, 'results');
    expect(results.text).toMatch(new RegExp(`${first} settles Maui with 20 Pure Hawaiian tokens`));
    expect(results.text).toContain(
      `Your queued action "settle Maui" was dropped: ${first} acted (settle Maui) since you gave it.`,
    );
    expect(results.text).toMatch(/Your turn: send your turn for Prologue, decision 2/);
    expect((await last(rig, byRole[first]!.email, 'results')).text).not.toMatch(/queued/);
  });

  it('every kind of action can be sent by email, in a game played to its end', { timeout: 240_000 }, async () => {
    const start = Object.fromEntries(
      await Promise.all(
        Object.entries(byRole).map(async ([r, c]) => [r, (await last(rig, c.email, 'start')).replyTo!] as const),
      ),
    );
    const byMail = new Set<string>(['settle']);
    const kinds = ['settle', 'migrate', 'warrior', 'take', 'event', 'king', 'convert', 'pass'];
    for (let n = 0; n < 400; n++) {
      const g = await mod.ok('GET', `/games/${gameId}`);
      if (g.status === 'finished') break;
      const role = g.phase.readiness.find((r: any) => r.expected).role as string;
      const me = byRole[role]!;
      const { options } = await me.ok('GET', `/games/${gameId}/options`);
      let text: string[];
      let kind: string;
      if (options.decision === 'convert') {
        const p = g.view.players.find((x: any) => x.role === role);
        kind = byMail.has('pass') ? 'convert' : 'pass';
        text =
          kind === 'pass'
            ? ['pass']
            : p.aloha > 0
              ? ['convert 1 aloha homerule']
              : p.commerce > 0
                ? ['convert 1 commerce homerule']
                : ['pass'];
        if (text[0] === 'pass') kind = 'pass';
      } else {
        const fresh = options.actions.find((a: any) => !byMail.has(a.kind));
        const a = fresh ?? options.actions[0];
        kind = a.kind;
        text = [a.text];
      }
      if (!byMail.has(kind)) {
        await rig.send({ from: me.email, to: start[role], subject: 'Re: start', text: `${text.join('\n')}\n` });
        const reply = await last(rig, me.email, 'email-reply');
        expect(reply.text).toContain(`${text[0]}\n`);
        expect(reply.text).toMatch(new RegExp(`accepted: read as: ${text[0].replace(/[()]/g, '\\$&')}\\n`));
        byMail.add(kind);
      } else {
        await me.ok('PUT', `/games/${gameId}/orders`, { orders: text, ready: true });
      }
      await mod.ok('POST', `/games/${gameId}/process`);
    }
    expect((await mod.ok('GET', `/games/${gameId}`)).status).toBe('finished');
    expect([...byMail].sort()).toEqual([...kinds].sort());
    const over = await last(rig, byRole[Object.keys(byRole)[0]!]!.email, 'game-over');
    expect(over.text).toMatch(/is over: \w+ (wins|tie)/);
  });
});
