// Hex numbers in strokes (a seven-segment hand): one path for thousands of numbers, where text
// elements are slow to draw. The server draws them into a Maori Wars map; the web page draws those
// in view itself when the map comes without them (the numbers were a third of the map's bytes and
// of its first layout on a phone). One hand for both, so both draw the same strokes.

// Each digit in a box 1 wide and 2 high: where its stroke starts, then relative moves.
const DIGITS: [number, number, string][] = [
  [0, 0, 'h1v2h-1z'],
  [0.3, 0.3, 'l0.3,-0.3v2'],
  [0, 0, 'h1v1h-1v1h1'],
  [0, 0, 'h1v2h-1m0,-1h1'],
  [0, 0, 'v1h1m0,-1v2'],
  [1, 0, 'h-1v1h1v1h-1'],
  [1, 0, 'h-1v2h1v-1h-1'],
  [0, 0, 'h1v2'],
  [0, 0, 'h1v2h-1zm0,1h1'],
  [1, 1, 'h-1v-1h1v2h-1'],
];
const f = (n: number) => Math.round(n * 10) / 10;
const scaled = new Map<number, string[]>();

/** The path data of number `id` (digits only; anything else draws nothing) centred on x, its foot at y, `size` high. */
export function hexNumberPath(id: string, x: number, y: number, size: number): string {
  if (!/^\d+$/.test(id)) return '';
  const k = size / 2;
  let rel = scaled.get(k);
  if (!rel) {
    rel = DIGITS.map(([, , d]) => d.replace(/-?[\d.]+/g, (n) => String(f(Number(n) * k))));
    scaled.set(k, rel);
  }
  const w = k,
    gap = k * 0.6,
    left = x - (id.length * w + (id.length - 1) * gap) / 2;
  let out = '';
  for (let i = 0; i < id.length; i++) {
    const [dx, dy] = DIGITS[Number(id[i])]!;
    out += `M${f(left + i * (w + gap) + dx * k)},${f(y - size + dy * k)}${rel[Number(id[i])]}`;
  }
  return out;
}

/** Where a hex's number stands and how big, from the hex's centre and radius (as the map draws it). */
export const hexNumberAt = (x: number, y: number, radius: number) => ({ x, y: y - radius * 0.5, size: radius * 0.2 });

/** The attributes of the numbers' path (the page's and the server's). */
export const HEX_NUMBERS_STYLE = { fill: 'none', stroke: '#555', 'stroke-width': '0.22', 'stroke-linejoin': 'round' };
