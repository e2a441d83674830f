import { describe, expect, it } from 'vitest';
import { builtInScenario, loadScenario } from '../../src/hand-of-destiny/scenarios/index.ts';
import { setupGame } from '../../src/hand-of-destiny/engine.ts';
import { A, K, newGame, scenarioCopy } from './helpers.ts';

const data = builtInScenario('hawaii-1795');

describe('Hawaii 1795 scenario data', () => {
  it('is marked unofficial, with provenance, on the file and on every reconstructed part', () => {
    expect(data.unofficial).toBe(true);
    expect(data.provenance).toMatch(/reconstruct/i);
    expect(data.battleResultsTable.unofficial).toBe(true);
    for (const cards of Object.values(data.decks))
      for (const c of cards) {
        expect(c.unofficial).toBe(true);
        expect(c.note).toBeTruthy();
      }
    for (const u of data.units) if (u.unofficial) expect(u.note).toBeTruthy();
  });

  it('has 40 pieces and 18 campaign cards, nine per deck (1.0, 6.1)', () => {
    expect(data.units).toHaveLength(40);
    expect(data.decks[K]).toHaveLength(9);
    expect(data.decks[A]).toHaveLength(9);
  });

  it("has four blue land spaces and yellow Kaua'i (5.1), and the forts Kona and Hilo", () => {
    const blue = data.spaces
      .filter((s) => s.colour === 'blue')
      .map((s) => s.id)
      .sort();
    expect(blue).toEqual(['maui', 'molokai', 'oahu-1', 'oahu-2']);
    expect(data.spaces.filter((s) => s.colour === 'yellow').map((s) => s.id)).toEqual(['kauai']);
    expect(
      data.spaces
        .filter((s) => s.fort)
        .map((s) => s.id)
        .sort(),
    ).toEqual(['hilo', 'kona']);
    expect(data.islands.find((i) => i.id === 'oahu')!.spaces).toHaveLength(2);
    expect(data.islands.find((i) => i.id === 'hawaii')!.spaces).toHaveLength(2);
  });

  it('has cards #1 and #2 of each deck recruit the cannon and the pikes, once (6.1)', () => {
    for (const side of [K, A]) {
      const [c1, c2] = data.decks[side]!;
      const units = [c1!, c2!].flatMap((c) =>
        c.recruit.filter((r) => r.firstDrawOnly).map((r) => data.units.find((u) => u.id === r.unit)!.kind),
      );
      expect(units.sort()).toEqual(['cannon', 'pike']);
    }
  });

  it("has Hold the Line in the Allied deck and Appeal to Kaua'i in both (8.2, 9.0)", () => {
    expect(data.decks[A]!.some((c) => c.event?.type === 'earthworks' && c.title === 'Hold the Line')).toBe(true);
    expect(data.decks[K]!.some((c) => c.event?.type === 'earthworks')).toBe(false);
    for (const side of [K, A]) expect(data.decks[side]!.some((c) => c.event?.type === 'appeal')).toBe(true);
  });

  it('sets up the long game as printed in 6.0', () => {
    const s = newGame();
    const at = (sp: string, side: string) =>
      Object.entries(s.units)
        .filter(([, u]) => u.at === sp && u.owner === side)
        .map(([id]) => id)
        .sort();
    expect(at('kona', K)).toEqual(['k-canoe-1', 'k-canoe-2', 'k-warriors-1', 'k-warriors-2', 'kamehameha']);
    expect(at('hilo', K)).toEqual(['k-canoe-3', 'k-warriors-3']);
    expect(at('oahu-1', A)).toEqual(['a-canoe-1', 'a-canoe-2', 'a-warriors-1', 'a-warriors-2', 'kalani']);
    expect(at('maui', A)).toEqual(['maui-canoe-1', 'maui-warriors-1']);
    const kauai = Object.entries(s.units).filter(([, u]) => u.at === 'kauai');
    expect(kauai).toHaveLength(3);
    expect(kauai.every(([, u]) => u.owner === null)).toBe(true);
    const box = (side: string) =>
      Object.entries(s.units)
        .filter(([, u]) => u.at === 'box' && u.owner === side)
        .map(([id]) => id);
    expect(box(K)).toEqual(
      expect.arrayContaining(['john-young', 'royal-guard', 'vancouver', 'k-musketeers', 'k-pike', 'k-canoe-4']),
    );
    expect(box(K).filter((id) => id.startsWith('k-warriors'))).toHaveLength(6);
    expect(box(A)).toEqual(
      expect.arrayContaining([
        'kaiana',
        'thunderers',
        'brown',
        'a-musketeers',
        'a-pike',
        'kaiana-warriors',
        'a-canoe-3',
        'maui-canoe-2',
      ]),
    );
  });

  it('rejects a broken scenario file with every problem named', () => {
    const bad = scenarioCopy();
    bad.decks[K][0].recruit[0].unit = 'no-such-unit';
    bad.units[0].strenght = 3;
    expect(() => loadScenario(bad)).toThrow(/strenght/);
    delete bad.units[0].strenght;
    expect(() => loadScenario(bad)).toThrow(/unknown unit 'no-such-unit'/);
  });

  it('starts a game from a corrected scenario file supplied by the moderator', () => {
    const fixed = scenarioCopy();
    fixed.battleResultsTable.columns['non-elite'] = ['-', '-', 'P', 'P', 'E', 'E'];
    fixed.units.find((u: { id: string }) => u.id === 'kamehameha').strength = 4;
    const s = setupGame('x', 'hawaii-1795', 'long', { scenarioData: fixed });
    expect(s.scenario.battleResultsTable.columns['non-elite']).toEqual(['-', '-', 'P', 'P', 'E', 'E']);
    expect(s.scenario.units.find((u) => u.id === 'kamehameha')!.strength).toBe(4);
    // and as JSON text
    expect(setupGame('x', 'hawaii-1795', 'short', { scenarioData: JSON.stringify(fixed) }).setup).toBe('short');
    expect(() => setupGame('x', 'hawaii-1795', 'long', { scenarioData: { ...fixed, sides: [] } })).toThrow(
      /invalid scenario/,
    );
  });

  it('rejects unknown options and set-ups', () => {
    expect(() => newGame('long', { fogofwar: true })).toThrow(/unknown option 'fogofwar'/);
    expect(() => newGame('medium')).toThrow(/no set-up 'medium'/);
  });
});
