import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../service/context.ts';
import { badRequest } from '../service/errors.ts';
import * as orders from '../service/orders.ts';
import { hashToken } from '../service/accounts.ts';
import { bearer, requireAuth, sessionCookie } from './auth.ts';
import { problems, Uuid } from './schemas.ts';
import { fastReply } from './fast-reply.ts';

const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });
const ReadLine = z.object({
  line: z.number().int(),
  text: z.string(),
  ok: z.boolean(),
  reading: z.string().optional(),
  error: z.string().optional(),
});
const Receipt = z.object({ hash: z.string().describe('SHA-256 of the accepted orders and the time'), at: z.date() });
export const SubmitReply = z.object({
  phase: z.object({ key: z.string(), label: z.string(), deadlineAt: z.date().nullable() }),
  role: z.string(),
  lines: z.array(ReadLine).describe('How each line was read, or why it was rejected'),
  accepted: z.number().int(),
  rejected: z.number().int(),
  ready: z.boolean(),
  receipt: Receipt,
});

const Submit = z
  .object({
    text: z.string().max(20_000).optional().describe('Orders as text, one per line'),
    orders: z.array(z.string().max(500)).max(orders.MAX_LINES).optional().describe('Orders as a list'),
    ready: z
      .boolean()
      .optional()
      .describe(
        'Mark your power ready (all ready: the phase may be processed early). In a game of one decision a phase (Aloha), sending the decision marks you ready unless this is false',
      ),
    phase: z
      .string()
      .max(100)
      .optional()
      .describe(
        'The key of the phase these orders are for (GET /games/{id}: phase.key): when another phase is open, nothing is stored (409) instead of the orders going to it',
      ),
  })
  .strict();

/** The bearer token's hash worked out for the rate limit, used again by the submission (one hash a request). */
const tokenHashes = new WeakMap<object, { token: string; hash: string }>();

export function orderRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    // Order submissions are limited per API token (a hash of it: tokens are never kept or logged),
    // so players behind one address do not share a budget; requests without a token by address.
    const perToken = {
      rateLimit: {
        max: ctx.config.orderRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (req: { headers: Record<string, unknown>; ip: string }) => {
          // Keyed on the token itself: extra spaces or another spelling of "Bearer" give no new budget.
          const m = /^\s*bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
          if (m) {
            const hash = hashToken(m[1]!);
            tokenHashes.set(req, { token: m[1]!, hash });
            return `tok:${hash}`;
          }
          const cookie = sessionCookie(req as never);
          return cookie ? `tok:${hashToken(cookie)}` : `ip:${req.ip}`;
        },
      },
    };
    app.get(
      '/games/:gameId/orders',
      {
        schema: {
          tags: ['orders'],
          summary: "Your power's orders for the current phase (nobody else sees them until adjudication)",
          ...auth,
          params: GameParams,
          response: {
            200: z.object({
              phase: z.object({ key: z.string(), label: z.string(), deadlineAt: z.date().nullable() }),
              role: z.string(),
              expected: z.boolean(),
              ready: z.boolean(),
              lines: z.array(ReadLine),
              receipt: Receipt.nullable(),
            }),
            ...problems(400, 401, 403, 404, 409),
          },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return orders.myOrders(ctx, req.params.gameId, account.id);
      },
    );

    app.put(
      '/games/:gameId/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'Submit or replace the sealed orders of your power for the current phase',
          ...auth,
          params: GameParams,
          body: Submit,
          response: { 200: SubmitReply, ...problems(400, 401, 403, 404, 409, 422, 429) },
        },
        config: perToken,
        serializerCompiler: fastReply(200, SubmitReply),
        // Named before validation: the strict schema alone would say only "unrecognized key".
        preValidation: async (req) => {
          const body = req.body as Record<string, unknown> | null;
          if (body && typeof body === 'object' && 'acceptPartial' in body) {
            throw badRequest(
              '"acceptPartial" is not accepted: a submission with a rejected line stores nothing and your orders in force stay. Fix the lines named in the 422 answer and send them all again.',
              [{ field: 'body.acceptPartial', message: 'not accepted' }],
            );
          }
        },
      },
      async (req) => {
        const token = bearer(req);
        // The web page's session cookie: the usual check (with its cross-site guard), then by account.
        const known = tokenHashes.get(req);
        const who = token
          ? { token, tokenHash: known?.token === token ? known.hash : undefined }
          : (await requireAuth(ctx, req)).account.id;
        const { text, orders: list } = req.body;
        if ((text === undefined) === (list === undefined))
          throw badRequest('Send the orders either as "text" (one order per line) or as "orders" (a list), not both.', [
            { field: 'body', message: 'exactly one of text, orders' },
          ]);
        const lines = list ? list.map((l) => l.trim()).filter(Boolean) : orders.splitText(text!);
        if (lines.length === 0)
          throw badRequest('No orders in the request. To clear your orders use DELETE /games/{gameId}/orders.', [
            { field: list ? 'body.orders' : 'body.text', message: 'empty' },
          ]);
        if (lines.length > orders.MAX_LINES)
          throw badRequest(`At most ${orders.MAX_LINES} orders.`, [{ field: 'body.text', message: 'too many lines' }]);
        // The hot path: authentication is part of the submission's first read.
        return orders.submitOrders(ctx, req.params.gameId, who, {
          lines,
          ready: req.body.ready,
          phase: req.body.phase,
        });
      },
    );

    app.delete(
      '/games/:gameId/orders',
      {
        schema: {
          tags: ['orders'],
          summary: 'Clear your orders for the current phase (you are no longer ready)',
          ...auth,
          params: GameParams,
          response: { 200: SubmitReply, ...problems(400, 401, 403, 404, 409, 429) },
        },
        config: perToken,
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return orders.submitOrders(ctx, req.params.gameId, account.id, { lines: [], ready: false });
      },
    );

    app.put(
      '/games/:gameId/ready',
      {
        schema: {
          tags: ['orders'],
          summary: 'Mark your power ready or not ready',
          ...auth,
          params: GameParams,
          body: z.object({ ready: z.boolean() }).strict(),
          response: {
            200: z.object({
              role: z.string(),
              ready: z.boolean(),
              phase: z.object({ key: z.string(), label: z.string() }),
              earlyAt: z.date().nullable(),
            }),
            ...problems(400, 401, 403, 404, 409, 429),
          },
        },
        config: perToken,
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return orders.setReady(ctx, req.params.gameId, account.id, req.body.ready);
      },
    );
  };
}
