// The decisions 9.0 gives a player, made by the player's standing instructions (never the engine's
// choice), each with its documented default, and the report saying which instruction decided.
import { describe, expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { resolveAttack } from '../../src/maori-wars/combat.ts';
import { newUnit } from '../../src/maori-wars/setup.ts';
import { newGame, sameCrt } from './fixtures.ts';

function combat(crt: ReturnType<typeof sameCrt>) {
  const s = newGame('decisions', { tables: { crt } });
  s.side = 'Maori';
  s.phase = 'combat';
  const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
  newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
  const inf = newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
  const mil = newUnit(s, { kind: 'militia', owner: 'British', at: '0405' });
  s.standing.British.evade = 'never'; s.standing.British.counter = 'never';
  s.standing.Maori.evade = 'never'; s.standing.Maori.counter = 'never';
  return { s, w, inf, mil };
}

describe('decisions given to the player (9.0)', () => {
  it('takes a hit from the default loss order (Militia before Infantry) and says the default decided', () => {
    const { s, inf, mil } = combat(sameCrt('-', 'h1'));
    const lines: string[] = [];
    resolveAttack(s, 'Maori', { kind: 'attack', target: '0405', from: ['0505'] }, lines);
    expect(mil.at).toBe('box');
    expect(inf.at).toBe('0405');
    expect(lines.join('\n')).toMatch(/British Militia at 0405 takes the hit \(by British's default loss order/);
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
    expect(lines.join('\n')).toMatch(/takes the hit \(by British's standing LOSSES INFANTRY\)/);
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
    expect(lines.join('\n')).toMatch(/takes the disruption \(by British's standing LOSSES INFANTRY\)/);
  });
  it('reads STANDING LOSSES, FORT and BOMBARD and refuses bad words with a clear error', () => {
    const { s } = combat(sameCrt('-', '-'));
    const r = maoriWars.readSubmission(s, 'British', ['STANDING LOSSES Infantry, Militia', 'STANDING FORT LEAVE', 'STANDING BOMBARD NEVER', 'STANDING LOSSES DEFAULT', 'STANDING LOSSES dragoons', 'STANDING FORT maybe']);
    expect(r.lines.map((l) => l.ok)).toEqual([true, true, true, true, false, false]);
    expect(r.lines.slice(0, 4).map((l) => l.reading)).toEqual(['STANDING LOSSES INFANTRY,MILITIA', 'STANDING FORT LEAVE', 'STANDING BOMBARD NEVER', 'STANDING LOSSES DEFAULT']);
    expect(r.lines[4]!.error).toMatch(/STANDING LOSSES takes unit kinds .* not 'dragoon'/);
    expect(r.lines[5]!.error).toMatch(/STANDING FORT takes STAY or LEAVE/);
  });
  it('keeps units in a Pa on a retreat result by default (FORT STAY), and takes them out on STANDING FORT LEAVE', () => {
    for (const fr of [undefined, 'leave'] as const) {
      const s = newGame('fort', { tables: { crt: sameCrt('-', 'r') } });
      s.side = 'British'; s.phase = 'combat';
      const w = newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
      newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
      s.structures.push({ id: 'sx', kind: 'pa', owner: 'Maori', hex: '0505', disrupted: false });
      s.standing.Maori.evade = 'never'; s.standing.Maori.counter = 'never';
      if (fr) s.standing.Maori.fortRetreat = fr;
      const lines: string[] = [];
      resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
      if (!fr) { expect(w.at).toBe('0505'); expect(lines.join('\n')).toMatch(/stay \(by Maori's default, FORT STAY\)/); }
      else { expect(w.at).not.toBe('0505'); expect(lines.join('\n')).toMatch(/leave the Pa \(by Maori's standing FORT LEAVE\)/); }
    }
  });
  it('bombards before an attack by default (BOMBARD ALWAYS) and not on STANDING BOMBARD NEVER', () => {
    for (const b of [undefined, 'never'] as const) {
      const s = newGame('bomb', { tables: { crt: sameCrt('-', '-') } });
      s.side = 'British'; s.phase = 'combat';
      newUnit(s, { kind: 'warrior', owner: 'Maori', at: '0505' });
      newUnit(s, { kind: 'infantry', owner: 'British', at: '0405' });
      newUnit(s, { kind: 'artillery', owner: 'British', at: '0405' });
      s.standing.Maori.evade = 'never'; s.standing.Maori.counter = 'never';
      if (b) s.standing.British.bombard = b;
      const lines: string[] = [];
      resolveAttack(s, 'British', { kind: 'attack', target: '0505', from: ['0405'] }, lines);
      const text = lines.join('\n');
      if (!b) { expect(s.bombarded).toEqual(['0505']); expect(text).toMatch(/bombards \(British's default, BOMBARD ALWAYS\)/); expect(text).toMatch(/column\): rolled \d \(draw #\d+\)/); }
      else { expect(s.bombarded).toEqual([]); expect(text).toMatch(/does not bombard \(British's standing BOMBARD NEVER\)/); }
    }
  });
  it("shows a player its own standing instructions with the defaults, and not the opponent's", () => {
    const { s } = combat(sameCrt('-', '-'));
    s.standing.British.losses = 'infantry';
    const mine = maoriWars.view(s, { kind: 'player', role: 'Maori' } as never) as { standing: Record<string, unknown> };
    expect(mine.standing).toEqual({ Maori: expect.objectContaining({ losses: '', fortRetreat: 'stay', bombard: 'always' }) });
    const theirs = maoriWars.view(s, { kind: 'player', role: 'British' } as never) as { standing: Record<string, unknown> };
    expect(theirs.standing).toEqual({ British: expect.objectContaining({ losses: 'infantry' }) });
  });
});
