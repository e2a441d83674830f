// Hex arithmetic of the Maori Wars map (see map-schema.ts): ids "CCRR", flat-topped hexes, odd
// columns shifted up half a hex. Pure; shared by the engine, the map script and the renderer.

export type Direction = 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
export const DIRECTIONS: readonly Direction[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

export function hexId(col: number, row: number): string {
  return String(col).padStart(2, '0') + String(row).padStart(2, '0');
}

export function colRow(id: string): [number, number] {
  return [Number(id.slice(0, 2)), Number(id.slice(2, 4))];
}

// Axial coordinates: q is the column, r the row less half the column (rounded up for odd columns).
function axial(id: string): [number, number] {
  const [c, r] = colRow(id);
  return [c, r - ((c + (c & 1)) >> 1)];
}

const AXIAL_STEP: Record<Direction, [number, number]> = {
  N: [0, -1],
  NE: [1, -1],
  SE: [1, 0],
  S: [0, 1],
  SW: [-1, 1],
  NW: [-1, 0],
};

/** The hex one step from `id` in direction `d` (an id even when off the grid's edge: check the map). */
export function step(id: string, d: Direction): string | null {
  const [q, r] = axial(id);
  const [dq, dr] = AXIAL_STEP[d];
  const c = q + dq;
  const row = r + dr + ((c + (c & 1)) >> 1);
  if (c < 1 || row < 1 || c > 99 || row > 99) return null;
  return hexId(c, row);
}

/** The (up to) six neighbours of a hex, by direction order N, NE, SE, S, SW, NW. */
export function neighbours(id: string): string[] {
  const out: string[] = [];
  for (const d of DIRECTIONS) {
    const n = step(id, d);
    if (n) out.push(n);
  }
  return out;
}

/** Hexes between two hexes, counted across anything. */
export function distance(a: string, b: string): number {
  const [q1, r1] = axial(a);
  const [q2, r2] = axial(b);
  const dq = q2 - q1,
    dr = r2 - r1;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function adjacent(a: string, b: string): boolean {
  return distance(a, b) === 1;
}

/** Centre of a hex in drawing units for hexes of radius `size` (corner to centre), col 1 row 1 near the origin. */
export function centreOf(id: string, size: number): [number, number] {
  const [c, r] = colRow(id);
  const h = Math.sqrt(3) * size;
  return [size + (c - 1) * 1.5 * size, r * h - (c & 1 ? h / 2 : 0)];
}

/** The six corners of a flat-topped hex around a centre. */
export function corners([x, y]: [number, number], size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([x + size * Math.cos(a), y + size * Math.sin(a)]);
  }
  return out;
}
