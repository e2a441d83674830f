// The mail map of Hawaii 1795, Aloha and Maori Wars (issue 24, point 5): 600 px wide, cut into
// parts around the reader's own units as the reader's view shows them, every text in a part at
// least 11 px as shown, then the whole board small. Nothing the reader's view hides is drawn.
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import type { GameModule, Viewer } from '../../src/contract/types.ts';
import { aloha } from '../../src/games/aloha.ts';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { drawMailMap, drawMap, readerPoints } from '../../src/games/maps.ts';
import type { AlohaState } from '../../src/aloha/engine.ts';
import { MAIL_PANEL_WIDTH, MIN_NAME_PX, textSizes } from '../../src/render/mail-crop.ts';

type Box = { x: number; y: number; w: number; h: number; width: number; height: number };

/** The parts of a mail map: each one's place on the board and its size as shown. */
function partsOf(svg: string): Box[] {
  return [...svg.matchAll(/<svg class="crop" x="0" y="[\d.]+" width="(\d+)" height="(\d+)" viewBox="([^"]+)"/g)].map(
    (m) => {
      const [x, y, w, h] = m[3]!.split(' ').map(Number) as [number, number, number, number];
      return { x, y, w, h, width: Number(m[1]), height: Number(m[2]) };
    },
  );
}
/** The board the parts show (drawn once, in defs). */
const boardOf = (svg: string) => /<defs><g id="mail-board">([\s\S]*?)<\/g><\/defs>/.exec(svg)![1]!;
/** The reader's drawing without its root element and title: what the mail map shows. */
const bodyOf = (svg: string) =>
  svg.slice(svg.indexOf('>', svg.search(/<svg\b/)) + 1, svg.lastIndexOf('</svg>')).replace(/<title>[^<]*<\/title>/, '');
const within = ([x, y]: [number, number], b: Box) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;

function alohaPlayed(n: number): AlohaState {
  let s = aloha.setup('mail', 'four');
  for (let i = 0; i < n; i++) {
    const [r] = aloha.expectedRoles(s);
    const o = aloha.options!(s, r!) as { actions: { text: string }[] };
    s = aloha.resolve(s, { [r!]: aloha.readSubmission(s, r!, [o.actions[i % o.actions.length]!.text]).accepted }).state;
  }
  return s;
}

const cases: { game: string; module: GameModule; state: () => unknown; roles: string[]; full: number }[] = [
  {
    game: 'Hawaii 1795',
    module: hawaii1795,
    state: () => hawaii1795.setup('mail', 'long'),
    roles: ['kamehameha', 'allied-chiefs'],
    full: 1000,
  },
  { game: 'Aloha', module: aloha, state: () => alohaPlayed(30), roles: ['Red', 'Green'], full: 1000 },
  {
    game: 'Maori Wars',
    module: maoriWars,
    state: () => maoriWars.setup('mail', 'hone-hekes-challenge'),
    roles: ['British', 'Maori'],
    full: 635,
  },
];

describe('the mail map of the other games', () => {
  for (const c of cases) {
    const state = c.state();
    for (const role of c.roles) {
      it(`${c.game}, ${role}: ${MAIL_PANEL_WIDTH} px wide, parts around the reader's units, every text in them at least ${MIN_NAME_PX} px`, () => {
        const req = { module: c.module, state, viewer: { kind: 'player', role } as Viewer, title: `${c.game} mail` };
        const points = readerPoints(req);
        expect(points.length).toBeGreaterThan(0);
        const drawn = drawMailMap(req)!;
        expect(drawn.width).toBe(MAIL_PANEL_WIDTH);
        const parts = partsOf(drawn.svg);
        expect(parts.length).toBeGreaterThan(0);
        // Cropped: each part is a piece of the board, narrower than the whole.
        for (const p of parts) {
          expect(p.width).toBe(MAIL_PANEL_WIDTH);
          expect(p.w).toBeLessThan(c.full);
        }
        // Every one of the reader's units is in a part.
        for (const p of points) expect(parts.some((b) => within(p, b))).toBe(true);
        // Every text standing in a part is at least 11 px as the mail shows it.
        const texts = textSizes(boardOf(drawn.svg));
        let seen = 0;
        for (const b of parts)
          for (const t of texts.filter((t) => within([t.x, t.y], b))) {
            seen++;
            expect(t.size * (b.width / b.w)).toBeGreaterThanOrEqual(MIN_NAME_PX);
          }
        expect(seen).toBeGreaterThan(0);
        // The board shown is the reader's own drawing, nothing more.
        expect(boardOf(drawn.svg)).toBe(bodyOf(drawMap(req)!));
        // The small board below: no names, a box per part.
        const overview = drawn.svg.slice(drawn.svg.indexOf('<g class="overview">'));
        const small = /<g class="overview"><svg [^>]*>([\s\S]*?)<\/svg>/.exec(overview)![1]!;
        expect(small).not.toContain('<text');
        expect(overview.match(/<rect [^>]*stroke="#c00"/g)).toHaveLength(parts.length);
        // And it draws to a PNG of that width.
        const png = new Resvg(drawn.svg, { fitTo: { mode: 'width', value: drawn.width! } }).render().asPng();
        expect(png.readUInt32BE(16)).toBe(MAIL_PANEL_WIDTH);
      });
    }
  }

  it("Hawaii 1795: an enemy stack the fog of war hides stays hidden in the reader's mail map", () => {
    const state = hawaii1795.setup('mail', 'long');
    const req = (viewer: Viewer) => ({ module: hawaii1795, state, viewer, title: 'fog' });
    const mail = drawMailMap(req({ kind: 'player', role: 'allied-chiefs' }))!.svg;
    const everything = drawMap(req({ kind: 'moderator' }))!;
    const stacks = (svg: string) =>
      [
        ...svg.matchAll(/<g class="stack( hidden)?" data-space="([^"]+)" data-side="([^"]+)"[^>]*><title>([^<]*)</g),
      ].map((m) => ({ hidden: !!m[1], space: m[2]!, side: m[3]!, title: m[4]! }));
    const enemy = stacks(everything).filter((s) => s.side === 'kamehameha');
    expect(enemy.length).toBeGreaterThan(0);
    // The moderator sees what each enemy stack is; the reader's mail map only that something is there.
    for (const e of enemy) {
      expect(mail).not.toContain(e.title);
      expect(stacks(mail).find((s) => s.space === e.space && s.side === 'kamehameha')?.hidden).toBe(true);
    }
    // The parts are cut around the reader's own stacks, one point a space.
    expect(readerPoints(req({ kind: 'player', role: 'allied-chiefs' })).length).toBe(
      new Set(
        stacks(mail)
          .filter((s) => s.side === 'allied-chiefs')
          .map((s) => s.space),
      ).size,
    );
  });

  it('the moderator, who has no units, gets the whole board as the web draws it', () => {
    const state = maoriWars.setup('mail', 'hone-hekes-challenge');
    const drawn = drawMailMap({ module: maoriWars, state, viewer: { kind: 'moderator' }, title: 'all' })!;
    expect(drawn.width).toBeNull();
    expect(drawn.svg).not.toContain('class="crop"');
  });
});
