// Maps of a game as the caller may see them: SVG and PNG, now or at a phase. An adjudicated phase
// never changes, so its map is cached for good; every answer carries an ETag.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { mapPng, mapSvg, type MapImage } from '../service/maps.ts';
import { optionalBearer, readerId } from './auth.ts';
import { sendText } from '../web/gzip.ts';
import { problems, Uuid } from './schemas.ts';

const image = (type: string) => z.any().describe(type);
const pngQueue =
  'PNG maps are drawn one at a time: the same map asked for at once is drawn once for all. A map not yet drawn is refused with 503 and Retry-After while too many wait (RENDER_QUEUE_MAX), and with 429 while you have RENDER_PER_CLIENT of them being drawn. The SVG map is never queued.';

/** A map runs no script, whatever its data: opened on its own (a link to map.svg), it is a document of kahu's origin. */
export const MAP_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function send(req: FastifyRequest, reply: FastifyReply, img: MapImage, type: string) {
  reply.header('content-security-policy', MAP_CSP);
  // Maps differ per reader, so caches must keep them private.
  reply
    .header('etag', img.etag)
    .header('cache-control', img.final ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .header('vary', 'Authorization, Cookie');
  if (req.headers['if-none-match'] === img.etag) return reply.code(304).send();
  if (type.startsWith('image/svg')) return sendText(req, reply.type(type), img.body, `svg:${img.etag}`);
  return reply.type(type).send(img.body);
}

// The web page asks for a hex map without its numbers and draws those in view itself: they were a
// third of the Maori Wars map's bytes and of its first layout on a phone (issue 24's page speed).
const SvgQuery = z.object({
  hexNumbers: z
    .enum(['true', 'false'])
    .optional()
    .describe("false: Maori Wars' hex numbers are left out (the map's cells, in its metadata, say where each hex is)"),
});

export function mapRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const now = { tags: ['maps'], ...optionalBearer, params: z.object({ gameId: Uuid }) };
    const atPhase = {
      tags: ['maps'],
      ...optionalBearer,
      params: z.object({ gameId: Uuid, seq: z.coerce.number().int().min(1).max(1_000_000) }),
    };

    app.get(
      '/games/:gameId/map.svg',
      {
        schema: {
          ...now,
          querystring: SvgQuery,
          summary: 'The map now, as you may see it (with your own orders of the open phase)',
          produces: ['image/svg+xml'],
          response: { 200: image('image/svg+xml'), 304: z.null(), ...problems(400, 401, 404) },
        },
      },
      async (req, reply) => {
        return send(
          req,
          reply,
          await mapSvg(ctx, await access(ctx.db, req.params.gameId, await readerId(ctx, req)), undefined, {
            hexNumbers: req.query.hexNumbers !== 'false',
          }),
          'image/svg+xml; charset=utf-8',
        );
      },
    );
    app.get(
      '/games/:gameId/map.png',
      {
        schema: {
          ...now,
          summary: 'The map now as a PNG image',
          description: pngQueue,
          produces: ['image/png'],
          response: { 200: image('image/png'), 304: z.null(), ...problems(400, 401, 404, 429, 503) },
        },
      },
      async (req, reply) => {
        return send(
          req,
          reply,
          await mapPng(ctx, req.params.gameId, undefined, { account: await readerId(ctx, req), address: req.ip }),
          'image/png',
        );
      },
    );
    app.get(
      '/games/:gameId/phases/:seq/map.svg',
      {
        schema: {
          ...atPhase,
          querystring: SvgQuery,
          summary: 'The map of a phase: its position, and once adjudicated its orders with their results',
          produces: ['image/svg+xml'],
          response: { 200: image('image/svg+xml'), 304: z.null(), ...problems(400, 401, 404) },
        },
      },
      async (req, reply) => {
        return send(
          req,
          reply,
          await mapSvg(ctx, await access(ctx.db, req.params.gameId, await readerId(ctx, req)), req.params.seq, {
            hexNumbers: req.query.hexNumbers !== 'false',
          }),
          'image/svg+xml; charset=utf-8',
        );
      },
    );
    app.get(
      '/games/:gameId/phases/:seq/map.png',
      {
        schema: {
          ...atPhase,
          summary: 'The map of a phase as a PNG image',
          description: pngQueue,
          produces: ['image/png'],
          response: { 200: image('image/png'), 304: z.null(), ...problems(400, 401, 404, 429, 503) },
        },
      },
      async (req, reply) => {
        return send(
          req,
          reply,
          await mapPng(ctx, req.params.gameId, req.params.seq, { account: await readerId(ctx, req), address: req.ip }),
          'image/png',
        );
      },
    );
  };
}
