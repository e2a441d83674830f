// `npm run build`: the service as one ES module, dist/kahu/main.mjs, so `npm start` runs plain
// JavaScript instead of transforming TypeScript at start (tsx's loader thread, its caches and source
// maps cost about a third of an idle API's memory). Packages stay in node_modules (not bundled).
// Files found beside a module (migrations, fonts, the web client, the PNG child process) are found
// where they are: each import.meta.url names the module's own source file, relative to the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist/kahu/main.mjs');

const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.(ts|mts|mjs)$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, 'utf8');
      const rel = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      text = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      return { contents: text, loader: args.path.endsWith('.ts') || args.path.endsWith('.mts') ? 'ts' : 'js' };
    });
  },
};

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceUrls],
});

// The web client: dist/web/app.js (the server serves it, and bundles in memory only when it is stale).
const { bundleClient } = await import('./build-client.mjs');
bundleClient(root);
