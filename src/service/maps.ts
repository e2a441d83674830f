// A game's map for the caller, now or at a phase: SVG from the game layer, PNG from the SVG.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { drawMap, hasMap } from '../games/maps.ts';
import type { Access } from './access.ts';
import type { Ctx } from './context.ts';
import { notFound } from './errors.ts';
import { currentPhase, latestPhase } from './games.ts';
import { moduleOf } from './access.ts';
import type { Viewer } from '../contract/types.ts';

export interface MapImage {
  body: string | Buffer;
  etag: string;
  /** An adjudicated phase never changes: its map may be cached for good. */
  final: boolean;
}

const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
const fontFiles = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((f) => path.join(fontDir, f));

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
  const png = toPng(svg.body as string, 1600);
  return { body: png, etag: etagOf(png), final: svg.final };
}

function toPng(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
}

/**
 * The map a game mail shows its reader: the phase drawn for that viewer exactly as the web page
 * draws it (the same view function), with the phase's results once adjudicated. Null when the
 * game has no drawing or the phase is gone.
 */
export async function mailMap(ctx: Ctx, phaseId: string, viewer: Viewer): Promise<{ png: Buffer; title: string } | null> {
  const phase = await ctx.db.phase.findUnique({ where: { id: phaseId }, include: { game: true } });
  if (!phase || phase.status === 'rolled_back') return null;
  const module = moduleOf(phase.game);
  if (!hasMap(module)) return null;
  const final = phase.status === 'adjudicated' || phase.status === 'skipped';
  const title = `${phase.game.name}: ${phase.label}`;
  const svg = drawMap({ module, state: phase.state, report: final ? phase.report ?? undefined : undefined, viewer, title });
  return svg === null ? null : { png: pngOf(svg), title };
}

// Readers who may see the same thing get the same drawing (every player of a game without hidden
// information): draw the PNG once per distinct SVG.
const pngCache = new Map<string, Buffer>();
function pngOf(svg: string): Buffer {
  const key = crypto.createHash('sha256').update(svg).digest('base64');
  let png = pngCache.get(key);
  if (!png) {
    png = toPng(svg, 1000);
    if (pngCache.size >= 256) pngCache.delete(pngCache.keys().next().value!);
    pngCache.set(key, png);
  }
  return png;
}

function etagOf(body: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
