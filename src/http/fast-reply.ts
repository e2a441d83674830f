// The hot path's replies written by a serializer compiled from their schema (fast-json-stringify,
// fastify's own), not checked and copied by zod and then stringified: on PUT /games/{id}/orders
// that was a tenth of the API's CPU and much of its garbage (issue 28). The zod schema stays the
// one source: the JSON Schema is made from it, so the reply and its OpenAPI text cannot part.
// Like zod's, the compiled serializer writes only the schema's properties.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Json = { [k: string]: unknown };

/** `anyOf: [X, {type: null}]` as fast-json-stringify reads it fastest: X with "null" among its types. */
function simplify(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(simplify);
  if (!s || typeof s !== 'object') return s;
  const o = s as Json;
  const any = o.anyOf as Json[] | undefined;
  if (any?.length === 2 && any.some((x) => x.type === 'null')) {
    const other = any.find((x) => x.type !== 'null')!;
    if (typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      const { anyOf: _, ...rest } = o;
      return simplify({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (k !== '$schema') out[k] = simplify(v);
  return out;
}

/** A zod schema's reply as JSON Schema, dates as date-time strings (as JSON.stringify writes them). */
export function replyJsonSchema(schema: ZodType): Json {
  const js = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: (c) => {
      if ((c.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date') {
        c.jsonSchema.type = 'string';
        c.jsonSchema.format = 'date-time';
      }
    },
  });
  return simplify(js) as Json;
}

/**
 * A route's serializer compiler: the reply of status `status` written by fast-json-stringify from
 * `schema`; every other status (the problems) by zod as elsewhere.
 */
export function fastReply(status: number, schema: ZodType): FastifySerializerCompiler<unknown> {
  const write = fastJson(replyJsonSchema(schema) as never) as (x: unknown) => string;
  return (route) =>
    String(route.httpStatus) === String(status) ? write : (zodSerializer as FastifySerializerCompiler<unknown>)(route);
}
