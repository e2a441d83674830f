// Raids (10.0 options 3 and 4) and the other mw-raids rules, on the fixture map
// (test/maori-wars/fixtures.ts: Northland is rows 1-5, Auckland rows 6-10).
import { describe, expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { apply, problemOf, type Action } from '../../src/maori-wars/engine.ts';
import { distance } from '../../src/maori-wars/hex.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import { shippedEngineData, unitsAt, type MWState } from '../../src/maori-wars/state.ts';
import { eff, newGame, rig, shown } from './fixtures.ts';

/** A CRT read by the modified roll alone: 4 retreat, 5 one hit, 6 two hits, else nothing; never an effect on the roller. */
function rollCrt() {
  const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
    attacker: eff('-'),
    defender: eff(i === 4 ? 'r' : i === 5 ? 'h1' : i === 6 ? 'h2' : '-'),
  }));
  return { minRoll: 0, lesser: rows, equal: rows, greater: rows };
}
const game = () => newGame('raids', { tables: { crt: rollCrt() } });
const opts = (s: MWState) =>
  (maoriWars.options!(s, s.side) as { actions: { text: string }[] }).actions.map((a) => a.text);
function until(s: MWState, side: string, phase: string): MWState {
  for (let i = 0; i < 50 && !(s.side === side && s.phase === phase); i++) s = maoriWars.resolve(s, {}).state;
  expect([s.side, s.phase]).toEqual([side, phase]);
  return s;
}
function play(s: MWState, lines: string[]): { s: MWState; report: string[] } {
  const r = maoriWars.readSubmission(s, s.side, lines);
  const bad = r.lines.filter((l) => !l.ok);
  if (bad.length) throw new Error(bad.map((l) => `${l.text}: ${l.error}`).join('\n'));
  const out = maoriWars.resolve(s, { [s.side]: r.accepted });
  return { s: out.state, report: (out.report as unknown as { lines: string[] }).lines ?? [] };
}
const kinds = (s: MWState, hex: string) =>
  unitsAt(s, hex)
    .map((u) => u.kind)
    .sort();

describe('10.0 option 3: a raid from the Bush Raider Box onto the main map', () => {
  function setup(): MWState {
    let s = game();
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    s = until(s, 'Maori', 'bushRaider');
    return s;
  }
  it('offers the raid with the text the reader accepts, moves the raider next to the target, and takes the single highest raid DRM (+1, not +2)', () => {
    let s = setup();
    const text = 'RAID 0603 WITH warrior in Northland FROM 0602';
    expect(opts(s)).toContain(text);
    // Maori +1 and against Infantry +1 are not cumulative: 4 + 1 = 5, one hit (with +2: two hits; with none: a retreat, disregarded).
    rig(s, [4, 1]);
    const r = play(s, [text]);
    s = r.s;
    expect(kinds(s, '0603')).toEqual(['infantry']);
    expect(kinds(s, '0602')).toEqual(['warrior']);
  });
  it('disregards a retreat result, and the raided units reply', () => {
    let s = setup();
    rig(s, [3, 6]); // 3 + 1 = 4: retreat, disregarded; the reply 6: two hits on the lone raider
    s = play(s, ['RAID 0603 WITH warrior in Northland FROM 0602']).s;
    expect(kinds(s, '0603')).toEqual(['infantry', 'infantry']);
    expect(kinds(s, '0602')).toEqual([]);
    expect(s.units.filter((u) => u.kind === 'warrior' && u.at === 'box').length).toBeGreaterThan(2);
  });
  it('refuses a raid from another territory, on a hex with a Structure, by a Disrupted unit, or by a unit that entered this phase', () => {
    const s = setup();
    const w = s.units.find((u) => u.at === 'bush:north')!;
    expect(problemOf(s, 'Maori', { kind: 'raid', units: [w.id], target: '0605', from: '0606' })).toMatch(
      /not in Northland/,
    );
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0703' });
    s.structures.push({ id: 'sx', kind: 'settlement', owner: 'British', hex: '0703', disrupted: false });
    expect(problemOf(s, 'Maori', { kind: 'raid', units: [w.id], target: '0703', from: '0702' })).toMatch(/Structure/);
    s.moved.push(w.id);
    expect(problemOf(s, 'Maori', { kind: 'raid', units: [w.id], target: '0603', from: '0602' })).toMatch(
      /do nothing further/,
    );
    s.moved = [];
    w.disrupted = true;
    expect(problemOf(s, 'Maori', { kind: 'raid', units: [w.id], target: '0603', from: '0602' })).toMatch(/Disrupted/);
  });
  it('gives Rangers raiding with von Tempsky +2', () => {
    let s = game();
    newUnit(s, { kind: 'rangers', owner: 'British', at: 'bush:north' });
    newUnit(s, {
      kind: 'leader',
      owner: 'British',
      name: 'von Tempsky',
      category: 'british',
      rangerLeader: true,
      at: 'bush:north',
    });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0603' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0603' });
    s = until(s, 'British', 'bushRaider');
    const text = 'RAID 0603 WITH rangers in Northland, von Tempsky FROM 0602';
    expect(opts(s)).toContain(text);
    rig(s, [4, 1]); // 4 + 2 = 6: two hits (without the leader: a retreat, disregarded)
    s = play(s, [text]).s;
    expect(kinds(s, '0603')).toEqual([]);
    expect(kinds(s, '0602')).toEqual(['leader', 'rangers']);
  });
});

describe('10.0 option 3: raiders landing in "one or more hexes"', () => {
  function setup(): MWState {
    const s = game();
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    return until(s, 'Maori', 'bushRaider');
  }
  it("offers all of a territory's raiders spread over two landing hexes, reads it back, and raids with their total strength", () => {
    let s = setup();
    const split = opts(s).filter((t) =>
      /^RAID 0603 WITH warrior in Northland FROM \d{4} WITH warrior in Northland FROM \d{4}$/.test(t),
    );
    expect(split).toHaveLength(1);
    // Not every subset: one spread option a target, besides each raider alone and all together in one hex.
    const onTarget = opts(s).filter((t) => t.startsWith('RAID 0603'));
    expect(onTarget.length).toBe(onTarget.filter((t) => t.split(' WITH ').length === 2).length + 1);
    const [, h1, h2] = /FROM (\d{4}) WITH .* FROM (\d{4})$/.exec(split[0]!)!;
    expect(maoriWars.readSubmission(s, 'Maori', [split[0]!]).lines[0]).toMatchObject({ ok: true, reading: split[0] });
    rig(s, [2, 2]); // 2 + 1 = 3: nothing either way (rollCrt)
    const r = play(s, [split[0]!]);
    s = r.s;
    expect(kinds(s, h1!)).toEqual(['warrior']);
    expect(kinds(s, h2!)).toEqual(['warrior']);
    expect(shown(r.report)).toMatch(/Raid \(equal force column\): rolled 2 \+ 1 = 3/);
    expect(shown(r.report)).toMatch(
      new RegExp(`The raided units reply against ${h1} \\(by British's default: the hex with most raiders\\)`),
    );
  });
  it('refuses a hex named twice or one not next to the target; the reply goes against one landing hex only', () => {
    const s = setup();
    const [w1, w2] = s.units.filter((u) => u.at === 'bush:north').map((u) => u.id);
    expect(
      problemOf(s, 'Maori', {
        kind: 'raid',
        units: [w1!],
        target: '0603',
        from: '0602',
        also: [{ units: [w2!], from: '0602' }],
      }),
    ).toMatch(/landing hex is named twice/);
    expect(
      problemOf(s, 'Maori', {
        kind: 'raid',
        units: [w1!],
        target: '0603',
        from: '0602',
        also: [{ units: [w2!], from: '0502' }],
      }),
    ).toMatch(/not adjacent/);
    expect(
      problemOf(s, 'Maori', {
        kind: 'raid',
        units: [w1!],
        target: '0603',
        from: '0602',
        also: [{ units: [w1!], from: '0604' }],
      }),
    ).toMatch(/named twice/);
    const r = maoriWars.readSubmission(s, 'Maori', [
      'RAID 0603 WITH warrior in Northland FROM 0602 WITH warrior in Northland FROM 0604',
    ]);
    expect(r.lines[0]).toMatchObject({
      ok: true,
      reading: 'RAID 0603 WITH warrior in Northland FROM 0602 WITH warrior in Northland FROM 0604',
    });
    // The reply (6: two hits) goes to one hex only; the raiders' own result would apply in each.
    rig(s, [2, 6]);
    const after = play(s, ['RAID 0603 WITH warrior in Northland FROM 0602 WITH warrior in Northland FROM 0604']).s;
    expect(kinds(after, '0602')).toEqual([]);
    expect(kinds(after, '0604')).toEqual(['warrior']);
  });
});

describe("10.0 the landing hex the raided units reply against: the raided side's STANDING REPLY", () => {
  it('replies against the first landing hex the STANDING REPLY names, says so, and reads the instruction back', () => {
    let s = game();
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:north' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0603' });
    s = until(s, 'Maori', 'bushRaider');
    for (const line of ['STANDING REPLY 0604, 0602', 'STANDING REPLY DEFAULT'])
      expect(maoriWars.readSubmission(s, 'British', [line]).lines[0]).toMatchObject({ ok: true, reading: line });
    expect(
      (maoriWars.options!(s, 'British') as { standing: { text: string }[] }).standing.map((x) => x.text),
    ).toContain('STANDING REPLY DEFAULT');
    s.standing.British.reply = '0604';
    // The reply (6: two hits) goes to 0604, not to 0602 (the default's first by number).
    rig(s, [2, 6]);
    const r = play(s, ['RAID 0603 WITH warrior in Northland FROM 0602 WITH warrior in Northland FROM 0604']);
    expect(kinds(r.s, '0602')).toEqual(['warrior']);
    expect(kinds(r.s, '0604')).toEqual([]);
    expect(shown(r.report)).toMatch(/The raided units reply against 0604 \(by British's standing REPLY 0604\)/);
  });
});

describe('10.0 option 4: a raid attempt within the Bush Raider Box', () => {
  function setup(): MWState {
    const s = game();
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: 'bush:south' });
    newUnit(s, { kind: 'rangers', owner: 'British', at: 'bush:south' });
    return until(s, 'Maori', 'bushRaider');
  }
  const text = 'RAID rangers in Auckland WITH warrior in Auckland';
  it('fails on 4 or more, and the raiders may not try again this phase', () => {
    const s = setup();
    expect(opts(s)).toContain(text);
    rig(s, [4]);
    const r = maoriWars.readSubmission(s, 'Maori', [text, text]);
    expect(r.lines[0]).toMatchObject({ ok: true });
    const after = maoriWars.resolve(s, { Maori: r.accepted }).state;
    expect(after.units.filter((u) => u.kind === 'rangers' && u.at === 'bush:south')).toHaveLength(1);
    const w = s.units.find((u) => u.kind === 'warrior' && u.at === 'bush:south')!;
    const rg = s.units.find((u) => u.kind === 'rangers' && u.at === 'bush:south')!;
    const t = structuredClone(s);
    t.moved.push(w.id);
    expect(problemOf(t, 'Maori', { kind: 'bushRaid', units: [w.id], enemy: rg.id } as Action)).toMatch(
      /do nothing further/,
    );
  });
  it('raids the chosen unit on 3 or less, with the raid DRMs', () => {
    let s = setup();
    rig(s, [3, 4, 1]); // attempt 3: succeeds; raid 4 + 1 (Maori) = 5: one hit
    s = play(s, [text]).s;
    expect(s.units.filter((u) => u.kind === 'rangers' && u.at === 'bush:south')).toHaveLength(0);
    expect(s.units.filter((u) => u.kind === 'warrior' && u.at === 'bush:south')).toHaveLength(1);
  });
});

describe("Hōne Heke's Challenge special instruction 2: the turn-1 sea shipment", () => {
  const sea = {
    turn: 1,
    from: 'Auckland',
    artillery: 1,
    units: 4,
    coastal: true,
    notAdjacentTo: ['unit', 'village', 'pa'] as ('unit' | 'village' | 'pa')[],
    unlessWaterHexside: true,
  };
  function setup(): MWState {
    const s = until(newGame('sea', { scenario: { seaShipment: sea } }), 'British', 'movement');
    // Over-stacked on purpose (stacking is enforced at the end of the phase): five units to choose from.
    newUnit(s, { kind: 'artillery', owner: 'British', at: '0209' });
    for (let i = 0; i < 5; i++) newUnit(s, { kind: 'militia', owner: 'British', at: '0209' });
    return s;
  }
  it("is read from the shipped scenario's special instruction 2", () => {
    expect(shippedEngineData().scenario.seaShipment).toEqual({ ...sea });
  });
  const ids = (s: MWState, kind: string, n: number) =>
    s.units
      .filter((u) => u.at === '0209' && u.kind === kind)
      .slice(0, n)
      .map((u) => u.id);
  it('offers the shipment of the Artillery and 4 units to a single coastal hex, with the text the reader accepts; they move no further', () => {
    let s = setup();
    const text =
      'SHIP artillery Auckland, militia Auckland, militia Auckland, militia Auckland, militia Auckland TO 0205';
    expect(opts(s)).toContain(text);
    s = play(s, [text]).s;
    expect(maoriWars.readSubmission(s, 'British', ['MOVE militia 0205 TO 0305']).lines[0]).toMatchObject({
      ok: false,
      error: /may not move further/,
    });
    expect(
      s.units
        .filter((u) => u.at === '0205')
        .map((u) => u.kind)
        .sort(),
    ).toEqual(['artillery', 'militia', 'militia', 'militia', 'militia']);
  });
  it('refuses a fifth unit, a hex off the coast, a hex next to a Maori unit (unless across water), a second shipment, and other turns', () => {
    const s = setup();
    const art = ids(s, 'artillery', 1);
    expect(problemOf(s, 'British', { kind: 'ship', units: [...art, ...ids(s, 'militia', 5)], to: '0205' })).toMatch(
      /at most 4 units/,
    );
    expect(problemOf(s, 'British', { kind: 'ship', units: art, to: '0305' })).toMatch(/not a coastal hex/);
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0306' });
    const nextTo = ['0205', '0206', '0207'].find((h) => problemOf(s, 'British', { kind: 'ship', units: art, to: h }));
    expect(problemOf(s, 'British', { kind: 'ship', units: art, to: nextTo! })).toMatch(/next to a Maori unit/);
    s.data!.map.hexsides.push({ a: nextTo!, b: '0306', kind: 'all-water' });
    expect(problemOf(s, 'British', { kind: 'ship', units: art, to: nextTo! })).toBeNull();
    const t = structuredClone(s);
    t.shipped = art;
    expect(problemOf(t, 'British', { kind: 'ship', units: ids(t, 'militia', 1), to: '0205' })).toMatch(/made already/);
    expect(problemOf(t, 'British', { kind: 'move', unit: art[0]!, path: ['0208'] } as Action)).toMatch(
      /may not move further/,
    );
    t.turn = 2;
    expect(problemOf(t, 'British', { kind: 'ship', units: ids(t, 'militia', 1), to: '0205' })).toMatch(
      /no sea shipment/,
    );
  });
});

describe('6.0 sappers', () => {
  function setup(sapMarker = true): { s: MWState; from: string } {
    const s = newGame('sap', { scenario: { sapMarker } });
    const from = ['0704', '0703', '0705', '0904'].find(
      (h) => !unitsAt(s, h).length && !s.structures.some((x) => x.hex === h),
    )!;
    newUnit(s, { kind: 'infantry', owner: 'British', at: from });
    return { s: until(s, 'British', 'movement'), from };
  }
  it('places the Sap Marker on a British unit next to a Maori Pa at the start of the Movement Phase; the Pa becomes a Village at the start of the next British Movement Phase, its units unaffected', () => {
    let { s, from } = setup();
    const text = `SAP Ohaeawai FROM ${from}`;
    expect(opts(s)).toContain(text);
    s = play(s, [text]).s;
    expect(s.structures.find((x) => x.hex === '0804')!.kind).toBe('pa');
    s = maoriWars.resolve(s, {}).state;
    s = until(s, 'British', 'movement');
    expect(s.turn).toBe(2);
    expect(s.structures.find((x) => x.hex === '0804')!.kind).toBe('village');
    expect(
      unitsAt(s, '0804')
        .filter((u) => u.owner === 'Maori')
        .map((u) => u.kind)
        .sort(),
    ).toEqual(['leader', 'warrior', 'warrior']);
  });
  it('refuses the Sap Marker after a unit has moved, a second time, or when the scenario has none', () => {
    const { s, from } = setup();
    const t = structuredClone(s);
    t.moved.push('x');
    expect(problemOf(t, 'British', { kind: 'sap', hex: from, pa: '0804' })).toMatch(/start of the Movement Phase/);
    t.moved = [];
    t.sap = { hex: from, pa: '0804', turn: 1 };
    expect(problemOf(t, 'British', { kind: 'sap', hex: from, pa: '0804' })).toMatch(/placed already/);
    expect(problemOf(s, 'British', { kind: 'sap', hex: from, pa: '0807' })).toMatch(/not a Maori Pa|not adjacent/);
    const none = setup(false);
    expect(problemOf(none.s, 'British', { kind: 'sap', hex: none.from, pa: '0804' })).toMatch(/no Sap Marker/);
  });
});

describe('8.0 moving a sole leader after a negotiation', () => {
  it('lets a sole leader join a friendly unit within 3 hexes after a negotiation, not before, not further', () => {
    let s = newGame('leader');
    const kawiti = s.units.find((u) => u.name === 'Kawiti')!;
    kawiti.at = '0504';
    const near = ['0704', '0703', '0604', '0603'].find(
      (h) => distance('0504', h) === 2 && !unitsAt(s, h).length && !s.structures.some((x) => x.hex === h),
    )!;
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: near });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0910' });
    s = until(s, 'Maori', 'alliance');
    expect(opts(s).some((o) => o.startsWith('LEADER'))).toBe(false);
    expect(problemOf(s, 'Maori', { kind: 'leaderMove', leader: kawiti.id, to: near })).toMatch(
      /only after a negotiation/,
    );
    const t = structuredClone(s);
    rig(t, [2]); // 2 + 1 = 3: the Neutrals stay neutral
    apply(t, 'Maori', { kind: 'negotiate', leader: kawiti.id, hex: '0404' }, []);
    expect(opts(t)).toContain(`LEADER Kawiti TO ${near}`);
    expect(problemOf(t, 'Maori', { kind: 'leaderMove', leader: kawiti.id, to: '0910' })).toMatch(/more than 3 hexes/);
    rig(s, [2]);
    s = play(s, ['NEGOTIATE Kawiti WITH 0404', `LEADER Kawiti TO ${near}`]).s;
    expect(s.units.find((u) => u.name === 'Kawiti')!.at).toBe(near);
  });
});

describe('9.0 step 4: bombarding Neutrals into an alliance', () => {
  function setup(): MWState {
    const s = newGame('bomb');
    const next = ['0504', '0405', '0304', '0403'].find(
      (h) => distance(h, '0404') === 1 && !unitsAt(s, h).length && !s.structures.some((x) => x.hex === h),
    )!;
    newUnit(s, { kind: 'artillery', owner: 'British', at: next });
    newUnit(s, { kind: 'infantry', owner: 'British', at: next });
    return until(s, 'British', 'combat');
  }
  it('offers BOMBARD of a Neutral Village next to British Artillery; a 6 allies it with the British as Queenites', () => {
    let s = setup();
    expect(opts(s)).toContain('BOMBARD Waitangi NEUTRALS');
    rig(s, [6]);
    s = play(s, ['BOMBARD 0404']).s;
    expect(s.structures.find((x) => x.hex === '0404')).toMatchObject({ owner: 'British', queenite: true });
    expect(unitsAt(s, '0404').filter((u) => u.kind === 'queenite')).toHaveLength(2);
  });
  it('allies them with the Maori on a 1 (fixture column), who gain 1 VP; 4 nothing; once a hex a phase; never by the Maori', () => {
    let s = setup();
    const vp = s.vp;
    const t = structuredClone(s);
    rig(t, [4]);
    expect(play(t, ['BOMBARD 0404']).s.structures.find((x) => x.hex === '0404')!.owner).toBe('Neutral');
    rig(s, [1]);
    s = play(s, ['BOMBARD 0404']).s;
    expect(s.structures.find((x) => x.hex === '0404')!.owner).toBe('Maori');
    expect(s.vp).toBe(vp - 1);
    const u = structuredClone(t);
    u.bombarded.push('0404');
    expect(problemOf(u, 'British', { kind: 'bombard', hex: '0404', target: 'neutral' })).toMatch(/once a Combat Phase/);
    expect(problemOf({ ...u, side: 'Maori' }, 'Maori', { kind: 'bombard', hex: '0404', target: 'neutral' })).toMatch(
      /only the British/,
    );
  });
});

describe('6.0 carrying Canoes across land', () => {
  it('lets a Maori unit carry a Canoe overland with its Movement Value less 1; never a British unit', () => {
    let s = newGame('carry');
    newUnit(s, { kind: 'canoe', owner: 'Maori', at: '0605' });
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0605' });
    s = until(s, 'Maori', 'movement');
    const c = s.units.find((u) => u.kind === 'canoe' && u.at === '0605')!;
    const w = s.units.find((u) => u.kind === 'warrior' && u.at === '0605')!;
    // Warriors have 4 mp: 3 clear hexes carrying a Canoe (4 - 1), not 4.
    expect(
      problemOf(s, 'Maori', { kind: 'carry', canoe: c.id, carrier: w.id, path: ['0705', '0805', '0905'] } as Action),
    ).toBeNull();
    expect(
      problemOf(s, 'Maori', {
        kind: 'carry',
        canoe: c.id,
        carrier: w.id,
        path: ['0604', '0603', '0602', '0601'],
      } as Action),
    ).toMatch(/3 mp left carrying a Canoe/);
    const text = 'CARRY canoe 0605 WITH warrior 0605 TO 0706 0805';
    expect(opts(s)).toContain(text);
    s = play(s, [text]).s;
    expect(s.units.find((u) => u.id === c.id)!.at).toBe('0805');
    expect(s.units.find((u) => u.id === w.id)!.at).toBe('0805');
    const b = newGame('carry-b');
    const bc = newUnit(b, { kind: 'canoe', owner: 'British', at: '0605' });
    const inf = newUnit(b, { kind: 'infantry', owner: 'British', at: '0605' });
    expect(
      problemOf({ ...b, side: 'British', phase: 'movement' }, 'British', {
        kind: 'carry',
        canoe: bc.id,
        carrier: inf.id,
        path: ['0705'],
      } as Action),
    ).toMatch(/never a British unit/);
  });
});
