// A four-player game of Aloha played to the end over HTTP: each decision is a phase for the one
// player who makes it; the others are never asked, and what they send is queued for their next
// decision (dropped, and they are told, once someone else acts). Queued actions over HTTP: played
// in the same resolution, without a phase of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { gameOf, signUp, startedGame, type Client } from '../helpers/api.ts';
import { sweep } from '../../src/service/sweep.ts';
import { act, current, type AlohaState } from '../../src/aloha/engine.ts';
import { ISLANDS, type Island } from '../../src/aloha/data.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('Aloha over HTTP', () => {
  it('plays a four-player game to its end, one decision a phase', { timeout: 180_000 }, async () => {
    const mod = await signUp(t, 'aloha-mod@example.org');
    const players: Client[] = [];
    for (const n of [1, 2, 3, 4]) players.push(await signUp(t, `aloha${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, players, {
      name: 'Aloha four',
      variant: 'aloha',
      scenario: 'four',
      deadlines: { reminderMinutes: 0 },
    });
    expect(Object.keys(byRole).sort()).toEqual(['Blue', 'Green', 'Red', 'Yellow']);
    let decisions = 0;
    let queuedBy: { role: string; phase: string; to: string } | null = null;
    for (;;) {
      const g = await mod.ok('GET', `/games/${game.id}`);
      if (g.status === 'finished') {
        expect(g.outcome.text).toMatch(/wins|tie/);
        break;
      }
      const expected = g.phase.readiness.filter((r: any) => r.expected).map((r: any) => r.role);
      expect(expected).toHaveLength(1);
      const role = expected[0];
      const me = byRole[role]!;
      const opts = await me.ok('GET', `/games/${game.id}/options`);
      const text = opts.options.decision === 'convert' ? 'pass' : opts.options.actions[0].text;
      if (!queuedBy) {
        // A player who waits may queue: read, stored, shown to nobody else, dropped once the
        // player to move acts.
        const [other, them] = Object.entries(byRole).find(([r]) => r !== role)!;
        const q = await them.ok('PUT', `/games/${game.id}/orders`, { orders: [text] });
        expect(q.lines[0].reading).toMatch(
          new RegExp(
            `^queued 1: ${text} \\(for your next decision, applied only if nothing happens before it: ${role} decides first`,
          ),
        );
        expect(q.ready).toBe(true);
        const seen = (await me.ok('GET', `/games/${game.id}`)).phase.readiness.find((r: any) => r.role === other);
        expect(seen.submitted).toBe(false);
        expect(
          (await them.ok('GET', `/games/${game.id}`)).phase.readiness.find((r: any) => r.role === other).submitted,
        ).toBe(true);
        queuedBy = { role: other, phase: g.phase.label, to: them.email };
      }
      const sub = await me.ok('PUT', `/games/${game.id}/orders`, { orders: [text], ready: true });
      expect(sub.lines[0].ok).toBe(true);
      await mod.ok('POST', `/games/${game.id}/process`);
      if (decisions === 0) {
        // Until the game ends, what was queued stays with its player (and the moderator).
        const others = (await me.ok('GET', `/games/${game.id}/history`)).phases[0];
        expect(others.orders.map((o: any) => o.role)).toEqual([role]);
        const own = (await byRole[queuedBy!.role]!.ok('GET', `/games/${game.id}/history`)).phases[0];
        expect(own.orders.map((o: any) => o.role).sort()).toEqual([role, queuedBy!.role].sort());
      }
      if (++decisions > 400) throw new Error('no end');
    }
    const told = (await mailFor(t.db, queuedBy!.to, 'results'))[0]!.body;
    expect(told).toMatch(/Your queued action "[^"]+" was dropped: \w+ acted \([^)]+\) since you gave it\./);
    for (const p of players.filter((x) => x.email !== queuedBy!.to))
      expect((await mailFor(t.db, p.email, 'results'))[0]!.body).not.toMatch(/queued/);
    expect(decisions).toBeGreaterThan(20);
    const h = await players[0]!.ok('GET', `/games/${game.id}/history`);
    expect(h.phases.filter((p: any) => p.report).length).toBe(decisions);
    expect(h.phases[0].report).toMatch(/settles/);
    // Every roll of the dice is shown, die by die, with its total and the draws it used: the Battle and the two Conflicts.
    const reports = h.phases.map((p: any) => p.report ?? '').join('\n');
    for (const battle of ["The Battle of Kuamo'o", 'The Paulet Affair', "The Abdication of Queen Lili'uokalani"]) {
      expect(reports).toMatch(
        new RegExp(
          `${battle}:\\n  (Red|Yellow|Green|Blue) \\d(\\+\\d){1,2} = \\d+(; (Red|Yellow|Green|Blue) \\d(\\+\\d){1,2} = \\d+){3} \\(draws #\\d+–#\\d+\\)\\n`,
        ),
      );
    }
    const kuamoo = h.phases.find((p: any) => /Kuamo'o/.test(p.report ?? ''));
    const mailed = (await mailFor(t.db, players[0]!.email, 'results')).find((m: any) =>
      m.body.includes(`:: Phase: ${kuamoo.key} ${kuamoo.label}\n`),
    )!;
    expect(mailed.body).toContain(kuamoo.report.split('\n').find((l: string) => / = \d+/.test(l)));
    const over = await mailFor(t.db, players[0]!.email, 'game-over');
    expect(over).toHaveLength(1);
    expect(over[0]!.body).toMatch(/Final position:[\s\S]*Kauai/);
  });
});

describe('queued actions over HTTP', () => {
  /** The open phase's position replaced (a fixture) by Chapter I's actions: `role` to act with `tokens`, the other with none. */
  async function chapterPosition(gameId: string, tokens: Partial<Record<Island, number>>): Promise<AlohaState> {
    const open = await t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    const role = open.expected[0]!;
    let s = open.state as unknown as AlohaState;
    while (s.stage === 'prologue') s = act(s, null).state;
    s.decision = 'action';
    s.order = [...s.roles];
    s.cursor = s.roles.indexOf(role);
    s.queue = [role];
    s.faceUp = [];
    for (const i of ISLANDS) for (const r of s.roles) s.actionTokens[i][r] = r === role ? (tokens[i] ?? 0) : 0;
    await t.db.phase.update({ where: { id: open.id }, data: { state: s as any } });
    return s;
  }

  it('two queued actions are played in turn without a phase of their own; one no longer legal gives the decision back, with its deadline', {
    timeout: 60_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(t, 'aloha-queue', 2, {
      name: 'Aloha queue',
      variant: 'aloha',
      scenario: 'two',
    });
    const s = await chapterPosition(gameId, { Molokai: 1, Maui: 1, Oahu: 1, Kauai: 1, Hawaii: 1 });
    const role = current(s)!.role;
    const me = byRole[role]!;
    await t.db.account.updateMany({ data: { receiptsByMail: true } }); // asked for receipts by mail
    const sent = await me.ok('PUT', `/games/${gameId}/orders`, {
      orders: ['take Molokai', 'take Maui', 'take Oahu'],
      ready: true,
    });
    expect(sent.lines.map((l: any) => l.reading)).toEqual([
      'take Molokai',
      'queued 1: take Maui (for your next decisions, applied while nobody else acts, no card turns up and the stage goes on)',
      'queued 2: take Oahu',
    ]);
    const receipt = (await mailFor(t.db, me.email, 'receipt')).at(-1)!.body;
    expect(receipt).toMatch(/take Maui\n\s+read as: queued 1: take Maui/);
    await mod.ok('POST', `/games/${gameId}/process`);
    // One phase resolved three decisions; the next phase is the fourth, the same player's.
    let g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.phase.label).toBe(`Chapter I, decision ${s.seq + 4}: ${role} to take an action`);
    let h = await mod.ok('GET', `/games/${gameId}/history`);
    const done = h.phases.filter((p: any) => p.status === 'adjudicated');
    expect(done).toHaveLength(1);
    expect(done[0].report.match(/plays an action queued in advance/g)).toHaveLength(2);
    const results = (await mailFor(t.db, me.email, 'results')).at(-1)!.body;
    expect(results).toContain('Your queued action "take Maui" was applied; still queued: "take Oahu".');
    expect(results).toContain('Your queued action "take Oahu" was applied.');

    // Kauai now, then Kauai again: no Action token left there by then; the decision is the player's.
    await me.ok('PUT', `/games/${gameId}/orders`, { orders: ['take Kauai', 'take Kauai'], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.phase.label).toBe(`Chapter I, decision ${s.seq + 5}: ${role} to take an action`);
    expect(g.phase.readiness.find((r: any) => r.role === role)).toMatchObject({
      expected: true,
      submitted: false,
      ready: false,
    });
    expect(new Date(g.phase.deadlineAt).getTime()).toBeGreaterThan(new Date(g.phase.openedAt).getTime());
    const back = (await mailFor(t.db, me.email, 'results')).at(-1)!.body;
    expect(back).toContain(
      'Your queued action "take Kauai" was not applied: taking the resource of Kauai needs an Action token on Kauai. The decision is yours: take an action.',
    );
    expect(back).toMatch(/Your turn: send your turn for Chapter I, decision/);
    h = await mod.ok('GET', `/games/${gameId}/history`);
    expect(h.phases.filter((p: any) => p.status === 'adjudicated')).toHaveLength(2);

    // The player lets the deadline pass: the default (the first legal action) is played, and the
    // player is recorded as late.
    t.clock.set(new Date(g.phase.deadlineAt));
    expect((await sweep(t.ctx)).processed).toBe(1);
    h = await mod.ok('GET', `/games/${gameId}/history`);
    const missed = h.phases.filter((p: any) => p.status === 'adjudicated').at(-1);
    expect(missed.missed).toEqual([role]);
    expect(missed.report).toContain(`${role} gave no action in time: by default, take Hawaii.`);
    g = await mod.ok('GET', `/games/${gameId}`);
    expect(g.players.find((p: any) => p.role === role).missedPhases).toBe(1);
  });
});
