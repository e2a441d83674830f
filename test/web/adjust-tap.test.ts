// Standard Diplomacy's retreat-disband and Winter adjustments by tapping on a 390 px phone, in a real
// Chromium (tap.test.ts does moves, a retreat and builds). Italy takes Vienna and Germany Warsaw in
// 1901: Russia disbands its dislodged army, Austria disbands a unit in Winter, Italy builds and
// Germany waives. After each sending, the line above the form says what is in force and what remains
// (never "tap a build site" once none is left, Ready only where the box is); the API has each order;
// the last results' map shows names of 11 px or more; nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameOf, type Client } from '../helpers/api.ts';
import { artifact, openGame, resultsNames, tapOn, webSuite } from './browser.ts';

const web = webSuite();

const selected = (page: Page) =>
  page
    .locator('#map g.unit.selected')
    .getAttribute('data-unit')
    .catch(() => null);
const state = (page: Page) => page.locator('#orders-state').innerText();
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const send = async (page: Page) => {
  await page.getByRole('button', { name: 'Send these orders' }).tap();
  await page.locator('.readings li.ok').first().waitFor();
};

describe('Standard adjustments by tapping, on a phone', () => {
  let gameId: string;
  let byRole: Record<string, Client>;
  let mod: Client;
  const url = () => `/games/${gameId}/orders`;
  const lines = async (c: Client) => (await c.ok('GET', url())).lines.map((l: any) => l.text);
  beforeAll(async () => {
    ({ mod, gameId, byRole } = await gameOf(web.t, 'adjtap', 7, {
      name: 'Adjusted Europe',
      variant: 'standard',
      scenario: 'classic',
    }));
    // Spring: Vienna leaves for Bohemia, Venice goes to Tyrolia, Germany closes on Warsaw.
    await byRole.Austria!.ok('PUT', url(), { orders: ['A Vie - Boh'] });
    await byRole.Italy!.ok('PUT', url(), { orders: ['A Ven - Tyr'] });
    await byRole.Germany!.ok('PUT', url(), { orders: ['A Ber - Pru', 'A Mun - Sil'] });
    await mod.ok('POST', `/games/${gameId}/process`);
    // Fall: Italy walks into empty Vienna; Germany dislodges Russia's army in Warsaw.
    await byRole.Italy!.ok('PUT', url(), { orders: ['A Tyr - Vie'] });
    await byRole.Germany!.ok('PUT', url(), { orders: ['A Sil - War', 'A Pru S A Sil - War'] });
    await mod.ok('POST', `/games/${gameId}/process`);
  }, 60_000);

  it('Russia disbands its dislodged army by taps; the line above says it is in, with Ready', async () => {
    const { page, errors } = await openGame(web, byRole.Russia!.email, gameId);
    expect(await page.locator('p.phase').innerText()).toMatch(/Retreat/);
    expect(await state(page)).toMatch(/^Tap your dislodged unit/);
    await tapOn(page, '#map g.unit.dislodged.mine[data-unit="war"]', async () => (await selected(page)) === 'war');
    await page.locator('#selection').getByRole('button', { name: 'A Warsaw D' }).tap();
    expect(await page.locator('#order-war').inputValue()).toBe('A Warsaw D');
    await send(page);
    expect(await lines(byRole.Russia!)).toEqual(['A Warsaw D']);
    const said = await state(page);
    expect(said).toMatch(/^Your retreat orders are in: A Warsaw D\. .*you may change them/);
    expect(said).toContain('Tick Ready below');
    expect(await page.locator('#ready').count()).toBe(1);
    // Said once, above the form: not again under the readings.
    expect(await page.locator('.result .next-step').count()).toBe(0);
    // Ready ticked: no more asking to.
    await page.locator('#ready').check();
    await page.locator('.readiness li[data-role="Russia"]', { hasText: 'ready' }).waitFor();
    expect(await state(page)).not.toContain('Tick Ready');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: artifact('adjust-retreat-disband-390') });
    expect(errors).toEqual([]);
    await page.close();
    await mod.ok('POST', `/games/${gameId}/process`);
  }, 60_000);

  it('Austria disbands a unit in Winter by taps; a reload still says the disband is in', async () => {
    let { page, errors } = await openGame(web, byRole.Austria!.email, gameId);
    expect(await page.locator('p.phase').innerText()).toMatch(/Winter 1901/);
    expect(await state(page)).toMatch(/^Remove one unit: tap a unit/);
    await tapOn(page, '#map g.unit.mine[data-unit="boh"]', async () => (await selected(page)) === 'boh');
    await page.locator('#selection').getByRole('button', { name: 'A Bohemia D' }).tap();
    expect(await page.locator('#order-boh').inputValue()).toBe('A Bohemia D');
    await send(page);
    expect(await lines(byRole.Austria!)).toEqual(['A Bohemia D']);
    const said = await state(page);
    expect(said).toMatch(/^Your disbands are in: A Bohemia D\. You may change them until the deadline/);
    expect(said).not.toMatch(/Remove one unit/);
    expect(said).toContain('Tick Ready below');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: artifact('adjust-disband-390') });
    await page.close();
    expect(errors).toEqual([]);
    ({ page, errors } = await openGame(web, byRole.Austria!.email, gameId));
    expect(await state(page)).toMatch(/^Your disbands are in: A Bohemia D\./);
    expect(await page.locator('#order-boh').inputValue()).toBe('A Bohemia D');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('Italy builds by a tap and Germany waives: once none is left, no build is invited', async () => {
    let { page, errors } = await openGame(web, byRole.Italy!.email, gameId);
    expect(await state(page)).toMatch(/^One build to place: tap a marked build site/);
    expect(await page.locator('#map-hint').innerText()).toContain('Tap a space marked for a build');
    // Venice takes an army or a fleet: the tap asks which.
    await tapOn(page, '#map path.buildable[data-space="ven"]', async () =>
      /Which unit to build in Venice/.test(await page.locator('#map-hint').innerText()),
    );
    await page.locator('#selection').getByRole('button', { name: 'Build A Venice' }).tap();
    expect(await page.locator('#builds').innerText()).toContain('0 builds left');
    // Placed, not sent: send it; the map no longer marks sites nor asks for a tap.
    expect(await state(page)).toBe('Your build is placed: send it.');
    expect(await page.locator('#map path.buildable').count()).toBe(0);
    expect(await page.locator('#map-hint').innerText()).toMatch(/^No builds left to place/);
    await send(page);
    expect(await lines(byRole.Italy!)).toEqual(['Build A Venice']);
    const said = await state(page);
    expect(said).toMatch(/^Your builds are in: Build A Venice\. You may change them until the deadline/);
    expect(said).not.toMatch(/tap a marked build site/i);
    await page.screenshot({ path: artifact('adjust-build-sent-390') });
    await page.close();
    // Opened again: the same, and no build site marked.
    ({ page, errors } = await openGame(web, byRole.Italy!.email, gameId));
    expect(await state(page)).toMatch(/^Your builds are in: Build A Venice\./);
    expect(await page.locator('#map-hint').innerText()).toMatch(/^No builds left to place/);
    expect(await page.locator('#map path.buildable').count()).toBe(0);
    expect(await page.locator('#builds .choices').count()).toBe(0);
    // The last results (Fall 1901) on its own zoomed map, names legible on the phone.
    const names = await resultsNames(page);
    console.log(
      `Standard results map at 390 px: names ${names.least.toFixed(1)}–${names.usual.toFixed(1)} px, zoom ${names.zoom}, ${names.hidden} giving way`,
    );
    expect(names.zoom).toBeGreaterThan(1);
    expect(names.usual).toBeGreaterThanOrEqual(11);
    expect(names.least).toBeGreaterThanOrEqual(11);
    // Names that would run into each other give way until zoomed: none shown overlaps another.
    expect(names.overlaps).toBe(0);
    expect(await noSideways(page)).toBe(true);
    await page.locator('#results-map').screenshot({ path: artifact('results-map-standard-390') });
    expect(errors).toEqual([]);
    await page.close();

    ({ page, errors } = await openGame(web, byRole.Germany!.email, gameId));
    await page.locator('#builds').getByRole('button', { name: 'Waive' }).tap();
    await send(page);
    expect(await lines(byRole.Germany!)).toEqual(['Waive']);
    expect(await state(page)).toMatch(/^Your builds are in: Waive\. You may change them until the deadline/);
    expect(await page.locator('#map path.buildable').count()).toBe(0);
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: artifact('adjust-waive-390') });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
