// A game moves between judges: its export, the import of a finished one, and the start of a game
// taken over from another judge at a given position.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import * as games from '../service/games.ts';
import { exportGame, importGame, MAX_IMPORT_BYTES } from '../service/transfer.ts';
import { optionalBearer, readerId, requireAuth } from './auth.ts';
import { GameView } from './games.ts';
import { problems, Uuid } from './schemas.ts';
import { GameExport, GameFile, Imported, StartFromPosition } from './transfer-schemas.ts';

const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });

export function transferRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games/:gameId/export',
      {
        schema: {
          tags: ['results'],
          summary:
            'The game as one JSON file for another judge: scenario, settings, every phase with its orders as written and report, events; once over, its seed (so the file replays anywhere). Before the end only the moderator may export it',
          ...optionalBearer,
          params: GameParams,
          response: { 200: GameExport, ...problems(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const a = await access(ctx.db, req.params.gameId, await readerId(ctx, req));
        const file = await exportGame(ctx, a);
        const name =
          a.game.name
            .replace(/[^A-Za-z0-9._-]+/g, '-')
            .replace(/^-+|-+$/g, '')
            .slice(0, 60) || 'game';
        reply
          .header('content-disposition', `attachment; filename="${name}.kahu.json"`)
          .header('cache-control', 'private, no-store');
        return file;
      },
    );

    app.post(
      '/games/import',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        // Engine states go into jsonb: their numbers need not fit an int4 column (input-guard.ts).
        config: { engineJson: true },
        schema: {
          tags: ['games'],
          summary:
            'Import a finished game from its file (GET /games/{id}/export on any judge, at most 8 MB and 1,000 phases; 20 imports a day): replayed from its seed first; a file that does not replay is refused (422) naming the first phase and field that differ. The game is kept as an archive, read-only, with you as its moderator',
          ...auth,
          body: GameFile,
          response: { 201: Imported, ...problems(400, 401, 413, 422, 429) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        const r = await importGame(ctx, account.id, req.body);
        reply.code(201).header('location', `/games/${r.id}`);
        return r;
      },
    );

    app.post(
      '/games/:gameId/start-from-position',
      {
        schema: {
          tags: ['moderator'],
          summary:
            'Start a Standard or Heiau game at a given position, to take over a game begun on another judge (moderator, before the start): as POST /games/{id}/start, from the position instead of the set-up; the event and the start mail say so',
          ...auth,
          params: GameParams,
          body: StartFromPosition,
          response: { 200: GameView, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await games.startGame(ctx, req.params.gameId, account.id, { position: req.body.position });
        return games.gameView(ctx, await access(ctx.db, req.params.gameId, account.id));
      },
    );
  };
}
