// Decisions the rules give a player are the player's (issue 10, point 7): the war fleet (11.7),
// which unit takes a loss (11.3), retreats, pursuit, and that each report says what was decided
// and, to its owner only, whether his standing instruction or the default decided it.
import { describe, expect, it } from 'vitest';
import { hawaii1795, setStandingInstructions } from '../../src/games/hawaii1795.ts';
import type { TurnReport } from '../../src/hand-of-destiny/engine.ts';
import { A, ALL_P, battle, K, newGame, play, where } from './helpers.ts';

const asK = { kind: 'player', role: K } as const;
const asA = { kind: 'player', role: A } as const;
const report = (entries: TurnReport['entries']): TurnReport => ({ key: 'x', label: 'x', side: A, entries });

/** The Allied Chiefs invade Kona, where Kamehameha stands with a warrior and two canoes; Hilo holds another warrior. */
function invasion(dice: (number | number[])[]) {
  return battle(
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
    },
    { nonElite: ALL_P, elite: ALL_P, dice },
  );
}

describe("the war fleet is the defender's decision (11.7)", () => {
  it('by default never sends Kamehameha to sea: the war fleet sails without him and he stays in Kona', () => {
    const r = play(invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]), ['FLEET Maui - Kona WITH maui-warriors-1']);
    const fleetLine = r.text.split('\n').find((l) => /war fleet of/.test(l))!;
    expect(fleetLine).toMatch(/Hawai'i warriors 1.*Hawai'i warriors 2|Hawai'i warriors 2.*Hawai'i warriors 1/);
    expect(fleetLine).not.toMatch(/Kamehameha \(3\+\)/);
    expect(where(r.state, 'kamehameha')).toBe('kona');
    expect(r.state.outcome).toBeNull();
    const mine = hawaii1795.formatReport(report(r.entries), asK);
    expect(mine).toContain(
      "Kamehameha's war fleet: launched (default WARFLEET STRONGER; Kamehameha (3+) stays ashore, default crew).",
    );
  });

  it('sends Kamehameha when the player says so (WARFLEET ALWAYS WITH Kamehameha, warriors)', () => {
    const r = play(
      invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS WITH Kamehameha, warriors'],
    );
    expect(r.text.split('\n').find((l) => /war fleet of/.test(l))).toMatch(/Kamehameha \(3\+\)/);
    expect(hawaii1795.formatReport(report(r.entries), asK)).toContain(
      "Kamehameha's war fleet: launched (standing instruction WARFLEET ALWAYS WITH Kamehameha, warriors).",
    );
  });

  it('a WITH list is the whole crew: units not named stay ashore', () => {
    const r = play(
      invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS WITH k-warriors-2'],
    );
    const fleetLine = r.text.split('\n').find((l) => /war fleet of/.test(l))!;
    expect(fleetLine).toMatch(/with Hawai'i warriors 2 \(2\) meets/);
  });

  it('a WITH list may name canoes: only those sail, the others stay in the space invaded (11.7 "any canoes, units and leaders")', () => {
    const r = play(
      invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS WITH k-canoe-1, warriors'],
    );
    const fleetLine = r.text.split('\n').find((l) => /war fleet of/.test(l))!;
    expect(fleetLine).toMatch(/war fleet of 1 canoe fleet\(s\)/);
    expect(where(r.state, 'k-canoe-2')).toBe('kona');
    expect(hawaii1795.formatReport(report(r.entries), asK)).toContain("Hawai'i canoes 2 (0) stays at Kona");
    expect(hawaii1795.formatReport(report(r.entries), asA)).not.toMatch(/stays at Kona/);
  });

  it('naming no canoe keeps the default, every canoe in the space sails; naming only canoes keeps the default crew', () => {
    const r = play(
      invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET ALWAYS WITH canoe'],
    );
    const fleetLine = r.text.split('\n').find((l) => /war fleet of/.test(l))!;
    expect(fleetLine).toMatch(/war fleet of 2 canoe fleet\(s\) with .*Hawai'i warriors/);
    expect(fleetLine).not.toMatch(/Kamehameha \(3\+\)/);
    const lines = setStandingInstructions(newGame(), K, ['WARFLEET ALWAYS WITH k-canoe-2, Royal Guard']).state;
    const v = hawaii1795.view(lines, asK) as { standingInstructions: Record<string, string[]> };
    expect(v.standingInstructions[K]).toContain(
      'War fleet canoes (11.7): only k-canoe-2; the others stay in the space invaded (your instruction)',
    );
    expect(v.standingInstructions[K]).toContain(
      'War fleet crew (11.7): only Royal Guard, in that order (your instruction)',
    );
    const d = hawaii1795.view(newGame(), asK) as { standingInstructions: Record<string, string[]> };
    expect(d.standingInstructions[K]).toContain('War fleet canoes (11.7): every canoe in the space invaded (default)');
  });

  it('both players read what was decided; only the defender reads why', () => {
    const r = play(
      invasion([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ['FLEET Maui - Kona WITH maui-warriors-1'],
      ['STANDING WARFLEET NEVER'],
    );
    const theirs = hawaii1795.formatReport(report(r.entries), asA);
    const mine = hawaii1795.formatReport(report(r.entries), asK);
    expect(theirs).toContain("Kamehameha's war fleet: not launched (Kamehameha's decision).");
    expect(theirs).not.toMatch(/WARFLEET|standing instruction|default/);
    expect(mine).toContain("Kamehameha's war fleet: not launched (standing instruction WARFLEET NEVER).");
    expect(hawaii1795.formatReport(report(r.entries), { kind: 'moderator' })).toContain(
      'standing instruction WARFLEET NEVER',
    );
    expect(hawaii1795.formatReport(report(r.entries), { kind: 'observer' })).toContain("(Kamehameha's decision)");
  });

  it('reads WARFLEET ... WITH and refuses unknown units, changing nothing', () => {
    const s = newGame();
    const ok = setStandingInstructions(s, K, ['WARFLEET stronger WITH Royal Guard, warriors']);
    expect(ok.lines[0]!.ok).toBe(true);
    expect(ok.state.standing[K]).toMatchObject({ warFleet: 'stronger', warFleetCrew: ['Royal Guard', 'warriors'] });
    const bad = setStandingInstructions(s, K, ['WARFLEET always WITH dragons']);
    expect(bad.lines[0]).toMatchObject({ ok: false, error: expect.stringMatching(/'dragons' is not a unit/) });
    expect(bad.state.standing[K]).toEqual(s.standing[K]);
  });
});

describe('losses, fire order, retreats: each line says whose choice and its source, to its owner', () => {
  // Kamehameha attacks Maui: two warriors against two; every hit panics.
  const fightAtMaui = () =>
    battle(
      K,
      {
        'k-warriors-1': 'maui',
        'k-warriors-7': 'maui',
        'maui-warriors-1': 'maui',
        'a-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        kalani: 'oahu-1',
        'a-canoe-1': 'oahu-1',
      },
      {
        nonElite: ALL_P,
        elite: ALL_P,
      },
    );

  it('a STANDING LOSSES list decides which unit takes a panic, and the report tells its owner so', () => {
    const r = play(fightAtMaui(), [], ['STANDING LOSSES a-warriors-1']);
    const firstHit = r.text.split('\n').find((l) => /^Kamehameha: .* fires .*panics/.test(l))!;
    expect(firstHit).toMatch(/O'ahu warriors 1 \(2\) panics/);
    const mine = hawaii1795.formatReport(report(r.entries), asA);
    // The list names it first for the second panic too (11.3: the targeted player's choice; eliminated).
    expect(mine).toMatch(
      /\[losses: O'ahu warriors 1: standing instruction LOSSES a-warriors-1; O'ahu warriors 1: standing instruction LOSSES a-warriors-1\]/,
    );
    const theirs = hawaii1795.formatReport(report(r.entries), asK);
    expect(theirs).not.toMatch(/LOSSES a-warriors-1|O'ahu warriors 1: /);
    expect(theirs).toMatch(/\[fire: default: strongest first\]/);
  });

  it('without instructions the notes say "default"', () => {
    const r = play(fightAtMaui(), []);
    expect(hawaii1795.formatReport(report(r.entries), asA)).toMatch(/\[losses: [^\]]*default: cheapest first\]/);
  });

  it('the retreat destination names its source to the retreating player', () => {
    const s = battle(
      K,
      {
        'k-warriors-1': 'maui',
        'maui-warriors-1': 'maui',
        'maui-canoe-1': 'maui',
        kalani: 'oahu-1',
        'a-canoe-1': 'oahu-1',
        'a-warriors-3': 'molokai',
      },
      {
        nonElite: ['E', 'E', 'E', 'E', 'E', 'E'],
        elite: ALL_P,
        dice: [6, 1],
      },
    );
    const r = play(s, [], ['STANDING RETREAT Molokai']);
    const mine = hawaii1795.formatReport(report(r.entries), asA);
    expect(mine).toMatch(/Allied Chiefs retreats .* to Moloka'i .*\[retreat: standing instruction RETREAT Moloka'i\]/);
    expect(hawaii1795.formatReport(report(r.entries), asK)).not.toMatch(/\[retreat/);
  });
});

describe('the standing instructions and their defaults are shown to their owner', () => {
  it('in the view, the position text (mail) and the choices (web page)', () => {
    const s = newGame();
    const v = hawaii1795.view(s, asK) as any;
    expect(v.standingInstructions[K]).toContain(
      'War fleet crew (11.7): the strongest units that fit the canoes, never Kamehameha (sudden death) (default)',
    );
    expect(v.standingInstructions[A]).toBeUndefined();
    const pos = hawaii1795.formatPosition(s, asK);
    expect(pos).toContain('Your decisions during the turns, as the STANDING instructions give them or by default');
    expect(pos).toContain(
      'War fleet (11.7): STRONGER: launch when the war fleet is at least as strong as the invaders (default)',
    );
    expect(hawaii1795.formatPosition(s, asA)).toContain('never Kalanikupule, Kaiana (sudden death) (default)');
    expect(hawaii1795.formatPosition(s, asA)).not.toContain('never Kamehameha');
    expect(hawaii1795.formatPosition(s, { kind: 'observer' })).not.toMatch(/STANDING|War fleet/);
    const changed = setStandingInstructions(s, K, ['WARFLEET NEVER']).state;
    expect((hawaii1795.options!(changed, K) as any).standing.instructions[0]).toBe(
      'War fleet (11.7): NEVER: no war fleet; the invaders land and fight the battle ashore (your instruction)',
    );
    expect((hawaii1795.options!(changed, A) as any).standing.instructions[0]).toMatch(/STRONGER.*\(default\)/);
  });
});
