// Game mail shows the reader's map inline above the text (drawn at send time for that reader), and
// the links it carries open the game's page in a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
let mod: Client, sunrise: Client, sunset: Client;
let gameId = '';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  rig = await startEmailRig();
  mod = await signUp(rig.t, 'map-mod@example.org');
  const a = await signUp(rig.t, 'map-a@example.org');
  const b = await signUp(rig.t, 'map-b@example.org');
  const { game, byRole } = await startedGame(rig.t, mod, [a, b], {
    name: 'Map mail',
    variant: 'heiau',
    scenario: 'race',
  });
  gameId = game.id;
  sunrise = byRole.Sunrise;
  sunset = byRole.Sunset;
});
afterAll(async () => {
  await rig?.close();
});

function mapOf(m: { html: string | null; images: { cid: string; contentType: string; content: Buffer }[] }): Buffer {
  expect(m.html).toMatch(/<img src="cid:map@kahu" alt="Map: Map mail: [^"]+"/);
  const img = m.images.find((i) => i.cid === 'map@kahu');
  expect(img?.contentType).toBe('image/png');
  expect(img!.content.subarray(0, 8).equals(PNG)).toBe(true);
  return img!.content;
}

describe('the map in game mail', () => {
  it("start, results and game mails carry the reader's map inline, and the text stays complete", async () => {
    const start = await last(rig, sunrise.email, 'start');
    const startMap = mapOf(start);
    expect(start.text).toMatch(/Position for Spring 1 Movement:/);
    // The HTML holds the whole text too, for readers who see only the HTML part.
    expect(start.html).toContain('Position for Spring 1 Movement:');
    await sunrise.ok('PUT', `/games/${gameId}/orders`, {
      orders: ['B Kona-Kailua - Kawaihae', 'B Puna - Hilo'],
      ready: true,
    });
    await sunset.ok('PUT', `/games/${gameId}/orders`, { orders: ['B Aiea - Waikiki'], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    const results = await last(rig, sunrise.email, 'results');
    const resultsMap = mapOf(results);
    expect(resultsMap.equals(startMap)).toBe(false);
    expect(results.html).toContain('B Kona-Kailua - Kawaihae');
    // The moderator's mail is drawn for the moderator.
    mapOf(await last(rig, mod.email, 'results'));
  });

  it('links open the game page in a browser; scripts still get the API', async () => {
    const start = await last(rig, sunset.email, 'start');
    expect(start.html).toContain(`href="http://kahu.test/#/games/${gameId}"`);
    const url = /^:: URL: (\S+)$/m.exec(start.text)![1];
    const path = new URL(url).pathname;
    const browser = await rig.t.app.inject({
      url: path,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/#/games/${gameId}`);
    // A script without a token: the game is private, so to it there is no such game.
    const script = await rig.t.app.inject({ url: path, headers: { accept: 'application/json' } });
    expect(script.statusCode).toBe(404);
    expect(script.headers['content-type']).toMatch(/problem\+json/);
  });
});
