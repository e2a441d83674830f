// Rules that earlier tests did not pin down: each test sets up the situation and asserts the
// rule, so that it fails if the behaviour breaks.
import { describe, expect, it } from 'vitest';
import { resolveTurn, setupGame } from '../../src/hand-of-destiny/engine.ts';
import { front } from './frontier.ts';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import {
  A,
  ALL_P,
  battle,
  checkState,
  fireLines,
  K,
  newGame,
  play,
  position,
  turnWith,
  where,
  withDice,
} from './helpers.ts';

const LOW = [1, 2, 3, 4, 5];
const ONLY_6_ELIMINATES = ['-', '-', '-', '-', '-', 'E'];

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
    'a-canoe-1': 'oahu-1',
    'maui-warriors-1': 'maui',
    'maui-canoe-1': 'maui',
  });

describe('Storm: canoes move only by fleet moves (10.3), inside an island too', () => {
  it("refuses a canoe moved between the two spaces of Hawai'i when the card gives no fleet move", () => {
    const s = turnWith(base(), K, 8, 4); // Storm: no fleet moves
    const r = play(s, ['REMOVE k-canoe-3', 'MOVE k-canoe-1 Kona - Hilo', 'MOVE Kona - Hilo']);
    expect(r.lines[1]!.error).toMatch(/Hawai'i canoes 1 moves only by a fleet move \(10\.3\): no fleet moves are left/);
    // "MOVE Kona - Hilo" moves every land unit that can, and leaves the canoes
    expect(r.lines[2]!.ok).toBe(true);
    expect(where(r.state, 'k-canoe-1')).toBe('kona');
    expect(where(r.state, 'k-canoe-2')).toBe('kona');
    expect(where(r.state, 'kamehameha')).toBe('hilo');
  });

  it('lets a canoe cross its island when a fleet move allows it, spending that fleet move', () => {
    const s = turnWith(base(), K, 3, 4); // John Young: one fleet move
    const r = play(s, ['FLEET k-canoe-1 Kona - Hilo', 'FLEET k-canoe-2 Kona - Hilo', 'MOVE k-canoe-2 Kona - Hilo']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/no fleet moves left/);
    expect(r.lines[2]!.error).toMatch(/moves only by a fleet move/);
    expect(where(r.state, 'k-canoe-1')).toBe('hilo');
    expect(where(r.state, 'k-canoe-2')).toBe('kona');
  });
});

describe('fort markers go when an enemy enters the space (22.3)', () => {
  it('removes an empty fort marker the moment enemy units move in, battle or not', () => {
    const s = front({ fortMarkers: true }, { general: 'fort', chief: 'village', 'band-1': 'hills' }, 'tribes', 1);
    s.forts = [{ space: 'plain', owner: 'army' }];
    const r = play(s, ['MOVE band-1 Hills - Plain']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.state.forts).toEqual([]);
    expect(r.text).toMatch(/The Army fort marker at Plain is removed/);
  });

  it('keeps it while friendly units are in the space', () => {
    const s = front(
      { fortMarkers: true },
      { general: 'fort', 'inf-1': 'plain', chief: 'village', 'band-1': 'hills' },
      'tribes',
      1,
      (d) => {
        d.battleResultsTable.columns = {
          'non-elite': ['-', '-', '-', '-', '-', '-'],
          elite: ['-', '-', '-', '-', '-', '-'],
        };
      },
    );
    s.forts = [{ space: 'plain', owner: 'army' }];
    const r = play(s, ['MOVE band-1 Hills - Plain']);
    expect(r.state.forts).toEqual([{ space: 'plain', owner: 'army' }]);
  });
});

describe('pursuit (19.0) is complete and bounded', () => {
  const mk = (
    o: Record<string, unknown>,
    pos: Record<string, string>,
    columns: { 'non-elite': string[]; elite: string[] },
  ) =>
    front({ pursuit: true, ...o }, pos, 'army', 1, (d) => {
      d.battleResultsTable.columns = columns;
      d.units.find((u: { id: string }) => u.id === 'cavalry').strength = 1;
      d.units.find((u: { id: string }) => u.id === 'band-5').strength = 0;
    });

  it('a beaten enemy that keeps running back is pursued into each space once per Battle Phase, then the chain ends', () => {
    // Only the cavalry can hurt, one panic a battle: the band flees Camp -> Far -> Camp ... forever unless bounded.
    const s = mk(
      {},
      { general: 'camp', cavalry: 'camp', 'band-5': 'camp' },
      { 'non-elite': ALL_P, elite: ['-', '-', '-', '-', '-', '-'] },
    );
    s.standing.army = { ...s.standing.army!, pursuit: true };
    const r = resolveTurn(s, {});
    const text = r.report.entries.map((e) => e.text).join('\n');
    expect(text).toMatch(/Army pursues with general \(2\+\), cavalry \(1\) into Far/);
    expect(text.match(/— Battle at /g)).toHaveLength(2);
    expect(where(r.state, 'band-5')).toBe('camp');
    expect(where(r.state, 'cavalry')).toBe('far');
  });

  it('follows an enemy whose every unit broke off (18.0), to where it went', () => {
    const s = withDice(
      front(
        { pursuit: true, breakoff: true },
        { general: 'plain', cavalry: 'plain', 'inf-1': 'plain', braves: 'plain', chief: 'village' },
        'army',
        1,
        (d) => {
          d.battleResultsTable.columns = {
            'non-elite': ['-', '-', '-', '-', '-', '-'],
            elite: ['-', '-', '-', '-', '-', '-'],
          };
        },
      ),
      [1, 6],
    );
    s.standing.army = { ...s.standing.army!, pursuit: true };
    s.standing.tribes = { ...s.standing.tribes!, breakoff: true, retreat: ['hills'] };
    const r = resolveTurn(s, {});
    const text = r.report.entries.map((e) => e.text).join('\n');
    expect(text).toMatch(/braves \(2\) breaks off to Hills/);
    expect(text).toMatch(/Army pursues with general \(2\+\), cavalry \(2\) into Hills/);
    expect(where(r.state, 'general')).not.toBe('plain');
  });
});

describe('pursuit by a defender whose attackers all broke off (19.0)', () => {
  it('lets the defender follow them', () => {
    const s = withDice(
      front(
        { pursuit: true, breakoff: true },
        { general: 'plain', cavalry: 'plain', braves: 'plain', chief: 'village' },
        'tribes',
        1,
        (d) => {
          d.battleResultsTable.columns = {
            'non-elite': ['-', '-', '-', '-', '-', '-'],
            elite: ['-', '-', '-', '-', '-', '-'],
          };
        },
      ),
      [6, 1],
    );
    s.standing.army = { ...s.standing.army!, pursuit: true };
    s.standing.tribes = { ...s.standing.tribes!, breakoff: true, retreat: ['hills'] };
    const text = resolveTurn(s, {})
      .report.entries.map((e) => e.text)
      .join('\n');
    expect(text).toMatch(/braves \(2\) breaks off to Hills/);
    expect(text).toMatch(/Army wins the battle \(all broke off\)/);
    expect(text).toMatch(/Army pursues with general \(2\+\), cavalry \(2\) into Hills/);
  });
});

describe('sequence of play: the shuffle after February (6.1)', () => {
  it('plays #1 and #2, then draws all nine cards in an order that depends on the seed', () => {
    const orders = new Set<string>();
    let oneOrTwoEarly = false;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      let s = setupGame(seed, 'hawaii-1795', 'long');
      const drawn: Record<string, number[]> = { [K]: [], [A]: [] };
      while (!s.outcome) {
        drawn[s.side]!.push(s.decks[s.side]!.drawn!);
        s = resolveTurn(s, {}).state;
      }
      for (const side of [K, A]) {
        const d = drawn[side]!;
        expect(d.slice(0, 2)).toEqual([1, 2]);
        expect(d.slice(2).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        orders.add(`${side}:${d.slice(2).join(',')}`);
        if (d.slice(2, 5).some((n) => n <= 2)) oneOrTwoEarly = true;
      }
    }
    // Twelve decks shuffled: not one order for all, and #1/#2 are not simply put at the bottom.
    expect(orders.size).toBeGreaterThan(6);
    expect(oneOrTwoEarly).toBe(true);
  });
});

describe('one fleet move per canoe per turn (10.3)', () => {
  it('refuses a second fleet move by the same canoe even with fleet moves left', () => {
    const s = turnWith(base(), K, 9, 4); // three fleet moves
    const r = play(s, [
      'FLEET k-canoe-1 Kona - Molokai WITH k-warriors-1',
      'FLEET k-canoe-1 Molokai - Oahu-2',
      'FLEET k-canoe-3 Hilo - Kona - Maui',
      'FLEET k-canoe-3 Maui - Molokai',
    ]);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/no canoe fleet at Moloka'i that can still move|already moved/);
    expect(r.lines[2]!.ok).toBe(true);
    expect(r.lines[3]!.error).toMatch(/no canoe fleet at Maui that can still move|already moved/);
    expect(where(r.state, 'k-canoe-1')).toBe('molokai');
  });
});

describe('battles (11.1, 11.5, 11.8, 14.1)', () => {
  const twoBattles = {
    kamehameha: 'kona',
    'k-warriors-1': 'maui',
    'k-canoe-1': 'maui',
    'k-warriors-2': 'molokai',
    'k-warriors-3': 'molokai',
    'k-canoe-2': 'molokai',
    'maui-warriors-1': 'maui',
    'a-warriors-1': 'molokai',
    kalani: 'oahu-1',
  };

  it("fights the battles in the attacker's order", () => {
    const order = (lines: string[]) => {
      const t = play(battle(K, twoBattles, { nonElite: ONLY_6_ELIMINATES }), lines).text;
      return [...t.matchAll(/— Battle at ([^:(]+)/g)].map((m) => m[1]!.trim());
    };
    expect(order([])).toEqual(['Maui', "Moloka'i"]);
    expect(order(['BATTLE Molokai FIRST'])).toEqual(["Moloka'i", 'Maui']);
  });

  it('fights further rounds, each with a new advantage roll, while both sides have unpanicked units', () => {
    const s = battle(
      K,
      { kamehameha: 'kona', 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      {
        nonElite: ONLY_6_ELIMINATES,
        dice: [6, 1, LOW, LOW, LOW, LOW, 6, 1, 6],
      },
    );
    const r = play(s, []);
    const [round1, round2] = r.text.split('Round 2 advantage');
    expect(fireLines(round1!)).toHaveLength(2);
    expect(round2).toMatch(/^: Kamehameha 6 \+ 0|^: Kamehameha 6, Allied Chiefs 1: Kamehameha fires first/);
    expect(round2).toMatch(
      /Kamehameha: Hawai'i warriors 1 \(2\) fires 2 dice \(non-elite column\): 6 E → Maui warriors 1 \(2\) eliminated/,
    );
    expect(where(r.state, 'maui-warriors-1')).toBe('box');
  });

  it('the pike cancels the first panic of each round, not only of the battle (14.1)', () => {
    // The Royal Guard (two dice, all panics) against a pike and a warrior that cannot fire.
    const s = battle(
      K,
      { kamehameha: 'kona', 'royal-guard': 'maui', 'k-canoe-1': 'maui', 'a-pike': 'maui', 'maui-warriors-2': 'maui' },
      {
        elite: ALL_P,
        dice: [6, 1, 0, 0, 6, 1, 0, 0],
        data: (d) => {
          d.units.find((u: { id: string }) => u.id === 'royal-guard').strength = 2;
          d.units.find((u: { id: string }) => u.id === 'a-pike').strength = 0;
          d.units.find((u: { id: string }) => u.id === 'maui-warriors-2').strength = 0;
        },
      },
    );
    const first = play(s, []).text.split('Second battle')[0]!;
    const [round1, round2] = first.split('Round 2 advantage');
    expect(round1).toMatch(/P → panic cancelled by the pike; \d P → Maui warriors 2 \(0\) panics/);
    expect(round2).toMatch(/P → panic cancelled by the pike; \d P → Allied pike \(0\) panics/);
  });

  it('a beaten attacker retreats only to a space not yet to be resolved (11.5)', () => {
    // Kamehameha loses at Maui first; Moloka'i (his stronger stack, battle still to come) is not a refuge.
    const { 'maui-warriors-1': _, ...rest } = twoBattles;
    const s = battle(
      K,
      { ...rest, 'maui-warriors-2': 'maui', 'k-warriors-4': 'molokai' },
      { nonElite: ALL_P, dice: [1, 6, 0] },
    );
    const r = play(s, ['BATTLE Maui FIRST']);
    expect(r.text).toMatch(/Kamehameha retreats Hawai'i warriors 1 \(2\), Hawai'i canoes 1 \(0\) to Kona by canoe/);
    expect(where(r.state, 'k-warriors-1')).toBe('kona');
  });

  it('a force that won a sea battle lands but does not attack again that turn (11.8)', () => {
    // One canoe at Kona carries two of the three warriors into the war fleet; the third stays ashore.
    const s = battle(
      A,
      {
        kalani: 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        'k-warriors-7': 'kona',
        'k-warriors-8': 'kona',
        'k-warriors-9': 'kona',
        'k-canoe-1': 'kona',
        kamehameha: 'molokai',
      },
      { nonElite: ALL_P, dice: [2, 6, 1] },
    );
    const r = play(
      s,
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS', 'STANDING RETREAT Molokai'],
    );
    expect(r.text).toMatch(/Allied Chiefs wins the sea battle/);
    expect(r.text).toMatch(/lands at Kona; no further attack there this turn/);
    expect(r.text).not.toMatch(/— Battle at Kona/);
    expect(where(r.state, 'maui-warriors-1')).toBe('kona');
    expect(where(r.state, 'k-warriors-9')).toBe('kona');
    expect(r.state.contested).toContain('kona');
  });

  it('the landed force holds the beach; next turn it attacks from the beach and the fort stays with the defenders (11.8)', () => {
    const s = battle(
      A,
      {
        kalani: 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        'k-warriors-7': 'kona',
        'k-warriors-8': 'kona',
        'k-warriors-9': 'kona',
        'k-canoe-1': 'kona',
        kamehameha: 'molokai',
      },
      { nonElite: ALL_P, dice: [2, 6, 1] },
    );
    const landed = play(
      s,
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS', 'STANDING RETREAT Molokai'],
    );
    expect(landed.text).toMatch(/Allied Chiefs holds the beach and attacks from it in the next Battle Phase/);
    expect(landed.state.beach).toEqual({ kona: A });
    // (the helpers' hand-made decks aside)
    const positionProblems = (st: typeof s) => checkState(st).filter((x) => !/ cards are /.test(x));
    expect(positionProblems(landed.state)).toEqual([]);
    const kona = (
      hawaii1795.view(landed.state, { kind: 'player', role: K }) as { spaces: { id: string; beach: string | null }[] }
    ).spaces.find((x) => x.id === 'kona')!;
    expect(kona.beach).toBe(A);
    expect(hawaii1795.formatPosition(landed.state, { kind: 'player', role: K })).toMatch(
      /Kona[^\n]*\[fort, Allied Chiefs on the beach\]/,
    );
    // Kamehameha's turn: the Allied attack from the beach; Kamehameha defends Kona's fort and ignores panics.
    const next = play(withDice(turnWith(landed.state, K, 9, 6), [6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), []);
    expect(next.text).toMatch(
      /— Battle at Kona: Allied Chiefs attacks from the beach, where it landed after the sea battle \(11\.8\)\./,
    );
    expect(next.text).toMatch(
      /Battle at Kona: Allied Chiefs in the beach hex with Maui warriors 1 \(2\); Kamehameha in the inland hex with Hawai'i warriors 9 \(1\)/,
    );
    expect(next.text).toMatch(/panic ignored \(Kamehameha defends a fort\)/);
    expect(next.text).not.toMatch(/Allied Chiefs defends a fort/);
    expect(next.text).toMatch(/Kamehameha holds Kona/);
    expect(where(next.state, 'maui-warriors-1')).not.toBe('kona');
    expect(next.state.beach).toEqual({});
    expect(positionProblems(next.state)).toEqual([]);
  });

  it('the holders may reinforce a space whose beach the enemy holds: a landing there is no invasion, no sighting (11.8)', () => {
    const s = battle(
      A,
      {
        kalani: 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        'k-warriors-7': 'kona',
        'k-warriors-8': 'kona',
        'k-warriors-9': 'kona',
        'k-canoe-1': 'kona',
        kamehameha: 'molokai',
      },
      { nonElite: ALL_P, dice: [2, 6, 1] },
    );
    const landed = play(
      s,
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS', 'STANDING RETREAT Molokai'],
    );
    expect(where(landed.state, 'k-warriors-7')).toBe('molokai');
    const next = play(withDice(turnWith(landed.state, K, 9, 6), [6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), [
      'FLEET Molokai - Kona WITH k-warriors-7',
    ]);
    expect(next.lines[0]!.ok).toBe(true);
    expect(next.text).not.toMatch(/sighting roll/);
    expect(next.text).toMatch(/Kamehameha in the inland hex with Hawai'i warriors 7 \(1\), Hawai'i warriors 9 \(1\)/);
  });
});
