import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../service/context.ts';
import { lastGoodBackup } from '../jobs/backups.ts';
import { problems } from './schemas.ts';

export function healthRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check; with scheduled backups, how old the last good one is',
          response: {
            200: z.object({
              status: z.literal('ok'),
              database: z.literal('ok'),
              time: z.string(),
              backup: z
                .object({
                  lastAt: z.string().nullable(),
                  ageSeconds: z.number().int().nullable(),
                  everySeconds: z.number().int(),
                })
                .optional()
                .describe('Only when BACKUP_DIR is set: the last good scheduled backup (null: none yet)'),
            }),
            ...problems(503),
          },
        },
        config: { rateLimit: false },
      },
      async (_req, reply) => {
        let lastBackup: Date | null = null;
        try {
          await ctx.db.$queryRawUnsafe('SELECT 1');
          if (ctx.config.backup) lastBackup = await lastGoodBackup(ctx);
        } catch (err) {
          const e = err as { message?: string; code?: string } | null | undefined;
          ctx.log.warn({ err: { message: e?.message, code: e?.code } }, 'health: database unreachable');
          return (reply as any)
            .code(503)
            .header('retry-after', String(ctx.config.retryAfterSeconds))
            .type('application/problem+json')
            .send(
              JSON.stringify({
                type: 'about:blank',
                title: 'Service unavailable',
                status: 503,
                detail: 'The database does not answer.',
                instance: '/health',
              }),
            );
        }
        const now = ctx.clock.now();
        const backup = ctx.config.backup
          ? {
              lastAt: lastBackup?.toISOString() ?? null,
              ageSeconds: lastBackup ? Math.max(0, Math.round((now.getTime() - lastBackup.getTime()) / 1000)) : null,
              everySeconds: Math.round(ctx.config.backup.everyMs / 1000),
            }
          : undefined;
        return {
          status: 'ok' as const,
          database: 'ok' as const,
          time: now.toISOString(),
          ...(backup ? { backup } : {}),
        };
      },
    );
  };
}
