// Snapshots of the map renderer on tricky positions: a Standard convoy chain, a dislodged unit and
// its retreat, fleets on split coasts, convoys to each of Makanalua's coasts, and a Haole who may
// not see the natives. The snapshots hold what is drawn over the board (centres, orders, units,
// legend), not the spaces' shapes, which the geometry tests check; each case also asserts its point.
import { describe, expect, it } from 'vitest';
import { mapGeometry, type Point } from '../../src/maps/geometry.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import { heiauDiplomacy } from '../../src/games/diplomacy.ts';
import { renderDiplomacyMap, type BoardView, type DrawnOrder } from '../../src/render/diplomacy-map.ts';
import { haoleGameAfterBallot } from '../helpers/heiau.ts';

const standard = getVariant('standard')!;
const heiau = getVariant('heiau')!;
const stdGeometry = mapGeometry('standard')!;
const heiauGeometry = mapGeometry('heiau')!;
const POWERS = standard.map.powers;

/** What the renderer draws over the board, from the supply centres on. */
const overBoard = (svg: string) => svg.slice(svg.indexOf('<g class="centres">'));
const unitGroup = (svg: string, location: string) => {
  const m = svg.match(
    new RegExp(
      `<g class="unit[^"]*" data-unit="${location.replace('/', '\\/')}" data-at="([-\\d.]+),([-\\d.]+)">.*?</g>`,
    ),
  );
  if (!m) throw new Error(`no unit drawn at ${location}`);
  return { text: m[0], at: [Number(m[1]), Number(m[2])] as Point };
};
const orderPath = (svg: string, title: RegExp) => {
  const m = svg.match(
    new RegExp(`<g class="order [^"]*" data-result="[a-z]+"><title>${title.source}[^<]*</title><path d="([^"]+)"`),
  );
  if (!m) throw new Error(`no order drawn for ${title}`);
  // The line's vertices, before the arrowhead's second M.
  return m[1]
    .split('M')
    .filter(Boolean)[0]
    .split('L')
    .map((xy) => xy.split(',').map(Number) as Point);
};
const near = (a: Point, b: Point, tolerance = 0.11) => Math.hypot(a[0] - b[0], a[1] - b[1]) <= tolerance;

describe('Map renderer snapshots', () => {
  it('Standard: an army convoyed by two fleets, the arrow running through each fleet in turn', async () => {
    const board: BoardView = {
      powers: POWERS,
      units: [
        { power: 'England', type: 'A', location: 'lvp' },
        { power: 'England', type: 'F', location: 'iri' },
        { power: 'England', type: 'F', location: 'mao' },
        { power: 'France', type: 'A', location: 'par' },
      ],
      supplyCenters: { lvp: 'England', lon: 'England', edi: 'England', bre: 'France', par: 'France', mar: 'France' },
    };
    const orders: DrawnOrder[] = [
      { power: 'England', reading: 'A lvp - bre via convoy', result: 'succeeds' },
      { power: 'England', reading: 'F iri C A lvp - bre', result: 'succeeds' },
      { power: 'England', reading: 'F mao C A lvp - bre', result: 'succeeds' },
      { power: 'France', reading: 'A par H', result: 'succeeds' },
    ];
    const svg = renderDiplomacyMap(standard, stdGeometry, board, { orders, title: 'Standard: Spring 1901 Movement' });
    await expect(overBoard(svg)).toMatchFileSnapshot('__snapshots__/standard-convoy-chain.svg.txt');

    const line = orderPath(svg, /England: A Liverpool - Brest via convoy/);
    const [iri, mao] = [unitGroup(svg, 'iri').at, unitGroup(svg, 'mao').at];
    expect(line).toHaveLength(4);
    expect(near(line[1], iri), 'through the Irish Sea fleet first').toBe(true);
    expect(near(line[2], mao), 'then the Mid-Atlantic fleet').toBe(true);
    // Each convoy order is drawn through its own fleet too, and the move is dashed as convoyed.
    for (const [sea, name] of [
      ['iri', 'Irish Sea'],
      ['mao', 'Mid-Atlantic Ocean'],
    ] as const) {
      const path = orderPath(svg, new RegExp(`England: F ${name} C A Liverpool - Brest`));
      expect(path.some((p) => near(p, unitGroup(svg, sea).at))).toBe(true);
    }
    expect(svg).toMatch(/<title>England: A Liverpool - Brest via convoy[^<]*<\/title><path [^>]*stroke-dasharray/);
  });

  it('Standard: a dislodged unit drawn beside its attacker, outlined, its retreat from where it is drawn', async () => {
    const board: BoardView = {
      powers: POWERS,
      units: [
        { power: 'Germany', type: 'A', location: 'bur' },
        { power: 'France', type: 'A', location: 'par' },
      ],
      supplyCenters: { par: 'France', mun: 'Germany' },
      dislodged: [{ power: 'France', type: 'A', location: 'bur', attackerFrom: 'mun' }],
    };
    const orders: DrawnOrder[] = [{ power: 'France', reading: 'A bur R gas', result: 'succeeds' }];
    const svg = renderDiplomacyMap(standard, stdGeometry, board, { orders, title: 'Standard: Spring 1901 Retreats' });
    await expect(overBoard(svg)).toMatchFileSnapshot('__snapshots__/standard-dislodged.svg.txt');

    const units = [...svg.matchAll(/<g class="(unit[^"]*)" data-unit="bur" data-at="([-\d.]+),([-\d.]+)">/g)];
    expect(units.map((m) => m[1])).toEqual(['unit', 'unit dislodged']);
    const [attacker, dislodged] = units.map((m) => [Number(m[2]), Number(m[3])] as Point);
    expect(near(attacker, stdGeometry.spaces.bur.unit)).toBe(true);
    expect(Math.hypot(dislodged[0] - attacker[0], dislodged[1] - attacker[1])).toBeGreaterThan(10);
    const drawn = unitGroup(svg.slice(svg.indexOf('class="unit dislodged"') - 10), 'bur').text;
    expect(drawn).toContain('France army in Burgundy, dislodged');
    expect(drawn).toContain('stroke="#c00000"');
    // The retreat arrow starts just off the dislodged unit (8 px along its way), not under the attacker.
    const [start, end] = orderPath(svg, /France: A Burgundy R Gascony/);
    const along = (a: Point, b: Point) =>
      ((b[0] - a[0]) * (start[0] - a[0]) + (b[1] - a[1]) * (start[1] - a[1])) / Math.hypot(b[0] - a[0], b[1] - a[1]);
    expect(Math.hypot(start[0] - dislodged[0], start[1] - dislodged[1])).toBeCloseTo(8, 0);
    expect(along(dislodged, end)).toBeCloseTo(8, 0);
    expect(Math.hypot(start[0] - attacker[0], start[1] - attacker[1])).not.toBeCloseTo(8, 0);
  });

  it('Standard: fleets on split coasts stand at their coast, named with it', async () => {
    const board: BoardView = {
      powers: POWERS,
      units: [
        { power: 'France', type: 'F', location: 'spa/sc' },
        { power: 'Russia', type: 'F', location: 'stp/nc' },
        { power: 'Turkey', type: 'F', location: 'bul/ec' },
        { power: 'Italy', type: 'F', location: 'gre' },
      ],
      supplyCenters: { spa: 'France', stp: 'Russia', bul: 'Turkey', gre: 'Italy' },
    };
    const orders: DrawnOrder[] = [
      { power: 'Turkey', reading: 'F bul/ec - rum', result: 'succeeds' },
      { power: 'France', reading: 'F spa/sc - wes', result: 'succeeds' },
    ];
    const svg = renderDiplomacyMap(standard, stdGeometry, board, { orders, title: 'Standard: Fall 1902 Movement' });
    await expect(overBoard(svg)).toMatchFileSnapshot('__snapshots__/standard-split-coasts.svg.txt');
    for (const [location, name] of [
      ['spa/sc', 'Spain (sc)'],
      ['stp/nc', 'St Petersburg (nc)'],
      ['bul/ec', 'Bulgaria (ec)'],
    ] as const) {
      const [space, coast] = location.split('/');
      const u = unitGroup(svg, location);
      expect(near(u.at, stdGeometry.spaces[space].coasts![coast]), location).toBe(true);
      expect(u.text).toContain(name);
    }
    expect(near(orderPath(svg, /Turkey: F Bulgaria \(ec\) - Rumania/)[0], stdGeometry.spaces.bul.coasts!.ec, 12)).toBe(
      true,
    );
  });

  it("Heiau: an army convoyed to each of Makanalua's coasts lands on the coast its convoy touches", async () => {
    const board: BoardView = {
      powers: ['Sunrise', 'Sunset', 'Dawn', 'Haole'],
      units: [
        { power: 'Sunrise', type: 'A', location: 'kool' },
        { power: 'Dawn', type: 'A', location: 'lana' },
        { power: 'Haole', type: 'F', location: 'npo' },
        { power: 'Haole', type: 'F', location: 'kalo' },
      ],
      supplyCenters: { makn: 'Sunset' },
    };
    const orders: DrawnOrder[] = [
      { power: 'Sunrise', reading: 'A kool - makn via convoy', result: 'fails', reason: 'bounced' },
      { power: 'Haole', reading: 'F npo C A kool - makn', result: 'succeeds' },
      { power: 'Dawn', reading: 'A lana - makn via convoy', result: 'fails', reason: 'bounced' },
      { power: 'Haole', reading: 'F kalo C A lana - makn', result: 'succeeds' },
    ];
    const svg = renderDiplomacyMap(heiau, heiauGeometry, board, { orders, title: 'Heiau: Spring 3 Movement' });
    await expect(overBoard(svg)).toMatchFileSnapshot('__snapshots__/heiau-makanalua-convoys.svg.txt');
    const { nc, sc } = heiauGeometry.spaces.makn.coasts!;
    const north = orderPath(svg, /Sunrise: A Ko'olau - Makanalua via convoy/);
    const south = orderPath(svg, /Dawn: A Lanai - Makanalua via convoy/);
    expect(near(north[1], unitGroup(svg, 'npo').at)).toBe(true);
    expect(near(south[1], unitGroup(svg, 'kalo').at)).toBe(true);
    // Each arrow ends (short of the point, for its head) at its own coast.
    const end = (line: Point[]) => line[line.length - 1];
    const d = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    expect(d(end(north), nc)).toBeLessThan(d(end(north), sc));
    expect(d(end(south), sc)).toBeLessThan(d(end(south), nc));
    expect(svg.match(/class="order move failed"/g)).toHaveLength(2);
  });

  it("Heiau: the Haole's view before the first Spring orders shows none of the natives' units", async () => {
    const s = haoleGameAfterBallot('snapshot-seed');
    const haole = s.haoles![0];
    const svg = renderDiplomacyMap(
      heiau,
      heiauGeometry,
      heiauDiplomacy.view(s, { kind: 'player', role: haole }) as BoardView,
      { title: 'Heiau: Spring 1 Movement' },
    );
    await expect(overBoard(svg)).toMatchFileSnapshot('__snapshots__/heiau-haole-hidden.svg.txt');

    const natives = s.units.filter((u) => !s.haoles!.includes(u.power));
    expect(natives.length).toBeGreaterThan(0);
    const drawn = [...svg.matchAll(/<g class="unit[^"]*" data-unit="([^"]+)" data-at="([^"]+)"/g)];
    expect(drawn.length).toBe(s.units.length - natives.length);
    for (const u of natives) {
      expect(svg).not.toContain(`data-unit="${u.location}"`);
      const [space, coast] = u.location.split('/');
      const g = heiauGeometry.spaces[space];
      const [x, y] = (coast && g.coasts?.[coast]) || g.unit;
      // Nothing is drawn where a hidden unit stands (its point is shared by no haole unit).
      if (!drawn.some((m) => m[2] === `${x},${y}`)) expect(svg).not.toContain(`${x},${y}`);
      expect(svg).not.toContain(`${u.power} ${u.type === 'A' ? 'army' : 'boat bunch'} in`);
    }
    expect(svg).toMatch(/revealed once the first Spring orders are in/);
  });
});
