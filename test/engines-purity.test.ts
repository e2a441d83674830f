// The engines are pure: no database, network, mail, file system, clock or unseeded randomness.
// Which folders each may import (no service, no database code) is the table of test/layers.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The renderer too: it draws from a view and knows nothing of HTTP, the database or the clock.
const ENGINE_DIRS = [
  'src/contract',
  'src/diplomacy',
  'src/hand-of-destiny',
  'src/render',
  'src/aloha',
  'src/maori-wars',
];
const ENGINE_FILES = [
  'src/games/diplomacy.ts',
  'src/games/hawaii1795.ts',
  'src/games/aloha.ts',
  'src/games/maori-wars.ts',
];
const FORBIDDEN: [RegExp, string][] = [
  [/from ['"](node:)?(fs|net|http|https|child_process|dgram|tls)(\/promises)?['"]/, 'I/O module'],
  [
    /from ['"](pg|pg-boss|fastify|@fastify\/[^'"]+|nodemailer|@prisma\/[^'"]+|smtp-server|mailparser)['"]/,
    'service dependency',
  ],
  [/Math\.random\(/, 'unseeded randomness'],
  [/Date\.now\(|new Date\(/, 'the clock'],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('engine purity', () => {
  const all = [
    ...ENGINE_DIRS.flatMap(files),
    ...ENGINE_FILES.filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    }),
  ];
  it('finds the engine sources', () => expect(all.length).toBeGreaterThan(10));
  for (const f of all) {
    it(`${f} has no I/O, clock or service dependency`, () => {
      const text = readFileSync(f, 'utf8');
      for (const [re, what] of FORBIDDEN) expect(re.test(text), `${f}: ${what}`).toBe(false);
    });
  }
});
