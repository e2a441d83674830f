// The Maori Wars page in a real Chromium, with the module registered by the test: the phasing
// player clicks a stack and then a hex on the hex map, the move (or attack) offered there is added
// to the text box, and sent; the page has no serious accessibility problem. Screenshot kept in
// test-artifacts/web.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { gameOf, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, launchBrowser } from './browser.ts';
import { registerGame } from '../../src/games/index.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';


let t: TestService;
let browser: Browser;
let base: string;
beforeAll(async () => {
  registerGame(maoriWars);
  const port = await new Promise<number>((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const a = s.address() as net.AddressInfo; s.close(() => resolve(a.port)); }); });
  base = `http://127.0.0.1:${port}`;
  [t, browser] = await Promise.all([startTestService({ env: { PUBLIC_URL: base } }), launchBrowser()]);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => { await browser?.close(); await t?.close(); });

async function signInLink(email: string): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email, web: true } });
  if (r.statusCode !== 202) throw new Error(`sign-in ${email}: ${r.statusCode} ${r.body}`);
  const mails = await mailFor(t.db, email, 'token');
  return `${base}/#signin=${/#signin=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.body)![1]}`;
}

/** Clicks the middle of a hex (the hexes are invisible shapes that take clicks). */
async function clickHex(page: Page, hex: string) {
  const p = await page.locator(`#map path.hex[data-hex="${hex}"]`).evaluate((el: SVGPathElement) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const b = el.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
  await page.mouse.click(p.x, p.y);
}

describe('Maori Wars in the browser', () => {
  let byRole: Record<string, Client>;
  let mod: Client;
  let gameId = '';
  beforeAll(async () => { ({ mod, byRole, gameId } = await gameOf(t, 'mw-web', 2, { name: 'Flagstaff War in a browser', variant: 'maori-wars', scenario: 'hone-hekes-challenge' })); });

  it('a click on a stack and then a hex adds the offered move to the text box; sent, it is read back by name', { timeout: 120_000 }, async () => {
    // Pass phases until the phasing player is offered a move with hexes.
    let role = '';
    let move: any;
    for (let n = 0; n < 20 && !move; n++) {
      const g = await byRole.Maori!.ok('GET', `/games/${gameId}`);
      role = g.phase.readiness.find((r: any) => r.expected).role;
      const { options } = await byRole[role]!.ok('GET', `/games/${gameId}/options`);
      move = options.actions.find((a: any) => a.kind === 'move' && a.from?.length && a.to);
      if (!move) {
        await byRole[role]!.ok('PUT', `/games/${gameId}/orders`, { orders: ['PASS'], ready: true });
        await mod.ok('POST', `/games/${gameId}/process`);
      }
    }
    expect(move).toBeTruthy();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${await signInLink(byRole[role]!.email)}&next=/games/${gameId}`);
    await page.locator('#map svg').waitFor();
    await page.locator('#action').waitFor();
    await page.locator(`#map g.stack.mine[data-stack="${move.from[0]}"]`).click();
    expect(await page.locator('#map-hint').innerText()).toMatch(/^Selected: your stack at /);
    await clickHex(page, move.to);
    // The first offered action from that stack to that hex (an attack there comes first).
    expect(await page.locator('#orders-text').inputValue()).toMatch(/\S/);
    const line = await page.locator('#orders-text').inputValue();
    const sent = line.split('\n').at(-1)!;
    // The offered move there, or an attack on that hex from that stack when there is one.
    expect(sent === move.text || /attack/i.test(sent)).toBe(true);
    expect(await page.locator('#map-hint').innerText()).toContain('Added: ');
    await page.getByRole('button', { name: 'Send the text' }).click();
    await page.locator('.readings li').first().waitFor();
    const readings = await page.locator('.readings').innerText();
    expect(readings).toContain('read as');
    expect(readings).not.toMatch(/\berror\b/);
    const stored = await byRole[role]!.ok('GET', `/games/${gameId}/orders`);
    expect(stored.lines.map((l: any) => l.text)).toContain(sent);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('maori-wars-game') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
