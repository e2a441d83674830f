// Fair dice: every draw comes from one published function (docs/service-rules.md "Fair dice"), and an auditor
// holding the revealed seed recomputes the draws of a game with node:crypto in a few lines.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aloha } from '../../src/games/aloha.ts';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import {
  d6,
  drawWord,
  legacySeed,
  randomInt,
  seedRandom,
  shuffle,
  type RandomState,
} from '../../src/contract/random.ts';
import { sha256Hex } from '../../src/contract/sha256.ts';
import { seededShuffle } from '../../src/service/rng.ts';
import type { HodState, ReportEntry, TurnReport } from '../../src/hand-of-destiny/index.ts';
import { playerRandom, randomTurn } from '../../src/hand-of-destiny/player.ts';
import { dataOf, ROLES, type AlohaState } from '../../src/aloha/engine.ts';

// ---- The auditor's side: nothing but node:crypto and the recipe as docs/service-rules.md states it. ----
const word = (seed: string, label: string, i: number) =>
  createHash('sha256').update(`${seed}:${label}:${i}`).digest().readUInt32BE(0);
/** A uniform integer in [0, n) from draw `i` on: [value, next draw]. */
function auditInt(seed: string, label: string, i: number, n: number): [number, number] {
  for (;;) {
    const x = word(seed, label, i++);
    if (x < 2 ** 32 - (2 ** 32 % n)) return [x % n, i];
  }
}
function auditDice(seed: string, label: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; ) {
    const [v, next] = auditInt(seed, label, i, 6);
    out.push(v + 1);
    i = next;
  }
  return out;
}
function auditShuffle<T>(seed: string, label: string, from: number, items: T[]): { order: T[]; next: number } {
  const a = items.slice();
  let i = from;
  for (let k = a.length - 1; k > 0; k--) {
    const [j, next] = auditInt(seed, label, i, k + 1);
    i = next;
    [a[k], a[j]] = [a[j]!, a[k]!];
  }
  return { order: a, next: i };
}

describe('SHA-256 in plain TypeScript', () => {
  it('agrees with node:crypto on random inputs of 0 to 400 bytes (one to seven blocks)', () => {
    for (let n = 0; n <= 400; n++) {
      for (let k = 0; k < 3; k++) {
        const b = randomBytes(n);
        expect(sha256Hex(b), `${n} bytes`).toBe(createHash('sha256').update(b).digest('hex'));
      }
    }
  });

  it('hashes a text as UTF-8', () => {
    for (const t of ['', 'abc', "Kamehameha 'Ōlelo ā ē ī ō ū", '🌺'.repeat(40), 'x'.repeat(1000)]) {
      expect(sha256Hex(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
    }
  });

  it('draw words agree with SHA-256 of "seed:label:index" for seeds and labels of every length', () => {
    for (let n = 0; n < 140; n++) {
      const seed = randomBytes(70).toString('hex').slice(0, n);
      for (const label of ['a', 'aloha', 'hand-of-destiny', 'l'.repeat(n % 70)]) {
        for (const i of [0, 1, 9, 10, 99, 12345, 2 ** 40]) expect(drawWord(seed, label, i)).toBe(word(seed, label, i));
      }
    }
  });
});

describe('the published stream', () => {
  it('gives uniform integers by rejection sampling, exactly as the auditor computes them', () => {
    const seed = randomBytes(32).toString('hex');
    const s = seedRandom(seed, 'x');
    let i = 0;
    for (const n of [6, 7, 2 ** 31 + 1, 3, 2 ** 32, 1, 1000]) {
      for (let k = 0; k < 50; k++) {
        const [v, next] = auditInt(seed, 'x', i, n);
        expect(randomInt(s, n)).toBe(v);
        i = next;
        expect(s).toEqual({ seed, label: 'x', index: i });
      }
    }
  });

  it('rejects a draw at or above the limit and takes the next one', () => {
    // n = 2^31 + 1: the limit is 2^31 + 1, so about half the draws are rejected.
    const seed = 'reject';
    const n = 2 ** 31 + 1;
    let i = 0;
    while (word(seed, 'x', i) < n) i++;
    const s: RandomState = { seed, label: 'x', index: i };
    const v = randomInt(s, n);
    expect((s as { index: number }).index).toBeGreaterThan(i + 1);
    expect(v).toBe(word(seed, 'x', (s as { index: number }).index - 1) % n);
  });

  it('the deal of powers (service) and the engines use the same function', () => {
    const seed = randomBytes(32).toString('hex');
    const powers = ['Kauai', 'Oahu', 'Maui', 'Hawaii', 'Molokai'];
    expect(seededShuffle(powers, seed, 'assign')).toEqual(auditShuffle(seed, 'assign', 0, powers).order);
    expect(seededShuffle(powers, seed, 'assign')).toEqual(shuffle(seedRandom(seed, 'assign'), powers));
  });

  it('the stream is plain JSON and picks up where it stopped after a round trip', () => {
    const s = seedRandom('json', 'x');
    for (let k = 0; k < 5; k++) d6(s);
    const t = JSON.parse(JSON.stringify(s)) as RandomState;
    expect(Array.from({ length: 20 }, () => d6(t))).toEqual(Array.from({ length: 20 }, () => d6(s)));
  });

  it('the old stream (games begun before) still gives its old draws', () => {
    // The first dice of sfc32 seeded by cyrb128 of "kahu", as the engines drew them before.
    const s = legacySeed('kahu');
    const dice = Array.from({ length: 10 }, () => d6(s));
    expect(dice).toEqual([5, 4, 6, 1, 3, 5, 1, 2, 3, 4]);
    expect(Array.isArray(s)).toBe(true);
  });
});

describe('docs/service-rules.md "Fair dice" worked example', () => {
  const readme = readFileSync('docs/service-rules.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Fair dice'));
  it('is in the docs, and the README leads there', () => {
    expect(readme).toContain('## Fair dice');
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/service-rules.md)');
  });
  it('recomputes: seed, label, index, SHA-256, the four bytes, the die', () => {
    const field = (name: string) => {
      const m = new RegExp(`^\\s*${name}:\\s*(\\S+)\\s*$`, 'm').exec(section);
      expect(m, `"Fair dice" names the ${name}`).not.toBeNull();
      return m![1]!;
    };
    const seed = field('seed'),
      label = field('label'),
      index = Number(field('index'));
    const message = field('message');
    expect(message).toBe(`${seed}:${label}:${index}`);
    const hex = field('SHA-256');
    expect(hex).toBe(createHash('sha256').update(message).digest('hex'));
    const x = Number(field('x'));
    expect(x).toBe(parseInt(hex.slice(0, 8), 16));
    expect(Number(field('die'))).toBe((x % 6) + 1);
    expect(x).toBeLessThan(2 ** 32 - (2 ** 32 % 6));
    expect(d6({ seed, label, index })).toBe(Number(field('die')));
  });
  it('its Python snippet is the same recipe', () => {
    expect(section).toContain('hashlib.sha256');
    expect(section).toContain(".digest()[:4], 'big')");
    expect(section).toContain('2**32 - 2**32 % n');
  });
});

// ---- Real games played through the engines, checked by the auditor from their reports. ----

/** Dice shown in a Hawaii 1795 report entry, in the order they were rolled. */
function diceShown(e: ReportEntry): number[] | 'shuffle' | null {
  const t = e.text.replace(/\([^)]*\)/g, '');
  let m = /advantage: \D+? (\d)(?: \+ \d+\s*= \d+)?, \D+? (\d)(?: \+ \d+\s*= \d+)?: /.exec(t);
  if (m) return [Number(m[1]), Number(m[2])];
  if (/ fires \d+ dic?e/.test(t)) return [...e.text.matchAll(/(?:: |; )(\d) [EP-] →/g)].map((x) => Number(x[1]));
  if ((m = /sighting roll (\d)/.exec(t))) return [Number(m[1])];
  if ((m = /^Appeal to .*: die (\d)/.exec(t))) return [Number(m[1])];
  if (/shuffle/.test(t)) return 'shuffle';
  return null;
}

describe('an auditor recomputes a Hawaii 1795 game from its seed and reports', () => {
  it('every die in the reports is the draw the report names; every draw is named once; the decks were shuffled from draw 0', () => {
    let checkedDice = 0,
      checkedGames = 0;
    for (let g = 0; g < 6; g++) {
      const seed = randomBytes(32).toString('hex');
      const label = 'hand-of-destiny';
      let s = hawaii1795.setup(seed, 'long', {});
      // Set-up: each side's deck (in scenario order) shuffled from draw 0 on, unless it has opening cards.
      let next = 0;
      for (const side of s.scenario.sides.map((x) => x.id)) {
        if (s.decks[side]!.opening.length) continue;
        const cards = s.scenario.decks[side]!.map((c) => c.number);
        const r = auditShuffle(seed, label, next, cards);
        expect(s.decks[side]!.draw).toEqual(r.order);
        next = r.next;
      }
      expect((s.rng as { index: number }).index).toBe(next);
      const rng = playerRandom(seed);
      const named: [number, number][] = [];
      for (let turn = 0; !hawaii1795.outcome(s) && turn < 200; turn++) {
        const side = hawaii1795.expectedRoles(s)[0]!;
        const read = hawaii1795.readSubmission(s, side, randomTurn(s, rng).lines);
        const res = hawaii1795.resolve(s, { [side]: read.accepted });
        const report = res.report as TurnReport;
        // Under the fog of war (the default) a battle's lines are the two sides' and the moderator's:
        // the moderator's report holds every line; each player checks the lines he reads.
        const text = hawaii1795.formatReport(report, { kind: 'moderator' });
        const readers = s.scenario.sides.map((x) => hawaii1795.formatReport(report, { kind: 'player', role: x.id }));
        // An observer reads no draw numbers: their gaps would count the dice of battles the fog hides.
        expect(hawaii1795.formatReport(report, { kind: 'observer' })).not.toMatch(/\(draws? #/);
        for (const e of report.entries) {
          if (!e.draws) continue;
          named.push(e.draws);
          const suffix = ` (${e.draws[0] === e.draws[1] ? `draw #${e.draws[0]}` : `draws #${e.draws[0]}–#${e.draws[1]}`})`;
          const full = e.versions?.moderator ?? e.text;
          expect(text).toContain(full + suffix);
          // Whoever reads the entry, in whatever version, reads the draws it used.
          for (const [i, side] of s.scenario.sides.entries()) {
            if (e.to && !e.to.includes(side.id)) continue;
            expect(readers[i]).toContain((e.versions?.[side.id] ?? e.text) + suffix);
          }
          const shown = diceShown({ ...e, text: full });
          expect(shown, `an entry with draws shows dice or a shuffle: ${e.text}`).not.toBeNull();
          if (shown === 'shuffle') continue;
          const dice = auditDice(seed, label, e.draws[0], e.draws[1]);
          // A fire stops showing dice once the game is won.
          expect(dice.slice(0, shown!.length), e.text).toEqual(shown);
          if (!res.state.outcome) expect(dice.length, e.text).toBe(shown!.length);
          checkedDice += shown!.length;
        }
        s = res.state;
      }
      // The named draws follow each other without gaps or overlaps up to the last one taken.
      let at = next;
      for (const [a, b] of named) {
        expect(a).toBe(at);
        at = b + 1;
      }
      expect((s as HodState).rng).toEqual({ seed, label, index: at });
      checkedGames++;
    }
    expect(checkedGames).toBe(6);
    expect(checkedDice).toBeGreaterThan(50);
  });
});

describe('an auditor recomputes an Aloha game from its seed and reports', () => {
  it('the first player is draw 0; every chapter deck and every roll for the monarch is the draws the report names', () => {
    let rolls = 0,
      decks = 0;
    for (let g = 0; g < 8; g++) {
      const seed = randomBytes(32).toString('hex');
      const label = 'aloha';
      const players = 2 + (g % 3);
      let s = aloha.setup(seed, ['two', 'three', 'four'][players - 2]!, {});
      const seats = ROLES.slice(0, players);
      const [first, afterFirst] = auditInt(seed, label, 0, players);
      expect(s.roles).toEqual([...seats.slice(first), ...seats.slice(0, first)]);
      let at = afterFirst;
      const pick = seedRandom(`${seed}:players`, 'test');
      for (let step = 0; !aloha.outcome(s) && step < 2000; step++) {
        const role = aloha.expectedRoles(s)[0]!;
        const opts = aloha.options!(s, role) as { decision: string; actions: { text: string }[] };
        const line =
          opts.decision !== 'convert' && opts.actions.length
            ? opts.actions[randomInt(pick, opts.actions.length)]!.text
            : 'pass';
        const read = aloha.readSubmission(s, role, [line]);
        const res = aloha.resolve(s, { [role]: read.accepted });
        for (const l of (res.report as { lines: string[] }).lines) {
          const m = /\(draws? #(\d+)(?:–#(\d+))?\)\.?$/.exec(l);
          if (!m) continue;
          const a = Number(m[1]),
            b = Number(m[2] ?? m[1]);
          expect(a, l).toBe(at);
          at = b + 1;
          if (l.startsWith('The event cards are shuffled')) {
            const st = res.state as AlohaState;
            const ch = st.stage === 'chapter1' ? 1 : st.stage === 'chapter2' ? 2 : 3;
            const ids = dataOf(st)
              .events.filter((e) => e.chapter === ch)
              .map((e) => e.id);
            const r = auditShuffle(seed, label, a, ids);
            expect(r.next - 1).toBe(b);
            // The deck as shuffled, less the cards turned up since.
            const left = r.order.filter((id) => st.deck.includes(id));
            expect(st.deck).toEqual(left);
            decks++;
          } else {
            const shown = [...l.replace(/\(draws?.*$/, '').matchAll(/ (\d(?:\+\d)+) = /g)].flatMap((x) =>
              x[1]!.split('+').map(Number),
            );
            expect(auditDice(seed, label, a, b), l).toEqual(shown);
            rolls++;
          }
        }
        s = res.state;
      }
      expect(aloha.outcome(s)).not.toBeNull();
      expect((s as AlohaState).rng).toEqual({ seed, label, index: at });
    }
    expect(rolls).toBeGreaterThan(16);
    expect(decks).toBeGreaterThan(16);
  });
});
