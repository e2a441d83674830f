// The web client's bundle (scripts/build-client.mjs): one minified ES module with a source map, made
// of the client's own modules only (the engines and the API document are type imports: none of
// them is bundled); the server takes dist/web/app.js only while it is newer than every client source.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient, clientBundleFresh } from '../../scripts/build-client.mjs';

describe('the web client bundle', () => {
  it('is one ES module with a source map, of the client modules and shared contract code alone', () => {
    const { js, map } = bundleClient(process.cwd(), { write: false });
    expect(js).toMatch(/\/\/# sourceMappingURL=app\.js\.map\s*$/);
    expect(js).not.toMatch(/^\s*import /m);
    // The orders are sent as they are: never "keep the readable lines".
    expect(js).not.toContain('acceptPartial');
    const sources: string[] = JSON.parse(map!).sources;
    expect(sources.some((s) => s.endsWith('src/web/client/main.ts'))).toBe(true);
    // Besides the client, only what it shares with the server from src/contract (no engine, no service).
    expect(sources.filter((s) => !/src\/web\/client\//.test(s) && !/src\/contract\//.test(s))).toEqual([]);
    expect(sources.some((s) => s.endsWith('src/contract/hex-digits.ts'))).toBe(true);
    expect(sources.some((s) => s.endsWith('api-types.ts'))).toBe(false);
  }, 60_000);

  it('is taken from dist/web/app.js only while that is newer than every client source and shared contract file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-client-'));
    try {
      fs.mkdirSync(path.join(root, 'src/web/client/pages'), { recursive: true });
      const source = path.join(root, 'src/web/client/pages/game.ts');
      fs.writeFileSync(path.join(root, 'src/web/client/main.ts'), '');
      fs.writeFileSync(source, '');
      expect(clientBundleFresh(root)).toBe(false);
      fs.mkdirSync(path.join(root, 'dist/web'), { recursive: true });
      const out = path.join(root, 'dist/web/app.js');
      fs.writeFileSync(out, '');
      const t = Date.now() / 1000;
      fs.utimesSync(out, t, t);
      fs.utimesSync(source, t - 60, t - 60);
      fs.utimesSync(path.join(root, 'src/web/client/main.ts'), t - 60, t - 60);
      expect(clientBundleFresh(root)).toBe(true);
      fs.utimesSync(source, t + 60, t + 60);
      expect(clientBundleFresh(root)).toBe(false);
      // A shared contract file the bundle takes code from counts too.
      fs.utimesSync(source, t - 60, t - 60);
      fs.mkdirSync(path.join(root, 'src/contract'), { recursive: true });
      const shared = path.join(root, 'src/contract/hex-digits.ts');
      fs.writeFileSync(shared, '');
      fs.utimesSync(shared, t - 60, t - 60);
      expect(clientBundleFresh(root)).toBe(true);
      fs.utimesSync(shared, t + 60, t + 60);
      expect(clientBundleFresh(root)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
