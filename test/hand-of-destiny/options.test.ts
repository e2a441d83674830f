// The Hand of Destiny system rules that Hawaii 1795 does not use are engine options.
import { describe, expect, it } from 'vitest';
import { cloneState } from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { front } from './frontier.ts';
import { ALL_E, ALL_P, battle, K, newGame, play, turnWith, where, withDice } from './helpers.ts';

describe('system movement along routes (11.0)', () => {
  it('moves units as far as the card allows, stopping on entering enemy spaces', () => {
    const s = front(
      {},
      { general: 'fort', cavalry: 'fort', 'inf-1': 'fort', chief: 'village', 'band-1': 'hills' },
      'army',
      1,
    );
    const r = play(s, [
      'MOVE cavalry Fort - Plain - Hills - Camp',
      'MOVE inf-1 Fort - Plain - Hills - Camp',
      'MOVE general Fort - Plain',
    ]);
    expect(r.lines[0]!.error).toMatch(/must stop there/);
    expect(r.lines[1]!.error).toMatch(/may move 2 spaces this turn, not 3|must stop/);
    expect(r.lines[2]!.ok).toBe(true);
  });
});

describe('river movement (option, 12.0)', () => {
  const pos = { general: 'fort', 'inf-1': 'plain', gunboat: 'ford', chief: 'village' };

  it('without the option rivers are ordinary spaces and fleets carry nothing', () => {
    const s = front({}, { ...pos, gunboat: 'camp' }, 'army', 2);
    const r = play(s, ['MOVE inf-1 Plain - Ford - Bend', 'FLEET gunboat Camp - Far']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/river movement option/);
  });

  it('with the option units stop on entering a river space unless a friendly fleet bridges it', () => {
    const s = front({ riverMovement: true }, { ...pos, gunboat: 'camp' }, 'army', 2);
    expect(play(s, ['MOVE inf-1 Plain - Ford - Bend']).lines[0]!.error).toMatch(/river space Ford must stop/);
    const bridged = front({ riverMovement: true }, pos, 'army', 2);
    expect(play(bridged, ['MOVE inf-1 Plain - Ford - Bend']).lines[0]!.ok).toBe(true);
  });

  it('fleets move along rivers carrying up to three land units', () => {
    const s = front(
      { riverMovement: true },
      { ...pos, 'inf-1': 'ford', 'inf-2': 'ford', 'inf-3': 'ford', 'inf-4': 'ford' },
      'army',
      2,
    );
    const r = play(s, [
      'FLEET gunboat Ford - Bend WITH inf-1, inf-2, inf-3, inf-4',
      'FLEET gunboat Ford - Bend WITH inf-1, inf-2, inf-3',
      'MOVE inf-4 Ford - Plain',
    ]);
    expect(r.lines[0]!.error).toMatch(/at most 3 land units/);
    expect(r.lines[1]!.ok).toBe(true);
    expect(where(r.state, 'inf-3')).toBe('bend');
    const land = play(s, ['FLEET gunboat Ford - Plain']);
    expect(land.lines[0]!.error).toMatch(/fleets move only along rivers/);
  });
});

describe('reshuffling (option, 7.2)', () => {
  const empty = (s: HodState) => {
    const out = turnWith(s, 'allied-chiefs', 9, 4);
    out.decks[K]!.discard.push(...out.decks[K]!.draw);
    out.decks[K]!.draw = [];
    return out;
  };
  it('without it an empty deck gives no card', () => {
    const r = play(empty(newGame()), []);
    expect(r.text).toMatch(/Kamehameha has no campaign card to draw/);
  });
  it('with it the discards become a new deck', () => {
    const r = play(empty(newGame('long', { reshuffle: true })), []);
    expect(r.text).toMatch(/deck is empty: the discards are reshuffled/);
    expect(r.state.decks[K]!.drawn).not.toBeNull();
  });
});

describe('artillery (option, 17.0)', () => {
  const pos = { vancouver: 'maui', 'k-canoe-1': 'maui', kamehameha: 'kona', 'maui-warriors-1': 'maui' };
  it('adds one to the advantage roll of the side with more artillery (fleets count)', () => {
    const on = play(battle(K, pos, { nonElite: ALL_E, dice: [3, 3], options: { artillery: true } }), []);
    expect(on.text).toMatch(/Kamehameha 3 \+ 1 \(artillery \+1\) = 4/);
    const off = play(battle(K, pos, { nonElite: ALL_E, dice: [3, 3, 6, 1] }), []);
    expect(off.text).not.toMatch(/artillery/);
  });
});

describe('breakoff (option, 18.0)', () => {
  it('lets eligible units withdraw instead of firing when the enemy is stronger', () => {
    const pos = {
      general: 'plain',
      'inf-1': 'plain',
      'inf-2': 'plain',
      'inf-3': 'plain',
      braves: 'plain',
      chief: 'village',
    };
    const s = withDice(
      front(
        { breakoff: true },
        pos,
        'army',
        1,
        (d) => (d.battleResultsTable.columns['non-elite'] = ['-', '-', '-', '-', '-', '-']),
      ),
      [1, 6],
    );
    const r = play(s, [], ['STANDING BREAKOFF ON']);
    expect(r.text).toMatch(/braves \(2\) breaks off to (Fort|Ford|Hills)/);
    expect(r.text).toMatch(/Army wins the battle \(all broke off\)/);
    const without = withDice(
      front({}, pos, 'army', 1, (d) => (d.battleResultsTable.columns['non-elite'] = ['E', 'E', 'E', 'E', 'E', 'E'])),
      [1, 6],
    );
    expect(play(without, [], ['STANDING BREAKOFF ON']).text).not.toMatch(/breaks off/);
  });
});

describe('pursuit (option, 19.0)', () => {
  it('sends unpanicked leaders and cavalry after the beaten enemy, attacking again', () => {
    const pos = { general: 'plain', cavalry: 'plain', 'band-5': 'plain', 'band-1': 'hills', chief: 'village' };
    const mk = (o: Record<string, unknown>) =>
      front(o, pos, 'army', 1, (d) => {
        d.battleResultsTable.columns['non-elite'] = ['P', 'P', 'P', '-', '-', '-'];
        d.battleResultsTable.columns.elite = ['-', '-', '-', '-', '-', '-'];
      });
    // Advantage to the army; the general misses, band-5 misses, the cavalry panics band-5 (1) and misses (4).
    const dice = [6, 1, 0, 0, 4, 1, 4];
    const r = play(withDice(mk({ pursuit: true }), dice), ['STANDING PURSUIT ON'], ['STANDING RETREAT Hills']);
    expect(r.text).toMatch(/Tribes retreats band-5 \(1\) to Hills/);
    expect(r.text).toMatch(/Army pursues with general \(2\+\), cavalry \(2\) into Hills/);
    expect(r.text).toMatch(/— Battle at Hills/);
    const off = play(withDice(mk({}), dice), ['STANDING PURSUIT ON'], ['STANDING RETREAT Hills']);
    expect(off.text).toMatch(/Tribes retreats band-5 \(1\) to Hills/);
    expect(off.text).not.toMatch(/pursues/);
  });
});

describe('major battles (option, 20.0)', () => {
  it('gives the winner a recruit and the loser a loss when four or more units a side fight', () => {
    const pos = {
      kamehameha: 'kona',
      'k-warriors-1': 'maui',
      'k-warriors-2': 'maui',
      'k-warriors-3': 'maui',
      'k-warriors-4': 'maui',
      'k-canoe-1': 'maui',
      'maui-warriors-1': 'maui',
      'maui-warriors-2': 'maui',
      'a-warriors-1': 'maui',
      'a-warriors-2': 'maui',
      kalani: 'oahu-1',
      'a-warriors-3': 'oahu-1',
    };
    const r = play(battle(K, pos, { nonElite: ALL_E, dice: [6, 1], options: { majorBattles: true } }), []);
    expect(r.text).toMatch(/Major battle/);
    expect(r.text).toMatch(/Kamehameha recruits .* at Maui/);
    expect(r.text).toMatch(/Allied Chiefs loses O'ahu warriors 3 \(2\) to the Recruit Box/);
    const off = play(battle(K, pos, { nonElite: ALL_E, dice: [6, 1] }), []);
    expect(off.text).not.toMatch(/Major battle/);
  });
});

describe('supply (option, 21.0)', () => {
  it('takes a die off units out of supply in battle', () => {
    const pos = {
      kamehameha: 'kona',
      'k-warriors-1': 'molokai',
      'k-canoe-1': 'molokai',
      'maui-warriors-1': 'molokai',
      kalani: 'oahu-1',
    };
    const r = play(battle(K, pos, { nonElite: ALL_P, dice: [1, 6, 0, 0], options: { supply: true } }), []);
    expect(r.text).toMatch(/Out of supply \(one die less\): Maui warriors 1 \(2\)/);
    expect(r.text).toMatch(/Maui warriors 1 \(2\) fires 1 die/);
  });

  it('takes a space off the movement of units out of supply', () => {
    const s = front({ supply: true }, { general: 'fort', 'inf-1': 'far', chief: 'village' }, 'army', 2);
    const r = play(s, ['MOVE inf-1 Far - Camp - Hills - Plain']);
    expect(r.lines[0]!.error).toMatch(/inf-1 may move 2 spaces this turn, not 3/);
    const off = front({}, { general: 'fort', 'inf-1': 'far', chief: 'village' }, 'army', 2);
    expect(play(off, ['MOVE inf-1 Far - Camp - Hills - Plain']).lines[0]!.ok).toBe(true);
  });
});

describe('fort markers (option, 22.0)', () => {
  it('builds a fort with a designated unit in a supplied space; defenders there ignore panic', () => {
    const s = front(
      { fortMarkers: true },
      { general: 'fort', sappers: 'plain', 'inf-1': 'plain', chief: 'village' },
      'army',
      1,
    );
    const r = play(s, ['BUILD FORT Plain', 'MOVE sappers Plain - Fort']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/cannot|already|moved/);
    expect(r.state.forts).toEqual([{ space: 'plain', owner: 'army' }]);
    // attacked there, the army ignores panic
    let t = cloneState(r.state);
    t.units['band-1']!.at = 'plain';
    t.contested = ['plain'];
    t = withDice(turnWith(t, 'tribes', 1, 2), [6, 1]);
    const fight = play(t, []);
    expect(fight.text).toMatch(/panic ignored \(Army defends a fort\)|eliminated/);
    const no = front({}, { general: 'fort', sappers: 'plain', chief: 'village' }, 'army', 1);
    expect(play(no, ['BUILD FORT Plain']).lines[0]!.error).toMatch(/not used in this game/);
  });
});
