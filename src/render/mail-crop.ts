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
