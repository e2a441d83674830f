// The caller's legal options now: for forms, clickable maps and scripts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { optionsFor } from '../service/options.ts';
import { requireAuth } from './auth.ts';
import { HAWAII_1795_HELP } from '../pbem/help.ts';
import { problems, Uuid } from './schemas.ts';

export function optionRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games/:gameId/options',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Everything you may order now, each with the text the order reader accepts (the moderator: every power, or one with ?role=)',
          security: [{ bearer: [] }],
          params: z.object({ gameId: Uuid }),
          querystring: z.object({ role: z.string().min(1).max(40).optional() }).strict(),
          response: {
            200: z.object({
              role: z
                .string()
                .nullable()
                .describe('Whose options; null when the moderator asked for every power (options by power)'),
              phase: z.object({ key: z.string(), label: z.string(), type: z.string() }),
              help: z
                .string()
                .optional()
                .describe('Hawaii 1795: every line the order reader accepts, as HELP by email lists them'),
              options: z
                .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
                .describe(
                  "The game's options: Diplomacy lists each unit's orders as { kind, order, text }; Hawaii 1795 its legal choices; for the moderator, by power",
                ),
            }),
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        const a = await access(ctx.db, req.params.gameId, account.id);
        const r = await optionsFor(ctx, a, req.query.role);
        // Hawaii 1795's turn is written as lines: the same list HELP gives by email, for the web page.
        return a.game.variant === 'hawaii1795' ? { ...r, help: HAWAII_1795_HELP } : r;
      },
    );
  };
}
