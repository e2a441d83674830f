// A position in the adjudicator contract's format made the state of a game taken over from another
// judge (src/diplomacy/game/position.ts): names read as the contract reads them, an impossible
// position refused naming each field at fault, and the scenario's powers and haoles kept.
import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/contract/data-error.ts';
import { heiauDiplomacy, standardDiplomacy } from '../../src/games/diplomacy.ts';

const standard = () => standardDiplomacy.setup('seed', 'classic');
const issues = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DataError) return e.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw e;
  }
  throw new Error('not refused');
};

describe('fromPosition', () => {
  it('reads a Standard retreat position, names and abbreviations as the contract does', () => {
    const s = standardDiplomacy.fromPosition!(standard(), {
      phase: { season: 'fall', year: 1905, type: 'retreat' },
      units: [
        { power: 'england', type: 'F', location: 'North Sea' },
        { power: 'France', type: 'F', location: 'spa/sc' },
      ],
      dislodged: [{ power: 'Germany', type: 'A', location: 'Kiel', attackerFrom: 'den' }],
      supplyCenters: { London: 'England', par: 'France' },
    });
    expect(s).toMatchObject({
      seq: 0,
      phase: { season: 'fall', year: 1905, type: 'retreat' },
      units: [
        { power: 'England', type: 'F', location: 'nth' },
        { power: 'France', type: 'F', location: 'spa/sc' },
      ],
      dislodged: [{ power: 'Germany', type: 'A', location: 'kie', attackerFrom: 'den' }],
      supplyCenters: { lon: 'England', par: 'France' },
    });
    expect(standardDiplomacy.phase(s).label).toBe('Fall 1905 Retreats');
    expect(standardDiplomacy.expectedRoles(s)).toEqual(['Germany']);
  });

  it('refuses an impossible position, naming every field at fault', () => {
    expect(
      issues(() =>
        standardDiplomacy.fromPosition!(standard(), {
          phase: { season: 'spring', year: 1905, type: 'adjustment' },
          units: [
            { power: 'Narnia', type: 'A', location: 'par' },
            { power: 'France', type: 'F', location: 'spa' },
            { power: 'France', type: 'A', location: 'Paris' },
            { power: 'France', type: 'B', location: 'bre' },
          ],
          supplyCenters: { nth: 'England' },
          tradingPosts: { lon: 'England' },
        }),
      ),
    ).toEqual([
      'phase: adjustments are played in winter, movement and retreats in spring and fall',
      "units.0.power: unknown power 'Narnia' (classic: Austria, England, France, Germany, Italy, Russia, Turkey)",
      'units.1.location: F cannot stand in spa',
      'units.2.location: units[0] is there already (one unit a province)',
      'units.3.type: boat bunches (B) are Heiau units',
      'supplyCenters.nth: nth is not a supply centre',
      'tradingPosts: trading posts are Heiau only',
    ]);
    expect(
      issues(() =>
        standardDiplomacy.fromPosition!(standard(), {
          phase: { season: 'fall', year: 1901, type: 'retreat' },
          units: [],
        }),
      ),
    ).toEqual(['dislodged: a retreat phase needs the dislodged units']);
    expect(
      issues(() =>
        standardDiplomacy.fromPosition!(standard(), { phase: { season: 'fall', year: 1901 }, units: [], orders: [] }),
      )[0],
    ).toMatch(/^phase\.type: /);
  });

  it("keeps a Haole scenario's haoles, without its ballot or the fog of its first Spring", () => {
    const base = heiauDiplomacy.setup('seed', 'haole');
    expect(base.ballot).toBeDefined();
    const s = heiauDiplomacy.fromPosition!(base, {
      phase: { season: 'spring', year: 2, type: 'movement' },
      units: base.units.slice(0, 3).map((u) => ({ ...u })),
      supplyCenters: {},
      tradingPosts: {},
    });
    expect(s.haoles).toEqual(base.haoles);
    expect(s.ballot).toBeUndefined();
    expect(s.hidden).toBeUndefined();
    expect(heiauDiplomacy.seats!(s)).toBeNull();
    expect(heiauDiplomacy.phase(s).label).toBe('Spring 2 Movement');
  });
});
