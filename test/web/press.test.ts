// Press as conversations in a real Chromium, on 390 px phones, everything by tapping: one player
// writes, the other sees the unread badge come without a reload, opens the thread (the badge
// clears), answers, and the first sees the answer arrive. Then the history's phase slider: arrow
// keys step one phase, Home/End the ends, a tap on the slider or its buttons too.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

const PHONE_1X = { ...PHONE, deviceScaleFactor: 1 };
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const ready = (page: Page) => page.locator('main[aria-busy="false"]').waitFor();

describe('press on a phone', () => {
  let game: any;
  let mod: Client;
  let byRole: Record<string, Client>;
  const pages: Record<string, Page> = {};
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    mod = await signUp(web.t, 'pressmod@example.org');
    const players = [
      await signUp(web.t, 'press1@example.org'),
      await signUp(web.t, 'press2@example.org'),
      await signUp(web.t, 'press3@example.org'),
    ];
    ({ game, byRole } = await startedGame(web.t, mod, players, {
      name: 'Press Sunrise',
      variant: 'heiau',
      scenario: 'discrete',
      deadlines: { reminderMinutes: 0 },
    }));
    for (const role of ['Sunrise', 'Midday']) {
      const context = await web.browser.newContext(PHONE_1X);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`${role}: ${e.message}`));
      await page.goto(`${await signInLinkFor(web.t, web.base, byRole[role]!.email)}&next=/games/${game.id}`);
      await page.locator('main[aria-busy="false"] nav.game-nav').waitFor();
      pages[role] = page;
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('one writes, the other sees the badge live, opens the thread, the badge clears; the answer arrives live', {
    timeout: 90_000,
  }, async () => {
    const [sunrise, midday] = [pages.Sunrise!, pages.Midday!];
    await midday.evaluate(() => {
      (window as any).notReloaded = true;
    });
    expect(await midday.locator('#press-badge').isHidden()).toBe(true);

    // Sunrise opens a conversation with Midday by tapping, and writes.
    await sunrise.locator('nav.game-nav a', { hasText: 'Press' }).tap();
    await ready(sunrise);
    await sunrise.locator('label', { hasText: 'Midday' }).tap();
    await sunrise.getByRole('button', { name: 'Open conversation' }).tap();
    await sunrise.locator('main[aria-busy="false"] #press-text').waitFor();
    expect(await sunrise.getByRole('heading', { name: 'With Midday' }).count()).toBe(1);
    await sunrise.locator('#press-text').fill('Meet me at Kawaihae.\nBring canoes.');
    await sunrise.getByRole('button', { name: 'Send' }).tap();
    await sunrise.locator('#conversation li.mine', { hasText: 'Bring canoes.' }).waitFor();
    expect(await noSidewaysScroll(sunrise)).toBe(true);
    expect(await accessibilityProblems(sunrise)).toEqual([]);
    await sunrise.screenshot({ path: artifact('press-thread-390'), fullPage: true });

    // Midday's game page: the badge comes without a reload.
    await midday.locator('#press-badge:not([hidden])', { hasText: '1' }).waitFor({ timeout: 10_000 });
    expect(await midday.evaluate(() => (window as any).notReloaded)).toBe(true);
    expect(await midday.locator('#press-threads li.unread').innerText()).toMatch(
      /Sunrise[\s\S]*Sunrise: Meet me at Kawaihae/,
    );
    expect(await noSidewaysScroll(midday)).toBe(true);
    await midday.screenshot({ path: artifact('press-badge-390'), fullPage: false });

    // Its press page lists the thread by name, with its unread count; a tap opens it.
    await midday.locator('nav.game-nav a', { hasText: 'Press' }).tap();
    await ready(midday);
    const thread = midday.locator('#press-threads li[data-thread="Midday,Sunrise"]');
    expect(await thread.locator('.badge').innerText()).toBe('1');
    expect(await noSidewaysScroll(midday)).toBe(true);
    expect(await accessibilityProblems(midday)).toEqual([]);
    await midday.screenshot({ path: artifact('press-threads-390'), fullPage: true });
    await thread.locator('a').tap();
    await midday.locator('main[aria-busy="false"] #conversation li', { hasText: 'Bring canoes.' }).waitFor();
    // Read once shown: for the server, and for the badge of the game page.
    await expect
      .poll(async () => (await byRole.Midday!.ok('GET', `/games/${game.id}/press`)).unread, { timeout: 5_000 })
      .toBe(0);
    await midday.locator('nav.game-nav a', { hasText: 'Back to the game' }).tap();
    await midday.locator('main[aria-busy="false"] nav.game-nav').waitFor();
    expect(await midday.locator('#press-badge').isHidden()).toBe(true);
    // Sunset, not in the thread, has nothing of it.
    const sunset = await byRole.Sunset!.ok('GET', `/games/${game.id}/press`);
    expect(sunset.threads).toEqual([]);

    // Midday answers in the thread; Sunrise, still on it, sees the answer arrive.
    await midday.goto(`${web.base}/#/games/${game.id}/press/${encodeURIComponent('Midday,Sunrise')}`);
    await midday.locator('main[aria-busy="false"] #press-text').fill('Agreed.');
    await midday.getByRole('button', { name: 'Send' }).tap();
    await sunrise.locator('#conversation li:not(.mine)', { hasText: 'Agreed.' }).waitFor({ timeout: 10_000 });
    // Shown on an open thread: read at once.
    await expect
      .poll(async () => (await byRole.Sunrise!.ok('GET', `/games/${game.id}/press`)).unread, { timeout: 5_000 })
      .toBe(0);
    expect(errors).toEqual([]);
  });

  it('the history has a phase slider: arrow keys step one phase, Home and End, and taps', {
    timeout: 90_000,
  }, async () => {
    await mod.ok('POST', `/games/${game.id}/process`);
    await mod.ok('POST', `/games/${game.id}/process`);
    const phases = (await mod.ok('GET', `/games/${game.id}/history`)).phases as { seq: number; label: string }[];
    expect(phases.length).toBeGreaterThanOrEqual(3);
    const page = pages.Midday!;
    await page.goto(`${web.base}/#/games/${game.id}/history`);
    const slider = page.locator('main[aria-busy="false"] #phase-slider');
    await slider.waitFor();
    const at = async (i: number) => {
      await page.locator(`.map[data-seq="${phases[i]!.seq}"] svg`).waitFor();
      expect(await page.locator('h1').innerText()).toBe(`Press Sunrise: ${phases[i]!.label}`);
      expect(await slider.getAttribute('aria-valuetext')).toBe(phases[i]!.label);
      expect(page.url()).toMatch(new RegExp(`/history/${phases[i]!.seq}$`));
    };
    // The newest adjudicated phase first.
    await at(phases.length - 2);
    await slider.focus();
    await page.keyboard.press('Home');
    await at(0);
    expect(await page.locator('pre.report').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await at(1);
    await page.keyboard.press('End');
    await at(phases.length - 1);
    expect(await page.locator('.side').innerText()).toContain('Not adjudicated yet.');
    await page.keyboard.press('ArrowLeft');
    await at(phases.length - 2);
    // The focus stays on the slider: the page is not built again.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('phase-slider');
    // By tapping: the previous-phase button, and the slider's start.
    await page.getByRole('button', { name: 'Previous phase' }).tap();
    await at(phases.length - 3);
    const box = (await slider.boundingBox())!;
    await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
    await at(0);
    // Its map zooms as the game's does, with names legible on the phone, and keeps the zoom from
    // phase to phase (the reader's place stays).
    const map = page.locator('.map[data-seq]');
    const zoom = () => map.evaluate((el) => Number((el as HTMLElement).style.getPropertyValue('--zoom') || 1));
    const first = await zoom();
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    const zoomed = await zoom();
    expect(zoomed).toBeCloseTo(first * 1.5, 1);
    await page.getByRole('button', { name: 'Next phase' }).tap();
    await at(1);
    expect(await zoom()).toBe(zoomed);
    const labels = await map.locator('svg').evaluate((svg: SVGSVGElement) => {
      const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('g.labels > text')]
        .map((x) => Number(x.getAttribute('font-size') ?? x.parentElement!.getAttribute('font-size')) * px)
        .sort((a, b) => a - b);
    });
    expect(labels[Math.floor(labels.length / 2)]).toBeGreaterThanOrEqual(9);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('history-slider-390'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
