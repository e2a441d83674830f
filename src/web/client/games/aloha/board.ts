// Aloha's board as it opens on a phone: the chain of islands is five times wider than high, so the
// whole of it is 370 px wide and its names and counters 5 px. It opens zoomed until the counters'
// text (the smallest on the board) is 11 px, around the islands of the reader's decision, else
// around their own counters. "Whole map" still shows it all.

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
  return { ...(near ? { near } : {}), legibleAt };
}
