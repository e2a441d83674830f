// The calendar feed of your deadlines: an address with a secret key for calendar apps (which send
// no token), managed from your account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as calendar from '../service/calendar.ts';
import type { Ctx } from '../service/context.ts';
import { optionalAuth, requireAuth } from './auth.ts';
import { unauthorized } from '../service/errors.ts';
import { problems } from './schemas.ts';

const Address = z.object({
  url: z
    .string()
    .describe(
      'Secret address of your feed: subscribe to it in a calendar app. Keep it private; ask again for a new one.',
    ),
});

export function calendarRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { security: [{ bearer: [] }] };
    app.post(
      '/accounts/me/calendar',
      {
        schema: {
          tags: ['accounts'],
          summary: 'A new secret address for the calendar feed of your deadlines (the previous one stops working)',
          ...auth,
          response: { 201: Address, ...problems(401, 403) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        return reply.code(201).send({ url: await calendar.newCalendarAddress(ctx, account.id) });
      },
    );
    app.delete(
      '/accounts/me/calendar',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Retire the address of your calendar feed',
          ...auth,
          response: { 204: z.null(), ...problems(401, 403) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        await calendar.dropCalendarAddress(ctx, account.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      calendar.CALENDAR_PATH,
      {
        schema: {
          tags: ['accounts'],
          summary: 'Your deadlines as iCalendar: one event per open phase of the games you play or moderate',
          description:
            'With `key` (from POST /accounts/me/calendar) no token is needed, so calendar apps can subscribe; signed in, the key may be left out.',
          querystring: z
            .object({
              key: z
                .string()
                .min(20)
                .max(64)
                .regex(/^[A-Za-z0-9_-]+$/)
                .optional(),
            })
            .strict(),
          produces: ['text/calendar'],
          response: { 200: z.string().describe('text/calendar; charset=utf-8'), ...problems(400, 401, 404) },
        },
      },
      async (req, reply) => {
        const accountId = req.query.key
          ? await calendar.accountByCalendarKey(ctx, req.query.key)
          : (await optionalAuth(ctx, req))?.account.id;
        if (!accountId)
          throw unauthorized(
            'Give the key of your calendar address (POST /accounts/me/calendar makes one), or sign in.',
          );
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .header('content-disposition', 'inline; filename="kahu-deadlines.ics"')
          .send(await calendar.calendarFor(ctx, accountId));
      },
    );
  };
}
