// Maori Wars' reconstructed tables and counter mix: they parse, they satisfy what the rules imply
// (docs/maori-wars-tables.md), and a moderator's replacement is validated the same way.
import { describe, expect, it } from 'vitest';
import { builtInCounters, counterCount, loadCounters, parseCounters } from '../../src/maori-wars/counters-schema.ts';
import {
  builtInTables,
  type CombatResult,
  type CombatResultsTable,
  type Effect,
  isNoEffect,
  loadTables,
  parseTables,
} from '../../src/maori-wars/tables-schema.ts';

const clone = <T>(x: T): T => structuredClone(x);

// How good a result is for the roller: the target's losses less the roller's. A hit (a unit
// eliminated) outweighs any disruption; 'all' disrupted outweighs 'one'; a retreat counts least.
const weight = (e: Effect | undefined) =>
  e ? e.hits * 3 + (e.disrupt === 'all' ? 2 : e.disrupt === 'one' ? 1 : 0) + (e.retreat ? 1 : 0) : 0;
const score = (r: CombatResult) => weight(r) - weight(r.roller);

/** Where a CRT breaks what the rules imply (a greater force never worse than a lesser one on the
 *  same roll; a higher roll never worse for the roller). */
function monotoneProblems(t: CombatResultsTable): string[] {
  const out: string[] = [];
  const cols = ['lesser', 'equal', 'greater'] as const;
  for (const c of cols)
    for (let i = 1; i < t.columns[c].length; i++)
      if (score(t.columns[c][i]!) < score(t.columns[c][i - 1]!))
        out.push(`${c}: roll ${t.minRoll + i} is worse than roll ${t.minRoll + i - 1}`);
  for (let i = 0; i < t.columns.lesser.length; i++)
    for (let k = 1; k < cols.length; k++)
      if (score(t.columns[cols[k]!][i]!) < score(t.columns[cols[k - 1]!][i]!))
        out.push(`roll ${t.minRoll + i}: ${cols[k]} is worse than ${cols[k - 1]}`);
  return out;
}

describe('the built-in tables', () => {
  const t = builtInTables();

  it('parse, and every reconstructed table says so', () => {
    expect(t.unofficial).toBe(true);
    expect(t.provenance).toMatch(/Reconstructed/);
    for (const part of [t.combatResults, t.bombardment, t.negotiation, t.battleDispatch])
      expect(part.unofficial).toBe(true);
    expect(t.combatModifiers.rough.unofficial).toBe(true);
    expect(t.battleDispatch.chits.every((c) => c.unofficial)).toBe(true);
  });

  it('CRT: a greater force never does worse than a lesser one, a higher roll never worse for the roller', () => {
    expect(monotoneProblems(t.combatResults)).toEqual([]);
    // The check itself catches a table that breaks it.
    const bad = clone(t.combatResults);
    [bad.columns.greater[3], bad.columns.lesser[3]] = [bad.columns.lesser[3]!, bad.columns.greater[3]!];
    expect(monotoneProblems(bad).length).toBeGreaterThan(0);
  });

  it('CRT: rows cover every modified roll, and holds the results the rules name', () => {
    const crt = t.combatResults;
    expect(crt.minRoll).toBeLessThanOrEqual(0); // 6 − 2 (occupied Fort/Pa) − 1 (Militia) reads somewhere
    expect(crt.maxRoll).toBeGreaterThanOrEqual(7); // 6 + 2 (Rangers raiding) needs a row
    const all = Object.values(crt.columns).flat();
    expect(all.some(isNoEffect)).toBe(true); // 9.0 step 7 "anything but 'No Effect'"
    expect(all.some((r) => r.disrupt === 'all')).toBe(true); // 11.0 "all units Disrupted"
    expect(all.some((r) => r.hits > 0)).toBe(true); // 9.0 "absorb a hit"
    expect(all.some((r) => r.retreat)).toBe(true); // 9.0 "Retreat"
    expect(all.some((r) => (r.roller?.hits ?? 0) > 0 || r.roller?.disrupt)).toBe(true); // counter-attack results against the phasing player
  });

  it('combat DRMs: the values the rules print', () => {
    const m = t.combatModifiers;
    expect(m.fortPaOccupied.value).toBe(-2);
    expect(m.fortPaUnoccupied.value).toBe(-1);
    expect(m.cavalryCharge).toMatchObject({ value: 1, rolls: ['charge'] });
    expect(m.militiaWithoutInfantry.value).toBe(-1);
    expect(m.sapDefence.value).toBe(1);
    expect([m.raid.rangersWithLeader.value, m.raid.maori.value, m.raid.militia.value]).toEqual([2, 1, 1]);
    // 9.0 step 6: "no DRM from any terrain or Fort/Pa" in a counter-attack.
    for (const d of [m.fortPaOccupied, m.fortPaUnoccupied, m.rough]) expect(d.rolls).not.toContain('counter-attack');
  });

  it('Bombardment: one column per kind of target the rules name; a Pa can be Removed', () => {
    expect(Object.keys(t.bombardment.columns).sort()).toEqual(['canoes', 'maoriUnits', 'neutralMaori', 'pa']);
    expect(t.bombardment.columns.pa.some((r) => r.pa === 'removed')).toBe(true);
    expect(new Set(t.bombardment.columns.neutralMaori)).toEqual(
      new Set(['ally-with-you', 'stay-neutral', 'ally-with-opponent']),
    );
  });

  it('Bombardment and Negotiation: a higher roll is never worse for the roller', () => {
    const ally = { 'ally-with-opponent': 0, 'stay-neutral': 1, 'ally-with-you': 2 } as const;
    const rising = (xs: number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);
    const c = t.bombardment.columns;
    expect(rising(c.maoriUnits.map(weight))).toBe(true);
    expect(rising(c.canoes.map(weight))).toBe(true);
    expect(rising(c.pa.map((r) => ['none', 'disrupted', 'removed'].indexOf(r.pa)))).toBe(true);
    expect(rising(c.neutralMaori.map((r) => ally[r]))).toBe(true);
    expect(rising(t.negotiation.results.map((r) => ally[r]))).toBe(true); // so the +1 DRMs of 8.0 help
    expect(rising([1, 0, 2].map((i) => ally[t.negotiation.results[i]!]))).toBe(false); // the check bites
  });

  it('Negotiation: the three outcomes of 8.0 and its two +1 DRMs', () => {
    const n = t.negotiation;
    expect(new Set(n.results)).toEqual(new Set(['ally-with-you', 'stay-neutral', 'ally-with-opponent']));
    expect(n.soleBritishLeader.value).toBe(1);
    expect(n.maoriLeader.value).toBe(1);
    expect(n.maxRoll).toBeGreaterThanOrEqual(7); // 6 + 1 has a row
  });

  it('BD-chits: numbered 1..N once each, with the chits the rules imply', () => {
    const chits = t.battleDispatch.chits;
    expect(chits.map((c) => c.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: chits.length }, (_, i) => i + 1),
    );
    expect(chits.length).toBeGreaterThanOrEqual(40); // Hōne Heke's Challenge removes chit 40
    expect(chits.some((c) => c.title === 'According to Plan' && c.effects[0]!.type === 'none')).toBe(true);
    expect(
      chits.some(
        (c) =>
          c.title === 'Reinforcements' && c.effects.some((e) => e.type === 'reinforcement' && e.place === 'combat'),
      ),
    ).toBe(true);
    expect(chits.some((c) => c.effects.some((e) => e.type === 'extra-combat'))).toBe(true); // 9.0 step 3
    expect(chits.some((c) => c.asterisk) && chits.some((c) => !c.asterisk)).toBe(true);
  });

  it("the VP list: the rules' VP sentences, and 9 to win", () => {
    const v = t.victory;
    expect(v).toMatchObject({ decisive: 9, levels: { minor: 2, major: 6 } });
    const find = (event: string, structure?: string) =>
      v.list.find((e) => e.event === event && e.structure === structure);
    for (const s of ['settlement', 'village', 'fort', 'pa'])
      expect(find('structure-destroyed', s)).toMatchObject({ vp: 1, to: 'opponent' });
    expect(find('town-occupied')).toMatchObject({ vp: 2, to: 'actor' });
    expect(find('canoe-taken')).toMatchObject({ vp: 1, to: 'british' });
    expect(find('fort-built')).toMatchObject({ vp: -1, to: 'british' });
    expect(find('alliance-to-opponent')).toMatchObject({ vp: 1, to: 'opponent' });
  });
});

describe("a moderator's tables", () => {
  const t = builtInTables();

  it('replace the tables they give, whole, and keep the others', () => {
    const negotiation = { ...clone(t.negotiation), results: Array(7).fill('stay-neutral'), unofficial: false };
    const got = loadTables({ negotiation });
    expect(got.negotiation.results).toEqual(Array(7).fill('stay-neutral'));
    expect(got.combatResults).toEqual(t.combatResults);
    expect(loadTables(JSON.stringify({ negotiation })).negotiation.unofficial).toBe(false);
  });

  it('are refused when a key is misspelt, naming where', () => {
    const crt = clone(t.combatResults) as unknown as { columns: Record<string, unknown> };
    crt.columns.greatr = crt.columns.greater;
    delete crt.columns.greater;
    expect(() => loadTables({ combatResults: crt })).toThrow(
      /combatResults\.columns\.greater: .*; combatResults\.columns: Unrecognized key: "greatr"/,
    );
    expect(() => loadTables({ combatresults: t.combatResults })).toThrow(/\(root\): Unrecognized key: "combatresults"/);
  });

  it('are refused when a column is missing or short, naming it', () => {
    const crt = clone(t.combatResults) as unknown as { columns: Record<string, unknown[]> };
    delete crt.columns.equal;
    expect(() => loadTables({ combatResults: crt })).toThrow(
      /invalid Maori Wars tables: combatResults\.columns\.equal/,
    );
    const short = clone(t.combatResults);
    short.columns.lesser.pop();
    expect(() => loadTables({ combatResults: short })).toThrow(
      /combatResults\.columns\.lesser: needs 8 results \(rolls 0\.\.7\), has 7/,
    );
    const bomb = clone(t.bombardment) as unknown as { columns: Record<string, unknown> };
    delete bomb.columns.pa;
    expect(() => loadTables({ bombardment: bomb })).toThrow(/bombardment\.columns\.pa/);
  });

  it('are refused with a wrong result word, a duplicate or missing chit, or text that is not JSON', () => {
    const crt = clone(t.combatResults) as unknown as { columns: { lesser: Record<string, unknown>[] } };
    crt.columns.lesser[2]!.disrupt = 'some';
    expect(() => loadTables({ combatResults: crt })).toThrow(/combatResults\.columns\.lesser\.2\.disrupt/);
    const dup = clone(t.battleDispatch);
    dup.chits[1]!.number = 1;
    expect(() => loadTables({ battleDispatch: dup })).toThrow(
      /battleDispatch\.chits\.1\.number: chit 1 appears twice.*2 is missing/,
    );
    const badEffect = clone(t.battleDispatch) as unknown as { chits: { effects: unknown[] }[] };
    badEffect.chits[7]!.effects = [{ type: 'reinforcements', side: 'defender', count: 1, place: 'combat' }];
    expect(() => loadTables({ battleDispatch: badEffect })).toThrow(/battleDispatch\.chits\.7\.effects\.0\.type/);
    expect(() => loadTables('{ "negotiation": ')).toThrow(/invalid Maori Wars tables: not JSON/);
    expect(() => parseTables({ ...t, id: undefined })).toThrow(/\bid: /);
  });
});

describe('the counter mix', () => {
  const mix = builtInCounters();

  it('adds up to the printed 354 counters on 2 sheets, markers and BD-chits included', () => {
    expect(mix).toMatchObject({ sheets: 2, total: 354, unofficial: true });
    expect(mix.counters.reduce((n, c) => n + counterCount(c), 0)).toBe(354);
    const chits = mix.counters.find((c) => c.type === 'bd-chit');
    expect(chits && counterCount(chits)).toBe(builtInTables().battleDispatch.chits.length);
  });

  it('has the unit types of 3.0 with their combat values and the leaders by name', () => {
    const kinds = new Set(mix.counters.flatMap((c) => (c.type === 'unit' ? [`${c.side} ${c.kind}`] : [])));
    for (const k of [
      'british infantry',
      'british naval',
      'british artillery',
      'british cavalry',
      'british militia',
      'british constabulary',
      'british rangers',
      'british gunboat',
      'queenite warriors',
      'maori warriors',
      'maori canoe',
      'neutral warriors',
    ])
      expect(kinds).toContain(k);
    for (const c of mix.counters)
      if (c.type === 'unit') expect(c.strength).toBe(['canoe', 'gunboat', 'artillery'].includes(c.kind) ? 0 : 1);
    const leaders = mix.counters.filter((c) => c.type === 'leader');
    expect(leaders.every((l) => l.movement === 4)).toBe(true); // 6.0
    const names = leaders.map((l) => l.name);
    for (const n of [
      'Hōne Heke',
      'Te Ruki Kawiti',
      'Tāmati Wāka Nene',
      'Pōmare II',
      'Lt-Col. Hulme',
      'Lt-Col. Despard',
      'Major von Tempsky',
      'Captain Jackson',
    ])
      expect(names).toContain(n);
    expect(
      leaders
        .filter((l) => l.rangers)
        .map((l) => l.id)
        .sort(),
    ).toEqual(['jackson', 'von-tempsky']);
    for (const k of ['disrupted', 'sap', 'territory', 'victory-points', 'game-turn'])
      expect(mix.counters.some((c) => c.type === 'marker' && c.kind === k)).toBe(true);
  });

  it("a moderator's mix must add up to its total and be spelt right", () => {
    const m = clone(mix);
    (m.counters[0] as { count: number }).count += 1;
    expect(() => loadCounters(m)).toThrow(/counters: the counters add up to 355, not the total 354/);
    const typo = clone(mix) as unknown as { counters: Record<string, unknown>[] };
    typo.counters[0]!.movment = 4;
    expect(() => parseCounters(typo)).toThrow(/counters\.0: Unrecognized key: "movment"/);
  });
});
