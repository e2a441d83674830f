// Bearer-token authentication. Tokens are never logged.
import type { FastifyRequest } from 'fastify';
import { authenticate, type Authenticated } from '../service/accounts.ts';
import type { Ctx } from '../service/context.ts';
import { forbidden, unauthorized } from '../service/errors.ts';

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

export const SESSION_COOKIE = 'kahu_session';
/** The web client sends this header with every request; another site's page cannot (CORS). */
export const CLIENT_HEADER = 'x-kahu-client';

export function sessionCookie(req: FastifyRequest): string | undefined {
  const raw = req.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== SESSION_COOKIE) continue;
    // A malformed value (`%`, `%E0`) cannot be a session: the reader is signed out, never a 500.
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The caller: an API token (`Authorization: Bearer`), or the browser's session cookie. A request
 * that changes something with only the cookie must carry the web client's header too, which
 * another site cannot send: no cross-site request forgery (with SameSite=Strict besides).
 */
export async function requireAuth(ctx: Ctx, req: FastifyRequest): Promise<Authenticated> {
  if (req.authCache) return req.authCache;
  let token = bearer(req);
  if (!token && !req.headers.authorization) {
    token = sessionCookie(req);
    if (token && !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && req.headers[CLIENT_HEADER] !== 'web') {
      throw forbidden('A request signed in by the session cookie must come from the kahu web page.');
    }
  }
  if (!token) throw unauthorized();
  req.authCache = await authenticate(ctx, token);
  return req.authCache;
}

/** The signed-in reader's account id, or undefined for a signed-out visitor (a bad token is still 401). */
export async function readerId(ctx: Ctx, req: FastifyRequest): Promise<string | undefined> {
  return (await optionalAuth(ctx, req))?.account.id;
}

/** OpenAPI: a route signed-out visitors may call too (public games). */
export const optionalBearer: { security: Record<string, string[]>[] } = { security: [{ bearer: [] }, {}] };

export async function optionalAuth(ctx: Ctx, req: FastifyRequest): Promise<Authenticated | undefined> {
  if (!req.headers.authorization && !sessionCookie(req)) return undefined;
  return requireAuth(ctx, req);
}
