import { describe, expect, it } from 'vitest';
import { hawaii1795, setStandingInstructions } from '../../src/games/hawaii1795.ts';
import { legalChoices } from '../../src/hand-of-destiny/choices.ts';
import { A, K, newGame, play, position, turnWith, where } from './helpers.ts';

const base = () =>
  turnWith(
    position(newGame(), {
      kamehameha: 'kona',
      'john-young': 'kona',
      'k-warriors-1': 'kona',
      'k-warriors-2': 'kona',
      'k-warriors-7': 'kona',
      'k-canoe-1': 'kona',
      'k-canoe-2': 'kona',
      'k-warriors-3': 'hilo',
      'k-canoe-3': 'hilo',
      kalani: 'oahu-1',
      'a-warriors-1': 'oahu-1',
      'a-canoe-1': 'oahu-1',
      'maui-warriors-1': 'maui',
      'maui-canoe-1': 'maui',
    }),
    K,
    9,
    4,
  );

describe('recruiting (9.0)', () => {
  it('places recruits on the home island or with a leader, never elsewhere', () => {
    let s = base();
    s.units.kamehameha!.at = 'molokai';
    const r = play(s, ['RECRUIT k-warriors-4 Molokai', 'RECRUIT warriors Maui']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(where(r.state, 'k-warriors-4')).toBe('molokai');
    expect(r.lines[1]!.error).toMatch(/may be recruited only in Kona, Hilo, Moloka'i/);
    s = base();
    const home = play(s, ['RECRUIT 2 warriors in Hilo']);
    expect(home.lines[0]!.reading).toMatch(/RECRUIT Hawai'i warriors 4, Hawai'i warriors 5 Hilo/);
  });

  it('recruits by default the strongest units to the strongest home space', () => {
    const r = play(base(), []);
    expect(where(r.state, 'k-warriors-4')).toBe('kona');
    expect(where(r.state, 'k-warriors-5')).toBe('kona');
  });

  it("refuses units the card does not recruit, and never recruits Kaua'i units or eliminated leaders", () => {
    const s = base();
    const r = play(s, ['RECRUIT royal guard Kona', 'RECRUIT kauai-warriors-1 Kona']);
    expect(r.lines[0]!.error).toMatch(/no royal guard in the Recruit Box that this card recruits/);
    expect(r.lines[1]!.ok).toBe(false);
    const dead = turnWith(
      position(base(), { kaiana: 'dead', kalani: 'oahu-1', 'a-warriors-1': 'oahu-1' }, { keep: true }),
      A,
      3,
      4,
    );
    const k = play(dead, []);
    expect(k.text).toMatch(/Kaiana is not in the Recruit Box and cannot be recruited/);
    expect(where(k.state, 'kaiana')).toBe('dead');
  });
});

describe('movement (10.0)', () => {
  it("moves freely between the two spaces of Hawai'i, not to other islands", () => {
    const r = play(base(), ['MOVE Kamehameha, 2 warriors Kona - Hilo', 'MOVE k-warriors-3 Hilo - Maui']);
    expect(r.lines[0]!.reading).toBe("MOVE Kamehameha, Hawai'i warriors 1, Hawai'i warriors 2 Kona - Hilo");
    expect(r.lines[1]!.error).toMatch(/not two spaces of one island: use a fleet move/);
    expect(where(r.state, 'kamehameha')).toBe('hilo');
  });

  it('carries one or two units plus one or two leaders per fleet move, from any land space to any other', () => {
    const r = play(base(), [
      'FLEET Kona - Molokai WITH Kamehameha, John Young, 2 warriors',
      'FLEET Kona - Maui WITH 3 warriors',
    ]);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/a canoe carries at most 2 units and 2 leaders/);
    expect(where(r.state, 'john-young')).toBe('molokai');
  });

  it('lets a canoe sail to another space to embark units (start - pickup - destination)', () => {
    const r = play(base(), ['FLEET k-canoe-3 Hilo - Kona - Molokai WITH k-warriors-7']);
    expect(r.lines[0]!.reading).toBe("FLEET Hawai'i canoes 3 Hilo - Kona - Moloka'i WITH Hawai'i warriors 7");
    expect(where(r.state, 'k-canoe-3')).toBe('molokai');
  });

  it('counts fleet moves, moves a canoe and its cargo once, and lets units move on land before embarking', () => {
    const s = turnWith(base(), K, 3, 4); // John Young card: one fleet move
    const r = play(s, ['MOVE k-warriors-3 Hilo - Kona', 'FLEET Kona - Molokai WITH k-warriors-3', 'FLEET Hilo - Maui']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.ok).toBe(true);
    expect(r.lines[2]!.error).toMatch(/no fleet moves left/);
    const again = play(base(), [
      'FLEET Kona - Molokai WITH k-warriors-1',
      'MOVE k-warriors-1 Molokai - Maui',
      'FLEET Molokai - Maui WITH k-warriors-1',
    ]);
    expect(again.lines[1]!.error).toMatch(/not two spaces of one island/);
    expect(again.lines[2]!.error).toMatch(/Hawai'i warriors 1 has already moved by fleet this turn/);
  });

  it('stops units entering a space with enemy units (engagement)', () => {
    const s = base();
    s.units['a-warriors-2']!.at = 'hilo';
    s.units['k-warriors-3']!.at = 'kona';
    s.units['k-canoe-3']!.at = 'kona';
    const r = play(s, [
      'MOVE k-warriors-2 Kona - Hilo',
      'MOVE k-warriors-2 Hilo - Kona',
      'FLEET k-canoe-1 Kona - Hilo - Maui WITH k-warriors-2',
    ]);
    expect(r.lines[0]!.reading).toMatch(/Kona - Hilo/);
    expect(r.lines[1]!.error).toMatch(/engaged with the enemy and cannot leave|must stop/);
    expect(r.lines[2]!.error).toMatch(/the canoe would have to stop at Hilo/);
    expect(r.text).toMatch(/Battle at Hilo/);
  });

  it("never enters Kaua'i while its units are neutral", () => {
    const r = play(base(), ['FLEET Kona - Kauai WITH k-warriors-1']);
    expect(r.lines[0]!.error).toMatch(/held by neutral units/);
  });
});

describe('submission syntax', () => {
  it('reads forgiving, case-insensitive lines and says how each was read', () => {
    const r = hawaii1795.readSubmission(base(), K, [
      '# my turn',
      'move kamehameha, two warriors KONA-HILO',
      'fleet Hilo -> Molokai with warriors',
      'Battle Molokai first',
      'standing losses warriors, musketeers',
      'standing warfleet never',
    ]);
    expect(r.lines.map((l) => l.ok)).toEqual([true, true, true, false, true, true]);
    expect(r.lines[1]!.reading).toMatch(/^MOVE Kamehameha, Hawai'i warriors 1, Hawai'i warriors 2 Kona - Hilo$/);
    expect(r.lines[3]!.error).toMatch(/there is no battle at Moloka'i/);
    expect(r.lines[4]!.reading).toMatch(/losses first to: warriors, musketeers/);
  });

  it('names the word it cannot read and changes nothing', () => {
    const s = base();
    const before = JSON.stringify(s);
    const r = hawaii1795.readSubmission(s, K, [
      'JUMP Kona',
      'MOVE dragons Kona - Hilo',
      'MOVE warriors Kona - Narnia',
      'RECRUIT warriors Oahu',
      'PLAY ninety',
    ]);
    expect(r.lines[0]!.error).toMatch(/unknown order 'JUMP'/);
    expect(r.lines[1]!.error).toMatch(/'dragons' is not a unit/);
    expect(r.lines[2]!.error).toMatch(/no space called 'Narnia'/);
    expect(r.lines[3]!.error).toMatch(/'Oahu' could be O'ahu-1 \(Waikiki\) or O'ahu-2 \(Kailua\)/);
    expect(r.lines[4]!.error).toMatch(/no card called 'ninety'/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('reads only STANDING lines from the player whose turn it is not', () => {
    const r = hawaii1795.readSubmission(base(), A, ['STANDING RETREAT Maui', 'MOVE kalani Oahu-1 - Oahu-2']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/it is Kamehameha's turn: only STANDING instructions/);
  });

  it('changes standing instructions at any time, kept secret from the other side', () => {
    const { state, lines } = setStandingInstructions(base(), A, ['WARFLEET always', 'FIRE Kalani', 'nonsense here']);
    expect(lines.map((l) => l.ok)).toEqual([true, true, false]);
    expect(state.standing[A]!.warFleet).toBe('always');
    expect(state.standing[A]!.fire).toEqual(['Kalani']);
    const kView = hawaii1795.view(state, { kind: 'player', role: K }) as { standing: Record<string, unknown> };
    expect(kView.standing[A]).toBeUndefined();
  });

  it('offers the legal choices for the rest of the submission', () => {
    const c = legalChoices(base(), K, ['MOVE k-warriors-3 Hilo - Kona']);
    expect(c.fleet.movesLeft).toBe(3);
    expect(c.fleet.canoes.map((x) => x.canoe).sort()).toEqual(['k-canoe-1', 'k-canoe-2', 'k-canoe-3']);
    expect(c.landMoves.find((m) => m.unit === 'kamehameha')!.to).toEqual(['hilo']);
    expect(c.fleet.destinations).not.toContain('kauai');
    expect(legalChoices(base(), A).yourTurn).toBe(false);
  });

  it('names where the enemy stands, so that a page can list the battles a move adds and order them (11.1)', () => {
    // The enemy's stacks are on the player's map (hidden or not): enemyAt says no more than that.
    const c = legalChoices(base(), K);
    expect(c.enemyAt).toEqual(['oahu-1', 'maui']);
    const view = hawaii1795.view(base(), { kind: 'player', role: K }) as {
      spaces: { id: string; hidden: unknown[]; units: { owner: string | null }[] }[];
    };
    const onMap = view.spaces
      .filter((sp) => sp.hidden.length || sp.units.some((u) => u.owner === A))
      .map((sp) => sp.id);
    expect(c.enemyAt.every((sp) => onMap.includes(sp))).toBe(true);
    expect(legalChoices(base(), A).enemyAt).toEqual([]);
    // Two fleet landings where the enemy stands: the choices list both battles, in map order.
    const moves = ['FLEET Kona - Maui WITH k-warriors-1, k-warriors-2', 'FLEET Hilo - Oahu-1 WITH k-warriors-3'];
    expect(legalChoices(base(), K, moves).battles).toEqual(['oahu-1', 'maui']);
    // Fought in the order given (no sea battle: the Allied war fleet stays home).
    const calm = setStandingInstructions(base(), A, ['WARFLEET never']).state;
    const fought = (lines: string[]) =>
      play(calm, lines)
        .entries.map((e) => /^— Battle at (.+?): .+ attacks\.$/.exec(e.text)?.[1])
        .filter((x) => x !== undefined);
    expect(fought(moves)).toEqual(["O'ahu-1 (Waikiki)", 'Maui']);
    const r = play(calm, [...moves, "BATTLES Maui, O'ahu-1 (Waikiki)"]);
    expect(r.lines[2]!.reading).toBe("BATTLE Maui, then O'ahu-1 (Waikiki)");
    expect(fought([...moves, "BATTLES Maui, O'ahu-1 (Waikiki)"])).toEqual(['Maui', "O'ahu-1 (Waikiki)"]);
  });
});

describe('occupation victory (5.1)', () => {
  it('Kamehameha wins at the start of a turn holding Kona, Hilo and four of the five', () => {
    let s = position(newGame(), {
      kamehameha: 'kona',
      'k-warriors-1': 'hilo',
      'k-warriors-2': 'oahu-1',
      'k-warriors-3': 'oahu-2',
      'k-warriors-4': 'maui',
      'k-warriors-5': 'molokai',
      kalani: 'kauai',
    });
    s.units.kalani!.at = 'box';
    s = turnWith(s, A, 9, 4);
    const r = play(s, []);
    expect(r.state.outcome).toMatchObject({ kind: 'victory', winners: [K] });
    expect(r.state.outcome!.text).toMatch(/occupation/);
  });

  it("the Allied Chiefs win at the start of their part holding two blue spaces and a fort on Hawai'i", () => {
    let s = position(newGame(), {
      kamehameha: 'hilo',
      kalani: 'kona',
      'a-warriors-1': 'oahu-1',
      'maui-warriors-1': 'maui',
    });
    s = turnWith(s, K, 9, 4);
    const r = play(s, []);
    expect(r.state.outcome).toMatchObject({ kind: 'victory', winners: [A] });
  });

  it('does not count a space the other side shares or a space held only by canoes', () => {
    let s = position(newGame(), {
      kamehameha: 'hilo',
      kalani: 'oahu-1',
      'a-canoe-1': 'kona',
      'a-warriors-1': 'oahu-2',
      'maui-warriors-1': 'maui',
    });
    s = turnWith(s, K, 9, 4);
    expect(play(s, []).state.outcome).toBeNull();
  });
});
