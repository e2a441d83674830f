import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { resolveTurn } from '../../src/hand-of-destiny/engine.ts';
import { A, K, newGame, play, position, resolveEmpty, turnWith, where } from './helpers.ts';

describe('sequence of play (6.0, 6.1, 7.2)', () => {
  it('plays Kamehameha then the Allied Chiefs each month, January to November, then ties', () => {
    let s = hawaii1795.setup('seq', 'long');
    const labels: string[] = [];
    while (!s.outcome) {
      labels.push(hawaii1795.phase(s).label);
      expect(hawaii1795.expectedRoles(s)).toEqual([s.side]);
      s = resolveTurn(s, {}).state;
    }
    expect(labels[0]).toBe('January 1795, Kamehameha');
    expect(labels[1]).toBe('January 1795, Allied Chiefs');
    expect(labels[21]).toBe('November 1795, Allied Chiefs');
    expect(labels).toHaveLength(22);
    expect(s.outcome).toMatchObject({ kind: 'tie', winners: [] });
    expect(hawaii1795.expectedRoles(s)).toEqual([]);
    expect(hawaii1795.phase(s).label).toBe('Game over');
  });

  it('plays cards #1 and #2 in January and February, then shuffles all nine (6.1)', () => {
    let s = newGame();
    expect(s.decks[K]!.drawn).toBe(1);
    s = resolveEmpty(s).state;
    expect(s.decks[A]!.drawn).toBe(1);
    s = resolveEmpty(s).state;
    expect(s.decks[K]!.drawn).toBe(2);
    const r = resolveEmpty(s);
    expect(r.report.entries.map((e) => e.text).join('\n')).toMatch(/Kamehameha shuffles the campaign cards/);
    s = resolveEmpty(r.state).state;
    // March: each deck holds all nine cards again (one drawn, eight to come).
    expect(s.turn).toBe(3);
    expect(s.decks[K]!.draw.length + 1).toBe(9);
    expect(s.decks[K]!.discard).toEqual([]);
  });

  it('recruits cannon and pikes from cards #1 and #2 only the first time (6.1)', () => {
    let s = newGame();
    const jan = play(s, ['RECRUIT vancouver Kona']);
    expect(where(jan.state, 'vancouver')).toBe('kona');
    // Vancouver back in the box; card #1 drawn again in a later month.
    s = turnWith(position(jan.state, { kamehameha: 'kona' }), K, 1, 5);
    const again = play(s, []);
    expect(again.text).toMatch(/not recruited a second time/);
    expect(where(again.state, 'vancouver')).toBe('box');
    // its warriors are still recruited
    expect(again.text).toMatch(/recruits Hawai'i warriors/);
  });

  it("starts the short game in March with each side's cannon, pike and two warriors (6.2)", () => {
    const s = newGame('short');
    expect(s.turn).toBe(3);
    for (const id of ['vancouver', 'k-pike', 'k-warriors-4', 'k-warriors-5'])
      expect(['kona', 'hilo']).toContain(where(s, id));
    for (const id of ['brown', 'a-pike', 'a-warriors-3', 'maui-warriors-2']) expect(where(s, id)).toBe('oahu-1');
    expect(s.usedOnce).toHaveLength(4);
    expect(s.decks[K]!.drawn).not.toBeNull();
    expect(s.decks[K]!.draw).toHaveLength(8);
  });

  it('puts the played card on the discard pile at the end of the turn (7.2, 8.0)', () => {
    const s = turnWith(newGame(), K, 9, 4);
    const r = play(s, []);
    expect(r.state.decks[K]!.discard).toContain(9);
    expect(r.state.decks[K]!.drawn).toBeNull();
  });

  it('shows the card drawn for a turn before the player submits', () => {
    const s = resolveEmpty(newGame()).state;
    const v = hawaii1795.view(s, { kind: 'player', role: A }) as {
      cards: Record<string, { drawn: { number: number } | null }>;
    };
    expect(v.cards[A]!.drawn!.number).toBe(1);
  });
});
