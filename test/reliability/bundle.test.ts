// `npm start` runs the service from the bundle scripts/build.mjs makes (dist/kahu/main.mjs), not
// from the TypeScript sources the rest of the suite runs: the bundle must start with every game,
// find the files it reads beside its sources (migrations, the web client, the PNG renderer), and
// take orders.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';
import { hashToken, newToken } from '../../src/service/accounts.ts';
import { createGame, invite, join, startGame } from '../../src/service/games.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { freePort, spawnKahu, type Kahu } from './procs.ts';
import { pathWithThisNode } from '../../scripts/kahu-process.ts';

let t: TestService;
let kahu: Kahu | undefined;
let dataDir: string;
beforeAll(async () => {
  t = await startTestService();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-bundle-'));
});
afterAll(async () => {
  await kahu?.stop('SIGKILL');
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built bundle (npm start)', () => {
  it('starts with every game, serves the web page, the API docs and PNG maps, and takes orders', {
    timeout: 120_000,
  }, async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    const ctx = t.ctx;
    const accounts = [];
    for (let i = 0; i < 3; i++) {
      const token = newToken();
      const a = await t.db.account.create({ data: { email: `bundle${i}@example.org` } });
      await t.db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
      accounts.push({ ...a, token });
    }
    const [p1, p2, mod] = accounts;
    const id = await createGame(ctx, mod.id, {
      name: 'bundle',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    await invite(ctx, id, mod.id, { email: p1.email, role: 'Sunrise' });
    await invite(ctx, id, mod.id, { email: p2.email, role: 'Sunset' });
    await join(ctx, id, p1.id);
    await join(ctx, id, p2.id);
    await startGame(ctx, id, mod.id);
    // The test service's clock is not the bundle's: a deadline far away on the real clock.
    await t.db.$executeRawUnsafe(`UPDATE "Phase" SET "deadlineAt" = now() + interval '1 day' WHERE status = 'open'`);

    const port = await freePort();
    // SWEEP_SECONDS as npm start has it (spawnKahu's default of 1 s is for the fault tests).
    // Started as npm start starts it (the node of this test first on PATH).
    const env = {
      DATABASE_URL: t.database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SWEEP_SECONDS: '30',
      PATH: pathWithThisNode(),
    };
    kahu = spawnKahu([], env, ['sh', 'scripts/kahu.sh']);
    const out = (await kahu.waitFor(/kahu is running[\s\S]*?games: .*/, 60_000))[0];
    // The launcher execs node (one process, its pid) with the heap limits and malloc arenas of scripts/kahu.sh.
    const pid = kahu.child.pid!;
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(
      expect.arrayContaining(['--max-semi-space-size=4', '--max-old-space-size=128']),
    );
    expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
    const listed = /games: (.*)/.exec(out)![1].split(', ').sort();
    expect(listed).toEqual(Object.keys(games).sort());

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    const docs = await fetch(`${base}/docs/json`);
    expect((await docs.json()).paths['/games/{gameId}/orders']).toBeDefined();

    const auth = { authorization: `Bearer ${p1.token}` };
    const put = await fetch(`${base}/games/${id}/orders`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ orders: ['B Kona-Kailua H', 'B Puna H'] }),
    });
    expect(put.status).toBe(200);
    const reply = await put.json();
    expect(reply.accepted).toBe(2);
    expect(reply.receipt.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(put.headers.get('content-security-policy')).toMatch(/default-src 'self'/);

    const png = await fetch(`${base}/games/${id}/map.png`, { headers: auth });
    expect(png.status).toBe(200);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});
