// A game's map for the caller, now or at a phase: SVG from the game layer, PNG from the SVG.
import crypto from 'node:crypto';
import { drawMap, hasMap } from '../games/maps.ts';
import type { Access } from './access.ts';
import type { Ctx } from './context.ts';
import { notFound } from './errors.ts';
import { currentPhase, latestPhase } from './games.ts';
import { moduleOf } from './access.ts';
import type { Viewer } from '../contract/types.ts';
import { svgToPng } from './png.ts';

export interface MapImage {
  body: string | Buffer;
  etag: string;
  /** An adjudicated phase never changes: its map may be cached for good. */
  final: boolean;
}

/** The map of the current (or last) phase, or of phase `seq`, as the caller may see it. */
export async function mapSvg(ctx: Ctx, a: Access, seq?: number): Promise<MapImage> {
  if (!hasMap(a.module)) throw notFound(`${a.module.name} has no drawn map yet; its position is in the game's text view.`);
  const phase = seq === undefined
    ? (await currentPhase(ctx.db, a.game.id)) ?? (await latestPhase(ctx.db, a.game.id))
    : await ctx.db.phase.findUnique({ where: { gameId_seq: { gameId: a.game.id, seq } } });
  if (!phase || phase.status === 'rolled_back') throw notFound(seq === undefined ? 'The game has not started: there is no map yet.' : `This game has no phase ${seq}.`);
  const final = phase.status === 'adjudicated' || phase.status === 'skipped';
  let own: { role: string; accepted: unknown } | undefined;
  if (!final && a.viewer.kind === 'player') {
    const sub = await ctx.db.submission.findFirst({ where: { phaseId: phase.id, role: a.viewer.role, supersededAt: null }, orderBy: { seq: 'desc' } });
    if (sub) own = { role: sub.role, accepted: sub.accepted };
  }
  const svg = drawMap({ module: a.module, state: phase.state, report: final ? phase.report ?? undefined : undefined, own, viewer: a.viewer, title: `${a.game.name}: ${phase.label}` });
  if (svg === null) throw notFound(`${a.module.name} has no drawn map yet.`);
  return { body: svg, etag: etagOf(svg), final };
}

export async function mapPng(ctx: Ctx, a: Access, seq?: number): Promise<MapImage> {
  const svg = await mapSvg(ctx, a, seq);
  const png = await pngOf(svg.body as string, 1600);
  return { body: png, etag: etagOf(png), final: svg.final };
}

/**
 * The map a game mail shows its reader: the phase drawn for that viewer exactly as the web page
 * draws it (the same view function), with the phase's results once adjudicated. Null when the
 * game has no drawing or the phase is gone.
 */
/**
 * The width a mail's map is drawn and shown at. The board's names are 8 points in a 1000-unit-wide
 * map: at 1400 px they are 11.2 px (the shrunk long names, 5.5 points, 7.7 px). At the 800 px of
 * before they were 6.4 px. Cropping around the reader's units would allow a narrower image; not yet.
 */
export const MAIL_MAP_WIDTH = 1400;

export async function mailMap(ctx: Ctx, phaseId: string, viewer: Viewer): Promise<{ png: Buffer; title: string } | null> {
  const phase = await ctx.db.phase.findUnique({ where: { id: phaseId }, include: { game: true } });
  if (!phase || phase.status === 'rolled_back') return null;
  const module = moduleOf(phase.game);
  if (!hasMap(module)) return null;
  const final = phase.status === 'adjudicated' || phase.status === 'skipped';
  const title = `${phase.game.name}: ${phase.label}`;
  const svg = drawMap({ module, state: phase.state, report: final ? phase.report ?? undefined : undefined, viewer, title });
  return svg === null ? null : { png: await pngOf(svg, MAIL_MAP_WIDTH), title };
}

// Readers who may see the same thing get the same drawing (every player of a game without hidden
// information, or one reader asking again): draw the PNG once per distinct SVG and width. The
// cache is bounded by bytes (the oldest drawings go first).
const PNG_CACHE_BYTES = 16 * 1024 * 1024;
const pngCache = new Map<string, Buffer>();
let pngCacheBytes = 0;
async function pngOf(svg: string, width: number): Promise<Buffer> {
  const key = `${width}:${crypto.createHash('sha256').update(svg).digest('base64')}`;
  let png = pngCache.get(key);
  if (!png) {
    png = await svgToPng(svg, width);
    if (!pngCache.has(key)) {
      pngCache.set(key, png);
      pngCacheBytes += png.length;
      while (pngCacheBytes > PNG_CACHE_BYTES && pngCache.size > 1) {
        const [oldest, old] = pngCache.entries().next().value!;
        pngCache.delete(oldest);
        pngCacheBytes -= old.length;
      }
    }
  }
  return png;
}

function etagOf(body: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
