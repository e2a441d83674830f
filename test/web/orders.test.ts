// Orders with a line the judge cannot read, in a real Chromium: the page sends the set as it is
// (never "keep the readable lines"), so nothing is stored; it shows each line with its reading or
// its error, says plainly that nothing was stored and which orders stay in force, keeps what the
// player wrote in the form, and shows no receipt.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, openPage, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

const signInLink = (email: string) => signInLinkFor(web.t, web.base, email);

const open = openPage;

describe('a set of orders with a bad line, in the browser', () => {
  let game: any;
  let byRole: Record<string, Client>;
  beforeAll(async () => {
    const mod = await signUp(web.t, 'ordmod@example.org');
    const a = await signUp(web.t, 'ordsunrise@example.org');
    const b = await signUp(web.t, 'ordsunset@example.org');
    ({ game, byRole } = await startedGame(web.t, mod, [a, b], {
      name: 'Careful Race',
      variant: 'heiau',
      scenario: 'race',
    }));
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H' });
  });

  it('stores nothing, says so, shows the orders in force and keeps the lines to fix; no receipt', async () => {
    const before = await byRole.Sunrise.ok('GET', `/games/${game.id}/orders`);
    expect(before.lines.filter((l: any) => l.ok)).toHaveLength(2);
    const page = await web.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = await open(page, `${await signInLink(byRole.Sunrise.email)}&next=/games/${game.id}`);
    await page.locator('#orders-text').waitFor({ state: 'attached' });
    await page.locator('main[aria-busy="false"]').waitFor();
    await page.locator('details:has(#orders-text)').evaluate((d) => {
      (d as HTMLDetailsElement).open = true;
    });
    const typed = 'B Kona-Kailua H\nB Puna - Atlantis';
    await page.locator('#orders-text').fill(typed);
    await page.getByRole('button', { name: 'Send the text' }).click();
    await page.locator('.readings li.error').first().waitFor();

    const result = await page.locator('.result').innerText();
    expect(result).toContain('Nothing was stored');
    expect(result).toContain('B Puna - Atlantis —');
    expect(await page.locator('.readings li.ok').count()).toBe(1);
    expect(await page.locator('.readings li.error').count()).toBe(1);
    // The orders in force, as stored before: unchanged.
    expect(await page.locator('.in-force').innerText()).toMatch(
      /in force are unchanged[\s\S]*Kona-Kailua[\s\S]*Kawaihae[\s\S]*Puna/,
    );
    expect(await page.locator('.receipt').count()).toBe(0);
    expect(await page.locator('#status').innerText()).toContain('Nothing was stored');
    // What the player wrote stays in the form, to be fixed.
    expect(await page.locator('#orders-text').inputValue()).toBe(typed);
    // And the judge kept the orders in force: the same lines and the same receipt.
    const after = await byRole.Sunrise.ok('GET', `/games/${game.id}/orders`);
    expect(after.lines).toEqual(before.lines);
    expect(after.receipt).toEqual(before.receipt);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('orders-refused'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
