// Fair randomness: every draw the service makes comes from the game's seed, so anyone can check
// it once the seed is published. The stream is SHA-256 in counter mode over (seed, purpose).
import crypto from 'node:crypto';

export function newSeed(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function seedHash(seed: string): string {
  return crypto.createHash('sha256').update(seed).digest('hex');
}

/** Deterministic uniform integers in [0, n) for a purpose ("assign", ...). */
export function drawStream(seed: string, purpose: string) {
  let counter = 0;
  return (n: number): number => {
    if (n <= 1) return 0;
    const limit = Math.floor(0x1_0000_0000 / n) * n; // rejection sampling: no modulo bias
    for (;;) {
      const h = crypto.createHash('sha256').update(`${seed}:${purpose}:${counter++}`).digest();
      const x = h.readUInt32BE(0);
      if (x < limit) return x % n;
    }
  };
}

/** Fisher-Yates shuffle driven by the seed. */
export function seededShuffle<T>(items: readonly T[], seed: string, purpose: string): T[] {
  const a = [...items];
  const next = drawStream(seed, purpose);
  for (let i = a.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * The draw: powers not given by the moderator are shuffled with the game's seed and dealt to the
 * remaining players in the order they joined. Anyone can redo it once the seed is public.
 */
export function drawPowers(seed: string, roles: string[], players: { id: string; wantedRole: string | null }[]): Map<string, string> {
  const result = new Map<string, string>();
  const given = new Set(players.map((p) => p.wantedRole).filter((r): r is string => !!r));
  for (const p of players) if (p.wantedRole) result.set(p.id, p.wantedRole);
  const free = seededShuffle(roles.filter((r) => !given.has(r)), seed, 'assign');
  players.filter((p) => !p.wantedRole).forEach((p, i) => result.set(p.id, free[i]));
  return result;
}
