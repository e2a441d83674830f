// The DATC v3.2 conformance cases (sections 6.A-6.J), one test per case, driven by the fixture.
import { describe, expect, it } from 'vitest';
import datc from './fixtures/datc-v3.2-cases.json' with { type: 'json' };
import { adjudicateMovement, type PowerOrder } from '../../src/diplomacy/adjudicator/movement.ts';
import { adjudicateRetreats } from '../../src/diplomacy/adjudicator/retreat.ts';
import { adjudicateAdjustments } from '../../src/diplomacy/adjudicator/adjustment.ts';
import { standardVariant } from '../../src/diplomacy/variants/standard.ts';
import type { UnitType } from '../../src/diplomacy/types.ts';
import { fixtureOrder } from './fixture-orders.ts';

interface FixtureOrder {
  power: string;
  text: string;
  resolution: string[];
  order: Record<string, any>;
}
interface FixtureCase {
  id: string;
  title: string;
  season: string;
  units: { power: string; type: UnitType; location: string }[];
  orders: FixtureOrder[];
  retreat_orders?: FixtureOrder[];
  supply_center_owners?: Record<string, string>;
  civil_disorder_disbands?: { power: string; type: UnitType; location: string }[];
}

/** Where the DATC says an order "fails" and we report it as illegal, with the reason. */
const FAILS_AS_ILLEGAL: Record<string, string> = {
  '6.B.11': 'the fleet is on the north coast, which does not reach the Gulf of Lyon: the move can never happen',
  '6.B.14': 'a fleet build on a two-coast province without a coast can never be carried out',
};

/** Our result for each DATC word, by order type. */
function expectedResult(caseId: string, type: string, words: string[]): string[] {
  const w = words.filter((x) => x !== 'dislodged' && x !== 'destroyed');
  if (w.length === 0) return type === 'hold' ? ['fails'] : ['succeeds', 'fails'];
  const word = w[0];
  if (word === 'fails' && FAILS_AS_ILLEGAL[caseId]) return ['illegal'];
  const table: Record<string, string> = {
    succeeds: 'succeeds',
    fails: 'fails',
    illegal: 'illegal',
    given: 'succeeds',
    cut: 'fails',
    available: 'succeeds',
    disrupted: 'fails',
    stands: 'succeeds',
    invalid: type === 'move' ? 'fails' : 'void',
  };
  return [table[word]];
}

const variant = standardVariant();
const provinceOf = (loc: string) => loc.split('/')[0];

describe('DATC v3.2', () => {
  for (const c of (datc as { cases: FixtureCase[] }).cases) {
    it(`${c.id} ${c.title}`, () => {
      const orders: PowerOrder[] = c.orders.map((o) => ({ power: o.power, order: fixtureOrder(o.order) }));
      if (c.season === 'winter') {
        const out = adjudicateAdjustments(
          variant,
          { units: c.units, supplyCenters: c.supply_center_owners ?? {} },
          orders,
        );
        c.orders.forEach((o, i) => {
          expect(out.outcomes[i].result, `${o.power}: ${o.text} (${out.outcomes[i].reason ?? ''})`).toBeOneOf(
            expectedResult(c.id, o.order.type, o.resolution),
          );
        });
        expect(out.civilDisorder.map((u) => `${u.power} ${u.type} ${u.location}`).sort()).toEqual(
          (c.civil_disorder_disbands ?? []).map((u) => `${u.power} ${u.type} ${u.location}`).sort(),
        );
        return;
      }
      const out = adjudicateMovement(variant, { units: c.units, supplyCenters: {} }, orders);
      c.orders.forEach((o, i) => {
        const got = out.outcomes[i];
        expect(got.result, `${o.power}: ${o.text} (${got.reason ?? ''})`).toBeOneOf(
          expectedResult(c.id, o.order.type, o.resolution),
        );
        const d = out.dislodged.find((u) => provinceOf(u.location) === provinceOf(o.order.location));
        if (o.resolution.includes('destroyed')) {
          expect(d, `${o.text} is destroyed`).toBeDefined();
          expect(d!.retreats, `${o.text} has no retreat`).toEqual([]);
        } else if (o.resolution.includes('dislodged')) {
          // The fixture says 'dislodged' for some units with nowhere to go (6.D.8, 6.F.28, 6.H.15).
          expect(d, `${o.text} is dislodged`).toBeDefined();
        } else if (o.order.type !== 'build') {
          expect(d, `${o.text} is not dislodged`).toBeUndefined();
        }
      });
      if (c.retreat_orders) {
        const rOrders = c.retreat_orders.map((o) => ({ power: o.power, order: fixtureOrder(o.order) }));
        const r = adjudicateRetreats(
          variant,
          { units: out.units, dislodged: out.dislodged, contested: out.contested },
          rOrders,
        );
        c.retreat_orders.forEach((o, i) => {
          expect(r.outcomes[i].result, `retreat ${o.power}: ${o.text} (${r.outcomes[i].reason ?? ''})`).toBeOneOf(
            expectedResult(c.id, o.order.type, o.resolution),
          );
        });
      }
    });
  }
});
