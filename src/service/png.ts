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

interface Renderer {
  child: ChildProcess;
  renders: number;
  waiting: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>;
}
let current: Renderer | null = null;
let nextId = 1;
let idle: NodeJS.Timeout | null = null;

/**
 * Who a render is for. Each has its own queue and they take turns at the child, so a flood of web
 * requests never keeps the players' mail (or the signed-in readers' maps) waiting behind more than
 * one render of the others.
 */
export type Share = 'mail' | 'readers' | 'visitors';
const SHARES: Share[] = ['mail', 'readers', 'visitors'];
// The SVG waits as UTF-8 bytes, outside the JavaScript heap (a Maori Wars map is 700 KB of text).
interface Job {
  svg: Buffer;
  width: number;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}
const queues: Record<Share, Job[]> = { mail: [], readers: [], visitors: [] };
// Renders go one at a time: the child is single-threaded anyway, and the API's cores stay free.
let drawing: Share | null = null;
let lastTurn = SHARES.length - 1;
/** The mean time of a render lately (ms), for the Retry-After of a refused request. */
let meanMs = 300;

/** Renders of this share waiting or being drawn. */
export function pendingRenders(share: Share): number {
  return queues[share].length + (drawing === share ? 1 : 0);
}

/** About how long `renders` more renders take (ms), from the recent ones. */
export function renderTimeMs(renders: number): number {
  return Math.round(meanMs * renders);
}

function retire(r: Renderer) {
  if (current === r) current = null;
  if (r.child.connected) r.child.disconnect();
}

function start(): Renderer {
  const child = fork(script, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
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

function renderOne(svg: Buffer, width: number): Promise<Buffer> {
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

/** The next share with work after the one that went last. */
function nextTurn(): Share | null {
  for (let i = 1; i <= SHARES.length; i++) {
    const share = SHARES[(lastTurn + i) % SHARES.length]!;
    if (queues[share].length) {
      lastTurn = SHARES.indexOf(share);
      return share;
    }
  }
  return null;
}

function pump() {
  if (drawing) return;
  const share = nextTurn();
  if (!share) return;
  const job = queues[share].shift()!;
  drawing = share;
  const t0 = performance.now();
  (async () => renderOne(job.svg, job.width))()
    .then(job.resolve, job.reject)
    .finally(() => {
      meanMs = 0.8 * meanMs + 0.2 * (performance.now() - t0);
      drawing = null;
      pump();
    });
}

/** The SVG drawn as a PNG `width` pixels wide (png-draw.mjs: the bundled fonts, our encoder), in `share`'s turn. */
export function svgToPng(svg: string, width: number, share: Share = 'readers'): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    queues[share].push({ svg: Buffer.from(svg, 'utf8'), width, resolve, reject });
    pump();
  });
}
