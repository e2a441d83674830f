// The decisions 9.0 gives a player, made by the player's standing instructions (never the engine's
// choice), each with its documented default, and the report saying which instruction decided.
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/contract/types.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { resolveAttack } from '../../src/maori-wars/combat.ts';
import { resolveTurn, type MWReport } from '../../src/maori-wars/engine.ts';
import { enforceStacking } from '../../src/maori-wars/movement.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import { newGame, rig, sameCrt, shown } from './fixtures.ts';

function combat(crt: ReturnType<typeof sameCrt>) {
  const s = newGame('decisions', { tables: { crt } });
  s.side = 'Maori';
  s.phase = 'combat';
  const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
  newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
  const inf = newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
  const mil = newUnit(s, { kind: 'militia', owner: 'British', at: '0405' });
  s.standing.British.evade = 'never';
  s.standing.British.counter = 'never';
  s.standing.Maori.evade = 'never';
  s.standing.Maori.counter = 'never';
  return { s, w, inf, mil };
}

describe('decisions given to the player (9.0)', () => {
  it('takes a hit from the default loss order (Militia before Infantry) and says the default decided', () => {
    const { s, inf, mil } = combat(sameCrt('-', 'h1'));
    const lines: string[] = [];
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    expect(mil.at).toBe('box');
    expect(inf.at).toBe('0405');
    expect(shown(lines)).toMatch(/British Militia at 0405 takes the hit \(by British's default loss order/);
  });
  it("takes a hit from the owner's STANDING LOSSES, sent by the non-phasing player", () => {
    const c = combat(sameCrt('-', 'h1'));
    const s = c.s;
    // Sent through the reader while the Maori phase is open; the standing line alone changes nothing else.
    const r = maoriWars.readSubmission(s, 'British', ['STANDING LOSSES infantry']);
    expect(r.lines[0]!.ok).toBe(true);
    s.standing.British.losses = 'infantry';
    const lines: string[] = [];
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    expect(c.inf.at).toBe('box');
    expect(c.mil.at).toBe('0405');
    expect(shown(lines)).toMatch(/takes the hit \(by British's standing LOSSES INFANTRY\)/);
  });
  it('disrupts the unit the loss order names: Militia by default, Infantry by STANDING LOSSES INFANTRY', () => {
    const a = combat(sameCrt('-', 'd1'));
    resolveAttack(a.s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, []);
    expect([a.mil.disrupted, a.inf.disrupted]).toEqual([true, false]);
    const b = combat(sameCrt('-', 'd1'));
    b.s.standing.British.losses = 'infantry';
    const lines: string[] = [];
    resolveAttack(b.s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    expect([b.mil.disrupted, b.inf.disrupted]).toEqual([false, true]);
    expect(shown(lines)).toMatch(/takes the disruption \(by British's standing LOSSES INFANTRY\)/);
  });
  it('reads STANDING LOSSES, FORT and BOMBARD and refuses bad words with a clear error', () => {
    const { s } = combat(sameCrt('-', '-'));
    const r = maoriWars.readSubmission(s, 'British', [
      'STANDING LOSSES Infantry, Militia',
      'STANDING FORT LEAVE',
      'STANDING BOMBARD NEVER',
      'STANDING LOSSES DEFAULT',
      'STANDING LOSSES dragoons',
      'STANDING FORT maybe',
    ]);
    expect(r.lines.map((l) => l.ok)).toEqual([true, true, true, true, false, false]);
    expect(r.lines.slice(0, 4).map((l) => l.reading)).toEqual([
      'STANDING LOSSES INFANTRY,MILITIA',
      'STANDING FORT LEAVE',
      'STANDING BOMBARD NEVER',
      'STANDING LOSSES DEFAULT',
    ]);
    expect(r.lines[4]!.error).toMatch(/STANDING LOSSES takes unit kinds .* not 'dragoon'/);
    expect(r.lines[5]!.error).toMatch(/STANDING FORT takes STAY or LEAVE/);
  });
  it('keeps units in a Pa on a retreat result by default (FORT STAY), and takes them out on STANDING FORT LEAVE', () => {
    for (const fr of [undefined, 'leave'] as const) {
      const s = newGame('fort', { tables: { crt: sameCrt('-', 'r') } });
      s.side = 'British';
      s.phase = 'combat';
      const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
      newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
      s.structures.push({ id: 'sx', kind: 'pa', owner: 'Maori', hex: '0505', disrupted: false });
      s.standing.Maori.evade = 'never';
      s.standing.Maori.counter = 'never';
      if (fr) s.standing.Maori.fortRetreat = fr;
      const lines: string[] = [];
      resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
      if (!fr) {
        expect(w.at).toBe('0505');
        expect(shown(lines)).toMatch(/stay \(by Maori's default, FORT STAY\)/);
      } else {
        expect(w.at).not.toBe('0505');
        expect(shown(lines)).toMatch(/leave the Pa \(by Maori's standing FORT LEAVE\)/);
      }
    }
  });
  it('bombards before an attack by default (BOMBARD ALWAYS) and not on STANDING BOMBARD NEVER', () => {
    for (const b of [undefined, 'never'] as const) {
      const s = newGame('bomb', { tables: { crt: sameCrt('-', '-') } });
      s.side = 'British';
      s.phase = 'combat';
      newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
      newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
      newUnit(s, { kind: 'artillery', owner: 'British', at: '0405' });
      s.standing.Maori.evade = 'never';
      s.standing.Maori.counter = 'never';
      if (b) s.standing.British.bombard = b;
      const lines: string[] = [];
      resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
      const text = shown(lines);
      if (!b) {
        expect(s.bombarded).toEqual(['0505']);
        expect(text).toMatch(/bombards \(British's default, BOMBARD ALWAYS\)/);
        expect(text).toMatch(/column\): rolled \d \(draw #\d+\)/);
      } else {
        expect(s.bombarded).toEqual([]);
        expect(text).toMatch(/does not bombard \(British's standing BOMBARD NEVER\)/);
      }
    }
  });
  it("shows a player its own standing instructions with the defaults, and not the opponent's", () => {
    const { s } = combat(sameCrt('-', '-'));
    s.standing.British.losses = 'infantry';
    const mine = maoriWars.view(s, { kind: 'player', role: 'Maori' } as never) as { standing: Record<string, unknown> };
    expect(mine.standing).toEqual({
      Maori: expect.objectContaining({ losses: '', fortRetreat: 'stay', bombard: 'always' }),
    });
    const theirs = maoriWars.view(s, { kind: 'player', role: 'British' } as never) as {
      standing: Record<string, unknown>;
    };
    expect(theirs.standing).toEqual({ British: expect.objectContaining({ losses: 'infantry' }) });
  });
});

describe('which attacking hex the counter-attack goes against (9.0 step 6 "a chosen hex")', () => {
  it("counter-attacks the hex the defender's STANDING COUNTER AT names first, else the one with most units, and says which decided", () => {
    const run = (counterAt?: string) => {
      const { s } = combat(sameCrt('-', '-'));
      newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0406' });
      s.standing.British.counter = 'always';
      if (counterAt) s.standing.British.counterAt = counterAt;
      const lines: string[] = [];
      resolveAttack(s, 'Maori', { kind: 'attack', target: '0405', from: ['0505', '0406'] }, lines);
      return shown(lines);
    };
    expect(run()).toMatch(
      /British counter-attacks the hex with most units \(British's default\)\.\nBritish counter-attacks 0505 /,
    );
    expect(run('0406')).toMatch(
      /British counter-attacks the hex its standing COUNTER AT 0406 names first\.\nBritish counter-attacks 0406 /,
    );
    const s = combat(sameCrt('-', '-')).s;
    for (const line of ['STANDING COUNTER AT 0406, Auckland', 'STANDING COUNTER AT DEFAULT'])
      expect(maoriWars.readSubmission(s, 'British', [line]).lines[0]).toMatchObject({ ok: true, reading: line });
    expect(
      (maoriWars.options!(s, 'British') as { standing: { text: string }[] }).standing.map((x) => x.text),
    ).toContain('STANDING COUNTER AT DEFAULT');
  });
});

describe("what a report tells each reader: what happened is public, which standing instruction decided is its author's", () => {
  it('names the instruction (and its unused entries) to its author and the moderator only; the opponent and observers read what happened', () => {
    const { s } = combat(sameCrt('-', 'h1'));
    newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0406' });
    Object.assign(s.standing.British, { counter: 'always', counterAt: '0406,0909,0303', losses: 'infantry' });
    const out = maoriWars.resolve(s, {
      Maori: { actions: [{ kind: 'attack', target: '0405', from: ['0505', '0406'] }] },
    });
    const read = (viewer: Viewer) => maoriWars.formatReport(out.report, viewer);
    const british = read({ kind: 'player', role: 'British' }),
      moderator = read({ kind: 'moderator' });
    for (const text of [british, moderator]) {
      expect(text).toMatch(/its standing COUNTER AT 0406, 0909, 0303 names first/);
      expect(text).toMatch(/British Infantry at 0405 takes the hit \(by British's standing LOSSES INFANTRY\)\./);
    }
    for (const text of [read({ kind: 'player', role: 'Maori' }), read({ kind: 'observer' })]) {
      // What happened: the counter-attack on 0406, the Infantry's loss.
      expect(text).toMatch(/British counter-attacks 0406 /);
      expect(text).toMatch(/British Infantry at 0405 takes the hit\./);
      expect(text).not.toMatch(/British's|standing COUNTER|COUNTER AT|0909|LOSSES INFANTRY/);
    }
    // The Maori read their own default; observers read no instruction of either side.
    expect(read({ kind: 'player', role: 'Maori' })).toMatch(
      /Maori Warriors at 0406 takes the hit \(by Maori's default loss order/,
    );
    expect(read({ kind: 'observer' })).not.toMatch(/standing|default|\(by /);
  });
});

// The decisions 4.0, 7.0 and 13.0 give a player (mw-decide): retreat hexes, the opponent's
// over-stacked units, which leader rallies which unit, which unit attrition takes.
describe('decisions given to the player (4.0, 7.0, 9.0 retreat, 13.0)', () => {
  function retreatGame(toward?: string) {
    const { s, inf, mil } = combat(sameCrt('-', 'r'));
    if (toward) s.standing.British.retreat = toward;
    const lines: string[] = [];
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    return { inf, mil, text: shown(lines) };
  }
  it("retreats by default away from enemy units, and toward the hex of the owner's STANDING RETREAT TOWARD, saying which decided", () => {
    const d = retreatGame();
    expect([d.inf.at, d.mil.at]).toEqual(['0406', '0406']);
    expect(d.text).toMatch(/retreats to 0406 \(by British's default retreat/);
    const t = retreatGame('0202');
    // 0305 is the legal neighbour of 0405 nearest Kororareka (0404 holds the Neutrals, 0505 the Maori).
    expect([t.inf.at, t.mil.at]).toEqual(['0305', '0305']);
    expect(t.text).toMatch(/retreats to 0305 \(by British's standing RETREAT TOWARD Kororareka \(0202\)\)/);
  });
  it('evades toward the STANDING RETREAT hex too', () => {
    const s = newGame('evade', { tables: { crt: sameCrt('-', '-') } });
    s.side = 'British';
    s.phase = 'combat';
    const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0405' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0505' });
    newUnit(s, { kind: 'infantry', owner: 'British', at: '0505' });
    s.standing.Maori.evade = 'always';
    s.standing.Maori.retreat = '0202';
    rig(s, [6]);
    const lines: string[] = [];
    resolveAttack(s, 'British', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    // By default it would evade to 0406, away from the British.
    expect(w.at).toBe('0305');
    expect(shown(lines)).toMatch(/evades to 0305 \(by Maori's standing RETREAT TOWARD Kororareka \(0202\)\)/);
  });
  it('lets some units remain while the others evade (STANDING EVADE STAY), and spreads the evaders over hexes of their own (EVADE SPREAD)', () => {
    const setup = (stay: string, spread: 'always' | 'never') => {
      const s = newGame('evade-split', { tables: { crt: sameCrt('-', '-') } });
      s.side = 'British';
      s.phase = 'combat';
      const ws = [0, 1, 2].map(() => newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0405' }));
      for (let k = 0; k < 4; k++) newUnit(s, { kind: 'infantry', owner: 'British', at: '0505' });
      s.standing.Maori.evade = 'always';
      s.standing.Maori.counter = 'never';
      s.standing.Maori.evadeStay = stay;
      s.standing.Maori.evadeSpread = spread;
      rig(s, [6, 1, 1, 1, 1, 1, 1]);
      const lines: string[] = [];
      resolveAttack(s, 'British', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
      return { ws, lines: shown(lines) };
    };
    // By default every Warrior evades, all to the same hex while it has room.
    const all = setup('', 'never');
    expect(all.ws.filter((w) => w.at === '0405')).toHaveLength(0);
    expect(new Set(all.ws.map((w) => w.at)).size).toBe(1);
    // STAY 1: one Warrior remains in the attacked hex; the report says the instruction decided.
    const one = setup('1', 'never');
    expect(one.ws.filter((w) => w.at === '0405')).toHaveLength(1);
    expect(one.lines).toMatch(/remains \(by Maori's standing EVADE STAY 1\)/);
    // SPREAD ALWAYS: each evader in a hex of its own.
    const spread = setup('', 'always');
    expect(new Set(spread.ws.map((w) => w.at)).size).toBe(3);
    expect(spread.ws.every((w) => w.at !== '0405')).toBe(true);
    expect(spread.lines).toMatch(/spread by Maori's standing EVADE SPREAD ALWAYS/);
    // Read back as themselves, offered, and refused with a clear error when wrong.
    const r = maoriWars.readSubmission(newGame(), 'Maori', [
      'STANDING EVADE STAY 2',
      'STANDING EVADE STAY DEFAULT',
      'STANDING EVADE SPREAD always',
      'STANDING EVADE STAY many',
      'STANDING EVADE SPREAD sometimes',
    ]);
    expect(r.lines.map((l) => l.reading ?? l.error)).toEqual([
      'STANDING EVADE STAY 2',
      'STANDING EVADE STAY DEFAULT',
      'STANDING EVADE SPREAD ALWAYS',
      "STANDING EVADE STAY takes how many units remain (1 to 9) or DEFAULT, not 'many'",
      "STANDING EVADE SPREAD takes ALWAYS or NEVER, not 'sometimes'",
    ]);
    const offered = (maoriWars.options!(newGame(), 'Maori') as { standing: { text: string }[] }).standing.map(
      (x) => x.text,
    );
    expect(offered).toEqual(
      expect.arrayContaining([
        'STANDING EVADE STAY DEFAULT',
        'STANDING EVADE STAY 1',
        'STANDING EVADE SPREAD ALWAYS',
        'STANDING EVADE SPREAD NEVER',
      ]),
    );
  });
  it('reads STANDING RETREAT and OVERSTACK back as themselves, refuses bad words, and offers them', () => {
    const { s } = combat(sameCrt('-', '-'));
    const r = maoriWars.readSubmission(s, 'British', [
      'STANDING RETREAT TOWARD auckland',
      'STANDING RETREAT DEFAULT',
      'STANDING OVERSTACK infantry, militia',
      'STANDING OVERSTACK TOWARD 0909',
      'STANDING OVERSTACK DEFAULT',
      'STANDING OVERSTACK TOWARD DEFAULT',
      'STANDING RETREAT sideways',
      'STANDING RETREAT TOWARD Atlantis',
      'STANDING OVERSTACK dragoons',
    ]);
    expect(r.lines.map((l) => l.reading ?? l.error)).toEqual([
      'STANDING RETREAT TOWARD Auckland',
      'STANDING RETREAT DEFAULT',
      'STANDING OVERSTACK INFANTRY,MILITIA',
      'STANDING OVERSTACK TOWARD 0909',
      'STANDING OVERSTACK DEFAULT',
      'STANDING OVERSTACK TOWARD DEFAULT',
      "STANDING RETREAT takes TOWARD <hex> or DEFAULT, not 'sideways'",
      "'Atlantis' is neither a hex (CCRR) nor a place on the map",
      expect.stringMatching(/STANDING OVERSTACK takes unit kinds .* not 'dragoon'/),
    ]);
    expect(r.lines.filter((l) => l.ok).every((l) => maoriWars.isPrivateLine!(l))).toBe(true);
    const offered = (maoriWars.options!(s, 'British') as { standing: { text: string }[] }).standing.map((x) => x.text);
    expect(offered).toEqual(
      expect.arrayContaining([
        'STANDING RETREAT DEFAULT',
        'STANDING RETREAT TOWARD Auckland',
        'STANDING OVERSTACK DEFAULT',
        'STANDING OVERSTACK TOWARD Kororareka',
      ]),
    );
    const back = maoriWars.readSubmission(s, 'British', offered);
    expect(back.lines.map((l) => l.reading)).toEqual(offered);
  });
  it('keeps STANDING RETREAT and OVERSTACK private to their author in the view and the position', () => {
    const { s } = combat(sameCrt('-', '-'));
    s.standing.British.retreat = '0209';
    s.standing.British.overstack = 'infantry';
    const theirs = maoriWars.view(s, { kind: 'player', role: 'British' } as never) as {
      standing: Record<string, unknown>;
    };
    expect(theirs.standing).toEqual({
      British: expect.objectContaining({ retreat: '0209', overstack: 'infantry', overstackToward: '' }),
    });
    const mine = maoriWars.view(s, { kind: 'player', role: 'Maori' } as never) as { standing: Record<string, unknown> };
    expect(mine.standing).toEqual({ Maori: expect.objectContaining({ retreat: '', overstack: '' }) });
    expect(JSON.stringify(maoriWars.view(s, { kind: 'observer' } as never))).not.toMatch(/"retreat"/);
    expect(maoriWars.formatPosition!(s, { kind: 'player', role: 'British' } as never)).toMatch(
      /RETREAT TOWARD Auckland \(0209\), OVERSTACK INFANTRY TOWARD DEFAULT/,
    );
    expect(maoriWars.formatPosition!(s, { kind: 'player', role: 'Maori' } as never)).not.toMatch(
      /Auckland \(0209\), OVERSTACK INFANTRY/,
    );
  });
  function overstacked() {
    // British Infantry, Militia and Cavalry in rough 0606 (British limit 2): one must go.
    const s = newGame('stack');
    const inf = newUnit(s, { kind: 'infantry', owner: 'British', at: '0606' });
    const mil = newUnit(s, { kind: 'militia', owner: 'British', at: '0606' });
    const cav = newUnit(s, { kind: 'infantry', owner: 'British', at: '0606' });
    cav.kind = 'cavalry';
    return { s, inf, mil, cav };
  }
  it("moves the opponent's over-stacked units by the mover's STANDING OVERSTACK (which kinds, toward which hex), else the default", () => {
    const d = overstacked();
    const lines: string[] = [];
    enforceStacking(d.s, lines);
    expect(d.cav.at).toBe('0605');
    expect(shown(lines)).toMatch(
      /Maori moves British Cavalry at 0606 to 0605 \(by Maori's default, the units listed last first; the first legal hex in N, NE… order\)/,
    );
    const o = overstacked();
    o.s.standing.Maori.overstack = 'infantry';
    o.s.standing.Maori.overstackToward = '0409';
    // The owner's own OVERSTACK is not the one that counts: the opponent moves the excess (4.0).
    o.s.standing.British.overstack = 'militia';
    const l2: string[] = [];
    enforceStacking(o.s, l2);
    // 0607 and 0507 are both 3 hexes from 0409: S comes before SW.
    expect([o.inf.at, o.mil.at, o.cav.at]).toEqual(['0607', '0606', '0606']);
    expect(shown(l2)).toMatch(
      /Maori moves British Infantry at 0606 to 0607 \(by Maori's standing OVERSTACK INFANTRY; Maori's standing OVERSTACK TOWARD 0409\)/,
    );
  });
  it("eliminates over-stacked units that cannot be moved by the owner's choice (its STANDING LOSSES)", () => {
    for (const losses of [undefined, 'cavalry'] as const) {
      const o = overstacked();
      for (const n of ['0605', '0706', '0607', '0507', '0506'])
        newUnit(o.s, { kind: 'warrior', owner: 'Maori', at: n });
      if (losses) o.s.standing.British.losses = losses;
      const lines: string[] = [];
      enforceStacking(o.s, lines);
      if (!losses) {
        expect([o.mil.at, o.cav.at]).toEqual(['box', '0606']);
        expect(shown(lines)).toMatch(
          /British Militia at 0606 cannot be moved: eliminated \(by British's default loss order\)/,
        );
      } else {
        expect([o.mil.at, o.cav.at]).toEqual(['0606', 'box']);
        expect(shown(lines)).toMatch(/cannot be moved: eliminated \(by British's standing LOSSES CAVALRY\)/);
      }
    }
  });
  function rallyGame() {
    // Despard with a Disrupted Infantry and a Disrupted Militia: which one he helps is the British player's.
    let s = newGame('rally');
    const despard = s.units.find((u) => u.name === 'Despard')!;
    const inf = newUnit(s, { kind: 'infantry', owner: 'British', at: despard.at });
    const mil = newUnit(s, { kind: 'militia', owner: 'British', at: despard.at });
    inf.disrupted = true;
    mil.disrupted = true;
    for (let i = 0; i < 30 && !(s.side === 'British' && s.phase === 'rally'); i++) s = maoriWars.resolve(s, {}).state;
    return { s, inf, mil };
  }
  it('makes the Rally Phase a decision of the phasing player when a leader may help units of two kinds: RALLY lines offered, read back, and rolled', () => {
    const { s, mil } = rallyGame();
    expect([s.side, s.phase]).toEqual(['British', 'rally']);
    const texts = (maoriWars.options!(s, 'British') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(texts).toEqual([
      'RALLY disrupted infantry Kororareka WITH Despard',
      'RALLY disrupted militia Kororareka WITH Despard',
      'PASS',
    ]);
    const r = maoriWars.readSubmission(s, 'British', [
      'RALLY disrupted militia Kororareka WITH Despard',
      'RALLY disrupted infantry Kororareka WITH Despard',
      'RALLY infantry Kororareka WITH Heke',
    ]);
    expect(r.lines.map((l) => l.reading ?? l.error)).toEqual([
      'RALLY disrupted militia Kororareka WITH Despard',
      'Despard helps a single Disrupted unit',
      expect.stringMatching(/is not a unit|not one of your leaders/),
    ]);
    rig(s, [5, 5]);
    const out = maoriWars.resolve(s, { British: r.accepted });
    const text = shown((out.report as MWReport).lines);
    expect(text).toMatch(
      /Despard helps Disrupted British Militia at Kororareka \(0202\) \(British's order RALLY disrupted militia Kororareka WITH Despard\)/,
    );
    expect(text).toMatch(/Rally Disrupted British Infantry at Kororareka \(0202\) \(6\): rolled 5/);
    expect(out.state.units.find((u) => u.id === mil.id)!.disrupted).toBe(false);
  });
  it('rallies by default (the leader with the best chance, the first unit) when the player sends nothing, and passes the phase when there is no choice', () => {
    const { s, inf } = rallyGame();
    rig(s, [5, 5]);
    const out = maoriWars.resolve(s, {});
    expect(shown((out.report as MWReport).lines)).toMatch(
      /Despard helps Disrupted British Infantry at Kororareka \(0202\) \(British's default: the leader with the best chance, one unit each\)/,
    );
    expect(out.state.units.find((u) => u.id === inf.id)!.disrupted).toBe(false);
    // One kind only: no choice, no Rally decision phase.
    let t = newGame('rally');
    const d = t.units.find((u) => u.name === 'Despard')!;
    for (const u of t.units.filter((x) => x.at === d.at && x.kind === 'infantry')) u.disrupted = true;
    for (let i = 0; i < 30 && !(t.side === 'British' && t.phase !== 'reinforcement' && t.phase !== 'movement'); i++)
      t = maoriWars.resolve(t, {}).state;
    expect(t.phase).not.toBe('rally');
  });
  it("removes the Maori unit attrition takes by the owner's order, Disrupted first, and Disrupts the British unit out of supply its STANDING LOSSES names", () => {
    const m = newGame('attr');
    const ws = [0, 1, 2, 3].map(() => newUnit(m, { kind: 'warrior', owner: 'Maori', at: '0905' }));
    ws[2]!.disrupted = true;
    m.phase = 'construction';
    const r = resolveTurn(m, {});
    expect(r.state.units.find((u) => u.id === ws[2]!.id)!.at).toBe('gone');
    expect(shown(r.report.lines)).toMatch(
      /Disrupted Maori Warriors at 0905 is removed \(no VP; by Maori's default loss order/,
    );
    for (const losses of [undefined, 'infantry'] as const) {
      const b = newGame('attr');
      const far = newUnit(b, { kind: 'infantry', owner: 'British', at: '0605' });
      const mil = newUnit(b, { kind: 'militia', owner: 'British', at: '0605' });
      if (losses) b.standing.British.losses = losses;
      b.side = 'British';
      b.phase = 'construction';
      const out = resolveTurn(b, {});
      const dis = (id: string) => out.state.units.find((u) => u.id === id)!.disrupted;
      expect([dis(far.id), dis(mil.id)]).toEqual(losses ? [true, false] : [false, true]);
      expect(shown((out.report as MWReport).lines)).toMatch(
        losses
          ? /out of supply: Disrupted \(by British's standing LOSSES INFANTRY; British's ATTRITION DEFAULT\)/
          : /British Militia at 0605 is out of supply: Disrupted \(by British's default loss order/,
      );
    }
  });
});

describe('which of several alike units attrition takes (13.0 "removed by its owner")', () => {
  it("removes the Warrior standing in the owner's STANDING ATTRITION hexes first (before a Disrupted one elsewhere), else the default, and says which decided", () => {
    const run = (attrition?: string) => {
      const m = newGame('attr');
      const ws = ['0905', '0905', '0906', '0906'].map((at) => newUnit(m, { kind: 'warrior', owner: 'Maori', at }));
      ws[0]!.disrupted = true;
      if (attrition) m.standing.Maori.attrition = attrition;
      m.phase = 'construction';
      const r = resolveTurn(m, {});
      return {
        gone: ws.map((w) => r.state.units.find((u) => u.id === w.id)!.at === 'gone'),
        text: shown(r.report.lines),
      };
    };
    const d = run();
    expect(d.gone).toEqual([true, false, false, false]);
    expect(d.text).toMatch(
      /Disrupted Maori Warriors at 0905 is removed \(no VP; by Maori's default loss order.*; Maori's ATTRITION DEFAULT\)/,
    );
    const o = run('0906,0905');
    expect(o.gone).toEqual([false, false, true, false]);
    expect(o.text).toMatch(/Maori Warriors at 0906 is removed \(no VP; by Maori's standing ATTRITION 0906, 0905\)/);
  });
  it('Disrupts the out-of-supply British unit in the STANDING ATTRITION hex among alike ones', () => {
    const b = newGame('attr');
    const a = newUnit(b, { kind: 'infantry', owner: 'British', at: '0605' });
    const c = newUnit(b, { kind: 'infantry', owner: 'British', at: '0606' });
    b.standing.British.attrition = '0606';
    b.side = 'British';
    b.phase = 'construction';
    const out = resolveTurn(b, {});
    const dis = (id: string) => out.state.units.find((u) => u.id === id)!.disrupted;
    expect([dis(a.id), dis(c.id)]).toEqual([false, true]);
    expect(shown(out.report.lines)).toMatch(
      /British Infantry at 0606 is out of supply: Disrupted \(by British's standing ATTRITION 0606\)/,
    );
  });
  it('offers STANDING ATTRITION DEFAULT and one per own Structure, reads each back as itself, and keeps it private', () => {
    const s = newGame('attr');
    const offered = (maoriWars.options!(s, 'Maori') as { standing: { text: string }[] }).standing
      .map((x) => x.text)
      .filter((x) => x.startsWith('STANDING ATTRITION'));
    expect(offered[0]).toBe('STANDING ATTRITION DEFAULT');
    expect(offered.length).toBe(1 + new Set(s.structures.filter((x) => x.owner === 'Maori').map((x) => x.hex)).size);
    for (const o of [...offered, 'STANDING ATTRITION 0906, 0905']) {
      const r = maoriWars.readSubmission(s, 'British', [o]);
      expect(r.lines[0], o).toMatchObject({ ok: true, reading: o });
    }
    expect(maoriWars.readSubmission(s, 'Maori', ['STANDING ATTRITION nowhere']).lines[0]).toMatchObject({
      ok: false,
      error: /neither a hex/,
    });
    s.standing.Maori.attrition = '0906';
    expect(
      (maoriWars.view(s, { kind: 'player', role: 'Maori' } as never) as { standing: Record<string, unknown> }).standing,
    ).toEqual({ Maori: expect.objectContaining({ attrition: '0906' }) });
    expect(JSON.stringify(maoriWars.view(s, { kind: 'player', role: 'British' } as never))).not.toMatch(
      /"attrition":"0906"/,
    );
    expect(maoriWars.formatPosition!(s, { kind: 'player', role: 'Maori' } as never)).toMatch(
      /ATTRITION 0906, COUNTER AT DEFAULT/,
    );
    expect(maoriWars.formatPosition!(s, { kind: 'player', role: 'British' } as never)).not.toMatch(/ATTRITION 0906/);
  });
});

describe('set-up choices (14.0 "within X hexes")', () => {
  it('gives the owner a set-up decision phase for a group set up within X hexes: SETUP lines offered, read back, refused out of range, and played', () => {
    const s = newGame('setup', { keepSetup: true });
    expect([s.setupSide, s.side, maoriWars.phase(s).label]).toEqual(['British', 'British', 'Turn 1, British Set-up']);
    expect(maoriWars.expectedRoles(s)).toEqual(['British']);
    const settlement = s.structures.find((x) => x.kind === 'settlement')!;
    const militia = s.units.find((u) => u.kind === 'militia')!;
    // The Militia went into the empty Town of Auckland (14.0); put with its Settlement, it goes with it.
    expect([settlement.hex, militia.at]).toEqual(['0208', '0209']);
    militia.at = '0208';
    const other = newUnit(s, { kind: 'infantry', owner: 'British', at: '0208' });
    const texts = (maoriWars.options!(s, 'British') as { actions: { text: string }[] }).actions.map((a) => a.text);
    expect(texts).toContain('SETUP Auckland AT 0308');
    expect(texts).not.toContain('SETUP Auckland AT 0205');
    const back = maoriWars.readSubmission(s, 'British', texts.filter((t) => t !== 'PASS').slice(0, 1));
    expect(back.lines[0]!.reading).toBe(texts[0]);
    const bad = maoriWars.readSubmission(s, 'British', ['SETUP Auckland AT 0205', 'MOVE militia 0209 TO 0208']);
    expect(bad.lines.map((l) => l.error)).toEqual([
      expect.stringMatching(/0205 is not within 2 hexes of Auckland/),
      expect.stringMatching(/during the set-up: SETUP <place> AT <hex>/),
    ]);
    expect(maoriWars.readSubmission(s, 'Maori', ['SETUP Auckland AT 0308']).lines[0]!.ok).toBe(false);
    const r = maoriWars.resolve(s, {
      British: maoriWars.readSubmission(s, 'British', ['SETUP Auckland AT 0308']).accepted,
    });
    expect(r.state.structures.find((x) => x.id === settlement.id)!.hex).toBe('0308');
    expect(r.state.units.find((u) => u.id === militia.id)!.at).toBe('0308');
    expect(r.state.units.find((u) => u.id === other.id)!.at).toBe('0208');
    expect(shown((r.report as MWReport).lines)).toMatch(
      /British moves the British Settlement set up within 2 hexes of Auckland to 0308, with the unit there \(British's order SETUP\)/,
    );
    expect([r.state.setupSide, r.state.side, r.state.turn]).toEqual([undefined, 'Maori', 1]);
  });
  it('leaves the group where kahu set it (the legal hex nearest the place) when the owner sends nothing', () => {
    const s = newGame('setup', { keepSetup: true });
    const settlement = s.structures.find((x) => x.kind === 'settlement')!;
    const r = maoriWars.resolve(s, {});
    expect(r.state.structures.find((x) => x.id === settlement.id)!.hex).toBe(settlement.hex);
    expect(shown((r.report as MWReport).lines)).toMatch(
      /The British Settlement set up within 2 hexes of Auckland stays at 0208 \(British's default: the legal hex nearest Auckland\)/,
    );
  });
});
