// Shared tools for generating map geometry from public-domain coastlines: polygon operations,
// SVG paths, points inside shapes, and the length of border two shapes share. Used by the
// per-map scripts and the geometry tests; not loaded by the service.
import polygonClipping, { type MultiPolygon, type Polygon, type Ring } from 'polygon-clipping';

export type Pt = [number, number];

export function round(mp: MultiPolygon, digits = 1): MultiPolygon {
  const f = 10 ** digits;
  return mp.map((poly) =>
    poly.map((ring) => dedupe(ring.map(([x, y]) => [Math.round(x * f) / f, Math.round(y * f) / f] as Pt))),
  );
}

function dedupe(ring: Ring): Ring {
  const out: Pt[] = [];
  for (const p of ring) {
    const q = out[out.length - 1];
    if (!q || q[0] !== p[0] || q[1] !== p[1]) out.push(p as Pt);
  }
  return out;
}

export function union(polys: (Polygon | MultiPolygon)[]): MultiPolygon {
  if (polys.length === 0) return [];
  const [first, ...rest] = polys;
  return polygonClipping.union(first as MultiPolygon, ...(rest as MultiPolygon[]));
}

export function intersect(a: MultiPolygon | Polygon, b: MultiPolygon | Polygon): MultiPolygon {
  return polygonClipping.intersection(a as MultiPolygon, b as MultiPolygon);
}

export function difference(a: MultiPolygon | Polygon, ...b: (MultiPolygon | Polygon)[]): MultiPolygon {
  if (b.length === 0) return a as MultiPolygon;
  return polygonClipping.difference(a as MultiPolygon, ...(b as MultiPolygon[]));
}

export function pathOf(mp: MultiPolygon): string {
  return mp
    .map((poly) =>
      poly
        .map(
          (ring) =>
            'M' +
            ring
              .slice(0, ring.length - 1)
              .map(([x, y]) => `${x},${y}`)
              .join('L') +
            'Z',
        )
        .join(''),
    )
    .join('');
}

export function area(mp: MultiPolygon): number {
  let a = 0;
  for (const poly of mp)
    poly.forEach((ring, i) => {
      a += (i === 0 ? 1 : -1) * Math.abs(ringArea(ring));
    });
  return a;
}

function ringArea(ring: Ring): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return s / 2;
}

export function contains(mp: MultiPolygon, [x, y]: Pt): boolean {
  let inside = false;
  for (const poly of mp)
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i],
          [xj, yj] = ring[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  return inside;
}

function segDist([px, py]: Pt, [ax, ay]: Pt, [bx, by]: Pt): number {
  const dx = bx - ax,
    dy = by - ay;
  const l = dx * dx + dy * dy;
  let t = l === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / l;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

export function boundaryDistance(mp: MultiPolygon, p: Pt): number {
  let best = Infinity;
  for (const poly of mp)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) best = Math.min(best, segDist(p, ring[i - 1] as Pt, ring[i] as Pt));
  return best;
}

export function bbox(mp: MultiPolygon): [number, number, number, number] {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const poly of mp)
    for (const ring of poly)
      for (const [x, y] of ring) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  return [x0, y0, x1, y1];
}

/**
 * Points well inside a shape, best first: a grid search for the points farthest from the border
 * (a coarse pole of inaccessibility), each at least `apart` from the ones already taken.
 */
export function innerPoints(mp: MultiPolygon, count: number, apart: number, near?: Pt): Pt[] {
  const [x0, y0, x1, y1] = bbox(mp);
  const step = Math.max(0.5, Math.min(x1 - x0, y1 - y0) / 40);
  const cands: { p: Pt; d: number }[] = [];
  for (let x = x0 + step / 2; x < x1; x += step)
    for (let y = y0 + step / 2; y < y1; y += step) {
      const p: Pt = [x, y];
      if (!contains(mp, p)) continue;
      let d = boundaryDistance(mp, p);
      if (near) d -= 0.15 * Math.hypot(x - near[0], y - near[1]);
      cands.push({ p, d });
    }
  cands.sort((a, b) => b.d - a.d);
  const out: Pt[] = [];
  for (const c of cands) {
    if (out.every((q) => Math.hypot(q[0] - c.p[0], q[1] - c.p[1]) >= apart))
      out.push([Math.round(c.p[0] * 10) / 10, Math.round(c.p[1] * 10) / 10]);
    if (out.length === count) break;
  }
  while (out.length < count && out.length > 0) out.push(out[0]);
  return out;
}

/** Length of border that two shapes share (boundary of A lying within `eps` of B's boundary). */
export function sharedBorder(a: MultiPolygon, b: MultiPolygon, eps = 0.3): number {
  const [ax0, ay0, ax1, ay1] = bbox(a),
    [bx0, by0, bx1, by1] = bbox(b);
  if (ax0 > bx1 + eps || bx0 > ax1 + eps || ay0 > by1 + eps || by0 > ay1 + eps) return 0;
  let len = 0;
  for (const poly of a)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) {
        const p = ring[i - 1] as Pt,
          q = ring[i] as Pt;
        const segLen = Math.hypot(q[0] - p[0], q[1] - p[1]);
        const n = Math.max(1, Math.ceil(segLen / 0.5));
        for (let k = 0; k < n; k++) {
          const t = (k + 0.5) / n;
          const m: Pt = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
          if (boundaryDistance(b, m) <= eps) len += segLen / n;
        }
      }
  return len;
}

/** The width of the shape along the horizontal line through a point inside it: the room for a label. */
export function horizontalRoom(mp: MultiPolygon, [px, py]: Pt): number {
  const xs: number[] = [];
  for (const poly of mp)
    for (const ring of poly)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i],
          [xj, yj] = ring[j];
        if (yi > py !== yj > py) xs.push(((xj - xi) * (py - yi)) / (yj - yi) + xi);
      }
  xs.sort((a, b) => a - b);
  for (let i = 0; i + 1 < xs.length; i += 2)
    if (xs[i] <= px && px <= xs[i + 1]) return Math.round((xs[i + 1] - xs[i]) * 10) / 10;
  return 0;
}
