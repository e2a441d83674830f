// Aloha's board on a 390 px phone, in a real Chromium (issue 24): it opens zoomed so that the
// islands' names and the players' counters are 11 px at least, around the islands of the reader's
// decision (else their own counters); its key is a list under the map's box, never cut off; a tap
// on an island still offers its actions; Whole map and Zoom in still work; nothing scrolls sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameOf } from '../helpers/api.ts';
import { artifact, PHONE, pointOf, seat, webSuite } from './browser.ts';

const web = webSuite();

/** The board as drawn on the screen: the least size of names and counters (px), what is in sight, the key. */
async function board(page: Page, map = '#map') {
  return page.evaluate((map) => {
    const box = document.querySelector<HTMLElement>(map)!;
    const svg = box.querySelector('svg')!;
    const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = (sel: string) =>
      [...svg.querySelectorAll<SVGTextElement>(sel)].map((x) => ({
        text: x.textContent ?? '',
        // The text's own box on the screen, and its font size as drawn.
        height: x.getBoundingClientRect().height,
        font: Number(x.getAttribute('font-size')) * px,
      }));
    const b = box.getBoundingClientRect();
    const inSight = (sel: string) =>
      [...svg.querySelectorAll(sel)].some((x) => {
        const r = x.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
      });
    const key = document.querySelector<HTMLElement>('.map-wrap > .map-key');
    const k = key?.getBoundingClientRect();
    return {
      zoom: Number(box.style.getPropertyValue('--zoom') || 1),
      names: sizes('text.island-name'),
      counters: sizes('g.tokens text'),
      // How much of the box's width each island takes on the screen.
      across: Object.fromEntries(
        [...svg.querySelectorAll('path[data-island]')].map((x) => [
          x.getAttribute('data-island'),
          x.getBoundingClientRect().width / b.width,
        ]),
      ),
      hawaiiInSight: inSight('g.tokens[data-island="Hawaii"]'),
      kauaiInSight: inSight('g.tokens[data-island="Kauai"]'),
      key: key
        ? {
            inMap: box.contains(key),
            left: k!.left,
            right: k!.right,
            scrollWidth: key.scrollWidth,
            clientWidth: key.clientWidth,
            items: [...key.querySelectorAll('li')].map((li) => li.textContent ?? ''),
          }
        : null,
      legendInSvg: !!svg.querySelector('g.legend text'),
      page: document.scrollingElement!.scrollWidth,
      view: innerWidth,
    };
  }, map);
}

const least = (xs: { height: number; font: number }[]) => ({
  height: Math.min(...xs.map((x) => x.height)),
  font: Math.min(...xs.map((x) => x.font)),
});

describe('Aloha on a phone', () => {
  it('opens legible around the decision, its key under the map; taps and zoom buttons still work', {
    timeout: 240_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(web.t, 'aloha-phone', 2, {
      name: 'Aloha on a phone',
      variant: 'aloha',
      scenario: 'two',
    });
    const expected = async () =>
      (await mod.ok('GET', `/games/${gameId}`)).phase.readiness.find((r: any) => r.expected).role as string;
    // Both settle (Hawaii, Kauai) through the API; the first then takes an action, on Hawaii.
    const first = await expected();
    await byRole[first]!.ok('PUT', `/games/${gameId}/orders`, { orders: ['settle Hawaii'], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    const second = await expected();
    await byRole[second]!.ok('PUT', `/games/${gameId}/orders`, { orders: ['settle Kauai'], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    expect(await expected()).toBe(first);

    const open = (role: string, viewport = PHONE.viewport) =>
      seat(web, role, byRole[role]!, gameId, { ...PHONE, viewport });

    // The player to move: opened zoomed, around Hawaii (the island of the decision).
    const a = await open(first);
    await a.page.locator('.aloha-actions').waitFor();
    await a.page.screenshot({ path: artifact('aloha-phone-open') });
    const at = await board(a.page);
    expect(at.zoom).toBeGreaterThan(2);
    expect(at.names.map((n) => n.text)).toEqual(['Kauai', 'Oahu', 'Molokai', 'Maui', 'Hawaii']);
    expect(at.counters.map((c) => c.text).sort()).toEqual([`${first[0]}20`, `${second[0]}20`].sort());
    expect(least(at.names).height).toBeGreaterThanOrEqual(11);
    expect(least(at.names).font).toBeGreaterThanOrEqual(11);
    expect(least(at.counters).height).toBeGreaterThanOrEqual(11);
    expect(least(at.counters).font).toBeGreaterThanOrEqual(11);
    expect(at.hawaiiInSight).toBe(true);
    // Not a box of sea: the island of the decision fills about half its width.
    expect(at.across.Hawaii).toBeGreaterThanOrEqual(0.45);
    // The key: out of the drawing, under the map's box, whole within the screen's width.
    expect(at.legendInSvg).toBe(false);
    expect(at.key).toMatchObject({ inMap: false });
    expect(at.key!.left).toBeGreaterThanOrEqual(0);
    expect(at.key!.right).toBeLessThanOrEqual(at.view);
    expect(at.key!.scrollWidth).toBeLessThanOrEqual(at.key!.clientWidth);
    expect(at.key!.items).toHaveLength(2);
    expect(at.key!.items.join('\n')).toMatch(new RegExp(`${first}: \\d+ points · Pure Hawaiian 20`));
    expect(at.page).toBeLessThanOrEqual(at.view);

    // A tap on Hawaii on the board offers its actions.
    const p = await pointOf(a.page, '#map path[data-island="Hawaii"]');
    await a.page.touchscreen.tap(p.x, p.y);
    await a.page.locator('#aloha-island h4').filter({ hasText: 'On Hawaii' }).waitFor();
    expect(await a.page.locator('#aloha-island button[data-action]').count()).toBeGreaterThan(0);
    expect(await a.page.locator('#map path[data-island="Hawaii"]').getAttribute('class')).toContain('selected');
    // A tap on its counter: the island under it, the same.
    const q = await pointOf(a.page, '#map g.tokens[data-island="Hawaii"]');
    await a.page.touchscreen.tap(q.x, q.y);
    await a.page.locator('#aloha-count').waitFor();
    await a.page
      .locator('#map-hint')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 8));
    await a.page.screenshot({ path: artifact('aloha-phone-hawaii') });

    // Whole map, then Zoom in: the buttons still work; the key stays whole under the map.
    await a.page.getByRole('button', { name: 'Whole map' }).tap();
    const whole = await board(a.page);
    expect(whole.zoom).toBe(1);
    expect(whole.key!.right).toBeLessThanOrEqual(whole.view);
    expect(whole.page).toBeLessThanOrEqual(whole.view);
    await a.page.screenshot({ path: artifact('aloha-phone-whole') });
    await a.page.getByRole('button', { name: 'Zoom in' }).tap();
    expect((await board(a.page)).zoom).toBeCloseTo(1.5);

    // At 360 px: nothing sideways, the key still within the screen.
    await a.page.setViewportSize({ width: 360, height: 740 });
    const narrow = await board(a.page);
    expect(narrow.page).toBeLessThanOrEqual(360);
    expect(narrow.key!.right).toBeLessThanOrEqual(360);

    // The player who waits: opened around their own counters (Kauai), as legible.
    const b = await open(second);
    const waits = await board(b.page);
    expect(least(waits.counters).font).toBeGreaterThanOrEqual(11);
    expect(least(waits.names).font).toBeGreaterThanOrEqual(11);
    expect(waits.kauaiInSight).toBe(true);
    expect(waits.across.Kauai).toBeGreaterThanOrEqual(0.3);
    expect(waits.page).toBeLessThanOrEqual(waits.view);
    await b.page.screenshot({ path: artifact('aloha-phone-waiting') });
    // Its history, at the phase now (Kauai settled), opens as legible, around the same counters.
    const now = (await mod.ok('GET', `/games/${gameId}`)).phase.seq;
    await b.page.goto(`${web.base}/#/games/${gameId}/history/${now}`);
    // The history's map box has no id: the page's only map.
    await b.page.locator('main[aria-busy="false"] .map svg g.tokens').first().waitFor();
    const past = await board(b.page, 'main .map');
    await b.page.screenshot({ path: artifact('aloha-phone-history') });
    expect(least(past.counters).font).toBeGreaterThanOrEqual(11);
    expect(past.kauaiInSight).toBe(true);
    expect(past.key!.right).toBeLessThanOrEqual(past.view);
    expect(past.page).toBeLessThanOrEqual(past.view);

    // A shorter screen (a browser's bars taking a third): half its height would leave the counters
    // 9 px; they open at 11 px still.
    const c = await open(first, { width: 390, height: 560 });
    const short = await board(c.page);
    expect(least(short.counters).font).toBeGreaterThanOrEqual(11);
    expect(least(short.names).font).toBeGreaterThanOrEqual(11);
    expect(short.hawaiiInSight).toBe(true);
    expect(short.page).toBeLessThanOrEqual(short.view);
    await c.page.screenshot({ path: artifact('aloha-phone-short') });

    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
    await c.context.close();
  });
});
