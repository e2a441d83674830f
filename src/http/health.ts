import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../service/context.ts';
import { problems } from './schemas.ts';

export function healthRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.string() }), ...problems(503) },
        },
        config: { rateLimit: false },
      },
      async (_req, reply) => {
        try {
          await ctx.db.$queryRawUnsafe('SELECT 1');
        } catch (err) {
          ctx.log.warn({ err: { message: (err as any)?.message, code: (err as any)?.code } }, 'health: database unreachable');
          return (reply as any)
            .code(503)
            .header('retry-after', String(ctx.config.retryAfterSeconds))
            .type('application/problem+json')
            .send(JSON.stringify({ type: 'about:blank', title: 'Service unavailable', status: 503, detail: 'The database does not answer.', instance: '/health' }));
        }
        return { status: 'ok' as const, database: 'ok' as const, time: ctx.clock.now().toISOString() };
      },
    );
  };
}
