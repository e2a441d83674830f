// A hex map's numbers, drawn by the page for the hexes in and around the view: the map comes
// without them (map.svg?hexNumbers=false) because 2,143 numbers in one path were a third of its
// bytes and of its first layout on a phone, where a zoomed view shows a hundred of them. Drawn
// only while they are legible (the map's fine-print, see legible()), again as the view moves on.
import { HEX_NUMBERS_STYLE, hexNumberAt, hexNumberPath } from '../../../contract/hex-digits.ts';
import { cellsOf } from './cells.ts';

type Area = { x0: number; y0: number; x1: number; y1: number };
const drawnFor = new WeakMap<SVGSVGElement, Area>();
const soon = new WeakSet<SVGSVGElement>();
const followed = new WeakSet<Element>();

/** The numbers in view drawn before the next frame (once however often asked meanwhile). */
export function hexNumbersSoon(svg: SVGSVGElement): void {
  if (soon.has(svg) || !svg.querySelector('metadata.cells[data-numbers="page"]')) return;
  soon.add(svg);
  requestAnimationFrame(() => {
    soon.delete(svg);
    hexNumbersInView(svg);
  });
}

/** Draws the numbers of the hexes in the map's box and a box's width and height around it. */
function hexNumbersInView(svg: SVGSVGElement): void {
  const meta = svg.querySelector('metadata.cells[data-numbers="page"]');
  const box = svg.parentElement;
  const cells = cellsOf(svg);
  if (!meta || !box || !cells || !svg.classList.contains('fine-print') || !svg.isConnected) return;
  if (!followed.has(box)) {
    followed.add(box);
    box.addEventListener('scroll', () => hexNumbersSoon(svg), { passive: true });
  }
  const ctm = svg.getScreenCTM();
  if (!ctm) return;
  const r = box.getBoundingClientRect();
  const inv = ctm.inverse();
  const a = new DOMPoint(r.left, r.top).matrixTransform(inv),
    b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
  const view = { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  const had = drawnFor.get(svg);
  if (had && view.x0 >= had.x0 && view.y0 >= had.y0 && view.x1 <= had.x1 && view.y1 <= had.y1) return;
  const w = view.x1 - view.x0,
    hh = view.y1 - view.y0,
    pad = cells.radius;
  const area = { x0: view.x0 - w - pad, y0: view.y0 - hh - pad, x1: view.x1 + w + pad, y1: view.y1 + hh + pad };
  let d = '';
  for (const c of cells.all) {
    if (c.x < area.x0 || c.x > area.x1 || c.y < area.y0 || c.y > area.y1) continue;
    const at = hexNumberAt(c.x, c.y, cells.radius);
    d += hexNumberPath(c.id, at.x, at.y, at.size);
  }
  let path = svg.querySelector<SVGPathElement>('path.hex-numbers');
  if (!path) {
    path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('class', 'hex-numbers');
    for (const [k, v] of Object.entries(HEX_NUMBERS_STYLE)) path.setAttribute(k, v);
    path.setAttribute('aria-hidden', 'true');
    meta.before(path);
  }
  path.setAttribute('d', d || 'M0,0');
  drawnFor.set(svg, area);
}
