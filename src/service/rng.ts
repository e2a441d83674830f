// Fair randomness: every draw the service makes comes from the game's seed, by the same published
// function as the engines' (src/contract/random.ts, docs/service-rules.md "Fair dice"), so anyone can check it once
// the seed is published. The deal of powers is the stream labelled "assign".
import crypto from 'node:crypto';
import { seedRandom, shuffle } from '../contract/random.ts';

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

/**
 * The draw: powers not given by the moderator are shuffled with the game's seed and dealt to the
 * remaining players in the order they joined. Anyone can redo it once the seed is public.
 */
export function drawPowers(
  seed: string,
  roles: string[],
  players: { id: string; wantedRole: string | null }[],
): Map<string, string> {
  const result = new Map<string, string>();
  const given = new Set(players.map((p) => p.wantedRole).filter((r): r is string => !!r));
  for (const p of players) if (p.wantedRole) result.set(p.id, p.wantedRole);
  const free = seededShuffle(
    roles.filter((r) => !given.has(r)),
    seed,
    'assign',
  );
  players.filter((p) => !p.wantedRole).forEach((p, i) => result.set(p.id, free[i]));
  return result;
}
