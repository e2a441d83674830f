// The layers of src/, as a table: for each folder, the folders its files may import. Every file is
// checked (static, re-exported and dynamic imports, type-only ones too), and a failure names the
// file and the import. A file's folder is the longest entry of LAYERS its path starts with, so a new
// folder must be given its row here (docs/architecture.md, "Layers", says why each row is so).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENGINES = ['src/diplomacy', 'src/hand-of-destiny', 'src/aloha', 'src/maori-wars'];

/** Folder → the folders it may import (besides itself). Lower layers first. */
export const LAYERS: Record<string, string[]> = {
  'src/contract': [],
  ...Object.fromEntries(ENGINES.map((e) => [e, ['src/contract']])),
  // Board geometry is read from the engines' map data.
  'src/maps': ['src/contract', ...ENGINES],
  // The renderer draws from a view: no service, no database, no clock.
  'src/render': ['src/contract', 'src/maps', ...ENGINES],
  // The game modules: each engine behind the contract, with its maps and drawings.
  'src/games': ['src/contract', 'src/maps', 'src/render', ...ENGINES],
  'src/config.ts': [],
  'src/db': ['src/config.ts'],
  // Composing mail: templates, game mail, times. Writes to the outbox; never sends.
  'src/mail': ['src/config.ts', 'src/contract', 'src/db', 'src/games'],
  // The service composes mail and queues it in the same transaction as the change it reports.
  'src/service': ['src/config.ts', 'src/contract', 'src/db', 'src/games', 'src/maps', 'src/render', 'src/mail'],
  // Sending mail: transports, the outbox sender, reply addresses. Below the service's folder, built
  // on it (the context, the map a mail carries); nothing in the service imports it back.
  'src/service/mail-sending': ['src/config.ts', 'src/db', 'src/mail', 'src/service'],
  // Play by email: reads commands and runs them through the service.
  'src/pbem': [
    'src/config.ts',
    'src/contract',
    'src/db',
    'src/games',
    'src/mail',
    'src/service',
    'src/service/mail-sending',
  ],
  'src/jobs': ['src/config.ts', 'src/db', 'src/service', 'src/service/mail-sending'],
  // The browser bundle: it may only read the engines' and games' types (checked below).
  'src/web/client': ['src/contract', 'src/games', ...ENGINES],
  'src/web': ['src/config.ts', 'src/service', 'scripts'],
  'src/http': [
    'src/config.ts',
    'src/contract',
    'src/db',
    'src/games',
    'src/mail',
    'src/service',
    'src/pbem',
    'src/jobs',
    'src/web',
  ],
  'src/cli': [
    'src/config.ts',
    'src/contract',
    'src/db',
    'src/games',
    'src/maps',
    'src/render',
    'src/service',
    'src/service/mail-sending',
    ...ENGINES,
  ],
  // Wires it all together.
  'src/main.ts': ['*'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (p === join('src', 'db', 'generated')) return []; // Prisma's client: imports only itself
    return statSync(p).isDirectory() ? files(p) : /\.(ts|mts|mjs)$/.test(p) ? [p] : [];
  });
}

/** The row a path belongs to: the longest entry it equals or sits under; outside src/, its top folder. */
export function layerOf(path: string): string | undefined {
  const p = path.split('\\').join('/');
  const hit = Object.keys(LAYERS)
    .filter((k) => p === k || p.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];
  return hit ?? (p.startsWith('src/') ? undefined : p.split('/')[0]);
}

/** Every relative import of a source text, with whether it is type-only. */
export function importsOf(text: string): { spec: string; typeOnly: boolean }[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .map((spec) => ({
      spec,
      typeOnly: new RegExp(
        `import\\s+type\\s[^;]*?from\\s+['"]${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`,
      ).test(text),
    }));
}

/** What is wrong with the imports of one file: `file: 'spec' (layer → layer)` per refused import. */
export function violations(file: string, text: string): string[] {
  const from = layerOf(file);
  if (!from) return [`${file}: its folder has no row in LAYERS (test/layers.test.ts)`];
  const allowed = LAYERS[from] ?? [];
  const out: string[] = [];
  for (const { spec, typeOnly } of importsOf(text)) {
    const target = relative('.', resolve(dirname(file), spec))
      .split('\\')
      .join('/');
    const to = layerOf(target) ?? target;
    if (to === from || allowed.includes('*')) continue;
    if (!allowed.includes(to)) out.push(`${file} imports '${spec}': ${from} may not import ${to}`);
    else if (from === 'src/web/client' && to !== 'src/contract' && !typeOnly)
      out.push(`${file} imports '${spec}': the browser bundle takes only types from ${to}`);
  }
  return out;
}

describe('layers', () => {
  const all = files('src');
  it('finds the sources', () => expect(all.length).toBeGreaterThan(100));
  it('every file sits in a folder with a row', () => {
    expect(all.filter((f) => !layerOf(f))).toEqual([]);
  });
  it('the table has no cycle between folders', () => {
    const seen = new Set<string>();
    const onPath = new Set<string>();
    const visit = (k: string, path: string[]): string | undefined => {
      if (onPath.has(k)) return [...path, k].join(' → ');
      if (seen.has(k)) return undefined;
      seen.add(k);
      onPath.add(k);
      for (const n of (LAYERS[k] ?? []).filter((x) => x !== '*' && x in LAYERS)) {
        const c = visit(n, [...path, k]);
        if (c) return c;
      }
      onPath.delete(k);
      return undefined;
    };
    for (const k of Object.keys(LAYERS)) expect(visit(k, [])).toBeUndefined();
  });
  for (const f of all) {
    it(`${f} imports only what its folder may`, () => {
      expect(violations(f, readFileSync(f, 'utf8'))).toEqual([]);
    });
  }
  it('a refused import is named with its file', () => {
    expect(violations('src/mail/x.ts', "import { a } from '../service/context.ts';")).toEqual([
      "src/mail/x.ts imports '../service/context.ts': src/mail may not import src/service",
    ]);
    expect(violations('src/web/client/x.ts', "import { a } from '../../games/index.ts';")[0]).toMatch(/only types/);
    expect(violations('src/web/client/x.ts', "import type { a } from '../../games/index.ts';")).toEqual([]);
    expect(violations('src/diplomacy/x.ts', "export * from '../db/client.ts';")).toHaveLength(1);
    expect(violations('src/render/x.ts', "const m = await import('../http/app.ts');")).toHaveLength(1);
  });
});
