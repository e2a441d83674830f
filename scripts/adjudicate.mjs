// `npm run adjudicate`: the CLI (src/cli/adjudicate.ts) run from one prebuilt JavaScript file.
// Under tsx a run took about 0.3 s more to start (the loader and its transform of every module), and
// the code it runs is wrapped for names (`__name`) in the adjudicator's hot paths. The bundle is
// built here with esbuild (tsx's own dependency) on first use and again whenever one of its
// sources changed (size or modification time), so a fresh clone or an edited source never runs
// stale code; if it cannot be built (say a read-only checkout), the CLI runs under tsx as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/cli/adjudicate.ts';
const DIR = path.join(ROOT, '.build');
const OUT = path.join(DIR, 'adjudicate.mjs');
const STAMP = path.join(DIR, 'adjudicate.inputs.json');

/** Each source file of the bundle with its size and modification time. */
function stamp(files) {
  return Object.fromEntries(
    files.map((f) => {
      const s = fs.statSync(path.join(ROOT, f));
      return [f, `${s.size} ${s.mtimeMs}`];
    }),
  );
}

function fresh() {
  try {
    const recorded = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
    if (!fs.existsSync(OUT)) return false;
    const now = stamp(Object.keys(recorded));
    return Object.keys(recorded).every((f) => recorded[f] === now[f]);
  } catch {
    return false;
  }
}

async function build() {
  const esbuild = await import('esbuild');
  fs.mkdirSync(DIR, { recursive: true });
  // Written under a name of its own, then renamed: runs started together never read half a file.
  const tmp = `${OUT}.${process.pid}.tmp`;
  const r = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    write: true,
  });
  const files = Object.keys(r.metafile.inputs).filter((f) => !f.includes('node_modules'));
  fs.writeFileSync(`${STAMP}.${process.pid}.tmp`, JSON.stringify(stamp(files)));
  // node_modules is outside the bundle (`packages: 'external'`): the file must sit where it resolves.
  fs.renameSync(tmp, OUT);
  fs.renameSync(`${STAMP}.${process.pid}.tmp`, STAMP);
}

let cli;
try {
  if (!fresh()) await build();
  cli = await import(pathToFileURL(OUT).href);
} catch {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(pathToFileURL(path.join(ROOT, ENTRY)).href);
}
await cli.main();
