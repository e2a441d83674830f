// People read names, never ids: every text a reader gets from a Diplomacy game (readings, errors,
// reports and positions for every viewer) over random games of Standard and every Heiau scenario
// uses the rulebook's names, and no word is broken ("boat bunchs", "a army").
import { describe, expect, it } from 'vitest';
import type { DiplomacyOptions } from '../../src/diplomacy/options.ts';
import { heiauDiplomacy, standardDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';
import { randomInt, seedRandom, type RandomState } from '../../src/contract/random.ts';
import type { GameModule, Viewer } from '../../src/contract/types.ts';
import { BROKEN, idPattern } from '../helpers/names.ts';

const pick = <T>(rng: RandomState, xs: readonly T[]): T => xs[randomInt(rng, xs.length)];

function texts(module: GameModule<DiplomacyState>, scenario: string, seed: string, phases: number): string[] {
  const rng = seedRandom(seed, 'names');
  const out: string[] = [];
  let s = module.setup(seed, scenario);
  const viewers = (st: DiplomacyState): Viewer[] =>
    [
      { kind: 'moderator' as const },
      { kind: 'observer' as const },
      ...module.scenarios.find((x) => x.id === scenario)!.roles.map((role) => ({ kind: 'player' as const, role })),
    ].filter(() => st !== null);
  for (let n = 0; n < phases && !module.outcome(s); n++) {
    const subs: Record<string, unknown> = {};
    for (const v of viewers(s)) out.push(module.formatPosition(s, v));
    for (const power of module.expectedRoles(s)) {
      let lines: string[];
      if (s.phase.type === 'ballot') lines = [pick(rng, module.scenarios.find((x) => x.id === scenario)!.roles)];
      else {
        const o = module.options!(s, power) as DiplomacyOptions;
        if (s.phase.type === 'adjustment') {
          const due = o.adjustment?.due ?? 0;
          lines =
            due > 0
              ? (o.adjustment?.builds ?? []).slice(0, due).map((b) => b.order)
              : o.units.slice(0, -due).map((u) => u.orders[0].order);
          // A build of a unit the variant does not build: its error names the unit type in the plural.
          const site = o.adjustment?.builds?.[0]?.order.split(' ')[2];
          if (site) lines.push(`Build ${module.id === 'standard' ? 'B' : 'F'} ${site}`);
        } else lines = o.units.map((u) => pick(rng, u.orders).order);
        // And a few lines the reader must refuse, so that errors are read too.
        lines.push(
          'A Nowhere - Elsewhere',
          `${o.units[0]?.type ?? 'A'} ${o.units[0]?.name ?? 'X'} - ${o.units[0]?.name ?? 'X'}`,
          'B Kohala B',
          'F Hilo = C',
        );
      }
      const read = module.readSubmission(s, power, lines);
      for (const l of read.lines) out.push(`${l.text} => ${l.ok ? l.reading : l.error}`);
      subs[power] = read.accepted;
    }
    const r = module.resolve(s, subs);
    for (const v of viewers(s)) out.push(module.formatReport(r.report, v));
    s = r.state;
  }
  return out;
}

describe('names, not ids', () => {
  const cases: [GameModule<DiplomacyState>, string, string][] = [
    [standardDiplomacy as GameModule<DiplomacyState>, 'standard', 'classic'],
    ...heiauDiplomacy.scenarios.map(
      (x) =>
        [heiauDiplomacy as GameModule<DiplomacyState>, 'heiau', x.id] as [GameModule<DiplomacyState>, string, string],
    ),
  ];
  for (const [module, variant, scenario] of cases) {
    it(`${variant} ${scenario}: readings, errors, reports and positions for every viewer`, () => {
      const ids = idPattern(variant);
      let n = 0;
      const all: string[] = [];
      for (const seed of ['n1', 'n2']) {
        for (const text of texts(module, scenario, `${scenario}-${seed}`, 14)) {
          all.push(text);
          n++;
          // The order as the player wrote it is quoted back as written; check what we say of it.
          const ours = text.includes(' => ') ? text.slice(text.indexOf(' => ') + 4) : text;
          expect(ours, `an id in: ${ours}`).not.toMatch(ids);
          expect(ours, `a broken word in: ${ours}`).not.toMatch(BROKEN);
        }
      }
      expect(n).toBeGreaterThan(20);
    });
  }
});
