// Fog of war (system 10.0) is the default, and nothing a player reads (report, view, position
// text) tells him what the fog hides: games that differ only in hidden enemy stacks read the same.
import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import type { TurnReport } from '../../src/hand-of-destiny/engine.ts';
import { A, ALL_E, ALL_P, battle, K, play } from './helpers.ts';

const asK = { kind: 'player', role: K } as const;
const asA = { kind: 'player', role: A } as const;
const observer = { kind: 'observer' } as const;
const report = (entries: TurnReport['entries']): TurnReport => ({ key: 'x', label: 'x', side: A, entries });

/** What Kamehameha's player reads after the Allied turn: report, view and position, as text. */
function kamehamehaReads(s: HodState, entries: TurnReport['entries']) {
  return {
    report: hawaii1795.formatReport(report(entries), asK),
    view: JSON.stringify(hawaii1795.view(s, asK)),
    position: hawaii1795.formatPosition(s, asK),
    observer: hawaii1795.formatReport(report(entries), observer) + JSON.stringify(hawaii1795.view(s, observer)),
  };
}

describe('fog of war is the default (10.0)', () => {
  it('a new game has it on; an explicit option switches it off', () => {
    expect(hawaii1795.setup('fog', 'long', {}).options.fogOfWar).toBe(true);
    expect(hawaii1795.setup('fog', 'long', { fogOfWar: false }).options.fogOfWar).toBe(false);
    const v = hawaii1795.view(hawaii1795.setup('fog', 'long', {}), asK) as any;
    const oahu = v.spaces.find((x: any) => x.id === 'oahu-1');
    expect(oahu.units).toEqual([]);
    expect(oahu.hidden).toEqual([{ side: A, count: 5 }]);
  });
});

describe('no report leaks what the fog hides', () => {
  // Same counts in each space, same Recruit Box; which Allied unit stands where differs.
  const common = {
    kamehameha: 'kona',
    'k-warriors-1': 'kona',
    'k-canoe-1': 'kona',
    'k-warriors-2': 'hilo',
    'a-canoe-1': 'oahu-1',
    'maui-canoe-1': 'maui',
  };
  const x = battle(A, { ...common, kalani: 'oahu-1', 'a-warriors-1': 'oahu-1', 'a-warriors-2': 'maui' });
  const y = battle(A, { ...common, 'a-warriors-2': 'oahu-1', 'a-warriors-1': 'oahu-1', kalani: 'maui' });

  it('enemy moves, fleet moves and recruits in spaces Kamehameha cannot see read the same, byte for byte', () => {
    const rx = play(x, ['MOVE Oahu-1 - Oahu-2', 'FLEET Maui - Molokai WITH a-warriors-2']);
    const ry = play(y, ['MOVE Oahu-1 - Oahu-2', 'FLEET Maui - Molokai WITH Kalani']);
    // The Allied player's own report names his units (the two games did differ).
    expect(hawaii1795.formatReport(report(rx.entries), asA)).toMatch(/moves Kalanikupule/);
    expect(hawaii1795.formatReport(report(ry.entries), asA)).toMatch(/carrying Kalanikupule/);
    const kx = kamehamehaReads(rx.state, rx.entries);
    const ky = kamehamehaReads(ry.state, ry.entries);
    expect(kx.report).toBe(ky.report);
    expect(kx.view).toBe(ky.view);
    expect(kx.position).toBe(ky.position);
    expect(kx.observer).toBe(ky.observer);
    // A MOVE of a stack leaves its canoes behind: they move only by fleet moves (10.3).
    expect(kx.report).toContain("Allied Chiefs moves 2 units from O'ahu-1 (Waikiki) to O'ahu-2 (Kailua).");
    expect(kx.report).toContain("Allied Chiefs fleet move: a canoe fleet from Maui to Moloka'i carrying 1 unit.");
    expect(kx.report).not.toMatch(/Kalanikupule|O'ahu warriors/);
  });

  it('the moderator reads the full text', () => {
    const rx = play(x, ['MOVE Oahu-1 - Oahu-2']);
    expect(hawaii1795.formatReport(report(rx.entries), { kind: 'moderator' })).toMatch(
      /moves Kalanikupule \(2\+\), O'ahu warriors 1 \(2\) from O'ahu-1 \(Waikiki\) to O'ahu-2 \(Kailua\)\./,
    );
  });

  it('a move into or out of a space the reader holds is seen in full', () => {
    const s = battle(A, { ...common, kalani: 'oahu-1', 'a-warriors-1': 'oahu-1', 'k-warriors-3': 'oahu-2' });
    const r = play(s, ['MOVE Oahu-1 - Oahu-2']);
    expect(hawaii1795.formatReport(report(r.entries), asK)).toMatch(
      /Allied Chiefs moves Kalanikupule \(2\+\), O'ahu warriors 1 \(2\) from O'ahu-1 \(Waikiki\) to O'ahu-2 \(Kailua\) \(enemy there: stops\)\./,
    );
  });

  it('a battle is seen in full by both sides: each has units in the space (10.0)', () => {
    const s = battle(
      A,
      {
        'k-warriors-1': 'maui',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        kalani: 'oahu-1',
        kamehameha: 'kona',
      },
      { nonElite: ALL_E, elite: ALL_P, dice: [6, 1] },
    );
    const r = play(s, []);
    expect(hawaii1795.formatReport(report(r.entries), asK)).toMatch(
      /Battle at Maui: Allied Chiefs in the beach hex with Maui warriors 1 \(2\); Kamehameha in the inland hex with Hawai'i warriors 1 \(2\)/,
    );
  });

  it('an observer, who has units nowhere, reads that a battle was fought and who holds the space, not the forces', () => {
    const placements = {
      'k-warriors-1': 'maui',
      'maui-warriors-1': 'maui',
      'maui-canoe-1': 'maui',
      kalani: 'oahu-1',
      kamehameha: 'kona',
    };
    const fogged = play(battle(A, placements, { nonElite: ALL_E, elite: ALL_P, dice: [6, 1] }), []);
    const seen = hawaii1795.formatReport(report(fogged.entries), observer);
    expect(seen).toContain('— Battle at Maui: Allied Chiefs attacks.');
    expect(seen).toContain('Allied Chiefs holds Maui.');
    expect(seen).not.toMatch(/Maui warriors 1|Hawai'i warriors 1|fires/);
    expect(hawaii1795.formatReport(report(fogged.entries), { kind: 'moderator' })).toMatch(
      /Maui warriors 1 \(2\) fires/,
    );
    const open = play(
      battle(A, placements, { nonElite: ALL_E, elite: ALL_P, dice: [6, 1], options: { fogOfWar: false } }),
      [],
    );
    expect(hawaii1795.formatReport(report(open.entries), observer)).toMatch(/Maui warriors 1 \(2\) fires/);
  });

  it('recruits placed out of sight name the unit (the Recruit Box is public) but not the space', () => {
    const s = battle(
      A,
      { ...common, kalani: 'oahu-1', 'a-warriors-1': 'oahu-1' },
      { data: (d) => (d.decks[A].find((c: any) => c.number === 9).recruit = [{ kind: 'warriors', count: 1 }]) },
    );
    const r = play(s, ['RECRUIT a-warriors-3 Oahu-1']);
    const mine = hawaii1795.formatReport(report(r.entries), asK);
    expect(mine).toContain("Allied Chiefs recruits O'ahu warriors 3 (2).");
    expect(mine).not.toMatch(/recruits .* in O'ahu/);
  });
});
