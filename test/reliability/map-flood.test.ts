// A flood of PNG map requests at kahu as `npm start` runs it (the bundle under scripts/kahu.sh, with
// its 128 MB heap limit): 300 signed-out requests at once for maps not drawn yet used to exhaust the
// heap (every request held its own SVG in an unbounded render queue) and take the API, the worker
// and the SMTP listener down. Now identical maps are drawn once, the queue is bounded (503 with
// Retry-After), one client may have only a few drawn at once (429), and the players' maps and mail
// take their own turns.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { freePort, spawnKahu, type Kahu } from './procs.ts';
import { pathWithThisNode } from '../../scripts/kahu-process.ts';
import { flood, floodGames, floodShape, get, peakRssKb, resultsMail } from '../../scripts/map-flood.ts';

let t: TestService;
let kahu: Kahu | undefined;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-map-flood-'));
});
afterAll(async () => {
  await kahu?.stop('SIGKILL');
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const REQUESTS = 300;

describe('a flood of PNG map requests', () => {
  it("keeps kahu up and answering: one drawing per map, the rest refused with Retry-After, the player's map and mail drawn", {
    timeout: 240_000,
  }, async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    const g = await floodGames(t.ctx, REQUESTS);
    const port = await freePort();
    // LOG_LEVEL debug: each drawing is logged ("map drawn"), so they can be counted.
    const env = {
      DATABASE_URL: t.database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SWEEP_SECONDS: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      PATH: pathWithThisNode(),
    };
    kahu = spawnKahu([], env, ['sh', 'scripts/kahu.sh']);
    await kahu.waitFor(/kahu is running/, 60_000);
    const pid = kahu.child.pid!;
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=128');
    const base = `http://127.0.0.1:${port}`;

    const r = await flood(base, g, REQUESTS);

    // Up (the heap limit was never reached: V8 would have ended the process), and /health answered all along.
    expect((await get(base, '/health')).status).toBe(200);
    expect(kahu.child.exitCode).toBeNull();
    expect(kahu.output()).not.toMatch(/heap out of memory/);
    expect(r.health.length).toBeGreaterThan(2);
    expect(r.health.map((h) => h.status)).toEqual(r.health.map(() => 200));

    // Every answer a map or a clear refusal with a time to come back.
    expect(r.answers).toHaveLength(REQUESTS);
    for (const a of r.answers) {
      expect([200, 429, 503], `${a.url}: ${a.status} ${a.detail ?? ''}`).toContain(a.status);
      if (a.status === 200) expect(a.type).toBe('image/png');
      else {
        expect(a.type).toMatch(/^application\/problem\+json/);
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(a.detail).toMatch(
          a.status === 503 ? /Too many maps are being drawn right now/ : /You already have \d maps? being drawn/,
        );
      }
    }
    // The one map asked for by most: every asker got it, the same drawing.
    const shape = floodShape(REQUESTS);
    const same = r.answers.filter((a) => a.url === `/games/${g.maoriWars}/map.png`);
    expect(same).toHaveLength(shape.sameMap);
    expect(same.map((a) => a.status)).toEqual(same.map(() => 200));
    expect(new Set(same.map((a) => a.etag)).size).toBe(1);
    // The queue bound and the per-client limit both refused some.
    expect(r.answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(r.answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    // Drawings: one per distinct map answered, at most (the flood's 300 asks, 1 + 20 + 21 maps, made few).
    const drawn = [...kahu.output().matchAll(/"share":"visitors".*"msg":"map drawn"/g)].length;
    const answeredMaps = new Set(
      r.answers.filter((a) => a.status === 200).map((a) => a.url.replace('/phases/1/map.png', '/map.png')),
    ).size;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(answeredMaps);

    // The player's own map (their orders on it: a drawing of its own) came through the flood.
    expect(r.player.status).toBe(200);
    expect(r.player.type).toBe('image/png');
    // And the results mail of the game adjudicated during the flood, with its map inline.
    expect(r.processed.status).toBe(200);
    const mail = await resultsMail(dataDir, g, 60_000);
    expect(mail).not.toBeNull();
    expect(mail).toMatch(/Content-Type: image\/png/);
    expect(mail).toMatch(/Content-ID: <map@kahu>/);
    expect(kahu.child.exitCode).toBeNull();
    console.log(
      `map flood: ${REQUESTS} requests in ${(r.ms / 1000).toFixed(1)} s; ${drawn} drawn; 200: ${r.answers.filter((a) => a.status === 200).length}, 429: ${r.answers.filter((a) => a.status === 429).length}, 503: ${r.answers.filter((a) => a.status === 503).length}; peak RSS ${(peakRssKb(pid) / 1024).toFixed(0)} MB; health max ${Math.max(...r.health.map((h) => h.ms)).toFixed(0)} ms`,
    );
  });
});
