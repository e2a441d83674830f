// Battle Dispatch chits (9.0 step 3) played as their data says (tables-schema.ts effect vocabulary),
// each drawn with its draw numbers in the report.
import { describe, expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { resolveAttack } from '../../src/maori-wars/combat.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import type { ChitEffect } from '../../src/maori-wars/tables-schema.ts';
import { fixtureTables, newGame, rig, sameCrt, shown } from './fixtures.ts';

/** A British attack from 0305 on a Maori Warrior at 0405, the cup holding one chit with `effects`. */
function withChit(effects: ChitEffect[], crt = sameCrt('-', '-')) {
  const chits = fixtureTables().bdChits.map((c) => (c.number === 1 ? { ...c, title: 'Test chit', effects } : c));
  const s = newGame('chits', { tables: { crt, bdChits: chits } });
  s.side = 'British';
  s.phase = 'combat';
  s.cup = [1];
  const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0405' });
  const i1 = newUnit(s, { kind: 'infantry', owner: 'British', at: '0305' });
  const i2 = newUnit(s, { kind: 'militia', owner: 'British', at: '0305' });
  s.standing.Maori.evade = 'never';
  s.standing.Maori.counter = 'never';
  const lines: string[] = [];
  const attack = (extra = {}) => {
    resolveAttack(s, 'British', { kind: 'attack', target: '0405', from: ['0305'], ...extra }, lines);
    return shown(lines);
  };
  return { s, w, i1, i2, lines, attack };
}

describe('Battle Dispatch chits', () => {
  it("adds a DRM to the named party's attack roll (Armstrong Guns, British +1)", () => {
    const c = withChit([{ type: 'drm', side: 'british', value: 1, rolls: ['attack'] }]);
    rig(c.s, [3]);
    expect(c.attack()).toMatch(/Attack \(greater force\): rolled 3 \+ 1 = 4 \(draw #\d+\)/);
  });
  it('gives a Maori DRM to the Maori counter-attack when the Maori defend, not to the British attack (Ambush)', () => {
    const c = withChit([{ type: 'drm', side: 'maori', value: 1, rolls: ['attack', 'counter-attack'] }]);
    c.s.standing.Maori.counter = 'always';
    rig(c.s, [2, 3]);
    const text = c.attack();
    expect(text).toMatch(/Maori counter-attacks 0305 \(lesser force\): rolled 2 \+ 1 = 3 \(draw #\d+\)/);
    expect(text).toMatch(/Attack \(greater force\): rolled 3 \(draw #\d+\)/);
  });
  it('skips the steps it names (Heavy Rain: no bombardment, attacker −1)', () => {
    const c = withChit([
      { type: 'skip', steps: ['bombardment', 'charge'] },
      { type: 'drm', side: 'attacker', value: -1, rolls: ['attack'] },
    ]);
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
  it('removes a leader of the named side in the combat (Leader Wounded), or plays According to Plan without one', () => {
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

describe("Battle Dispatch chits that reach beyond the combat (the owner's choices by standing instructions)", () => {
  it('brings a unit "as in the Reinforcement Phase" (Reinforcements, chit 34): the first in the box by default, the STANDING REINFORCE kind and ARRIVE hex when sent', () => {
    const c = withChit([{ type: 'reinforcement', side: 'british', count: 1, place: 'normal' }]);
    const inf = c.s.units.find((u) => u.owner === 'British' && u.kind === 'infantry' && u.at === 'box')!;
    const mil = newUnit(c.s, { kind: 'militia', owner: 'British', at: 'box' });
    const text = c.attack();
    // Not into the combat: into a Town of the designated area (5.0), and the attack stays 2 against 1.
    expect(inf.at).toBe('0209');
    expect(mil.at).toBe('box');
    expect(text).toMatch(
      /British Infantry at Auckland \(0209\) arrives from the Reinforcement Box as in the Reinforcement Phase \(the unit by British's default: the first such unit in the Reinforcement Box; the hex by British's default/,
    );
    expect(text).toMatch(/Attack \(greater force\)/);
    const d = withChit([{ type: 'reinforcement', side: 'british', count: 1, place: 'normal' }]);
    const mil2 = newUnit(d.s, { kind: 'militia', owner: 'British', at: 'box' });
    d.s.standing.British.reinforce = 'militia';
    expect(d.attack()).toMatch(/by British's standing REINFORCE MILITIA; the hex by British's default/);
    expect(mil2.at).toBe('0208'); // NZ units: a Settlement, Town or Fort; the first hex by number
    const e = withChit([{ type: 'reinforcement', side: 'british', count: 1, place: 'normal' }]);
    const mil3 = newUnit(e.s, { kind: 'militia', owner: 'British', at: 'box' });
    e.s.standing.British.reinforce = 'militia';
    e.s.standing.British.arrive = '0209';
    expect(e.attack()).toMatch(/the hex by British's standing ARRIVE/);
    expect(mil3.at).toBe('0209');
  });
  it('plays a reinforcement chit with nothing to bring as "According to Plan"', () => {
    const c = withChit([{ type: 'reinforcement', side: 'british', count: 1, kinds: ['gunboat'], place: 'normal' }]);
    expect(c.attack()).toMatch(
      /British has no such unit in the Reinforcement Box for a reinforcement: that part is treated as "According to Plan"/,
    );
  });
  it('brings the STANDING REINFORCE kind into the combat too', () => {
    const c = withChit([{ type: 'reinforcement', side: 'british', count: 1, place: 'combat' }]);
    const mil = newUnit(c.s, { kind: 'militia', owner: 'British', at: 'box' });
    c.s.standing.British.reinforce = 'militia';
    const text = c.attack();
    expect(mil.at).toBe('0305');
    expect(text).toMatch(/takes part in this combat \(by British's standing REINFORCE MILITIA\)/);
  });
  it('removes the leader the STANDING WOUNDED names first when several are there (Leader Wounded), else the first by name', () => {
    const c = withChit([{ type: 'leader-lost', side: 'defender' }]);
    const heke = c.s.units.find((u) => u.name === 'Heke')!,
      kawiti = c.s.units.find((u) => u.name === 'Kawiti')!;
    heke.at = '0405';
    kawiti.at = '0405';
    expect(c.attack()).toMatch(/Heke at 0405 is lost \(the BD chit; by Maori's default: the first by name\)/);
    expect([heke.at, kawiti.at]).toEqual(['gone', '0405']);
    const d = withChit([{ type: 'leader-lost', side: 'defender' }]);
    const r = maoriWars.readSubmission(d.s, 'Maori', ['STANDING WOUNDED kawiti']);
    expect(r.lines[0]).toMatchObject({ ok: true, reading: 'STANDING WOUNDED KAWITI' });
    d.s.standing.Maori.wounded = 'Kawiti';
    const h2 = d.s.units.find((u) => u.name === 'Heke')!,
      k2 = d.s.units.find((u) => u.name === 'Kawiti')!;
    h2.at = '0405';
    k2.at = '0405';
    expect(d.attack()).toMatch(/Kawiti at 0405 is lost \(the BD chit; by Maori's standing WOUNDED KAWITI\)/);
    expect([h2.at, k2.at]).toEqual(['0405', 'gone']);
  });
  it('lets the named player make a single combat elsewhere once this combat is over, with no BD chit (Taua Strikes); EXTRA NEVER declines', () => {
    const setup = () => {
      const c = withChit([{ type: 'extra-combat', side: 'maori', raid: false }], sameCrt('-', 'h1'));
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      const mil = newUnit(c.s, { kind: 'militia', owner: 'British', at: '0609' });
      c.s.standing.British.evade = 'never';
      c.s.standing.British.counter = 'never';
      return { ...c, mil };
    };
    const c = setup();
    const text = c.attack();
    expect(c.mil.at).toBe('box');
    expect(text.indexOf('Result:')).toBeLessThan(text.indexOf('Maori makes a single combat elsewhere, on 0609'));
    expect(text).toMatch(/Maori attacks 0609 from 0608 with 2 units/);
    expect(text.match(/draws BD chit/g)).toHaveLength(1);
    expect(text).toMatch(/No BD chit is drawn for a combat a BD chit caused/);
    const d = setup();
    d.s.standing.Maori.extra = 'never';
    expect(d.attack()).toMatch(/Maori makes no single combat elsewhere \(by Maori's standing EXTRA NEVER\)/);
    expect(d.mil.at).toBe('0609');
  });
  it('makes the combat elsewhere only at Greater Force by default (EXTRA GREATER), at any odds on EXTRA ALWAYS, with the kinds the chit names only (Queenite Sortie)', () => {
    const c = withChit([{ type: 'extra-combat', side: 'maori', raid: false }]);
    newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
    newUnit(c.s, { kind: 'militia', owner: 'British', at: '0609' });
    expect(c.attack()).toMatch(
      /Maori has no single combat to make elsewhere at Greater Force \(by Maori's default, EXTRA GREATER\)/,
    );
    const d = withChit([{ type: 'extra-combat', side: 'british', kinds: ['warriors'], raid: false }]);
    d.s.standing.British.extra = 'always';
    for (const kind of ['queenite', 'infantry', 'infantry'] as const)
      newUnit(d.s, { kind, owner: 'British', at: '0608' });
    newUnit(d.s, { kind: 'warrior', owner: 'Maori', at: '0609' });
    newUnit(d.s, { kind: 'warrior', owner: 'Maori', at: '0609' });
    const text = d.attack();
    expect(text).toMatch(/British makes a single combat elsewhere, on 0609 \(by British's standing EXTRA ALWAYS/);
    expect(text).toMatch(/British attacks 0609 from 0608 with 1 unit\b/);
  });
  it("attacks the STANDING TARGETS hex first, else the default's (the best odds, the most units, the first hex by number)", () => {
    const setup = () => {
      const c = withChit([{ type: 'extra-combat', side: 'maori', raid: false }]);
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      newUnit(c.s, { kind: 'militia', owner: 'British', at: '0508' });
      newUnit(c.s, { kind: 'militia', owner: 'British', at: '0609' });
      return c;
    };
    expect(setup().attack()).toMatch(
      /Maori makes a single combat elsewhere, on 0508 \(by Maori's default, EXTRA GREATER; the target by Maori's default: the best odds/,
    );
    const d = setup();
    const r = maoriWars.readSubmission(d.s, 'Maori', ['STANDING TARGETS 0609 Auckland']);
    expect(r.lines[0]).toMatchObject({ ok: true, reading: 'STANDING TARGETS 0609,0209' });
    d.s.standing.Maori.targets = '0609,0209';
    expect(d.attack()).toMatch(
      /Maori makes a single combat elsewhere, on 0609 \(by Maori's default, EXTRA GREATER; the target by Maori's standing TARGETS/,
    );
  });
  it('makes the combat elsewhere from the STANDING EXTRA FROM hexes only, else with every unit able (9.0: no unit is required to attack)', () => {
    const setup = () => {
      const c = withChit([{ type: 'extra-combat', side: 'maori', raid: false }]);
      const a = newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
      const b = newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0507' });
      newUnit(c.s, { kind: 'militia', owner: 'British', at: '0508' });
      c.s.standing.Maori.extra = 'always';
      c.s.standing.Maori.targets = '0508';
      return { ...c, a, b };
    };
    const d = setup();
    const text = d.attack();
    expect(text).toMatch(
      /Maori makes a single combat elsewhere, on 0508 \(.*by Maori's default, every unit of the chit's kinds/,
    );
    expect(text).toMatch(/Maori attacks 0508 from 0507, 0608 with 3 units/);
    const o = setup();
    for (const line of ['STANDING EXTRA FROM 0608', 'STANDING EXTRA FROM DEFAULT'])
      expect(maoriWars.readSubmission(o.s, 'Maori', [line]).lines[0]).toMatchObject({ ok: true, reading: line });
    o.s.standing.Maori.extraFrom = '0608';
    const t2 = o.attack();
    expect(t2).toMatch(/the units by Maori's standing EXTRA FROM 0608 of the chit's kinds/);
    expect(t2).toMatch(/Maori attacks 0508 from 0608 with 2 units/);
    expect(o.s.attacked).toContain(o.a.id);
    expect(o.s.attacked).not.toContain(o.b.id);
  });
  it("charges with the Cavalry of a chit's combat elsewhere on STANDING EXTRA CHARGE ALWAYS, not by default (Cavalry Patrol)", () => {
    const run = (charge?: 'always') => {
      const c = withChit([{ type: 'extra-combat', side: 'british', kinds: ['cavalry'], raid: false }]);
      newUnit(c.s, { kind: 'cavalry', owner: 'British', at: '0608' });
      newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0609' });
      c.s.standing.British.extra = 'always';
      if (charge) c.s.standing.British.extraCharge = charge;
      return c.attack();
    };
    expect(run()).toMatch(/British attacks 0609 from 0608 with 1 unit\./);
    const text = run('always');
    expect(text).toMatch(
      /British's Cavalry charge \(by British's standing EXTRA CHARGE ALWAYS\)\.\nBritish attacks 0609 from 0608 with 1 unit \(Cavalry charging\)/,
    );
    const s = withChit([]).s;
    for (const line of ['STANDING EXTRA CHARGE ALWAYS', 'STANDING EXTRA CHARGE NEVER'])
      expect(maoriWars.readSubmission(s, 'British', [line]).lines[0]).toMatchObject({ ok: true, reading: line });
    expect(maoriWars.readSubmission(s, 'British', ['STANDING EXTRA CHARGE maybe']).lines[0]).toMatchObject({
      ok: false,
      error: /STANDING EXTRA CHARGE takes ALWAYS or NEVER/,
    });
  });
  it('makes a Raid elsewhere when the chit says so (Raid on the Settlers): raid DRM, no evasion, retreats disregarded', () => {
    const c = withChit([{ type: 'extra-combat', side: 'maori', kinds: ['warriors'], raid: true }]);
    newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
    newUnit(c.s, { kind: 'warrior', owner: 'Maori', at: '0608' });
    newUnit(c.s, { kind: 'militia', owner: 'British', at: '0609' });
    c.s.standing.British.evade = 'always';
    const text = c.attack();
    expect(text).toMatch(/Maori makes a Raid elsewhere, on 0609/);
    expect(text).toMatch(/Raid \(greater force column\): rolled \d \+ 1 = \d/);
    expect(text).not.toMatch(/British tries to evade/);
  });
  it('rolls for the Neutral Village the STANDING PARLEY AT names first (within 3 hexes), else the nearest', () => {
    const c = withChit([{ type: 'alliance-roll', side: 'defender', hexes: 3 }]);
    c.s.structures.push({ id: 'nv', kind: 'village', owner: 'Neutral', hex: '0606', disrupted: false });
    for (const line of ['STANDING PARLEY AT 0606, Waitangi', 'STANDING PARLEY AT DEFAULT'])
      expect(maoriWars.readSubmission(c.s, 'Maori', [line]).lines[0]).toMatchObject({ ok: true, reading: line });
    expect(
      (maoriWars.options!(c.s, 'Maori') as { standing: { text: string }[] }).standing.map((x) => x.text),
    ).toContain('STANDING PARLEY AT DEFAULT');
    c.s.standing.Maori.parleyAt = '0606,0404';
    rig(c.s, [5]);
    expect(c.attack()).toMatch(
      /Maori rolls on the Negotiation table for the Neutrals at 0606 \(by Maori's default, PARLEY ALWAYS; the Village by Maori's standing PARLEY AT 0606, Waitangi \(0404\); no DRM\)/,
    );
    expect(c.s.structures.find((x) => x.hex === '0606')!.owner).toBe('Maori');
    expect(c.s.structures.find((x) => x.hex === '0404')!.owner).toBe('Neutral');
  });
  it('rolls on the Negotiation table for the nearest Neutral Village within 3 hexes, no leader, no DRM (Chiefs Parley); PARLEY NEVER declines', () => {
    const c = withChit([{ type: 'alliance-roll', side: 'defender', hexes: 3 }]);
    rig(c.s, [5]);
    const text = c.attack();
    expect(text).toMatch(
      /Maori rolls on the Negotiation table for the Neutrals at Waitangi \(0404\) \(by Maori's default, PARLEY ALWAYS; .*\): rolled 5 \(draw #\d+\)/,
    );
    expect(c.s.structures.find((x) => x.hex === '0404')!.owner).toBe('Maori');
    const d = withChit([{ type: 'alliance-roll', side: 'defender', hexes: 3 }]);
    d.s.standing.Maori.parley = 'never';
    rig(d.s, [5]);
    expect(d.attack()).toMatch(/Maori makes no alliance roll \(by Maori's standing PARLEY NEVER\)/);
    expect(d.s.structures.find((x) => x.hex === '0404')!.owner).toBe('Neutral');
  });
  it("reads the chits' standing instructions back as themselves, and refuses bad words with a clear error", () => {
    const c = withChit([{ type: 'none' }]);
    const r = maoriWars.readSubmission(c.s, 'British', [
      'STANDING REINFORCE Militia, infantry',
      'STANDING ARRIVE Auckland 0208',
      'STANDING WOUNDED Despard',
      'STANDING EXTRA NEVER',
      'STANDING PARLEY NEVER',
      'STANDING REINFORCE DEFAULT',
      'STANDING WOUNDED Nobody',
      'STANDING EXTRA maybe',
      'STANDING REINFORCE dragoons',
      'STANDING WOUNDED Heke',
    ]);
    expect(r.lines.map((l) => l.ok)).toEqual([true, true, true, true, true, true, false, false, false, false]);
    expect(r.lines.slice(0, 6).map((l) => l.reading)).toEqual([
      'STANDING REINFORCE MILITIA,INFANTRY',
      'STANDING ARRIVE 0209,0208',
      'STANDING WOUNDED DESPARD',
      'STANDING EXTRA NEVER',
      'STANDING PARLEY NEVER',
      'STANDING REINFORCE DEFAULT',
    ]);
    expect(r.lines[6]!.error).toMatch(/'Nobody' is not one of your leaders in this scenario/);
    expect(r.lines[9]!.error).toMatch(/'Heke' is not one of your leaders/); // a Maori leader, named by the British
    expect(r.lines[7]!.error).toMatch(/STANDING EXTRA takes ALWAYS, NEVER, GREATER/);
    expect(r.lines[8]!.error).toMatch(/STANDING REINFORCE takes unit kinds/);
  });
});

describe('6.0 the Sap Marker', () => {
  it('gives Maori units occupying the Sap Marker +1 in their defence (the attack roll −1)', () => {
    const c = withChit([{ type: 'none' }]);
    c.s.sap = { hex: '0405', pa: '0404', turn: 1 };
    rig(c.s, [3]);
    const text = c.attack();
    expect(text).toMatch(/The Maori units occupy the Sap Marker: \+1 in their defence/);
    expect(text).toMatch(/Attack \(greater force\): rolled 3 − 1 = 2/);
  });
});
