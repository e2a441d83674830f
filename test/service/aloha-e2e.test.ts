// A four-player game of Aloha played to the end over HTTP: each decision is a phase for the one
// player who makes it; the others are never asked, and their tries are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => { t = await startTestService(); });
afterAll(async () => { await t?.close(); });

describe('Aloha over HTTP', () => {
  it('plays a four-player game to its end, one decision a phase', { timeout: 180_000 }, async () => {
    const mod = await signUp(t, 'aloha-mod@example.org');
    const players: Client[] = [];
    for (const n of [1, 2, 3, 4]) players.push(await signUp(t, `aloha${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, { name: 'Aloha four', variant: 'aloha', scenario: 'four', deadlines: { reminderMinutes: 0 } });
    expect(Object.keys(byRole).sort()).toEqual(['Blue', 'Green', 'Red', 'Yellow']);
    let decisions = 0;
    let refusedOthers = false;
    for (;;) {
      const g = await mod.ok('GET', `/games/${game.id}`);
      if (g.status === 'finished') { expect(g.outcome.text).toMatch(/wins|tie/); break; }
      const expected = g.phase.readiness.filter((r: any) => r.expected).map((r: any) => r.role);
      expect(expected).toHaveLength(1);
      const role = expected[0];
      const me = byRole[role]!;
      const opts = await me.ok('GET', `/games/${game.id}/options`);
      const text = opts.options.decision === 'convert' ? 'pass' : opts.options.actions[0].text;
      if (!refusedOthers) {
        const other = Object.entries(byRole).find(([r]) => r !== role)![1];
        const no = await other.req('PUT', `/games/${game.id}/orders`, { orders: [text] });
        expect(no.status).toBe(422);
        expect(JSON.stringify(no.body)).toMatch(new RegExp(`it is ${role}'s turn`));
        refusedOthers = true;
      }
      const sub = await me.ok('PUT', `/games/${game.id}/orders`, { orders: [text], ready: true });
      expect(sub.lines[0].ok).toBe(true);
      await mod.ok('POST', `/games/${game.id}/process`);
      if (++decisions > 400) throw new Error('no end');
    }
    expect(decisions).toBeGreaterThan(20);
    const h = await players[0]!.ok('GET', `/games/${game.id}/history`);
    expect(h.phases.filter((p: any) => p.report).length).toBe(decisions);
    expect(h.phases[0].report).toMatch(/settles/);
    const over = await mailFor(t.db, players[0]!.email, 'game-over');
    expect(over).toHaveLength(1);
    expect(over[0]!.body).toMatch(/Final position:[\s\S]*Kauai/);
  });
});
