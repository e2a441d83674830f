// The web client's API types (src/web/client/api-types.ts) are generated from the OpenAPI document
// the service publishes: a route or schema changed without `npm run api-types` fails here, so the
// client is never type-checked against an API that is no longer the one served.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES, generateApiTypes } from '../../scripts/api-types.ts';

describe('the client API types', () => {
  it('are what a fresh generation from the OpenAPI document writes (run `npm run api-types` when this fails)', async () => {
    const fresh = await generateApiTypes();
    expect(fresh).toContain('"/games/{gameId}/orders"');
    expect(
      fs.readFileSync(API_TYPES, 'utf8') === fresh,
      'src/web/client/api-types.ts is stale: run `npm run api-types`',
    ).toBe(true);
  }, 120_000);
});
