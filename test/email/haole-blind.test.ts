// The Haole learns nothing of the natives before its first Spring orders are in (Heiau: the European
// powers "do not know the Hawaiian powers' dispositions until after submission of the first Spring
// orders"). Two games differ only in the natives' setup; the Haole plays the same orders in both,
// over HTTP and by email, including supports and convoys of units it cannot see. Everything it
// receives until the reveal is compared byte for byte, after replacing what must differ between
// two games (ids, tokens, seeds, signed addresses).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { client, signUp, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rigs: EmailRig[] = [];
beforeAll(async () => {
  rigs = [await startEmailRig(), await startEmailRig()];
});
afterAll(async () => {
  for (const r of rigs) await r?.close();
});

const NATIVES = ['Dawn', 'Morning', 'Afternoon', 'Dusk'];

/** Everything that must differ between two games, replaced by stable placeholders. */
function normalise(text: string): string {
  const seen = new Map<string, string>();
  const stable = (kind: string) => (m: string) => {
    if (!seen.has(m)) seen.set(m, `<${kind}${seen.size}>`);
    return seen.get(m)!;
  };
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, stable('id'))
    .replace(/kahu_[A-Za-z0-9_-]{43}/g, stable('token'))
    .replace(/\b[0-9a-f]{64}\b/g, '<seed hash>')
    .replace(/[A-Za-z0-9._+=-]+@play\.kahu\.test/g, stable('reply-address'))
    .replace(/<[^<>@\s]+@[^<>\s]+>/g, stable('message-id'));
}

/** One game: natives vote `setup`; the Haole does the same things in every game. Returns what the Haole received. */
async function play(rig: EmailRig, setup: string): Promise<{ received: string[]; natives: unknown }> {
  const t = rig.t;
  const mod = await signUp(t, 'kahuna@example.org');
  const haole = await signUp(t, 'captain@example.org');
  const natives: Client[] = [];
  for (const n of NATIVES) natives.push(await signUp(t, `${n.toLowerCase()}@example.org`));
  const game = await mod.ok(
    'POST',
    '/games',
    { name: 'Blind Haole', variant: 'heiau', scenario: 'haole', deadlines: { reminderMinutes: 0 } },
    201,
  );
  for (const c of [haole, ...natives])
    await mod.ok(
      'POST',
      `/games/${game.id}/invitations`,
      { email: c.email, role: c === haole ? 'Haole' : NATIVES[natives.indexOf(c)] },
      201,
    );
  for (const c of [haole, ...natives]) await c.ok('POST', `/games/${game.id}/join`);
  await mod.ok('POST', `/games/${game.id}/start`);

  const received: string[] = [];
  const see = async (method: string, url: string, body?: unknown) => {
    const r = await haole.req(method, url, body);
    received.push(
      `${method} ${url.replace(game.id, 'GAME')} -> ${r.status} ${r.headers['content-type'] ?? ''} ${r.headers.etag ?? ''}\n${typeof r.body === 'string' ? r.body : JSON.stringify(r.body)}`,
    );
  };
  const everything = async () => {
    for (const url of [
      '',
      '/history',
      '/phases/1',
      '/events',
      '/orders',
      '/options',
      '/press',
      '/map.svg',
      '/email-settings',
    ])
      await see('GET', `/games/${game.id}${url}`);
  };

  // The ballot: the natives choose the setup; the Haole votes Heart in every game.
  await everything();
  for (const n of natives) await n.ok('PUT', `/games/${game.id}/orders`, { text: setup, ready: true });
  await see('PUT', `/games/${game.id}/orders`, { text: 'Heart', ready: true });
  t.clock.advance(1000);
  await sweep(t.ctx);
  await everything();
  await see('GET', `/games/${game.id}/phases/2`);

  // The first Spring: supports and convoys of units the Haole cannot see, and an impossible one.
  await see('PUT', `/games/${game.id}/orders`, { text: 'F SPO S B Aiea - Waikiki' });
  await see('PUT', `/games/${game.id}/orders`, { text: 'F SPO S B Puna' });
  await see('PUT', `/games/${game.id}/orders`, { text: 'F SPO C B Ka Lae - Lanai' });
  await see('PUT', `/games/${game.id}/orders`, { text: 'F SPO S B Hilo - Kona-Kailua' });
  await see('PUT', `/games/${game.id}/orders`, { text: 'F SPO S A Waipio - Hamakua' });
  // And by email, answered by email.
  const address = (await last(rig, haole.email, 'start')).replyTo!;
  // The mail's own Date (the reply quotes it) is the game's clock, not the wall clock: two games a minute apart would differ.
  await rig.send({
    from: haole.email,
    to: address,
    subject: 'Spring orders',
    text: 'F SPO S B Waikiki - Aiea\nSTATUS',
    date: t.clock.now(),
  });
  await rig.inbox(haole.email);
  await everything();

  for (const m of await rig.inbox(haole.email))
    received.push(
      `MAIL ${m.kind} ${m.subject}\nReply-To: ${m.replyTo}\n${m.text}\n${m.html}\n${m.images.map((i) => `${i.cid} ${i.contentType} ${crypto.createHash('sha256').update(i.content).digest('hex')}`).join('\n')}`,
    );
  const natives_ = (await mod.ok('GET', `/games/${game.id}`)).view.units.filter((u: any) => u.power !== 'Haole');
  void client;
  return { received: received.map(normalise), natives: natives_ };
}

describe('The Haole before the first Spring orders', () => {
  it('receives the same bytes whatever the natives set up, and its orders about unseen units are accepted', async () => {
    const a = await play(rigs[0], 'Wings');
    const b = await play(rigs[1], 'Heart');
    // The two games really differ where the Haole cannot look.
    expect(JSON.stringify(a.natives)).not.toBe(JSON.stringify(b.natives));
    expect(a.received.length).toBe(b.received.length);
    for (let i = 0; i < a.received.length; i++)
      expect(b.received[i], `item ${i}: ${a.received[i].split('\n')[0]}`).toBe(a.received[i]);
    // Supports and convoys of units in spaces the Haole cannot see are read and accepted.
    const accepted = a.received.filter((r) => r.startsWith('PUT /games/GAME/orders -> 200'));
    expect(accepted.length).toBe(4);
    expect(a.received.join('\n')).toMatch(/"text":"F SPO C B Ka Lae - Lanai","ok":true/);
    // The impossible one is refused for a reason that needs no knowledge of the natives.
    const refused = a.received.find((r) => r.includes('F SPO S B Hilo - Kona-Kailua') && r.includes('-> 422'))!;
    expect(refused).toMatch(/cannot reach Kona-Kailua/);
  });
});
