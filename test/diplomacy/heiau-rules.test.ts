// Every Heiau Diplomacy rule that departs from Standard, on the Heiau map (rulebook: shared/rules/heiau-diplomacy.txt).
import { describe, expect, it } from 'vitest';
import { adjudicate, type PhaseInput } from '../../src/diplomacy/adjudicator/index.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import type { Unit } from '../../src/diplomacy/types.ts';

const heiau = getVariant('heiau')!;
const spring = { season: 'spring', year: 1, type: 'movement' } as const;

function u(power: string, text: string): Unit {
  const [type, location] = text.split(' ');
  return { power, type: type as Unit['type'], location };
}

function play(units: Unit[], orders: [string, string][], extra: Partial<PhaseInput> = {}) {
  const out = adjudicate(heiau, {
    phase: spring,
    units,
    supplyCenters: {},
    ...extra,
    orders: orders.map(([power, text]) => ({ power, text })),
  });
  const result = (i: number) => out.orders[i].result;
  const at = (loc: string) => out.units.find((x) => x.location === loc);
  return { out, result, at };
}

describe('boat bunches', () => {
  it('move like fleets and stay boat bunches', () => {
    const { result, at } = play([u('Dawn', 'B konk')], [['Dawn', 'B Kona-Kailua - Kona Coast']]);
    expect(result(0)).toBe('succeeds');
    expect(at('konc')).toEqual({ power: 'Dawn', type: 'B', location: 'konc' });
  });

  it('support like fleets', () => {
    const { result, at } = play(
      [u('Dawn', 'B konk'), u('Dawn', 'B kala'), u('Dusk', 'B konc')],
      [
        ['Dawn', 'B KonaK - KonaC'],
        ['Dawn', 'B Ka Lae S B KonaK - KonaC'],
      ],
    );
    expect(result(0)).toBe('succeeds');
    expect(result(1)).toBe('succeeds');
    expect(at('konc')?.power).toBe('Dawn');
  });

  it('cannot move to, or support into, the North or South Pacific Ocean', () => {
    const { out } = play(
      [u('Dawn', 'B oahu'), u('Dawn', 'B kool'), u('Haole', 'F kaiw')],
      [
        ['Dawn', 'B Oahu-Kailua - NPO'],
        ['Dawn', "B Ko'olau S B Oahu-Kailua - NPO"],
        ['Dawn', 'B Puna - SPO'],
      ],
    );
    expect(out.orders[0].result).toBe('illegal');
    expect(out.orders[0].reason).toMatch(/boat bunches cannot move to North Pacific Ocean/);
    expect(out.orders[1].result).toBe('illegal');
    expect(out.orders[2].result).toBe('illegal');
  });

  it('cannot be convoyed into an ocean', () => {
    const { out } = play([u('Dawn', 'B puna'), u('Haole', 'F hamc')], [['Haole', 'F Hamakua Coast C B Puna - SPO']]);
    expect(out.orders[0].result).toBe('illegal');
    expect(out.orders[0].reason).toMatch(/cannot be convoyed into South Pacific Ocean/);
  });

  it('may be convoyed across an ocean and arrive with boats intact', () => {
    const { result, at } = play(
      [u('Dawn', 'B kool'), u('Haole', 'F npo')],
      [
        ['Dawn', "B Ko'olau - Halawa"],
        ['Haole', "F NPO C B Ko'olau - Halawa"],
      ],
    );
    expect(result(0)).toBe('succeeds');
    expect(result(1)).toBe('succeeds');
    expect(at('hala')).toEqual({ power: 'Dawn', type: 'B', location: 'hala' });
  });

  it('may be convoyed by a fleet to a body of water', () => {
    const { result, at } = play(
      [u('Dawn', 'B oahu'), u('Haole', 'F kaiw')],
      [
        ['Dawn', 'B Oahu-Kailua - Kalohi Channel'],
        ['Haole', 'F Kaiwi C B Oahu-Kailua - Kalohi'],
      ],
    );
    expect(result(0)).toBe('succeeds');
    expect(at('kalo')).toEqual({ power: 'Dawn', type: 'B', location: 'kalo' });
  });

  it('stay at their starting point with boats intact when the convoy fails', () => {
    const { result, at } = play(
      [u('Dawn', 'B kool'), u('Haole', 'F npo'), u('Dusk', 'B hala')],
      [
        ['Dawn', "B Ko'olau - Halawa"],
        ['Haole', "F NPO C B Ko'olau - Halawa"],
      ],
    );
    expect(result(0)).toBe('fails');
    expect(at('kool')).toEqual({ power: 'Dawn', type: 'B', location: 'kool' });
  });

  it('cannot convoy', () => {
    const { out } = play(
      [u('Dawn', 'B konc'), u('Dawn', 'A konk')],
      [['Dawn', 'B Kona Coast C A Kona-Kailua - Kawaihae']],
    );
    expect(out.orders[0].result).toBe('illegal');
    expect(out.orders[0].reason).toMatch(/boat bunches cannot convoy/);
  });

  it('burn their boats and become armies when moving inland', () => {
    const { result, at } = play([u('Dawn', 'B konk')], [['Dawn', 'B Kona-Kailua - Mauna Loa']]);
    expect(result(0)).toBe('succeeds');
    expect(at('maun')).toEqual({ power: 'Dawn', type: 'A', location: 'maun' });
  });

  it('burn their boats even when the inland move fails', () => {
    const { result, at } = play(
      [u('Dawn', 'B konk'), u('Dusk', 'A humu')],
      [
        ['Dawn', 'B Kona-Kailua - Mauna Loa'],
        ['Dusk', 'A Humuula - Mauna Loa'],
      ],
    );
    expect(result(0)).toBe('fails');
    expect(result(1)).toBe('fails');
    expect(at('konk')).toEqual({ power: 'Dawn', type: 'A', location: 'konk' });
  });

  it('burn their boats when supporting into an inland province, even when the support is cut', () => {
    const { result, at } = play(
      [u('Dawn', 'B konk'), u('Dawn', 'A humu'), u('Dusk', 'B kala')],
      [
        ['Dawn', 'B Kona-Kailua S A Humuula - Mauna Loa'],
        ['Dawn', 'A Humuula - Mauna Loa'],
        ['Dusk', 'B Ka Lae - Kona-Kailua'],
      ],
    );
    expect(result(0)).toBe('fails');
    expect(at('konk')?.type).toBe('A');
  });

  it('keep their boats when moving to a coast a fleet could reach', () => {
    const { at } = play([u('Dawn', 'B konk')], [['Dawn', 'B Kona-Kailua - Kawaihae']]);
    expect(at('kawa')?.type).toBe('B');
  });

  it('burn their boats when retreating inland', () => {
    const out = adjudicate(heiau, {
      phase: { season: 'spring', year: 1, type: 'retreat' },
      units: [u('Dusk', 'B kala')],
      dislodged: [{ power: 'Dawn', type: 'B', location: 'konk', attackerFrom: 'kala' }],
      supplyCenters: {},
      orders: [{ power: 'Dawn', text: 'B Kona-Kailua - Mauna Loa' }],
    });
    expect(out.orders[0].result).toBe('succeeds');
    expect(out.units).toContainEqual({ power: 'Dawn', type: 'A', location: 'maun' });
  });

  it('must name the coast when moving to Makanalua from Kaunalu or Halawa', () => {
    const { out, at } = play(
      [u('Dawn', 'B kaun'), u('Dusk', 'B hala')],
      [
        ['Dawn', 'B Kaunalu - Makanalua'],
        ['Dusk', 'B Halawa - Makan (s)'],
      ],
    );
    expect(out.orders[0].result).toBe('illegal');
    expect(out.orders[0].reason).toMatch(/which coast/);
    expect(out.orders[1].result).toBe('succeeds');
    expect(at('makn/sc')?.type).toBe('B');
  });
});

describe('armies build boats (= B)', () => {
  it('become a boat bunch when not attacked', () => {
    const { result, at } = play([u('Dawn', 'A kawa')], [['Dawn', 'A Kawaihae = B']]);
    expect(result(0)).toBe('succeeds');
    expect(at('kawa')).toEqual({ power: 'Dawn', type: 'B', location: 'kawa' });
  });

  it('stay an army when attacked, even by a move that fails', () => {
    const { result, at } = play(
      [u('Dawn', 'A kawa'), u('Dusk', 'B koha')],
      [
        ['Dawn', 'A Kawaihae = B'],
        ['Dusk', 'B Kohala - Kawaihae'],
      ],
    );
    expect(result(1)).toBe('fails');
    expect(result(0)).toBe('fails');
    expect(at('kawa')).toEqual({ power: 'Dawn', type: 'A', location: 'kawa' });
  });

  it('cannot build boats inland, nor can a boat bunch', () => {
    const { out } = play(
      [u('Dawn', 'A maun'), u('Dawn', 'B konc')],
      [
        ['Dawn', 'A Mauna Loa = B'],
        ['Dawn', 'B Kona Coast = B'],
      ],
    );
    expect(out.orders[0].result).toBe('illegal');
    expect(out.orders[1].result).toBe('illegal');
  });

  it('name the coast at Makanalua', () => {
    const without = play([u('Dawn', 'A makn')], [['Dawn', 'A Makanalua = B']]);
    expect(without.result(0)).toBe('illegal');
    const withCoast = play([u('Dawn', 'A makn')], [['Dawn', 'A Makanalua (n) = B']]);
    expect(withCoast.result(0)).toBe('succeeds');
    expect(withCoast.at('makn/nc')?.type).toBe('B');
  });
});

describe('European fleets and trading posts (= C)', () => {
  it('build a trading post in a land space with no heiau when not attacked', () => {
    const { result, out } = play([u('Haole', 'F kool')], [['Haole', "F Ko'olau = C"]]);
    expect(result(0)).toBe('succeeds');
    expect(out.supplyCenters.kool).toBe('Haole');
    expect(out.tradingPosts).toEqual({ kool: 'Haole' });
  });

  it('fail when attacked, and may try again later', () => {
    const first = play(
      [u('Haole', 'F kool'), u('Dawn', 'A oahu')],
      [
        ['Haole', "F Ko'olau = C"],
        ['Dawn', "A Oahu-Kailua - Ko'olau"],
      ],
    );
    expect(first.result(0)).toBe('fails');
    expect(first.out.tradingPosts).toEqual({});
    const again = play([u('Haole', 'F kool')], [['Haole', "F Ko'olau = C"]], { tradingPosts: first.out.tradingPosts });
    expect(again.result(0)).toBe('succeeds');
  });

  it('build only one trading post, never on a heiau and never at sea', () => {
    const { out } = play(
      [u('Haole', 'F waik'), u('Haole2', 'F oahu'), u('Haole3', 'F kaiw')],
      [
        ['Haole', 'F Waikiki = C'],
        ['Haole2', 'F Oahu-Kailua = C'],
        ['Haole3', 'F Kaiwi = C'],
      ],
      { tradingPosts: { kool: 'Haole' }, supplyCenters: { kool: 'Haole' } },
    );
    expect(out.orders.map((o) => o.result)).toEqual(['illegal', 'illegal', 'illegal']);
    expect(out.orders[0].reason).toMatch(/already built/);
  });

  it('a trading post stays for the game and may be captured like a heiau', () => {
    const out = adjudicate(heiau, {
      phase: { season: 'fall', year: 2, type: 'movement' },
      units: [u('Dawn', 'A oahu'), u('Haole', 'F npo')],
      supplyCenters: { kool: 'Haole' },
      tradingPosts: { kool: 'Haole' },
      orders: [{ power: 'Dawn', text: "A Oahu-Kailua - Ko'olau" }],
    });
    expect(out.supplyCenters.kool).toBe('Dawn');
    expect(out.tradingPosts).toEqual({ kool: 'Haole' });
  });

  it('a fleet may convoy along a coast (coastal convoys are allowed)', () => {
    const { result, at } = play(
      [u('Dawn', 'A oahu'), u('Haole', 'F kool')],
      [
        ['Dawn', 'A Oahu-Kailua - Waialua'],
        ['Haole', "F Ko'olau C A Oahu-Kailua - Waialua"],
      ],
    );
    expect(result(0)).toBe('succeeds');
    expect(at('waia')?.power).toBe('Dawn');
  });

  it('a dislodged European fleet is destroyed: it has no retreat', () => {
    const { out } = play(
      [u('Haole', 'F konc'), u('Dawn', 'B konk'), u('Dawn', 'B kawa')],
      [
        ['Dawn', 'B Kona-Kailua - Kona Coast'],
        ['Dawn', 'B Kawaihae S B Kona-Kailua - Kona Coast'],
      ],
    );
    expect(out.dislodged).toEqual([
      { power: 'Haole', type: 'F', location: 'konc', attackerFrom: 'konk', retreats: [] },
    ]);
  });
});

describe('Niihau', () => {
  it('cannot be dislodged: its only neighbour is the Kaulakahi Channel, so no attack on it is supported', () => {
    const { result, at } = play(
      [u('Night', 'B niih'), u('Dawn', 'B kaul'), u('Dawn', 'B kila'), u('Dawn', 'B waim')],
      [
        ['Dawn', 'B Kaulakahi - Niihau'],
        ['Dawn', 'B Kilauea S B Kaulakahi - Niihau'],
        ['Dawn', 'B Waimea S B Kaulakahi - Niihau'],
      ],
    );
    expect(result(0)).toBe('fails');
    expect(result(1)).toBe('illegal');
    expect(result(2)).toBe('illegal');
    expect(at('niih')?.power).toBe('Night');
  });
});

describe('Winter adjustments', () => {
  const winter = { season: 'winter', year: 1, type: 'adjustment' } as const;

  it('armies only, on any unoccupied heiau the power owns', () => {
    const out = adjudicate(heiau, {
      phase: winter,
      units: [u('Dawn', 'B konk')],
      supplyCenters: { konk: 'Dawn', lana: 'Dawn', puna: 'Dawn' },
      orders: [
        { power: 'Dawn', text: 'Build A Lanai' },
        { power: 'Dawn', text: 'Build B Puna' },
        { power: 'Dawn', text: 'Build F Puna' },
      ],
    });
    expect(out.orders.map((o) => o.result)).toEqual(['succeeds', 'illegal', 'illegal']);
    // Said in words: "boat bunches", never "boat bunchs".
    expect(out.orders.map((o) => (o as { reason?: string }).reason ?? '')).toEqual([
      '',
      'boat bunches cannot be built here',
      'fleets cannot be built here',
    ]);
    expect(out.units).toContainEqual({ power: 'Dawn', type: 'A', location: 'lana' });
  });

  it('European fleets do not count, and stay with no heiau', () => {
    const out = adjudicate(heiau, {
      phase: winter,
      units: [u('Haole', 'F npo'), u('Haole', 'A kool')],
      supplyCenters: { kool: 'Haole' },
      tradingPosts: { kool: 'Haole' },
      orders: [],
    });
    expect(out.units).toHaveLength(2);
    const lone = adjudicate(heiau, {
      phase: winter,
      units: [u('Haole', 'F npo')],
      supplyCenters: {},
      orders: [{ power: 'Haole', text: 'Disband F NPO' }],
    });
    expect(lone.orders[0].result).toBe('illegal');
    expect(lone.units).toEqual([{ power: 'Haole', type: 'F', location: 'npo' }]);
  });

  it('a trading post counts like a heiau for builds', () => {
    const out = adjudicate(heiau, {
      phase: winter,
      units: [u('Haole', 'F npo')],
      supplyCenters: { kool: 'Haole' },
      tradingPosts: { kool: 'Haole' },
      orders: [{ power: 'Haole', text: "Build A Ko'olau" }],
    });
    expect(out.orders[0].result).toBe('succeeds');
  });
});
