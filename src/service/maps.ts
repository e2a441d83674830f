// A game's map for the caller, now or at a phase: SVG from the game layer, PNG from the SVG.
import crypto from 'node:crypto';
import { drawMailMap, drawMap, hasMap, readerPoints } from '../games/maps.ts';
import { access, type Access } from './access.ts';
import type { Ctx } from './context.ts';
import { AppError, notFound } from './errors.ts';
import { currentPhase, latestPhase } from './games.ts';
import { moduleOf } from './access.ts';
import type { Viewer } from '../contract/types.ts';
import { viewerKey } from '../mail/game-mail.ts';
import { pendingRenders, renderTimeMs, svgToPng, type Share } from './png.ts';

export interface MapImage {
  body: string | Buffer;
  etag: string;
  /** An adjudicated phase never changes: its map may be cached for good. */
  final: boolean;
}

/** What a reader's map of a phase is drawn from, and `key`: the same key, the same drawing. */
interface MapView {
  key: string;
  final: boolean;
  module: string;
  draw(): string | null;
}

async function mapView(ctx: Ctx, a: Access, seq?: number, hexNumbers?: boolean): Promise<MapView> {
  if (!hasMap(a.module))
    throw notFound(`${a.module.name} has no drawn map yet; its position is in the game's text view.`);
  const phase =
    seq === undefined
      ? ((await currentPhase(ctx.db, a.game.id)) ?? (await latestPhase(ctx.db, a.game.id)))
      : await ctx.db.phase.findUnique({ where: { gameId_seq: { gameId: a.game.id, seq } } });
  if (!phase || phase.status === 'rolled_back')
    throw notFound(
      seq === undefined ? 'The game has not started: there is no map yet.' : `This game has no phase ${seq}.`,
    );
  const final = phase.status === 'adjudicated' || phase.status === 'skipped';
  let own: { id: string; role: string; accepted: unknown } | undefined;
  if (!final && a.viewer.kind === 'player') {
    const sub = await ctx.db.submission.findFirst({
      where: { phaseId: phase.id, role: a.viewer.role, supersededAt: null },
      orderBy: { seq: 'desc' },
    });
    if (sub) own = { id: sub.id, role: sub.role, accepted: sub.accepted };
  }
  const title = `${a.game.name}: ${phase.label}`;
  // A phase's state and report are written once (the report with the status), a submission never
  // changes: the phase, its status, the view, the orders drawn, the title and whether the hex numbers
  // are in say what is drawn.
  const key = [
    phase.id,
    phase.status,
    viewerKey(a.viewer),
    own?.id ?? '',
    title,
    hexNumbers === false ? 'no hex numbers' : '',
  ].join('\n');
  return {
    key,
    final,
    module: a.module.name,
    draw: () =>
      drawMap({
        module: a.module,
        state: phase.state,
        report: final ? (phase.report ?? undefined) : undefined,
        own,
        viewer: a.viewer,
        title,
        hexNumbers,
      }),
  };
}

/**
 * The map of the current (or last) phase, or of phase `seq`, as the caller may see it; `hexNumbers`
 * false: a hex map without its numbers (the web page draws those in view).
 */
export async function mapSvg(
  ctx: Ctx,
  a: Access,
  seq?: number,
  opts: { hexNumbers?: boolean } = {},
): Promise<MapImage> {
  const view = await mapView(ctx, a, seq, opts.hexNumbers);
  const svg = view.draw();
  if (svg === null) throw notFound(`${a.module.name} has no drawn map yet.`);
  return { body: svg, etag: etagOf(svg), final: view.final };
}

/** Who asks for a PNG map: the signed-in account, else the client's address (as the app reads it, TRUST_PROXY included). */
export interface Asker {
  account?: string;
  address: string;
}

// Lookups under way (who may read the game, the phase, the view), shared by identical requests
// that come together: a crowd asking for one public map costs the database one lookup.
const lookingUp = new Map<string, Promise<MapView>>();

/** The map of game `gameId` now, or of phase `seq`, as a PNG for the asker (who must be allowed to read the game). */
export async function mapPng(ctx: Ctx, gameId: string, seq: number | undefined, by: Asker): Promise<MapImage> {
  const key = `${gameId} ${seq ?? ''} ${by.account ?? ''}`;
  let lookup = lookingUp.get(key);
  if (!lookup) {
    lookup = access(ctx.db, gameId, by.account)
      .then((a) => mapView(ctx, a, seq))
      .finally(() => lookingUp.delete(key));
    lookingUp.set(key, lookup);
  }
  const view = await lookup;
  const png = await pngOf(
    ctx,
    view,
    1600,
    by.account ? 'readers' : 'visitors',
    by.account ? `account ${by.account}` : `address ${by.address}`,
  );
  if (!png) throw notFound(`${view.module} has no drawn map yet.`);
  return { body: png.png, etag: png.etag, final: view.final };
}

/**
 * The map a game mail shows its reader: the phase drawn for that viewer exactly as the web page
 * draws it (the same view function), with the phase's results once adjudicated. Null when the
 * game has no drawing or the phase is gone.
 */
/**
 * The width a mail's uncropped map is drawn and shown at (the moderator's, an observer's). The
 * board's names are 8 points in a 1000-unit-wide map: at 1400 px they are 11.2 px. A player's map
 * is cropped around their units instead (src/render/mail-crop.ts): a Diplomacy board at the width
 * where every name is 11 px, Hawaii 1795, Aloha and Maori Wars in parts 600 px wide.
 */
export const MAIL_MAP_WIDTH = 1400;

export async function mailMap(
  ctx: Ctx,
  phaseId: string,
  viewer: Viewer,
): Promise<{ png: Buffer; title: string; width: number } | null> {
  const phase = await ctx.db.phase.findUnique({ where: { id: phaseId }, include: { game: true } });
  if (!phase || phase.status === 'rolled_back') return null;
  const module = moduleOf(phase.game);
  if (!hasMap(module)) return null;
  const final = phase.status === 'adjudicated' || phase.status === 'skipped';
  const title = `${phase.game.name}: ${phase.label}`;
  const key = ['mail', phase.id, phase.status, viewerKey(viewer), '', title].join('\n');
  const req = { module, state: phase.state, report: final ? (phase.report ?? undefined) : undefined, viewer, title };
  // A cropped map is drawn here, for its width; an uncropped one (a big board) only when its PNG is not cached.
  const drawn = readerPoints(req).length ? drawMailMap(req) : null;
  const width = drawn?.width ?? MAIL_MAP_WIDTH;
  const png = await pngOf(
    ctx,
    { key, final, module: module.name, draw: () => drawn?.svg ?? drawMap(req) },
    width,
    'mail',
  );
  return png && { png: png.png, title, width };
}

// Readers who may see the same thing get the same drawing (every player of a game without hidden
// information, or one reader asking again): draw the PNG once per distinct SVG and width. The
// cache is bounded by bytes (the oldest drawings go first).
interface Png {
  png: Buffer;
  etag: string;
}
const PNG_CACHE_BYTES = 16 * 1024 * 1024;
const pngCache = new Map<string, Png>();
let pngCacheBytes = 0;
// Which SVG each view drew lately (its key to the SVG's hash): a view asked for again is found in
// the cache without drawing its SVG (a Maori Wars map is 700 KB of text).
const VIEWS_KEPT = 4096;
const svgOfView = new Map<string, string>();
// Drawings under way, by view and by SVG: whoever asks for the same meanwhile waits for that one render.
const drawing = new Map<string, Promise<Png | null>>();
// Renders under way per asker (web requests only), for RENDER_PER_CLIENT.
const drawingFor = new Map<string, number>();

/**
 * `share`: whose turn the render takes (src/service/png.ts). A web request (`asker` set) for a map
 * neither cached nor being drawn is refused with 429 when the asker has RENDER_PER_CLIENT under way,
 * and with 503 when its share has RENDER_QUEUE_MAX renders waiting. From the refusal on, all is
 * synchronous: the SVG is drawn, hashed and queued as bytes (or dropped) before another request
 * runs, so no more than one SVG at a time is ever in the heap.
 */
async function pngOf(ctx: Ctx, view: MapView, width: number, share: Share, asker?: string): Promise<Png | null> {
  const viewKey = `${width} ${view.key}`;
  const known = svgOfView.get(viewKey);
  const hit = known !== undefined ? pngCache.get(known) : undefined;
  if (hit) return hit;
  const shared = drawing.get(viewKey);
  if (shared) return shared;
  if (asker !== undefined) {
    // The asker's own renders first: a client with its share under way is told so (429), whatever the queue.
    const pending = pendingRenders(share);
    const seconds = Math.max(1, Math.ceil(renderTimeMs(pending) / 1000));
    const mine = drawingFor.get(asker) ?? 0;
    if (mine >= ctx.config.renderPerClient) {
      throw new AppError(
        429,
        'Too many requests',
        `You already have ${mine} map${mine === 1 ? '' : 's'} being drawn; ask for this one once they are done, in about ${seconds} s (see Retry-After).`,
        undefined,
        { retryAfterSeconds: seconds },
      );
    }
    if (pending >= ctx.config.renderQueueMax) {
      throw new AppError(
        503,
        'Service unavailable',
        `Too many maps are being drawn right now; nothing is wrong with your request. Ask again in ${seconds} s (see Retry-After), or use the SVG map, which is never queued.`,
        undefined,
        { retryAfterSeconds: seconds },
      );
    }
  }
  const svg = view.draw();
  if (svg === null) return null;
  const svgKey = `${width}:${crypto.createHash('sha256').update(svg).digest('base64')}`;
  remember(svgOfView, viewKey, svgKey, VIEWS_KEPT);
  const cached = pngCache.get(svgKey);
  if (cached) return cached;
  const same = drawing.get(svgKey);
  if (same) return same;
  if (asker !== undefined) drawingFor.set(asker, (drawingFor.get(asker) ?? 0) + 1);
  const t0 = performance.now();
  const png = svgToPng(svg, width, share)
    .then((png) => {
      ctx.log.debug({ share, width, ms: Math.round(performance.now() - t0) }, 'map drawn');
      const made = { png, etag: etagOf(png) };
      keep(svgKey, made);
      return made;
    })
    .finally(() => {
      drawing.delete(viewKey);
      drawing.delete(svgKey);
      if (asker === undefined) return;
      const left = drawingFor.get(asker)! - 1;
      if (left > 0) drawingFor.set(asker, left);
      else drawingFor.delete(asker);
    });
  drawing.set(viewKey, png);
  drawing.set(svgKey, png);
  return png;
}

function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

function keep(key: string, png: Png) {
  if (pngCache.has(key)) return;
  pngCache.set(key, png);
  pngCacheBytes += png.png.length;
  while (pngCacheBytes > PNG_CACHE_BYTES && pngCache.size > 1) {
    const [oldest, old] = pngCache.entries().next().value!;
    pngCache.delete(oldest);
    pngCacheBytes -= old.png.length;
  }
}

function etagOf(body: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
