// A map of cells (Maori Wars' hexes) carries them as data (<metadata class="cells">: [id, x, y,
// name] in JSON, and the cell's radius), not as thousands of invisible shapes: the page finds the
// cell under a point by its nearest centre, which on a grid of hexes is the hex the point is in.

export interface Cell {
  id: string;
  x: number;
  y: number;
  /** How people read it: "Auckland, hex 1519, clear", "hex 0101, ocean". */
  name: string;
}
interface Cells {
  radius: number;
  byId: Map<string, Cell>;
  all: Cell[];
}

const read = new WeakMap<SVGSVGElement, Cells | null>();

/** The map's cells, read once per drawing; null for a map of spaces. */
export function cellsOf(svg: SVGSVGElement): Cells | null {
  if (read.has(svg)) return read.get(svg)!;
  const m = svg.querySelector('metadata.cells');
  let cells: Cells | null = null;
  if (m) {
    const all = (JSON.parse(m.textContent ?? '[]') as [string, number, number, string][]).map(([id, x, y, name]) => ({
      id,
      x,
      y,
      name,
    }));
    cells = { radius: Number(m.getAttribute('data-radius')), byId: new Map(all.map((c) => [c.id, c])), all };
  }
  read.set(svg, cells);
  return cells;
}

/** The cell under a point of the screen (client coordinates), if any. */
export function cellAt(svg: SVGSVGElement, clientX: number, clientY: number): Cell | null {
  const cells = cellsOf(svg);
  const ctm = svg.getScreenCTM();
  if (!cells || !ctm) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  let best: Cell | null = null;
  let least = cells.radius * cells.radius;
  for (const c of cells.all) {
    const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
    if (d <= least) {
      least = d;
      best = c;
    }
  }
  return best;
}

/** A cell's width on the screen now (px), 0 on a map of spaces. */
export function cellWidth(svg: SVGSVGElement): number {
  const cells = cellsOf(svg);
  const vb = svg.viewBox.baseVal;
  if (!cells || !vb?.width) return 0;
  return (2 * cells.radius * svg.getBoundingClientRect().width) / vb.width;
}
