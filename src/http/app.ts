// The fastify application: zod-validated routes, OpenAPI at /docs, problem+json errors.
import http from 'node:http';
import fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Ctx } from '../service/context.ts';
import { accountRoutes } from './accounts.ts';
import { calendarRoutes } from './calendar.ts';
import { finishOpenApi } from './openapi.ts';
import { healthRoutes } from './health.ts';
import { liveRoutes } from './live.ts';
import { frameworkProblem, registerProblemHandler } from './problem.ts';
import { gameRoutes } from './games.ts';
import { orderRoutes } from './orders.ts';
import { moderatorRoutes } from './moderator.ts';
import { inboundRoutes } from './inbound.ts';
import { pressRoutes } from './press.ts';
import { mailRoutes } from './mail.ts';
import { MAP_CSP, mapRoutes } from './maps.ts';
import { optionRoutes } from './options.ts';
import { voteRoutes } from './votes.ts';
import { transferRoutes } from './transfer.ts';
import { webRoutes } from '../web/plugin.ts';
import { registerInputGuard } from './input-guard.ts';

/** The headers helmet sets with these options (it only sets headers, the same ones for every request). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string | string[]][] {
  const headers = new Map<string, string | string[]>();
  const res = {
    setHeader: (k: string, v: string | string[]) => void headers.set(k.toLowerCase(), v),
    removeHeader: (k: string) => void headers.delete(k.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * One client address holds at most `perClient` open connections: past it a new connection is
 * answered 503 (Retry-After) and closed, so one client's slow requests never take the server's
 * whole connection budget from everyone else (and /health stays up).
 */
export function capConnectionsPerClient(server: http.Server, perClient: number, retryAfterSeconds: number): void {
  const open = new Map<string, number>();
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Service unavailable',
    status: 503,
    detail: `Too many open connections from your address (at most ${perClient}); close some and try again.`,
  });
  const refusal = `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: ${retryAfterSeconds}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  server.on('connection', (socket) => {
    const addr = socket.remoteAddress ?? '';
    const n = (open.get(addr) ?? 0) + 1;
    if (n > perClient) {
      // The HTTP parser (attached by the server's own listener, which ran first) never sees this
      // connection's bytes: they are read and dropped, so that closing sends no reset before the
      // client has read the answer.
      socket.removeAllListeners('data');
      socket
        .on('data', () => {})
        .on('error', () => {})
        .end(refusal);
      setTimeout(() => socket.destroy(), 2_000).unref();
      return;
    }
    open.set(addr, n);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left <= 0) open.delete(addr);
      else open.set(addr, left);
    });
  });
}

/** One plugin per resource. */
const routePlugins = [
  healthRoutes,
  accountRoutes,
  calendarRoutes,
  gameRoutes,
  orderRoutes,
  moderatorRoutes,
  mailRoutes,
  pressRoutes,
  inboundRoutes,
  mapRoutes,
  optionRoutes,
  voteRoutes,
  liveRoutes,
  transferRoutes,
];

/** Query parameters that are credentials (the calendar feed's key, any token or code): never logged. */
const SECRET_QUERY = /([?&](?:key|token|code|secret)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** fastify's request serializer, with the URL's secrets blanked (the logger's serializers win over fastify's). */
const logSerializers = {
  req: (req: {
    method?: string;
    url?: string;
    host?: string;
    socket?: { remoteAddress?: string; remotePort?: number };
  }) => ({
    method: req.method,
    url: redactUrl(String(req.url ?? '')),
    host: req.host,
    remoteAddress: req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  }),
};

export async function buildApp(ctx: Ctx, _opts: { logRequests?: boolean } = {}): Promise<FastifyInstance> {
  const app = fastify({
    loggerInstance: ctx.log.child({}, { serializers: logSerializers }),
    bodyLimit: 256 * 1024,
    // Believe X-Forwarded-For only behind a configured proxy: otherwise any client picks its address.
    trustProxy:
      typeof ctx.config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(ctx.config.trustProxy)
        : ctx.config.trustProxy,
    // A client trickling its request (a byte every few seconds) is cut off once the whole request
    // took longer than REQUEST_TIMEOUT_MS (checked every second); idle connections close.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: ctx.config.requestTimeoutMs,
          headersTimeout: Math.min(ctx.config.requestTimeoutMs, 60_000),
          keepAliveTimeout: 5_000,
          connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(ctx.config.requestTimeoutMs / 2))),
        },
        handler,
      ),
    connectionTimeout: ctx.config.requestTimeoutMs * 2,
    frameworkErrors: frameworkProblem as never,
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  app.server.maxConnections = ctx.config.maxConnections;
  if (ctx.config.trustProxy === false)
    capConnectionsPerClient(app.server, ctx.config.maxConnectionsPerClient, ctx.config.retryAfterSeconds);
  registerInputGuard(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandler(app, { retryAfterSeconds: ctx.config.retryAfterSeconds });

  // helmet's headers are the same for every response: worked out once here and set on each reply
  // (@fastify/helmet built the whole middleware again for every request).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script anywhere: a script that got into a page or an SVG of ours does not run.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
      },
    },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [k, v] of securityHeaders) reply.raw.setHeader(k, v);
    done();
  });
  // Any SVG served (maps, the icon, the API docs' logo) is a document of our origin when opened
  // on its own: it gets the maps' policy, under which no script runs.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (/^image\/svg\+xml/i.test(String(reply.getHeader('content-type') ?? '')))
      reply.header('content-security-policy', MAP_CSP);
    done(null, payload);
  });
  // A link in a mail (`:: URL: …/games/<id>`) opens the game's page when a browser follows it;
  // scripts asking for JSON, or sending a token, get the API as before.
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || req.headers.authorization) return;
    const accept = String(req.headers.accept ?? '');
    const m = /^\/games\/([0-9a-fA-F-]{36})\/?(?:\?.*)?$/.exec(req.url);
    if (m && /^text\/html/.test(accept)) return reply.redirect(`/#/games/${m[1]}`, 303);
  });
  await app.register(rateLimit, { max: ctx.config.rateLimit, timeWindow: '1 minute' });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'kahu judge API',
        version: '0.1.0',
        description:
          'Deadline judge for play-by-email / play-by-web strategy games. Sign in by email: POST /accounts sends an API token ' +
          'to the address; send it as `Authorization: Bearer <token>`. Errors are application/problem+json.',
      },
      servers: [{ url: ctx.config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The API token you received by email' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (d) => finishOpenApi(('openapiObject' in d ? d.openapiObject : d.swaggerObject) as never) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  for (const plugin of routePlugins) await app.register(plugin(ctx));
  await app.register(webRoutes());
  return app;
}
