// Makanalua's two coasts (rulebook: "if a boat bunch or fleet is ordered to move or convoy there
// from Kaunalu or Halawa, the owner must specify which coast"): from there the coast is demanded;
// from anywhere else it follows from the geography; a convoyed bunch lands on a coast the last
// convoying fleet's water touches, never on the other one.
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/diplomacy/adjudicator/index.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';

const heiau = getVariant('heiau')!;
const run = (units: { type: 'A' | 'F' | 'B'; location: string }[], orders: string[]) =>
  adjudicate(heiau, {
    phase: { season: 'spring', year: 1, type: 'movement' },
    units: units.map((u) => ({ power: 'Haole', ...u })),
    supplyCenters: {},
    orders: orders.map((text) => ({ power: 'Haole', text })),
  });

describe('Makanalua', () => {
  it('from Kaunalu or Halawa the coast must be named', () => {
    for (const from of ['kaun', 'hala']) {
      const r = run([{ type: 'F', location: from }], [`F ${from} - Makn`]);
      expect(r.orders[0]).toMatchObject({ result: 'illegal', reason: 'say which coast of Makanalua: nc or sc' });
      expect(run([{ type: 'F', location: from }], [`F ${from} - Makn/sc`]).units).toContainEqual({
        power: 'Haole',
        type: 'F',
        location: 'makn/sc',
      });
    }
  });

  it('from anywhere else the coast follows from the geography', () => {
    expect(run([{ type: 'F', location: 'npo' }], ['F NPO - Makn']).units).toContainEqual({
      power: 'Haole',
      type: 'F',
      location: 'makn/nc',
    });
    expect(run([{ type: 'F', location: 'kalo' }], ['F Kalo - Makn']).units).toContainEqual({
      power: 'Haole',
      type: 'F',
      location: 'makn/sc',
    });
  });

  it('a convoyed bunch lands on the coast its last convoying fleet touches', () => {
    const south = run(
      [
        { type: 'F', location: 'kalo' },
        { type: 'B', location: 'lana' },
      ],
      ['F Kalo C B Lana - Makn', 'B Lana - Makn'],
    );
    expect(south.orders.map((o) => o.result)).toEqual(['succeeds', 'succeeds']);
    expect(south.units).toContainEqual({ power: 'Haole', type: 'B', location: 'makn/sc' });
    const north = run(
      [
        { type: 'F', location: 'npo' },
        { type: 'B', location: 'oahu' },
      ],
      ['F NPO C B Oahu - Makn', 'B Oahu - Makn'],
    );
    expect(north.orders.map((o) => o.result)).toEqual(['succeeds', 'succeeds']);
    expect(north.units).toContainEqual({ power: 'Haole', type: 'B', location: 'makn/nc' });
    // Never on the other coast: naming it is refused.
    const wrong = run(
      [
        { type: 'F', location: 'npo' },
        { type: 'B', location: 'oahu' },
      ],
      ['F NPO C B Oahu - Makn/sc', 'B Oahu - Makn/sc'],
    );
    expect(wrong.units).not.toContainEqual({ power: 'Haole', type: 'B', location: 'makn/sc' });
  });
});
