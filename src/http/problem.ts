// Every error leaves as application/problem+json (RFC 9457) with where and why.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, type ProblemItem } from '../service/errors.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: ProblemItem[];
  [k: string]: unknown;
}

function fieldOf(part: string | undefined, instancePath: string): string {
  const p = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return [part ?? 'body', p].filter(Boolean).join('.');
}

/**
 * fastify's `frameworkErrors`: a URL that does not decode (`/games/%ED%A0%80`, a lone surrogate's
 * bytes) or a bad Content-Type header is refused before any route, as problem+json like the rest.
 */
export function frameworkProblem(
  err: FastifyError,
  req: { url: string },
  reply: { code(n: number): { type(t: string): { send(b: string): unknown } } },
) {
  const instance = req.url.split('?')[0];
  const detail =
    err.code === 'FST_ERR_BAD_URL' ? 'The address has a part that is not valid percent-encoded UTF-8.' : err.message;
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  reply
    .code(status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: 'Bad request',
        status,
        detail,
        errors: [{ field: err.code === 'FST_ERR_BAD_URL' ? 'params' : 'headers', message: detail }],
        instance,
      }),
    );
}

/** Sent with 503 while the database is unreachable: the request changed nothing, try again. */
export function unavailableProblem(instance: string): Problem {
  return {
    type: 'about:blank',
    title: 'Service unavailable',
    status: 503,
    detail: 'The database does not answer right now; nothing was changed. Try again shortly (see Retry-After).',
    instance,
  };
}

export function registerProblemHandler(app: FastifyInstance, opts: { retryAfterSeconds?: number } = {}) {
  const retryAfter = String(opts.retryAfterSeconds ?? 5);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let problem: Problem;
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database unavailable');
      problem = unavailableProblem(req.url.split('?')[0]);
      reply.header('retry-after', retryAfter);
    } else if (err instanceof AppError) {
      problem = {
        type: 'about:blank',
        title: err.title,
        status: err.status,
        detail: err.message,
        errors: err.errors,
        ...err.extra,
      };
      if (typeof err.extra?.retryAfterSeconds === 'number')
        reply.header('retry-after', String(err.extra.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const part = (err as { validationContext?: string }).validationContext;
      const errors = err.validation.map((v) => ({
        field: fieldOf(part, v.instancePath),
        message: v.message ?? 'invalid',
      }));
      problem = {
        type: 'about:blank',
        title: 'Invalid request',
        status: 400,
        detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        errors,
      };
    } else if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      problem = {
        type: 'about:blank',
        title: 'Internal error',
        status: 500,
        detail: 'The server built a response it could not send. This is a bug.',
      };
    } else if (err.statusCode && err.statusCode < 500) {
      const status = err.statusCode;
      let detail = err.message;
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') detail = 'Send the body as application/json.';
      if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') detail = 'The JSON body is empty.';
      if (status === 429) detail = 'Too many requests: slow down and try again in a minute.';
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        detail = `The body is larger than this route takes (at most ${Math.round((req.routeOptions.bodyLimit ?? 0) / 1024)} kB); nothing was read.`;
      problem = {
        type: 'about:blank',
        title: status === 429 ? 'Too many requests' : status === 413 ? 'Content too large' : 'Bad request',
        status,
        detail,
      };
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(err.message))
        problem.errors = [{ field: 'body', message: err.message }];
    } else {
      req.log.error({ err }, 'unhandled error');
      problem = {
        type: 'about:blank',
        title: 'Internal error',
        status: 500,
        detail: 'Something went wrong on the server; nothing was changed. Try again.',
      };
    }
    problem.instance = req.url.split('?')[0];
    if (!problem.errors) delete problem.errors;
    reply.code(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  });
  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .type('application/problem+json')
      .send(
        JSON.stringify({
          type: 'about:blank',
          title: 'Not found',
          status: 404,
          detail: `There is no route ${req.method} ${req.url.split('?')[0]}. See /docs.`,
          instance: req.url.split('?')[0],
        }),
      );
  });
}
