// The README's examples, and those of the docs it leads to (docs/api.md, docs/service-rules.md),
// run as written, then docs/backup.md's (same session, DATABASE_URL set to the judge's database).
// Every fenced block tagged `sh` (or `bash`, `shell`) is run, in the docs' order (README first), in
// one bash session (later examples use the walkthrough's accounts),
// against a real kahu (`node src/main.ts`, as `npm start` runs it) with mail written to
// `.data/outbox/` under the session's working directory, as the walkthrough expects. Blocks tagged
// `python` are run with python3. A block is not run only when the line before it (blank lines
// aside) is `<!-- not-run: why -->`, so a new example is run by default; an unmarked block that
// would install, start or benchmark something (npm ci, npm start, ...) stops the test before
// anything runs (npm finds the checkout from the session's directory). Untagged blocks are
// text (mail, outputs, layouts). The one substitution: the walkthrough's address
// `http://127.0.0.1:3000` becomes the test server's (its port is a free one).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { freePort, spawnKahu, type Kahu } from './procs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The docs whose examples run, in order: the README, then the pages holding its examples. */
const DOC_FILES = ['README.md', 'docs/api.md', 'docs/service-rules.md'];
const SERVICE_RULES = fs.readFileSync(path.join(ROOT, 'docs/service-rules.md'), 'utf8');
const README_ADDRESS = 'http://127.0.0.1:3000';

export interface Block {
  lang: string;
  text: string;
  line: number;
  notRun?: string;
  section: string;
  file?: string;
}

/** The README's fenced blocks (also those indented in a list item), with the section they are in. */
export function fencedBlocks(md: string): Block[] {
  const lines = md.split('\n');
  const blocks: Block[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#+\s+(.*)$/.exec(lines[i]);
    if (heading) {
      section = heading[1];
      continue;
    }
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^${indent}\`\`\`\\s*$`).test(lines[j]); j++)
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    let k = i - 1;
    while (k >= 0 && lines[k].trim() === '') k--;
    const marker = k >= 0 ? /^\s*<!--\s*not-run:?\s*(.*?)\s*-->\s*$/.exec(lines[k]) : null;
    blocks.push({
      lang,
      text: body.join('\n'),
      line: i + 1,
      section,
      ...(marker ? { notRun: marker[1] || 'not-run' } : {}),
    });
    i = j;
  }
  return blocks;
}

const BLOCKS = DOC_FILES.flatMap((file) =>
  fencedBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((b) => ({ ...b, file })),
);
const SHELL = BLOCKS.filter((b) => ['sh', 'bash', 'shell'].includes(b.lang) && !b.notRun);
// docs/backup.md's examples run after the README's, in the same session, on the walkthrough's judge
// (DATABASE_URL set to its database, as a moderator's .env would).
const BACKUP_DOC = fencedBlocks(fs.readFileSync(path.join(ROOT, 'docs/backup.md'), 'utf8'));
const BACKUP_SHELL = BACKUP_DOC.filter((b) => ['sh', 'bash', 'shell'].includes(b.lang) && !b.notRun);
const PYTHON = BLOCKS.filter((b) => b.lang === 'python' && !b.notRun);

// Never run by this test, marker or not: they install, start servers or touch the checkout.
const NEVER = /\bnpm (ci|install|i|start|test)\b|\bnpm run( -s)? (start|test|demo|soak|bench)|\bdocker\b|\bgit\b/;

const WALKTHROUGH = SHELL.find((b) => b.section === 'Walkthrough with curl');
const ADJUDICATE = SHELL.find((b) => /npm run -s adjudicate/.test(b.text));
const HAWAII = SHELL.find((b) => b.section === 'Hawaii 1795');

/** What each run block wrote, by its place in SHELL. */
interface Ran {
  stdout: string;
  stderr: string;
  status: number;
}

function runBash(
  script: string,
  cwd: string,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`README examples did not finish within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
  });
}

/** Splits a session's output at the markers written between the blocks. */
function split(out: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const m = new RegExp(`@@begin ${i}@@\\n([\\s\\S]*?)\\n@@end ${i}`).exec(out);
    return m ? m[1] : '';
  });
}

describe('README', () => {
  it('has the examples this test knows, and marks what is not to be run', () => {
    expect(WALKTHROUGH).toBeDefined();
    expect(ADJUDICATE).toBeDefined();
    expect(HAWAII).toBeDefined();
    // The install-and-start block starts a server of its own: marked, not run.
    expect(BLOCKS[0]).toMatchObject({ lang: 'sh', notRun: expect.any(String) });
    expect(BLOCKS[0].text).toContain('npm ci && npm start');
  });

  describe('shell examples against a running kahu', () => {
    let database: TestDatabase;
    let kahu: Kahu | undefined;
    let dir: string;
    let port: number;
    const ran: Ran[] = [];

    beforeAll(async () => {
      const unsafe = [...SHELL, ...BACKUP_SHELL.map((b) => ({ ...b, file: 'docs/backup.md' }))].filter((b) =>
        NEVER.test(b.text),
      );
      if (unsafe.length)
        throw new Error(
          `${unsafe.map((b) => `${b.file} line ${b.line}`).join(', ')}: an example that installs, starts or benchmarks something must be marked <!-- not-run: why -->`,
        );
      database = await createTestDatabase();
      // Under the repository, so `npm run` finds kahu's package.json from here, as from a checkout.
      fs.mkdirSync(path.join(ROOT, 'test-artifacts'), { recursive: true });
      dir = fs.mkdtempSync(path.join(ROOT, 'test-artifacts', 'readme-'));
      port = await freePort();
      kahu = spawnKahu([], { DATABASE_URL: database.url, PORT: String(port), DATA_DIR: path.join(dir, '.data') });
      await kahu.waitFor(/kahu is running/, 60_000);

      let script = '';
      const all = [...SHELL, ...BACKUP_SHELL];
      all.forEach((b, i) => {
        if (i === SHELL.length) script += `export DATABASE_URL='${database.url}'\n`;
        script += `printf '@@begin ${i}@@\\n'; printf '@@begin ${i}@@\\n' >&2\n`;
        script += b.text.replaceAll(README_ADDRESS, `http://127.0.0.1:${port}`);
        script += `\n__status=$?; printf '\\n@@end ${i} %d@@\\n' $__status; printf '\\n@@end ${i}@@\\n' >&2\n`;
      });
      const { stdout, stderr } = await runBash(script, dir, 90_000);
      const outs = split(stdout, all.length);
      const errs = split(stderr, all.length);
      all.forEach((_, i) =>
        ran.push({
          stdout: outs[i],
          stderr: errs[i],
          status: Number(new RegExp(`@@end ${i} (\\d+)@@`).exec(stdout)?.[1] ?? -1),
        }),
      );
    }, 150_000);

    afterAll(async () => {
      await kahu?.stop('SIGKILL');
      await database?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const of = (b: (typeof SHELL)[number] | undefined) => ran[SHELL.indexOf(b!)];

    it('the walkthrough: three accounts, a Heiau Race game started with the powers given, orders read, the phase adjudicated and its results mailed', () => {
      const r = of(WALKTHROUGH);
      expect(r.stderr).toBe('');
      const out = r.stdout;
      // 1. Three registrations accepted, each token mailed (the next steps use them).
      for (const who of ['kahuna', 'alii', 'makoa'])
        expect(out).toContain(`If ${who}@example.org can receive mail, a token is on its way there.`);
      // 3. Two invitations, then the start prints who plays what, the seed's hash and the deadline.
      expect(out).toContain('alii@example.org plays Sunrise\nmakoa@example.org plays Sunset\nseed hash ');
      expect(out).toMatch(/seed hash [0-9a-f]{64}\ndeadline \d{4}-\d\d-\d\dT/);
      // 5. Both submissions read and receipted.
      expect(out.match(/"receipt":\{/g)?.length).toBe(2);
      expect(out).not.toMatch(/"status":4\d\d|problem\+json/);
      // 6. The history shows the first phase adjudicated with the move in its report.
      expect(out).toMatch(/^Spring 1 Movement \[adjudicated\]\n/m);
      expect(out).toMatch(/^Fall 1 Movement \[open\]$/m);
      // ... and the results mail: its :: lines, the results and the new position.
      expect(out).toMatch(/^To: alii@example\.org/m);
      expect(out).toMatch(/^:: Phase: .*Spring 1 Movement$/m);
      expect(out).toMatch(/^:: Deadline:/m);
      expect(out).toMatch(/^\s*Sunrise: B Kawaihae, B Puna$/m);
      expect(out).toMatch(/^\s*Sunset: B Aiea, B Wailua$/m);
      expect(r.status).toBe(0);
    });

    it("the Hawaii 1795 example: a game with the walkthrough's accounts, its first turn sent", () => {
      const r = of(HAWAII);
      expect(r.stderr).toBe('');
      expect(r.stdout).not.toMatch(/"status":4\d\d|"detail"/);
      expect(r.stdout.match(/"receipt":\{/g)?.length).toBe(2);
      // The start prints the position, the card drawn for the first turn at its end; both turns' lines are read.
      expect(r.stdout).toMatch(/Kamehameha draws campaign card/);
      expect(r.stdout).toContain('"text":"STANDING WARFLEET NEVER","ok":true');
      expect(r.stdout).toContain('"text":"MOVE 2 warriors Kona - Hilo","ok":true');
      expect(r.status).toBe(0);
    });

    it('the adjudicate example: the order succeeds and the fleet stands where it moved', () => {
      const r = of(ADJUDICATE);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const result = JSON.parse(lines[0]);
      expect(result.orders).toEqual([
        expect.objectContaining({ power: 'England', text: 'F North Sea - Norway', result: 'succeeds' }),
      ]);
      expect(result.units).toEqual([{ power: 'England', type: 'F', location: 'nwy' }]);
    });

    it('docs/backup.md: a backup of the running judge is written, and its header read', () => {
      expect(BACKUP_SHELL.length).toBeGreaterThanOrEqual(2);
      const [backup, header] = BACKUP_SHELL.map((_, i) => ran[SHELL.length + i]!);
      expect(backup).toMatchObject({ stderr: '', status: 0 });
      expect(backup!.stdout).toMatch(
        /^backup of DATABASE_URL written to kahu-\d{8}T\d{6}Z\.backup\.gz: [\d.]+ kB in [\d.]+ s$/m,
      );
      expect(header).toMatchObject({ stderr: '', status: 0 });
      expect(header!.stdout).toMatch(
        /^kahu-backup 1, written by kahu \S+ at \d{4}-\d\d-\d\dT.*, schema at \d{14}_\w+$/m,
      );
      expect(header!.stdout).toMatch(/^\s+[1-9]\d* Account$/m);
      expect(header!.stdout).toMatch(/^\s+[1-9]\d* Phase$/m);
      BACKUP_SHELL.slice(2).forEach((b, i) =>
        expect({ line: b.line, ...ran[SHELL.length + 2 + i] }).toMatchObject({ line: b.line, stderr: '', status: 0 }),
      );
    });

    it('every other shell example runs without an error', () => {
      SHELL.forEach((b, i) => {
        if ([WALKTHROUGH, HAWAII, ADJUDICATE].includes(b)) return;
        expect({ file: b.file, line: b.line, stderr: ran[i].stderr, status: ran[i].status }).toEqual({
          file: b.file,
          line: b.line,
          stderr: '',
          status: 0,
        });
      });
    });
  });

  describe('Fair dice: the worked example recomputed as docs/service-rules.md says', () => {
    const example = BLOCKS.find((b) => b.section === 'Fair dice' && b.lang === '' && /^seed:/m.test(b.text))!;
    const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)`, 'm').exec(example.text)![1];

    it('with sha256sum and shell arithmetic', async () => {
      // The inline commands, with the placeholder <seed> given the example's seed.
      const sha = /`(printf %s '<seed>:[^`]*sha256sum[^`]*)`/.exec(SERVICE_RULES)![1].replace('<seed>', field('seed'));
      const arith = /`(echo \$\(\( 0x[0-9a-f]+ % 6 \+ 1 \)\))`/.exec(SERVICE_RULES)![1];
      const run = async (cmd: string) =>
        (await promisify(execFile)('bash', ['-c', cmd], { timeout: 10_000 })).stdout.trim();
      expect(await run(sha)).toBe(field('SHA-256').slice(0, 8));
      expect(arith).toContain(`0x${field('SHA-256').slice(0, 8)}`);
      expect(await run(arith)).toBe(field('die'));
    });

    it('with the Python functions', async () => {
      const block = PYTHON.find((b) => /def draw\(/.test(b.text))!;
      expect(block).toBeDefined();
      const driver = `\nprint(draw(${JSON.stringify(field('seed'))}, ${JSON.stringify(field('label'))}, ${field('index')}))\nprint(below(${JSON.stringify(field('seed'))}, ${JSON.stringify(field('label'))}, ${field('index')}, 6))\n`;
      let stdout: string;
      try {
        ({ stdout } = await promisify(execFile)('python3', ['-c', block.text + driver], { timeout: 20_000 }));
      } catch (e: any) {
        if (e.code === 'ENOENT') return; // no python3 on this machine: the shell recomputation above still ran
        throw e;
      }
      const x = Number(field('x'));
      expect(stdout.trim().split('\n')).toEqual([String(x), `(${x % 6}, ${Number(field('index')) + 1})`]);
      expect((x % 6) + 1).toBe(Number(field('die')));
    });

    it('every other Python example runs', async () => {
      for (const b of PYTHON.filter((p) => !/def draw\(/.test(p.text))) {
        await promisify(execFile)('python3', ['-c', b.text], { timeout: 20_000 });
      }
    });
  });
});
