// Bearer-token authentication. Tokens are never logged.
import type { FastifyRequest } from 'fastify';
import { authenticate, type Authenticated } from '../service/accounts.ts';
import type { Ctx } from '../service/context.ts';
import { unauthorized } from '../service/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    authCache?: Authenticated;
  }
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export async function requireAuth(ctx: Ctx, req: FastifyRequest): Promise<Authenticated> {
  if (req.authCache) return req.authCache;
  const token = bearer(req);
  if (!token) throw unauthorized();
  req.authCache = await authenticate(ctx, token);
  return req.authCache;
}

export async function optionalAuth(ctx: Ctx, req: FastifyRequest): Promise<Authenticated | undefined> {
  if (!req.headers.authorization) return undefined;
  return requireAuth(ctx, req);
}
