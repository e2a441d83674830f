// A Heiau retreat and a disband by tapping on a 390 px phone, in a real Chromium (tap.test.ts does
// Standard's; year.test.ts plays a Heiau year with builds). In the Discrete scenario Sunrise
// dislodges Midday's boat bunch from the Hamakua Coast in Fall; Midday's player taps the bunch, then
// Hilo (the retreat), sends it, and then taps the bunch again and its Disband button instead. The
// API has each order as sent. In Discovery, the Haole's European fleet convoys Dawn's boat bunch
// from Puna across the South Pacific to Lanai (the rulebook: "a fleet may convoy a boat bunch as it
// would an army"; a convoyed bunch arrives with boats intact): both orders by taps, played.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { artifact, openGame, resultsNames, tapOn, webSuite } from './browser.ts';

const web = webSuite();

const selected = (page: Page) =>
  page
    .locator('#map g.unit.selected')
    .getAttribute('data-unit')
    .catch(() => null);

describe('Heiau by tapping, on a phone', () => {
  it('a dislodged boat bunch retreats by a tap on the space, then is disbanded from its buttons', {
    timeout: 120_000,
  }, async () => {
    const mod = await signUp(web.t, 'heiau-tap-mod@example.org');
    const ps: Client[] = [];
    for (let n = 1; n <= 3; n++) ps.push(await signUp(web.t, `heiau-tap-${n}@example.org`));
    const { game, byRole } = await startedGame(web.t, mod, ps, {
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

    const { page, errors } = await openGame(web, midday.email, game.id);
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

  it('a European fleet convoys a boat bunch to Lanai, both orders by taps; the bunch lands', {
    timeout: 120_000,
  }, async () => {
    const mod = await signUp(web.t, 'heiau-convoy-mod@example.org');
    const ps: Client[] = [];
    for (let n = 1; n <= 6; n++) ps.push(await signUp(web.t, `heiau-convoy-${n}@example.org`));
    const { game, byRole } = await startedGame(web.t, mod, ps, {
      name: 'Convoyed Heiau',
      variant: 'heiau',
      scenario: 'discovery',
      deadlines: { reminderMinutes: 0 },
    });
    const url = `/games/${game.id}/orders`;
    // The script errors of each page opened.
    const errors: string[][] = [];
    const open = async (c: Client) => {
      const opened = await openGame(web, c.email, game.id);
      errors.push(opened.errors);
      return opened.page;
    };
    const noSideways = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    // The Haole: its fleet, then the bunch it carries, then where the bunch lands.
    const haole = await open(byRole.Haole!);
    await tapOn(haole, '#map g.unit.mine[data-unit="spo"]', async () => (await selected(haole)) === 'spo');
    await tapOn(haole, '#map g.unit[data-unit="puna"]', async () =>
      /supports or convoys/.test(await haole.locator('#selection').innerText()),
    );
    expect(await haole.locator('#selection').innerText()).toContain('F South Pacific Ocean C B Puna - Lanai');
    await tapOn(
      haole,
      '#map path[data-space="lana"]',
      async () => (await haole.locator('#order-spo').inputValue()) !== '',
    );
    expect(await haole.locator('#order-spo').inputValue()).toBe('F South Pacific Ocean C B Puna - Lanai');
    await haole.getByRole('button', { name: 'Send these orders' }).tap();
    await haole.locator('.readings li.ok').first().waitFor();
    expect((await byRole.Haole!.ok('GET', url)).lines.map((l: any) => l.text)).toEqual([
      'F South Pacific Ocean C B Puna - Lanai',
    ]);
    expect(await haole.locator('#orders-state').innerText()).toMatch(
      /^Your orders are in: F South Pacific Ocean C B Puna - Lanai\. They are carried out at the deadline/,
    );
    expect(await noSideways(haole)).toBe(true);
    await haole.screenshot({ path: artifact('heiau-tap-convoy-390') });

    // Dawn: the bunch, then Lanai, which only the convoy reaches.
    const dawn = await open(byRole.Dawn!);
    await tapOn(dawn, '#map g.unit.mine[data-unit="puna"]', async () => (await selected(dawn)) === 'puna');
    await tapOn(
      dawn,
      '#map path[data-space="lana"]',
      async () => (await dawn.locator('#order-puna').inputValue()) !== '',
    );
    expect(await dawn.locator('#order-puna').inputValue()).toBe('B Puna - Lanai via convoy');
    await dawn.getByRole('button', { name: 'Send these orders' }).tap();
    await dawn.locator('.readings li.ok').first().waitFor();
    expect((await byRole.Dawn!.ok('GET', url)).lines.map((l: any) => l.text)).toEqual(['B Puna - Lanai via convoy']);
    expect(await noSideways(dawn)).toBe(true);
    await dawn.screenshot({ path: artifact('heiau-tap-convoyed-390') });
    await dawn.close();

    // Played: the bunch stands on Lanai, a boat bunch still.
    await mod.ok('POST', `/games/${game.id}/process`);
    const after = await byRole.Dawn!.ok('GET', `/games/${game.id}`);
    expect(after.view.units.filter((u: any) => u.power === 'Dawn')).toEqual([
      expect.objectContaining({ type: 'B', location: 'lana' }),
    ]);
    // The results of Spring on the Haole's page: names of 11 px or more on the phone.
    await haole.locator('p.phase', { hasText: 'Fall 1' }).waitFor({ timeout: 20_000 });
    await haole.locator('main[aria-busy="false"] #map svg').waitFor();
    const names = await resultsNames(haole);
    console.log(
      `Heiau results map at 390 px: names ${names.least.toFixed(1)}–${names.usual.toFixed(1)} px, zoom ${names.zoom}, ${names.hidden} giving way`,
    );
    expect(names.zoom).toBeGreaterThan(1);
    expect(names.least).toBeGreaterThanOrEqual(11);
    // Names that would run into each other give way until zoomed: none shown overlaps another.
    expect(names.overlaps).toBe(0);
    expect(await noSideways(haole)).toBe(true);
    await haole.locator('#results-map').screenshot({ path: artifact('results-map-heiau-390') });
    expect(errors.flat()).toEqual([]);
    await haole.close();
  });
});
