// A map's SVG to PNG with the bundled fonts: resvg draws the pixels, we write the PNG file. Plain
// JavaScript, since the renderer's child process (png-process.mjs) runs without the TypeScript loader.
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
export const fontFaces = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'];
export const fullFonts = fontFaces.map((f) => path.join(fontDir, f));
export const cutFonts = fontFaces.map((f) => path.join(fontDir, 'map', f));

/**
 * The characters the cut fonts keep (assets/fonts/map/, made from the full files by
 * scripts/subset-fonts.ts): Latin with its accents and ʻokina, the signs the maps draw.
 */
/** @type {[number, number][]} */
export const CUT_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x218, 0x21b],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2dd],
  [0x300, 0x304],
  [0x308, 0x308],
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x2190, 0x2193],
  [0x2605, 0x2605],
  [0xfffd, 0xfffd],
];
const hex = (n) => `\\u{${n.toString(16)}}`;
const onlyCut = new RegExp(
  `^[\\t\\n\\r${CUT_RANGES.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('')}]*$`,
  'u',
);

/**
 * The font files for an SVG. resvg-js 2.6 reads a font's whole file again for every glyph it
 * shapes or outlines, which made the fonts most of a map's drawing time: a map whose characters
 * the small cuts all have is drawn with them (the same pixels), any other with the full files.
 */
export function fontsFor(svg) {
  return onlyCut.test(svg) ? cutFonts : fullFonts;
}

/** The SVG drawn `width` pixels wide, as a PNG file, in this process (src/service/png.ts draws in a child). */
export function drawPng(svg, width) {
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles: fontsFor(svg), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return encodePng(image.pixels, image.width, image.height);
}

/**
 * RGBA pixels, premultiplied by alpha as resvg gives them, to a PNG file. resvg-js's own encoder
 * compresses harder than a map needs and took as long as drawing it; unfiltered rows at zlib
 * level 3 take a third of that and come out smaller for these flat-coloured images.
 */
export function encodePng(premultiplied, width, height) {
  const row = width * 4;
  const raw = Buffer.allocUnsafe((row + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (row + 1)] = 0; // filter: none
    premultiplied.copy(raw, y * (row + 1) + 1, y * row, (y + 1) * row);
  }
  // Undo the premultiplication where a pixel is not opaque (as tiny-skia's own encoder does).
  for (let y = 0; y < height; y++) {
    const start = y * (row + 1) + 1;
    for (let i = start + 3; i < start + row; i += 4) {
      const a = raw[i];
      if (a === 255 || a === 0) continue;
      const f = 255 / a;
      raw[i - 3] = Math.min(255, Math.trunc(raw[i - 3] * f + 0.5));
      raw[i - 2] = Math.min(255, Math.trunc(raw[i - 2] * f + 0.5));
      raw[i - 1] = Math.min(255, Math.trunc(raw[i - 1] * f + 0.5));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type, data) {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out, 4, 8 + data.length), 8 + data.length);
  return out;
}

const CRC_TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(buf, start, end) {
  let c = -1;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
