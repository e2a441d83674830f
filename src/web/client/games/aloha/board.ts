// Aloha's board as it opens on a phone: the chain of islands is five times wider than high, so the
// whole of it is 370 px wide and its names and counters 5 px. It opens zoomed until the counters'
// text (the smallest on the board) is 11 px and the island of focus half the box's width, around
// the islands of the reader's decision, else around their own counters. "Whole map" shows it all.

import type { Game } from '../../types.ts';

/** How a game's map opens on a phone (startView's options): Aloha's board by alohaStart, the others as zoom.ts decides. */
export function openingOf(g: Game, svg: SVGSVGElement): { near?: string; legibleAt?: number } {
  return g.variant === 'aloha' ? alohaStart(svg, g.you.kind === 'player' ? (g.you.role ?? null) : null) : {};
}

/** The options of startView (src/web/client/map/zoom.ts) for Aloha's board, read by `role` (null: no player). */
export function alohaStart(svg: SVGSVGElement, role: string | null): { near?: string; legibleAt: number } {
  const counter = svg.querySelector<SVGTextElement>('g.tokens text');
  const size = Number(counter?.getAttribute('font-size') ?? 12);
  const width = svg.getBoundingClientRect().width;
  const vb = svg.viewBox.baseVal;
  // Zoom 1 draws vb.width units in `width` px; 11.5 px wanted for `size` units.
  const legibleAt = width && vb?.width ? (11.5 / size) * (vb.width / width) : 1;
  // The islands the panel offers (marked mine), else the reader's counters, else the board's middle.
  const own = role ? `g.tokens[data-role="${CSS.escape(role)}"]` : '';
  const near = svg.querySelector('path[data-island].mine')
    ? 'path[data-island].mine'
    : own && svg.querySelector(own)
      ? own
      : null;
  // Closer still where the island of focus is small (Kauai): it fills about half the box's width,
  // not a fifth of a box of sea (startView keeps it within its greatest zoom).
  const islands = new Set(near ? [...svg.querySelectorAll(near)].map((x) => x.getAttribute('data-island')) : []);
  const boxes = [...svg.querySelectorAll<SVGPathElement>('path[data-island]')]
    .filter((p) => islands.has(p.getAttribute('data-island')))
    .map((p) => p.getBBox());
  const across = boxes.length ? Math.max(...boxes.map((b) => b.x + b.width)) - Math.min(...boxes.map((b) => b.x)) : 0;
  const fit = across && vb?.width ? (0.5 * vb.width) / across : 0;
  return { ...(near ? { near } : {}), legibleAt: Math.max(legibleAt, fit) };
}
