// Draws a Diplomacy board as SVG from the map's geometry and what one reader may see of the game.
// It takes a view (already cut to the reader by the game module), never the state, so it cannot
// show more than the reader may know. Pure: text in, text out.
import type { MapGeometry, Point } from '../maps/geometry.ts';
import { parseOrder } from '../diplomacy/orders/index.ts';
import { placeName, readingWithNames } from '../diplomacy/orders/notation.ts';
import type { DislodgedUnit, Order, OrderResult, Unit, UnitRef } from '../diplomacy/types.ts';
import type { Variant } from '../diplomacy/variants/variant.ts';
import { esc } from './svg.ts';

/** What the reader sees of the board: the `view` of the Diplomacy game module. */
export interface BoardView {
  powers: string[];
  units: Unit[];
  supplyCenters: Record<string, string>;
  tradingPosts?: Record<string, string>;
  dislodged?: DislodgedUnit[];
  /** Why some of the board is not shown to this reader. */
  hidden?: string;
}

/** An order to draw: as read (the reading the judge gave it), with its result once adjudicated. */
export interface DrawnOrder {
  power: string;
  reading: string;
  result?: OrderResult;
  reason?: string;
}

export interface RenderOptions {
  orders?: DrawnOrder[];
  /** A caption: the game and phase. */
  title?: string;
}

// Okabe–Ito's colour-blind-safe colours, then their darker and lighter tones; every power also
// gets a letter, so colour is never the only sign of an owner.
const PALETTE = [
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

/** Short, unique codes for the powers: the initial, or more letters where initials clash. */
export function powerCodes(powers: string[]): Record<string, string> {
  const codes: Record<string, string> = {};
  const initials = new Map<string, number>();
  for (const p of powers) initials.set(p[0].toUpperCase(), (initials.get(p[0].toUpperCase()) ?? 0) + 1);
  const used = new Set<string>();
  for (const p of powers) {
    const letters = p.replace(/[^A-Za-z]/g, '');
    let code = letters[0].toUpperCase();
    if ((initials.get(code) ?? 0) > 1) {
      for (let i = 1; i < letters.length; i++) {
        const c = code + letters[i].toLowerCase();
        if (!used.has(c)) {
          code = c;
          break;
        }
      }
    }
    used.add(code);
    codes[p] = code;
  }
  return codes;
}

const f = (n: number) => Math.round(n * 10) / 10;
const UNIT_NAME: Record<string, string> = { A: 'army', F: 'fleet', B: 'boat bunch' };

export function renderDiplomacyMap(
  variant: Variant,
  geometry: MapGeometry,
  board: BoardView,
  options: RenderOptions = {},
): string {
  const map = variant.map;
  const codes = powerCodes(board.powers);
  const colour = (power: string) => PALETTE[Math.max(0, board.powers.indexOf(power)) % PALETTE.length];
  const [vx, vy, vw, vh] = geometry.viewBox;
  const scale = vw / 1000;
  const nameOf = (loc: string) => placeName(map, loc);
  /** Where a unit at a location stands. */
  const at = (loc: string): Point => {
    const l = map.location(loc);
    const p = map.provinceOf(loc);
    const g = p && geometry.spaces[p.id];
    if (!g) return [vx, vy];
    return (l?.coast && g.coasts?.[l.coast]) || g.unit;
  };

  /** Where a dislodged unit is drawn: beside the unit that took its place. */
  const dislodgedAt = (loc: string): Point => {
    const [x, y] = at(loc);
    return [x + 9 * scale, y - 9 * scale];
  };
  const isDislodged = (loc: string) =>
    (board.dislodged ?? []).some((d) => map.provinceOf(d.location) === map.provinceOf(loc));

  // Each order read once: the convoys are looked up again for the moves they carry.
  const drawn: { o: DrawnOrder; order: Order }[] = [];
  for (const o of options.orders ?? []) {
    const parsed = parseOrder(map, o.reading);
    if (parsed.ok) drawn.push({ o, order: parsed.order });
  }

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${vx} ${vy} ${vw} ${vh + 60 * scale}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`,
  );
  out.push(`<title>${esc(options.title ?? `${variant.name} map`)}</title>`);
  out.push(`<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="#c9def0"/>`);

  // Land that is no space, under the spaces.
  if (geometry.impassable) {
    out.push(`<g class="impassable" fill="#d9d4c7" stroke="#8a806b" stroke-width="${f(0.5 * scale)}">`);
    for (const [name, d] of Object.entries(geometry.impassable))
      out.push(`<path d="${esc(d)}"><title>${esc(name)}: impassable</title></path>`);
    out.push('</g>');
  }

  // Spaces: seas, then land tinted by the owner of its centre.
  out.push('<g class="spaces">');
  for (const p of map.provinces) {
    const g = geometry.spaces[p.id];
    if (!g) continue;
    const owner = board.supplyCenters[p.id];
    const fill =
      p.type === 'sea'
        ? p.ocean
          ? '#b3cfe8'
          : '#d4e6f5'
        : owner
          ? tint(colour(owner))
          : p.type === 'land'
            ? '#e6d7ae'
            : '#f2e8c9';
    out.push(
      `<path data-space="${esc(p.id)}" d="${esc(g.path)}" fill="${fill}" stroke="#6d5b3b" stroke-width="${f(0.7 * scale)}" stroke-linejoin="round"><title>${esc(p.name)}${owner ? ` (${esc(owner)})` : ''}</title></path>`,
    );
  }
  out.push('</g>');

  // Names.
  out.push(`<g class="labels" font-size="${f(8 * scale)}" text-anchor="middle" fill="#3b3222">`);
  for (const p of map.provinces) {
    const g = geometry.spaces[p.id];
    if (!g) continue;
    const style = p.type === 'sea' ? ' font-style="italic" fill="#2f5878"' : '';
    const [x, y] = g.label;
    const width = (text: string) => text.length * 4.6 * scale;
    const words = p.name.split(' ');
    const lines =
      words.length > 1
        ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')]
        : [];
    if (g.room === undefined || width(p.name) <= g.room) {
      out.push(`<text x="${x}" y="${f(y + 3 * scale)}"${style}>${esc(p.name)}</text>`);
    } else if (lines.length && lines.every((l) => width(l) <= g.room!)) {
      // A long name on two lines where it fits so.
      out.push(
        `<text x="${x}" y="${f(y - 1 * scale)}"${style}>${esc(lines[0])}<tspan x="${x}" dy="${f(8 * scale)}">${esc(lines[1])}</tspan></text>`,
      );
    } else if (!p.aliases.some((a) => a.length <= 5 && /^[A-Za-z']+$/.test(a))) {
      // No short name in the rulebook: the whole name, smaller, as far as it needs (to 5.5 points).
      const size = Math.max(5.5, (8 * g.room) / (p.name.length * 4.6));
      out.push(
        `<text x="${x}" y="${f(y + (size / 2.7) * scale)}" font-size="${f(size * scale)}"${style}>${esc(p.name)}</text>`,
      );
    } else {
      out.push(`<text x="${x}" y="${f(y + 3 * scale)}"${style}>${esc(shortName(p.name, p.aliases))}</text>`);
    }
  }
  out.push('</g>');

  // Centres (heiaus) with the owner's letter; trading posts.
  out.push('<g class="centres">');
  for (const p of map.provinces) {
    const g = geometry.spaces[p.id];
    if (!g?.marker || !p.supplyCenter) continue;
    const owner = board.supplyCenters[p.id];
    const [x, y] = g.marker;
    out.push(
      `<g><title>${esc(p.name)}: ${variant.id === 'heiau' ? 'heiau' : 'supply centre'}${owner ? `, ${esc(owner)}` : ', unowned'}</title>` +
        `<circle cx="${x}" cy="${y}" r="${f(5 * scale)}" fill="${owner ? colour(owner) : '#fff'}" stroke="#3b3222" stroke-width="${f(1 * scale)}"/>` +
        (owner
          ? `<text x="${x}" y="${f(y + 2.5 * scale)}" font-size="${f(6.5 * scale)}" text-anchor="middle" font-weight="bold" fill="#111">${esc(codes[owner])}</text>`
          : '') +
        '</g>',
    );
  }
  for (const [province, power] of Object.entries(board.tradingPosts ?? {})) {
    const g = geometry.spaces[province];
    if (!g) continue;
    const [x, y] = g.label;
    out.push(
      `<g><title>${esc(power)} trading post in ${esc(nameOf(province))}</title><rect x="${f(x - 4 * scale)}" y="${f(y - 14 * scale)}" width="${f(8 * scale)}" height="${f(8 * scale)}" fill="${colour(power)}" stroke="#111" stroke-width="${f(0.8 * scale)}"/><text x="${x}" y="${f(y - 7.5 * scale)}" font-size="${f(6 * scale)}" text-anchor="middle">C</text></g>`,
    );
  }
  out.push('</g>');

  // Orders under the units.
  out.push(`<g class="orders" fill="none" stroke-linecap="round">`);
  for (const o of drawn) out.push(drawOrder(o));
  out.push('</g>');

  // Units, and dislodged units beside them.
  out.push('<g class="units">');
  for (const u of board.units) out.push(unitSymbol(u, at(u.location), false));
  for (const d of board.dislodged ?? []) out.push(unitSymbol(d, dislodgedAt(d.location), true));
  out.push('</g>');

  // Legend: the powers with their colours and letters; and why something is hidden.
  out.push(`<g class="legend" font-size="${f(9 * scale)}">`);
  const powers = board.powers;
  const colWidth = vw / Math.max(1, Math.min(powers.length, 6));
  powers.forEach((p, i) => {
    const x = vx + 8 * scale + (i % 6) * colWidth;
    const y = vy + vh + 14 * scale + Math.floor(i / 6) * 16 * scale;
    out.push(
      `<rect x="${f(x)}" y="${f(y - 8 * scale)}" width="${f(18 * scale)}" height="${f(11 * scale)}" fill="${colour(p)}" stroke="#333" stroke-width="${f(0.6 * scale)}"/>` +
        `<text x="${f(x + 9 * scale)}" y="${f(y)}" text-anchor="middle" font-weight="bold" font-size="${f(7 * scale)}">${esc(codes[p])}</text>` +
        `<text x="${f(x + 22 * scale)}" y="${f(y)}">${esc(p)}</text>`,
    );
  });
  if (board.hidden)
    out.push(
      `<text x="${f(vx + 8 * scale)}" y="${f(vy + 14 * scale)}" font-size="${f(10 * scale)}" font-style="italic" fill="#333">${esc(board.hidden)}</text>`,
    );
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n');

  function unitSymbol(u: Unit, [x, y]: Point, dislodged: boolean): string {
    const s = scale * 1.3;
    const c = colour(u.power);
    const label = `${u.power} ${UNIT_NAME[u.type] ?? u.type} in ${nameOf(u.location)}${dislodged ? ', dislodged' : ''}`;
    const stroke = dislodged ? '#c00000' : '#111';
    const sw = f((dislodged ? 1.6 : 1) * s);
    let shape: string;
    if (u.type === 'A') {
      // An army: a shield.
      shape = `<path d="M${f(x - 7 * s)},${f(y - 6 * s)}h${f(14 * s)}v${f(6 * s)}q0,${f(6 * s)} ${f(-7 * s)},${f(8 * s)}q${f(-7 * s)},${f(-2 * s)} ${f(-7 * s)},${f(-8 * s)}z" fill="${c}" stroke="${stroke}" stroke-width="${sw}"/>`;
    } else if (u.type === 'F') {
      // A fleet: a ship's hull with a mast.
      shape = `<path d="M${f(x - 9 * s)},${f(y)}h${f(18 * s)}l${f(-4 * s)},${f(6 * s)}h${f(-10 * s)}z M${f(x)},${f(y)}v${f(-9 * s)}l${f(6 * s)},${f(6 * s)}h${f(-6 * s)}" fill="${c}" stroke="${stroke}" stroke-width="${sw}" stroke-linejoin="round"/>`;
    } else {
      // A boat bunch: two double-hulled canoes, filled with the owner's colour.
      const hull = (dy: number) =>
        `M${f(x - 10 * s)},${f(y + dy - 3 * s)}Q${f(x)},${f(y + dy + 7 * s)} ${f(x + 10 * s)},${f(y + dy - 3 * s)}Q${f(x)},${f(y + dy + 1.5 * s)} ${f(x - 10 * s)},${f(y + dy - 3 * s)}z`;
      shape = `<path d="${hull(-3.5 * s)}${hull(3.5 * s)}" fill="${c}" stroke="${stroke}" stroke-width="${sw}" stroke-linejoin="round"/>`;
    }
    // The owner's letter, with a light halo so it reads on any colour.
    const ty = u.type === 'F' ? y + 4.8 * s : u.type === 'A' ? y + 2.5 * s : y - 6.5 * s;
    const code = `<text x="${f(x)}" y="${f(ty)}" font-size="${f(6.5 * s)}" text-anchor="middle" font-weight="bold" fill="#111" stroke="#fff" stroke-width="${f(1.6 * s)}" paint-order="stroke">${esc(codes[u.power])}</text>`;
    return `<g class="unit${dislodged ? ' dislodged' : ''}" data-unit="${esc(u.location)}" data-at="${f(x)},${f(y)}"><title>${esc(label)}</title>${shape}${code}</g>`;
  }

  function drawOrder({ o, order }: { o: DrawnOrder; order: Order }): string {
    const failed = o.result !== undefined && o.result !== 'succeeds';
    const c = failed ? '#9a2b2b' : '#1b1b1b';
    const s = scale;
    const title = `<title>${esc(o.power)}: ${esc(readingWithNames(map, o.reading))}${o.result ? ` (${o.result}${o.reason ? `: ${esc(o.reason)}` : ''})` : ''}</title>`;
    const from = (u: UnitRef) => at(findUnit(u) ?? u.location);
    const g = (inner: string, kind: string) =>
      `<g class="order ${esc(kind)}${failed ? ' failed' : ''}" data-result="${esc(o.result ?? 'pending')}">${title}${inner}</g>`;
    switch (order.kind) {
      case 'hold': {
        const [x, y] = from(order.unit);
        return g(`<circle cx="${x}" cy="${y}" r="${f(11 * s)}" stroke="${c}" stroke-width="${f(1.4 * s)}"/>`, 'hold');
      }
      case 'move': {
        const a = from(order.unit);
        // A convoyed move runs through the fleets that carry it, in the order they do, and lands
        // on the coast the last of them touches.
        const chain = convoyChain(order.unit.location, order.to, a);
        const last = chain[chain.length - 1]?.location;
        const coast =
          last &&
          map
            .provinceOf(order.to)
            ?.coasts?.find((k) =>
              (map.data.fleet_adjacency[`${map.provinceOf(order.to)!.id}/${k}`] ?? []).includes(last),
            );
        const b = at(coast ? `${map.provinceOf(order.to)!.id}/${coast}` : order.to);
        return g(
          arrow(
            a,
            b,
            c,
            failed,
            order.viaConvoy || chain.length ? '6 3' : undefined,
            chain.map((x) => x.at),
          ),
          order.kind,
        );
      }
      case 'retreat': {
        const a = dislodgedAt(order.unit.location),
          b = at(order.to);
        return g(arrow(a, b, failed ? '#9a2b2b' : '#b45f06', failed), order.kind);
      }
      case 'support': {
        const a = from(order.unit);
        const t = from(order.target);
        const end: Point = order.to ? mid(t, at(order.to)) : t;
        return g(
          `<path d="M${a[0]},${a[1]}L${f(end[0])},${f(end[1])}" stroke="${c}" stroke-width="${f(1.3 * s)}" stroke-dasharray="${f(2 * s)} ${f(2.5 * s)}"/>` +
            `<circle cx="${f(end[0])}" cy="${f(end[1])}" r="${f(3 * s)}" stroke="${c}" stroke-width="${f(1.2 * s)}"/>` +
            (failed ? cross(mid(a, end), c) : ''),
          'support',
        );
      }
      case 'convoy': {
        const a = from(order.target),
          m = from(order.unit),
          b = at(order.to);
        return g(
          `<path d="M${a[0]},${a[1]}L${m[0]},${m[1]}L${b[0]},${b[1]}" stroke="${c}" stroke-width="${f(1.2 * s)}" stroke-dasharray="${f(7 * s)} ${f(2 * s)} ${f(1.5 * s)} ${f(2 * s)}"/>` +
            `<circle cx="${m[0]}" cy="${m[1]}" r="${f(12 * s)}" stroke="${c}" stroke-width="${f(1 * s)}" stroke-dasharray="${f(2 * s)} ${f(2 * s)}"/>`,
          'convoy',
        );
      }
      case 'build-boats':
      case 'trading-post': {
        const [x, y] = from(order.unit);
        return g(badge([x + 10 * s, y - 9 * s], order.kind === 'build-boats' ? 'B' : 'C', c, failed), order.kind);
      }
      case 'disband': {
        const [x, y] = isDislodged(order.unit.location) ? dislodgedAt(order.unit.location) : from(order.unit);
        return g(cross([x, y], '#c00000', 9), 'disband');
      }
      case 'build': {
        const [x, y] = at(order.location);
        return g(
          `<circle cx="${x}" cy="${y}" r="${f(12 * s)}" stroke="${failed ? '#9a2b2b' : '#1d7a1d'}" stroke-width="${f(1.8 * s)}" stroke-dasharray="${f(3 * s)} ${f(2 * s)}"/>` +
            badge([x + 10 * s, y - 9 * s], '+', '#1d7a1d', failed),
          'build',
        );
      }
      case 'waive':
        return '';
    }
  }

  /** The location of the unit an order names, when it is on the board (the order may omit the coast). */
  function findUnit(u: UnitRef): string | undefined {
    const p = map.provinceOf(u.location);
    const all = [...board.units, ...(board.dislodged ?? [])];
    return (
      all.find((x) => x.location === u.location)?.location ??
      all.find((x) => map.provinceOf(x.location) === p)?.location
    );
  }

  /** The fleets ordered to convoy the army at `from` to `to`, from the army's end of the chain on. */
  function convoyChain(from: string, to: string, start: Point): { location: string; at: Point }[] {
    const army = map.provinceOf(from),
      dest = map.provinceOf(to);
    const fleets: { location: string; at: Point }[] = [];
    for (const { order } of drawn) {
      if (
        order.kind !== 'convoy' ||
        map.provinceOf(order.target.location) !== army ||
        map.provinceOf(order.to) !== dest
      )
        continue;
      const location = findUnit(order.unit) ?? order.unit.location;
      fleets.push({ location, at: at(location) });
    }
    const chain: { location: string; at: Point }[] = [];
    let here = start;
    const d = (q: Point) => Math.hypot(q[0] - here[0], q[1] - here[1]);
    while (fleets.length) {
      let best = 0;
      fleets.forEach((q, i) => {
        if (d(q.at) < d(fleets[best].at)) best = i;
      });
      chain.push(fleets.splice(best, 1)[0]);
      here = chain[chain.length - 1].at;
    }
    return chain;
  }

  function arrow(a: Point, b: Point, c: string, failed: boolean, dash?: string, via: Point[] = []): string {
    const s = scale;
    const unit = (p: Point, q: Point): Point => {
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      return [(q[0] - p[0]) / len, (q[1] - p[1]) / len];
    };
    const [sx, sy] = unit(a, via[0] ?? b);
    const [ux, uy] = unit(via[via.length - 1] ?? a, b);
    const start: Point = [a[0] + sx * 8 * s, a[1] + sy * 8 * s];
    const end: Point = [b[0] - ux * 9 * s, b[1] - uy * 9 * s];
    const head = `M${f(end[0])},${f(end[1])}l${f(-ux * 7 * s - uy * 4 * s)},${f(-uy * 7 * s + ux * 4 * s)}M${f(end[0])},${f(end[1])}l${f(-ux * 7 * s + uy * 4 * s)},${f(-uy * 7 * s - ux * 4 * s)}`;
    const line = [start, ...via, end].map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)},${f(y)}`).join('');
    return (
      `<path d="${line}${head}" stroke="${c}" stroke-width="${f(2 * s)}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>` +
      (failed ? cross(end, c) : '')
    );
  }

  function cross([x, y]: Point, c: string, r = 4): string {
    const s = scale * r;
    return `<path d="M${f(x - s)},${f(y - s)}L${f(x + s)},${f(y + s)}M${f(x + s)},${f(y - s)}L${f(x - s)},${f(y + s)}" stroke="${c}" stroke-width="${f(2 * scale)}"/>`;
  }

  function badge([x, y]: Point, text: string, c: string, failed: boolean): string {
    const s = scale;
    return (
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(5 * s)}" fill="#fff" stroke="${c}" stroke-width="${f(1.2 * s)}"${failed ? ' stroke-dasharray="2 1.5"' : ''}/>` +
      `<text x="${f(x)}" y="${f(y + 2.3 * s)}" font-size="${f(6.5 * s)}" text-anchor="middle" fill="${c}" stroke="none" font-weight="bold">${text}</text>`
    );
  }
}

/** The rulebook's way of writing a space short: a five-letter alias (KonaC, Makan), or the first five letters. */
function shortName(name: string, aliases: string[]): string {
  return aliases.find((a) => a.length <= 5 && /^[A-Za-z']+$/.test(a)) ?? name.replace(/[^A-Za-z']/g, '').slice(0, 5);
}

function mid(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** An owner's colour, lightened for the land it holds so that units stay readable on it. */
function tint(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v: number) => Math.round(v + (255 - v) * 0.55);
  const r = mix(n >> 16),
    g = mix((n >> 8) & 255),
    b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}
