// Battle Dispatch chits (9.0 step 3) played as their data says (tables-schema.ts effect vocabulary),
// each drawn with its draw numbers in the report.
import { describe, expect, it } from 'vitest';
import { resolveAttack } from '../../src/maori-wars/combat.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import type { ChitEffect } from '../../src/maori-wars/tables-schema.ts';
import { fixtureTables, newGame, rig, sameCrt } from './fixtures.ts';

/** A British attack from 0305 on a Maori Warrior at 0405, the cup holding one chit with `effects`. */
function withChit(effects: ChitEffect[], crt = sameCrt('-', '-')) {
  const chits = fixtureTables().bdChits.map((c) => (c.number === 1 ? { ...c, title: 'Test chit', effects } : c));
  const s = newGame('chits', { tables: { crt, bdChits: chits } });
  s.side = 'British'; s.phase = 'combat';
  s.cup = [1];
  const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0405' });
  const i1 = newUnit(s, { kind: 'infantry', owner: 'British', at: '0305' });
  const i2 = newUnit(s, { kind: 'militia', owner: 'British', at: '0305' });
  s.standing.Maori.evade = 'never'; s.standing.Maori.counter = 'never';
  const lines: string[] = [];
  const attack = (extra = {}) => { resolveAttack(s, 'British', { kind: 'attack', target: '0405', from: ['0305'], ...extra }, lines); return lines.join('\n'); };
  return { s, w, i1, i2, lines, attack };
}

describe('Battle Dispatch chits', () => {
  it("adds a DRM to the named party's attack roll (Armstrong Guns, British +1)", () => {
    const c = withChit([{ type: 'drm', side: 'british', value: 1, rolls: ['attack'] }]);
    rig(c.s, [3]);
    expect(c.attack()).toMatch(/Attack \(greater force\): rolled 3 \+ 1 = 4 \(draw #\d+\)/);
  });
  it("gives a Maori DRM to the Maori counter-attack when the Maori defend, not to the British attack (Ambush)", () => {
    const c = withChit([{ type: 'drm', side: 'maori', value: 1, rolls: ['attack', 'counter-attack'] }]);
    c.s.standing.Maori.counter = 'always';
    rig(c.s, [2, 3]);
    const text = c.attack();
    expect(text).toMatch(/Maori counter-attacks 0305 \(lesser force\): rolled 2 \+ 1 = 3 \(draw #\d+\)/);
    expect(text).toMatch(/Attack \(greater force\): rolled 3 \(draw #\d+\)/);
  });
  it('skips the steps it names (Heavy Rain: no bombardment, attacker −1)', () => {
    const c = withChit([{ type: 'skip', steps: ['bombardment', 'charge'] }, { type: 'drm', side: 'attacker', value: -1, rolls: ['attack'] }]);
    newUnit(c.s, { kind: 'artillery', owner: 'British', at: '0305' });
    rig(c.s, [4]);
    const text = c.attack();
    expect(text).toMatch(/No bombardment in this combat \(the BD chit\)/);
    expect(c.s.bombarded).toEqual([]);
    expect(text).toMatch(/rolled 4 − 1 = 3/);
  });
  it('calls the attack off: no roll, and the attackers have attacked (Lost in the Bush)', () => {
    const c = withChit([{ type: 'call-off' }], sameCrt('-', 'h1'));
    const text = c.attack();
    expect(text).toMatch(/called off/);
    expect(text).not.toMatch(/Attack \(/);
    expect(c.w.at).toBe('0405');
    expect(c.s.attacked).toContain(c.i1.id);
  });
  it('moves the VP marker (Outcry in London: Maori +1)', () => {
    const c = withChit([{ type: 'vp', side: 'maori', value: 1 }]);
    c.attack();
    expect(c.s.vp).toBe(-1);
  });
  it("disrupts one of the attacker's units by its loss order (Desertion)", () => {
    const c = withChit([{ type: 'disrupt', side: 'attacker', which: 'one' }]);
    const text = c.attack();
    expect(c.i2.disrupted).toBe(true);
    expect(c.i1.disrupted).toBe(false);
    expect(text).toMatch(/British Militia at 0305 takes the disruption \(by British's default loss order/);
  });
  it("removes a leader of the named side in the combat (Leader Wounded), or plays According to Plan without one", () => {
    const c = withChit([{ type: 'leader-lost', side: 'defender' }]);
    const heke = newUnit(c.s, { kind: 'leader', owner: 'Maori', at: '0405', name: 'Hone Heke', category: 'maori' });
    c.attack();
    expect(heke.at).toBe('gone');
    const d = withChit([{ type: 'leader-lost', side: 'attacker' }]);
    expect(d.attack()).toMatch(/British has no leader in this combat: treated as "According to Plan"/);
  });
});

describe('Battle Dispatch chits that move units', () => {
  it('brings a unit of the named kind from the Reinforcement Box into the combat (A War Party Arrives)', () => {
    const c = withChit([{ type: 'reinforcement', side: 'maori', count: 1, kinds: ['warriors'], place: 'combat' }]);
    newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: 'box' });
    const inBox = () => c.s.units.filter((u) => u.owner === 'Maori' && u.kind === 'warrior' && u.at === 'box').length;
    const before = inBox();
    rig(c.s, [3]);
    const text = c.attack();
    expect(inBox()).toBe(before - 1);
    expect(c.s.units.filter((u) => u.owner === 'Maori' && u.at === '0405').length).toBe(2);
    expect(text).toMatch(/arrives from the Reinforcement Box and takes part in this combat/);
    expect(text).toMatch(/Attack \(equal force\)/);
  });
  it('lets the defender withdraw by its standing EVADE (Night Withdrawal), and stay on EVADE NEVER', () => {
    const c = withChit([{ type: 'withdraw', side: 'defender' }], sameCrt('-', 'h1'));
    c.s.standing.Maori.evade = 'weaker';
    const text = c.attack({ advance: true });
    expect(c.w.at).not.toBe('0405');
    expect(c.w.at).not.toBe('box');
    expect(text).toMatch(/Maori withdraws \(by Maori's standing EVADE WEAKER\)/);
    const d = withChit([{ type: 'withdraw', side: 'defender' }], sameCrt('-', 'h1'));
    expect(d.attack()).toMatch(/Maori stays \(by Maori's standing EVADE NEVER\)/);
    expect(d.w.at).toBe('box');
  });
});
