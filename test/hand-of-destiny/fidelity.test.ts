// Rule sentences of Hawaii 1795 checked against the shipped scenario and the engine.
import { describe, expect, it } from 'vitest';
import { legalChoices } from '../../src/hand-of-destiny/index.ts';
import { Game } from '../../src/hand-of-destiny/model.ts';
import { A, newGame, position, turnWith } from './helpers.ts';

describe('Hawaii 1795 fidelity', () => {
  it('9.0: Kaiana and his warriors are recruited on either O\'ahu space ("either O\'ahu space for all other Allied Chief units"), never on Hawai\'i', () => {
    const s = turnWith(position(newGame(), { kalani: 'oahu-1' }), A, 3);
    const recruits = legalChoices(s, A).recruits;
    const spaces = Object.fromEntries(recruits.map((r) => [r.unit, r.spaces]));
    expect(spaces['kaiana']?.filter((x) => !x.startsWith('oahu'))).toEqual([]);
    expect(spaces['kaiana']).toEqual(expect.arrayContaining(['oahu-2']));
    expect(spaces['kaiana-warriors']).toEqual(expect.arrayContaining(['oahu-2']));
    for (const sp of ['kona', 'hilo']) {
      expect(spaces['kaiana']).not.toContain(sp);
      expect(spaces['kaiana-warriors']).not.toContain(sp);
    }
    // Every Allied Chiefs unit but Maui's (and the earthworks) has the O'ahu spaces as home (its own or its contingent's).
    const g = new Game(s);
    for (const u of s.scenario.units.filter((x) => x.side === A && x.kind !== 'earthworks')) {
      expect(g.homeOf(u.id), u.id).toEqual(u.id.startsWith('maui') ? ['maui'] : ['oahu-1', 'oahu-2']);
    }
  });

  it('3.0 and 11.3: elite units ignore panic results always ("Elite units … ignore panic results")', () => {
    expect(newGame().scenario.rules.eliteIgnorePanic).toBe('always');
  });
});
