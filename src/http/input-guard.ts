// Input no handler should ever see: NUL bytes (PostgreSQL text refuses them), JSON nested deeper
// than any of our schemas (a 5,000-deep body costs the parser and the validator), and integers
// beyond what the database stores (int4). Refused with 400 problem+json before validation, so a
// client's mistake is never a 500.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../service/errors.ts';

export const MAX_JSON_DEPTH = 32;
const INT4 = 2_147_483_647;
/** In `u` mode a paired surrogate is one code point, so only a lone half matches \p{Cs}. */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A route whose body is a game's file (POST /games/import) sets `config.engineJson`: numbers in it
 * go into jsonb, never an int4 column (its few integer fields are bounded by their schema), and an
 * engine may keep larger ones (the legacy stream's 32-bit words).
 */
export interface GuardConfig {
  engineJson?: boolean;
}

function check(x: unknown, where: string, depth: number, numeric = false, ints = true): string | null {
  if (depth > MAX_JSON_DEPTH) return `${where}: nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (typeof x === 'string') {
    if (x.includes('\u0000')) return `${where}: contains a NUL character`;
    // A lone surrogate (`\ud800`) has no UTF-8 form: PostgreSQL would refuse it.
    if (LONE_SURROGATE.test(x)) return `${where}: contains an unpaired surrogate (not well-formed UTF-16)`;
    // Path and query values are strings that routes coerce to numbers: bound them as the body's are.
    if (numeric && /^\s*[-+]?\d+\s*$/.test(x) && Math.abs(Number(x)) > INT4)
      return `${where}: ${x.trim()} is too large (at most ${INT4})`;
    return null;
  }
  if (typeof x === 'number')
    return ints && Number.isInteger(x) && Math.abs(x) > INT4 ? `${where}: ${x} is too large (at most ${INT4})` : null;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const p = check(x[i], `${where}[${i}]`, depth + 1, numeric, ints);
      if (p) return p;
    }
    return null;
  }
  if (x && typeof x === 'object') {
    for (const [k, v] of Object.entries(x)) {
      if (k.includes('\u0000')) return `${where}: a key contains a NUL character`;
      if (LONE_SURROGATE.test(k)) return `${where}: a key contains an unpaired surrogate`;
      const p = check(v, `${where}.${k}`, depth + 1, numeric, ints);
      if (p) return p;
    }
  }
  return null;
}

/** Depth of a JSON text without parsing it (strings skipped), so a hostile body is refused cheaply. */
function jsonDepth(text: string): number {
  let depth = 0,
    max = 0,
    inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.length === 0)
      return done(badRequest('The JSON body is empty.', [{ field: 'body', message: 'empty' }]), undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH)
      return done(
        badRequest(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`, [
          { field: 'body', message: 'too deep' },
        ]),
        undefined,
      );
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The body is not valid JSON.', [{ field: 'body', message: 'invalid JSON' }]), undefined);
    }
  });
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['body', req.body],
      ['query', req.query],
      ['params', req.params],
    ] as const) {
      const engineJson = part === 'body' && (req.routeOptions.config as GuardConfig | undefined)?.engineJson === true;
      const problem = check(value, part, 0, part !== 'body', !engineJson);
      if (problem)
        throw badRequest(`Refused input: ${problem}.`, [
          { field: problem.split(':')[0], message: problem.split(': ').slice(1).join(': ') },
        ]);
    }
  });
}
