// The docs point only at what the repository holds: every relative link, and every path that names a
// repository file (`src/...`, `test/...`, `docs/...`, `scripts/...`, `bench/...`, `prisma/...`,
// `assets/...`, `.ci/...`, backticked or not), exists; no doc refers to a path outside the
// repository (`../shared`, `/work/...`, the project's shared folder), which a reader of the
// repository alone cannot open.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', '.git', '.data', 'test-artifacts']);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name)) continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      out.push(`${rel}/`);
      walk(rel, out);
    } else out.push(rel);
  }
  return out;
}
const FILES = walk('');
const FILE_SET = new Set(FILES);

export const DOCS = [
  'README.md',
  'RELIABILITY.md',
  'BENCHMARKS.md',
  ...FILES.filter((f) => f.startsWith('docs/') && f.endsWith('.md')),
];

/**
 * Whether a repository path exists. Placeholders stand for any name: `<map>`, `*`, `{a,b}`, `…`
 * (`prisma/migrations/<timestamp>_<name>/migration.sql` exists when some migration does).
 */
function exists(p: string): boolean {
  const clean = p.replace(/^\.\//, '');
  if (!/[<>*{}…]/.test(clean)) {
    const norm = path.posix.normalize(clean);
    return FILE_SET.has(norm) || FILE_SET.has(`${norm.replace(/\/$/, '')}/`);
  }
  const re = new RegExp(
    `^${clean
      .split(/(<[^>]*>|\{[^}]*\}|\*|…)/)
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.+?^$()[\]\\|]/g, '\\$&');
        if (part.startsWith('{'))
          return `(${part
            .slice(1, -1)
            .split(',')
            .map((s) => s.replace(/[.+?^$()[\]\\|*]/g, '\\$&'))
            .join('|')})`;
        return '[^/]*';
      })
      .join('')}/?$`,
  );
  return FILES.some((f) => re.test(f));
}

const PREFIX = '(?:src|test|docs|scripts|bench|prisma|assets|\\.ci)/';
/** Repository paths written in a doc's text: after a space, a quote, a bracket or a backtick. */
const PATH_RE = new RegExp(`(?<![\\w./:@-])(${PREFIX}[\\w.<>*{},…/-]*)`, 'g');
/** Paths that leave the repository. */
const OUTSIDE_RE = /(\.\.\/)+shared\b|(?<![\w.-])\/work\/|(?<![\w./-])shared\/(rules|contracts)\b|file:\/\//g;

interface Finding {
  doc: string;
  line: number;
  what: string;
}

function lineOf(text: string, index: number) {
  return text.slice(0, index).split('\n').length;
}

function check(doc: string, text = fs.readFileSync(path.join(ROOT, doc), 'utf8')): Finding[] {
  const found: Finding[] = [];
  const dir = path.posix.dirname(doc);
  // Markdown links and images, inline ([x](target)) and reference-style ([x]: target).
  const links = [
    ...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm),
  ];
  for (const m of links) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    const file = decodeURIComponent(target.replace(/[#?].*$/, ''));
    const resolved = path.posix.normalize(path.posix.join(dir === '.' ? '' : dir, file));
    if (resolved.startsWith('../') || path.posix.isAbsolute(file))
      found.push({ doc, line: lineOf(text, m.index!), what: `link outside the repository: ${target}` });
    else if (!exists(resolved))
      found.push({ doc, line: lineOf(text, m.index!), what: `link to a missing file: ${target}` });
  }
  for (const m of text.matchAll(PATH_RE)) {
    const p = m[1].replace(/[.,:;…]+$/, '');
    // A link's target is checked above, relative to its document.
    if (text[m.index! - 1] === '(' && text[m.index! - 2] === ']') continue;
    if (!exists(p)) found.push({ doc, line: lineOf(text, m.index!), what: `missing path: ${p}` });
  }
  for (const m of text.matchAll(OUTSIDE_RE))
    found.push({ doc, line: lineOf(text, m.index!), what: `refers outside the repository: ${m[0]}` });
  return found;
}

describe('docs refer only to files in the repository', () => {
  it('finds the docs', () => {
    expect(DOCS).toContain('docs/diplomacy.md');
    expect(DOCS.length).toBeGreaterThan(5);
  });

  it.each(DOCS)('%s: every link and repository path exists, none leaves the repository', (doc) => {
    expect(check(doc).map((f) => `${f.doc}:${f.line}: ${f.what}`)).toEqual([]);
  });

  it('the checker catches a missing path, a broken link and a path outside the repository', () => {
    const text =
      'See `src/nowhere.ts`, [x](../src/missing.ts), [y](../src/config.ts), [z](../../x.md), `src/diplomacy/maps/<map>.json`, the copy in ../shared/rules/x.txt and shared/contracts/a.md.\n';
    expect(check('docs/probe.md', text).map((f) => f.what)).toEqual([
      'link to a missing file: ../src/missing.ts',
      'link outside the repository: ../../x.md',
      'missing path: src/nowhere.ts',
      'refers outside the repository: ../shared',
      'refers outside the repository: shared/contracts',
    ]);
  });
});
