// What a submission keeps from the other readers stays kept once the phase is adjudicated, in every
// channel: the history, a phase, its maps, the game, its events and replay over the API (from which
// the web page renders the history), the mail each reader gets, and the email HISTORY and STATUS. For each game with private
// submission content, two games from the same seed differ only in that content; everything the
// opponent and a signed-out visitor of the public game receive is compared byte for byte (after
// replacing the ids, tokens and addresses two games must differ in), while the author and the
// moderator do read the lines. Diplomacy's orders are public once adjudicated and are not here.
//   Hawaii 1795: the whole turn (fog of war: the report says "moves 2 units", the lines named them).
//   Maori Wars: standing instructions sent with the phasing player's actions.
//   Aloha: what a waiting player queues.
//   Heiau, Haole: the natives' ballot slips, from the Haole (the other natives read the counts, by the rules).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/index.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { sweep } from '../../src/service/sweep.ts';
import { client, signUp, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from '../email/helpers.ts';

let rigs: EmailRig[] = [];
beforeAll(async () => {
  registerGame(maoriWars);
  rigs = [await startEmailRig(), await startEmailRig()];
});
afterAll(async () => {
  for (const r of rigs) await r?.close();
});

/** Everything two games must differ in, replaced by stable placeholders (in order of appearance). */
function normalise(text: string): string {
  const seen = new Map<string, string>();
  const stable = (kind: string) => (m: string) => {
    if (!seen.has(m)) seen.set(m, `<${kind}${seen.size}>`);
    return seen.get(m)!;
  };
  return (
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, stable('id'))
      .replace(/kahu_[A-Za-z0-9_-]{43}/g, stable('token'))
      .replace(/[A-Za-z0-9._+=-]+@play\.kahu\.test/g, stable('reply-address'))
      .replace(/<[^<>@\s]+@[^<>\s]+>/g, stable('message-id'))
      // Receipts hash the game's id too, so they differ between any two games: what a reader is shown
      // of them is checked apart (below).
      .replace(/("receipt":"|Receipt:? )[0-9a-f]{64}/g, '$1<receipt>')
  );
}

interface Game {
  rig: EmailRig;
  gameId: string;
  mod: Client;
  byRole: Record<string, Client>;
}
interface Case {
  name: string;
  create: Record<string, unknown>;
  /** The game's seed (its draws: who decides first in Aloha). */
  seed: string;
  roles: string[];
  author: string;
  /** Readers who must read the same whatever the author chose (the signed-out visitor is added). */
  others: string[];
  /** Send the author's choice (and whatever else the phase needs) and adjudicate; the phase's seq. */
  play(g: Game, choice: 0 | 1): Promise<number>;
  /** A line of each choice as written, which the author and the moderator read in the history (none: nothing was sent). */
  secret?: [string, string];
  /** What the others read of the author's submission in the phase: nothing, or its public lines. */
  shown: 'nothing' | 'part';
  /** What the others do read of the phase (its report, the public part). */
  public: string;
  /** The lines are words found everywhere in the game (Heiau's setups): no search for them in the others' texts. */
  commonWords?: boolean;
}

const CASES: Case[] = [
  {
    name: 'Hawaii 1795',
    seed: 'hawaii-1795',
    public: 'Kamehameha moves 2 units from Kona to Hilo.',
    shown: 'nothing',
    create: { variant: 'hawaii1795', scenario: 'short' },
    roles: ['kamehameha', 'allied-chiefs'],
    author: 'kamehameha',
    others: ['allied-chiefs'],
    // Two units out of the same stack, to a space the Allied Chiefs cannot see: "moves 2 units" either way.
    async play(g, choice) {
      const move = ['MOVE vancouver, k-pike Kona - Hilo', 'MOVE k-warriors-1, k-warriors-2 Kona - Hilo'][choice];
      await g.byRole['allied-chiefs']!.ok('PUT', `/games/${g.gameId}/orders`, { text: 'STANDING WARFLEET NEVER' });
      await g.byRole.kamehameha!.ok('PUT', `/games/${g.gameId}/orders`, { text: move, ready: true });
      await g.mod.ok('POST', `/games/${g.gameId}/process`);
      return 1;
    },
    secret: ['MOVE vancouver, k-pike Kona - Hilo', 'MOVE k-warriors-1, k-warriors-2 Kona - Hilo'],
  },
  {
    name: 'Maori Wars',
    seed: 'maori-wars',
    public: 'SETUP Ohaeawai AT 0909',
    shown: 'part',
    create: { variant: 'maori-wars', scenario: 'hone-hekes-challenge' },
    roles: ['Maori', 'British'],
    author: 'Maori',
    others: ['British'],
    // The set-up is public; the standing instruction sent with it is not.
    async play(g, choice) {
      const standing = ['STANDING EVADE WEAKER', 'STANDING COUNTER NEVER'][choice];
      await g.byRole.Maori!.ok('PUT', `/games/${g.gameId}/orders`, {
        orders: ['SETUP Ohaeawai AT 0909', standing],
        ready: true,
      });
      await g.mod.ok('POST', `/games/${g.gameId}/process`);
      return 1;
    },
    secret: ['STANDING EVADE WEAKER', 'STANDING COUNTER NEVER'],
  },
  {
    name: 'Aloha',
    seed: 'aloha',
    public: 'Red settles Kauai',
    shown: 'nothing',
    create: { variant: 'aloha', scenario: 'two' },
    roles: ['Red', 'Yellow'],
    author: 'Yellow',
    others: ['Red'],
    // Red settles first (the seed's draw); Yellow waits and queues, and Red's settling drops the
    // queue (Yellow alone is told).
    async play(g, choice) {
      const queued = [['settle Maui'], ['settle Oahu', 'settle Molokai']][choice];
      await g.byRole.Yellow!.ok('PUT', `/games/${g.gameId}/orders`, { orders: queued });
      await g.byRole.Red!.ok('PUT', `/games/${g.gameId}/orders`, { orders: ['settle Kauai'], ready: true });
      await g.mod.ok('POST', `/games/${g.gameId}/process`);
      return 1;
    },
    secret: ['settle Maui', 'settle Molokai'],
  },
  {
    name: 'Aloha, a queue cleared',
    seed: 'aloha',
    public: 'Red settles Kauai',
    shown: 'nothing',
    create: { variant: 'aloha', scenario: 'two' },
    roles: ['Red', 'Yellow'],
    author: 'Yellow',
    others: ['Red'],
    // Yellow queues and clears the queue, or sends nothing: the others cannot tell which.
    async play(g, choice) {
      if (choice === 0) {
        await g.byRole.Yellow!.ok('PUT', `/games/${g.gameId}/orders`, { orders: ['settle Maui'] });
        await g.byRole.Yellow!.ok('DELETE', `/games/${g.gameId}/orders`);
      }
      await g.byRole.Red!.ok('PUT', `/games/${g.gameId}/orders`, { orders: ['settle Kauai'], ready: true });
      await g.mod.ok('POST', `/games/${g.gameId}/process`);
      return 1;
    },
  },
  {
    name: 'Heiau, Haole',
    seed: 'heiau-haole',
    public: 'The natives have counted the ballots',
    shown: 'nothing',
    create: { variant: 'heiau', scenario: 'haole' },
    roles: ['Haole', 'Dawn', 'Morning', 'Afternoon', 'Dusk'],
    author: 'Dawn',
    others: ['Haole'],
    // Wings wins either way; Dawn's slip is the difference.
    async play(g, choice) {
      await g.byRole.Dawn!.ok('PUT', `/games/${g.gameId}/orders`, { text: ['Wings', 'Heart'][choice], ready: true });
      for (const r of ['Morning', 'Afternoon', 'Dusk'])
        await g.byRole[r]!.ok('PUT', `/games/${g.gameId}/orders`, { text: 'Wings', ready: true });
      await g.byRole.Haole!.ok('PUT', `/games/${g.gameId}/orders`, { text: 'Heart', ready: true });
      g.rig.t.clock.advance(1000);
      expect((await sweep(g.rig.t.ctx)).processed).toBe(1);
      return 1;
    },
    secret: ['Wings', 'Heart'],
    commonWords: true,
  },
];

/** One game of a case with the author's choice: what each reader receives, as text. */
async function playCase(
  rig: EmailRig,
  c: Case,
  choice: 0 | 1,
): Promise<{ texts: Record<string, string[]>; phase: Record<string, any> }> {
  const t = rig.t;
  const tag = c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const mod = await signUp(t, `${tag}-mod@example.org`);
  const players: Record<string, Client> = {};
  for (const r of c.roles) players[r] = await signUp(t, `${tag}-${r.toLowerCase()}@example.org`);
  const game = await mod.ok(
    'POST',
    '/games',
    { name: `Hidden ${c.name}`, public: true, deadlines: { reminderMinutes: 0 }, ...c.create },
    201,
  );
  // The same seed in both games: they differ only in what the author chose.
  const seed = `kahu-hidden-turns-${c.seed}`;
  await t.db.game.update({
    where: { id: game.id },
    data: { seed, seedHash: crypto.createHash('sha256').update(seed).digest('hex') },
  });
  for (const r of c.roles)
    await mod.ok('POST', `/games/${game.id}/invitations`, { email: players[r]!.email, role: r }, 201);
  for (const r of c.roles) await players[r]!.ok('POST', `/games/${game.id}/join`);
  await mod.ok('POST', `/games/${game.id}/start`);
  const seq = await c.play({ rig, gameId: game.id, mod, byRole: players }, choice);
  expect((await mod.ok('GET', `/games/${game.id}/phases/${seq}`)).status).toBe('adjudicated');

  const readers: Record<string, Client> = { signedOut: client(t, '', ''), moderator: mod, ...players };
  const out: Record<string, string[]> = {};
  const phase: Record<string, any> = {};
  for (const [who, r] of Object.entries(readers)) {
    const seen: string[] = [];
    phase[who] = await r.ok('GET', `/games/${game.id}/phases/${seq}`);
    for (const url of [
      '',
      '/history',
      `/phases/${seq}`,
      `/phases/${seq + 1}`,
      `/phases/${seq}/map.svg`,
      `/phases/${seq + 1}/map.svg`,
      '/map.svg',
      '/events',
      '/replay',
    ]) {
      const res = await r.req('GET', `/games/${game.id}${url}`);
      seen.push(
        `GET ${url} -> ${res.status} ${res.headers.etag ?? ''}\n${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`,
      );
    }
    if (r.email) {
      // The email HISTORY (list and phase) and STATUS, answered by mail; then every mail the reader has had.
      const address = (await last(rig, r.email, 'start')).replyTo!;
      await rig.send({
        from: r.email,
        to: address,
        subject: 'History',
        text: `HISTORY\nHISTORY ${seq}\nSTATUS`,
        date: t.clock.now(),
      });
      for (const m of await rig.inbox(r.email))
        seen.push(
          `MAIL ${m.kind} ${m.subject}\n${m.text}\n${m.html}\n${m.images.map((i) => `${i.cid} ${i.contentType} ${crypto.createHash('sha256').update(i.content).digest('hex')}`).join('\n')}`,
        );
    }
    out[who] = seen.map(normalise);
  }
  return { texts: out, phase };
}

describe('a submission kept from the other readers stays kept after adjudication', () => {
  for (const c of CASES) {
    it(`${c.name}: the opponent and a signed-out visitor read the same bytes whatever the author chose; the author and the moderator read the lines`, {
      timeout: 120_000,
    }, async () => {
      const x = await playCase(rigs[0]!, c, 0);
      const y = await playCase(rigs[1]!, c, 1);
      const a = x.texts,
        b = y.texts;
      for (const who of [...c.others, 'signedOut']) {
        expect(b[who]!.length, who).toBe(a[who]!.length);
        for (let i = 0; i < a[who]!.length; i++) {
          const [p, q] = [a[who]![i]!, b[who]![i]!];
          let at = 0;
          while (at < p.length && p[at] === q[at]) at++;
          expect(q, `${who}, item ${i}: ${p.split('\n')[0]}, from: ${p.slice(at - 80, at + 80)}`).toBe(p);
        }
        // The part of the submission shown carries no receipt (a hash of the whole, which guesses
        // could be matched against) and is numbered afresh, so nothing tells what was left out.
        for (const p of [x.phase, y.phase]) {
          const own = p[c.author].orders.find((o: any) => o.role === c.author);
          const seen = p[who].orders.find((o: any) => o.role === c.author);
          if (c.shown === 'nothing') expect(seen, `${who} reads ${c.author}'s submission`).toBeUndefined();
          else {
            expect(seen.lines.length).toBeLessThan(own.lines.length);
            expect(seen.receipt, `${who} reads the receipt of ${c.author}'s submission`).toBeNull();
            expect(seen.readings.map((l: any) => l.line)).toEqual(seen.lines.map((_: string, i: number) => i + 1));
          }
        }
        expect(
          a[who]!.find((s) => s.startsWith('GET /phases/')),
          `${who} reads the phase`,
        ).toContain(c.public);
        if (!c.commonWords)
          for (const s of c.secret ?? []) expect(a[who]!.join('\n'), `${who} reads "${s}"`).not.toContain(s);
      }
      // The two games did differ: the cleared submission is there for its author (and the moderator)
      // in the first game; else the author and the moderator read what was sent.
      if (!c.secret)
        for (const who of [c.author, 'moderator'])
          expect(x.phase[who].orders.find((o: any) => o.role === c.author)?.lines, who).toEqual([]);
      if (c.secret)
        for (const who of [c.author, 'moderator']) {
          const history = (x: Record<string, string[]>) => x[who]!.find((s) => s.startsWith('GET /history '))!;
          expect(history(a), `${who}, game 1`).toContain(c.secret[0]);
          expect(history(b), `${who}, game 2`).toContain(c.secret[1]);
          const mailed = (x: Record<string, string[]>) => x[who]!.find((s) => s.startsWith('MAIL email-reply '))!;
          expect(mailed(a), `${who}, HISTORY by mail`).toContain(c.secret[0]);
        }
    });
  }
});
