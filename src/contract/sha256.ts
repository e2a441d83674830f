// SHA-256 (FIPS 180-4) in plain TypeScript: the engines are pure and synchronous, so they cannot use
// node:crypto. Checked against node:crypto in test/games/fair-dice.test.ts.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Int32Array(64);

/** One 64-byte block of `m` at `off` into the hash state `h` (eight 32-bit words), in place. */
function compress(h: Int32Array, m: Uint8Array, off: number): void {
  for (let i = 0; i < 16; i++, off += 4)
    W[i] = (m[off]! << 24) | (m[off + 1]! << 16) | (m[off + 2]! << 8) | m[off + 3]!;
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!,
      b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = h[0]!,
    b = h[1]!,
    c = h[2]!,
    d = h[3]!,
    e = h[4]!,
    f = h[5]!,
    g = h[6]!,
    k = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + k) | 0;
}

/** Pads the last bytes `rest` of a message of `length` bytes and hashes them into `h`. */
function finish(h: Int32Array, rest: Uint8Array, length: number): void {
  const blocks = rest.length + 9 <= 64 ? 1 : 2;
  const buf = new Uint8Array(blocks * 64);
  buf.set(rest);
  buf[rest.length] = 0x80;
  const bits = length * 8;
  const end = blocks * 64;
  const hi = Math.floor(bits / 0x100000000),
    lo = bits >>> 0;
  buf[end - 8] = hi >>> 24;
  buf[end - 7] = hi >>> 16;
  buf[end - 6] = hi >>> 8;
  buf[end - 5] = hi;
  buf[end - 4] = lo >>> 24;
  buf[end - 3] = lo >>> 16;
  buf[end - 2] = lo >>> 8;
  buf[end - 1] = lo;
  compress(h, buf, 0);
  if (blocks === 2) compress(h, buf, 64);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** SHA-256 of bytes (a text is hashed as UTF-8). */
export function sha256(data: Uint8Array | string): Uint8Array {
  const m = typeof data === 'string' ? utf8(data) : data;
  const h = Int32Array.from(H0);
  const full = m.length - (m.length % 64);
  for (let off = 0; off < full; off += 64) compress(h, m, off);
  finish(h, m.subarray(full), m.length);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[i * 4] = h[i]! >>> 24;
    out[i * 4 + 1] = h[i]! >>> 16;
    out[i * 4 + 2] = h[i]! >>> 8;
    out[i * 4 + 3] = h[i]!;
  }
  return out;
}

export function sha256Hex(data: Uint8Array | string): string {
  return Array.from(sha256(data), (b) => b.toString(16).padStart(2, '0')).join('');
}

// A game's draws share the prefix "seed:label:", which for a 64-character seed is longer than a
// block: its full blocks are hashed once and kept (the result is the same, only faster).
export interface Prefix {
  h: Int32Array;
  rest: Uint8Array;
  length: number;
}
const prefixes = new Map<string, Prefix>();

/** A message's first bytes, hashed as far as whole blocks go (kept for the next messages). */
export function prefixOf(text: string): Prefix {
  let p = prefixes.get(text);
  if (p) return p;
  const m = utf8(text);
  const h = Int32Array.from(H0);
  const full = m.length - (m.length % 64);
  for (let off = 0; off < full; off += 64) compress(h, m, off);
  p = { h, rest: m.slice(full), length: m.length };
  if (prefixes.size >= 256) prefixes.clear();
  prefixes.set(text, p);
  return p;
}

const scratch = new Uint8Array(192);
const hs = new Int32Array(8);

/** The first four bytes, big-endian, of SHA-256 of the prefix's text + `suffix` (ASCII, short). */
export function sha256Word(p: Prefix, suffix: string): number {
  const n = p.rest.length + suffix.length;
  if (n > 119) throw new Error('sha256Word: suffix too long');
  scratch.fill(0);
  scratch.set(p.rest);
  for (let i = 0; i < suffix.length; i++) scratch[p.rest.length + i] = suffix.charCodeAt(i);
  scratch[n] = 0x80;
  const end = n + 9 <= 64 ? 64 : 128;
  const bits = (p.length + suffix.length) * 8;
  const hi = Math.floor(bits / 0x100000000),
    lo = bits >>> 0;
  scratch[end - 8] = hi >>> 24;
  scratch[end - 7] = hi >>> 16;
  scratch[end - 6] = hi >>> 8;
  scratch[end - 5] = hi;
  scratch[end - 4] = lo >>> 24;
  scratch[end - 3] = lo >>> 16;
  scratch[end - 2] = lo >>> 8;
  scratch[end - 1] = lo;
  hs.set(p.h);
  compress(hs, scratch, 0);
  if (end === 128) compress(hs, scratch, 64);
  return hs[0]! >>> 0;
}
