// The Diplomacy game modules as the service drives them: phases, submissions, views, the ballot.
import { describe, expect, it } from 'vitest';
import { heiauDiplomacy, standardDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';

const player = (role: string) => ({ kind: 'player', role }) as const;

function submit(state: DiplomacyState, role: string, lines: string[]) {
  const read = heiauDiplomacy.readSubmission(state, role, lines);
  return read.accepted;
}

describe('Standard Diplomacy module', () => {
  it('sets up Spring 1901 with 22 units and home centres owned', () => {
    const s = standardDiplomacy.setup('seed', 'classic');
    expect(s.units).toHaveLength(22);
    expect(Object.keys(s.supplyCenters)).toHaveLength(22);
    expect(standardDiplomacy.phase(s)).toEqual({
      key: '0000-S1901M',
      label: 'Spring 1901 Movement',
      type: 'movement',
      year: 1901,
    });
    expect(standardDiplomacy.expectedRoles(s)).toHaveLength(7);
  });

  it('reads a submission line by line, naming the word it could not read and the illegal order', () => {
    const s = standardDiplomacy.setup('seed', 'classic');
    const read = standardDiplomacy.readSubmission(s, 'England', [
      'F London - North Sea',
      'A Liverpool - Spian',
      'F Edinburgh - Picardy',
      'A Paris - Burgundy',
    ]);
    expect(read.lines.map((l) => l.ok)).toEqual([true, false, false, false]);
    expect(read.lines[0].reading).toBe('F London - North Sea');
    expect(read.lines[1].error).toMatch(/Spian/);
    expect(read.lines[2].error).toMatch(/not adjacent/);
    expect(read.lines[3].error).toMatch(/belongs to France/);
    expect(read.accepted).toEqual({ orders: [{ text: 'F London - North Sea', reading: 'F lon - nth' }] });
  });

  it('skips a retreat phase where nobody was dislodged and a Winter with nothing to adjust', () => {
    let s = standardDiplomacy.setup('seed', 'classic');
    s = standardDiplomacy.resolve(s, {}).state;
    expect(standardDiplomacy.phase(s).label).toBe('Fall 1901 Movement');
    const r = standardDiplomacy.resolve(s, {});
    expect(standardDiplomacy.phase(r.state).label).toBe('Spring 1902 Movement');
    expect((r.report as { phases: { phase: string }[] }).phases.map((p) => p.phase)).toEqual([
      'Fall 1901 Movement',
      'Winter 1901 Adjustments',
    ]);
  });
});

describe('Heiau Diplomacy module: a Race game-year', () => {
  it('plays Spring, Fall and Winter: captures at the end of Fall, builds in Winter', () => {
    let s = heiauDiplomacy.setup('seed', 'race');
    expect(heiauDiplomacy.phase(s).label).toBe('Spring 1 Movement');
    expect(s.supplyCenters).toEqual({ konk: 'Sunrise', puna: 'Sunrise', aiea: 'Sunset', kila: 'Sunset' });
    let r = heiauDiplomacy.resolve(s, {
      Sunrise: submit(s, 'Sunrise', ['B Kona-Kailua - Kawaihae', 'B Puna - Hilo']),
      Sunset: submit(s, 'Sunset', ['B Aiea - Waikiki', 'B Kilauea - Wailua']),
    });
    s = r.state;
    expect(heiauDiplomacy.phase(s).label).toBe('Fall 1 Movement');
    r = heiauDiplomacy.resolve(s, {
      Sunrise: submit(s, 'Sunrise', ['B Kawaihae H', 'B Hilo - Hamakua']),
      Sunset: submit(s, 'Sunset', ['B Waikiki - Oahu-Kailua', 'B Wailua H']),
    });
    s = r.state;
    expect(s.supplyCenters).toMatchObject({ kawa: 'Sunrise', hamk: 'Sunrise', oahu: 'Sunset', wail: 'Sunset' });
    expect(heiauDiplomacy.phase(s).label).toBe('Winter 1 Adjustments');
    expect(heiauDiplomacy.expectedRoles(s).sort()).toEqual(['Sunrise', 'Sunset']);
    const view = heiauDiplomacy.view(s, player('Sunrise')) as {
      adjustments: Record<string, { due: number; buildSites: string[] }>;
    };
    expect(view.adjustments.Sunrise).toEqual({ due: 2, buildSites: ['konk', 'puna'] });
    r = heiauDiplomacy.resolve(s, {
      Sunrise: submit(s, 'Sunrise', ['Build A Kona-Kailua', 'build a puna']),
      Sunset: submit(s, 'Sunset', ['Build A Aiea']),
    });
    s = r.state;
    expect(heiauDiplomacy.phase(s).label).toBe('Spring 2 Movement');
    expect(s.units.filter((u) => u.power === 'Sunrise')).toHaveLength(4);
    // Sunset ordered one of its two builds: the other is waived.
    expect(s.units.filter((u) => u.power === 'Sunset')).toHaveLength(3);
    expect(heiauDiplomacy.formatReport(r.report, player('Sunset'))).toContain('Winter 1 Adjustments');
  });

  it('announces victory at nine heiaus at the end of a Fall turn', () => {
    const s = heiauDiplomacy.setup('seed', 'race');
    const nine = ['konk', 'puna', 'waip', 'hamk', 'kawa', 'lana', 'laha', 'koho', 'hana'];
    const state: DiplomacyState = {
      ...s,
      phase: { season: 'fall', year: 3, type: 'movement' },
      units: [
        { power: 'Sunrise', type: 'B', location: 'kila' },
        { power: 'Sunset', type: 'B', location: 'aiea' },
      ],
      supplyCenters: Object.fromEntries(nine.map((h) => [h, 'Sunrise'])),
    };
    const spring = heiauDiplomacy.resolve({ ...state, phase: { season: 'spring', year: 3, type: 'movement' } }, {});
    expect(spring.state.outcome).toBeNull();
    const r = heiauDiplomacy.resolve(state, {});
    expect(heiauDiplomacy.outcome(r.state)).toMatchObject({ kind: 'victory', winners: ['Sunrise'] });
    expect(heiauDiplomacy.expectedRoles(r.state)).toEqual([]);
    expect(heiauDiplomacy.formatReport(r.report, { kind: 'observer' })).toMatch(/Sunrise controls 10 heiaus/);
  });
});

describe('Heiau Haole scenario: ballot and hidden natives', () => {
  it('votes, hides the natives from the haole until the first Spring orders are in, then reveals', () => {
    let s = heiauDiplomacy.setup('seed', 'haole');
    expect(heiauDiplomacy.phase(s).type).toBe('ballot');
    expect(heiauDiplomacy.expectedRoles(s).sort()).toEqual(['Afternoon', 'Dawn', 'Dusk', 'Haole', 'Morning']);
    const bad = heiauDiplomacy.readSubmission(s, 'Dawn', ['vote for duel']);
    expect(bad.lines[0].ok).toBe(false);
    const votes: Record<string, unknown> = {};
    for (const [role, v] of [
      ['Dawn', 'VOTE Wings'],
      ['Morning', 'wings'],
      ['Afternoon', 'heart'],
      ['Dusk', 'Wings'],
      ['Haole', 'heart'],
    ])
      votes[role] = heiauDiplomacy.readSubmission(s, role, [v]).accepted;
    const r = heiauDiplomacy.resolve(s, votes);
    s = r.state;
    expect(heiauDiplomacy.phase(s).label).toBe('Spring 1 Movement');
    expect(s.units.find((u) => u.power === 'Dawn')).toEqual({ power: 'Dawn', type: 'B', location: 'puna' });
    // The haole and observers see only the haole fleet, and not the ballot result.
    const haoleView = heiauDiplomacy.view(s, player('Haole')) as {
      units: unknown[];
      supplyCenters: object;
      ballot: object;
    };
    expect(haoleView.units).toEqual([{ power: 'Haole', type: 'F', location: 'spo' }]);
    expect(haoleView.supplyCenters).toEqual({});
    expect(haoleView.ballot).toEqual({ options: ['heart', 'wings'] });
    expect((heiauDiplomacy.view(s, { kind: 'observer' }) as { units: unknown[] }).units).toHaveLength(1);
    expect((heiauDiplomacy.view(s, player('Dawn')) as { units: unknown[] }).units).toHaveLength(5);
    expect((heiauDiplomacy.view(s, { kind: 'moderator' }) as { units: unknown[] }).units).toHaveLength(5);
    expect(heiauDiplomacy.formatReport(r.report, player('Haole'))).not.toMatch(/Wings|votes/);
    expect(heiauDiplomacy.formatReport(r.report, player('Dawn'))).toMatch(/Wings \(votes: .*Haole Heart/);
    expect(heiauDiplomacy.formatPosition(s, player('Haole'))).not.toMatch(/Dawn/);
    // After the first Spring orders, everyone sees everything, and the ballot is revealed.
    const spring = heiauDiplomacy.resolve(s, {});
    expect((heiauDiplomacy.view(spring.state, player('Haole')) as { units: unknown[] }).units).toHaveLength(5);
    expect(heiauDiplomacy.formatReport(spring.report, player('Haole'))).toMatch(
      /Revealed: The natives start as in Wings/,
    );
  });

  it('Haole: a tie of the slips is broken by the natives’ own slips', () => {
    const s = heiauDiplomacy.setup('seed-1', 'haole');
    const r = heiauDiplomacy.resolve(s, {
      Dawn: submit(s, 'Dawn', ['heart']),
      Morning: submit(s, 'Morning', ['wings']),
      Afternoon: submit(s, 'Afternoon', ['heart']),
      Haole: submit(s, 'Haole', ['wings']),
    });
    expect(r.state.ballot?.winner).toBe('heart');
  });

  it('Haole: a tie even among the natives goes to their decision, never to the seed', () => {
    const s = heiauDiplomacy.setup('seed-1', 'haole');
    const r = heiauDiplomacy.resolve(s, {
      Dawn: submit(s, 'Dawn', ['heart']),
      Morning: submit(s, 'Morning', ['wings']),
    });
    expect(r.state.ballot?.winner).toBeUndefined();
    expect(heiauDiplomacy.phase(r.state).label).toBe('Kamaainas’ decision on the setup');
    expect(heiauDiplomacy.expectedRoles(r.state).sort()).toEqual(['Afternoon', 'Dawn', 'Dusk', 'Morning']);
  });
});

describe('Heiau Two Haoles: slips before the deal, the kamaainas’ decision, the moderator', () => {
  const VOTERS = ['Voter 1', 'Voter 2', 'Voter 3', 'Voter 4', 'Voter 5', 'Voter 6'];
  const slips = (s: DiplomacyState, votes: string[]) =>
    Object.fromEntries(votes.map((v, i) => [VOTERS[i], submit(s, VOTERS[i], [v])]));

  it('has the players vote as seats, not powers: the powers are dealt after the ballot', () => {
    const s = heiauDiplomacy.setup('seed-2', 'two-haoles');
    expect(heiauDiplomacy.seats!(s)).toEqual(VOTERS);
    expect(heiauDiplomacy.expectedRoles(s)).toEqual(VOTERS);
    expect(heiauDiplomacy.readSubmission(s, 'North', ['heart']).lines[0]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/voters only/),
    });
    const r = heiauDiplomacy.resolve(s, slips(s, ['heart', 'heart', 'heart', 'heart', 'wings', 'wings']));
    expect(heiauDiplomacy.seats!(r.state)).toBeNull();
    expect(r.state.ballot?.winner).toBe('heart');
    expect(heiauDiplomacy.phase(r.state).label).toBe('Spring 1 Movement');
    // The slips were anonymous: the natives read counts; the haoles read nothing.
    expect(heiauDiplomacy.formatReport(r.report, player('Dawn'))).toMatch(/Heart \(votes: Heart 4, Wings 2\)/);
    expect(heiauDiplomacy.formatReport(r.report, player('North'))).not.toMatch(/Heart|Wings|votes/);
  });

  it('opens the kamaainas’ decision on an even split; their majority sets the setup', () => {
    const s = heiauDiplomacy.setup('seed-2', 'two-haoles');
    const r = heiauDiplomacy.resolve(s, slips(s, ['heart', 'heart', 'heart', 'wings', 'wings', 'wings']));
    const k = r.state;
    expect(k.ballot?.winner).toBeUndefined();
    expect(heiauDiplomacy.phase(k)).toMatchObject({
      key: '0001-BK',
      label: 'Kamaainas’ decision on the setup',
      type: 'ballot',
    });
    expect(heiauDiplomacy.expectedRoles(k).sort()).toEqual(['Afternoon', 'Dawn', 'Dusk', 'Morning']);
    expect(heiauDiplomacy.readSubmission(k, 'South', ['heart']).lines[0].ok).toBe(false);
    expect(heiauDiplomacy.formatReport(r.report, player('Dawn'))).toMatch(
      /evenly divided between Heart and Wings \(votes: Heart 3, Wings 3\); the kamaainas decide/,
    );
    expect(heiauDiplomacy.formatReport(r.report, player('South'))).not.toMatch(/Heart|Wings|divided/);
    expect(heiauDiplomacy.view(k, player('Dawn'))).toMatchObject({ ballot: { tied: ['heart', 'wings'] } });
    expect(heiauDiplomacy.view(k, player('North'))).toEqual(
      expect.objectContaining({ ballot: { options: ['heart', 'wings'] } }),
    );
    const d = heiauDiplomacy.resolve(k, {
      Dawn: submit(k, 'Dawn', ['wings']),
      Morning: submit(k, 'Morning', ['wings']),
      Dusk: submit(k, 'Dusk', ['heart']),
    });
    expect(d.state.ballot).toMatchObject({ winner: 'wings', decidedBy: 'natives' });
    expect(heiauDiplomacy.phase(d.state).label).toBe('Spring 1 Movement');
    expect(d.state.units.find((u) => u.power === 'Dawn')).toEqual({ power: 'Dawn', type: 'B', location: 'puna' });
    const spring = heiauDiplomacy.resolve(d.state, {});
    expect(heiauDiplomacy.formatReport(spring.report, player('North'))).toMatch(
      /Revealed: The natives start as in Wings, as the kamaainas decided \(votes: Heart 3, Wings 3; the kamaainas' decision: Dawn Wings, Morning Wings, Dusk Heart\)/,
    );
  });

  it('waits for the moderator when the kamaainas stay tied, and takes the moderator’s decision', () => {
    const s = heiauDiplomacy.setup('seed-2', 'two-haoles');
    const k = heiauDiplomacy.resolve(s, slips(s, ['heart', 'wings', 'heart', 'wings', 'heart', 'wings'])).state;
    const r = heiauDiplomacy.resolve(k, {
      Dawn: submit(k, 'Dawn', ['wings']),
      Morning: submit(k, 'Morning', ['heart']),
    });
    const m = r.state;
    expect(heiauDiplomacy.phase(m)).toMatchObject({
      label: 'Moderator’s decision on the setup',
      moderatorDecides: true,
    });
    expect(heiauDiplomacy.expectedRoles(m)).toEqual([]);
    expect(heiauDiplomacy.formatReport(r.report, player('Dusk'))).toMatch(
      /remain divided between Heart and Wings.*the moderator decides/,
    );
    // Nothing else settles it: without the decision the state stays as it is (no seed draw).
    expect(heiauDiplomacy.resolve(m, {}).state.ballot?.winner).toBeUndefined();
    expect(heiauDiplomacy.readSubmission(m, 'Dawn', ['heart']).lines[0].ok).toBe(false);
    expect(heiauDiplomacy.readSubmission(m, '@moderator', ['Kamaainas']).lines[0].ok).toBe(false);
    const decided = heiauDiplomacy.resolve(m, { '@moderator': submit(m, '@moderator', ['Heart']) });
    expect(decided.state.ballot).toMatchObject({ winner: 'heart', decidedBy: 'moderator' });
    expect(heiauDiplomacy.phase(decided.state).label).toBe('Spring 1 Movement');
    expect(heiauDiplomacy.formatReport(decided.report, player('Dawn'))).toMatch(/Heart, as the moderator decided/);
    expect(heiauDiplomacy.formatReport(decided.report, player('North'))).not.toMatch(/Heart/);
  });
});

describe('Heiau Haole scenario: orders about unseen units', () => {
  it("reads the Haole's orders about unseen spaces for any unit that could be there, and voids them where none was", () => {
    let s = heiauDiplomacy.setup('blind', 'haole');
    const votes: Record<string, unknown> = {};
    for (const role of heiauDiplomacy.expectedRoles(s))
      votes[role] = heiauDiplomacy.readSubmission(s, role, ['Wings']).accepted;
    s = heiauDiplomacy.resolve(s, votes).state;
    const occupied = new Set(s.units.map((u) => u.location));
    // Waikiki is empty in Wings, Aiea is not: the Haole may support a move from either, unseen.
    expect(occupied.has('aiea')).toBe(true);
    expect(occupied.has('waik')).toBe(false);
    for (const text of ['F SPO S B Aiea - Waikiki', 'F SPO S B Waikiki - Aiea', 'F SPO S A Waikiki']) {
      const r = heiauDiplomacy.readSubmission(s, 'Haole', [text]);
      expect(r.lines[0], text).toMatchObject({ ok: true });
    }
    // The same words for a space no unit could reach from there are refused, for that reason alone.
    const bad = heiauDiplomacy.readSubmission(s, 'Haole', ['F SPO S B Hilo - Kona-Kailua']);
    expect(bad.lines[0].ok).toBe(false);
    expect(bad.lines[0].error).toMatch(/cannot reach Kona-Kailua/);
    // Adjudicated on the real board: the support of a unit that is not there is void.
    const r = heiauDiplomacy.resolve(s, {
      Haole: heiauDiplomacy.readSubmission(s, 'Haole', ['F SPO S B Waikiki - Aiea']).accepted,
    });
    const order = (r.report as { phases: { orders: { power: string; result: string }[] }[] }).phases[0].orders.find(
      (o) => o.power === 'Haole',
    );
    expect(order?.result).toBe('void');
  });
});
