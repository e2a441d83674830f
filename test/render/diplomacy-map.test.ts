// The map renderer on tricky positions: Makanalua's two coasts, a convoy chain, dislodged units,
// orders with their results, and a reader who may not see the natives.
import { describe, expect, it } from 'vitest';
import { mapGeometry } from '../../src/maps/geometry.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import { heiauDiplomacy } from '../../src/games/diplomacy.ts';
import { powerCodes, renderDiplomacyMap, type BoardView } from '../../src/render/diplomacy-map.ts';
import { haoleGameAfterBallot } from '../helpers/heiau.ts';

const heiau = getVariant('heiau')!;
const geometry = mapGeometry('heiau')!;
const powers = ['Sunrise', 'Sunset', 'Dawn', 'Haole'];

/** The (x, y) a unit's symbol is drawn around, read back from the SVG. */
function unitGroup(svg: string, location: string): string {
  const m = svg.match(
    new RegExp(`<g class="unit[^"]*" data-unit="${location.replace('/', '\\/')}" data-at="[^"]*">.*?</g>`),
  );
  if (!m) throw new Error(`no unit drawn at ${location}`);
  return m[0];
}

describe('Diplomacy map renderer', () => {
  const board: BoardView = {
    powers,
    units: [
      { power: 'Sunset', type: 'B', location: 'makn/nc' },
      { power: 'Dawn', type: 'B', location: 'makn/sc' },
      { power: 'Haole', type: 'F', location: 'kaiw' },
      { power: 'Haole', type: 'F', location: 'kalo' },
      { power: 'Sunrise', type: 'A', location: 'aiea' },
    ],
    supplyCenters: { aiea: 'Sunrise', makn: 'Sunset' },
    tradingPosts: { kool: 'Haole' },
    dislodged: [{ power: 'Dawn', type: 'A', location: 'laha', attackerFrom: 'haik' }],
  };
  const orders = [
    { power: 'Sunrise', reading: 'A aiea - lana via convoy', result: 'succeeds' as const },
    { power: 'Haole', reading: 'F kaiw C A aiea - lana', result: 'succeeds' as const },
    { power: 'Haole', reading: 'F kalo C A aiea - lana', result: 'succeeds' as const },
    { power: 'Sunset', reading: 'B makn/nc - npo', result: 'fails' as const, reason: 'bounced' },
    { power: 'Dawn', reading: 'B makn/sc S A aiea - lana', result: 'succeeds' as const },
  ];
  const svg = renderDiplomacyMap(heiau, geometry, board, { orders, title: 'Heiau: Spring 2 Movement' });

  it("stands a unit on each of Makanalua's coasts at that coast's point", () => {
    for (const coast of ['nc', 'sc'] as const) {
      const [x, y] = geometry.spaces.makn.coasts![coast];
      const g = unitGroup(svg, `makn/${coast}`);
      const [sx, sy] = g
        .match(/data-at="(-?[\d.]+),(-?[\d.]+)"/)!
        .slice(1)
        .map(Number);
      expect(Math.hypot(sx - x, sy - y)).toBeLessThan(0.1);
      expect(g).toContain(`Makanalua (${coast})`);
    }
    expect(geometry.spaces.makn.coasts!.nc).not.toEqual(geometry.spaces.makn.coasts!.sc);
  });

  it('draws every fleet of a convoy chain, the convoyed move, and the support of it', () => {
    expect(svg.match(/class="order convoy"/g)).toHaveLength(2);
    expect(svg.match(/class="order move( failed)?"/g)).toHaveLength(2);
    expect(svg).toMatch(/class="order support"/);
    // A convoyed move is dashed, a direct one is not.
    expect(svg).toMatch(
      /<g class="order move" data-result="succeeds"><title>Sunrise: A Aiea - Lanai via convoy[^<]*<\/title><path [^>]*stroke-dasharray/,
    );
  });

  it('marks a failed order as failed, with its reason for the reader', () => {
    expect(svg).toMatch(
      /<g class="order move failed" data-result="fails"><title>Sunset: B Makanalua \(nc\) - North Pacific Ocean \(fails: bounced\)<\/title>/,
    );
  });

  it('draws a dislodged unit apart from the unit that took its place, outlined', () => {
    const g = unitGroup(svg, 'laha');
    expect(g).toContain('class="unit dislodged"');
    expect(g).toContain('Dawn army in Lahaina, dislodged');
    expect(g).toContain('#c00000');
  });

  it('names spaces and powers as the rulebook does, never by id, and gives each power a letter', () => {
    const texts = [...svg.matchAll(/<(?:text|title)[^>]*>([^<]*)</g)].map((m) => m[1]);
    const ids = new Set(heiau.map.provinces.map((p) => p.id));
    expect(texts.length).toBeGreaterThan(50);
    for (const t of texts)
      for (const word of t.split(/[\s,():]+/)) expect(ids.has(word), `"${t}" names ${word} by its id`).toBe(false);
    expect(svg).toContain('<title>Haole trading post in Ko&#39;olau</title>'.replace('&#39;', "'"));
    const codes = powerCodes(['Sunrise', 'Sunset', 'South', 'Dawn', 'Dusk', 'Haole']);
    expect(new Set(Object.values(codes)).size).toBe(6);
  });

  it('shows a Haole nothing of the natives before the first Spring orders, and says why', () => {
    const s = haoleGameAfterBallot('render-seed');
    const haole = s.haoles![0];
    const natives = s.units.filter((u) => !s.haoles!.includes(u.power));
    expect(natives.length).toBeGreaterThan(0);
    const seen = renderDiplomacyMap(
      heiau,
      geometry,
      heiauDiplomacy.view(s, { kind: 'player', role: haole }) as BoardView,
    );
    for (const u of natives) expect(seen).not.toContain(`data-unit="${u.location}"`);
    expect(seen).toMatch(/revealed once the first Spring orders are in/);
    // The natives themselves see their units.
    const own = renderDiplomacyMap(
      heiau,
      geometry,
      heiauDiplomacy.view(s, { kind: 'player', role: natives[0].power }) as BoardView,
    );
    expect(own).toContain(`data-unit="${natives[0].location}"`);
  });

  it('draws the same SVG for the same position (stable for caching)', () => {
    expect(renderDiplomacyMap(heiau, geometry, board, { orders, title: 'Heiau: Spring 2 Movement' })).toBe(svg);
  });
});
