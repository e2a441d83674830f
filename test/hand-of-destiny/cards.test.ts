import { describe, expect, it } from 'vitest';
import { cloneState, setupGame } from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { A, hold, K, newGame, owner, play, position, scenarioCopy, turnWith, where, withDice } from './helpers.ts';

/** Allied turn with nothing to do; Kamehameha's next card is `next`. */
function beforeKamehamehaDraws(s: HodState, next: number): HodState {
  const out = turnWith(s, A, 9, 4);
  out.decks[K]!.draw = [next, ...out.decks[K]!.draw.filter((x) => x !== next)];
  return out;
}

const base = () =>
  position(newGame(), {
    kamehameha: 'kona',
    'k-warriors-1': 'kona',
    'k-canoe-1': 'kona',
    'k-canoe-2': 'kona',
    'k-warriors-2': 'hilo',
    'k-canoe-3': 'hilo',
    kalani: 'oahu-1',
    'a-warriors-1': 'oahu-1',
    'a-warriors-2': 'oahu-2',
    'a-canoe-1': 'oahu-1',
    'maui-warriors-1': 'maui',
    'maui-canoe-1': 'maui',
  });

describe("Appeal to Kaua'i (8.2)", () => {
  it("rolls a die when drawn: 1-3 brings Kaua'i in on the appealing side", () => {
    const s = withDice(beforeKamehamehaDraws(base(), 5), [2]);
    const r = play(s, []);
    expect(r.text).toMatch(/Appeal to Kaua'i: die 2; Kaua'i joins Kamehameha/);
    for (const id of ['kauai-warriors-1', 'kauai-warriors-2', 'kauai-canoe']) {
      expect(owner(r.state, id)).toBe(K);
      expect(where(r.state, id)).toBe('kauai');
    }
    // the roll is public, in the view of the turn's draw
    expect(r.state.drawReport.map((e) => e.text).join(' ')).toMatch(/die 2/);
  });

  it('has no effect on 4-6', () => {
    const r = play(withDice(beforeKamehamehaDraws(base(), 5), [5]), []);
    expect(r.text).toMatch(/Appeal to Kaua'i: die 5, no effect/);
    expect(owner(r.state, 'kauai-warriors-1')).toBeNull();
  });

  it("switches Kaua'i units to the other side; those among new enemies go home to Kaua'i", () => {
    let s = base();
    for (const id of ['kauai-warriors-1', 'kauai-warriors-2', 'kauai-canoe']) s.units[id]!.owner = A;
    s.units['kauai-warriors-1']!.at = 'oahu-2';
    s = withDice(beforeKamehamehaDraws(s, 5), [1]);
    const r = play(s, []);
    expect(owner(r.state, 'kauai-warriors-1')).toBe(K);
    expect(where(r.state, 'kauai-warriors-1')).toBe('kauai');
    expect(r.text).toMatch(/return to Kaua'i/);
  });

  it("brings on a battle when the switched units' island holds the other side", () => {
    let s = base();
    for (const id of ['kauai-warriors-1', 'kauai-warriors-2', 'kauai-canoe']) s.units[id]!.owner = A;
    s.units['a-warriors-2']!.at = 'kauai';
    s = withDice(beforeKamehamehaDraws(s, 5), [3]);
    const r = play(s, []);
    expect(r.state.contested).toContain('kauai');
    expect(r.state.side).toBe(K);
    const k = play(r.state, []);
    expect(k.text).toMatch(/Battle at Kaua'i: Kamehameha attacks/);
  });
});

describe('Warriors Go Home and Storm (8.2)', () => {
  it('Warriors Go Home removes the two warriors the player names', () => {
    const s = turnWith(base(), A, 7, 4);
    const r = play(s, ['REMOVE a-warriors-2', 'remove warriors Maui']);
    expect(r.lines.every((l) => l.ok)).toBe(true);
    expect(where(r.state, 'a-warriors-2')).toBe('box');
    expect(where(r.state, 'maui-warriors-1')).toBe('box');
    expect(where(r.state, 'a-warriors-1')).toBe('oahu-1');
  });

  it('Warriors Go Home removes two warriors by default when none are named', () => {
    const r = play(turnWith(base(), A, 7, 4), []);
    expect(r.text.match(/removes .* to the Recruit Box/g)).toHaveLength(2);
  });

  it('REMOVE is refused when no card removes units', () => {
    const r = play(turnWith(base(), A, 9, 4), ['REMOVE a-warriors-2']);
    expect(r.lines[0]!.error).toMatch(/no card in effect removes units/);
  });

  it('Storm sends a canoe fleet back and allows no fleet moves', () => {
    const r = play(turnWith(base(), K, 8, 4), ['REMOVE canoe Hilo', 'FLEET Kona - Maui WITH k-warriors-1']);
    expect(where(r.state, 'k-canoe-3')).toBe('box');
    expect(r.lines[1]!.error).toMatch(/no fleet moves left/);
  });
});

describe('cards held for later play (8.1) and one card in effect (8.0)', () => {
  it('holds a card that may be held by default, using its recruit line now', () => {
    const r = play(turnWith(base(), K, 7, 4), []);
    expect(r.state.decks[K]!.held).toEqual([7]);
    expect(r.text).toMatch(/holds #7/);
    expect(r.text).toMatch(/recruits Hawai'i warriors/);
  });

  it('plays a held card on a later turn when the drawn card has no event', () => {
    const s = turnWith(hold(base(), K, 7), K, 9, 5);
    const r = play(s, ['PLAY 7']);
    expect(r.lines[0]!.reading).toBe("PLAY #7 Ku-ka'ili-moku");
    expect(r.state.decks[K]!.held).toEqual([]);
    expect(r.state.decks[K]!.discard).toEqual(expect.arrayContaining([7, 9]));
  });

  it("refuses a held card when the drawn card's own event is in effect", () => {
    const s = turnWith(hold(base(), K, 7), K, 8, 5);
    const r = play(s, ['PLAY 7']);
    expect(r.lines[0]!.ok).toBe(false);
    expect(r.lines[0]!.error).toMatch(/#8 Storm, is in effect/);
  });

  it('refuses cards the player does not have, and a second PLAY', () => {
    const s = turnWith(hold(hold(base(), K, 7), K, 6), K, 9, 5);
    const r = play(s, ['PLAY 3', 'PLAY 7', 'PLAY 6']);
    expect(r.lines[0]!.error).toMatch(/card #3 is not yours to play/);
    expect(r.lines[1]!.ok).toBe(true);
    expect(r.lines[2]!.error).toMatch(/only one card can be in effect/);
  });

  it('Peleleu Fleet lets each fleet move carry three units', () => {
    let s = base();
    s.units['k-warriors-3']!.at = 'kona';
    s.units['k-warriors-4']!.at = 'kona';
    const without = play(turnWith(s, K, 9, 5), ['FLEET Kona - Molokai WITH k-warriors-1, k-warriors-3, k-warriors-4']);
    expect(without.lines[0]!.error).toMatch(/at most 2 units/);
    s = turnWith(hold(s, K, 6), K, 9, 5);
    const withIt = play(s, ['PLAY 6', 'FLEET Kona - Molokai WITH k-warriors-1, k-warriors-3, k-warriors-4']);
    expect(withIt.lines.every((l) => l.ok)).toBe(true);
    expect(where(withIt.state, 'k-warriors-4')).toBe('molokai');
  });
});

describe('battle bonus, Hold the Line, Night Landing', () => {
  const contested = (s: HodState) => {
    const out = cloneState(s);
    out.units['k-warriors-3']!.at = 'maui';
    out.contested = ['maui'];
    return out;
  };

  it('battle bonus adds one to the advantage roll of the attacker', () => {
    const s = withDice(turnWith(hold(contested(base()), K, 7), K, 9, 5), [3, 3]);
    const r = play(s, ['PLAY 7']);
    expect(r.text).toMatch(
      /Round 1 advantage: Kamehameha 3 \+ 1 \(battle bonus \+1\) = 4, Allied Chiefs 3: Kamehameha fires first/,
    );
  });

  it('Hold the Line puts earthworks in the attacked space: the defenders ignore panic', () => {
    const data = scenarioCopy();
    data.battleResultsTable.columns['non-elite'] = ['P', 'P', 'P', 'P', 'P', 'P'];
    let s = setupGame('t', 'hawaii-1795', 'long', { scenarioData: data });
    s = position(s, {
      kamehameha: 'kona',
      'k-warriors-1': 'maui',
      'k-canoe-1': 'maui',
      kalani: 'oahu-1',
      'maui-warriors-1': 'maui',
    });
    s.contested = ['maui'];
    s = withDice(turnWith(hold(s, A, 6), K, 9, 5), [6, 1]);
    const r = play(s, []);
    expect(r.text).toMatch(/plays #6 Hold the Line: earthworks in the inland hex of Maui/);
    expect(r.text).toMatch(/panic ignored \(Allied Chiefs defends a fort\)/);
    expect(r.text).toMatch(/Allied Chiefs holds Maui/);
    expect(where(r.state, 'earthworks')).toBe('box');
    expect(r.state.decks[A]!.discard).toContain(6);
    expect(r.state.decks[A]!.held).toEqual([]);
  });

  it('Hold the Line stays in hand by default where the defenders are in a fort already (13.0): the card is not wasted', () => {
    let s = position(newGame(), {
      kamehameha: 'hilo',
      'k-warriors-1': 'kona',
      'k-canoe-1': 'kona',
      kalani: 'oahu-1',
      'maui-warriors-1': 'kona',
    });
    s.contested = ['kona'];
    s = turnWith(hold(s, A, 6), K, 9, 5);
    const r = play(s, []);
    expect(r.text).toMatch(/Battle at Kona/);
    expect(r.text).not.toMatch(/Hold the Line/);
    expect(r.state.decks[A]!.held).toEqual([6]);
  });

  it('Hold the Line stays in hand when the standing instruction says NONE', () => {
    let s = position(newGame(), {
      kamehameha: 'kona',
      'k-warriors-1': 'maui',
      'k-canoe-1': 'maui',
      kalani: 'oahu-1',
      'maui-warriors-1': 'maui',
    });
    s.contested = ['maui'];
    s = turnWith(hold(s, A, 6), K, 9, 5);
    const r = play(s, [], ['STANDING EARTHWORKS NONE']);
    expect(r.text).not.toMatch(/Hold the Line/);
    expect(r.state.decks[A]!.held).toEqual([6]);
  });

  it('Night Landing: invasions are not sighted', () => {
    const s = withDice(turnWith(base(), A, 8, 5), [1, 0, 0, 0, 0, 0, 0, 0]);
    const r = play(s, ['PLAY 8', 'FLEET Maui - Kona WITH maui-warriors-1']);
    expect(r.text).toMatch(/cannot be sighted/);
    expect(r.text).not.toMatch(/sighting roll/);
    const plain = play(withDice(turnWith(base(), A, 9, 5), [1, 0, 0, 0, 0, 0, 0, 0]), [
      'FLEET Maui - Kona WITH maui-warriors-1',
    ]);
    expect(plain.text).toMatch(/sighting roll 1/);
  });
});
