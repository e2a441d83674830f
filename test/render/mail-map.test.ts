// The map a mail shows (issue 24, point 5): cropped around the reader's units, every name at least
// 11 px at the width the mail shows it, the whole board small below with a box around the crop.
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/contract/types.ts';
import { standardDiplomacy } from '../../src/games/diplomacy.ts';
import { drawMailMap, readerPoints } from '../../src/games/maps.ts';
import { MIN_NAME_PX, mailCrop } from '../../src/render/mail-crop.ts';

const state = standardDiplomacy.setup('mail-map', standardDiplomacy.scenarios[0]!.id);

function request(viewer: Viewer) {
  return { module: standardDiplomacy, state, viewer, title: 'Mail map: Spring 1901 Movement' };
}

/** The cropped part: its viewBox, and every font size used inside it. */
function cropOf(svg: string) {
  const m =
    /<svg class="crop" x="0" y="0" width="(\d+)" height="(\d+)" viewBox="([^"]+)"[^>]*>([\s\S]*?)<\/svg><g class="overview"/.exec(
      svg,
    );
  if (!m) throw new Error('no crop in the mail map');
  const [x, y, w, h] = m[3]!.split(' ').map(Number) as [number, number, number, number];
  return {
    width: Number(m[1]),
    box: { x, y, w, h },
    sizes: [...m[4]!.matchAll(/font-size="([\d.]+)"/g)].map((s) => Number(s[1])),
    body: m[4]!,
  };
}

describe('the mail map', () => {
  for (const role of ['England', 'Turkey', 'Russia']) {
    it(`${role}: cropped around ${role}'s units, every name at least ${MIN_NAME_PX} px as shown`, () => {
      const viewer: Viewer = { kind: 'player', role };
      const drawn = drawMailMap(request(viewer))!;
      expect(drawn.width).not.toBeNull();
      const crop = cropOf(drawn.svg);
      expect(crop.width).toBe(drawn.width);
      // As shown: the image is `width` px wide and the crop fills it.
      const pxPerUnit = drawn.width! / crop.box.w;
      expect(Math.min(...crop.sizes) * pxPerUnit).toBeGreaterThanOrEqual(MIN_NAME_PX);
      // The reader's units are all inside the crop.
      const points = readerPoints(request(viewer));
      expect(points.length).toBe(role === 'Russia' ? 4 : 3);
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(crop.box.x);
        expect(x).toBeLessThanOrEqual(crop.box.x + crop.box.w);
        expect(y).toBeGreaterThanOrEqual(crop.box.y);
        expect(y).toBeLessThanOrEqual(crop.box.y + crop.box.h);
      }
      // A crop, not the board: narrower than the whole map.
      expect(crop.box.w).toBeLessThan(1000);
      // The overview: the whole board, no names (too small to read), a box around the crop, and
      // a caption of readable size.
      const overview = drawn.svg.slice(drawn.svg.indexOf('<g class="overview"'));
      expect(overview).toContain(
        `<rect x="${Math.round(crop.box.x * 100) / 100}" y="${Math.round(crop.box.y * 100) / 100}"`,
      );
      const texts = [...overview.matchAll(/<text\b[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)];
      expect(texts.map((t) => t[2])).toEqual(['Whole map: the box is the part shown above.']);
      expect(Number(texts[0]![1])).toBeGreaterThanOrEqual(MIN_NAME_PX);
    });
  }

  it('draws to a PNG of the width the mail shows it at', () => {
    const drawn = drawMailMap(request({ kind: 'player', role: 'England' }))!;
    const png = new Resvg(drawn.svg, { fitTo: { mode: 'width', value: drawn.width! }, font: { loadSystemFonts: true } })
      .render()
      .asPng();
    expect(png.readUInt32BE(16)).toBe(drawn.width);
  });

  it('the moderator, who has no units, gets the whole board as the web draws it', () => {
    const drawn = drawMailMap(request({ kind: 'moderator' }))!;
    expect(drawn.width).toBeNull();
    expect(drawn.svg).not.toContain('class="crop"');
  });

  it('a crop stays inside the board, and a lone unit gets its neighbours too', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800"><text font-size="8">A</text></svg>';
    const corner = mailCrop(svg, [[5, 5]]);
    expect(corner.crop[0]).toBe(0);
    expect(corner.crop[1]).toBe(0);
    expect(corner.crop[2]).toBeGreaterThanOrEqual(300);
    expect(8 * corner.scale).toBeGreaterThanOrEqual(MIN_NAME_PX);
    const spread = mailCrop(svg, [
      [0, 0],
      [1000, 800],
    ]);
    expect(spread.crop).toEqual([0, 0, 1000, 800]);
    expect(spread.width).toBe(Math.ceil((1000 * MIN_NAME_PX) / 8));
  });
});
