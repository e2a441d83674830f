import { h, say, tellOnMap } from '../dom.ts';
import { cellWidth } from './cells.ts';
import { hexNumbersSoon } from './hex-numbers.ts';

// Pan by scrolling or dragging with a finger (the box scrolls); zoom with the buttons or a pinch,
// around the selected unit or the pinch's centre, never from the top-left corner.
const MAX = 6;
const zoomOf = (box: HTMLElement) => Number(box.style.getPropertyValue('--zoom') || 1);

/** Sets the zoom, keeping the point at (x, y) (client coordinates) where it is on the screen. */
export function zoomAround(box: HTMLElement, z: number, at?: { x: number; y: number }, quiet = false): void {
  const svg = box.querySelector('svg');
  const r = box.getBoundingClientRect();
  const sel = box.querySelector('g.unit.selected')?.getBoundingClientRect();
  const p =
    at ??
    (sel
      ? { x: sel.left + sel.width / 2, y: sel.top + sel.height / 2 }
      : { x: r.left + r.width / 2, y: (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2 });
  // The map point under p, in the map's own units, put back under p after the zoom: by scrolling the
  // box, then the page for what the box cannot scroll.
  const ctm = svg?.getScreenCTM();
  const u = ctm ? new DOMPoint(p.x, p.y).matrixTransform(ctm.inverse()) : null;
  const zoom = Math.min(MAX, Math.max(1, z));
  box.style.setProperty('--zoom', String(zoom));
  box.classList.toggle('zoomed', zoom > 1);
  const now = () => {
    const m = svg?.getScreenCTM();
    return m && u ? new DOMPoint(u.x, u.y).matrixTransform(m) : null;
  };
  let q = now();
  if (q) {
    box.scrollLeft += q.x - p.x;
    box.scrollTop += q.y - p.y;
  }
  q = now();
  if (q && Math.abs(q.y - p.y) > 1) scrollBy(0, q.y - p.y);
  // Last: its measures use the layout the zoom just forced (names and units do not move the map).
  if (svg) legible(svg);
  if (!quiet) say(`Map zoom ${Math.round(zoom * 100)} %`);
}

/** The zoom buttons; a second map on the page (the last results) names its own apart. */
export function zoomControls(
  box: HTMLElement,
  names = { group: 'Map zoom', in: 'Zoom in', out: 'Zoom out', whole: 'Whole map' },
): Node {
  const svg = box.querySelector('svg');
  if (svg) {
    // Not made legible here: the page opens the map (startView) at its first zoom, and that is
    // measured once; made legible at the whole map first, a phone paid for two layouts of it.
    addEventListener('resize', () => legible(svg));
    pinch(box);
    zoomToTap(box, svg);
  }
  return h(
    'div',
    { class: 'zoom', role: 'group', 'aria-label': names.group },
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'aria-label': names.in,
        onclick: () => zoomAround(box, zoomOf(box) * 1.5),
      },
      '+',
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'aria-label': names.out,
        onclick: () => zoomAround(box, zoomOf(box) / 1.5),
      },
      '−',
    ),
    h('button', { type: 'button', class: 'secondary', onclick: () => zoomAround(box, 1) }, names.whole),
  );
}

/** Two fingers zoom the map (not the page) around their centre. */
function pinch(box: HTMLElement): void {
  let start: { d: number; z: number } | null = null;
  const dist = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
  box.addEventListener(
    'touchstart',
    (e) => {
      if (e.touches.length === 2) start = { d: dist(e.touches), z: zoomOf(box) };
    },
    { passive: true },
  );
  box.addEventListener(
    'touchmove',
    (e) => {
      if (!start || e.touches.length !== 2) return;
      e.preventDefault();
      const t = e.touches;
      zoomAround(
        box,
        start.z * (dist(t) / start.d),
        { x: (t[0]!.clientX + t[1]!.clientX) / 2, y: (t[0]!.clientY + t[1]!.clientY) / 2 },
        true,
      );
    },
    { passive: false },
  );
  box.addEventListener('touchend', () => {
    if (start) say(`Map zoom ${Math.round(zoomOf(box) * 100)} %`);
    start = null;
  });
}

/** A tap on a space too small to hit surely at this zoom first zooms in around the tap. */
function zoomToTap(box: HTMLElement, svg: SVGSVGElement): void {
  let touch = false;
  svg.addEventListener(
    'pointerdown',
    (e) => {
      touch = e.pointerType === 'touch';
    },
    true,
  );
  svg.addEventListener(
    'click',
    (e) => {
      if (!touch || zoomOf(box) >= MAX) return;
      // Units have their own, bigger targets: only a space is zoomed to.
      const under = document.elementsFromPoint(e.clientX, e.clientY);
      if (under.some((x) => x.closest('g.unit, g.stack.mine'))) return;
      const space = under.find((x) => x instanceof SVGPathElement && !!(x as SVGPathElement).dataset.space);
      if (!space) return;
      const r = space.getBoundingClientRect();
      if (Math.min(r.width, r.height) >= 20) return;
      e.stopImmediatePropagation();
      zoomAround(box, zoomOf(box) * 2, { x: e.clientX, y: e.clientY });
      tellOnMap('Zoomed in where you tapped: tap again to choose.');
    },
    true,
  );
}

/**
 * Names and units big enough to read on a narrow map: scaled up as far as the zoom leaves them small.
 * Names are brought to 9.5 px, or to the map's data-least (px): a map only read (the last results)
 * has no units to tap among its names, and takes 11.
 * Its measures are taken together: two layouts of the map a call (the zoom's, and the names' at
 * their new size), where measuring between changes cost a phone four (issue 24's page speed).
 */
export function legible(svg: SVGSVGElement): void {
  const vb = svg.viewBox.baseVal;
  const width = svg.getBoundingClientRect().width;
  if (!vb?.width || !width) return;
  const px = width / vb.width;
  // A hex map's numbers (two units tall) are drawn once they come out at 4 px or more: smaller they
  // are a grey blur, and the phone lays out and paints 2,000 of them for nothing (style.css).
  svg.classList.toggle('fine-print', px >= 2);
  if (px >= 2) hexNumbersSoon(svg);
  const least = Number(svg.dataset.least) || 9.5;
  const texts = [...svg.querySelectorAll<SVGTextElement>('g.labels text')];
  const units = [...svg.querySelectorAll<SVGGElement>('g.unit[data-at]')];
  // The same drawing at the same scale comes out the same: measured once.
  const done = `${px} ${least} ${texts.length} ${units.length}`;
  if (svg.dataset.legible === done) return;
  svg.dataset.legible = done;
  for (const t of texts) {
    const base = Number(
      t.dataset.size ??
        (t.dataset.size = t.getAttribute('font-size') ?? t.closest('g.labels')?.getAttribute('font-size') ?? '0'),
    );
    if (base) t.setAttribute('font-size', String(Math.min(base * 3.2, Math.max(base, least / px))));
  }
  // Then every measure at once, before anything else changes (one layout): the names at their new
  // size, and the units the first time (a unit's box never changes).
  const named = texts.map((t) => t.getBBox());
  const at = units.map((u) => u.dataset.at!.split(',').map(Number) as [number, number]);
  const boxes = units.map((u) => (u.dataset.size ? null : u.getBBox()));
  placeNames(svg, px);
  units.forEach((u, i) => {
    const [x, y] = at[i]!;
    const bb = boxes[i];
    if (bb) {
      u.dataset.size = String(bb.width);
      // Enlarged, two units never grow into each other (the Low Countries): the scale at which this
      // one would touch its nearest neighbour, across or up and down.
      u.dataset.room = String(
        Math.min(
          Infinity,
          ...units.map((_, j) => {
            const o = boxes[j];
            if (j === i || !o) return Infinity;
            const [a, b] = at[j]!;
            return Math.max(
              Math.abs(a - x) / Math.max(bb.width, o.width),
              Math.abs(b - y) / Math.max(bb.height, o.height),
            );
          }),
        ),
      );
      // A finger is wider than a unit: a bigger, unseen target.
      const hit = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      hit.setAttribute('class', 'hit');
      hit.setAttribute('cx', String(x));
      hit.setAttribute('cy', String(y));
      hit.setAttribute('r', String(bb.width * 0.9));
      hit.setAttribute('fill', 'transparent');
      u.prepend(hit);
    }
    const size = Number(u.dataset.size);
    const k = Math.min(2.6, Math.max(1, 21 / (size * px)), Math.max(1, 0.9 * Number(u.dataset.room)));
    if (k > 1) u.setAttribute('transform', `translate(${x} ${y}) scale(${k.toFixed(2)}) translate(${-x} ${-y})`);
    else u.removeAttribute('transform');
  });
  giveWay(texts, named, px);
}

/**
 * Names grown for a phone run into each other where spaces are small (Rome, Tuscany, Venice): the
 * later name gives way until zoomed closer, in the map's order; its space keeps its title.
 */
function giveWay(texts: SVGTextElement[], boxes: DOMRect[], px: number): void {
  const over = overlapping(1 / px);
  const kept: DOMRect[] = [];
  boxes.forEach((b, i) => {
    if (kept.some(over(b))) texts[i]!.setAttribute('visibility', 'hidden');
    else {
      texts[i]!.removeAttribute('visibility');
      kept.push(b);
    }
  });
}

/** Whether two names' boxes (map units) touch, within `gap` across: the test giveWay and placeNames share. */
const overlapping = (gap: number) => (b: DOMRect) => (o: DOMRect) =>
  b.x < o.x + o.width + gap && o.x < b.x + b.width + gap && b.y < o.y + o.height && o.y < b.y + b.height;

/**
 * The names of places on a map of cells (Maori Wars): 11 px at least on screen, a hex's column of
 * names spread as it grows. Where names would run into one another the lesser give way until zoomed
 * closer: a stack's hex and Towns first, then a name alone in its hex, then a column's first. Every
 * name stays in its hex's label for screen readers.
 */
function placeNames(svg: SVGSVGElement, px: number): void {
  const texts = [...svg.querySelectorAll<SVGTextElement>('g.places text.place, g.occupied-names text')];
  if (!texts.length) return;
  const column = new Map<string, SVGTextElement[]>();
  const colOf = (t: SVGTextElement) =>
    column.get(`${t.parentElement?.getAttribute('class')} ${t.dataset.hex ?? t.getAttribute('x')}`) ?? [t];
  for (const t of texts) {
    t.dataset.size ??= t.getAttribute('font-size') ?? t.closest('g')?.getAttribute('font-size') ?? '0';
    t.dataset.y ??= t.getAttribute('y') ?? '0';
    const key = `${t.parentElement?.getAttribute('class')} ${t.dataset.hex ?? t.getAttribute('x')}`;
    column.set(key, [...(column.get(key) ?? []), t]);
  }
  for (const col of column.values()) {
    const ys = col.map((t) => Number(t.dataset.y));
    const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
    const k = Math.max(1, ...col.map((t) => 11 / (Number(t.dataset.size) * px)));
    // A name under a stack grows downwards, away from the counters.
    const down = col[0]!.closest('g.occupied-names') ? 0.75 * Number(col[0]!.dataset.size) * (k - 1) : 0;
    for (const t of col) {
      t.setAttribute('font-size', String(Number(t.dataset.size) * k));
      t.setAttribute('y', String(mid + (Number(t.dataset.y) - mid) * k + down));
      t.removeAttribute('visibility');
    }
  }
  const rank = (t: SVGTextElement) =>
    t.closest('g.occupied-names') || t.getAttribute('font-weight') === 'bold'
      ? 0
      : colOf(t).length === 1
        ? 1
        : 2 + colOf(t).indexOf(t);
  // A stack's hex has its name written again under it (the renderer's occupied-names): once is enough.
  const repeated = new Set(
    [...svg.querySelectorAll<SVGTextElement>('g.occupied-names text')].map((t) => t.dataset.hex),
  );
  // Every box measured before any name is hidden: one layout, not one a name.
  const stacks = [...svg.querySelectorAll<SVGGElement>('g.stack[data-stack]')].map((g) => g.getBBox());
  const measured = texts.map((t) => t.getBBox());
  const kept: DOMRect[] = [];
  const over = overlapping(1 / px);
  for (const t of texts.map((t, i) => ({ t, i, r: rank(t) })).sort((a, b) => a.r - b.r || a.i - b.i)) {
    const b = measured[t.i]!;
    // Where names would stand 2.5 times their drawn size, only Towns and stacks' hexes are named;
    // the others give way to counters too.
    const hide =
      (!!t.t.closest('g.places') && repeated.has(t.t.dataset.hex)) ||
      (t.r > 0 && (Number(t.t.dataset.size) * px < 11 / 2.5 || stacks.some(over(b)))) ||
      kept.some(over(b));
    if (hide) t.t.setAttribute('visibility', 'hidden');
    else kept.push(b);
  }
}

/**
 * A map drawn flatter than a third of a phone's screen (Heiau's chain of islands, 180 px high at
 * 390 px) opens zoomed to half the screen's height; a map of cells (Maori Wars' hexes) smaller than
 * a finger, zoomed to a cell of 48 px (its counters readable). Either around the reader's own units (else its middle).
 * A game's page may name the part to open on instead (data-focus on the box: "x y width height" in
 * the map's units): the map then opens fitted to its width, the box no taller than it.
 * `near` names the units to open around; `zoom`, the least zoom of a map neither flat nor of cells;
 * `legibleAt`, the least zoom of any map (where its smallest text reads on a phone: Aloha's counters).
 */
export function startView(
  box: HTMLElement,
  {
    near = 'g.unit.mine, g.stack.mine, g.stack.own',
    zoom: least = 1,
    legibleAt = 1,
  }: { near?: string; zoom?: number; legibleAt?: number } = {},
): void {
  const svg = box.querySelector('svg');
  if (!svg) return;
  if (box.clientWidth > 760 || zoomOf(box) !== 1) {
    legible(svg);
    return;
  }
  const height = svg.getBoundingClientRect().height;
  const flat = !!height && height < innerHeight / 3;
  const focus = (box.dataset.focus ?? '').split(' ').map(Number);
  if (flat && focus.length === 4 && focus.every((n) => Number.isFinite(n)) && focus[2]! > 0 && focus[3]! > 0) {
    openOn(box, svg, focus as [number, number, number, number]);
    return;
  }
  const cell = cellWidth(svg);
  const zoom = Math.min(
    MAX,
    Math.max(flat ? innerHeight / 2 / height : least, cell && cell < 48 ? 48 / cell : 1, legibleAt),
  );
  if (zoom <= 1) {
    legible(svg);
    return;
  }
  box.style.setProperty('--zoom', String(zoom));
  box.classList.add('zoomed');
  legible(svg);
  const mine = [...svg.querySelectorAll(near)].map((u) => u.getBoundingClientRect());
  const all = mine.length ? mine : [svg.getBoundingClientRect()];
  const left = Math.min(...all.map((r) => r.left)),
    right = Math.max(...all.map((r) => r.right));
  const top = Math.min(...all.map((r) => r.top)),
    bottom = Math.max(...all.map((r) => r.bottom));
  const b = box.getBoundingClientRect();
  box.scrollLeft += (left + right) / 2 - (b.left + box.clientWidth / 2);
  box.scrollTop += (top + bottom) / 2 - (b.top + box.clientHeight / 2);
}

function openOn(box: HTMLElement, svg: SVGSVGElement, [x, y, w, hh]: [number, number, number, number]): void {
  const vb = svg.viewBox.baseVal;
  const widthAt = (z: number) => {
    box.style.setProperty('--zoom', String(z));
    return svg.getBoundingClientRect().width;
  };
  const clamp = (z: number) => Math.min(MAX, Math.max(1, z));
  box.classList.add('zoomed');
  // The drawing's width at which the focus fills the box; zoomed, a minimum width may make it wider.
  const want = (box.clientWidth * vb.width) / w;
  let zoom = clamp(want / widthAt(1));
  const got = widthAt(zoom);
  if (got > want * 1.01) zoom = clamp((zoom * want) / got);
  const scale = widthAt(zoom) / vb.width;
  box.classList.toggle('zoomed', zoom > 1);
  // No taller than the focus (the sea around it), yet a third of the screen at least to tap in.
  box.style.maxHeight = `${Math.round(Math.min(innerHeight * 0.75, Math.max(innerHeight / 3, hh * scale)))}px`;
  legible(svg);
  const ctm = svg.getScreenCTM();
  if (!ctm) return;
  const p = new DOMPoint(x + w / 2, y + hh / 2).matrixTransform(ctm);
  const b = box.getBoundingClientRect();
  box.scrollLeft += p.x - (b.left + box.clientLeft + box.clientWidth / 2);
  box.scrollTop += p.y - (b.top + box.clientTop + box.clientHeight / 2);
}
