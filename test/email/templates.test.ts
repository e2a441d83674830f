// People read names, never ids, in every mail the judge sends: games of Standard, Heiau (two
// scenarios), Hawaii 1795, Aloha and Maori Wars are played through the service and by email — invitation,
// start, receipts, reminders, late orders, results, press to one power and to all, draw votes,
// errors, HELP, STATUS, HISTORY, moderator events, a resignation and its replacement, the end —
// and the sign-in, registration and judge-address mail; then every mail of the outbox, for every
// reader, is checked for internal ids (account and game uuids, space, unit, side and card ids)
// and broken words ("bunchs", "a army", "1 units"). What a writer wrote is quoted back as written
// and is not checked; the machine-readable `::` lines and links may carry ids.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Phase } from '../../src/db/generated/client.ts';
import { games } from '../../src/games/index.ts';
import { hawaii1795, type Hawaii1795State } from '../../src/games/hawaii1795.ts';
import type { Viewer } from '../../src/contract/types.ts';
import {
  gameOverMail,
  inviteMail,
  lateMail,
  reminderMail,
  receiptMail,
  resultsMail,
  startMail,
  type Reader,
} from '../../src/mail/game-mail.ts';
import { sweep } from '../../src/service/sweep.ts';
import { signUp, type Client } from '../helpers/api.ts';
import { hawaiiTurn } from '../helpers/hawaii1795-player.ts';
import { BROKEN, idPattern, wordsPattern } from '../helpers/names.ts';
import { DOMAIN, last, startEmailRig, type EmailRig } from './helpers.ts';

const MX = 'mx.play.kahu.test';
const JUDGE = `judge@${DOMAIN}`;
const proven = (email: string) => ({ 'Authentication-Results': `${MX}; dkim=pass header.d=${email.split('@')[1]}` });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Every `{id, name}` of a data file whose id is not how the rules write it. */
function dataIds(file: string, skip: string[]): string[] {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (typeof o.id === 'string' && typeof o.name === 'string' && o.id !== o.name && !skip.includes(o.id))
        out.push(o.id);
      Object.values(o).forEach(walk);
    }
  };
  walk(JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')));
  return out;
}

const hawaiiData = JSON.parse(
  fs.readFileSync(new URL('../../src/hand-of-destiny/scenarios/hawaii-1795.json', import.meta.url), 'utf8'),
);
const hawaiiIds = [...hawaiiData.sides, ...hawaiiData.spaces, ...hawaiiData.islands, ...hawaiiData.units]
  .filter((x: { id: string; name: string }) => x.id !== x.name && x.id !== 'earthworks') // "earthworks" is also the rulebook's word
  .map((x: { id: string }) => x.id);

const ID_PATTERNS: Record<string, RegExp> = {
  standard: idPattern('standard'),
  heiau: idPattern('heiau'),
  hawaii1795: wordsPattern(hawaiiIds),
  aloha: wordsPattern(dataIds('../../src/aloha/data/aloha.json', ['governor'])),
  // Units and Structures (u12, s3), territories (tai-tokerau) and the box prefix (bush:).
  'maori-wars': new RegExp(
    `${wordsPattern([...dataIds('../../src/maori-wars/data/north-island.json', []), 'bush']).source}|(?<![\\w'-])[us]\\d+(?![\\w'-])`,
  ),
};

/**
 * What the judge wrote: without `::` lines, links, reply tokens, and the lines a writer sent,
 * quoted back as written (numbered lines of a reply or receipt, and the indented lines under
 * "Orders of <power>:" and "Your orders for <phase> ...:" in STATUS and HISTORY).
 */
function ours(body: string): string {
  const out: string[] = [];
  let quoting = false;
  for (const l of body.split('\n')) {
    if (quoting && /^\s+\S/.test(l)) continue;
    quoting = /^(Orders of .+|Your orders for .+):$/.test(l);
    if (l.startsWith(':: ') || /^\s+\d+\.\s/.test(l)) continue;
    out.push(l);
  }
  return out
    .join('\n')
    .replace(/https?:\/\/\S+/g, '<link>')
    .replace(/(orders|moderator)\+[a-z2-7]+@/g, '$1+<token>@');
}

let rig: EmailRig;
const played: { variant: string; gameId: string }[] = [];

interface Seat {
  client: Client;
  role: string;
  addr: string;
}

async function play(variant: string, scenario: string, players: number, opts: { press?: boolean } = {}) {
  const tag = `${variant}-${scenario}`;
  const mod = await signUp(rig.t, `${tag}-mod@example.org`, { name: 'Kahuna' });
  const ps: Client[] = [];
  for (let n = 1; n <= players; n++)
    ps.push(await signUp(rig.t, `${tag}-${n}@example.org`, n % 2 ? { name: `Player ${n}` } : {}));
  const game = await mod.ok(
    'POST',
    '/games',
    { name: `${tag} game`, variant, scenario, nmrPolicy: 'wait', deadlines: { graceMinutes: 60, reminderMinutes: 60 } },
    201,
  );
  played.push({ variant, gameId: game.id });
  for (const p of ps) await mod.ok('POST', `/games/${game.id}/invitations`, { email: p.email }, 201);
  // The first joins by email, the others over the API.
  await rig.send({
    from: ps[0]!.email,
    to: JUDGE,
    subject: 'join',
    text: `LIST\nJOIN ${tag} game`,
    headers: proven(ps[0]!.email),
  });
  for (const p of ps.slice(1)) await p.ok('POST', `/games/${game.id}/join`);
  const started = await mod.ok('POST', `/games/${game.id}/start`);
  await rig.t.db.account.updateMany({ data: { receiptsByMail: true } }); // every kind of mail: receipts of API orders too
  const seats: Seat[] = [];
  for (const pl of started.players) {
    const client = ps.find((p) => p.email === pl.email)!;
    seats.push({ client, role: pl.role, addr: (await last(rig, client.email, 'start')).replyTo! });
  }
  const modAddr = (await last(rig, mod.email, 'start')).replyTo!;
  const [a, b] = seats as [Seat, Seat];
  await rig.send({
    from: a.client.email,
    to: a.addr,
    subject: 'commands',
    text: 'HELP\nSTATUS\nHISTORY\nNOT AN ORDER\nCONCEDE Nobody\nPROCESS\nREGISTER\nRESIGN',
  });
  await rig.send({
    from: mod.email,
    to: modAddr,
    subject: 'mod',
    text: 'STATUS\nPAUSE\nRESUME\nEXTEND 1h\nREADY\nB Puna H',
  });
  if (opts.press !== false) {
    await rig.send({
      from: a.client.email,
      to: a.addr,
      subject: 'press',
      text: `PRESS TO ALL\nAloha kakou.\nEND\nPRESS TO ${b.role}\nA word between us.\nEND`,
    });
  }
  await rig.send({ from: b.client.email, to: b.addr, subject: 'vote', text: 'DRAW\nNODRAW\nCONCEDE Nobody' });
  for (let round = 0; round < 2; round++) {
    const g = await mod.ok('GET', `/games/${game.id}`);
    if (!g.phase) break;
    // One player of those expected sends orders over the API (a receipt mail); the others are late.
    const first = seats.find((s) => g.phase.readiness.some((r: any) => r.role === s.role && r.expected));
    const lines = first ? await validLines(variant, game.id, first) : [];
    if (first && lines.length) {
      await rig.send({ from: first.client.email, to: first.addr, subject: 'orders', text: lines.join('\n') });
      await first.client.ok('PUT', `/games/${game.id}/orders`, { orders: lines, ready: false });
    }
    const deadline = new Date(g.phase.deadlineAt).getTime();
    rig.t.clock.advance(deadline - rig.t.clock.now().getTime() - 30 * 60_000);
    await sweep(rig.t.ctx); // reminders
    rig.t.clock.advance(31 * 60_000);
    await sweep(rig.t.ctx); // the deadline passes: late orders, a grace period
    rig.t.clock.advance(61 * 60_000);
    await sweep(rig.t.ctx); // results
  }
  await rig.send({ from: a.client.email, to: a.addr, subject: 'history', text: 'HISTORY 1\nHISTORY' });
  // The last player resigns; the moderator replaces, then removes the replacement.
  const leaving = seats[seats.length - 1]!;
  await rig.send({ from: leaving.client.email, to: leaving.addr, subject: 'bye', text: `RESIGN ${leaving.role}` });
  const view = await mod.ok('GET', `/games/${game.id}`);
  if (view.status !== 'finished') {
    const seat = view.players.find((p: any) => p.email === leaving.client.email);
    await mod.ok('POST', `/games/${game.id}/players/${seat.id}/replace`, { email: `${tag}-sub@example.org` });
    const sub = (await mod.ok('GET', `/games/${game.id}`)).players.find(
      (p: any) => p.email === `${tag}-sub@example.org`,
    );
    await mod.ok('DELETE', `/games/${game.id}/players/${sub.id}`);
    await mod.ok('POST', `/games/${game.id}/draw`, {});
  }
}

/** Lines the engine reads for this seat now, written with the rulebook's names. */
async function validLines(variant: string, gameId: string, seat: Seat): Promise<string[]> {
  const o = (await seat.client.ok('GET', `/games/${gameId}/options`)).options;
  if (variant === 'aloha' || variant === 'maori-wars') return o.actions.length ? [o.actions[0].text] : [];
  if (variant === 'hawaii1795') {
    const phase = await rig.t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    const state = phase.state as unknown as Hawaii1795State;
    const lines = hawaiiTurn(state, seat.role, 1).filter((l) => !ID_PATTERNS.hawaii1795.test(l));
    return hawaii1795.readSubmission(state, seat.role, lines).lines.every((l) => l.ok) ? lines : [];
  }
  if (o.adjustment) {
    const due = o.adjustment.due ?? 0;
    return due > 0
      ? (o.adjustment.builds ?? []).slice(0, due).map((x: any) => x.order)
      : o.units.slice(0, -due).map((u: any) => u.orders[0].order);
  }
  return (o.units ?? []).map((u: any) => u.orders[u.orders.length - 1].order);
}

describe('every mail the judge sends, for every reader', () => {
  beforeAll(async () => {
    rig = await startEmailRig({ INBOUND_AUTHSERV_ID: MX, INBOUND_TRUSTED_MX: '127.0.0.1' });
    await play('standard', 'classic', 7);
    await play('heiau', 'race', 2);
    await play('heiau', 'haole', 5);
    await play('hawaii1795', 'short', 2);
    await play('aloha', 'two', 2);
    await play('maori-wars', 'hone-hekes-challenge', 2);
    // Mail about no game: sign-in (token, web link, unknown address), registration, the judge's help.
    await rig.t.app.inject({
      method: 'POST',
      url: '/accounts/sign-in',
      payload: { email: 'standard-classic-1@example.org' },
    });
    await rig.t.app.inject({
      method: 'POST',
      url: '/accounts/sign-in',
      payload: { email: 'standard-classic-1@example.org', web: true },
    });
    await rig.t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email: 'stranger@example.org' } });
    await rig.send({
      from: 'newcomer@example.net',
      to: JUDGE,
      subject: 'hello',
      text: 'REGISTER\nLIST\nHELP\nB Puna H',
      headers: proven('newcomer@example.net'),
    });
    await rig.send({
      from: 'newcomer@example.net',
      to: JUDGE,
      subject: 'empty',
      text: '',
      headers: proven('newcomer@example.net'),
    });
    await rig.inbox('nobody');
  }, 600_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('covers every kind of mail', async () => {
    const kinds = new Set((await rig.t.db.outboxMail.findMany({ select: { kind: true } })).map((m) => m.kind));
    for (const k of [
      'invite',
      'start',
      'receipt',
      'reminder',
      'late',
      'results',
      'press',
      'email-reply',
      'game-over',
      'token',
      'replacement',
      'event:removed',
      'event:resigned',
      'event:resigned-moderator',
      'event:paused',
      'event:resumed',
      'event:deadline',
      'event:replaced',
    ]) {
      expect(kinds, k).toContain(k);
    }
  });

  for (const variant of ['standard', 'heiau', 'hawaii1795', 'aloha', 'maori-wars', 'none']) {
    it(`${variant}: no id and no broken word`, async () => {
      const games = played.filter((p) => p.variant === variant).map((p) => p.gameId);
      const mails = await rig.t.db.outboxMail.findMany({
        where: variant === 'none' ? { gameId: null } : { gameId: { in: games } },
        orderBy: { seq: 'asc' },
      });
      expect(mails.length).toBeGreaterThan(variant === 'none' ? 3 : 20);
      const ids = ID_PATTERNS[variant];
      for (const m of mails) {
        const text = `${m.subject}\n${ours(m.body)}`;
        const where = `${m.kind} mail to ${m.toAddress}: `;
        expect(text, `${where}an account or game id in:\n${text}`).not.toMatch(UUID);
        if (ids) expect(text, `${where}an id (${ids.exec(text)?.[0]}) in:\n${text}`).not.toMatch(ids);
        expect(text, `${where}a broken word (${BROKEN.exec(text)?.[0]}) in:\n${text}`).not.toMatch(BROKEN);
      }
    });
  }
});

// The same templates without the service, for every scenario of every variant (each Heiau
// scenario among them), over the first phases resolved with the engines' defaults.
describe('every template, every scenario, every reader', () => {
  const config = loadConfig({
    PUBLIC_URL: 'http://kahu.test',
    INBOUND_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: '0',
    REPLY_SECRET: 'reply-secret-for-tests-0123456789',
  });
  const at = new Date('2025-03-03T00:00:00Z');
  for (const module of Object.values(games)) {
    for (const scenario of module.scenarios) {
      it(`${module.id} ${scenario.id}`, () => {
        const ids = ID_PATTERNS[module.id];
        const game = {
          id: '00000000-0000-4000-8000-000000000001',
          name: 'Test game',
          variant: module.id,
          scenario: scenario.id,
          seed: 'seed',
          seedHash: 'hash',
          moderatorEmail: 'mod@example.org',
        };
        const readers: Reader[] = [
          { kind: 'moderator' } as Viewer,
          { kind: 'observer' } as Viewer,
          ...scenario.roles.map((role) => ({ kind: 'player', role }) as Viewer),
        ].map((viewer, i) => ({ email: `r${i}@example.org`, timeZone: 'Pacific/Honolulu', viewer }));
        const phaseOf = (st: unknown, seq: number): Phase => {
          const info = module.phase(st);
          return {
            id: `00000000-0000-4000-8000-00000000010${seq}`,
            gameId: game.id,
            seq,
            key: info.key,
            label: info.label,
            type: info.type,
            year: info.year ?? null,
            state: st as any,
            status: 'open',
            openedAt: at,
            deadlineAt: at,
            graceUntil: null,
            earlyAt: null,
            remindedAt: null,
            resolvedAt: null,
            report: null,
            expected: module.expectedRoles(st),
            missed: [],
          };
        };
        const mails: { subject: string; body: string }[] = [];
        let st = module.setup('template-seed', scenario.id, {});
        const assignment = Object.fromEntries(
          scenario.roles.map((r, i) => [r, i % 2 ? `Player ${i}` : '(address hidden)']),
        );
        for (const r of readers)
          mails.push(
            startMail(config, game, module, r, phaseOf(st, 1), st, assignment),
            inviteMail(config, game, r.email, r.viewer.kind === 'player' ? r.viewer.role : null),
          );
        for (let n = 1; n <= 4 && !module.outcome(st); n++) {
          const phase = phaseOf(st, n);
          for (const r of readers) {
            if (r.viewer.kind !== 'player') continue;
            const read = module.readSubmission(st, r.viewer.role, ['Nowhere - Elsewhere', 'HOLD']);
            mails.push(
              receiptMail(config, game, r, phase, read.lines, 'abc123', at, false),
              reminderMail(config, game, r, phase),
            );
          }
          for (const r of readers)
            mails.push(lateMail(config, game, phase, { ...r, late: r.viewer.kind === 'player' }, phase.expected, at));
          const { state: next, report } = module.resolve(st, {});
          for (const r of readers)
            mails.push(resultsMail(config, game, module, r, [{ phase, report }], phaseOf(next, n + 1), next, at));
          st = next;
        }
        for (const r of readers)
          mails.push(
            gameOverMail(config, game, module, r, { kind: 'draw', winners: scenario.roles, text: 'draw' }, st),
          );
        for (const m of mails) {
          const text = `${m.subject}\n${ours(m.body)}`;
          expect(text, `an id in:\n${text}`).not.toMatch(UUID);
          if (ids) expect(text, `an id (${ids.exec(text)?.[0]}) in:\n${text}`).not.toMatch(ids);
          expect(text, `a broken word (${BROKEN.exec(text)?.[0]}) in:\n${text}`).not.toMatch(BROKEN);
        }
        expect(mails.length).toBeGreaterThan(readers.length * 4);
      });
    }
  }
});
