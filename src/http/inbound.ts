// The inbound-mail webhook: hosted mail services POST the raw RFC 822 message here, with the
// shared secret INBOUND_WEBHOOK_SECRET (Authorization: Bearer, HTTP Basic password, or the
// X-Inbound-Secret header). Registered only when the secret is set; not part of the client API.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiveMessage } from '../pbem/inbound/receive.ts';
import type { Ctx } from '../service/context.ts';
import { unauthorized } from '../service/errors.ts';

function presented(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(h)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(h)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':');
  const x = req.headers['x-inbound-secret'];
  return typeof x === 'string' ? x : undefined;
}

function same(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export function inboundRoutes(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    const secret = ctx.config.inbound.webhookSecret;
    if (!secret) return;
    for (const type of ['message/rfc822', 'text/plain', 'application/octet-stream']) {
      app.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: ctx.config.inbound.maxBytes * 4 },
        (_req, body, done) => done(null, body),
      );
    }
    app.post<{ Querystring: { to?: string; from?: string } }>(
      '/inbound/mail',
      { schema: { hide: true } },
      async (req, reply) => {
        const given = presented(req);
        if (!given || !same(given, secret)) throw unauthorized('The inbound-mail secret is missing or wrong.');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(String(req.body ?? ''), 'utf8');
        const q = req.query ?? {};
        const envelope =
          q.to || q.from !== undefined
            ? {
                rcptTo: q.to
                  ? q.to
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean)
                  : undefined,
                mailFrom: q.from,
              }
            : undefined;
        const r = await receiveMessage(ctx, raw, envelope);
        reply.code(200);
        return { status: r.status };
      },
    );
  };
}
