// A map sized for mail (issue 24, point 5): the part of the board around the reader's units, at a
// width where every name is at least MIN_NAME_PX as shown, and below it the whole board small,
// without its names (they would be too small to read), with a box around the part shown above.
// Pure: SVG text in, SVG text out.
import type { Point } from '../maps/geometry.ts';
import { esc } from './svg.ts';

/** The smallest text a mail map shows, in pixels at the width the mail shows it. */
export const MIN_NAME_PX = 11;
/** A mail map is never narrower than this (a reader with one unit still sees its neighbours). */
export const MIN_MAIL_WIDTH = 800;

export interface MailCrop {
  svg: string;
  /** The width the image is drawn and shown at, in pixels. */
  width: number;
  height: number;
  /** The part of the board shown above, in the map's units: x, y, width, height. */
  crop: [number, number, number, number];
  /** Pixels per map unit in the cropped part. */
  scale: number;
}

const num = (s: string) => Number(s);

/** The map's viewBox, and the smallest font size it uses (in map units). */
function measure(svg: string): { box: [number, number, number, number]; minFont: number } {
  const vb = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(svg);
  if (!vb) throw new Error('mail map: the SVG has no viewBox');
  const box = vb[1]!
    .trim()
    .split(/[\s,]+/)
    .map(num) as [number, number, number, number];
  const sizes = [...svg.matchAll(/\bfont-size="([\d.]+)"/g)].map((m) => num(m[1]!)).filter((x) => x > 0);
  return { box, minFont: sizes.length ? Math.min(...sizes) : 16 };
}

/** The SVG's content between its root element's tags. */
function inner(svg: string): string {
  const start = svg.indexOf('>', svg.search(/<svg\b/)) + 1;
  return svg.slice(start, svg.lastIndexOf('</svg>'));
}

/**
 * `points`: where the reader's units stand (map units). None: the whole board, at the width its
 * smallest name needs. `margin`: room around the units for their neighbours' names, as a share of
 * the board's width.
 */
export function mailCrop(svg: string, points: Point[], opts: { margin?: number; minShare?: number } = {}): MailCrop {
  const { box, minFont } = measure(svg);
  const [vx, vy, vw, vh] = box;
  let crop: [number, number, number, number] = [vx, vy, vw, vh];
  if (points.length) {
    const m = (opts.margin ?? 0.1) * vw;
    let x0 = Math.min(...points.map((p) => p[0])) - m;
    let x1 = Math.max(...points.map((p) => p[0])) + m;
    let y0 = Math.min(...points.map((p) => p[1])) - m;
    let y1 = Math.max(...points.map((p) => p[1])) + m;
    // Never a keyhole: at least a share of the board across, and not much narrower than tall.
    const grow = (lo: number, hi: number, want: number): [number, number] => {
      const add = Math.max(0, want - (hi - lo)) / 2;
      return [lo - add, hi + add];
    };
    [x0, x1] = grow(x0, x1, Math.max((opts.minShare ?? 0.3) * vw, (y1 - y0) * 0.75));
    [y0, y1] = grow(y0, y1, (x1 - x0) * 0.6);
    // Inside the board: shift what spills over back in, then cut what is still too big.
    const within = (lo: number, hi: number, min: number, size: number): [number, number] => {
      if (lo < min) [lo, hi] = [min, hi + (min - lo)];
      if (hi > min + size) [lo, hi] = [lo - (hi - (min + size)), min + size];
      return [Math.max(lo, min), Math.min(hi, min + size)];
    };
    [x0, x1] = within(x0, x1, vx, vw);
    [y0, y1] = within(y0, y1, vy, vh);
    crop = [x0, y0, x1 - x0, y1 - y0];
  }
  const [cx, cy, cw, ch] = crop;
  // The width at which the smallest text is MIN_NAME_PX.
  const width = Math.max(MIN_MAIL_WIDTH, Math.ceil((cw * MIN_NAME_PX) / minFont));
  const scale = width / cw;
  const top = Math.round(ch * scale);
  const r = (n: number) => Math.round(n * 100) / 100;
  const body = inner(svg);
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? 'Map';
  const ow = Math.round(width / 3);
  const oh = Math.round((ow * vh) / vw);
  const height = top + (points.length ? oh + 16 : 0);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`,
    `<title>${title}</title>`,
  ];
  parts.push(
    `<svg class="crop" x="0" y="0" width="${width}" height="${top}" viewBox="${r(cx)} ${r(cy)} ${r(cw)} ${r(ch)}" preserveAspectRatio="xMidYMid meet">${body}</svg>`,
  );
  if (points.length) {
    // The whole board, a third of the width, names left out; the box shows the part above.
    const board = body.replace(/<title>[^<]*<\/title>/g, '').replace(/<text\b[\s\S]*?<\/text>/g, '');
    const caption = `Whole map: the box is the part shown above.`;
    parts.push(
      `<g class="overview" transform="translate(0 ${top})"><rect width="${width}" height="${oh + 16}" fill="#fff"/>` +
        `<svg x="8" y="8" width="${ow}" height="${oh}" viewBox="${vx} ${vy} ${vw} ${vh}" preserveAspectRatio="xMidYMid meet">${board}` +
        `<rect x="${r(cx)}" y="${r(cy)}" width="${r(cw)}" height="${r(ch)}" fill="none" stroke="#c00" stroke-width="${r(vw / 200)}"/></svg>` +
        `<text x="${ow + 20}" y="${Math.round(oh / 2)}" font-size="${Math.max(MIN_NAME_PX, 14)}" fill="#333">${esc(caption)}</text></g>`,
    );
  }
  parts.push('</svg>');
  return { svg: parts.join(''), width, height, crop, scale };
}

/** The width a mail shows a map at when it is cut into panels: a mail column, a phone's screen. */
export const MAIL_PANEL_WIDTH = 600;

type Box = [number, number, number, number];

/**
 * Every text element's anchor and font size as drawn (a size set on a group is inherited). The
 * renderers cut into panels use no transforms, so the anchor is where the text stands.
 */
export function textSizes(svg: string): { x: number; y: number; size: number }[] {
  const out: { x: number; y: number; size: number }[] = [];
  const stack: number[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, close, name, attrs, selfClosing] = m;
    if (close) {
      stack.pop();
      continue;
    }
    const own = /\bfont-size="([\d.]+)"/.exec(attrs!)?.[1];
    const size = own !== undefined ? num(own) : (stack.at(-1) ?? 16);
    if (name === 'text') {
      const x = /\bx="(-?[\d.]+)/.exec(attrs!)?.[1];
      const y = /\by="(-?[\d.]+)/.exec(attrs!)?.[1];
      if (x !== undefined && y !== undefined) out.push({ x: num(x), y: num(y), size });
    }
    if (!selfClosing) stack.push(size);
  }
  return out;
}

export interface MailPanels {
  svg: string;
  /** The width the image is drawn and shown at, in pixels. */
  width: number;
  height: number;
  /** The parts of the board shown, top to bottom, in the map's units: x, y, width, height. */
  crops: Box[];
  /** Pixels per map unit in every part. */
  scale: number;
}

const inside = ([x, y]: Point, [bx, by, bw, bh]: Box) => x >= bx && x <= bx + bw && y >= by && y <= by + bh;

/**
 * A map cut for a mail `width` pixels wide (MAIL_PANEL_WIDTH): at the scale where the smallest
 * text on the board is MIN_NAME_PX, as few parts as cover `points` (the reader's own units, from
 * the reader's own view: nothing the view hides is in the drawing), up to `maxPanels`, one under
 * the other, then the whole board small without its names, with numbered boxes around the parts.
 * `bounds`: the board's part of the drawing (a legend or side panel beside it is left out).
 * `overviewDrop`: what the small board leaves out besides names (detail too fine to see there).
 */
export function mailPanels(
  svg: string,
  points: Point[],
  opts: { bounds?: Box; width?: number; maxPanels?: number; overviewDrop?: RegExp[] } = {},
): MailPanels {
  const { box } = measure(svg);
  const bounds = opts.bounds ?? box;
  const [bx, by, bw, bh] = bounds;
  const width = opts.width ?? MAIL_PANEL_WIDTH;
  const sizes = textSizes(svg)
    .filter((t) => inside([t.x, t.y], bounds))
    .map((t) => t.size);
  const minFont = sizes.length ? Math.min(...sizes) : 16;
  // Rounded down to what the viewBox writes, so that the names are not a hair under the minimum.
  const w = Math.min(bw, Math.floor((width * minFont * 100) / MIN_NAME_PX) / 100);
  const scale = width / w;
  const h = Math.min(bh, Math.floor(w * 70) / 100);
  // Room around each unit for its counter and its neighbours' names.
  const m = Math.min(w, h) * 0.12;
  const clamp = (lo: number, size: number, min: number, total: number) =>
    Math.min(Math.max(lo, min), min + total - size);
  const crops: Box[] = [];
  let left = points.filter((p) => inside(p, bounds));
  const max = opts.maxPanels ?? 4;
  while (left.length && crops.length < max) {
    // The window that holds the most units (its left edge at one unit's, its top at one unit's),
    // then moved to the middle of those.
    let best: Point[] = [];
    for (const [px] of left)
      for (const [, py] of left) {
        const win: Box = [px, py, w - 2 * m, h - 2 * m];
        const held = left.filter((q) => inside(q, win));
        if (held.length > best.length) best = held;
      }
    const xs = best.map((p) => p[0]),
      ys = best.map((p) => p[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2,
      cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    // No taller than the units need: a row of islands is a strip, not a square of sea.
    const ch = Math.min(h, Math.max(Math.floor(w * 50) / 100, Math.max(...ys) - Math.min(...ys) + 4 * m));
    const crop: Box = [clamp(cx - w / 2, w, bx, bw), clamp(cy - ch / 2, ch, by, bh), w, ch];
    crops.push(crop);
    left = left.filter((p) => !inside(p, crop));
  }
  if (!crops.length) crops.push([bx, by, w, h]);
  const whole = crops.length === 1 && crops[0]![2] >= bw && crops[0]![3] >= bh;
  const r = (n: number) => Math.round(n * 100) / 100;
  const body = inner(svg);
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? 'Map';
  const gap = 8;
  const parts: string[] = [];
  let y = 0;
  crops.forEach(([cx, cy, cw, ch], i) => {
    const ph = Math.round(ch * scale);
    parts.push(
      `<svg class="crop" x="0" y="${y}" width="${width}" height="${ph}" viewBox="${r(cx)} ${r(cy)} ${r(cw)} ${r(ch)}" preserveAspectRatio="xMidYMid meet"><use xlink:href="#mail-board"/></svg>`,
    );
    if (crops.length > 1) parts.push(badge(4, y + 4, i + 1));
    y += ph + gap;
  });
  if (!whole) {
    // The whole board, half the width, names left out; the boxes show the parts above.
    let board = body.replace(/<title>[^<]*<\/title>/g, '').replace(/<text\b[\s\S]*?<\/text>/g, '');
    for (const re of opts.overviewDrop ?? []) board = board.replace(re, '');
    const ow = Math.round(width / 2);
    const oh = Math.round((ow * bh) / bw);
    const k = ow / bw;
    const boxes = crops
      .map(
        ([cx, cy, cw, ch], i) =>
          `<rect x="${r(8 + (cx - bx) * k)}" y="${r(y + (cy - by) * k)}" width="${r(cw * k)}" height="${r(ch * k)}" fill="none" stroke="#c00" stroke-width="2"/>` +
          (crops.length > 1 ? badge(8 + (cx - bx) * k + 2, y + (cy - by) * k + 2, i + 1) : ''),
      )
      .join('');
    const lines = [
      'Whole map:',
      crops.length > 1 ? 'the numbered boxes' : 'the box is the part',
      crops.length > 1 ? 'are the parts above.' : 'shown above.',
    ];
    parts.push(
      `<g class="overview"><svg x="8" y="${y}" width="${ow}" height="${oh}" viewBox="${bx} ${by} ${bw} ${bh}" preserveAspectRatio="xMidYMid meet">${board}</svg>${boxes}` +
        lines
          .map(
            (l, i) =>
              `<text x="${ow + 20}" y="${Math.round(y + oh / 2 - 10 + i * 18)}" font-size="14" fill="#333">${esc(l)}</text>`,
          )
          .join('') +
        '</g>',
    );
    y += oh + gap;
  }
  const height = Math.round(y - gap);
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">` +
    `<title>${title}</title>` +
    // The board once, shown by every part: a Maori Wars board is 700 KB of text.
    `<defs><g id="mail-board">${body.replace(/<title>[^<]*<\/title>/, '')}</g></defs>` +
    `<rect width="${width}" height="${height}" fill="#fff"/>`;
  return { svg: `${head}${parts.join('')}</svg>`, width, height, crops, scale };
}

/** A part's number, in a white circle, as the mail shows it (14 px). */
function badge(x: number, y: number, n: number): string {
  return (
    `<g class="part-number"><circle cx="${x + 11}" cy="${y + 11}" r="11" fill="#fff" stroke="#c00" stroke-width="2"/>` +
    `<text x="${x + 11}" y="${y + 16}" font-size="14" font-weight="bold" text-anchor="middle" fill="#c00">${n}</text></g>`
  );
}
