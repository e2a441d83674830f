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
const PressItem = z.object({
  id: z.string(),
  seq: z.number().int(),
  from: z.string(),
  to: z.array(z.string()),
  toAll: z.boolean(),
  thread: z
    .string()
    .describe(
      'The thread: "ALL" for press to everyone, else the powers of the message (sender and recipients), sorted and joined by commas',
    ),
  text: z.string(),
  phase: z.string().nullable(),
  sentAt: z.date(),
});
const Thread = z.object({
  thread: z.string(),
  toAll: z.boolean(),
  powers: z.array(z.string()).describe("Its powers in the scenario's order (every power for ALL)"),
  title: z.string().describe('Who the reader talks with, by name: the other powers, or "Everyone"'),
  count: z.number().int(),
  unread: z.number().int().describe('Messages of others the reader has not marked read (0 when not signed in)'),
  lastReadSeq: z.number().int(),
  last: PressItem,
});
const ThreadName = z.string().min(1).max(400);
const Settings = z.object({
  press: z.enum(['none', 'public', 'full']).describe('none; public: to ALL only; full: to any powers'),
  pressPublicAfterGame: z.boolean().describe('Everyone may read all press once the game is over'),
});

export function pressRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games/:gameId/press',
      {
        schema: {
          tags: ['press'],
          summary:
            'Press you sent or received (all press once the game is over, if the settings say so), as threads with unread counts',
          ...optionalBearer,
          params: GameParams,
          querystring: z
            .object({
              thread: ThreadName.optional().describe("Only this thread's press (the threads are listed all the same)"),
            })
            .strict(),
          response: {
            200: z.object({
              press: z.array(PressItem),
              threads: z.array(Thread).describe('Newest first'),
              unread: z.number().int(),
            }),
            ...problems(400, 401, 403, 404),
          },
        },
      },
      async (req) => {
        const reader = await readerId(ctx, req);
        return press.listPress(ctx, await access(ctx.db, req.params.gameId, reader), reader, req.query.thread);
      },
    );

    app.put(
      '/games/:gameId/press/read',
      {
        schema: {
          tags: ['press'],
          summary: 'Mark a thread of press read (up to a message of it, or all of it)',
          ...auth,
          params: GameParams,
          body: z
            .object({
              thread: ThreadName.describe('"ALL", or the thread\'s powers joined by commas'),
              seq: z
                .number()
                .int()
                .min(0)
                .optional()
                .describe('The newest message read (seq); all of the thread when absent'),
            })
            .strict(),
          response: {
            200: z.object({ thread: z.string(), lastReadSeq: z.number().int(), unread: z.number().int() }),
            ...problems(400, 401, 404),
          },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return press.markRead(ctx, req.params.gameId, account.id, req.body);
      },
    );

    app.post(
      '/games/:gameId/press',
      {
        schema: {
          tags: ['press'],
          summary: 'Send press to other powers, or to ALL (where the game allows press)',
          ...auth,
          params: GameParams,
          body: z
            .object({
              to: z.union([z.literal('ALL'), z.array(z.string().max(100)).min(1).max(50)]),
              text: z.string().min(1).max(press.MAX_PRESS_CHARS),
            })
            .strict(),
          response: {
            201: PressItem.omit({ seq: true }).extend({ seq: z.number().int(), delivered: z.number().int() }),
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        const r = await press.sendPress(ctx, req.params.gameId, account.id, req.body);
        reply.code(201);
        return r;
      },
    );

    app.get(
      '/games/:gameId/email-settings',
      {
        schema: {
          tags: ['press'],
          summary: 'The email-play settings of a game',
          ...optionalBearer,
          params: GameParams,
          response: { 200: Settings, ...problems(401, 403, 404) },
        },
      },
      async (req) => {
        await access(ctx.db, req.params.gameId, await readerId(ctx, req));
        return press.emailSettings(ctx.db, req.params.gameId);
      },
    );

    app.put(
      '/games/:gameId/email-settings',
      {
        schema: {
          tags: ['press'],
          summary: 'Set who may send press, and whether it is public after the game (moderator)',
          ...auth,
          params: GameParams,
          body: Settings.partial().strict(),
          response: { 200: Settings, ...problems(400, 401, 403, 404) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return press.updateEmailSettings(ctx, req.params.gameId, account.id, req.body);
      },
    );
  };
}
