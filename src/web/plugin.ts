// The web client, served by the same process: one HTML page, its stylesheet and its script. The
// script is TypeScript in src/web/client/, bundled by esbuild (scripts/build-client.mjs): `npm run
// build` writes dist/web/app.js; when that is missing or older than a client source (tests, tsx
// runs) the server bundles in memory at start. The pages talk to the public API like any other client.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bundleClient, clientBundleFresh, CLIENT_OUT } from '../../scripts/build-client.mjs';
import { sendText } from './gzip.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '../..');

/** The client's script and source map: the build's files when fresh, else bundled now (kept in memory). */
function clientScript(): { js: string; map: string | null } {
  if (clientBundleFresh(root)) {
    const out = path.join(root, CLIENT_OUT);
    return {
      js: fs.readFileSync(out, 'utf8'),
      map: fs.existsSync(`${out}.map`) ? fs.readFileSync(`${out}.map`, 'utf8') : null,
    };
  }
  return bundleClient(root, { write: false });
}

/** A name for these bytes: the page names its script and style by content, so a browser keeps them for good. */
export const contentTag = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4e5f"/><path d="M4 18 L16 9 L28 18 L22 16 L16 22 L10 16 Z" fill="#f2e8cf"/></svg>';

export function webRoutes(): FastifyPluginAsync {
  const { js, map } = clientScript();
  const css = fs.readFileSync(path.join(dir, 'client', 'style.css'), 'utf8');
  const jsUrl = `/web/app.${contentTag(js)}.js`;
  const cssUrl = `/web/style.${contentTag(css)}.css`;
  const html = fs
    .readFileSync(path.join(dir, 'client', 'index.html'), 'utf8')
    .replace('href="/web/style.css"', `href="${cssUrl}"`)
    .replace('src="/web/app.js"', `src="${jsUrl}"`);
  return async (app) => {
    // The page's own script and style only; the map SVG comes from the API and is inlined.
    const csp =
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
    // Gzipped once (keyed), sent so to every browser that takes it.
    const page = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('content-security-policy', csp);
      reply.header('cache-control', 'no-cache');
      return sendText(req, reply.type('text/html; charset=utf-8'), html, `web:html:${jsUrl}:${cssUrl}`);
    };
    app.get('/', { schema: { hide: true } }, page as never);
    // Named by content: a new build is a new name, so these never change and are kept a year
    // (a returning reader's page starts without asking for them). The plain names stay for
    // other clients, asked again each time.
    const script = (cache: string) => async (req: FastifyRequest, reply: FastifyReply) =>
      sendText(req, reply.header('cache-control', cache).type('text/javascript; charset=utf-8'), js, `web:js:${jsUrl}`);
    const style = (cache: string) => async (req: FastifyRequest, reply: FastifyReply) =>
      sendText(req, reply.header('cache-control', cache).type('text/css; charset=utf-8'), css, `web:css:${cssUrl}`);
    const forGood = 'public, max-age=31536000, immutable';
    app.get(jsUrl, { schema: { hide: true } }, script(forGood) as never);
    app.get('/web/app.js', { schema: { hide: true } }, script('no-cache') as never);
    app.get(cssUrl, { schema: { hide: true } }, style(forGood) as never);
    app.get('/web/style.css', { schema: { hide: true } }, style('no-cache') as never);
    if (map)
      app.get('/web/app.js.map', { schema: { hide: true } }, async (_req, reply) =>
        reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(map),
      );
    // A small kahu (hawk) mark, so browsers asking for an icon get one and not a 404.
    const icon = async (
      _req: unknown,
      reply: { header: (k: string, v: string) => { type: (t: string) => { send: (b: string) => unknown } } },
    ) => reply.header('cache-control', 'max-age=86400').type('image/svg+xml').send(FAVICON);
    app.get('/web/favicon.svg', { schema: { hide: true } }, icon as never);
    app.get('/favicon.ico', { schema: { hide: true } }, icon as never);
  };
}
