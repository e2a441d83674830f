// What the scenario schema can say for the system rules: contingents (4.0, 11.1), terrain that
// stops movement (11.1), who may use a fortress (14.0), the limit on retreats along rivers (13.5).
import { describe, expect, it } from 'vitest';
import { retreatDestinations } from '../../src/hand-of-destiny/battle.ts';
import { TurnCtx } from '../../src/hand-of-destiny/core.ts';
import { setupGame } from '../../src/hand-of-destiny/engine.ts';
import { Game } from '../../src/hand-of-destiny/model.ts';
import { builtInScenario, loadScenario } from '../../src/hand-of-destiny/scenarios/index.ts';
import { front, frontier } from './frontier.ts';
import { ALL_P, K, play, withDice } from './helpers.ts';

const unit = (d: any, id: string) => d.units.find((u: { id: string }) => u.id === id);

describe('contingents (system 4.0, 11.1)', () => {
  const withContingents = (d: any) => {
    d.contingents = [
      { id: 'regulars', name: 'Regulars', side: 'army' },
      { id: 'militia', name: 'Militia', side: 'army', home: ['plain'] },
    ];
    for (const id of ['general', 'inf-1']) unit(d, id).contingent = 'regulars';
    unit(d, 'inf-2').contingent = 'militia';
    d.decks.army[0].moves = [{ contingents: ['regulars'], spaces: 2 }];
  };

  it('a card moves only the contingents it names', () => {
    const s = front(
      {},
      { general: 'fort', 'inf-1': 'fort', 'inf-2': 'fort', chief: 'village' },
      'army',
      1,
      withContingents,
    );
    const r = play(s, ['MOVE inf-1 Fort - Plain - Hills', 'MOVE inf-2 Fort - Plain']);
    expect(r.lines[0]!.ok).toBe(true);
    expect(r.lines[1]!.error).toMatch(/inf-2 may move 0 spaces this turn, not 1/);
  });

  it("recruits a unit in its contingent's home as well as its own", () => {
    const data = frontier();
    withContingents(data);
    const s = setupGame('f', 'frontier', 'test', { scenarioData: data });
    expect(new Game(s).homeOf('inf-2').sort()).toEqual(['fort', 'plain']);
  });

  it('rejects a unit naming an unknown contingent or one of the other side, and a card naming an unknown one', () => {
    const data = frontier();
    withContingents(data);
    unit(data, 'band-1').contingent = 'militia';
    unit(data, 'inf-3').contingent = 'dragoons';
    data.decks.tribes[0].moves = [{ contingents: ['raiders'], spaces: 1 }];
    expect(() => loadScenario(data)).toThrow(/unit band-1: contingent 'militia' belongs to 'army', not 'tribes'/);
    expect(() => loadScenario(data)).toThrow(/unit inf-3: unknown contingent 'dragoons'/);
    expect(() => loadScenario(data)).toThrow(/card tribes #1: unknown contingent 'raiders'/);
  });
});

describe('terrain that stops movement (system 11.1)', () => {
  it('ends a move in a space marked stop; the unit moves out on a later turn', () => {
    const s = front(
      {},
      { general: 'fort', 'inf-1': 'plain', chief: 'village' },
      'army',
      1,
      (d) => (d.spaces.find((x: { id: string }) => x.id === 'hills').stop = true),
    );
    const r = play(s, ['MOVE inf-1 Plain - Hills - Camp', 'MOVE inf-1 Plain - Hills']);
    expect(r.lines[0]!.error).toMatch(/units entering Hills must stop there \(terrain, 11\.1\)/);
    expect(r.lines[1]!.ok).toBe(true);
  });
});

describe('who may use a fortress (system 14.0)', () => {
  it('a fort usable by one side gives the other no protection from panic', () => {
    const mk = (fortFor?: string[]) =>
      withDice(
        front(
          {},
          { general: 'plain', 'inf-1': 'fort', 'inf-2': 'fort', 'band-1': 'fort', chief: 'village' },
          'tribes',
          1,
          (d) => {
            d.battleResultsTable.columns = { 'non-elite': ALL_P, elite: ALL_P };
            if (fortFor) d.spaces.find((x: { id: string }) => x.id === 'fort').fortFor = fortFor;
          },
        ),
        [6, 1],
      );
    // The tribes attack the army's fort: panics are ignored whether or not fortFor names the army.
    expect(play(mk(['army']), []).text).toMatch(/panic ignored \(Army defends a fort\)/);
    const tribesFort = front(
      {},
      { 'band-1': 'fort', 'band-2': 'fort', general: 'fort', 'inf-1': 'plain', chief: 'village' },
      'army',
      1,
      (d) => {
        d.battleResultsTable.columns = { 'non-elite': ALL_P, elite: ALL_P };
        d.spaces.find((x: { id: string }) => x.id === 'fort').fortFor = ['army'];
      },
    );
    const r = play(withDice(tribesFort, [6, 1]), []);
    expect(r.text).not.toMatch(/panic ignored \(Tribes defends a fort\)/);
    expect(r.text).toMatch(/band-\d \(2\) panics/);
  });

  it('Hawaii 1795: Kona and Hilo serve whichever side defends them (4.0, 11.3, 13.0)', () => {
    const data = builtInScenario('hawaii-1795');
    for (const id of ['kona', 'hilo'])
      expect(data.spaces.find((x) => x.id === id)!.fortFor).toEqual(['kamehameha', 'allied-chiefs']);
  });
});

describe('retreats along rivers (system 13.5)', () => {
  const ctxWith = (riverRetreat?: number) => {
    const s = front(
      { riverMovement: true },
      {
        gunboat: 'ford',
        'inf-1': 'ford',
        'inf-2': 'ford',
        'inf-3': 'ford',
        'inf-4': 'ford',
        'band-1': 'plain',
        chief: 'village',
      },
      'tribes',
      1,
      (d) => {
        if (riverRetreat !== undefined) d.rules.riverRetreat = riverRetreat;
      },
    );
    return new TurnCtx(new Game(s), 'tribes', 'play');
  };

  it('lets a fleet and up to three units retreat along the river, not four', () => {
    const ctx = ctxWith();
    expect(retreatDestinations(ctx, 'army', ['gunboat', 'inf-1', 'inf-2', 'inf-3'], 'ford')).toEqual(['bend']);
    expect(retreatDestinations(ctx, 'army', ['gunboat', 'inf-1', 'inf-2', 'inf-3', 'inf-4'], 'ford')).toEqual([]);
    expect(retreatDestinations(ctx, 'army', ['inf-1'], 'ford')).toEqual([]);
  });

  it('takes the limit from the scenario (rules.riverRetreat)', () => {
    expect(retreatDestinations(ctxWith(4), 'army', ['gunboat', 'inf-1', 'inf-2', 'inf-3', 'inf-4'], 'ford')).toEqual([
      'bend',
    ]);
  });
});

describe('Hawaii 1795 contingents (9.0)', () => {
  it("groups the counters as 9.0 does: Kamehameha's, Maui's, O'ahu's (all other Allied units), Kaiana's, Kaua'i's", () => {
    const data = builtInScenario('hawaii-1795');
    const of = (c: string) => data.units.filter((u) => u.contingent === c).map((u) => u.id);
    expect(of('hawaii')).toHaveLength(data.units.filter((u) => u.side === K).length);
    expect(of('maui').sort()).toEqual(['maui-canoe-1', 'maui-canoe-2', 'maui-warriors-1', 'maui-warriors-2']);
    expect(of('kaiana').sort()).toEqual(['kaiana', 'kaiana-warriors']);
    expect(of('kauai')).toHaveLength(3);
    expect(data.contingents.find((c) => c.id === 'oahu')!.home).toEqual(['oahu-1', 'oahu-2']);
    expect(data.units.filter((u) => !u.contingent).map((u) => u.id)).toEqual(['earthworks']);
  });
});
