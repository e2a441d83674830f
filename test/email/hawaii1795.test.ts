// Hawaii 1795 by email alone: after the start (made over the API), the player whose turn it is
// sends the turn (built from the engine's legal choices) by mail, the waiting player sends STANDING
// instructions by mail, bad lines are refused with the reason, STATUS shows the draw and one's own
// held cards only, and both players get the battle report. Two turns, one per side, over real SMTP.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hawaii1795, hawaii1795Choices, type Hawaii1795State } from '../../src/games/hawaii1795.ts';
import { sweep } from '../../src/service/sweep.ts';
import { signUp, type Client } from '../helpers/api.ts';
import { hawaiiTurn } from '../helpers/hawaii1795-player.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
beforeAll(async () => {
  rig = await startEmailRig();
});
afterAll(async () => {
  await rig?.close();
});

// The game's seed is fixed before the start (as in test/service/hawaii1795-e2e.test.ts) so the
// same game is played on every run: Kamehameha draws #7 Ku-ka'ili-moku and holds it, battles are
// fought in both turns, and in the second a sighted invasion would meet Kamehameha's war fleet
// unless his standing instructions say otherwise.
const SEED = 'kahu-hawaii1795-email-2351';
const K = 'kamehameha';
const A = 'allied-chiefs';

const battleLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^— Battle at |^Sea battle /.test(l));
const reportLines = (report: unknown, role: string) =>
  hawaii1795
    .formatReport(report, { kind: 'player', role })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('Hawaii 1795 by email', () => {
  it('turns, standing instructions, STATUS and battle reports by mail, one turn per side', async () => {
    const mod = await signUp(rig.t, 'kahuna@example.org');
    const kp = await signUp(rig.t, 'paiea@example.org', { timeZone: 'Pacific/Honolulu' });
    const ap = await signUp(rig.t, 'kalani@example.org');
    const created = await mod.ok(
      'POST',
      '/games',
      {
        name: 'Hawaii by mail',
        variant: 'hawaii1795',
        scenario: 'short',
        deadlines: { lengths: { turn: 720 }, reminderMinutes: 0 },
      },
      201,
    );
    const gameId = created.id;
    await rig.t.db.game.update({
      where: { id: gameId },
      data: { seed: SEED, seedHash: crypto.createHash('sha256').update(SEED).digest('hex') },
    });
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: kp.email, role: K }, 201);
    await mod.ok('POST', `/games/${gameId}/invitations`, { email: ap.email, role: A }, 201);
    for (const p of [kp, ap]) await p.ok('POST', `/games/${gameId}/join`);
    await mod.ok('POST', `/games/${gameId}/start`);

    const addr: Record<string, string> = {};
    for (const c of [kp, ap]) addr[c.email] = (await last(rig, c.email, 'start')).replyTo!;
    let n = 0;
    const mail = async (c: Client, text: string) => {
      await rig.send({ from: c.email, to: addr[c.email], subject: `Hawaii ${++n}`, text });
      return (await last(rig, c.email, 'email-reply')).text;
    };
    const openPhase = () => rig.t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    const submissions = (role: string) => rig.t.db.submission.count({ where: { role, phase: { gameId } } });
    const page = `on the game's page, http://kahu.test/#/games/${gameId}`;
    const reply = (it: string) => `: reply to this mail with ${it}, one per line (HELP lists the commands)`;

    // ---- The start mails: Kamehameha is to send the turn, the Allied Chiefs only standing instructions.
    const kStart = await last(rig, kp.email, 'start');
    expect(kStart.text).toContain(`Your turn: send your turn for March 1795, Kamehameha ${page}.`);
    expect(kStart.text).not.toContain('standing instructions');
    const aStart = await last(rig, ap.email, 'start');
    expect(aStart.text).toContain(
      `It is Kamehameha's turn, not yours; you may change your standing instructions at any time (STANDING lines) ${page}.`,
    );
    expect(kStart.text + aStart.text).not.toMatch(/\b(PUT|POST|GET) http/);
    expect(aStart.text).not.toContain('Your turn');

    let open = await openPhase();
    let state = open.state as unknown as Hawaii1795State;
    expect(open.label).toBe('March 1795, Kamehameha');
    expect(state.decks[K]!.drawn).toBe(7);

    // ---- HELP in a Hawaii game lists the turn and standing lines; its example is a valid turn here.
    let r = await mail(ap, 'HELP');
    expect(r).toContain('STANDING WARFLEET ALWAYS|NEVER|STRONGER');
    expect(r).toContain('FLEET Kona - Maui WITH Kamehameha, 2 warriors');
    const example = r
      .slice(r.indexOf('Example:'))
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter((l) => l && l !== 'READY');
    expect(example.slice(0, 4)).toEqual([
      'HOLD',
      'RECRUIT warriors Kona',
      'FLEET Kona - Oahu-1 WITH Vancouver cannon, pike',
      'STANDING RETREAT Hilo',
    ]);
    expect(hawaii1795.readSubmission(state, K, example.slice(0, 4)).lines.every((l) => l.ok)).toBe(true);

    // ---- The waiting player: STATUS shows the card Kamehameha drew; turn lines are refused.
    r = await mail(ap, 'STATUS');
    expect(r).toContain('Phase: March 1795, Kamehameha.');
    expect(r).toContain("Kamehameha cards: drawn #7 Ku-ka'ili-moku; held: 0 card(s)");
    expect(r).toContain('Allied Chiefs cards: held: none');
    expect(r).toContain('You have no orders for March 1795, Kamehameha.');
    expect(r).toContain("It is Kamehameha's turn, not yours; you may change your standing instructions");
    r = await mail(ap, 'MOVE oahu-1 - oahu-2');
    expect(r).toMatch(/1\. MOVE oahu-1 - oahu-2\n\s+REJECTED: .*only STANDING instructions/);
    expect(r).toContain('Orders: NOT stored.');
    expect(await submissions(A)).toBe(0);

    // ---- ... and STANDING lines by mail are accepted during Kamehameha's turn, with a receipt.
    const receiptsBefore = (await rig.inbox(ap.email, 'receipt')).length;
    r = await mail(ap, 'STANDING EARTHWORKS NONE\nSTANDING RETREAT Maui');
    expect(r).toMatch(/1\. STANDING EARTHWORKS NONE\n\s+accepted: read as: STANDING earthworks: none/);
    expect(r).toMatch(/2\. STANDING RETREAT Maui\n\s+accepted: read as: STANDING retreat to: Maui/);
    expect(r).toContain('Orders: stored for March 1795, Kamehameha.');
    const aOrders = await ap.ok('GET', `/games/${gameId}/orders`);
    expect(aOrders).toMatchObject({ role: A, expected: false, ready: true });
    expect(aOrders.lines.map((l: any) => l.text)).toEqual(['STANDING EARTHWORKS NONE', 'STANDING RETREAT Maui']);
    expect(r).toMatch(new RegExp(`^:: Receipt: ${aOrders.receipt.hash}$`, 'm'));
    // One message, one answer: the reply is the receipt; no separate receipt mail.
    expect(await rig.inbox(ap.email, 'receipt')).toHaveLength(receiptsBefore);
    // Nothing is processed for it: the turn waits for Kamehameha.
    expect((await openPhase()).earlyAt).toBeNull();
    rig.t.clock.advance(1000);
    expect((await sweep(rig.t.ctx)).processed).toBe(0);

    // ---- The player whose turn it is: a bad line refuses the whole turn, with the reason.
    const turn1 = hawaiiTurn(state, K, 0);
    const choices = hawaii1795Choices(state, K);
    expect(choices.canHold).toBe(true);
    expect(turn1[0]).toBe('HOLD');
    expect(turn1.some((l) => l.startsWith('FLEET '))).toBe(true);
    r = await mail(kp, [...turn1, 'MOVE dragons Kona - Hilo', 'READY'].join('\n'));
    expect(r).toMatch(
      new RegExp(`${turn1.length + 1}\\. MOVE dragons Kona - Hilo\\n\\s+REJECTED: 'dragons' is not a unit`),
    );
    expect(r).toMatch(/1\. HOLD\n\s+accepted: read as: HOLD #7 \(not stored\)/);
    expect(r).toMatch(/READY\n\s+REJECTED: not done: the orders of this message were not stored/);
    expect(r).toContain(`Orders: NOT stored. Line ${turn1.length + 1} was rejected`);
    expect(r).not.toMatch(/^:: Receipt:/m);
    expect(await submissions(K)).toBe(0);
    expect((await kp.ok('GET', `/games/${gameId}/orders`)).lines).toEqual([]);

    // STATUS: the drawn card and Kamehameha's own hand; never the other side's standing instructions.
    r = await mail(kp, 'STATUS');
    expect(r).toContain("Kamehameha cards: drawn #7 Ku-ka'ili-moku; held: none");
    expect(r).toContain('Allied Chiefs cards: held: 0 card(s)');
    expect(r).toContain('Ready: Kamehameha no orders.');
    expect(r).not.toMatch(/retreat to: maui|RETREAT Maui|earthworks: none/i);

    // ---- The turn, built from the engine's legal choices, and READY: each line read, with the receipt.
    r = await mail(kp, [...turn1, 'READY'].join('\n'));
    const read1 = hawaii1795.readSubmission(state, K, turn1).lines;
    read1.forEach((l, i) => expect(r).toContain(`${i + 1}. ${turn1[i]}\n       accepted: read as: ${l.reading}\n`));
    expect(r).toMatch(new RegExp(`${turn1.length + 1}\\. READY\\n\\s+done: ready: yes`));
    expect(r).toContain('Orders: stored for March 1795, Kamehameha.');
    const kOrders = await kp.ok('GET', `/games/${gameId}/orders`);
    expect(kOrders).toMatchObject({ role: K, expected: true, ready: true });
    expect(r).toMatch(new RegExp(`^:: Receipt: ${kOrders.receipt.hash}$`, 'm'));
    expect(r).toContain(`Receipt: ${kOrders.receipt.hash}\n`);

    // Ready: processed early. Both results mails carry the battle report, each the engine's for its reader.
    rig.t.clock.advance(1000);
    expect((await sweep(rig.t.ctx)).processed).toBe(1);
    let done = await rig.t.db.phase.findUniqueOrThrow({ where: { id: open.id } });
    expect(done).toMatchObject({ status: 'adjudicated', missed: [] });
    // The report is the one the engine gives for Kamehameha's turn with the Allied standing instructions.
    const expected1 = hawaii1795.resolve(state, {
      [K]: hawaii1795.readSubmission(state, K, turn1).accepted,
      [A]: hawaii1795.readSubmission(state, A, ['STANDING EARTHWORKS NONE', 'STANDING RETREAT Maui']).accepted,
    });
    expect(done.report).toEqual(JSON.parse(JSON.stringify(expected1.report)));
    let kRes = await last(rig, kp.email, 'results');
    let aRes = await last(rig, ap.email, 'results');
    const fought1 = battleLines(hawaii1795.formatReport(done.report, { kind: 'moderator' }));
    expect(fought1.length).toBeGreaterThan(0);
    for (const [res, role] of [
      [kRes, K],
      [aRes, A],
    ] as const) {
      expect(res.subject).toBe('Hawaii by mail: March 1795, Kamehameha results — next: March 1795, Allied Chiefs');
      expect(battleLines(res.text)).toEqual(fought1);
      expect(reportLines(done.report, role).filter((l) => !res.text.includes(l))).toEqual([]);
      expect(res.replyTo).toBe(addr[res.to]);
    }
    // Per reader: the Allied Chiefs are to send their turn now; Kamehameha may send standing instructions.
    expect(aRes.text).toContain(`Your turn: send your turn for March 1795, Allied Chiefs${reply('it')}.`);
    expect(aRes.text).not.toContain('not yours');
    expect(kRes.text).toContain(
      `It is Allied Chiefs' turn, not yours; you may change your standing instructions at any time (STANDING lines)${reply('them')}.`,
    );
    expect(kRes.text + aRes.text).not.toMatch(/\b(PUT|POST|GET) http/);
    expect(kRes.text).not.toContain('Your turn');

    // The Allied standing instructions stay private: not in any of Kamehameha's mail, nor in his HISTORY.
    r = await mail(kp, `HISTORY ${done.label}`);
    expect(r).toContain('Orders of Kamehameha:\n  HOLD');
    expect(r).not.toContain('Orders of Allied Chiefs');
    r = await mail(ap, `HISTORY ${done.label}`);
    expect(r).toContain('Orders of Allied Chiefs:\n  STANDING EARTHWORKS NONE\n  STANDING RETREAT Maui');

    // ---- Second turn, the Allied Chiefs': STATUS shows each player's own hand and only the count of the other's.
    open = await openPhase();
    state = open.state as unknown as Hawaii1795State;
    expect(open.label).toBe('March 1795, Allied Chiefs');
    expect(state.decks[K]!.held).toEqual([7]);
    expect(state.decks[A]!.drawn).toBe(2);
    r = await mail(kp, 'STATUS');
    expect(r).toContain("Kamehameha cards: held: #7 Ku-ka'ili-moku;");
    expect(r).toContain("Allied Chiefs cards: drawn #2 Pikes of O'ahu; held: 0 card(s)");
    expect(r).toContain("It is Allied Chiefs' turn, not yours");
    r = await mail(ap, 'STATUS');
    expect(r).toContain('Kamehameha cards: held: 1 card(s);');
    expect(r).toContain("Allied Chiefs cards: drawn #2 Pikes of O'ahu; held: none");
    expect(r).not.toMatch(/#7|Ku-ka'ili-moku/);
    expect(r).toContain('Ready: Allied Chiefs no orders.');

    // Kamehameha, waiting, sends standing instructions (his turn lines are refused).
    r = await mail(kp, 'HOLD');
    expect(r).toMatch(/1\. HOLD\n\s+REJECTED: .*only STANDING instructions/);
    r = await mail(kp, 'STANDING WARFLEET NEVER\nSTANDING LOSSES warriors');
    expect(r).toMatch(/1\. STANDING WARFLEET NEVER\n\s+accepted: read as: STANDING war fleet: never/);
    expect(r).toMatch(/2\. STANDING LOSSES warriors\n\s+accepted: read as: STANDING losses first to: warriors/);
    expect(r).toContain('Orders: stored for March 1795, Allied Chiefs.');
    r = await mail(kp, 'STATUS');
    expect(r).toContain('Your orders for March 1795, Allied Chiefs (receipt ');
    expect(r).toContain('  STANDING WARFLEET NEVER\n  STANDING LOSSES warriors');
    r = await mail(ap, 'STATUS');
    expect(r).not.toMatch(/war fleet: never|WARFLEET NEVER|LOSSES warriors|losses first to/i);

    // The Allied turn from the legal choices, READY.
    const turn2 = hawaiiTurn(state, A, 1);
    expect(turn2.some((l) => l.startsWith('FLEET '))).toBe(true);
    r = await mail(ap, [...turn2, 'READY'].join('\n'));
    hawaii1795
      .readSubmission(state, A, turn2)
      .lines.forEach((l, i) => expect(r).toContain(`${i + 1}. ${turn2[i]}\n       accepted: read as: ${l.reading}\n`));
    expect(r).toContain('Orders: stored for March 1795, Allied Chiefs.');
    rig.t.clock.advance(1000);
    expect((await sweep(rig.t.ctx)).processed).toBe(1);
    done = await rig.t.db.phase.findUniqueOrThrow({ where: { id: open.id } });
    expect(done).toMatchObject({ status: 'adjudicated', missed: [] });

    // Kamehameha's standing instructions took effect: with the defaults his war fleet would have met
    // the sighted invasion; with WARFLEET NEVER it stays home.
    const withDefaults = hawaii1795.resolve(state, { [A]: hawaii1795.readSubmission(state, A, turn2).accepted });
    // (and by default without Kamehameha, whose loss ends the game).
    expect(hawaii1795.formatReport(withDefaults.report, { kind: 'moderator' })).toMatch(
      /sighted\. Kamehameha's war fleet: launched \(default WARFLEET STRONGER; Kamehameha \(3\+\) stays ashore/,
    );
    const modReport2 = hawaii1795.formatReport(done.report, { kind: 'moderator' });
    expect(modReport2).toMatch(
      /Kamehameha sighting roll \d: sighted\. Kamehameha's war fleet: not launched \(standing instruction WARFLEET NEVER\)\./,
    );
    // Why no war fleet sailed is Kamehameha's standing instruction: the Allied Chiefs do not read it.
    // (The Allied report may name the Allied Chiefs' own instructions, e.g. where they retreat.)
    expect(hawaii1795.formatReport(done.report, { kind: 'player', role: A })).not.toMatch(/WARFLEET|war fleet: never/i);
    expect(hawaii1795.formatReport(done.report, { kind: 'player', role: A })).toContain(
      "Kamehameha's war fleet: not launched (Kamehameha's decision).",
    );
    expect(hawaii1795.formatReport(done.report, { kind: 'player', role: K })).toContain(
      "Kamehameha's war fleet: not launched (standing instruction WARFLEET NEVER).",
    );
    expect(modReport2).not.toMatch(/war fleet of|Sea battle/);
    const fought2 = battleLines(modReport2);
    expect(fought2.length).toBeGreaterThan(0);
    kRes = await last(rig, kp.email, 'results');
    aRes = await last(rig, ap.email, 'results');
    for (const [res, role] of [
      [kRes, K],
      [aRes, A],
    ] as const) {
      expect(res.subject).toBe('Hawaii by mail: March 1795, Allied Chiefs results — next: April 1795, Kamehameha');
      expect(battleLines(res.text)).toEqual(fought2);
      expect(reportLines(done.report, role).filter((l) => !res.text.includes(l))).toEqual([]);
    }
    expect(kRes.text).toContain(`Your turn: send your turn for April 1795, Kamehameha${reply('it')}.`);
    expect(aRes.text).toContain("It is Kamehameha's turn, not yours; you may change your standing instructions");

    // Neither side's standing instructions reached the other side in any mail.
    for (const m of await rig.inbox(ap.email))
      expect(m.text).not.toMatch(/war fleet: never|WARFLEET NEVER|LOSSES warriors|losses first to/i);
    for (const m of await rig.inbox(kp.email))
      expect(m.text).not.toMatch(/retreat to: maui|RETREAT Maui|EARTHWORKS NONE|earthworks: none/i);

    // Every effect came from mail; each message answered once; the game replays.
    expect(await rig.t.db.inboundMail.count({ where: { status: { not: 'answered' } } })).toBe(0);
    expect(await rig.t.db.inboundMail.count()).toBe(n);
    expect((await mod.ok('GET', `/games/${gameId}/replay`)).ok).toBe(true);
  });
});
