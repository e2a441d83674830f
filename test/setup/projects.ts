// Which vitest project runs each test file, by what the file needs (vitest.config.ts):
//   web:  a real Chromium (test/web/browser.ts), and PostgreSQL;
//   mail: a real SMTP exchange (smtp-server, test/email/helpers.ts, test/reliability/smtp.ts), and PostgreSQL;
//   db:   PostgreSQL (test/helpers/db.ts, directly or through test/helpers/app.ts; inject('pgAdminUrl');
//         kahu or `npm start` run as a process; an embedded server of its own);
//   pure: nothing of these: engines, parsers, renderers, data and docs checks. It starts no database.
// Found by grepping the files (and the helpers they import); test/setup-projects.test.ts fails when a
// file in the pure project reaches the database, so a new service test cannot slip into it.
import fs from 'node:fs';
import path from 'node:path';

export type ProjectName = 'pure' | 'db' | 'mail' | 'web';

const WEB = ['test/web/'];
const MAIL = [
  'test/email/',
  'test/service/mail.test.ts',
  'test/service/votes.test.ts',
  'test/reliability/smtp-faults.test.ts',
  'test/reliability/kill-worker.test.ts',
  'test/reliability/backup.test.ts',
  'test/security/hidden-turns.test.ts',
];
const DB = ['test/service/', 'test/security/', 'test/reliability/'];
/** In the folders above, yet needing none of it. */
const PURE = [
  'test/email/reading.test.ts',
  'test/email/time.test.ts',
  'test/service/batcher.test.ts',
  'test/service/deadlines.test.ts',
  'test/service/dotenv.test.ts',
  'test/service/png.test.ts',
  'test/reliability/docs-links.test.ts',
  'test/reliability/node-versions.test.ts',
  'test/web/api-types.test.ts',
  'test/web/client-bundle.test.ts',
];

const matches = (file: string, entries: string[]) =>
  entries.some((e) => (e.endsWith('/') ? file.startsWith(e) : file === e));

/** `file` relative to the repository, with forward slashes. */
export function projectOf(file: string): ProjectName {
  if (matches(file, PURE)) return 'pure';
  if (matches(file, WEB)) return 'web';
  if (matches(file, MAIL)) return 'mail';
  if (matches(file, DB)) return 'db';
  return 'pure';
}

/** Every test file under test/, relative to `root`. */
export function testFiles(root = process.cwd()): string[] {
  return (fs.readdirSync(path.join(root, 'test'), { recursive: true }) as string[])
    .map((f) => `test/${f.split(path.sep).join('/')}`)
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
}

export function filesOf(project: ProjectName, root = process.cwd()): string[] {
  return testFiles(root).filter((f) => projectOf(f) === project);
}
