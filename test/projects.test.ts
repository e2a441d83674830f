// The split of the suite into projects by what a file needs (test/setup/projects.ts, vitest.config.ts)
// stays true: every test file runs in exactly one project; none in the pure project reaches the
// database (test/helpers/db.ts, directly or through a helper, inject('pgAdminUrl'), a kahu or
// PostgreSQL of its own), a mail server or a browser; and every file in the others needs what its
// project gives it, so nothing that could run without a database waits for one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';
import { testFiles } from './setup/projects.ts';

/** The file and the test helpers it imports (relative imports under test/), transitively. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const dep = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
    if (dep.startsWith('test/') && fs.existsSync(dep)) reach(dep, seen);
  }
  return seen;
}

const NEEDS: Record<'db' | 'mail' | 'web', { helpers: string[]; words: RegExp }> = {
  db: {
    helpers: ['test/helpers/db.ts', 'test/helpers/app.ts', 'test/reliability/procs.ts', 'test/setup/global.ts'],
    words:
      /createTestDatabase|startTestService|inject\(\s*'pgAdminUrl'|startEmbeddedPostgres|spawnKahu|spawn\('npm', \['start'/,
  },
  mail: {
    helpers: ['test/email/helpers.ts', 'test/reliability/smtp.ts'],
    words: /from 'smtp-server'|startInboundSmtp/,
  },
  web: { helpers: ['test/web/browser.ts'], words: /from 'playwright-core'/ },
};

/** What `file` needs among the database, mail and a browser, with the first reason found for each. */
function needs(file: string): Partial<Record<keyof typeof NEEDS, string>> {
  // This file and the list it checks name the words looked for.
  const files = [...reach(file)].filter((f) => f !== 'test/projects.test.ts' && f !== 'test/setup/projects.ts');
  const out: Partial<Record<keyof typeof NEEDS, string>> = {};
  for (const [need, { helpers, words }] of Object.entries(NEEDS) as [keyof typeof NEEDS, (typeof NEEDS)['db']][]) {
    const helper = files.find((f) => helpers.includes(f));
    const word = files.map((f) => [f, words.exec(fs.readFileSync(f, 'utf8'))?.[0]] as const).find(([, w]) => w);
    if (helper) out[need] = `imports ${helper}`;
    else if (word) out[need] = `${word[0]} has ${word[1]}`;
  }
  return out;
}

const projects = (config.test!.projects as { test: { name: string; include: string[]; globalSetup: string[] } }[]).map(
  (p) => p.test,
);
const project = (name: string) => projects.find((p) => p.name === name)!;

describe('the test projects', () => {
  it('run every test file, each in one project', () => {
    const listed = projects.flatMap((p) => p.include);
    expect([...listed].sort()).toEqual(testFiles());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('keep the pure project free of the database, mail and browsers', () => {
    const wrong = project('pure')
      .include.map((f) => [f, needs(f)] as const)
      .filter(([, n]) => Object.keys(n).length);
    expect(Object.fromEntries(wrong), 'move these out of the pure project (test/setup/projects.ts)').toEqual({});
    expect(project('pure').globalSetup).not.toContain('test/setup/global.ts');
  });

  it('give each other project only files that need it', () => {
    const idle: Record<string, string> = {};
    for (const name of ['db', 'mail', 'web'] as const) {
      expect(project(name).globalSetup).toContain('test/setup/global.ts');
      for (const f of project(name).include) {
        const n = needs(f);
        // A browser test needs the database too; a mail test the database and SMTP.
        const wanted =
          name === 'web' ? n.web && n.db : name === 'mail' ? n.mail && n.db && !n.web : n.db && !n.mail && !n.web;
        if (!wanted) idle[f] = `in ${name}, needs ${JSON.stringify(n)}`;
      }
    }
    expect(idle, 'each file belongs to the project of what it needs (test/setup/projects.ts)').toEqual({});
  });
});
