// The Maori Wars map drawing: every hex once as a clickable element with a name, the board's
// stacks, disrupted markers, structures and sap, the Bush Raider inset with its units, the tracks,
// and names (never hex ids) where a place has one. Drawn through resvg as the service does.
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { hexNumberAt, hexNumberPath } from '../../src/contract/hex-digits.ts';
import { MaoriWarsMapSchema } from '../../src/maori-wars/map-schema.ts';
import { renderMaoriWarsMap, type MaoriWarsBoard } from '../../src/render/maori-wars-map.ts';
import { cutFonts, fontsFor } from '../../src/service/png-draw.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const map = MaoriWarsMapSchema.parse(
  JSON.parse(fs.readFileSync(path.join(root, 'src/maori-wars/data/north-island.json'), 'utf8')),
);
const at = (name: string) => map.places.find((p) => p.name === name)!.hex;

const board: MaoriWarsBoard = {
  hexes: {
    [at('Auckland')]: {
      structures: [{ kind: 'fort', side: 'british' }],
      units: [
        { kind: 'infantry', side: 'british', name: '58th Regiment' },
        { kind: 'artillery', side: 'british' },
        { kind: 'leader', side: 'british', name: 'Despard' },
        { kind: 'naval', side: 'british' },
        { kind: 'militia', side: 'british' },
      ],
    },
    [at('Ohaeawai')]: {
      structures: [{ kind: 'pa', side: 'maori' }],
      units: [
        { kind: 'warrior', side: 'maori', name: 'Pene Taui', disrupted: true },
        { kind: 'leader', side: 'maori', name: 'Hōne Heke' },
      ],
    },
    [at('Kerikeri')]: {
      structures: [{ kind: 'village', side: 'queenite' }],
      units: [{ kind: 'queenite', side: 'queenite', name: 'Tāmati Wāka Nene' }],
    },
    [at('Puketutu')]: {
      structures: [],
      units: [{ kind: 'infantry', side: 'british', name: '96th Regiment' }],
      sap: { towards: at('Ohaeawai') },
    },
  },
  bushRaider: {
    'tai-tokerau': [
      { kind: 'warrior', side: 'maori', name: 'Te Ruki Kawiti' },
      { kind: 'warrior', side: 'maori', name: 'Hikitene', disrupted: true },
    ],
    waikato: [],
  },
  turn: { current: 2, last: 4 },
  vp: { side: 'maori', points: 3 },
  highlights: [at('Okaihau')],
  arrows: [{ from: at('Kawakawa'), to: at('Ruapekapeka'), kind: 'attack' }],
};
const svg = renderMaoriWarsMap(map, board, { title: "Hone Heke's Challenge: Game Turn 2" });
/** The markup of the element that opens with `open`, up to its matching close. */
function element(open: RegExp): string {
  const m = open.exec(svg);
  if (!m) throw new Error(`no ${open}`);
  let depth = 0;
  const re = /<(\/?)g\b[^>]*?(\/?)>/g;
  re.lastIndex = m.index;
  for (let t = re.exec(svg); t; t = re.exec(svg)) {
    if (t[2]) continue;
    depth += t[1] ? -1 : 1;
    if (depth === 0) return svg.slice(m.index, t.index + t[0].length);
  }
  throw new Error('unclosed');
}

describe('Maori Wars map drawing', () => {
  it('carries every hex once as data for the page: its centre and the name people read (the place name where there is one)', () => {
    const m = /<metadata class="cells" data-radius="([\d.]+)">([^<]*)<\/metadata>/.exec(svg)!;
    expect(Number(m[1])).toBe(map.drawing.hexRadius);
    // Escaped as XML text (a name may hold an ampersand), then JSON.
    const text = m[2]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    const cells = JSON.parse(text) as [string, number, number, string][];
    expect(cells.length).toBe(map.hexes.length);
    expect(new Set(cells.map((c) => c[0])).size).toBe(map.hexes.length);
    const byId = new Map(cells.map((c) => [c[0], c]));
    const auckland = map.hexes.find((h) => h.id === at('Auckland'))!;
    const [, x, y, name] = byId.get(auckland.id)!;
    expect(name).toMatch(/^Auckland, hex \d{4}, /);
    expect(Math.abs(x - auckland.centre[0])).toBeLessThanOrEqual(0.05);
    expect(Math.abs(y - auckland.centre[1])).toBeLessThanOrEqual(0.05);
    const sea = map.hexes.find((h) => h.terrain === 'ocean')!;
    expect(byId.get(sea.id)![3]).toBe(`hex ${sea.id}, ocean`);
    // No invisible shape a hex: the page finds the hex under a tap from these.
    expect(svg).not.toMatch(/<path class="hex"/);
  });

  it("draws every hex's number in one path, or leaves them out for the page to draw (its cells marked so), the rest unchanged", () => {
    const numbers = /<path class="hex-numbers" d="([^"]*)"/.exec(svg)![1]!;
    // The hand the page draws with (src/contract/hex-digits.ts), from the same centres.
    const R = map.drawing.hexRadius;
    const expected = map.hexes
      .map((h) => {
        const p = hexNumberAt(h.centre[0], h.centre[1], R);
        return hexNumberPath(h.id, p.x, p.y, p.size);
      })
      .join('');
    expect(numbers).toBe(expected);
    const without = renderMaoriWarsMap(map, board, { title: "Hone Heke's Challenge: Game Turn 2", hexNumbers: false });
    expect(without).not.toContain('hex-numbers');
    expect(without).toContain(`<metadata class="cells" data-radius="${R}" data-numbers="page">`);
    expect(svg).not.toContain('data-numbers');
    // Nothing else differs: the numbers' path out, the mark in.
    expect(without.replace(' data-numbers="page"', '')).toBe(svg.replace(/<path class="hex-numbers"[^>]*\/>\n/, ''));
    // A third of the map's text.
    expect(without.length).toBeLessThan(svg.length * 0.7);
  });

  it('draws a stack of counters per hex, with the disrupted marker on the disrupted unit only', () => {
    const ohaeawai = element(new RegExp(`<g class="stack" data-stack="${at('Ohaeawai')}"`));
    expect(ohaeawai).toMatch(/Māori Warriors \(taua\) \(Pene Taui\), disrupted in [^<]*Ohaeawai/);
    expect(ohaeawai.match(/class="disrupted"/g)?.length).toBe(1);
    expect(ohaeawai.match(/<g class="unit"/g)?.length).toBe(2);
    expect(ohaeawai).toContain('data-kind="pa" data-side="maori"');
    const auckland = element(new RegExp(`<g class="stack" data-stack="${at('Auckland')}"`));
    expect(auckland).not.toContain('class="disrupted"');
    // Five units: three counters and one that counts the other two.
    expect(auckland.match(/<g class="unit"/g)?.length).toBe(3);
    expect(auckland).toContain('+2');
    // Its counters hide Auckland's name: it is written again under the hex.
    expect(element(/<g class="occupied-names"/)).toContain('>Auckland</text>');
    expect(svg).toContain('Sap towards');
    expect(svg).toContain(`data-highlight="${at('Okaihau')}"`);
  });

  it('lists the units in each Bush Raider territory, by name, disrupted ones marked', () => {
    const north = element(/<g class="territory" data-territory="tai-tokerau"/);
    expect(north).toContain('Tai Tokerau');
    expect(north).toContain('Te Ruki Kawiti');
    expect(north).toContain('Hikitene (disrupted)');
    expect(north.match(/<g class="unit"/g)?.length).toBe(2);
    expect(north.match(/class="disrupted"/g)?.length).toBe(1);
    expect(element(/<g class="territory" data-territory="waikato"/)).not.toContain('<g class="unit"');
    for (const t of map.territories) expect(svg).toContain(`data-territory="${t.id}"`);
  });

  it('shows the Game Turn and the VP marker where the board says', () => {
    const turn = element(/<g class="turn-track"/);
    expect(turn.match(/<rect[^>]*class="current"/g)?.length).toBe(1);
    expect(turn).toMatch(/class="current"\/><text[^>]*>2<\/text>/);
    const vp = element(/<g class="vp-track"/);
    expect(vp).toContain('3 VP to the Māori');
    expect(vp).toMatch(/class="current"\/><text[^>]*>3<\/text>/);
  });

  it('writes names, not hex ids, wherever a place has a name (the small hex numbers apart)', () => {
    const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    const named = new Set(map.places.map((p) => p.hex));
    for (const t of titles)
      for (const id of t.match(/\b\d{4}\b/g) ?? [])
        expect(named.has(id), `"${t}" names hex ${id}, which has a place name`).toBe(false);
    const from = map.places
      .filter((p) => p.hex === at('Kawakawa'))
      .map((p) => p.name)
      .join(' / ');
    expect(titles).toContain(`Attack: ${from} to Ruapekapeka`);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (const p of map.places) expect(texts, p.name).toContain(p.name);
    for (const t of texts) expect(t, t).not.toMatch(/^\d{4}$/);
  });

  it('renders to a PNG with the service fonts', () => {
    const font = {
      fontFiles: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((f) =>
        path.join(root, 'assets/fonts', f),
      ),
      loadSystemFonts: false,
      defaultFontFamily: 'DejaVu Sans',
    };
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: 400 }, font }).render().asPng();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);
  });

  // What keeps the PNG fast (BENCHMARKS.md): the small cut fonts, and each hexside stroked once.
  it('needs only the cut fonts, so the PNG is drawn with them', () => {
    expect(fontsFor(svg)).toBe(cutFonts);
  });

  it('strokes each hexside of the grid once, and every hexside of every hex', () => {
    const R = map.drawing.hexRadius;
    // Sides by their midpoints; two within R/4 are the same side (centres are rounded to 0.1).
    const near = (list: [number, number][], p: [number, number]) =>
      list.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < R / 4);
    const buckets = new WeakMap<object, Map<string, [number, number][]>>();
    const same = (list: [number, number][], p: [number, number]) => {
      let b = buckets.get(list);
      if (!b) {
        b = new Map();
        buckets.set(list, b);
      }
      const cx = Math.floor(p[0] / R),
        cy = Math.floor(p[1] / R);
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++) if (near(b.get(`${cx + i},${cy + j}`) ?? [], p)) return true;
      b.set(`${cx},${cy}`, [...(b.get(`${cx},${cy}`) ?? []), p]);
      return false;
    };
    const drawn: [number, number][] = [];
    let twice = 0;
    for (const m of svg.matchAll(/<path class="grid" d="([^"]*)"/g)) {
      let x = 0,
        y = 0;
      for (const [, cmd, a, b] of m[1]!.matchAll(/([Ml])(-?[\d.]+),(-?[\d.]+)/g)) {
        if (cmd === 'M') {
          x = Number(a);
          y = Number(b);
          continue;
        }
        const mid: [number, number] = [x + Number(a) / 2, y + Number(b) / 2];
        if (same(drawn, mid)) twice++;
        else drawn.push(mid);
        x += Number(a);
        y += Number(b);
      }
    }
    expect(twice).toBe(0);
    const all: [number, number][] = [];
    const h = (Math.sqrt(3) / 2) * R;
    for (const hx of map.hexes) {
      const [x, y] = hx.centre;
      const c = [
        [x + R, y],
        [x + R / 2, y + h],
        [x - R / 2, y + h],
        [x - R, y],
        [x - R / 2, y - h],
        [x + R / 2, y - h],
      ];
      for (let i = 0; i < 6; i++) {
        const mid: [number, number] = [(c[i]![0]! + c[(i + 1) % 6]![0]!) / 2, (c[i]![1]! + c[(i + 1) % 6]![1]!) / 2];
        if (!same(all, mid)) all.push(mid);
      }
    }
    expect(drawn.length).toBe(all.length);
  });
});
