// The registry (src/games/index.ts) is one list of static imports: every game module the
// src/games files export is in it, under its own id, and nothing else is.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../src/contract/types.ts';
import { games } from '../../src/games/index.ts';

const isGameModule = (x: unknown): x is GameModule => {
  const m = x as GameModule;
  return (
    !!m &&
    typeof m === 'object' &&
    typeof m.id === 'string' &&
    typeof m.setup === 'function' &&
    typeof m.resolve === 'function' &&
    typeof m.view === 'function'
  );
};

describe('the game registry', () => {
  it('holds every game module exported from src/games, each under its id', async () => {
    const dir = path.resolve('src/games');
    const exported: GameModule[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
      for (const value of Object.values(await import(path.join(dir, file))))
        if (isGameModule(value)) exported.push(value);
    }
    expect(Object.keys(games).sort()).toEqual(['aloha', 'hawaii1795', 'heiau', 'maori-wars', 'standard']);
    expect(exported.map((m) => m.id).sort()).toEqual(Object.keys(games).sort());
    for (const m of exported) expect(games[m.id]).toBe(m);
  });

  it('imports its modules statically, so the bundle needs no rewriting', () => {
    const text = fs.readFileSync('src/games/index.ts', 'utf8');
    expect(text).not.toMatch(/\bimport\s*\(/);
    expect(fs.readFileSync('scripts/build.mjs', 'utf8')).not.toMatch(/games[\\/'", ]+index\.ts/);
  });
});
