// The games' random draws, published so that anyone holding the revealed seed can recompute them
// (docs/service-rules.md "Fair dice"). Draw number i of a stream is
//   word(seed, label, i) = the first 4 bytes, big-endian, of SHA-256 of the UTF-8 text "<seed>:<label>:<i>"
// (i in decimal). A uniform integer in [0, n) takes the next draw x; if x < 2^32 - (2^32 mod n) the
// value is x mod n, else the draw is rejected and the next one is taken. A die is that with n = 6,
// plus 1; a shuffle is Fisher-Yates from the last position down. The stream's state is plain JSON.
import { type Prefix, prefixOf, sha256Word } from './sha256.ts';

/** A stream of draws: the next one is number `index`. */
export interface SeedStream {
  seed: string;
  label: string;
  index: number;
}
/** The stream of games started before the published one (sfc32 seeded by cyrb128): four 32-bit words. */
export type LegacyRandomState = [number, number, number, number];
export type RandomState = SeedStream | LegacyRandomState;

/** Draw `index` of the stream (seed, label): a 32-bit unsigned number. */
export function drawWord(seed: string, label: string, index: number): number {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`drawWord: bad index ${index}`);
  if (seed !== lastSeed || label !== lastLabel || !lastPrefix) {
    lastPrefix = prefixOf(`${seed}:${label}:`);
    lastSeed = seed;
    lastLabel = label;
  }
  return sha256Word(lastPrefix, String(index));
}
let lastSeed = '',
  lastLabel = '',
  lastPrefix: Prefix | null = null;

// Replaying a game begun with the old stream recomputes its set-up with it (src/service/history.ts).
let legacy = false;
export function withLegacyStreams<T>(f: () => T): T {
  const was = legacy;
  legacy = true;
  try {
    return f();
  } finally {
    legacy = was;
  }
}
// The text the old stream was seeded with, per label: Hawaii 1795 seeded it with the bare seed.
const LEGACY_TEXT: Record<string, (seed: string) => string> = { 'hand-of-destiny': (seed) => seed };

/** Whether an engine state (its `rng`) still carries the old stream. */
export function usesLegacyStream(state: unknown): boolean {
  const rng = (state as { rng?: unknown } | null)?.rng;
  return Array.isArray(rng) && rng.length === 4 && rng.every((x) => Number.isInteger(x));
}

/** The stream `label` of a game's seed, from its first draw. */
export function seedRandom(seed: string, label: string): RandomState {
  if (legacy) return legacySeed(LEGACY_TEXT[label]?.(seed) ?? `${seed}:${label}`);
  return { seed, label, index: 0 };
}

/** The number of the next draw (null for the old stream, whose draws have no number). */
export function nextDraw(s: RandomState): number | null {
  return Array.isArray(s) ? null : s.index;
}

/** The first and last numbers of the draws taken since draw `from`, or null if none was. */
export function drawsSince(s: RandomState, from: number | null): [number, number] | null {
  return Array.isArray(s) || from === null || s.index === from ? null : [from, s.index - 1];
}

/** How reports name a range of draws: "draw #7", "draws #7–#9". */
export function drawsText([a, b]: [number, number]): string {
  return a === b ? `draw #${a}` : `draws #${a}–#${b}`;
}

/** A uniform integer in [0, n), without modulo bias. */
export function randomInt(s: RandomState, n: number): number {
  if (n <= 0 || !Number.isInteger(n) || n > 0x100000000) throw new Error(`randomInt: bad range ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = Array.isArray(s) ? nextUint32(s) : drawWord(s.seed, s.label, s.index++);
    if (x < limit) return x % n;
  }
}

/** One six-sided die. */
export function d6(s: RandomState): number {
  return randomInt(s, 6) + 1;
}

/** Fisher–Yates shuffle of a copy. */
export function shuffle<T>(s: RandomState, items: readonly T[]): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The old stream: four 32-bit words from a text seed (cyrb128). */
export function legacySeed(seed: string): LegacyRandomState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const state: LegacyRandomState = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  // Warm up so that similar seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32(state);
  return state;
}

/** The old stream's next 32-bit unsigned number (sfc32); advances the state in place. */
function nextUint32(s: LegacyRandomState): number {
  let [a, b, c, d] = s;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  let t = (a + b) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  d = (d + 1) | 0;
  t = (t + d) | 0;
  c = (c + t) | 0;
  s[0] = a >>> 0;
  s[1] = b >>> 0;
  s[2] = c >>> 0;
  s[3] = d >>> 0;
  return t >>> 0;
}
