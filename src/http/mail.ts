// The moderator's view of a game's mail (never the bodies) and resending mail that failed for good.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../service/context.ts';
import { listGameMail, resendMail } from '../service/mail-admin.ts';
import { requireAuth } from './auth.ts';
import { problems, Uuid } from './schemas.ts';

const auth = { security: [{ bearer: [] }] };
const MailEntry = z.object({
  id: z.string(),
  seq: z.number().int(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.string().describe('pending | sent | failed (gave up after the retry budget)'),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  nextAttemptAt: z.date(),
  sentAt: z.date().nullable(),
});

export function mailRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games/:gameId/mail',
      {
        schema: {
          tags: ['moderator'],
          summary: "The game's outgoing mail and its delivery status (moderator; bodies are not shown)",
          ...auth,
          params: z.object({ gameId: Uuid }),
          querystring: z
            .object({
              status: z.enum(['pending', 'sent', 'failed']).optional(),
              limit: z.coerce.number().int().min(1).max(1000).optional(),
            })
            .strict(),
          response: {
            200: z.object({ counts: z.record(z.string(), z.number().int()), mail: z.array(MailEntry) }),
            ...problems(400, 401, 403, 404),
          },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return listGameMail(ctx, req.params.gameId, account.id, req.query);
      },
    );
    app.post(
      '/games/:gameId/mail/:mailId/resend',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Send a mail that failed for good again, with a fresh retry budget (moderator)',
          ...auth,
          params: z.object({ gameId: Uuid, mailId: Uuid }),
          response: { 200: MailEntry, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return resendMail(ctx, req.params.gameId, account.id, req.params.mailId);
      },
    );
  };
}
