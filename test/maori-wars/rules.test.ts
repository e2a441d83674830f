// The rules of Maori Wars on a small fixture map (test/maori-wars/fixtures.ts). Each test names
// the rule it checks; docs/maori-wars.md maps every rule to these tests.
import { describe, expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import {
  apply,
  legalActions,
  problemOf,
  resolveTurn,
  type Action,
  type MWReport,
} from '../../src/maori-wars/engine.ts';
import { inSupply, reinforcementHexes, supplyRoom } from '../../src/maori-wars/rules/supply.ts';
import { checkVictory } from '../../src/maori-wars/rules/victory.ts';
import { enforceStacking, pathProblem, reachable } from '../../src/maori-wars/movement.ts';
import { resolveAttack } from '../../src/maori-wars/combat.ts';
import { destroyStructure } from '../../src/maori-wars/rules/results.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import { structureName, structuresAt, unitsAt, type MWState, type Unit } from '../../src/maori-wars/state.ts';
import { fixtureScenario, fixtureTables, newGame, rig, sameCrt, shown } from './fixtures.ts';
import { sapEffect } from '../../src/maori-wars/actions/sap.ts';

const find = (s: MWState, pred: (u: Unit) => boolean) => s.units.find(pred)!;
const leader = (s: MWState, name: string) => find(s, (u) => u.name === name);
const at = (s: MWState, hex: string, kind?: string) => unitsAt(s, hex).filter((u) => !kind || u.kind === kind);
/** Submit lines for the phasing player and resolve the phase. */
function play(s: MWState, lines: string[], role = s.side): MWState {
  const r = maoriWars.readSubmission(s, role, lines);
  const bad = r.lines.filter((l) => !l.ok);
  if (bad.length) throw new Error(bad.map((l) => `${l.text}: ${l.error}`).join('\n'));
  return maoriWars.resolve(s, { [role]: r.accepted }).state;
}
/** Resolve phases with no orders until the given phase (of the given side). */
function until(s: MWState, side: string, phase: string): MWState {
  for (let i = 0; i < 50 && !(s.side === side && s.phase === phase); i++) s = maoriWars.resolve(s, {}).state;
  expect([s.side, s.phase]).toEqual([side, phase]);
  return s;
}

describe('14.0 set-up', () => {
  it('sets up Structures first, units in an empty friendly Structure, leaders on a friendly unit', () => {
    const s = newGame();
    expect(structuresAt(s, '0804').map((x) => [x.kind, x.owner])).toEqual([['pa', 'Maori']]);
    expect(at(s, '0804', 'warrior')).toHaveLength(2);
    expect(leader(s, 'Heke').at).toBe('0804');
    // "within 2 hexes of Auckland": the Settlement may not go on the Town, so it is next to it,
    // and the Militia goes into an empty friendly Structure (the Town, the nearest).
    expect(structuresAt(s, '0209').map((x) => x.kind)).toEqual(['town']);
    const settlement = s.structures.find((x) => x.kind === 'settlement')!;
    expect(settlement.hex).not.toBe('0209');
    expect(find(s, (u) => u.kind === 'militia').at).toBe('0209');
    expect(
      s.units
        .filter((u) => u.at === 'box')
        .map((u) => u.kind)
        .sort(),
    ).toEqual(['infantry', 'warrior', 'warrior']);
  });
  it("puts the scenario's BD chits (less the removed ones) in the cup, in an order fixed by the seed", () => {
    const a = newGame('one'),
      b = newGame('one'),
      c = newGame('two');
    expect(a.cup.slice().sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => ![1, 2, 3, 4, 10].includes(n)),
    );
    expect(a.cup).toEqual(b.cup);
    expect(a.cup).not.toEqual(c.cup);
  });
  it('refuses a Structure next to an enemy Structure with no water hexside between (14.0)', () => {
    expect(() =>
      newGame('x', {
        scenario: {
          setup: [
            { side: 'Maori', at: { hex: '0505' }, structures: ['village'], units: [], leaders: [] },
            { side: 'British', at: { hex: '0605' }, structures: ['settlement'], units: [], leaders: [] },
          ],
        },
      }),
    ).toThrow(/no legal hex/);
  });
});

describe('2.0 sequence of play and 1.0 victory', () => {
  it('plays the Maori player turn, then the British, phase by phase; phases with nothing to decide pass by themselves', () => {
    let s = newGame();
    expect([s.turn, s.side, s.phase]).toEqual([1, 'Maori', 'reinforcement']);
    s = play(s, ['PASS']);
    expect(s.phase).toBe('movement');
    s = play(s, ['PASS']);
    // Rally (nothing Disrupted), Alliance (no leader next to a Neutral Village) and Combat (no
    // enemy next to a Maori unit) pass by themselves.
    expect(s.phase).toBe('bushRaider');
    expect(s.prelude).toEqual([]);
    s = until(s, 'British', 'reinforcement');
    expect(s.turn).toBe(1);
    s = until(s, 'Maori', 'reinforcement');
    expect(s.turn).toBe(2);
  });
  it('ends after the last Game Turn with the level of victory from the VP', () => {
    let s = newGame();
    s.vp = -3;
    for (let i = 0; i < 100 && !s.result; i++) s = maoriWars.resolve(s, {}).state;
    expect(s.turn).toBe(3);
    expect(s.result).toMatchObject({ kind: 'victory', winners: ['Maori'] });
    expect(s.result!.text).toMatch(/Minor Victory/);
    const d = newGame();
    d.vp = 1;
    d.turn = 3;
    checkVictory(d, []);
    expect(d.result?.kind).toBe('draw');
    const m = newGame();
    m.vp = 6;
    m.turn = 3;
    checkVictory(m, []);
    expect(m.result?.text).toMatch(/British Major Victory/);
  });
  it('ends at once when a player reaches 9 VP, or when all Maori Villages and Pa, or all Settlements, are gone', () => {
    const a = newGame();
    a.vp = 9;
    checkVictory(a, []);
    expect(a.result?.winners).toEqual(['British']);
    const b = newGame();
    b.structures = b.structures.filter((x) => x.owner !== 'Maori');
    checkVictory(b, []);
    expect(b.result?.text).toMatch(/all Maori Villages and Pa/);
    const c = newGame();
    c.structures = c.structures.filter((x) => x.kind !== 'settlement');
    checkVictory(c, []);
    expect(c.result?.winners).toEqual(['Maori']);
    const d = newGame();
    checkVictory(d, []);
    expect(d.result).toBeNull();
  });
  it("ends the game at the VP change that reaches 9, even when the exchange's other half moves the marker back (1.0)", () => {
    // An exchange: the defender's hit gives the British their 9th VP, the attacker's hit would give the Maori one back.
    const s = newGame('exchange', { tables: { crt: sameCrt('h1', 'h1'), vp: { ...fixtureTables().vp, unit: 1 } } });
    s.side = 'British';
    s.phase = 'combat';
    s.vp = 8;
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
    const r = maoriWars.resolve(s, { British: { actions: [{ kind: 'attack', target: '0505', from: ['0405'] }] } });
    expect(r.state.result?.text).toBe('British wins decisively: first to 9 Victory Points');
    expect(r.state.vp).toBe(9);
    expect((r.report as MWReport).lines.join('\n')).toMatch(
      /the marker stands at 9 British\.\nBritish wins decisively: first to 9 Victory Points\./,
    );
  });
  it('counts all Settlements eliminated when the only Settlement was built during the game', () => {
    // A scenario without Settlements: none to eliminate, no decisive win, until the British build one.
    const s = newGame();
    s.structures = s.structures.filter((x) => x.kind !== 'settlement');
    s.hadSettlements = false;
    checkVictory(s, []);
    expect(s.result).toBeNull();
    const hex = s.structures.find((x) => x.owner === 'British')!.hex;
    apply(s, 'British', { kind: 'build', what: 'settlement', hex } as Action, []);
    expect(s.hadSettlements).toBe(true);
    s.structures = s.structures.filter((x) => x.kind !== 'settlement');
    checkVictory(s, []);
    expect(s.result?.text).toMatch(/all Settlements eliminated/);
  });
  it('counts a Fort built on the only Settlement as that Settlement, not eliminated; a Fort on a Town does not matter (1.0, 12.0)', () => {
    let s = newGame();
    const st = s.structures.find((x) => x.kind === 'settlement')!;
    s.side = 'British';
    s.phase = 'construction';
    s = play(s, [`BUILD FORT AT ${st.hex}`]);
    expect(s.structures.find((x) => x.hex === st.hex)?.kind).toBe('fort');
    expect(s.result).toBeNull();
    // The Fort destroyed is replaced with a Settlement (9.0): still no decisive win.
    destroyStructure(s, s.structures.find((x) => x.hex === st.hex)!, [], true, 'falls');
    checkVictory(s, []);
    expect(s.result).toBeNull();
    // Gone, with only a Fort on a Town left: "Forts do not matter".
    s.structures = s.structures.filter((x) => x.hex !== st.hex);
    s.structures.push({ id: 'fortOnTown', kind: 'fort', owner: 'British', hex: '0209', disrupted: false });
    checkVictory(s, []);
    expect(s.result?.text).toMatch(/Maori wins decisively: all Settlements eliminated/);
  });
});

describe('5.0 reinforcement', () => {
  it('brings an automatic Queenite leader with no printed place to the Queenites that arrive with him, not to the first British unit (Patuone)', () => {
    const base = fixtureScenario();
    const s0 = newGame('patuone', {
      scenario: {
        leaders: { ...base.leaders, 'Wāka Nene': { category: 'queenite' }, Patuone: { category: 'queenite' } },
        setup: [
          ...base.setup,
          {
            side: 'British',
            queenite: true,
            at: { place: 'Gate Pa' },
            structures: ['village'],
            units: [{ kind: 'queenite', count: 1 }],
            leaders: ['Wāka Nene'],
          },
        ],
        automatic: [{ turn: 1, side: 'British', kind: 'queenite', count: 1, at: { box: 'reinforcement' } }],
        automaticLeaders: [{ turn: 1, side: 'British', name: 'Patuone', at: { box: 'reinforcement' } }],
      },
    });
    const s = until(s0, 'British', 'reinforcement');
    const patuone = leader(s, 'Patuone');
    expect(patuone.at).toBe('0910');
    expect(at(s, '0910', 'queenite')).toHaveLength(2);
    expect(leader(s, 'Wāka Nene').at).toBe('0910');
  });
  it('brings one unit from the box into a friendly Village or Pa (Maori), not two', () => {
    let s = newGame();
    const opts = (maoriWars.options!(s, 'Maori') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(opts).toEqual(['REINFORCE warrior AT Ohaeawai', 'REINFORCE warrior AT Ruapekapeka', 'PASS']);
    const r = maoriWars.readSubmission(s, 'Maori', ['REINFORCE warrior AT Ruapekapeka', 'REINFORCE warrior AT 0804']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]).toMatchObject({ ok: false, error: expect.stringMatching(/only 1 unit/) });
    s = maoriWars.resolve(s, { Maori: r.accepted }).state;
    expect(at(s, '0807', 'warrior')).toHaveLength(2);
  });
  it('refuses a Maori unit the Structures cannot supply (13.0)', () => {
    const s = newGame();
    s.structures = s.structures.filter((x) => x.hex !== '0807');
    for (let i = 0; i < 2; i++) newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0805' });
    const u = find(s, (x) => x.at === 'box' && x.kind === 'warrior');
    expect(problemOf(s, 'Maori', { kind: 'reinforce', unit: u.id, hex: '0804' })).toMatch(/supply/);
  });
  it('places British units from the box in a Town of the designated area only', () => {
    const s = until(newGame(), 'British', 'reinforcement');
    expect(legalActions(s, 'British').map((a) => (a as { hex: string }).hex)).toEqual(['0209']);
  });
});

describe('6.0 movement and the Terrain Effects chart', () => {
  it('charges terrain costs: clear 1, rough 2 (Rangers 1), mountain 3 and closed to Cavalry', () => {
    const s = newGame();
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0405' });
    expect(pathProblem(s, w, ['0505'])).toEqual({ cost: 2 });
    expect(pathProblem(s, w, ['0505', '0506'])).toMatchObject({ problem: /4 mp left; that path costs 5/ });
    const r = newUnit(s, { kind: 'rangers', owner: 'British', at: '0405' });
    expect(pathProblem(s, r, ['0505'])).toEqual({ cost: 1 });
    const c = newUnit(s, { kind: 'cavalry', owner: 'British', at: '0406' });
    expect(pathProblem(s, c, ['0506'])).toMatchObject({ problem: /may not move/ });
    const l = leader(s, 'Kawiti');
    expect(reachable(s, l).has('0803')).toBe(true); // 4 mp, like every leader
    expect(reachable(s, l).has('0802')).toBe(false);
  });
  it('keeps land units off water and all-water hexsides', () => {
    const s = newGame();
    const w = find(s, (u) => u.kind === 'warrior' && u.at === '0804');
    w.at = '0604';
    expect(pathProblem(s, w, ['0704'])).toMatchObject({ problem: /may not move/ });
    const i = find(s, (u) => u.kind === 'infantry' && u.at === '0202');
    expect(pathProblem(s, i, ['0102'])).toMatchObject({ problem: /may not move/ });
  });
  it('forbids entering an enemy Structure or unit, eliminates a sole enemy leader entered', () => {
    const s = newGame();
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0302' });
    expect(pathProblem(s, w, ['0202'])).toMatchObject({ problem: /enemy Structure/ });
    const d = leader(s, 'Despard');
    d.at = '0303';
    const lines: string[] = [];
    apply(s, 'Maori', { kind: 'move', unit: w.id, path: ['0303'] }, lines);
    expect(d.at).toBe('gone');
    expect(s.vp).toBe(-1);
  });
  it('lets units pass through Neutrals but not stop there', () => {
    const s = newGame();
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0504' });
    expect(pathProblem(s, w, ['0404'])).toMatchObject({ problem: /pass through Neutrals/ });
    expect(pathProblem(s, w, ['0404', '0304'])).toEqual({ cost: 2 });
  });
  it('moves a Gunboat from coast to coast for 0 mp and along a navigable river for 1; never ends in the ocean', () => {
    const s = newGame();
    const g = find(s, (u) => u.kind === 'gunboat');
    expect(pathProblem(s, g, ['0208'])).toEqual({ cost: 0 });
    expect(pathProblem(s, g, ['0203', '0303'])).toEqual({ cost: 1 });
    expect(pathProblem(s, g, ['0203', '0303', '0403'])).toMatchObject({ problem: /may not move/ }); // not navigable
    expect(pathProblem(s, g, ['0102'])).toMatchObject({ problem: /ocean/ });
  });
  it('lets Canoes paddle any river for 1 mp a hex, not over land', () => {
    const s = newGame();
    const c = newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0203' });
    expect(pathProblem(s, c, ['0303', '0403', '0503'])).toEqual({ cost: 3 });
    expect(pathProblem(s, c, ['0304'])).toMatchObject({ problem: /may not move/ });
  });
  it('captures a sole enemy Canoe, or destroys it for 1 VP when a British unit enters it', () => {
    const s = newGame();
    const c = newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0203' });
    const i = find(s, (u) => u.kind === 'infantry' && u.at === '0202');
    apply(s, 'British', { kind: 'move', unit: i.id, path: ['0203'] }, []);
    expect(c.at).toBe('gone');
    expect(s.vp).toBe(1);
    const q = newUnit(s, { kind: 'queenite', owner: 'British', at: '0302' });
    const c2 = newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0303' });
    apply(s, 'British', { kind: 'move', unit: q.id, path: ['0303'] }, []);
    expect(c2.owner).toBe('British');
  });
  it('transports up to 2 units and leaders by boat, 2 mp each, disembarking at the end', () => {
    let s = until(newGame(), 'British', 'movement');
    s = play(s, ['TRANSPORT gunboat 0202 WITH infantry 0202, infantry 0202, Despard TO 0207']);
    expect(at(s, '0207', 'infantry')).toHaveLength(2);
    expect(leader(s, 'Despard').at).toBe('0207');
    const s2 = until(newGame(), 'British', 'movement');
    newUnit(s2, { kind: 'infantry', owner: 'British', at: '0202' });
    const r = maoriWars.readSubmission(s2, 'British', [
      'TRANSPORT gunboat 0202 WITH infantry 0202, infantry 0202, infantry 0202 TO 0207',
    ]);
    expect(r.lines[0]).toMatchObject({ ok: false, error: /at most 2 units/ });
  });
});

describe('4.0 stacking', () => {
  it('allows 4 units a hex, the British 2 in rough; leaders, Canoes, Gunboats and Artillery stack free', () => {
    const s = newGame();
    for (let i = 0; i < 3; i++) newUnit(s, { kind: 'infantry', owner: 'British', at: '0606' });
    newUnit(s, { kind: 'artillery', owner: 'British', at: '0606' });
    const lines: string[] = [];
    enforceStacking(s, lines);
    expect(at(s, '0606').filter((u) => u.kind === 'infantry')).toHaveLength(2);
    expect(at(s, '0606', 'artillery')).toHaveLength(1);
    expect(lines.join('\n')).toMatch(/over-stacked: Maori moves British Infantry/);
  });
  it('is enforced after the Movement Phase', () => {
    let s = newGame();
    s = play(s, ['PASS']);
    for (let i = 0; i < 3; i++) newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0805' });
    s = play(s, ['MOVE warrior 0805, warrior 0805, warrior 0805 TO 0804']);
    expect(at(s, '0804', 'warrior')).toHaveLength(4);
  });
});

describe('9.0 combat', () => {
  function duel(over: Parameters<typeof newGame>[1] = {}) {
    const s = newGame('duel', over);
    s.side = 'British';
    s.phase = 'combat';
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
    const i1 = newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
    const i2 = newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
    return { s, w, i1, i2 };
  }
  it('lets the defender evade by its standing instruction (Maori on 4–6), and the attackers may not attack again', () => {
    const { s, w, i1 } = duel();
    s.standing.Maori.evade = 'always';
    rig(s, [4]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    expect(w.at).not.toBe('0505');
    expect(lines.join('\n')).toMatch(/tries to evade \(4–6\): rolled 4 \(draw #\d+\)/);
    expect(s.attacked).toContain(i1.id);
    expect(s.evaded).toContain(w.id);
  });
  it('needs 5–6 for Maori evading Queenites or Rangers', () => {
    const { s, w } = duel();
    s.standing.Maori.evade = 'always';
    newUnit(s, { kind: 'rangers', owner: 'British', at: '0405' });
    s.standing.Maori.counter = 'never';
    rig(s, [4, 6]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    expect(lines.join('\n')).toMatch(/evade \(5–6\): rolled 4/);
    expect(w.at === '0505' || w.at === 'box').toBe(true);
  });
  it('draws a BD chit from the cup and shows it', () => {
    const { s } = duel();
    s.standing.Maori.evade = 'never';
    const top = s.cup[0]!;
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    expect(lines.join('\n')).toContain(`Maori draws BD chit ${top}`);
    expect(s.played).toEqual([top]);
  });
  it('rolls the counter-attack before the attack, against the attacking hex', () => {
    const { s, i1, i2 } = duel({ tables: { crt: sameCrt('-', 'h1') } });
    s.standing.Maori.evade = 'never';
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    const text = lines.join('\n');
    expect(text.indexOf('counter-attacks')).toBeLessThan(text.indexOf('Attack ('));
    expect([i1, i2].filter((u) => u.at === 'box')).toHaveLength(1); // the counter-attack's hit
    s.standing.Maori.counter = 'never';
  });
  it('gives the attacker -1 in rough and -2 against an occupied Fort/Pa (not both)', () => {
    const { s } = duel();
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    rig(s, [3]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    expect(lines.join('\n')).toMatch(/Attack \(greater force\): rolled 3 − 1 = 2/);
    const t = duel();
    t.s.standing.Maori.evade = 'never';
    t.s.standing.Maori.counter = 'never';
    t.s.structures.push({ id: 'sx', kind: 'pa', owner: 'Maori', hex: '0505', disrupted: false });
    rig(t.s, [3]);
    const l2: string[] = [];
    resolveAttack(t.s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, l2);
    expect(l2.join('\n')).toMatch(/rolled 3 − 2 = 1/);
  });
  it('lets a non-Disrupted Pa absorb a hit on 4–6 (becoming a Village), and gives the VP', () => {
    const hit = { crt: sameCrt('-', 'h1') };
    const { s, w } = duel({ tables: hit });
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    s.structures.push({ id: 'sx', kind: 'pa', owner: 'Maori', hex: '0505', disrupted: false });
    rig(s, [3, 5]);
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, []);
    expect(w.at).toBe('0505');
    expect(structuresAt(s, '0505')[0]!.kind).toBe('village');
    expect(s.vp).toBe(1);
  });
  it('advances into a vacated hex and removes the unoccupied Structure there for its VP', () => {
    const hit = { crt: sameCrt('-', 'h1') };
    const { s, i1 } = duel({ tables: hit });
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    s.standing.Maori.absorb = 'never';
    s.structures.push({ id: 'sx', kind: 'village', owner: 'Maori', hex: '0505', disrupted: false });
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'], advance: true }, []);
    expect(i1.at).toBe('0505');
    expect(structuresAt(s, '0505')).toEqual([]);
    expect(s.vp).toBe(1);
  });
  it('makes a Town the Maori occupy a Maori Structure: 2 VP, it supplies 3 Maori units, no Maori reinforcement or British supply there, closed to British units until retaken', () => {
    const s = newGame('town', { tables: { crt: sameCrt('-', 'h1') } });
    // Auckland (0209) alone: no British unit in it, no Settlement next to it.
    for (const u of s.units.filter((x) => x.owner === 'British' && x.at === '0209')) u.at = 'box';
    s.structures = s.structures.filter((x) => x.owner !== 'British' || x.kind === 'town');
    s.side = 'Maori';
    s.phase = 'combat';
    const w1 = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0309' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0309' });
    const room = supplyRoom(s, 'Maori', false);
    const inf = newUnit(s, { kind: 'infantry', owner: 'British', at: '0410' });
    expect(inSupply(s, inf)).toBe(true);
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0209', from: ['0309'], advance: true }, []);
    const town = structuresAt(s, '0209')[0]!;
    expect([town.kind, town.owner, w1.at, s.vp]).toEqual(['town', 'Maori', '0209', -2]);
    expect(structureName(s, town)).toBe('Maori-occupied Town at Auckland (0209)');
    // 13.0 "one Maori Structure will supply up to 3 Maori units"; 3.0: a Town is a Structure.
    expect(supplyRoom(s, 'Maori', false)).toBe(room + 3);
    // 5.0: Maori reinforcements only in a Village or Pa; British ones only in a friendly Town.
    expect(reinforcementHexes(s, 'Maori', newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'box' }))).not.toContain(
      '0209',
    );
    expect(reinforcementHexes(s, 'British', newUnit(s, { kind: 'infantry', owner: 'British', at: 'box' }))).toEqual([]);
    expect(inSupply(s, inf)).toBe(false);
    expect(pathProblem(s, inf, ['0309', '0209'])).toMatchObject({ problem: /enemy Structure/ });
    // The British retake it by attack, for the same 2 VP.
    for (const u of s.units.filter((x) => x.at === '0209')) u.at = '0309';
    s.side = 'British';
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    inf.at = '0210';
    resolveAttack(s, 'British', { kind: 'attack', target: '0209', from: ['0210'], advance: true }, []);
    expect([town.owner, inf.at, s.vp]).toEqual(['British', '0209', 0]);
  });
  it('panics a unit Disrupted twice on 2 or less (Infantry and Rangers only on 1)', () => {
    const dis = { crt: sameCrt('-', 'dA') };
    const { s, w } = duel({ tables: dis });
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    w.disrupted = true;
    rig(s, [6, 2]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
    expect(lines.join('\n')).toMatch(/may panic \(eliminated on 2 or less\): rolled 2/);
    expect(w.at).toBe('box');
  });
  it('lets Cavalry charge in clear terrain only, with +1, before the counter-attack', () => {
    const s = newGame('charge');
    s.side = 'British';
    s.phase = 'combat';
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0704' });
    newUnit(s, { kind: 'cavalry', owner: 'British', at: '0703' });
    expect(problemOf(s, 'British', { kind: 'attack', target: '0704', from: ['0703'], charge: true })).toBeNull();
    rig(s, [3]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0704', from: ['0703'], charge: true }, lines);
    expect(lines.join('\n')).toMatch(/Cavalry charge \(equal force\): rolled 3 \+ 1 = 4/);
    const r = newGame('charge2');
    r.side = 'British';
    r.phase = 'combat';
    newUnit(r, { kind: 'warrior', owner: 'Maori', at: '0505' });
    newUnit(r, { kind: 'cavalry', owner: 'British', at: '0405' });
    expect(problemOf(r, 'British', { kind: 'attack', target: '0505', from: ['0405'], charge: true })).toMatch(
      /clear terrain/,
    );
  });
  it('bombards with an adjacent Artillery before the attack, once a hex a phase; a removed Pa becomes a Village', () => {
    const s = newGame('bomb');
    s.side = 'British';
    s.phase = 'combat';
    s.standing.Maori.evade = 'never';
    s.standing.Maori.counter = 'never';
    newUnit(s, { kind: 'artillery', owner: 'British', at: '0803' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0803' });
    const pa = s.structures.find((x) => x.hex === '0804')!;
    for (const u of at(s, '0804')) u.at = '0805';
    s.units.filter((u) => u.at === '0805' && u.kind === 'leader').forEach((u) => (u.at = '0805'));
    rig(s, [5]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0804', from: ['0803'] }, lines);
    expect(lines.join('\n')).toMatch(/British Artillery at 0803 bombards Ohaeawai \(0804\) \(Pa column\): rolled 5/);
    expect(pa.kind).toBe('village');
    expect(s.bombarded).toEqual(['0804']);
  });
  it('bombards as an order of its own, Artillery alone next to an occupied Pa, on the column the British choose (9.0 step 4)', () => {
    let s = newGame('bomb-order');
    s.side = 'British';
    s.phase = 'combat';
    newUnit(s, { kind: 'artillery', owner: 'British', at: '0803' });
    const opts = () => (maoriWars.options!(s, 'British') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(opts()).toEqual(expect.arrayContaining(['BOMBARD Ohaeawai UNITS', 'BOMBARD Ohaeawai PA']));
    expect(maoriWars.readSubmission(s, 'British', ['BOMBARD Ohaeawai']).lines[0]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/name the column to bombard at Ohaeawai: UNITS, PA/),
    });
    expect(maoriWars.readSubmission(s, 'British', ['BOMBARD Ruapekapeka CANOES']).lines[0]).toMatchObject({
      ok: false,
    });
    const once = structuredClone(s);
    apply(once, 'British', { kind: 'bombard', hex: '0804', target: 'units' }, []);
    expect(problemOf(once, 'British', { kind: 'bombard', hex: '0804', target: 'pa' })).toMatch(/once a Combat Phase/);
    rig(s, [5]);
    const r = maoriWars.resolve(s, {
      British: maoriWars.readSubmission(s, 'British', ['BOMBARD Ohaeawai PA']).accepted,
    });
    const text = maoriWars.formatReport(r.report, { kind: 'observer' });
    expect(text).toMatch(/British Artillery at 0803 bombards Ohaeawai \(0804\) \(Pa column\): rolled 5/);
    s = r.state;
    // The Pa column: the Pa is removed (a Village), the Warriors in it untouched.
    expect(structuresAt(s, '0804').map((x) => x.kind)).toEqual(['village']);
    expect(at(s, '0804', 'warrior').filter((u) => !u.disrupted)).toHaveLength(2);
  });
  it('offers bombardment without a look at Gunboats that are not on the board (the simulator found one at 2,000 games)', () => {
    const s = newGame('bomb-offboard');
    s.side = 'British';
    s.phase = 'combat';
    newUnit(s, { kind: 'artillery', owner: 'British', at: '0803' });
    for (const where of ['arrival', '9999']) newUnit(s, { kind: 'gunboat', owner: 'British', at: where });
    const opts = () => (maoriWars.options!(s, 'British') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(opts()).toEqual(expect.arrayContaining(['BOMBARD Ohaeawai UNITS']));
  });
  it('refuses attacks on Neutrals and by Disrupted units', () => {
    const { s, i1, i2 } = duel();
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0304' });
    expect(problemOf(s, 'British', { kind: 'attack', target: '0404', from: ['0304'] })).toMatch(/Neutrals/);
    i1.disrupted = true;
    i2.disrupted = true;
    expect(problemOf(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] })).toMatch(
      /no unit at 0405 may attack/,
    );
  });
});

describe('7.0 rally, 8.0 alliance, 12.0 construction, 13.0 attrition', () => {
  it('rallies a Disrupted unit on 6, or 4+ with a Maori leader in the hex', () => {
    let s = newGame();
    const w = find(s, (u) => u.kind === 'warrior' && u.at === '0804');
    w.disrupted = true;
    s = play(s, ['PASS']);
    rig(s, [4]);
    const r = maoriWars.resolve(s, { Maori: { actions: [{ kind: 'pass' }] } });
    expect(maoriWars.formatReport(r.report, { kind: 'observer' })).toMatch(
      /Rally Disrupted Maori Warriors at Ohaeawai \(0804\) with Heke \(4–6\): rolled 4/,
    );
    expect(r.state.units.find((u) => u.id === w.id)!.disrupted).toBe(false);
  });
  it("lets a leader next to a Neutral Village negotiate; an alliance replaces the Neutrals with the side's counters", () => {
    let s = newGame();
    leader(s, 'Heke').at = '0504';
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0504' });
    s = until(s, 'Maori', 'alliance');
    expect((maoriWars.options!(s, 'Maori') as { actions: { text: string }[] }).actions.map((a) => a.text)).toContain(
      'NEGOTIATE Heke WITH Waitangi',
    );
    rig(s, [5]);
    s = play(s, ['NEGOTIATE Heke WITH Waitangi']);
    expect(structuresAt(s, '0404')[0]!.owner).toBe('Maori');
    expect(at(s, '0404', 'warrior')).toHaveLength(2);
  });
  it('builds one Village with a Maori unit within 3 hexes of a friendly Structure, in the designated area only', () => {
    const s = newGame();
    s.phase = 'construction';
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0808' });
    expect(problemOf(s, 'Maori', { kind: 'build', what: 'village', hex: '0808' })).toBeNull();
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0805' });
    expect(problemOf(s, 'Maori', { kind: 'build', what: 'village', hex: '0805' })).toMatch(/Designated Area/);
    apply(s, 'Maori', { kind: 'build', what: 'village', hex: '0808' }, []);
    expect(problemOf(s, 'Maori', { kind: 'build', what: 'pa', hex: '0807' })).toMatch(/one Construction a turn/);
  });
  it("makes the British pay 1 VP for a Fort, and allows only the scenario's number", () => {
    const s = newGame();
    s.side = 'British';
    s.phase = 'construction';
    apply(s, 'British', { kind: 'build', what: 'fort', hex: '0209' }, []);
    expect(s.vp).toBe(-1);
    s.built = false;
    expect(problemOf(s, 'British', { kind: 'build', what: 'fort', hex: '0202' })).toMatch(/only 1 Fort/);
  });
  it('removes one Maori unit beyond what the Structures supply (3 each), and Disrupts one British unit out of supply', () => {
    let s = newGame();
    for (let i = 0; i < 4; i++) newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0905' });
    s.phase = 'construction';
    s = resolveTurn(s, {}).state;
    expect(s.units.filter((u) => u.kind === 'warrior' && u.at === 'gone')).toHaveLength(1);
    const b = newGame();
    const far = newUnit(b, { kind: 'infantry', owner: 'British', at: '0605' });
    b.side = 'British';
    b.phase = 'construction';
    const r = resolveTurn(b, {});
    expect(r.state.units.find((u) => u.id === far.id)!.disrupted).toBe(true);
  });
});

describe('the reader and the options', () => {
  it('reads every offered action back as itself', () => {
    let s = newGame();
    for (let step = 0; step < 6; step++) {
      const role = s.side;
      const opts = (maoriWars.options!(s, role) as { actions: { text: string }[] }).actions;
      for (const o of opts.slice(0, 60)) {
        const r = maoriWars.readSubmission(s, role, [o.text]);
        expect(r.lines[0], o.text).toMatchObject({ ok: true });
      }
      s = maoriWars.resolve(s, {}).state;
    }
  });
  it('gives a clear error and accepts nothing for bad lines', () => {
    const s = newGame();
    const r = maoriWars.readSubmission(s, 'Maori', [
      'FLY warrior 0804',
      'MOVE warrior 9999 TO 0805',
      'REINFORCE cavalry AT 0804',
    ]);
    expect(r.lines.map((l) => l.ok)).toEqual([false, false, false]);
    expect(r.lines[0]!.error).toMatch(/'FLY' is not an order/);
    expect(r.lines[1]!.error).toMatch(/9999 is not a hex/);
    expect((r.accepted as { actions: Action[] }).actions).toEqual([]);
    const b = maoriWars.readSubmission(s, 'British', ['MOVE infantry 0202 TO 0203', 'STANDING EVADE NEVER']);
    expect(b.lines[0]).toMatchObject({ ok: false, error: /Maori player's Reinforcement Phase, not yours/ });
    expect(b.lines[1]).toMatchObject({ ok: true });
  });
  it('replays the same game from the seed and the submissions', () => {
    const run = () => {
      let s = newGame('replay');
      s = play(s, ['REINFORCE warrior AT 0804']);
      s = play(s, ['MOVE warrior 0804, warrior 0804 TO 0805 0806']);
      for (let i = 0; i < 20 && !s.result; i++) s = maoriWars.resolve(s, {}).state;
      return s;
    };
    expect(JSON.stringify(run())).toEqual(JSON.stringify(run()));
  });
});

describe('rules tested late: boats, repair, Gunboat retreat, Canoe destruction, reinforcements in a full hex', () => {
  it('lets a Gunboat pass an enemy-occupied coastal hex or navigable river hex but not stop there; a Canoe may not enter an enemy river hex (6.0)', () => {
    const s = newGame();
    const g = find(s, (u) => u.kind === 'gunboat');
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0205' });
    expect(pathProblem(s, g, ['0203', '0204', '0205', '0206'])).toEqual({ cost: 0 });
    expect(pathProblem(s, g, ['0203', '0204', '0205'])).toMatchObject({
      problem: /may pass through but not stop in an enemy occupied hex/,
    });
    // Navigable river (0203, 0303): the Gunboat passes a Maori unit at 0203 into 0303, but does not stop with it.
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0203' });
    expect(pathProblem(s, g, ['0203', '0303'])).not.toHaveProperty('problem');
    expect(pathProblem(s, g, ['0203'])).toMatchObject({ problem: /not stop/ });
    const c = newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0503' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0403' });
    expect(pathProblem(s, c, ['0403', '0303'])).toMatchObject({ problem: /may not enter 0403: it holds enemy units/ });
  });
  it("repairs a Disrupted friendly Structure as the turn's one Construction (12.0)", () => {
    let s = until(newGame(), 'British', 'construction');
    const st = s.structures.find((x) => x.hex === '0208')!;
    expect(legalActions(s, 'British').some((a) => a.kind === 'repair')).toBe(false);
    st.disrupted = true;
    const opts = (maoriWars.options!(s, 'British') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(opts).toContain('REPAIR 0208');
    const r = maoriWars.readSubmission(s, 'British', ['REPAIR 0208', 'BUILD FORT AT 0208']);
    expect(r.lines[1]).toMatchObject({ ok: false, error: /only one Construction a turn/ });
    s = play(s, ['REPAIR 0208']);
    expect(s.structures.find((x) => x.hex === '0208')!.disrupted).toBe(false);
    expect(
      problemOf({ ...s, phase: 'construction', side: 'British', built: false }, 'British', {
        kind: 'repair',
        hex: '0208',
      }),
    ).toMatch(/no Disrupted friendly Structure/);
  });
  it('makes a sole Gunboat retreat when Maori units enter it, and a Gunboat whose units are eliminated (6.0)', () => {
    const s = newGame();
    const g = find(s, (u) => u.kind === 'gunboat');
    g.at = '0205';
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0305' });
    const lines: string[] = [];
    apply(s, 'Maori', { kind: 'move', unit: w.id, path: ['0205'] }, lines);
    expect(w.at).toBe('0205');
    expect(g.at).not.toBe('0205');
    expect(g.at).toMatch(/^02\d\d$/); // a coastal hex, not the ocean
    expect(lines.join('\n')).toMatch(/The British Gunboat at 0205 retreats to/);
    const t = newGame('retreat', { tables: { crt: sameCrt('-', 'h1') } });
    t.side = 'Maori';
    t.phase = 'combat';
    const g2 = find(t, (u) => u.kind === 'gunboat');
    g2.at = '0206';
    newUnit(t, { kind: 'infantry', owner: 'British', at: '0206' });
    newUnit(t, { kind: 'warrior', owner: 'Maori', at: '0306' });
    newUnit(t, { kind: 'warrior', owner: 'Maori', at: '0306' });
    t.standing.British.evade = 'never';
    t.standing.British.counter = 'never';
    t.standing.British.absorb = 'never';
    const l2: string[] = [];
    resolveAttack(t, 'Maori', { kind: 'attack', target: '0206', from: ['0306'] }, l2);
    expect(at(t, '0206', 'infantry')).toHaveLength(0);
    expect(g2.at).not.toBe('0206');
    expect(l2.join('\n')).toMatch(/The British Gunboat at 0206 retreats to/);
  });
  it('lets the owner destroy a Canoe in its Movement Phase (no VP), and destroys a Canoe left on land with no unit to carry it (6.0)', () => {
    let s = until(newGame(), 'Maori', 'movement');
    const c = newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0203' });
    s = play(s, ['DESTROY canoe 0203']);
    expect(s.units.find((u) => u.id === c.id)!.at).toBe('box');
    expect(s.vp).toBe(0);
    let t = until(newGame(), 'Maori', 'movement');
    const w = newUnit(t, { kind: 'warrior', owner: 'Maori', at: '0305' });
    const c1 = newUnit(t, { kind: 'canoe', owner: 'Maori', at: '0305' });
    const c2 = newUnit(t, { kind: 'canoe', owner: 'Maori', at: '0306' });
    t = play(t, ['PASS']);
    expect(t.units.find((u) => u.id === c1.id)!.at).toBe('0305'); // carried by the warrior
    expect(t.units.find((u) => u.id === c2.id)!.at).toBe('box');
    expect(t.units.find((u) => u.id === w.id)!.at).toBe('0305');
  });
  it('places an automatic reinforcement whose hex is fully stacked in an adjacent hex within stacking and not next to an enemy; else, British, on the nearest such coastal hex; Maori, in the box (5.0)', () => {
    const auto = (side: 'British' | 'Maori', hex: string) =>
      newGame('full', {
        scenario: {
          automatic: [
            {
              turn: side === 'British' ? 1 : 2,
              side,
              kind: side === 'British' ? 'infantry' : 'warrior',
              count: 1,
              at: { hex },
            },
          ],
        },
      });
    const arrived = (s: MWState, side: string) =>
      s.units.filter((u) => u.owner === side && u.id.startsWith('u')).slice(-1)[0]!;
    // British: Auckland (0209) holds 4 units; 0208 is free and next to no enemy.
    let s = auto('British', '0209');
    for (let i = 0; i < 3; i++) newUnit(s, { kind: 'infantry', owner: 'British', at: '0209' });
    s = until(s, 'British', 'movement'); // the Reinforcement Phase had nothing to decide
    expect(arrived(s, 'British').at).toBe('0208');
    // 0208 full, the other land neighbours next to Maori units: the nearest coastal hex within stacking, not next to an enemy.
    s = auto('British', '0209');
    for (let i = 0; i < 3; i++) newUnit(s, { kind: 'infantry', owner: 'British', at: '0209' });
    for (let i = 0; i < 4; i++) newUnit(s, { kind: 'infantry', owner: 'British', at: '0208' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0310' }); // in 0310, next to 0309 and 0210
    s.structures.push({ id: 'px', kind: 'pa', owner: 'Maori', hex: '0310', disrupted: false });
    s = until(s, 'British', 'movement');
    expect(arrived(s, 'British').at).toBe('0207');
    // Maori: Ohaeawai (0804) full and every neighbour held by the British: the reinforcement waits in the box.
    let m = auto('Maori', '0804');
    for (let i = 0; i < 2; i++) newUnit(m, { kind: 'warrior', owner: 'Maori', at: '0804' });
    for (const h of ['0803', '0904', '0905', '0805', '0705', '0704'])
      newUnit(m, { kind: 'infantry', owner: 'British', at: h });
    m = until(until(m, 'British', 'movement'), 'Maori', 'movement'); // turn 2
    expect(m.units.filter((u) => u.owner === 'Maori' && u.kind === 'warrior' && u.at === 'box').length).toBeGreaterThan(
      2,
    );
  });
});

describe('rules fidelity (issue 25)', () => {
  it('gives the British the Pa\'s VP when the sap brings it down (3.0: "if destroyed by whatever reason")', () => {
    const s = newGame('sap-vp', { scenario: { sapMarker: true } });
    s.side = 'British';
    s.phase = 'movement';
    s.turn = 2;
    s.sap = { hex: '0803', pa: '0804', turn: 1 };
    const vp = s.vp;
    const lines: string[] = [];
    sapEffect(s, lines);
    expect(structuresAt(s, '0804').map((x) => x.kind)).toEqual(['village']);
    expect(s.vp).toBe(vp + 1);
    expect(lines.join('\n')).toMatch(/British gains 1 VP \(a Pa destroyed\)/);
  });
  it('gives a sole Queenite leader no "sole British leader" +1 when negotiating (8.0)', () => {
    const roll = (category: 'british' | 'queenite') => {
      const s = newGame('parley');
      s.side = 'British';
      s.phase = 'alliance';
      newUnit(s, { kind: 'leader', owner: 'British', name: 'Envoy', category, at: '0403' });
      rig(s, [4]);
      const lines: string[] = [];
      apply(
        s,
        'British',
        { kind: 'negotiate', leader: s.units.find((u) => u.name === 'Envoy')!.id, hex: '0404' },
        lines,
      );
      return { text: lines.join('\n'), owner: structuresAt(s, '0404')[0]!.owner };
    };
    expect(roll('british')).toMatchObject({ text: expect.stringMatching(/rolled 4 \+ 1 = 5/), owner: 'British' });
    expect(roll('queenite')).toMatchObject({ text: expect.stringMatching(/rolled 4 \(draw/), owner: 'Neutral' });
  });
  it('counter-attacks from an occupied Fort at a strength of at least 2 (9.0: "unoccupied or not")', () => {
    const s = newGame('fort-counter', { tables: { crt: sameCrt('-', '-') } });
    s.side = 'Maori';
    s.phase = 'combat';
    s.structures.push({ id: 'fort', kind: 'fort', owner: 'British', hex: '0605', disrupted: false });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0605' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0604' });
    s.standing.British.evade = 'never';
    s.standing.Maori.counter = 'never';
    const lines: string[] = [];
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0605', from: ['0604'] }, lines);
    expect(lines.join('\n')).toMatch(/British counter-attacks 0604 \(greater force\)/);
  });
  it('Disrupts again (and may panic) a British unit out of supply that is Disrupted already (13.0, 11.0)', () => {
    const s = newGame('attr-again');
    const far = newUnit(s, { kind: 'infantry', owner: 'British', at: '0605' });
    far.disrupted = true;
    s.side = 'British';
    s.phase = 'construction';
    rig(s, [1]);
    const out = resolveTurn(s, {});
    expect(shown(out.report.lines)).toMatch(
      /Disrupted British Infantry at 0605 is out of supply: Disrupted again \(by British's default loss order.*\)\.\nDisrupted British Infantry at 0605 is Disrupted again and may panic \(eliminated on 1\): rolled 1/,
    );
    expect(out.state.units.find((u) => u.id === far.id)!.at).toBe('box');
  });
  it('holds the Bush Raider Box limit at the end of the phase, whatever the order of the lines (10.0: 3 Maori units)', () => {
    let s = newGame('bush-limit');
    s.side = 'Maori';
    s.phase = 'bushRaider';
    for (let i = 0; i < 3; i++) newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0905' });
    const lines = ['RAIDER warrior 0905', 'LEAVE warrior in Northland TO 0903'];
    const r = maoriWars.readSubmission(s, 'Maori', lines);
    expect(r.lines.map((l) => [l.line, l.ok, l.error ?? ''])).toEqual([
      [1, true, ''],
      [2, true, ''],
    ]);
    s = maoriWars.resolve(s, { Maori: r.accepted }).state;
    expect(s.units.find((u) => u.id === w.id)!.at).toBe('bush:north');
    expect(s.units.filter((u) => u.owner === 'Maori' && u.at.startsWith('bush:'))).toHaveLength(3);
    expect(at(s, '0903', 'warrior')).toHaveLength(1);
    // Still refused when nothing leaves.
    const full = newGame('bush-limit');
    full.side = 'Maori';
    full.phase = 'bushRaider';
    for (let i = 0; i < 3; i++) newUnit(full, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(full, { kind: 'warrior', owner: 'Maori', at: '0905' });
    expect(maoriWars.readSubmission(full, 'Maori', ['RAIDER warrior 0905']).lines[0]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 3 Maori units/),
    });
  });
});

describe('actions the engine cannot carry out', () => {
  it('says "Not done" for a REINFORCE of a unit the game does not know, and changes nothing else', () => {
    const s = newGame();
    s.phase = 'reinforcement';
    const out = resolveTurn(s, { [s.side]: { actions: [{ kind: 'reinforce', unit: 'nobody', hex: '0101' }] } });
    expect(out.report.lines[0]).toBe('Not done: REINFORCE nobody AT 0101 (that is not one of your units).');
  });
});
