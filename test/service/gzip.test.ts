// Maps as SVG and the web client's script and style (its page too, once over 1 KB) go gzipped to a client that takes gzip
// (a phone's first view of a Maori Wars game was 1.5 MB as text), unchanged to one that does not;
// the API's JSON answers are never compressed.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('gzip', () => {
  it('maps and the client gzipped on request, the same bytes once unpacked', async () => {
    const mod = await signUp(t, `gz-mod-${Math.random()}@example.org`);
    const a = await signUp(t, `gz-a-${Math.random()}@example.org`);
    const b = await signUp(t, `gz-b-${Math.random()}@example.org`);
    const { game } = await startedGame(t, mod, [a, b], { name: 'Gzip', variant: 'heiau', scenario: 'race' });
    const auth = { authorization: `Bearer ${a.token}` };
    for (const url of [`/games/${game.id}/map.svg`, '/web/app.js', '/web/style.css']) {
      const plain = await t.app.inject({ method: 'GET', url, headers: auth });
      const packed = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(packed.headers['content-encoding'], url).toBe('gzip');
      expect(String(packed.headers.vary), url).toContain('Accept-Encoding');
      expect(packed.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 2);
      expect(zlib.gunzipSync(packed.rawPayload).equals(plain.rawPayload), url).toBe(true);
    }
    const json = await t.app.inject({
      method: 'GET',
      url: `/games/${game.id}`,
      headers: { ...auth, 'accept-encoding': 'gzip' },
    });
    expect(json.headers['content-encoding']).toBeUndefined();
  });
});
