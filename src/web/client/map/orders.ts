import { svgEl } from '../dom.ts';

/** An order picked for a unit: its unit, its text with names, and the reader's form (map ids). */
export interface DrawnOrder {
  unit: string;
  text: string;
  order: string;
}

/** Draws the chosen orders over the map: dashed while not sent yet, solid once sent. */
export function drawOrders(svg: SVGSVGElement, orders: DrawnOrder[], sent: boolean): void {
  svg.querySelector('g.chosen-orders')?.remove();
  const layer = svgEl('g', { class: `chosen-orders ${sent ? 'sent' : 'pending'}`, 'pointer-events': 'none' });
  const colour = sent ? '#1d4e5f' : '#b3261e';
  const centre = (space: string): [number, number] | null => {
    const p = svg.querySelector<SVGPathElement>(`path[data-space="${CSS.escape(space)}"]`);
    if (!p) return null;
    const b = p.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  for (const o of orders) {
    const at = svg
      .querySelector<SVGGElement>(`g.unit[data-unit="${CSS.escape(o.unit)}"]`)
      ?.dataset.at?.split(',')
      .map(Number);
    if (!at) continue;
    const g = svgEl('g', { [sent ? 'data-sent-order' : 'data-pending-order']: o.text });
    g.append(svgEl('title', {}));
    g.lastChild!.textContent = `${o.text} (${sent ? 'sent' : 'not sent yet'})`;
    // The order's last space other than the unit's own: where a move goes, a support or convoy points.
    const spaces = o.order
      .split(' ')
      .map((w) => w.split('/')[0]!)
      .filter((w) => w !== o.unit && centre(w));
    const to = spaces.length ? centre(spaces[spaces.length - 1]!) : null;
    if (to)
      g.append(
        svgEl('line', {
          x1: String(at[0]),
          y1: String(at[1]),
          x2: String(to[0]),
          y2: String(to[1]),
          stroke: colour,
          'stroke-width': '3',
          ...(sent ? {} : { 'stroke-dasharray': '8 5' }),
        }),
        svgEl('circle', { cx: String(to[0]), cy: String(to[1]), r: '5', fill: colour }),
      );
    else
      g.append(
        svgEl('circle', {
          cx: String(at[0]),
          cy: String(at[1]),
          r: '16',
          fill: 'none',
          stroke: colour,
          'stroke-width': '3',
          ...(sent ? {} : { 'stroke-dasharray': '6 4' }),
        }),
      );
    layer.append(g);
  }
  if (orders.length) {
    const vb = svg.viewBox.baseVal;
    const legend = svgEl('text', {
      x: String(vb.x + 10),
      y: String(vb.y + vb.height - 10),
      fill: colour,
      'font-size': '16',
      'font-weight': 'bold',
    });
    legend.textContent = sent ? 'Solid: orders sent' : 'Dashed: orders not sent yet';
    layer.append(legend);
  }
  svg.append(layer);
}
