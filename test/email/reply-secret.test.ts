// The reply secret is generated, never derived: random on first start, kept in the database and
// shared by every process on it; a seat's reply address stops working when the seat changes hands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createPool } from '../../src/db/client.ts';
import { loadReplySecret } from '../../src/service/secrets.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
beforeAll(async () => {
  rig = await startEmailRig({ REPLY_SECRET: '' });
});
afterAll(async () => {
  await rig?.close();
});

describe('the reply secret', () => {
  it('is random, kept in the database, the same for every process on it and different for another database', async () => {
    const env = {
      INBOUND_DOMAIN: 'play.kahu.test',
      INBOUND_WEBHOOK_SECRET: 'x'.repeat(32),
      DATABASE_URL: rig.t.database.url,
    };
    expect(loadConfig(env).inbound.replySecret).toBe('');
    const secrets: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = loadConfig(env);
      const pool = createPool(rig.t.database.url, 1);
      await loadReplySecret(c, pool);
      await pool.end();
      secrets.push(c.inbound.replySecret);
    }
    expect(secrets[0]).toBe(secrets[1]);
    expect(secrets[0]).toBe(rig.t.config.inbound.replySecret);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(40);
    const other = await createTestDatabase();
    try {
      const c = loadConfig({ ...env, DATABASE_URL: other.url });
      const pool = createPool(other.url, 1);
      await loadReplySecret(c, pool);
      await pool.end();
      expect(c.inbound.replySecret).not.toBe(secrets[0]);
    } finally {
      await other.drop();
    }
  });

  it("a seat's old reply address stops working once the seat changed hands", async () => {
    const mod = await signUp(rig.t, 'seat-mod@example.org');
    const a = await signUp(rig.t, 'seat-a@example.org');
    const b = await signUp(rig.t, 'seat-b@example.org');
    const c = await signUp(rig.t, 'seat-c@example.org');
    const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
      name: 'Seats',
      variant: 'heiau',
      scenario: 'race',
    });
    const role = Object.entries(byRole).find(([, x]) => x === a)![0];
    const oldAddress = (await last(rig, a.email, 'start')).replyTo!;
    const view = await mod.ok('GET', `/games/${game.id}`);
    const seatA = view.players.find((p: any) => p.email === a.email).id;
    await mod.ok('POST', `/games/${game.id}/players/${seatA}/replace`, { email: c.email });
    const seatC = (await mod.ok('GET', `/games/${game.id}`)).players.find(
      (p: any) => p.email === c.email && p.status === 'playing',
    ).id;
    // And back to a: the same person, a new key.
    await mod.ok('POST', `/games/${game.id}/players/${seatC}/replace`, { email: a.email });
    await rig.send({ from: a.email, to: oldAddress, subject: 'orders', text: 'STATUS' });
    expect(await rig.t.db.inboundMail.count({ where: { fromAddress: a.email, status: 'refused' } })).toBe(1);
    // A mail the judge sends now carries the new address, which works.
    await mod.ok('POST', `/games/${game.id}/process`);
    const fresh = (await last(rig, a.email, 'results')).replyTo!;
    expect(fresh).not.toBe(oldAddress);
    await rig.send({ from: a.email, to: fresh, subject: 'orders', text: 'STATUS' });
    expect((await last(rig, a.email, 'email-reply')).text).toContain(`:: Role: ${role}`);
  });
});
