// Standard Diplomacy played by tapping on a 390 px phone, in a real Chromium: Austria's Spring moves,
// its retreat once Russia dislodges it, and its Winter builds (one built on the map, one waived),
// each checked through the API; the selection beside the map (Cancel, "this unit instead"), pinch and
// zoom-to-tap, the keyboard on the map; and no page of the game scrolls sideways at a phone's width.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { artifact, openGame, PHONE, pointOf, tapOn, webSuite } from './browser.ts';

const web = webSuite();

const selected = (page: Page) =>
  page
    .locator('#map g.unit.selected')
    .getAttribute('data-unit')
    .catch(() => null);
const zoom = (page: Page) =>
  page.locator('#map').evaluate((el) => Number((el as HTMLElement).style.getPropertyValue('--zoom') || 1));

describe('Standard Diplomacy by tapping, on a phone', () => {
  let game: any;
  let byRole: Record<string, Client>;
  let mod: Client;
  let austria: Client;
  const lines = async (c: Client) => (await c.ok('GET', `/games/${game.id}/orders`)).lines.map((l: any) => l.text);
  beforeAll(async () => {
    mod = await signUp(web.t, 'tapmod@example.org');
    const players: Client[] = [];
    for (let n = 1; n <= 7; n++) players.push(await signUp(web.t, `tap${n}@example.org`));
    ({ game, byRole } = await startedGame(web.t, mod, players, {
      name: 'Tapped Europe',
      variant: 'standard',
      scenario: 'classic',
    }));
    austria = byRole.Austria!;
  }, 60_000);

  it('after selecting a unit, "this unit instead" switches to the unit tapped next and Cancel clears the selection', async () => {
    const { page, errors } = await openGame(web, austria.email, game.id);
    await tapOn(page, '#map g.unit.mine[data-unit="vie"]', async () => (await selected(page)) === 'vie');
    expect(await page.locator('#selection').innerText()).toContain('Selected: ');
    // Budapest may be supported by Vienna: tapped now, it is offered as supported, or as the unit to order instead.
    await tapOn(page, '#map g.unit.mine[data-unit="bud"]', async () =>
      /supports or convoys/.test(await page.locator('#selection').innerText()),
    );
    await page.getByRole('button', { name: /instead$/ }).tap();
    expect(await selected(page)).toBe('bud');
    expect(await page.locator('#selection').innerText()).toMatch(/Selected: .*Budapest/);
    const cancel = await page.locator('#selection').getByRole('button', { name: 'Cancel' }).boundingBox();
    expect(cancel!.height).toBeGreaterThanOrEqual(44);
    await page.locator('#selection').getByRole('button', { name: 'Cancel' }).tap();
    expect(await page.locator('#map g.unit.selected').count()).toBe(0);
    expect(await page.locator('#selection button').count()).toBe(0);
    // A tap on a space now orders nothing.
    expect(await page.locator('#order-vie').inputValue()).toBe('');
    // Two fingers spread apart zoom the map around their middle, not the top-left corner.
    await page.getByRole('button', { name: 'Whole map' }).tap();
    const mid = await pointOf(page, '#map path[data-space="boh"]');
    const cdp = await page.context().newCDPSession(page);
    const fingers = (d: number) => [
      { x: mid.x - d, y: mid.y, id: 1 },
      { x: mid.x + d, y: mid.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (const d of [30, 40, 50, 60])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await zoom(page)).toBeCloseTo(3, 1);
    expect(
      await page.evaluate(
        ({ x, y }) =>
          document
            .elementsFromPoint(x, y)
            .map((e) => (e as SVGElement).dataset?.space)
            .find(Boolean),
        mid,
      ),
    ).toBe('boh');
    // The keyboard reaches the map's destinations: Enter on the unit, Tab to a space it may go to, Enter.
    await page.locator('#map g.unit.mine[data-unit="vie"]').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#map path.destination[tabindex="0"]').count()).toBeGreaterThan(2);
    await page.locator('#map path.destination[data-space="tyr"]').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#order-vie').inputValue()).toBe('A Vienna - Tyrolia');
    expect(await page.locator('#map path.destination').count()).toBe(0);
    // Zoom-to-tap: Piedmont is a few pixels wide on the whole map; a tap on it zooms in around the
    // tap, so that Piedmont is still under the finger, and larger.
    await page.getByRole('button', { name: 'Whole map' }).tap();
    const p = await pointOf(page, '#map path[data-space="pie"]');
    const small = (await page.locator('#map path[data-space="pie"]').boundingBox())!;
    expect(Math.min(small.width, small.height)).toBeLessThan(20);
    await page.touchscreen.tap(p.x, p.y);
    expect(await zoom(page)).toBe(2);
    expect(await page.locator('#map-hint').innerText()).toContain('Zoomed in where you tapped');
    expect(
      await page.evaluate(
        ({ x, y }) =>
          document
            .elementsFromPoint(x, y)
            .map((e) => (e as SVGElement).dataset?.space)
            .find(Boolean),
        p,
      ),
    ).toBe('pie');
    expect((await page.locator('#map path[data-space="pie"]').boundingBox())!.width).toBeGreaterThan(small.width * 1.9);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('plays Spring, a retreat and Winter builds by taps; the API has each order', async () => {
    // Spring 1901: Vienna to Galicia by tapping the unit and the space; Budapest to Serbia from the
    // selection's buttons; Trieste to Albania by taps again.
    let { page, errors } = await openGame(web, austria.email, game.id);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    // Legible on the phone at the first zoom: names at least 9 px, units mostly 16 px on the screen.
    const sizes = await page.locator('#map svg').evaluate((svg: SVGSVGElement) => {
      const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const labels = [...svg.querySelectorAll('g.labels > text')]
        .map((x) => Number(x.getAttribute('font-size') ?? x.parentElement!.getAttribute('font-size')) * px)
        .sort((a, b) => a - b);
      const label = { least: labels[0]!, usual: labels[Math.floor(labels.length / 2)]! };
      const units = [...svg.querySelectorAll('g.unit path')]
        .map((x) => x.getBoundingClientRect().width)
        .sort((a, b) => a - b);
      return { label, unit: { least: units[0]!, usual: units[Math.floor(units.length / 2)]! } };
    });
    // Most names at 9 px or more; those squeezed into small spaces at 6 px or more.
    expect(sizes.label.usual).toBeGreaterThanOrEqual(9);
    expect(sizes.label.least).toBeGreaterThanOrEqual(6);
    // Units at 16 px or more, but never grown into a neighbour (Kiel and Berlin, Rome and Naples):
    // those keep 9 px or more, with an unseen tap target twice as wide.
    expect(sizes.unit.usual).toBeGreaterThanOrEqual(16);
    expect(sizes.unit.least).toBeGreaterThanOrEqual(9);
    await tapOn(page, '#map g.unit.mine[data-unit="vie"]', async () => (await selected(page)) === 'vie');
    const taps = await tapOn(
      page,
      '#map path[data-space="gal"]',
      async () => (await page.locator('#order-vie').inputValue()) !== '',
    );
    expect(await page.locator('#order-vie').inputValue()).toBe('A Vienna - Galicia');
    await tapOn(page, '#map g.unit.mine[data-unit="bud"]', async () => (await selected(page)) === 'bud');
    await page.locator('#selection').getByRole('button', { name: 'A Budapest - Serbia' }).tap();
    await tapOn(page, '#map g.unit.mine[data-unit="tri"]', async () => (await selected(page)) === 'tri');
    // Zoom keeps the selected unit on the screen (it grows around it, not from the top-left corner).
    const before = await page.locator('#map g.unit.selected').boundingBox();
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    const after = await page.locator('#map g.unit.selected').boundingBox();
    const mapBox = (await page.locator('#map').boundingBox())!;
    expect(Math.abs(after!.x + after!.width / 2 - (before!.x + before!.width / 2))).toBeLessThan(12);
    expect(after!.x).toBeGreaterThan(mapBox.x);
    await tapOn(
      page,
      '#map path[data-space="alb"]',
      async () => (await page.locator('#order-tri').inputValue()) !== '',
    );
    expect(await page.locator('#order-tri').inputValue()).toBe('F Trieste - Albania');
    await page.screenshot({ path: artifact('tap-movement-390') });
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect((await lines(austria)).sort()).toEqual(['A Budapest - Serbia', 'A Vienna - Galicia', 'F Trieste - Albania']);
    expect(errors).toEqual([]);
    await page.close();
    const wide = await openGame(web, austria.email, game.id, { viewport: { width: 1366, height: 900 } });
    await wide.page.screenshot({ path: artifact('tap-movement-1366') });
    await wide.page.close();
    console.log(`Galicia took ${taps} tap(s) on the phone (a first tap on a tiny space zooms in).`);

    // Russia moves to Ukraine in Spring, then dislodges Galicia with its support in Fall.
    await byRole.Russia!.ok('PUT', `/games/${game.id}/orders`, { text: 'A Mos - Ukr' });
    await mod.ok('POST', `/games/${game.id}/process`);
    await byRole.Russia!.ok('PUT', `/games/${game.id}/orders`, { text: 'A War - Gal\nA Ukr S A War - Gal' });
    await austria.ok('PUT', `/games/${game.id}/orders`, { text: 'F Alb - Gre\nA Ser H\nA Gal H' });
    await mod.ok('POST', `/games/${game.id}/process`);

    // The retreat: tap the dislodged army in Galicia, then Bohemia.
    ({ page, errors } = await openGame(web, austria.email, game.id));
    expect(await page.locator('.side h2').first().innerText()).toMatch(/Retreat/);
    await tapOn(page, '#map g.unit.dislodged.mine[data-unit="gal"]', async () => (await selected(page)) === 'gal');
    expect(await page.locator('#selection').innerText()).toContain('A Galicia R Bohemia');
    await page.screenshot({ path: artifact('tap-retreat-390') });
    await tapOn(
      page,
      '#map path[data-space="boh"]',
      async () => (await page.locator('#order-gal').inputValue()) !== '',
    );
    expect(await page.locator('#order-gal').inputValue()).toBe('A Galicia R Bohemia');
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await lines(austria)).toEqual(['A Galicia R Bohemia']);
    expect(errors).toEqual([]);
    await page.close();
    const wideRetreat = await openGame(web, austria.email, game.id, { viewport: { width: 1366, height: 900 } });
    await wideRetreat.page.screenshot({ path: artifact('tap-retreat-1366') });
    await wideRetreat.page.close();
    await mod.ok('POST', `/games/${game.id}/process`);

    // Winter: two builds due (Serbia and Greece taken): Vienna built by tapping it, the other waived.
    ({ page, errors } = await openGame(web, austria.email, game.id));
    expect(await page.locator('#builds').innerText()).toContain('2 builds left');
    expect(await page.locator('#builds').getByRole('button', { name: 'Build A Vienna' }).count()).toBe(1);
    await tapOn(page, '#map path.buildable[data-space="vie"]', async () =>
      /1 build left/.test(await page.locator('#builds').innerText()),
    );
    expect(await page.locator('#builds ul.built').innerText()).toContain('Build A Vienna');
    await page.locator('#builds').getByRole('button', { name: 'Waive' }).tap();
    expect(await page.locator('#builds').innerText()).toContain('0 builds left');
    await page.screenshot({ path: artifact('tap-builds-390') });
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect((await lines(austria)).sort()).toEqual(['Build A Vienna', 'Waive']);
    expect(errors).toEqual([]);
    await page.close();
    const wideBuilds = await openGame(web, austria.email, game.id, { viewport: { width: 1366, height: 900 } });
    await wideBuilds.page.screenshot({ path: artifact('tap-builds-1366') });
    await wideBuilds.page.close();
  }, 180_000);

  it('no page of the game scrolls sideways at 360 and 390 px', async () => {
    await mod.ok('PUT', `/games/${game.id}/public`, { public: true });
    const wide: string[] = [];
    for (const width of [360, 390]) {
      const options = { ...PHONE, viewport: { width, height: 800 } };
      const check = async (page: Page, what: string) => {
        const w = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        if (w[0]! > w[1]!) wide.push(`${what} at ${width} px: ${w[0]} > ${w[1]}`);
      };
      const player = await openGame(web, austria.email, game.id, options);
      await check(player.page, 'game page (player)');
      // With the Winter builds in (build sites no longer marked, the list beside the map) and the map zoomed in too.
      await player.page.locator('#map path.build-site').first().waitFor();
      expect(await player.page.locator('#map path.buildable').count()).toBe(0);
      await player.page.getByRole('button', { name: 'Zoom in' }).tap();
      await check(player.page, 'game page (player), zoomed');
      await player.page.goto(`${web.base}/#/games/${game.id}/history`);
      await player.page.locator('main[aria-busy="false"] .map svg').waitFor();
      await check(player.page, 'history');
      await player.page.close();
      const moderator = await openGame(web, mod.email, game.id, options);
      await moderator.page.getByRole('heading', { name: 'Moderator' }).waitFor();
      await check(moderator.page, 'game page (moderator)');
      await moderator.page.close();
      const visitor = await web.browser.newPage(options);
      await visitor.goto(`${web.base}/#/games/${game.id}`);
      await visitor.locator('main[aria-busy="false"] #map svg').waitFor();
      await check(visitor, 'public view');
      await visitor.close();
    }
    expect(wide).toEqual([]);
  }, 120_000);
});
