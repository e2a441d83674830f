// Rule sentences of Hawaii 1795 checked against the shipped scenario and the engine.
import { describe, expect, it } from 'vitest';
import { legalChoices } from '../../src/hand-of-destiny/index.ts';
import { Game } from '../../src/hand-of-destiny/model.ts';
import { A, ALL_E, battle, K, newGame, play, position, turnWith, where } from './helpers.ts';

describe('Hawaii 1795 fidelity', () => {
  it("9.0: Kaiana and his warriors are recruited on either O'ahu space (\"either O'ahu space for all other Allied Chief units\"), never on Hawai'i", () => {
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

  it("9.0: Kaua'i units are never recruited: one eliminated on Kamehameha's side goes out of play, never to the Recruit Box", () => {
    const s = battle(
      K,
      { 'kauai-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      { nonElite: ALL_E, dice: [1, 6] },
    );
    s.units['kauai-warriors-1']!.owner = K;
    s.contested = ['maui'];
    const r = play(s, []);
    expect(r.text).toMatch(/Kaua'i warriors 1 \(2\) eliminated/);
    expect(where(r.state, 'kauai-warriors-1')).toBe('dead');
    expect(legalChoices(r.state, K).recruits.map((x) => x.unit)).not.toContain('kauai-warriors-1');
  });

  it('11.0: "A player must finish all movement during the Movement Phase before any battles commence": two fleets into one space fight one battle together', () => {
    const s = turnWith(
      position(newGame(), {
        kamehameha: 'kona',
        'k-warriors-1': 'kona',
        'k-canoe-1': 'kona',
        'k-warriors-3': 'hilo',
        'k-canoe-3': 'hilo',
        kalani: 'oahu-1',
        'a-warriors-1': 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
      }),
      K,
      9,
      4,
    );
    const r = play(
      s,
      ['FLEET Kona - Maui WITH k-warriors-1', 'FLEET Hilo - Maui WITH k-warriors-3'],
      ['STANDING WARFLEET NEVER'],
    );
    expect(r.lines.every((l) => l.ok)).toBe(true);
    const battle1 = r.text.indexOf('— Battle at Maui');
    expect(battle1).toBeGreaterThan(r.text.lastIndexOf('fleet move: a canoe fleet from Hilo to Maui'));
    expect(r.text.match(/— Battle at Maui/g)).toHaveLength(1);
    expect(r.text).toMatch(
      /Battle at Maui: Kamehameha in the beach hex with Hawai'i warriors 1 \(2\), Hawai'i warriors 3 \(2\)/,
    );
  });
});
