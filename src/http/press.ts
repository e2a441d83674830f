// Press between players, and the game's email-play settings (who may send press, and to whom).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import * as press from '../service/press.ts';
import { optionalBearer, readerId, requireAuth } from './auth.ts';
import { problems, Uuid } from './schemas.ts';

const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });
const PressItem = z.object({ id: z.string(), seq: z.number().int(), from: z.string(), to: z.array(z.string()), toAll: z.boolean(), text: z.string(), phase: z.string().nullable(), sentAt: z.date() });
const Settings = z.object({
  press: z.enum(['none', 'public', 'full']).describe('none; public: to ALL only; full: to any powers'),
  pressPublicAfterGame: z.boolean().describe('Everyone may read all press once the game is over'),
});

export function pressRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/games/:gameId/press', {
      schema: { tags: ['press'], summary: 'Press you sent or received (all press once the game is over, if the settings say so)', ...optionalBearer, params: GameParams, response: { 200: z.object({ press: z.array(PressItem) }), ...problems(401, 403, 404) } },
    }, async (req) => {
      return { press: await press.listPress(ctx, await access(ctx.db, req.params.gameId, await readerId(ctx, req))) };
    });

    app.post('/games/:gameId/press', {
      schema: {
        tags: ['press'], summary: 'Send press to other powers, or to ALL (where the game allows press)', ...auth, params: GameParams,
        body: z.object({ to: z.union([z.literal('ALL'), z.array(z.string().max(100)).min(1).max(50)]), text: z.string().min(1).max(press.MAX_PRESS_CHARS) }).strict(),
        response: { 201: PressItem.omit({ seq: true }).extend({ seq: z.number().int(), delivered: z.number().int() }), ...problems(400, 401, 403, 404, 409) },
      },
    }, async (req, reply) => {
      const { account } = await requireAuth(ctx, req);
      const r = await press.sendPress(ctx, req.params.gameId, account.id, req.body);
      reply.code(201);
      return r;
    });

    app.get('/games/:gameId/email-settings', {
      schema: { tags: ['press'], summary: 'The email-play settings of a game', ...optionalBearer, params: GameParams, response: { 200: Settings, ...problems(401, 403, 404) } },
    }, async (req) => {
      await access(ctx.db, req.params.gameId, await readerId(ctx, req));
      return press.emailSettings(ctx.db, req.params.gameId);
    });

    app.put('/games/:gameId/email-settings', {
      schema: { tags: ['press'], summary: 'Set who may send press, and whether it is public after the game (moderator)', ...auth, params: GameParams, body: Settings.partial().strict(), response: { 200: Settings, ...problems(400, 401, 403, 404) } },
    }, async (req) => {
      const { account } = await requireAuth(ctx, req);
      return press.updateEmailSettings(ctx, req.params.gameId, account.id, req.body);
    });
  };
}
