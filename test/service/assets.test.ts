// The page names its script and style by their content (app.<hash>.js): those names never change
// what they serve, so a browser keeps them a year and a returning reader's page asks only for the
// HTML and its answers. The HTML itself is asked again each time (a new build, new names).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('the web client assets', () => {
  it('are named by content and kept for good; the page and the plain names are asked again', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const js = /<script type="module" src="(\/web\/app\.([0-9a-f]{12})\.js)"><\/script>/.exec(page.body);
    const css = /<link rel="stylesheet" href="(\/web\/style\.([0-9a-f]{12})\.css)">/.exec(page.body);
    expect(js, page.body).not.toBeNull();
    expect(css, page.body).not.toBeNull();
    for (const [url, tag, plain] of [
      [js![1]!, js![2]!, '/web/app.js'],
      [css![1]!, css![2]!, '/web/style.css'],
    ] as const) {
      const named = await t.app.inject({ url });
      expect(named.statusCode, url).toBe(200);
      expect(named.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      // The name is the content's: another build cannot be served under it.
      expect(createHash('sha256').update(named.body).digest('hex').slice(0, 12), url).toBe(tag);
      const old = await t.app.inject({ url: plain });
      expect(old.body, plain).toBe(named.body);
      expect(old.headers['cache-control'], plain).toBe('no-cache');
    }
    // Another tag is not a file of ours.
    expect((await t.app.inject({ url: '/web/app.000000000000.js' })).statusCode).toBe(404);
  });
});
