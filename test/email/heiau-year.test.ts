// A full Heiau game-year played by email alone: after the start (made over the API), every order,
// readiness, press, status, history and moderator action is a mail sent over real SMTP, and every
// answer is read from the mail the judge sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/service/sweep.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
beforeAll(async () => {
  rig = await startEmailRig();
});
afterAll(async () => {
  await rig?.close();
});

describe('Heiau Race, one game-year by email', () => {
  it("Spring, Fall and Winter by email, with press, STATUS, HISTORY and the moderator's commands", async () => {
    const mod = await signUp(rig.t, 'kahuna@example.org', { timeZone: 'Pacific/Honolulu' });
    const a = await signUp(rig.t, 'alii@example.org');
    const b = await signUp(rig.t, 'makoa@example.org');
    const observer = await signUp(rig.t, 'watcher@example.org');
    const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
      name: 'Race by mail',
      variant: 'heiau',
      scenario: 'race',
      public: true,
    });
    const gameId = game.id;
    const sunrise = byRole.Sunrise,
      sunset = byRole.Sunset;
    const addr: Record<string, string> = {};
    for (const c of [sunrise, sunset, mod]) addr[c.email] = (await last(rig, c.email, 'start')).replyTo!;
    let n = 0;
    const mail = async (c: Client, text: string) => {
      await rig.send({ from: c.email, to: addr[c.email], subject: `turn ${++n}`, text });
      return (await last(rig, c.email, 'email-reply')).text;
    };
    const label = async () => (await observer.ok('GET', `/games/${gameId}`)).phase?.label;

    // ---- Spring 1: orders and READY by mail; both ready, so the phase is processed early.
    let r = await mail(sunrise, 'HELP');
    expect(r).toContain('EXTEND <duration>');
    r = await mail(sunrise, 'B Kona-Kailua - Kawaihae\nB Puna H\nREADY');
    expect(r).toMatch(/3\. READY\n\s+done: ready: yes/);
    r = await mail(sunset, 'B Aiea H\nB Kilauea - Wailua\nready');
    expect(r).toContain('Orders: stored for Spring 1 Movement.');
    rig.t.clock.advance(1000);
    expect((await sweep(rig.t.ctx)).processed).toBe(1);
    expect(await label()).toBe('Fall 1 Movement');
    const results = await last(rig, sunrise.email, 'results');
    expect(results.text).toMatch(/Sunrise: B Kawaihae, B Puna/);
    expect(results.text).toContain('reply to this mail with your orders, one per line (HELP lists the commands)');
    expect(results.replyTo).toBe(addr[sunrise.email]);

    // ---- Press between the players, where the game allows it.
    r = await mail(sunrise, 'PRESS TO Sunset\nShall we share the island?\nYou keep Kilauea.\nEND\nSTATUS');
    expect(r).toMatch(/PRESS TO Sunset\n\s+done: press sent to Sunset \(2 line\(s\)\)/);
    expect(r).toContain('== STATUS ==');
    expect(r).toContain('Phase: Fall 1 Movement');
    expect(r).toContain('You have no orders for Fall 1 Movement');
    const press = await last(rig, sunset.email, 'press');
    expect(press.text).toContain('Press from Sunrise to Sunset');
    expect(press.text).toContain('  You keep Kilauea.');
    expect(press.text).toContain('PRESS TO Sunrise');
    expect((await sunset.ok('GET', `/games/${gameId}/press`)).press.map((p: any) => [p.from, p.to, p.text])).toEqual([
      ['Sunrise', ['Sunset'], 'Shall we share the island?\nYou keep Kilauea.'],
    ]);
    expect((await sunrise.ok('GET', `/games/${gameId}/press`)).press).toHaveLength(1);
    expect((await observer.ok('GET', `/games/${gameId}/press`)).press).toEqual([]);
    expect((await mod.ok('GET', `/games/${gameId}/press`)).press).toEqual([]);
    r = await mail(sunset, 'PRESS TO Nobody\nhi\nEND');
    expect(r).toMatch(/REJECTED: Not powers of this game: Nobody/);

    // ---- Fall 1: Sunrise orders; Sunset sends nothing. The moderator extends, then processes, by mail.
    await mail(sunrise, 'B Kawaihae H');
    const deadline = (await observer.ok('GET', `/games/${gameId}`)).phase.deadlineAt;
    r = await mail(mod, 'EXTEND 2h');
    expect(r).toMatch(/EXTEND 2h\n\s+done: deadline extended by 120 minutes/);
    expect(
      new Date((await observer.ok('GET', `/games/${gameId}`)).phase.deadlineAt).getTime() -
        new Date(deadline).getTime(),
    ).toBe(2 * 3600_000);
    r = await mail(mod, 'B Kawaihae H\nPROCESS');
    expect(r).toMatch(/1\. B Kawaihae H\n\s+REJECTED: not a command/);
    expect(r).toMatch(/PROCESS\n\s+done: processed; next: Winter 1 Adjustments/);
    expect(await label()).toBe('Winter 1 Adjustments');
    expect((await mod.ok('GET', `/games/${gameId}`)).players.find((p: any) => p.role === 'Sunset').missedPhases).toBe(
      1,
    );
    // A player cannot use a moderator's command.
    r = await mail(sunset, 'PROCESS');
    expect(r).toMatch(/PROCESS\n\s+REJECTED: PROCESS is a moderator's command/);
    expect(await label()).toBe('Winter 1 Adjustments');

    // ---- Winter 1: builds by mail, both ready.
    r = await mail(sunrise, 'Build A Kona-Kailua\nREADY');
    expect(r).toMatch(/accepted: read as:/);
    await mail(sunset, 'build a kilauea');
    r = await mail(sunset, 'READY');
    expect(r).toMatch(/READY\n\s+done: Sunset is ready for Winter 1 Adjustments/);
    rig.t.clock.advance(1000);
    expect((await sweep(rig.t.ctx)).processed).toBe(1);
    expect(await label()).toBe('Spring 2 Movement');

    // ---- HISTORY by mail: the year, then one phase with the orders as written.
    r = await mail(sunset, 'HISTORY');
    expect(r).toMatch(/1\. Spring 1 Movement \[adjudicated\]/);
    expect(r).toMatch(/2\. Fall 1 Movement \[adjudicated\] no orders from Sunset/);
    expect(r).toMatch(/4\. Spring 2 Movement \[open\]/);
    r = await mail(sunset, 'history spring 1 movement');
    expect(r).toContain('Orders of Sunrise:\n  B Kona-Kailua - Kawaihae\n  B Puna H');
    expect(r).toContain('Results:');

    // ---- Moderator: PAUSE / RESUME, DEADLINE in the moderator's own zone, ROLLBACK by name.
    r = await mail(mod, 'PAUSE');
    expect((await observer.ok('GET', `/games/${gameId}`)).status).toBe('paused');
    rig.t.clock.advanceMinutes(30);
    r = await mail(mod, 'RESUME\nDEADLINE 2025-03-03 20:00');
    expect(r).toMatch(
      /DEADLINE 2025-03-03 20:00\n\s+done: deadline set to Mon 3 Mar 2025 20:00 HST \(Pacific\/Honolulu; Tue 4 Mar 2025 06:00 UTC\)/,
    );
    expect((await observer.ok('GET', `/games/${gameId}`)).phase.deadlineAt).toBe('2025-03-04T06:00:00.000Z');
    r = await mail(mod, 'ROLLBACK Winter 1 Adjustments');
    expect(r).toMatch(/done: rolled back to Winter 1 Adjustments/);
    expect(await label()).toBe('Winter 1 Adjustments');
    r = await mail(mod, 'ROLLBACK Summer 9');
    expect(r).toMatch(/REJECTED: no adjudicated phase "Summer 9"/);

    // Every effect above came from mail; the record shows each message once, none refused.
    expect(await rig.t.db.inboundMail.count({ where: { status: { not: 'answered' } } })).toBe(0);
    expect((await mod.ok('GET', `/games/${gameId}/replay`)).ok).toBe(true);
  });
});
