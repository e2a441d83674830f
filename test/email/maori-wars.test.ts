// Maori Wars by email, with the module registered by the test: the phasing player replies with
// the orders offered; the reply reads them back with places by name; the other side may send a
// standing instruction, read back to that player alone; the results carry each reader's map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';
import { registerGame } from '../../src/games/index.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';

let rig: EmailRig;
let mod: Client;
let byRole: Record<string, Client>;
let gameId = '';

beforeAll(async () => {
  registerGame(maoriWars);
  rig = await startEmailRig();
  ({ mod, byRole, gameId } = await gameOf(rig.t, 'mw-mail', 2, {
    name: 'Maori Wars by mail',
    variant: 'maori-wars',
    scenario: 'hone-hekes-challenge',
  }));
});
afterAll(async () => {
  await rig?.close();
});

describe('Maori Wars by email', () => {
  it('plays a few phases by email reply, each player reading only their own', { timeout: 120_000 }, async () => {
    const replyTo: Record<string, string> = {};
    for (const [r, c] of Object.entries(byRole)) replyTo[r] = (await last(rig, c.email, 'start')).replyTo!;
    const start = await last(rig, byRole.Maori!.email, 'start');
    expect(start.text).toMatch(/Hōne Heke at /);
    expect(start.images.some((i) => i.cid === 'map@kahu' && i.contentType === 'image/png')).toBe(true);
    let standingSent = false;
    for (let n = 0; n < 4; n++) {
      const g = await mod.ok('GET', `/games/${gameId}`);
      const role = g.phase.readiness.find((r: any) => r.expected).role as string;
      const other = role === 'Maori' ? 'British' : 'Maori';
      const me = byRole[role]!;
      const { options } = await me.ok('GET', `/games/${gameId}/options`);
      const pick = options.actions.find((a: any) => a.kind !== 'pass') ?? options.actions.at(-1);
      if (!standingSent) {
        // The side not to move sends a standing instruction; the reply is theirs alone.
        await rig.send({
          from: byRole[other]!.email,
          to: replyTo[other],
          subject: 'Re: start',
          text: 'STANDING COUNTER NEVER\n',
        });
        const r = await last(rig, byRole[other]!.email, 'email-reply');
        expect(r.text).toMatch(/STANDING COUNTER NEVER\n\s+accepted: read as: STANDING COUNTER NEVER/i);
        standingSent = true;
      }
      await rig.send({ from: me.email, to: replyTo[role], subject: 'Re: start', text: `${pick.text}\nPASS\n` });
      const reply = await last(rig, me.email, 'email-reply');
      expect(reply.text).toContain(`${pick.text}\n`);
      expect(reply.text).toMatch(/accepted: read as: /);
      await mod.ok('POST', `/games/${gameId}/process`);
      const results = await last(rig, me.email, 'results');
      expect(results.text).toMatch(/Turn 1, (Maori|British) /);
      expect(results.images.some((i) => i.cid === 'map@kahu')).toBe(true);
    }
    const all = [...(await rig.inbox(byRole.Maori!.email)), ...(await rig.inbox(byRole.British!.email))];
    const counterNever = all.filter((m) => /COUNTER NEVER/.test(m.text)).map((m) => m.to);
    expect(counterNever.length).toBeGreaterThan(0);
    // Only the sender of the standing instruction ever reads it.
    expect(new Set(counterNever).size).toBe(1);
  });
});
