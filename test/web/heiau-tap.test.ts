// A Heiau retreat and a disband by tapping on a 390 px phone, in a real Chromium (tap.test.ts does
// Standard's; year.test.ts plays a Heiau year with builds). In the Discrete scenario Sunrise
// dislodges Midday's boat bunch from the Hamakua Coast in Fall; Midday's player taps the bunch, then
// Hilo (the retreat), sends it, and then taps the bunch again and its Disband button instead. The
// API has each order as sent.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { artifact, signInLinkFor, startWeb, stopWeb, tapOn } from './browser.ts';

let t: TestService;
let browser: Browser;
let base: string;
beforeAll(async () => {
  ({ t, base, browser } = await startWeb());
});
afterAll(() => stopWeb(t, browser));

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const selected = (page: Page) =>
  page
    .locator('#map g.unit.selected')
    .getAttribute('data-unit')
    .catch(() => null);

describe('Heiau by tapping, on a phone', () => {
  it('a dislodged boat bunch retreats by a tap on the space, then is disbanded from its buttons', {
    timeout: 120_000,
  }, async () => {
    const mod = await signUp(t, 'heiau-tap-mod@example.org');
    const ps: Client[] = [];
    for (let n = 1; n <= 3; n++) ps.push(await signUp(t, `heiau-tap-${n}@example.org`));
    const { game, byRole } = await startedGame(t, mod, ps, {
      name: 'Tapped Heiau',
      variant: 'heiau',
      scenario: 'discrete',
      deadlines: { reminderMinutes: 0 },
    });
    const url = `/games/${game.id}/orders`;
    await byRole.Sunrise!.ok('PUT', url, { orders: ['B Kona Coast - Alenuihaha Channel'] });
    await byRole.Midday!.ok('PUT', url, { orders: ['B Waipio - Hamakua Coast'] });
    await mod.ok('POST', `/games/${game.id}/process`);
    await byRole.Sunrise!.ok('PUT', url, {
      orders: ['B Alenuihaha Channel - Hamakua Coast', 'B Puna S B Alenuihaha Channel - Hamakua Coast'],
    });
    await mod.ok('POST', `/games/${game.id}/process`);
    const midday = byRole.Midday!;
    const lines = async () => (await midday.ok('GET', url)).lines.map((l: any) => l.text);

    const page = await browser.newPage(PHONE);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${await signInLinkFor(t, base, midday.email)}&next=/games/${game.id}`);
    await page.locator('main[aria-busy="false"] #map svg').waitFor();
    expect(await page.locator('p.phase').innerText()).toMatch(/Fall 1 Retreat/);
    expect(await page.locator('#map-hint').innerText()).toContain('Tap your dislodged unit');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    // The retreat: the dislodged bunch, then Hilo.
    const unit = '#map g.unit.dislodged.mine[data-unit="hamc"]';
    await tapOn(page, unit, async () => (await selected(page)) === 'hamc');
    const offered = await page.locator('#selection button').allInnerTexts();
    expect(offered).toEqual(
      expect.arrayContaining(['B Hamakua Coast R Hilo', 'B Hamakua Coast R Waipio', 'B Hamakua Coast D']),
    );
    for (const b of await page.locator('#selection button').all())
      expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tapOn(
      page,
      '#map path[data-space="hilo"]',
      async () => (await page.locator('#order-hamc').inputValue()) !== '',
    );
    expect(await page.locator('#order-hamc').inputValue()).toBe('B Hamakua Coast R Hilo');
    await page.screenshot({ path: artifact('heiau-tap-retreat-390') });
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await lines()).toEqual(['B Hamakua Coast R Hilo']);

    // Changed to a disband: the bunch again, and its Disband button.
    await tapOn(page, unit, async () => (await selected(page)) === 'hamc');
    await page.locator('#selection').getByRole('button', { name: 'B Hamakua Coast D' }).tap();
    expect(await page.locator('#order-hamc').inputValue()).toBe('B Hamakua Coast D');
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok', { hasText: 'Hamakua Coast D' }).waitFor();
    expect(await lines()).toEqual(['B Hamakua Coast D']);
    await page.screenshot({ path: artifact('heiau-tap-disband-390') });

    // Played: Midday's bunch is gone (Sunrise's stands on the Hamakua Coast), and none went to Hilo.
    await mod.ok('POST', `/games/${game.id}/process`);
    const after = await midday.ok('GET', `/games/${game.id}`);
    expect(after.view.units.filter((u: any) => u.power === 'Midday').map((u: any) => u.location)).toEqual(['makn/sc']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
