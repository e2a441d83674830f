// SVG to PNG with resvg, in a child process that is replaced every few renders. resvg-js 2.6
// leaks each rendered image's pixels outside the JavaScript heap (thx/resvg-js#216: about 12 MB
// per 1600-pixel map, never returned even after GC), so rendering in the API or the worker would
// grow their memory without bound. The child takes the leak and is retired before it matters.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'png-process.mjs');

/** Renders per child before a fresh one takes over (bounds the child's leaked memory). */
const RENDERS_PER_CHILD = 12;
/** An idle child is retired after this long, giving its memory back. */
const IDLE_MS = 20_000;

interface Renderer { child: ChildProcess; renders: number; waiting: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }> }
let current: Renderer | null = null;
let nextId = 1;
let idle: NodeJS.Timeout | null = null;
// Renders go one at a time: the child is single-threaded anyway, and the API's cores stay free.
let chain: Promise<unknown> = Promise.resolve();

function retire(r: Renderer) {
  if (current === r) current = null;
  if (r.child.connected) r.child.disconnect();
}

function start(): Renderer {
  const child = fork(script, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const r: Renderer = { child, renders: 0, waiting: new Map() };
  child.on('message', (m: { id: number; png?: Uint8Array; error?: string }) => {
    const w = r.waiting.get(m.id);
    if (!w) return;
    r.waiting.delete(m.id);
    if (m.png) w.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
    else w.reject(new Error(`PNG rendering failed: ${m.error}`));
  });
  child.on('exit', (code, signal) => {
    if (current === r) current = null;
    for (const w of r.waiting.values()) w.reject(new Error(`the PNG renderer stopped (${signal ?? code})`));
    r.waiting.clear();
  });
  child.on('error', () => {});
  child.unref();
  (child.channel as unknown as { unref(): void } | undefined)?.unref();
  return r;
}

function renderOne(svg: string, width: number): Promise<Buffer> {
  if (idle) clearTimeout(idle);
  if (!current || current.renders >= RENDERS_PER_CHILD) {
    if (current) retire(current);
    current = start();
  }
  const r = current;
  r.renders++;
  const id = nextId++;
  const channel = r.child.channel as unknown as { ref(): void; unref(): void } | undefined;
  channel?.ref(); // a render in progress keeps the process alive
  return new Promise<Buffer>((resolve, reject) => {
    r.waiting.set(id, { resolve, reject });
    r.child.send({ id, svg, width });
  }).finally(() => {
    channel?.unref();
    idle = setTimeout(() => current && retire(current), IDLE_MS);
    idle.unref();
  });
}

/** The SVG drawn as a PNG `width` pixels wide (png-draw.mjs: the bundled fonts, our encoder). */
export function svgToPng(svg: string, width: number): Promise<Buffer> {
  const p = chain.then(() => renderOne(svg, width));
  chain = p.catch(() => {});
  return p;
}
