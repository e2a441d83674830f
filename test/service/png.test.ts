// The PNG maps: our encoder writes the pixels resvg's own encoder writes, and the cut-down map
// fonts draw every character exactly as the full DejaVu files do, letters the cuts lack included.
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { cutFonts, drawPng, encodePng, fontsFor, fullFonts } from '../../src/service/png-draw.mjs';
import { mapGeometry } from '../../src/maps/geometry.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import { standardDiplomacy } from '../../src/games/diplomacy.ts';
import { renderDiplomacyMap, type BoardView } from '../../src/render/diplomacy-map.ts';

const draw = (svg: string, fontFiles: string[], width?: number) =>
  new Resvg(svg, {
    ...(width ? { fitTo: { mode: 'width' as const, value: width } } : {}),
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();

/** A PNG file (8-bit RGBA, not interlaced) to its straight RGBA pixels, undoing every row filter. */
function decodePng(png: Buffer): { width: number; height: number; rgba: Buffer } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let width = 0,
    height = 0;
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    const type = png.toString('latin1', o + 4, o + 8);
    const data = png.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8, 13)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    o += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const row = width * 4;
  const rgba = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (row + 1)];
    for (let x = 0; x < row; x++) {
      const v = raw[y * (row + 1) + 1 + x];
      const a = x >= 4 ? rgba[y * row + x - 4] : 0;
      const b = y > 0 ? rgba[(y - 1) * row + x] : 0;
      const c = x >= 4 && y > 0 ? rgba[(y - 1) * row + x - 4] : 0;
      const p = a + b - c,
        pa = Math.abs(p - a),
        pb = Math.abs(p - b),
        pc = Math.abs(p - c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][f];
      rgba[y * row + x] = (v + pred) & 255;
    }
  }
  return { width, height, rgba };
}

describe('PNG maps', () => {
  it('writes the same pixels as resvg-js, transparent and half-transparent ones included', () => {
    // A title strip left transparent with anti-aliased text on it, as under every map.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80" font-family="DejaVu Sans"><rect width="200" height="50" fill="#c9def0"/><circle cx="40" cy="25" r="18" fill="#e08020" fill-opacity="0.6"/><text x="10" y="70" font-size="14" font-weight="bold">Spring 1901 – Movement</text></svg>`;
    const image = draw(svg, fullFonts, 400);
    const ours = decodePng(encodePng(image.pixels, image.width, image.height));
    const theirs = decodePng(image.asPng());
    expect([ours.width, ours.height]).toEqual([400, 160]);
    expect(ours.rgba.equals(theirs.rgba)).toBe(true);
    // Not all opaque: the demultiplication was exercised.
    expect(ours.rgba.some((v, i) => i % 4 === 3 && v > 0 && v < 255)).toBe(true);
  });

  it('writes a file another PNG reader takes (resvg reading it back as an image)', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="40" fill="#2060a0"/><circle cx="60" cy="40" r="15" fill="#e0c020" fill-opacity="0.5"/></svg>`;
    const image = new Resvg(svg).render();
    const png = encodePng(image.pixels, image.width, image.height);
    const back = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="60"><image width="120" height="60" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    ).render();
    expect(back.pixels.equals(image.pixels)).toBe(true);
  });

  it('draws a Latin map with the cut fonts, to the same pixels as the full files', () => {
    const variant = getVariant(standardDiplomacy.id)!;
    const board = standardDiplomacy.view(standardDiplomacy.setup('png', 'classic'), { kind: 'moderator' }) as BoardView;
    const svg = renderDiplomacyMap(variant, mapGeometry(standardDiplomacy.id)!, board, {
      title: 'Ärger in Åland – Kaʻū “Spring” 1901 ★',
    });
    expect(fontsFor(svg)).toBe(cutFonts);
    const png = decodePng(drawPng(svg, 800));
    const full = draw(svg, fullFonts, 800);
    expect(draw(svg, cutFonts, 800).pixels.equals(full.pixels)).toBe(true);
    expect([png.width, png.height]).toEqual([full.width, full.height]);
  });

  it('draws any other letters with the full files (Armenian, Georgian, Hebrew, Greek, Cyrillic in bold)', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="110" font-family="DejaVu Sans"><rect width="420" height="110" fill="#fff"/><text x="8" y="40" font-size="22">Հայաստան ქართ עברית</text><text x="8" y="90" font-size="22" font-weight="bold">ʻōlelo ★ Ωδή Жук</text></svg>`;
    expect(fontsFor(svg)).toBe(fullFonts);
    expect(draw(svg, cutFonts).pixels.equals(draw(svg, fullFonts).pixels)).toBe(false); // the cuts would lose letters
    expect(fontsFor('<svg><text>Ωδή</text></svg>')).toBe(fullFonts);
    expect(fontsFor('<svg>\n<text>Kaʻū – ★</text></svg>')).toBe(cutFonts);
  });
});
