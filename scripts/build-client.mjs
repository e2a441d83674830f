// The web client as one ES module: src/web/client/main.ts and what it imports, bundled by esbuild
// (types only from the API document and the engines: nothing of the engines is bundled; values only
// from src/contract, such as the hex numbers' hand the renderer draws with too), minified,
// with a source map. `npm run build` writes dist/web/app.js; the server bundles in memory when that
// file is missing or older than a client source (tests and tsx runs have no build step).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const CLIENT_DIR = 'src/web/client';
/** The other folder the bundle may take code from (test/layers.test.ts says so): part of its freshness. */
export const SHARED_DIR = 'src/contract';
export const CLIENT_OUT = 'dist/web/app.js';

/** Every source file of the client and of what it may share, for the freshness check. */
export function clientSources(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|mts|js|mjs)$/.test(e.name)) out.push(p);
    }
  };
  walk(path.join(root, CLIENT_DIR));
  if (fs.existsSync(path.join(root, SHARED_DIR))) walk(path.join(root, SHARED_DIR));
  return out;
}

/** True when dist/web/app.js exists and is newer than every client source. */
export function clientBundleFresh(root) {
  const out = path.join(root, CLIENT_OUT);
  if (!fs.existsSync(out)) return false;
  const built = fs.statSync(out).mtimeMs;
  return clientSources(root).every((f) => fs.statSync(f).mtimeMs <= built);
}

/**
 * Bundles the client. write: to dist/web/app.js and app.js.map; else in memory, returning both.
 * esbuild is loaded here, when needed: a server started from a fresh build never loads it.
 */
export function bundleClient(root, { write = true } = {}) {
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const outfile = path.join(root, CLIENT_OUT);
  const r = buildSync({
    entryPoints: [path.join(root, CLIENT_DIR, 'main.ts')],
    outfile,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: !process.env.KAHU_NO_MINIFY,
    sourcemap: 'linked',
    sourcesContent: true,
    legalComments: 'none',
    logLevel: 'warning',
    write,
  });
  if (write) return { js: fs.readFileSync(outfile, 'utf8'), map: fs.readFileSync(`${outfile}.map`, 'utf8') };
  const js = r.outputFiles.find((f) => f.path === outfile);
  const map = r.outputFiles.find((f) => f.path === `${outfile}.map`);
  return { js: js.text, map: map?.text ?? null };
}
