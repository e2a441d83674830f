// The web client, served by the same process: one HTML page, its stylesheet and its script. The
// script is TypeScript in src/web/client/, compiled to JavaScript once at start (no CDN, no build
// step to forget); the pages talk to the public API like any other client.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const dir = path.dirname(fileURLToPath(import.meta.url));

// The TypeScript compiler is compiled in a short-lived child process: loaded into the server it
// would stay resident for good (about 140 MB of the API's RSS) to be used once.
const TRANSPILE = `const ts = require(process.argv[1]); const fs = require('node:fs');
process.stdout.write(ts.transpileModule(fs.readFileSync(0, 'utf8'), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false }, fileName: process.argv[2] }).outputText);`;

function compile(file: string): string {
  const source = fs.readFileSync(path.join(dir, 'client', file), 'utf8');
  const typescript = createRequire(import.meta.url).resolve('typescript');
  return execFileSync(process.execPath, ['-e', TRANSPILE, typescript, file], { input: source, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4e5f"/><path d="M4 18 L16 9 L28 18 L22 16 L16 22 L10 16 Z" fill="#f2e8cf"/></svg>';

export function webRoutes(): FastifyPluginAsync {
  const html = fs.readFileSync(path.join(dir, 'client', 'index.html'), 'utf8');
  const css = fs.readFileSync(path.join(dir, 'client', 'style.css'), 'utf8');
  const js = compile('app.ts');
  return async (app) => {
    // The page's own script and style only; the map SVG comes from the API and is inlined.
    const csp = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
    const page = async (_req: unknown, reply: { header: (k: string, v: string) => unknown; type: (t: string) => { send: (b: string) => unknown } }) => {
      reply.header('content-security-policy', csp);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(html);
    };
    app.get('/', { schema: { hide: true } }, page as never);
    app.get('/web/app.js', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(js));
    // A small kahu (hawk) mark, so browsers asking for an icon get one and not a 404.
    const icon = async (_req: unknown, reply: { header: (k: string, v: string) => { type: (t: string) => { send: (b: string) => unknown } } }) => reply.header('cache-control', 'max-age=86400').type('image/svg+xml').send(FAVICON);
    app.get('/web/favicon.svg', { schema: { hide: true } }, icon as never);
    app.get('/favicon.ico', { schema: { hide: true } }, icon as never);
    app.get('/web/style.css', { schema: { hide: true } }, async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(css));
  };
}
