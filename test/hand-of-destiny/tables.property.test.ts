// Every Battle Results Table and scenario variation the schema accepts must run: battles,
// second battles, retreats, sea battles, breakoff and pursuit end without an exception
// (a moderator's corrected file is data, and data must never crash the judge).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkState, cloneState, resolveTurn, setupGame } from '../../src/hand-of-destiny/engine.ts';
import { DEFAULT_STANDING, type HodState, type Standing } from '../../src/hand-of-destiny/model.ts';
import { seedRandom } from '../../src/contract/random.ts';
import { ScenarioSchema } from '../../src/hand-of-destiny/scenario-schema.ts';
import { frontier } from './frontier.ts';
import { scenarioCopy, turnWith } from './helpers.ts';

const result = fc.constantFrom('-', 'P', 'E');
const column = fc.array(result, { minLength: 6, maxLength: 6 });
/** Tables that make long chains likely (only panics, nothing at all) as well as any table. */
const biasedColumn = fc.oneof(
  column,
  fc.constant(['P', 'P', 'P', 'P', 'P', 'P']),
  fc.constant(['-', '-', '-', '-', '-', '-']),
  fc.constant(['P', 'P', 'P', '-', '-', '-']),
);
const unitVariation = fc.record({
  strength: fc.integer({ min: 0, max: 10 }),
  elite: fc.boolean(),
  pike: fc.boolean(),
  gunpowder: fc.boolean(),
  breakoff: fc.boolean(),
  cavalry: fc.boolean(),
  leader: fc.boolean(),
});
const options = fc.record({
  pursuit: fc.boolean(),
  breakoff: fc.boolean(),
  artillery: fc.boolean(),
  majorBattles: fc.boolean(),
  supply: fc.boolean(),
  riverMovement: fc.boolean(),
  fortMarkers: fc.boolean(),
});

/** Put every unit of the scenario somewhere (or in the box), both sides meeting where they meet. */
function place(
  s: HodState,
  spaces: string[],
  where: number[],
  side: string,
  card: number,
  turn: number,
  seed: string,
): HodState {
  const out = cloneState(s);
  const ids = Object.keys(out.units);
  ids.forEach((id, i) => {
    const data = out.scenario.units.find((u) => u.id === id)!;
    if (data.marker || out.units[id]!.owner === null) return;
    const w = where[i % where.length]!;
    out.units[id]!.at = w >= spaces.length ? 'box' : spaces[w]!;
  });
  const owners = (sp: string) =>
    new Set(
      Object.values(out.units)
        .filter((u) => u.at === sp)
        .map((u) => u.owner),
    );
  out.contested = spaces.filter(
    (sp) => owners(sp).has(out.scenario.sides[0]!.id) && owners(sp).has(out.scenario.sides[1]!.id),
  );
  const t = turnWith(out, side, card, turn);
  t.rng = seedRandom(seed, 'hand-of-destiny');
  return t;
}

const standing = (pursuit: boolean, breakoff: boolean): Standing => ({
  ...DEFAULT_STANDING,
  warFleet: 'always',
  breakoff,
  pursuit,
});

describe('every table the schema accepts runs (property)', () => {
  it('route-movement scenario: battles, breakoff and pursuit always finish', () => {
    fc.assert(
      fc.property(
        column,
        column,
        fc.array(unitVariation, { minLength: 17, maxLength: 17 }),
        options,
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 17, maxLength: 17 }),
        fc.boolean(),
        fc.string({ maxLength: 8 }),
        fc.record({
          stops: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
          fortFor: fc.constantFrom(undefined, ['army'], ['tribes'], ['army', 'tribes']),
          riverRetreat: fc.integer({ min: 0, max: 4 }),
          contingentMoves: fc.boolean(),
        }),
        (nonElite, elite, vars, opts, where, armyFirst, seed, terrain) => {
          const data = frontier();
          data.battleResultsTable.columns = { 'non-elite': nonElite, elite };
          data.units.forEach((u: Record<string, unknown>, i: number) => Object.assign(u, vars[i]!));
          // The system rules the schema can express: stop terrain, fortress sides, river retreats, contingents.
          data.spaces.forEach((sp: Record<string, unknown>, i: number) => terrain.stops[i] && (sp.stop = true));
          if (terrain.fortFor) data.spaces[0].fortFor = terrain.fortFor;
          data.rules.riverRetreat = terrain.riverRetreat;
          data.contingents = [{ id: 'regulars', name: 'Regulars', side: 'army' }];
          data.units
            .filter((u: { side: string }) => u.side === 'army')
            .forEach((u: Record<string, unknown>, i: number) => i % 2 && (u.contingent = 'regulars'));
          if (terrain.contingentMoves) data.decks.army[0].moves = [{ contingents: ['regulars'], spaces: 3 }];
          expect(ScenarioSchema.safeParse(data).success).toBe(true);
          let s = setupGame('p', 'frontier', 'test', { ...opts, scenarioData: data });
          const spaces = data.spaces.map((x: { id: string }) => x.id);
          s = place(s, spaces, where, armyFirst ? 'army' : 'tribes', 1, 1, seed);
          s.standing = { army: standing(true, true), tribes: standing(true, true) };
          const r = resolveTurn(s, {});
          expect(checkState(r.state)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('pursuit chains always end: small forces, any table, pursuit and breakoff on', () => {
    const armyIds = ['general', 'cavalry', 'inf-1', 'gun'];
    const tribeIds = ['chief', 'braves', 'band-1', 'band-5'];
    fc.assert(
      fc.property(
        biasedColumn,
        biasedColumn,
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 8, maxLength: 8 }),
        fc.subarray(armyIds, { minLength: 1 }),
        fc.subarray(tribeIds, { minLength: 1 }),
        fc.constantFrom('fort', 'plain', 'hills', 'camp', 'far', 'village'),
        fc.record({ breakoff: fc.boolean(), riverMovement: fc.boolean(), majorBattles: fc.boolean() }),
        fc.string({ maxLength: 8 }),
        (nonElite, elite, strengths, army, tribes, at, opts, seed) => {
          const data = frontier();
          data.battleResultsTable.columns = { 'non-elite': nonElite, elite };
          [...armyIds, ...tribeIds].forEach(
            (id, i) => (data.units.find((u: { id: string }) => u.id === id).strength = strengths[i]),
          );
          expect(ScenarioSchema.safeParse(data).success).toBe(true);
          const s0 = setupGame('p', 'frontier', 'test', { ...opts, pursuit: true, scenarioData: data });
          const s = cloneState(s0);
          for (const [id, u] of Object.entries(s.units)) u.at = army.includes(id) || tribes.includes(id) ? at : 'box';
          s.contested = [at];
          const t = turnWith(s, 'army', 1, 1);
          t.rng = seedRandom(seed, 'hand-of-destiny');
          t.standing = { army: standing(true, true), tribes: standing(true, true) };
          const r = resolveTurn(t, {});
          expect(checkState(r.state)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('Hawaii 1795 with any table and counter values: battles, second battles, sea battles and retreats finish', () => {
    const base = scenarioCopy();
    const sides = ['kamehameha', 'allied-chiefs'];
    fc.assert(
      fc.property(
        column,
        column,
        fc.array(unitVariation, { minLength: base.units.length, maxLength: base.units.length }),
        options,
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: base.units.length, maxLength: base.units.length }),
        fc.boolean(),
        fc.string({ maxLength: 8 }),
        (nonElite, elite, vars, opts, where, kFirst, seed) => {
          const data = structuredClone(base);
          data.battleResultsTable.columns = { 'non-elite': nonElite, elite };
          data.units.forEach((u: Record<string, unknown>, i: number) => {
            if (u.canoe || u.marker) return;
            const v = vars[i]!;
            Object.assign(u, {
              strength: v.strength,
              elite: v.elite,
              pike: v.pike,
              gunpowder: v.gunpowder,
              breakoff: v.breakoff,
              cavalry: v.cavalry,
            });
          });
          expect(ScenarioSchema.safeParse(data).success).toBe(true);
          let s = setupGame('p', 'hawaii-1795', 'short', { ...opts, scenarioData: data });
          const land = ['kona', 'hilo', 'oahu-1', 'oahu-2', 'maui', 'molokai'];
          s = place(
            s,
            land,
            where.map((w) => (w > 6 ? 9 : w)),
            kFirst ? sides[0]! : sides[1]!,
            9,
            4,
            seed,
          );
          s.standing = { kamehameha: standing(true, true), 'allied-chiefs': standing(true, true) };
          const r = resolveTurn(s, {});
          expect(checkState(r.state)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
