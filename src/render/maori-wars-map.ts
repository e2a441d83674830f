// Draws the Maori Wars hex map as SVG: terrain, coastline, lakes, rivers (navigable reaches
// dotted), all-water and dashed lake hexsides, hex numbers, places and printed Towns; over it what
// one reader may see of the board (structures, stacks with disrupted markers, the sap marker,
// arrows), the Bush Raider Map as an inset with the units in each territory, the Game Turn and
// Victory Point tracks and a legend. Takes a view, never the state. Pure: text in, text out.
// The board-independent part (terrain, hexes, names) is drawn once per map and kept.
import type { MaoriWarsMap } from '../maori-wars/map-schema.ts';
import { esc } from './svg.ts';
import { HEX_NUMBERS_STYLE, hexNumberAt, hexNumberPath } from '../contract/hex-digits.ts';

export type MwSide = 'british' | 'maori' | 'queenite' | 'neutral';
export type MwStructureKind = 'town' | 'settlement' | 'fort' | 'village' | 'pa';
export type MwUnitKind =
  | 'leader'
  | 'infantry'
  | 'naval'
  | 'cavalry'
  | 'artillery'
  | 'militia'
  | 'constabulary'
  | 'rangers'
  | 'gunboat'
  | 'queenite'
  | 'warrior'
  | 'canoe';
export interface MwStructure {
  kind: MwStructureKind;
  side: MwSide;
  disrupted?: boolean;
}
export interface MwUnit {
  kind: MwUnitKind;
  side: MwSide;
  name?: string;
  disrupted?: boolean;
}
export interface MaoriWarsHexView {
  structures: MwStructure[];
  units: MwUnit[];
  sap?: { towards: string };
}
/** What the map needs of the game's view: the engine's view function produces it for one reader. */
export interface MaoriWarsBoard {
  /** Hexes with something on them, by hex id "CCRR". */
  hexes: Record<string, MaoriWarsHexView>;
  /** Units on the Bush Raider Map, by territory id. */
  bushRaider: Record<string, MwUnit[]>;
  turn: { current: number; last: number; label?: string };
  /** The VP marker: how many points, towards which side (null at 0). */
  vp: { side: 'british' | 'maori' | null; points: number };
  highlights?: string[];
  arrows?: { from: string; to: string; kind: 'move' | 'attack' | 'retreat' | 'raid' }[];
}
export interface MaoriWarsRenderOptions {
  title?: string;
  /** Without the hexes' numbers (default with): the web page draws those in view itself. */
  hexNumbers?: boolean;
}

// Okabe–Ito colours; each side also has its own counter shape, so colour is never the only cue.
const SIDE: Record<MwSide, { name: string; fill: string; ink: string; letter: string }> = {
  british: { name: 'British', fill: '#D55E00', ink: '#fff', letter: 'B' },
  maori: { name: 'Māori', fill: '#0072B2', ink: '#fff', letter: 'M' },
  queenite: { name: 'Queenite', fill: '#56B4E9', ink: '#000', letter: 'Q' },
  neutral: { name: 'Neutral', fill: '#BBBBBB', ink: '#000', letter: 'N' },
};
const KIND: Record<MwUnitKind, { name: string; code: string }> = {
  leader: { name: 'Leader', code: '★' },
  infantry: { name: 'Infantry', code: 'In' },
  naval: { name: 'Naval', code: 'Nv' },
  cavalry: { name: 'Cavalry', code: 'Cv' },
  artillery: { name: 'Artillery', code: 'Ar' },
  militia: { name: 'Militia', code: 'Mi' },
  constabulary: { name: 'Armed Constabulary', code: 'AC' },
  rangers: { name: 'Forest Rangers', code: 'FR' },
  gunboat: { name: 'Gunboat', code: 'Gb' },
  queenite: { name: 'Queenite', code: 'Qn' },
  warrior: { name: 'Warriors (taua)', code: 'Wa' },
  canoe: { name: 'Canoe (waka)', code: 'Wk' },
};
const STRUCTURE: Record<MwStructureKind, string> = {
  town: 'Town',
  settlement: 'Settlement',
  fort: 'Fort',
  village: 'Village',
  pa: 'Pā',
};
const TERRAIN_FILL: Record<string, string> = {
  clear: '#F4EDCB',
  rough: '#B5CF98',
  mountain: '#B89D7E',
  lake: '#A9CDEB',
  ocean: '#D3E6F4',
};
const TERRAIN_NAME: Record<string, string> = {
  clear: 'Clear',
  rough: 'Rough (bush)',
  mountain: 'Mountain',
  lake: 'Lake',
  ocean: 'Ocean',
};
const TERRITORY_FILLS = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#999999',
  '#8C6D1F',
  '#7FC3A7',
  '#B04A8C',
  '#5A5AA8',
];

/** Marks drawn on each hex of a terrain, so that colour is not the only cue. */
const MARKS: Record<string, { d: (x: number, y: number, R: number) => string; stroke: string; width: number }> = {
  rough: {
    d: (x, y, R) =>
      [
        [-0.45, 0.1],
        [0.05, -0.2],
        [0.5, 0.12],
        [-0.15, 0.42],
      ]
        .map(([a, b]) => `M${f(x + a * R - 0.8)},${f(y + b * R + 0.8)}l0.8,-1.6l0.8,1.6`)
        .join(''),
    stroke: '#4E7A35',
    width: 0.45,
  },
  mountain: {
    d: (x, y, R) =>
      `M${f(x - 0.55 * R)},${f(y + 0.3 * R)}l${f(0.3 * R)},${f(-0.5 * R)}l${f(0.25 * R)},${f(0.35 * R)}l${f(0.2 * R)},${f(-0.3 * R)}l${f(0.35 * R)},${f(0.45 * R)}`,
    stroke: '#5C4630',
    width: 0.7,
  },
  lake: {
    d: (x, y, R) =>
      [-0.15, 0.25]
        .map((b) => `M${f(x - 0.4 * R)},${f(y + b * R)}q${f(0.2 * R)},-1 ${f(0.4 * R)},0t${f(0.4 * R)},0`)
        .join(''),
    stroke: '#3D7FB8',
    width: 0.4,
  },
};

const f = (n: number) => Math.round(n * 10) / 10;
const PANEL = 300;

interface Static {
  svgHead: string;
  mapLayer: string;
  mapLayerNoNumbers: string;
  panel: string;
  listTop: number;
  centres: Map<string, [number, number]>;
  names: Map<string, string>;
  territoryNames: Map<string, string>;
}
const cache = new WeakMap<MaoriWarsMap, Static>();

function hexPath([x, y]: [number, number], r: number): string {
  const h = f((Math.sqrt(3) / 2) * r),
    a = f(r / 2),
    b = f(r);
  return `M${f(x + r)},${f(y)}l-${a},${h}h-${b}l-${a},-${h}l${a},-${h}h${b}z`;
}

/**
 * The grid's hexsides, each drawn once: a hexside two hexes share was stroked twice (once per
 * hex), and stroking the grid's 12,858 sides was a fifth of the PNG's time. Land hexes take their
 * sides first, so a coast side is drawn in the land's stroke; each hex's sides left to draw go out
 * as runs of consecutive sides (one move, then relative lines).
 */
function gridPaths(hexes: MaoriWarsMap['hexes'], r: number): { land: string; sea: string } {
  const h = (Math.sqrt(3) / 2) * r;
  // The corners in hexPath's order (flat-topped: east, then clockwise on screen).
  const corner = (x: number, y: number, i: number): [number, number] =>
    [
      [x + r, y],
      [x + r / 2, y + h],
      [x - r / 2, y + h],
      [x - r, y],
      [x - r / 2, y - h],
      [x + r / 2, y - h],
    ][i] as [number, number];
  // A side is known by its midpoint. The centres are rounded to 0.1, so the two hexes of a side
  // see its midpoint up to about 0.1 apart: a side already drawn is one whose midpoint lies within
  // R/10 (distinct sides' midpoints are R·√3/2 apart), looked up in the 3×3 cells around it.
  const cells = new Map<string, [number, number][]>();
  const seen = (a: [number, number], b: [number, number]): boolean => {
    const mx = (a[0] + b[0]) / 2,
      my = (a[1] + b[1]) / 2,
      cx = Math.floor(mx / r),
      cy = Math.floor(my / r);
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++) {
        if ((cells.get(`${cx + i},${cy + j}`) ?? []).some(([px, py]) => Math.hypot(px - mx, py - my) < r / 10))
          return true;
      }
    const k = `${cx},${cy}`;
    cells.set(k, [...(cells.get(k) ?? []), [mx, my]]);
    return false;
  };
  const out = { land: '', sea: '' };
  const pass = (list: MaoriWarsMap['hexes'], into: 'land' | 'sea') => {
    for (const hx of list) {
      const [x, y] = hx.centre;
      const todo = [0, 1, 2, 3, 4, 5].map((i) => !seen(corner(x, y, i), corner(x, y, (i + 1) % 6)));
      if (!todo.some(Boolean)) continue;
      // Start after a side already drawn, so that a run never wraps past side 5.
      const start = todo.every(Boolean) ? 0 : (todo.findIndex((t, i) => !t && todo[(i + 1) % 6]) + 1) % 6;
      let d = '',
        open = false;
      for (let n = 0; n < 6; n++) {
        const i = (start + n) % 6;
        if (!todo[i]) {
          open = false;
          continue;
        }
        const a = corner(x, y, i),
          b = corner(x, y, (i + 1) % 6);
        if (!open) d += `M${f(a[0])},${f(a[1])}`;
        // Steps between rounded corners: a run does not drift from its corners.
        d += `l${f(f(b[0]) - f(a[0]))},${f(f(b[1]) - f(a[1]))}`;
        open = true;
      }
      out[into] += d;
    }
  };
  pass(
    hexes.filter((x) => x.terrain !== 'ocean'),
    'land',
  );
  pass(
    hexes.filter((x) => x.terrain === 'ocean'),
    'sea',
  );
  return out;
}

function drawStatic(map: MaoriWarsMap): Static {
  const R = map.drawing.hexRadius;
  const [vx, vy, vw, vh] = map.drawing.viewBox;
  const centres = new Map(map.hexes.map((h) => [h.id, h.centre] as [string, [number, number]]));
  const names = new Map<string, string>();
  for (const p of map.places) names.set(p.hex, names.has(p.hex) ? `${names.get(p.hex)} / ${p.name}` : p.name);
  const territoryNames = new Map(map.territories.map((t) => [t.id, t.name]));
  const nameOf = (id: string) => names.get(id) ?? `hex ${id}`;
  const o: string[] = [];
  // Every layer is one path where it can be: resvg draws one long path far faster than thousands of
  // small elements, clip paths or patterns (see docs/maori-wars-map.md).
  const coast = esc(map.drawing.coast.join(''));
  // Land in a neutral colour (the South Island, off the map, stays so); each land hex's terrain whole;
  // marks so that colour is not the only cue; then the sea over everything off the coast.
  o.push(`<path d="${coast}" fill="#EDE6D6" fill-rule="evenodd"/>`);
  o.push('<g class="terrain">');
  for (const t of ['clear', 'rough', 'mountain', 'lake'] as const) {
    const hs = map.hexes.filter((h) => h.terrain === t);
    if (!hs.length) continue;
    o.push(`<path class="${t}" d="${hs.map((h) => hexPath(h.centre, R + 0.05)).join('')}" fill="${TERRAIN_FILL[t]}"/>`);
    const m = MARKS[t];
    if (m)
      o.push(
        `<path d="${hs.map((h) => m.d(h.centre[0], h.centre[1], R)).join('')}" fill="none" stroke="${m.stroke}" stroke-width="${m.width}" stroke-linejoin="round"/>`,
      );
  }
  o.push('</g>');
  o.push(
    `<path class="sea" d="M${vx},${vy}H${vx + vw}V${vy + vh}H${vx}Z${coast}" fill="${TERRAIN_FILL.ocean}" fill-rule="evenodd"/>`,
  );
  // A neck of land narrower than a hex, kept as land by the map (its note says so): drawn as a land bridge over the sea.
  for (const h of map.hexes.filter((x) => x.terrain !== 'ocean' && /neck of land/.test(x.note ?? ''))) {
    o.push(
      `<ellipse cx="${h.centre[0]}" cy="${h.centre[1]}" rx="${f(R * 0.55)}" ry="${f(R * 0.4)}" fill="${TERRAIN_FILL[h.terrain]}" stroke="#5b4a2e" stroke-width="0.5" stroke-dasharray="1 0.8"><title>${esc(h.note!)}</title></ellipse>`,
    );
  }
  // The grid: two paths, faint at sea; each hexside once (land's where land meets sea), a little
  // darker than when each was drawn twice.
  const grid = gridPaths(map.hexes, R);
  o.push(`<path class="grid" d="${grid.sea}" fill="none" stroke="#7d7462" stroke-opacity="0.5" stroke-width="0.3"/>`);
  o.push(`<path class="grid" d="${grid.land}" fill="none" stroke="#5d5442" stroke-opacity="0.85" stroke-width="0.3"/>`);
  if (map.drawing.lakes)
    o.push(
      `<path class="lakes" d="${esc(map.drawing.lakes.join(''))}" fill="${TERRAIN_FILL.lake}" stroke="#3D7FB8" stroke-width="0.4"/>`,
    );
  o.push(`<path class="coast" d="${coast}" fill="none" stroke="#5b4a2e" stroke-width="0.6" stroke-linejoin="round"/>`);
  // Rivers: solid where only canoes go, dotted along the navigable reach (the rules' dotted segments).
  o.push('<g class="rivers" fill="none" stroke="#1F5FA0" stroke-linecap="round" stroke-linejoin="round">');
  for (const rv of map.rivers) {
    const line = (ids: string[]) => 'M' + ids.map((id) => centres.get(id)!.join(',')).join('L');
    o.push(`<path d="${line(rv.hexes)}" stroke-width="1.3"><title>${esc(rv.name)}</title></path>`);
    if (rv.navigable.length >= 2)
      o.push(
        `<path class="navigable" d="${line(rv.navigable)}" stroke="#fff" stroke-width="0.9" stroke-dasharray="0.1 2.2"/>`,
      );
    else if (rv.navigable.length === 1) {
      const [x, y] = centres.get(rv.navigable[0])!;
      o.push(`<circle cx="${x}" cy="${y}" r="0.6" fill="#fff" stroke="none"/>`);
    }
  }
  o.push('</g>');
  // Hexsides that matter: the edge the two hexes share.
  o.push('<g class="hexsides" fill="none" stroke-linecap="round">');
  for (const s of map.hexsides) {
    const a = centres.get(s.a),
      b = centres.get(s.b);
    if (!a || !b) continue;
    const mx = (a[0] + b[0]) / 2,
      my = (a[1] + b[1]) / 2;
    const dx = (b[0] - a[0]) / 2,
      dy = (b[1] - a[1]) / 2;
    const k = R / 2 / Math.hypot(dx, dy);
    const d = `M${f(mx - dy * k)},${f(my + dx * k)}L${f(mx + dy * k)},${f(my - dx * k)}`;
    o.push(
      s.kind === 'lake'
        ? `<path d="${d}" stroke="#1F5FA0" stroke-width="1.6" stroke-dasharray="1.6 1.2"><title>${esc(`Dashed lake hexside between ${nameOf(s.a)} and ${nameOf(s.b)}`)}</title></path>`
        : `<path d="${d}" stroke="#2E86C1" stroke-width="2"><title>${esc(`All-water hexside between ${nameOf(s.a)} and ${nameOf(s.b)}`)}</title></path>`,
    );
  }
  o.push('</g>');
  // Below the numbers: the map so far. The numbers are their own layer (a page may draw them itself).
  const below = o.splice(0).join('\n');
  const style = Object.entries(HEX_NUMBERS_STYLE)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  const numbers = `<path class="hex-numbers" d="${map.hexes
    .map((h) => {
      const at = hexNumberAt(h.centre[0], h.centre[1], R);
      return hexNumberPath(h.id, at.x, at.y, at.size);
    })
    .join('')}" ${style}/>`;
  // Then every hex for the page as data, not drawing: its centre and how people read it,
  // [id, x, y, name] in JSON. The page finds the hex under a tap by its nearest centre (web client
  // map/cells.ts): 2,143 invisible shapes taking the clicks were half the map's parse.
  const cells = map.hexes.map((h) => {
    const name = names.get(h.id);
    const label = `${name ? `${name}, ` : ''}hex ${h.id}, ${TERRAIN_NAME[h.terrain].toLowerCase()}${h.smallIsland ? ', small island' : ''}`;
    return [h.id, f(h.centre[0]), f(h.centre[1]), label];
  });
  // Text, not an attribute: its quotes need no escaping.
  const cellsData = esc(JSON.stringify(cells)).replace(/&quot;/g, '"');
  const cellsTag = (page: boolean) =>
    `<metadata class="cells" data-radius="${f(R)}"${page ? ' data-numbers="page"' : ''}>${cellsData}</metadata>`;
  // Places: Towns in bold with the printed Town mark; other places in italic.
  o.push(
    `<g class="places" text-anchor="middle" stroke="#fff" stroke-width="${f(R * 0.12)}" paint-order="stroke" fill="#2a2318">`,
  );
  const byHex = new Map<string, MaoriWarsMap['places']>();
  for (const p of map.places) byHex.set(p.hex, [...(byHex.get(p.hex) ?? []), p]);
  for (const [hex, list] of byHex) {
    const [x, y] = centres.get(hex)!;
    // One name under the hex's middle; several share the hex in a smaller column.
    const line = list.length > 1 ? R * 0.3 : R * 0.42;
    const top = list.length > 1 ? y + R * 0.42 - ((list.length - 1) * line) / 2 : y + R * 0.62;
    list.forEach((p, i) => {
      const size = list.length > 1 ? R * 0.28 : R * (p.town ? 0.42 : 0.34);
      if (p.town)
        o.push(
          `<rect class="town" x="${f(x - R * 0.8)}" y="${f(y - R * 0.15)}" width="${f(R * 0.3)}" height="${f(R * 0.3)}" fill="#000" stroke="none"><title>Town: ${esc(p.name)}</title></rect>`,
        );
      o.push(
        `<text class="place" data-hex="${esc(hex)}" x="${f(x)}" y="${f(top + i * line)}" font-size="${f(size)}"${p.town ? ' font-weight="bold"' : ' font-style="italic"'}>${esc(p.name)}</text>`,
      );
    });
  }
  o.push('</g>');
  const svgHead = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${vx} ${vy} ${vw + PANEL} ${vh}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`;
  const side = panelStatic(map);
  const above = o.join('\n');
  return {
    svgHead,
    // With the numbers, or without them and the cells marked so that the page draws those in view.
    mapLayer: [below, numbers, cellsTag(false), above].join('\n'),
    mapLayerNoNumbers: [below, cellsTag(true), above].join('\n'),
    panel: side.svg,
    listTop: side.listTop,
    centres,
    names,
    territoryNames,
  };
}

/** The SVG of the map with the board on it. */
export function renderMaoriWarsMap(
  map: MaoriWarsMap,
  board: MaoriWarsBoard,
  options: MaoriWarsRenderOptions = {},
): string {
  let st = cache.get(map);
  if (!st) {
    st = drawStatic(map);
    cache.set(map, st);
  }
  const R = map.drawing.hexRadius;
  const placeOf = (id: string) => st!.names.get(id) ?? `hex ${id}`;
  const o: string[] = [];

  for (const id of board.highlights ?? []) {
    const c = st.centres.get(id);
    if (c)
      o.push(
        `<path class="highlight" data-highlight="${esc(id)}" d="${hexPath(c, R * 0.92)}" fill="none" stroke="#F0E442" stroke-width="1.6"/><path d="${hexPath(c, R * 0.92)}" fill="none" stroke="#000" stroke-width="0.4"/>`,
      );
  }

  o.push('<g class="board">');
  const occupied: string[] = [];
  for (const [id, hv] of Object.entries(board.hexes)) {
    const c = st.centres.get(id);
    if (!c) continue;
    const [x, y] = c;
    const parts: string[] = [];
    hv.structures.forEach((s, i) =>
      parts.push(structure(s, [x - R * 0.58, y - R * 0.12 + i * R * 0.5], R * 0.42, placeOf(id))),
    );
    // Up to four counters two by two; more than four shows three and a count.
    const units = hv.units;
    const shown = units.length > 4 ? units.slice(0, 3) : units;
    const size = R * 0.62;
    shown.forEach((u, i) =>
      parts.push(
        counter(u, [x + (i % 2 ? 0.36 : -0.28) * R + R * 0.12, y + (i < 2 ? -0.3 : 0.38) * R], size, placeOf(id)),
      ),
    );
    if (units.length > 4)
      parts.push(
        `<g class="more"><title>${esc(units.slice(3).map(unitTitle).join('; '))}</title><rect x="${f(x + 0.36 * R + 0.12 * R - size / 2)}" y="${f(y + 0.38 * R - size / 2)}" width="${f(size)}" height="${f(size)}" fill="#fff" stroke="#222" stroke-width="0.3"/><text x="${f(x + 0.48 * R)}" y="${f(y + 0.38 * R + size * 0.2)}" font-size="${f(size * 0.55)}" text-anchor="middle">+${units.length - 3}</text></g>`,
      );
    if (hv.sap) {
      const t = st.centres.get(hv.sap.towards);
      if (t)
        parts.push(
          `<g class="sap"><title>Sap towards ${esc(placeOf(hv.sap.towards))}</title>${arrow([x, y], [x + (t[0] - x) * 0.75, y + (t[1] - y) * 0.75], '#000', 1.1)}` +
            `<text x="${f(x + (t[0] - x) * 0.3)}" y="${f(y + (t[1] - y) * 0.3 - 1)}" font-size="${f(R * 0.3)}" font-weight="bold" text-anchor="middle" stroke="#fff" stroke-width="0.8" paint-order="stroke">Sap</text></g>`,
        );
    }
    if (parts.length) o.push(`<g class="stack" data-stack="${esc(id)}">${parts.join('')}</g>`);
    // Where the counters hide the hex's name, write its first name again under the hex (all are in the hex's title).
    const all = st.names.get(id);
    const name = all?.split(' / ')[0];
    const hidden = units.length > 2 || (units.length > 0 && all !== name);
    if (hidden && name)
      occupied.push(`<text data-hex="${esc(id)}" x="${f(x)}" y="${f(y + R * 1.0)}">${esc(name)}</text>`);
  }
  o.push('</g>');
  if (occupied.length)
    o.push(
      `<g class="occupied-names" text-anchor="middle" font-size="${f(R * 0.32)}" fill="#2a2318" stroke="#fff" stroke-width="${f(R * 0.12)}" paint-order="stroke">${occupied.join('')}</g>`,
    );

  const ARROW: Record<string, string> = { move: '#000000', attack: '#D55E00', retreat: '#666666', raid: '#009E73' };
  o.push('<g class="arrows" fill="none">');
  for (const a of board.arrows ?? []) {
    const p = st.centres.get(a.from),
      q = st.centres.get(a.to);
    if (!p || !q) continue;
    o.push(
      `<g class="arrow ${esc(a.kind)}"><title>${esc(`${a.kind[0].toUpperCase()}${a.kind.slice(1)}: ${placeOf(a.from)} to ${placeOf(a.to)}`)}</title>${arrow(p, [q[0] - (q[0] - p[0]) * 0.2, q[1] - (q[1] - p[1]) * 0.2], ARROW[a.kind], 1.4, a.kind === 'retreat' ? ' stroke-dasharray="2 1.5"' : '')}</g>`,
    );
  }
  o.push('</g>');

  // Concatenated, not joined: the kept layers are not copied on every drawing (V8 keeps a rope).
  const title = `<title>${esc(options.title ?? `Maori Wars: Game Turn ${board.turn.current}`)}</title>`;
  return (
    st.svgHead +
    '\n' +
    title +
    '\n' +
    (options.hexNumbers === false ? st.mapLayerNoNumbers : st.mapLayer) +
    '\n' +
    o.join('\n') +
    '\n' +
    st.panel +
    '\n' +
    panel(map, board, st) +
    '\n</svg>'
  );
}

/** A line from p to q with its head drawn (resvg trips on markers in some viewports). */
function arrow(
  [px, py]: [number, number],
  [qx, qy]: [number, number],
  colour: string,
  width: number,
  extra = '',
): string {
  const len = Math.hypot(qx - px, qy - py) || 1;
  const ux = (qx - px) / len,
    uy = (qy - py) / len;
  const hl = width * 3.2,
    hw = width * 2;
  const bx = qx - ux * hl,
    by = qy - uy * hl;
  return (
    `<path d="M${f(px)},${f(py)}L${f(bx)},${f(by)}" stroke="${colour}" stroke-width="${width}" fill="none"${extra}/>` +
    `<path d="M${f(qx)},${f(qy)}L${f(bx - uy * hw)},${f(by + ux * hw)}L${f(bx + uy * hw)},${f(by - ux * hw)}Z" fill="${colour}"/>`
  );
}

function unitTitle(u: MwUnit): string {
  return `${SIDE[u.side].name} ${KIND[u.kind].name}${u.name ? ` (${u.name})` : ''}${u.disrupted ? ', disrupted' : ''}`;
}

/** A counter: the side's colour and shape (British square, Māori round, Queenite cut corners, neutral hexagon), the kind's code, a D badge when disrupted. */
function counter(u: MwUnit, [x, y]: [number, number], s: number, where: string): string {
  const side = SIDE[u.side];
  const h = s / 2;
  const shape =
    u.side === 'british'
      ? `<rect x="${f(x - h)}" y="${f(y - h)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.08)}"`
      : u.side === 'maori'
        ? `<circle cx="${f(x)}" cy="${f(y)}" r="${f(h * 1.05)}"`
        : u.side === 'queenite'
          ? `<path d="M${f(x - h * 0.55)},${f(y - h)}H${f(x + h * 0.55)}L${f(x + h)},${f(y - h * 0.55)}V${f(y + h * 0.55)}L${f(x + h * 0.55)},${f(y + h)}H${f(x - h * 0.55)}L${f(x - h)},${f(y + h * 0.55)}V${f(y - h * 0.55)}Z"`
          : `<path d="M${f(x - h)},${f(y)}L${f(x - h / 2)},${f(y - h)}H${f(x + h / 2)}L${f(x + h)},${f(y)}L${f(x + h / 2)},${f(y + h)}H${f(x - h / 2)}Z"`;
  const code = KIND[u.kind].code;
  const dis = u.disrupted
    ? `<g class="disrupted"><circle cx="${f(x + h * 0.85)}" cy="${f(y - h * 0.85)}" r="${f(s * 0.26)}" fill="#F0E442" stroke="#000" stroke-width="0.25"/><text x="${f(x + h * 0.85)}" y="${f(y - h * 0.85 + s * 0.15)}" font-size="${f(s * 0.38)}" font-weight="bold" text-anchor="middle" fill="#000">D</text></g>`
    : '';
  return (
    `<g class="unit" data-kind="${esc(u.kind)}" data-side="${esc(u.side)}"><title>${esc(`${unitTitle(u)} in ${where}`)}</title>${shape} fill="${side.fill}" stroke="#111" stroke-width="0.3"${u.disrupted ? ' fill-opacity="0.6"' : ''}/>` +
    `<text x="${f(x)}" y="${f(y + s * 0.17)}" font-size="${f(s * (code.length > 1 ? 0.46 : 0.6))}" font-weight="bold" text-anchor="middle" fill="${side.ink}">${code}</text>${dis}</g>`
  );
}

/** A structure: a small picture per kind (Town and Settlement a house, Fort crenellations, Village a whare, Pā a palisade) in the owner's colour. */
function structure(s: MwStructure, [x, y]: [number, number], w: number, where: string): string {
  const fill = SIDE[s.side].fill;
  const h = w * 0.8;
  let d: string;
  switch (s.kind) {
    case 'town':
    case 'settlement':
      d = `M${f(x - w / 2)},${f(y + h / 2)}V${f(y - h * 0.1)}L${f(x)},${f(y - h / 2)}L${f(x + w / 2)},${f(y - h * 0.1)}V${f(y + h / 2)}Z`;
      break;
    case 'fort': {
      const q = w / 5;
      d = `M${f(x - w / 2)},${f(y + h / 2)}V${f(y - h / 2)}h${f(q)}v${f(h * 0.3)}h${f(q)}v${f(-h * 0.3)}h${f(q)}v${f(h * 0.3)}h${f(q)}v${f(-h * 0.3)}h${f(q)}V${f(y + h / 2)}Z`;
      break;
    }
    case 'village':
      d = `M${f(x - w / 2)},${f(y + h / 2)}L${f(x)},${f(y - h / 2)}L${f(x + w / 2)},${f(y + h / 2)}Z`;
      break;
    case 'pa': {
      const q = w / 4;
      d = `M${f(x - w / 2)},${f(y + h / 2)}V${f(y - h * 0.2)}l${f(q / 2)},${f(-h * 0.3)}l${f(q / 2)},${f(h * 0.3)}l${f(q / 2)},${f(-h * 0.3)}l${f(q / 2)},${f(h * 0.3)}l${f(q / 2)},${f(-h * 0.3)}l${f(q / 2)},${f(h * 0.3)}l${f(q / 2)},${f(-h * 0.3)}l${f(q / 2)},${f(h * 0.3)}V${f(y + h / 2)}Z`;
      break;
    }
  }
  const dis = s.disrupted
    ? `<text class="disrupted" x="${f(x)}" y="${f(y + h * 0.35)}" font-size="${f(w * 0.5)}" font-weight="bold" text-anchor="middle" fill="#000" stroke="#F0E442" stroke-width="0.5" paint-order="stroke">D</text>`
    : '';
  return `<g class="structure" data-kind="${esc(s.kind)}" data-side="${esc(s.side)}"><title>${esc(`${SIDE[s.side].name} ${STRUCTURE[s.kind]}${s.disrupted ? ', disrupted' : ''} in ${where}`)}</title><path d="${d}" fill="${fill}" stroke="#111" stroke-width="0.35"/>${dis}</g>`;
}

// The side panel, x from the map's right edge: title, the Game Turn and VP tracks, the legend, the
// Bush Raider Map. What does not depend on the board (frame, legend, the small map) is drawn once.
const PANEL_X = 8,
  PANEL_W = PANEL - 16;
const TRACKS_Y = 18;

/** The board-independent part of the panel, and where the Bush Raider list starts. */
function panelStatic(map: MaoriWarsMap): { svg: string; listTop: number } {
  const [vx, vy, vwMap, vhMap] = map.drawing.viewBox;
  const x0 = vx + vwMap + PANEL_X,
    y0 = vy + 8,
    w = PANEL_W;
  const o: string[] = [`<g class="panel-frame" font-size="6">`];
  o.push(
    `<rect x="${x0 - 4}" y="${y0 - 4}" width="${w + 8}" height="${vhMap - 8}" fill="#FBF8EF" stroke="#7d7462" stroke-width="0.5"/>`,
  );
  o.push(`<text x="${x0}" y="${y0 + 10}" font-size="10" font-weight="bold">Maori Wars: the North Island</text>`);
  o.push(
    `<text x="${x0}" y="${y0 + 18}" font-size="5" fill="#555">Reconstructed map (unofficial), 10 miles a hex; see docs/maori-wars-map.md</text>`,
  );
  let y = y0 + TRACKS_Y + 84;
  // Legend.
  o.push(`<g class="legend"><text x="${x0}" y="${y}" font-weight="bold">Legend</text>`);
  y += 4;
  (['clear', 'rough', 'mountain', 'lake', 'ocean'] as const).forEach((t, i) => {
    const bx = x0 + (i % 3) * (w / 3),
      by = y + Math.floor(i / 3) * 12;
    const m = MARKS[t];
    o.push(
      `<path d="${hexPath([bx + 7, by + 4.5], 7)}" fill="${TERRAIN_FILL[t]}" stroke="#666" stroke-width="0.3"/>${m ? `<path d="${m.d(bx + 7, by + 4.5, 7)}" fill="none" stroke="${m.stroke}" stroke-width="${m.width}"/>` : ''}<text x="${f(bx + 17)}" y="${f(by + 7)}" font-size="5.5">${TERRAIN_NAME[t]}</text>`,
    );
  });
  y += 28;
  const row = (draw: string, text: string) => {
    o.push(`${draw}<text x="${x0 + 20}" y="${f(y + 2)}" font-size="5.5">${esc(text)}</text>`);
    y += 9;
  };
  row(`<path d="M${x0},${y}h14" stroke="#1F5FA0" stroke-width="1.3"/>`, 'River (Canoes)');
  row(
    `<path d="M${x0},${y}h14" stroke="#1F5FA0" stroke-width="1.3"/><path d="M${x0},${y}h14" stroke="#fff" stroke-width="0.9" stroke-dasharray="0.1 2.2" stroke-linecap="round"/>`,
    'Navigable river, dotted (Gunboats)',
  );
  row(`<path d="M${x0},${y}h14" stroke="#2E86C1" stroke-width="2"/>`, 'All-water hexside');
  row(
    `<path d="M${x0},${y}h14" stroke="#1F5FA0" stroke-width="1.6" stroke-dasharray="1.6 1.2"/>`,
    'Dashed lake hexside',
  );
  row(`<rect x="${x0 + 5}" y="${y - 3}" width="4" height="4" fill="#000"/>`, 'Town printed on the map');
  const kinds: MwStructureKind[] = ['settlement', 'fort', 'village', 'pa'];
  kinds.forEach((kd, i) =>
    o.push(
      structure(
        { kind: kd, side: kd === 'village' || kd === 'pa' ? 'maori' : 'british' },
        [x0 + 5 + i * (w / 4), y],
        7,
        'the legend',
      ).replace(/<title>.*?<\/title>/, '') +
        `<text x="${f(x0 + 11 + i * (w / 4))}" y="${y + 2}" font-size="5.5">${STRUCTURE[kd]}</text>`,
    ),
  );
  y += 11;
  (Object.keys(SIDE) as MwSide[]).forEach((sd, i) =>
    o.push(
      counter(
        { kind: sd === 'maori' ? 'warrior' : sd === 'queenite' ? 'queenite' : 'infantry', side: sd },
        [x0 + 4 + i * (w / 4), y],
        7,
        '',
      ).replace(/<title>.*?<\/title>/, '') +
        `<text x="${f(x0 + 10 + i * (w / 4))}" y="${y + 2}" font-size="5.5">${SIDE[sd].name}</text>`,
    ),
  );
  y += 11;
  const ks = Object.entries(KIND);
  ks.forEach(([, kd], i) => {
    const bx = x0 + (i % 3) * (w / 3),
      by = y + Math.floor(i / 3) * 8;
    o.push(
      `<text x="${f(bx)}" y="${f(by)}" font-size="5"><tspan font-weight="bold">${kd.code}</tspan> ${esc(kd.name)}</text>`,
    );
  });
  y += Math.ceil(ks.length / 3) * 8 + 2;
  o.push(
    counter({ kind: 'infantry', side: 'british', disrupted: true }, [x0 + 4, y], 7, '').replace(
      /<title>.*?<\/title>/,
      '',
    ) + `<text x="${x0 + 12}" y="${y + 2}" font-size="5.5">Disrupted</text>`,
  );
  o.push(
    `${arrow([x0 + w / 2, y], [x0 + w / 2 + 13, y], '#000', 1.1)}<text x="${x0 + w / 2 + 16}" y="${y + 2}" font-size="5.5">Sap marker</text>`,
  );
  o.push('</g>');
  // Bush Raider Map: a small map coloured by territory, numbered.
  y += 18;
  o.push(`<g class="bush-raider-map"><text x="${x0}" y="${y}" font-weight="bold">Bush Raider Map</text>`);
  y += 4;
  const [vw, vh] = [vwMap, vhMap];
  const k = 0.3;
  const mini = map.hexes.filter((h) => h.territory);
  const tIndex = new Map(map.territories.map((t, i) => [t.id, i]));
  const mx = x0 + (w - vw * k) / 2,
    my = y;
  const cells: string[] = [];
  for (const h of mini) {
    const i = tIndex.get(h.territory!)!;
    cells.push(
      `<circle cx="${f(mx + h.centre[0] * k)}" cy="${f(my + h.centre[1] * k)}" r="${f(map.drawing.hexRadius * k * 0.95)}" fill="${TERRITORY_FILLS[i % TERRITORY_FILLS.length]}"/>`,
    );
  }
  o.push(cells.join(''));
  // Territory numbers at the middle of each territory's hexes.
  map.territories.forEach((t, i) => {
    const hs = mini.filter((h) => h.territory === t.id);
    if (!hs.length) return;
    const cx = hs.reduce((s, h) => s + h.centre[0], 0) / hs.length,
      cy = hs.reduce((s, h) => s + h.centre[1], 0) / hs.length;
    const near = hs.reduce((b, h) =>
      Math.hypot(h.centre[0] - cx, h.centre[1] - cy) < Math.hypot(b.centre[0] - cx, b.centre[1] - cy) ? h : b,
    );
    o.push(
      `<text x="${f(mx + near.centre[0] * k)}" y="${f(my + near.centre[1] * k + 2)}" font-size="6" font-weight="bold" text-anchor="middle" stroke="#fff" stroke-width="1.2" paint-order="stroke">${i + 1}</text>`,
    );
  });
  o.push('</g></g>');
  return { svg: o.join('\n'), listTop: my + vh * k + 8 };
}

/** The board's part of the panel: the tracks and the units in each Bush Raider territory. */
function panel(map: MaoriWarsMap, board: MaoriWarsBoard, st: Static): string {
  const [vx, vy, vwMap] = map.drawing.viewBox;
  const x0 = vx + vwMap + PANEL_X,
    w = PANEL_W;
  let y = vy + 8 + TRACKS_Y + 14;
  const o: string[] = [`<g class="panel" font-size="6">`];
  // Game Turn track.
  o.push(
    `<g class="turn-track"><text x="${x0}" y="${y}" font-weight="bold">Game Turn${board.turn.label ? `: ${esc(board.turn.label)}` : ''}</text>`,
  );
  y += 4;
  const tw = Math.min(24, w / Math.max(1, board.turn.last));
  for (let t = 1; t <= board.turn.last; t++) {
    const cur = t === board.turn.current;
    o.push(
      `<rect x="${f(x0 + (t - 1) * tw)}" y="${y}" width="${f(tw - 2)}" height="14" fill="${cur ? '#000' : '#fff'}" stroke="#333" stroke-width="0.4"${cur ? ' class="current"' : ''}/><text x="${f(x0 + (t - 1) * tw + tw / 2 - 1)}" y="${y + 10}" text-anchor="middle" font-size="8" fill="${cur ? '#fff' : '#000'}"${cur ? ' font-weight="bold"' : ''}>${t}</text>`,
    );
  }
  o.push('</g>');

  // VP track: Māori 9 … 0 … British 9.
  y += 28;
  const vpText =
    board.vp.side && board.vp.points ? `${board.vp.points} VP to the ${SIDE[board.vp.side].name}` : '0 VP: even';
  o.push(`<g class="vp-track"><text x="${x0}" y="${y}" font-weight="bold">Victory Points: ${esc(vpText)}</text>`);
  y += 4;
  const cw = w / 19;
  for (let i = -9; i <= 9; i++) {
    const side = i < 0 ? 'maori' : i > 0 ? 'british' : null;
    const at =
      board.vp.side === null || board.vp.points === 0
        ? i === 0
        : (board.vp.side === 'british' ? 1 : -1) * board.vp.points === i;
    const bx = x0 + (i + 9) * cw;
    o.push(
      `<rect x="${f(bx)}" y="${y}" width="${f(cw - 0.8)}" height="12" fill="${at ? '#000' : side ? SIDE[side].fill : '#fff'}" fill-opacity="${at ? 1 : 0.25}" stroke="#333" stroke-width="0.3"${at ? ' class="current"' : ''}/><text x="${f(bx + cw / 2 - 0.4)}" y="${y + 8.5}" text-anchor="middle" font-size="6" fill="${at ? '#fff' : '#000'}">${Math.abs(i)}</text>`,
    );
  }
  // The arrowheads drawn, not written: ◀ ▶ are not in the cut fonts, and one character outside
  // them makes the PNG use the full font files (src/service/png-draw.mjs `fontsFor`), 40 % slower.
  const head = (tip: number, back: number) =>
    `<path d="M${f(tip)},${y + 18.3}L${f(back)},${y + 16.5}V${y + 20.1}Z" fill="#000"/>`;
  o.push(
    `${head(x0, x0 + 3.2)}<text x="${x0 + 4.2}" y="${y + 20}" font-size="5">Māori</text><text x="${x0 + w - 4.2}" y="${y + 20}" font-size="5" text-anchor="end">British</text>${head(x0 + w, x0 + w - 3.2)}</g>`,
  );

  o.push('<g class="bush-raider">');
  // The list under the small map: each territory, its number and the units in it.
  let ly = st.listTop;
  map.territories.forEach((t, i) => {
    const units = board.bushRaider[t.id] ?? [];
    o.push(
      `<g class="territory" data-territory="${esc(t.id)}"><rect x="${x0}" y="${f(ly - 5)}" width="6" height="6" fill="${TERRITORY_FILLS[i % TERRITORY_FILLS.length]}"/><text x="${x0 + 9}" y="${f(ly)}" font-size="6"><tspan font-weight="bold">${i + 1}</tspan> ${esc(t.name)}</text>`,
    );
    ly += 3;
    if (units.length) {
      units.forEach((u, j) =>
        o.push(
          counter(
            u,
            [x0 + 13 + (j % 12) * 10, ly + 5 + Math.floor(j / 12) * 10],
            8,
            st.territoryNames.get(t.id) ?? t.id,
          ),
        ),
      );
      ly += Math.ceil(units.length / 12) * 10 + 7;
      o.push(
        `<text x="${x0 + 9}" y="${f(ly)}" font-size="5" fill="#333">${esc(units.map((u) => `${u.name ?? `${SIDE[u.side].name} ${KIND[u.kind].name}`}${u.disrupted ? ' (disrupted)' : ''}`).join(', '))}</text>`,
      );
    }
    o.push('</g>');
    ly += 9;
  });
  o.push('</g></g>');
  return o.join('\n');
}
