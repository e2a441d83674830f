// The OpenAPI document at /docs/json is complete: every operation has an example request (when it
// takes a body) and an example answer, each valid against its own schema; errors are declared as
// application/problem+json; and no field of any schema is left without a type.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';

const require = createRequire(import.meta.url);
const Ajv = require('ajv') as new (
  o: object,
) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } };

let t: TestService;
let spec: any;
beforeAll(async () => {
  t = await startTestService();
  spec = (await t.app.inject({ url: '/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

function* operations(): Generator<[string, any]> {
  for (const [path, methods] of Object.entries<any>(spec.paths))
    for (const [method, op] of Object.entries<any>(methods)) yield [`${method.toUpperCase()} ${path}`, op];
}

/** Properties with no type at all (no type, $ref, enum or combinator), with where they are. */
function untyped(s: any, where: string, out: string[]) {
  if (!s || typeof s !== 'object') return;
  for (const [k, v] of Object.entries<any>(s.properties ?? {})) {
    if (!v.type && !v.$ref && !v.enum && !v.anyOf && !v.oneOf && !v.allOf) out.push(`${where}.${k}`);
    untyped(v, `${where}.${k}`, out);
  }
  if (s.items) untyped(s.items, `${where}[]`, out);
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) untyped(alt, where, out);
}

describe('the OpenAPI document', () => {
  it('has an example request and answer for every operation, each valid against its schema', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    const missing: string[] = [];
    const invalid: string[] = [];
    let n = 0;
    for (const [name, op] of operations()) {
      n++;
      const body = op.requestBody?.content?.['application/json'];
      if (body) {
        if (body.example === undefined) missing.push(`${name} request`);
        else if (!ajv.compile(body.schema)(body.example))
          invalid.push(`${name} request ${JSON.stringify(body.example)}`);
      }
      const ok = Object.entries<any>(op.responses).filter(([c]) => Number(c) < 400);
      expect(ok.length, name).toBeGreaterThan(0);
      for (const [code, res] of ok) {
        for (const [type, media] of Object.entries<any>(res.content ?? {})) {
          if (type !== 'application/json') continue;
          if (media.example === undefined) missing.push(`${name} ${code}`);
          else {
            const v = ajv.compile(media.schema);
            if (!v(media.example)) invalid.push(`${name} ${code}: ${JSON.stringify(v.errors)}`);
          }
        }
      }
    }
    expect(n).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it('declares every error as application/problem+json with the problem schema', () => {
    const wrong: string[] = [];
    for (const [name, op] of operations()) {
      for (const [code, res] of Object.entries<any>(op.responses)) {
        if (Number(code) < 400) continue;
        const types = Object.keys(res.content ?? {});
        if (types.join() !== 'application/problem+json') wrong.push(`${name} ${code}: ${types.join()}`);
        else
          expect(res.content['application/problem+json'].schema.required ?? [], `${name} ${code}`).toEqual(
            expect.arrayContaining(['type', 'title', 'status', 'detail']),
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves no field untyped', () => {
    const out: string[] = [];
    for (const [name, op] of operations()) {
      for (const [ct, media] of Object.entries<any>(op.requestBody?.content ?? {}))
        untyped(media.schema, `${name} body ${ct}`, out);
      for (const [code, res] of Object.entries<any>(op.responses))
        for (const [ct, media] of Object.entries<any>(res.content ?? {}))
          untyped(media.schema, `${name} ${code} ${ct}`, out);
    }
    expect(out).toEqual([]);
  });

  it('shows the hand-written example for submitting orders', () => {
    const put = spec.paths['/games/{gameId}/orders'].put;
    expect(put.requestBody.content['application/json'].example.text).toContain('B Kona-Kailua - Kawaihae');
    expect(spec.paths['/games/{gameId}/map.png'].get.responses['200'].content['image/png'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});
