// Generates the Prisma client into src/db/generated when prisma/schema.prisma changed since the
// last generation. Run by `npm start`, `npm test` and the other scripts, so a fresh clone works
// after `npm ci`. Prisma's schema engine cannot be downloaded here and `generate` does not need
// it: point PRISMA_SCHEMA_ENGINE_BINARY at any existing file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = fs.readFileSync(path.join(root, 'prisma/schema.prisma'));
const clientPkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@prisma/client/package.json'), 'utf8'));
const hash = crypto.createHash('sha256').update(schema).update(clientPkg.version).digest('hex');
const out = path.join(root, 'src/db/generated');
const stamp = path.join(out, '.schema-hash');
if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash && fs.existsSync(path.join(out, 'client.ts'))) process.exit(0);

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = fs.existsSync('/bin/true') ? '/bin/true' : process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
try {
  execFileSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], { cwd: root, env, stdio: 'pipe' });
} catch (err) {
  process.stderr.write(String(err.stdout ?? '') + String(err.stderr ?? ''));
  process.exit(1);
}
fs.writeFileSync(stamp, hash);
