// Fair randomness: every draw the service makes comes from the game's seed, by the same published
// function as the engines' (src/games/random.ts, README "Fair dice"), so anyone can check it once
// the seed is published. The deal of powers is the stream labelled "assign".
import crypto from 'node:crypto';
import { seedRandom, shuffle } from '../games/random.ts';

export function newSeed(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function seedHash(seed: string): string {
  return crypto.createHash('sha256').update(seed).digest('hex');
}

/** Fisher-Yates shuffle driven by the seed. */
export function seededShuffle<T>(items: readonly T[], seed: string, purpose: string): T[] {
  return shuffle(seedRandom(seed, purpose), items);
}
