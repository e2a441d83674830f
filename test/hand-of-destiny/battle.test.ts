import { describe, expect, it } from 'vitest';
import { A, ALL_E, ALL_P, battle, fireLines, K, play, where } from './helpers.ts';
import { formatReportText } from '../../src/hand-of-destiny/view.ts';

const LOW = [1, 2, 3, 4, 5];
const ONLY_6_ELIMINATES = ['-', '-', '-', '-', '-', 'E'];

describe('battlefield advantage (11.1 i-iii)', () => {
  it('gives +1 to the side with more elite units', () => {
    const s = battle(
      K,
      { 'royal-guard': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      { nonElite: ALL_E, elite: ALL_E, dice: [3, 3] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(
      /Round 1 advantage: Kamehameha 3 \+ 1 \(elite \+1\) = 4, Allied Chiefs 3: Kamehameha fires first/,
    );
  });

  it('gives no modifier when both sides have as many elite units, and re-rolls ties', () => {
    const s = battle(
      K,
      { 'royal-guard': 'oahu-1', 'k-canoe-1': 'oahu-1', thunderers: 'oahu-1' },
      { elite: ALL_E, dice: [3, 3, 2, 5] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/Round 1 advantage: Kamehameha 3, Allied Chiefs 3: tie, roll again/);
    expect(r.text).toMatch(/Round 1 advantage: Kamehameha 2, Allied Chiefs 5: Allied Chiefs fires first/);
    // the Thunderers fire first and eliminate the Royal Guard before it can fire (11.1 v note)
    expect(fireLines(r.text)).toHaveLength(1);
    expect(r.text).toMatch(/Royal Guard \(3\+\) eliminated/);
  });
});

describe('fire (11.1 v-vii, 14.2)', () => {
  it('fires gunpowder units first (advantage side, then the other), then alternates', () => {
    const s = battle(
      K,
      {
        'k-musketeers': 'maui',
        'k-warriors-1': 'maui',
        'k-canoe-1': 'maui',
        'a-musketeers': 'maui',
        'maui-warriors-1': 'maui',
      },
      { nonElite: ONLY_6_ELIMINATES, dice: [6, 1, LOW, LOW, LOW, LOW, LOW, LOW, LOW, LOW] },
    );
    const lines = fireLines(play(s, []).text).slice(0, 4);
    expect(lines[0]).toMatch(/^Kamehameha: Kamehameha musketeers/);
    expect(lines[1]).toMatch(/^Allied Chiefs: Allied musketeers/);
    expect(lines[2]).toMatch(/^Kamehameha: Hawai'i warriors 1/);
    expect(lines[3]).toMatch(/^Allied Chiefs: Maui warriors 1/);
  });

  it("lets the side with more units fire the rest after the other side's last unit", () => {
    const s = battle(
      K,
      {
        'k-warriors-1': 'maui',
        'k-warriors-2': 'maui',
        'k-warriors-7': 'maui',
        'k-canoe-1': 'maui',
        'maui-warriors-1': 'maui',
      },
      { nonElite: ONLY_6_ELIMINATES, dice: [1, 6, LOW, LOW, LOW, LOW, LOW, LOW, LOW] },
    );
    const lines = fireLines(play(s, []).text)
      .slice(0, 4)
      .map((l) => l.split(':')[0]);
    expect(lines).toEqual(['Allied Chiefs', 'Kamehameha', 'Kamehameha', 'Kamehameha']);
  });

  it('rolls as many dice as the strength, on the elite column for elite units (11.2)', () => {
    const s = battle(
      K,
      { 'royal-guard': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      { nonElite: ALL_E, elite: ALL_E, dice: [6, 1] },
    );
    expect(play(s, []).text).toMatch(/Royal Guard \(3\+\) fires 3 dice \(elite column\)/);
  });

  it('follows the STANDING FIRE order of the firing player', () => {
    const s = battle(
      K,
      {
        'k-warriors-1': 'maui',
        'k-warriors-7': 'maui',
        'k-canoe-1': 'maui',
        'maui-warriors-1': 'maui',
        'a-warriors-1': 'maui',
        'a-warriors-2': 'maui',
      },
      { nonElite: ONLY_6_ELIMINATES, dice: [6, 1, LOW, LOW, LOW, LOW, LOW, LOW, LOW, LOW, LOW, LOW] },
    );
    const r = play(s, ['STANDING FIRE k-warriors-7']);
    expect(fireLines(r.text)[0]).toMatch(/Hawai'i warriors 7 \(1\) fires 1 die/);
  });
});

describe('battle results (11.3, 12.0, 13.0, 14.1)', () => {
  it('panics a unit, and a second panic eliminates it', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      { nonElite: ALL_P, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/Maui warriors 1 \(2\) panics; .* Maui warriors 1 \(2\) panics a second time: eliminated/);
  });

  it('a unit panicked before it fires does not fire', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui', 'a-warriors-1': 'maui' },
      { nonElite: ALL_P, dice: [6, 1, 0, 0] },
    );
    const r = play(s, []);
    const first = r.text.split('Second battle')[0]!;
    expect(fireLines(first)).toHaveLength(1);
    expect(first).toMatch(/Kamehameha wins the battle/);
  });

  it('applies eliminations to unpanicked units before panicked ones', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui', 'a-warriors-1': 'maui' },
      { nonElite: ['P', 'P', 'P', 'E', 'E', 'E'], dice: [6, 1, 1, 4] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/1 P → O'ahu warriors 1 \(2\) panics; 4 E → Maui warriors 1 \(2\) eliminated/);
  });

  it('lets a STANDING LOSSES order put a panic on a unit panicked already (eliminated) while an unpanicked one remains (11.3)', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui', 'a-warriors-1': 'maui' },
      { nonElite: ALL_P, dice: [6, 1, 1, 1] },
    );
    const r = play(s, [], ['STANDING LOSSES maui-warriors-1']);
    expect(r.text).toMatch(
      /1 P → Maui warriors 1 \(2\) panics; 1 P → Maui warriors 1 \(2\) panics a second time: eliminated/,
    );
  });

  it("lets the targeted player choose by STANDING LOSSES, even in the other player's turn", () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui', 'a-warriors-1': 'maui' },
      { nonElite: ALL_E, dice: [6, 1] },
    );
    const r = play(s, [], ['STANDING LOSSES maui-warriors-1']);
    expect(r.text).toMatch(
      /E → Maui warriors 1 \(2\) eliminated; 6 E → O'ahu warriors 1 \(2\) eliminated|\d E → Maui warriors 1 \(2\) eliminated/,
    );
    expect(r.text.indexOf('Maui warriors 1 (2) eliminated')).toBeLessThan(
      r.text.indexOf("O'ahu warriors 1 (2) eliminated"),
    );
  });

  it('elite defenders ignore panic; another unit must take it (12.0)', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'oahu-1', 'k-canoe-1': 'oahu-1', thunderers: 'oahu-1', 'a-warriors-1': 'oahu-1' },
      { nonElite: ALL_P, elite: ['-', '-', '-', '-', '-', '-'], dice: [6, 1] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(
      /P → O'ahu warriors 1 \(2\) panics; \d P → O'ahu warriors 1 \(2\) panics a second time: eliminated/,
    );
    expect(r.text).not.toMatch(/Thunderers \(3\+\) panics/);
  });

  it('elite units ignore panic when attacking too (3.0 "cancels panic results", 11.3 "Elite units … ignore panic results")', () => {
    const s = battle(
      K,
      { 'royal-guard': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui' },
      { nonElite: ALL_P, elite: ['-', '-', '-', '-', '-', '-'], dice: [1, 6] },
    );
    const text = play(s, []).text;
    expect(text).not.toMatch(/Royal Guard \(3\+\) panics/);
    expect(text).toMatch(/panic ignored \(elite\)/);
  });

  it('units defending in a fort ignore panic (13.0)', () => {
    const s = battle(
      A,
      { 'a-warriors-1': 'hilo', 'a-canoe-1': 'hilo', 'k-warriors-3': 'hilo' },
      { nonElite: ALL_P, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/panic ignored \(Kamehameha defends a fort\); \d P → panic ignored/);
    expect(r.text).toMatch(/Kamehameha holds Hilo/);
  });

  it('a pike cancels the first panic of each round, and not once panicked (14.1)', () => {
    const s = battle(
      K,
      {
        'k-warriors-1': 'maui',
        'k-warriors-2': 'maui',
        'k-canoe-1': 'maui',
        'a-pike': 'maui',
        'maui-warriors-1': 'maui',
      },
      { nonElite: ALL_P, dice: [6, 1] },
    );
    const r = play(s, []);
    const round1 = r.text.split('Round 2')[0]!;
    expect(round1).toMatch(/P → panic cancelled by the pike; \d P → Maui warriors 1 \(2\) panics/);
    expect(round1.match(/cancelled by the pike/g)).toHaveLength(1);
  });

  it('a pike regains its ability after rallying, in the second battle (14.1, 11.4)', () => {
    const s = battle(
      K,
      { kamehameha: 'kona', 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'a-pike': 'maui', kalani: 'oahu-1' },
      { nonElite: ALL_P, dice: [6, 1, 0, 0, 6, 1, 0, 0] },
    );
    const r = play(s, []);
    const [first, second] = r.text.split('Second battle at Maui');
    expect(first).toMatch(/panic cancelled by the pike; \d P → Allied pike \(2\) panics/);
    expect(first).toMatch(/rallies Allied pike/);
    expect(second).toMatch(/panic cancelled by the pike; \d P → Allied pike \(2\) panics/);
  });
});

describe('after the battle (11.4-11.6)', () => {
  it('fights a second battle after a beach victory: cliff hex, rally, new advantage roll; losers in the cliff are eliminated', () => {
    const s = battle(
      K,
      {
        kamehameha: 'kona',
        'k-warriors-7': 'maui',
        'k-canoe-1': 'maui',
        'maui-warriors-2': 'maui',
        'maui-canoe-1': 'maui',
        kalani: 'oahu-1',
      },
      { nonElite: ALL_P, dice: [6, 1, 0, 6, 1, 0] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/Allied Chiefs falls back to the cliff hex and rallies Maui warriors 2/);
    expect(r.text).toMatch(/Second battle at Maui: Kamehameha in the inland hex .* Allied Chiefs in the cliff hex/);
    expect(r.text.match(/Round 1 advantage/g)!.length).toBeGreaterThanOrEqual(2);
    expect(r.text).toMatch(/cannot retreat: Maui warriors 2 \(1\) eliminated/);
    expect(where(r.state, 'maui-warriors-2')).toBe('box');
    // the defender's canoes are never eliminated in a land battle: they sail to a friendly space
    expect(where(r.state, 'maui-canoe-1')).toBe('oahu-1');
    expect(r.text).toMatch(/Kamehameha holds Maui/);
  });

  it('a successful defence sends the panicked attackers away by canoe to a friendly space (11.5)', () => {
    const s = battle(
      K,
      { kamehameha: 'kona', 'k-warriors-7': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-2': 'maui' },
      { nonElite: ALL_P, dice: [1, 6, 0] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(/Kamehameha retreats Hawai'i warriors 7 \(1\), Hawai'i canoes 1 \(0\) to Kona by canoe/);
    expect(where(r.state, 'k-canoe-1')).toBe('kona');
  });

  it('without a friendly space to go to the whole attacking force is eliminated (11.5)', () => {
    // (Kamehameha kept off the map so that his side has no other space.)
    const s = battle(
      K,
      { 'k-warriors-7': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-2': 'maui' },
      { nonElite: ALL_P, dice: [1, 6, 0] },
    );
    const r = play(s, []);
    expect(r.text).toMatch(
      /Kamehameha has nowhere to retreat: Hawai'i warriors 7 \(1\), Hawai'i canoes 1 \(0\) eliminated/,
    );
    expect(where(r.state, 'k-canoe-1')).toBe('box');
  });

  it("attacked overland from the other space of O'ahu, the defender falls back to the beach and leaves by canoe (11.6)", () => {
    let s = battle(
      K,
      {
        'k-warriors-7': 'oahu-2',
        kamehameha: 'kona',
        'maui-warriors-2': 'oahu-1',
        'a-canoe-1': 'oahu-1',
        'maui-warriors-1': 'maui',
      },
      { nonElite: ALL_P, dice: [6, 1, 0, 6, 1, 0] },
    );
    const r = play(s, ['MOVE k-warriors-7 Oahu-2 - Oahu-1']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.text).toMatch(/attack overland/);
    expect(r.text).toMatch(/falls back to the beach hex/);
    expect(r.text).toMatch(
      /Allied Chiefs retreats Maui warriors 2 \(1\), O'ahu canoes 1 \(0\) to Maui off the island by canoe/,
    );
    s = r.state;
    expect(where(s, 'maui-warriors-2')).toBe('maui');
  });

  it('an overland attacker without canoes falls back to where it came from (11.6)', () => {
    const s = battle(
      K,
      { 'k-warriors-7': 'oahu-2', kamehameha: 'kona', 'maui-warriors-2': 'oahu-1' },
      { nonElite: ALL_P, dice: [1, 6, 0] },
    );
    const r = play(s, ['MOVE k-warriors-7 Oahu-2 - Oahu-1']);
    expect(r.text).toMatch(/retreats Hawai'i warriors 7 \(1\) to O'ahu-2 \(Kailua\) overland/);
  });

  it('keeps no panicked units after a battle: all rally (11.6)', () => {
    const s = battle(
      K,
      { 'k-warriors-1': 'maui', 'k-canoe-1': 'maui', 'maui-warriors-1': 'maui', kamehameha: 'kona' },
      { nonElite: ALL_P, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(JSON.stringify(r.state)).not.toMatch(/panicked/);
  });
});

describe('sea battles (11.7-11.8)', () => {
  const invasion = (dice: (number | number[])[], extra: Record<string, string> = {}) =>
    battle(
      A,
      {
        kalani: 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        'k-warriors-1': 'kona',
        'k-warriors-2': 'hilo',
        'k-canoe-1': 'kona',
        'k-canoe-2': 'kona',
        kamehameha: 'kona',
        ...extra,
      },
      { nonElite: ALL_P, elite: ALL_P, dice },
    );

  it('does not sight an invasion on 4-6: the force lands and fights', () => {
    const r = play(invasion([4, 0, 0, 0, 0, 0, 0, 0, 0]), ['FLEET Maui - Kona WITH maui-warriors-1']);
    expect(r.text).toMatch(/sighting roll 4: the fleet is not sighted/);
    expect(r.text).toMatch(/Battle at Kona/);
  });

  it('sights on 1-3 and launches a war fleet from the target space and the other space of the island', () => {
    const r = play(invasion([2, 1, 6]), ['FLEET Maui - Kona WITH maui-warriors-1'], ['STANDING WARFLEET ALWAYS']);
    expect(r.text).toMatch(/sighting roll 2: sighted\. Kamehameha's war fleet: launched/);
    expect(r.text).toMatch(/Kamehameha's war fleet of 2 canoe fleet\(s\) with .*Hawai'i warriors 2/);
    expect(r.text).toMatch(/Sea battle off Kona/);
  });

  it('a war fleet that wins returns; the beaten invaders retreat with half their canoes rounded up', () => {
    const r = play(
      invasion([2, 1, 6]),
      ['STANDING RETREAT Maui', 'FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS'],
    );
    expect(r.text).toMatch(/Kamehameha wins the sea battle/);
    expect(r.text).toMatch(/The war fleet returns/);
    expect(where(r.state, 'maui-canoe-1')).toBe('maui');
    expect(where(r.state, 'kamehameha')).toBe('kona');
    expect(where(r.state, 'k-warriors-2')).toBe('hilo');
    expect(r.text).not.toMatch(/Battle at Kona/);
  });

  it('invaders who win the sea battle land but fight no battle there this turn; the war fleet retreats with half its canoes', () => {
    const s = battle(
      A,
      {
        kalani: 'oahu-1',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        'k-warriors-7': 'kona',
        'k-canoe-1': 'kona',
        'k-canoe-2': 'kona',
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
    expect(r.text).toMatch(/Kamehameha loses Hawai'i canoes 2 \(0\) at sea/);
    expect(where(r.state, 'k-canoe-1')).toBe('molokai');
    expect(where(r.state, 'maui-warriors-1')).toBe('kona');
    expect(r.text).not.toMatch(/Battle at Kona/);
  });

  it('respects STANDING WARFLEET NEVER, and shows why to the defender only', () => {
    const s = invasion([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const defender = s.scenario.sides.map((x) => x.id).find((x) => x !== s.side);
    const r = play(s, ['FLEET Maui - Kona WITH maui-warriors-1'], ['STANDING WARFLEET NEVER']);
    expect(r.text).toMatch(/sighted\. Kamehameha's war fleet: not launched \(Kamehameha's decision\)\./);
    expect(r.text).not.toMatch(/standing instruction/i);
    const report = { key: 'x', label: 'x', side: s.side, entries: r.entries };
    expect(formatReportText(report, { kind: 'player', role: defender! })).toContain(
      "Kamehameha's war fleet: not launched (standing instruction WARFLEET NEVER).",
    );
    expect(formatReportText(report, { kind: 'player', role: s.side })).not.toMatch(/WARFLEET|standing instruction/);
  });
});

describe('victory (5.1-5.3)', () => {
  it('Kamehameha eliminated: the Allied Chiefs win at once', () => {
    const s = battle(
      A,
      { kamehameha: 'maui', 'maui-warriors-1': 'maui', 'maui-canoe-1': 'maui', kalani: 'oahu-1' },
      { nonElite: ALL_E, elite: ALL_E, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(r.state.outcome).toMatchObject({ kind: 'victory', winners: [A] });
    expect(where(r.state, 'kamehameha')).toBe('dead');
  });

  it('Kalani and Kaiana eliminated: Kamehameha wins at once', () => {
    const s = battle(
      K,
      { kamehameha: 'kona', 'k-warriors-1': 'oahu-1', 'k-canoe-1': 'oahu-1', kalani: 'oahu-1', kaiana: 'dead' },
      { nonElite: ALL_E, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(r.state.outcome).toMatchObject({ kind: 'victory', winners: [K] });
  });

  it('eliminated leaders never return (3.1)', () => {
    const s = battle(
      K,
      { kamehameha: 'kona', 'k-warriors-1': 'oahu-1', 'k-canoe-1': 'oahu-1', kalani: 'oahu-1', 'a-warriors-1': 'maui' },
      { nonElite: ALL_E, dice: [6, 1] },
    );
    expect(where(play(s, []).state, 'kalani')).toBe('dead');
  });
});
