// What the other tests leave out, on 390 px phones in a real Chromium: a Standard support and a
// convoy ordered by tapping units and spaces (the unit, the unit it supports or convoys, where that
// one goes); orders tapped but not sent survive what others do meanwhile (a draw vote, a line of
// press), while the vote shows live; and a moderator's page of a forming game follows the players
// joining, without a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, PHONE, signInLinkFor, tapOn, webSuite } from './browser.ts';

const web = webSuite();

async function phone(email: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await web.browser.newContext(PHONE)).newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${await signInLinkFor(web.t, web.base, email)}&next=${path}`);
  await page.locator('main[aria-busy="false"] h1').first().waitFor();
  await page.evaluate(() => {
    (window as any).notReloaded = true;
  });
  return { page, errors };
}

const selected = (page: Page) =>
  page
    .locator('#map g.unit.selected')
    .getAttribute('data-unit')
    .catch(() => null);

/** Taps a unit of the player's and makes sure it is the one selected. */
const tapUnit = (page: Page, loc: string) =>
  tapOn(page, `#map g.unit.mine[data-unit="${loc}"]`, async () => (await selected(page)) === loc);

/**
 * Taps a space until the unit's order field holds something; where names and units leave nothing of
 * the space to tap (Yorkshire beside London), the player zooms in around the selected unit first.
 */
async function tapSpace(page: Page, space: string, unit: string): Promise<void> {
  for (let zoomIns = 0; ; zoomIns++) {
    try {
      await tapOn(
        page,
        `#map path[data-space="${space}"]`,
        async () => (await page.locator(`#order-${unit}`).inputValue()) !== '',
      );
      return;
    } catch (e) {
      if (zoomIns >= 3) throw e;
      await page.getByRole('button', { name: 'Zoom in' }).tap();
    }
  }
}

describe('Standard supports and convoys by tapping; a page that follows without losing taps', () => {
  it('a support and a convoy by taps; tapped orders outlive a draw vote and press, which show live', {
    timeout: 180_000,
  }, async () => {
    const mod = await signUp(web.t, 'follow-mod@example.org');
    const ps: Client[] = [];
    for (let n = 1; n <= 7; n++) ps.push(await signUp(web.t, `follow-${n}@example.org`));
    const { game, byRole } = await startedGame(web.t, mod, ps, {
      name: 'Followed Europe',
      variant: 'standard',
      scenario: 'classic',
      votes: { visibility: 'public' },
      deadlines: { reminderMinutes: 0 },
    });
    const england = byRole.England!;
    const url = `/games/${game.id}/orders`;
    const lines = async () => (await england.ok('GET', url)).lines.map((l: any) => l.text).sort();
    const { page, errors } = await phone(england.email, `/games/${game.id}`);
    await page.locator('#map svg').waitFor();
    // The map opens zoomed in around England's units (at the whole map the crowded west runs names into
    // units), all of them in sight; names legible.
    const open = await page.locator('#map').evaluate((box) => {
      const b = box.getBoundingClientRect();
      const svg = box.querySelector('svg')!;
      const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const labels = [...svg.querySelectorAll('g.labels > text')]
        .map((x) => Number(x.getAttribute('font-size') ?? x.parentElement!.getAttribute('font-size')) * px)
        .sort((a, b) => a - b);
      return {
        zoom: Number((box as HTMLElement).style.getPropertyValue('--zoom') || 1),
        inSight: [...box.querySelectorAll('g.unit.mine')].every((u) => {
          const r = u.getBoundingClientRect();
          return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
        }),
        label: labels[Math.floor(labels.length / 2)]!,
      };
    });
    expect(open).toEqual({ zoom: 2, inSight: true, label: expect.any(Number) });
    expect(open.label).toBeGreaterThanOrEqual(9);
    await page.screenshot({ path: artifact('follow-open-390') });

    // Spring 1901: London to the North Sea, then Edinburgh supports it there: Edinburgh, London, the North Sea.
    await tapUnit(page, 'lon');
    await tapSpace(page, 'nth', 'lon');
    expect(await page.locator('#order-lon').inputValue()).toBe('F London - North Sea');
    await tapUnit(page, 'edi');
    await tapOn(page, '#map g.unit.mine[data-unit="lon"]', async () =>
      /supports or convoys/.test(await page.locator('#selection').innerText()),
    );
    // Never a trap: London may be ordered instead, or the whole selection cancelled.
    expect(
      await page
        .locator('#selection')
        .getByRole('button', { name: /instead$/ })
        .count(),
    ).toBe(1);
    expect(await page.locator('#selection').getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await tapSpace(page, 'nth', 'edi');
    expect(await page.locator('#order-edi').inputValue()).toBe('F Edinburgh S F London - North Sea');
    await tapUnit(page, 'lvp');
    await tapSpace(page, 'yor', 'lvp');
    expect(await page.locator('#order-lvp').inputValue()).toBe('A Liverpool - Yorkshire');

    // Meanwhile France votes for a draw and writes to everyone: England's page shows both, and
    // keeps the three orders tapped and not yet sent.
    await byRole.France!.ok('PUT', `/games/${game.id}/votes/draw`, { vote: true });
    await byRole.France!.ok('POST', `/games/${game.id}/press`, { to: 'ALL', text: 'Peace in our time?' });
    await page.locator('.votes', { hasText: 'France vote for a draw' }).waitFor({ timeout: 15_000 });
    await page.locator('#press-badge:not([hidden])', { hasText: '1' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#order-lon').inputValue()).toBe('F London - North Sea');
    expect(await page.locator('#order-edi').inputValue()).toBe('F Edinburgh S F London - North Sea');
    expect(await page.locator('#order-lvp').inputValue()).toBe('A Liverpool - Yorkshire');
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await lines()).toEqual([
      'A Liverpool - Yorkshire',
      'F Edinburgh S F London - North Sea',
      'F London - North Sea',
    ]);
    await mod.ok('POST', `/games/${game.id}/process`);

    // Fall 1901: the North Sea convoys Yorkshire to Belgium: the fleet, the army, Belgium; then the army, Belgium.
    await page.locator('p.phase', { hasText: 'Fall 1901' }).waitFor({ timeout: 20_000 });
    await page.locator('main[aria-busy="false"]').waitFor();
    await tapUnit(page, 'nth');
    await tapOn(page, '#map g.unit.mine[data-unit="yor"]', async () =>
      /supports or convoys/.test(await page.locator('#selection').innerText()),
    );
    await tapSpace(page, 'bel', 'nth');
    expect(await page.locator('#order-nth').inputValue()).toBe('F North Sea C A Yorkshire - Belgium');
    await tapUnit(page, 'yor');
    await tapSpace(page, 'bel', 'yor');
    expect(await page.locator('#order-yor').inputValue()).toMatch(/^A Yorkshire - Belgium/);
    await page.screenshot({ path: artifact('follow-convoy-390') });
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await lines()).toEqual(
      expect.arrayContaining(['F North Sea C A Yorkshire - Belgium', expect.stringMatching(/^A Yorkshire - Belgium/)]),
    );
    await mod.ok('POST', `/games/${game.id}/process`);
    const after = await england.ok('GET', `/games/${game.id}`);
    expect(after.view.units.find((u: any) => u.power === 'England' && u.location === 'bel')).toBeTruthy();
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the moderator's page of a forming game follows the players joining, then offers the start", {
    timeout: 90_000,
  }, async () => {
    const mod = await signUp(web.t, 'follow-join-mod@example.org');
    const a = await signUp(web.t, 'follow-join-1@example.org');
    const b = await signUp(web.t, 'follow-join-2@example.org');
    const game = await mod.ok('POST', '/games', { name: 'Joined Race', variant: 'heiau', scenario: 'race' }, 201);
    for (const p of [a, b]) await mod.ok('POST', `/games/${game.id}/invitations`, { email: p.email }, 201);
    const { page, errors } = await phone(mod.email, `/games/${game.id}`);
    await page.getByText('0 of 2 players have joined').waitFor();
    await a.ok('POST', `/games/${game.id}/join`);
    await page.getByText('1 of 2 players have joined').waitFor({ timeout: 15_000 });
    await b.ok('POST', `/games/${game.id}/join`);
    await page.getByText('2 of 2 players have joined: start the game').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('follow-forming-390'), fullPage: true });
    await page.getByRole('button', { name: 'Start the game' }).tap();
    await page.locator('main[aria-busy="false"] #map svg').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the pages outside a game (sign-in, public games, my games, new game, press) fit 360 and 390 px', {
    timeout: 90_000,
  }, async () => {
    const me = await signUp(web.t, 'follow-pages@example.org');
    const other = await signUp(web.t, 'follow-pages-2@example.org');
    const game = await me.ok('POST', '/games', { name: 'Pages Race', variant: 'heiau', scenario: 'race' }, 201);
    const mod = await signUp(web.t, 'follow-pages-mod@example.org');
    const { game: started } = await startedGame(web.t, mod, [me, other], {
      name: 'Pages Race 2',
      variant: 'heiau',
      scenario: 'race',
    });
    const wide: string[] = [];
    for (const width of [360, 390]) {
      const context = await web.browser.newContext({ ...PHONE, viewport: { width, height: 800 } });
      const page = await context.newPage();
      const check = async (what: string) => {
        await page.locator('main[aria-busy="false"] h1').first().waitFor();
        const [scroll, view] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        if (scroll! > view!) wide.push(`${what} at ${width} px: ${scroll} > ${view}`);
      };
      await page.goto(web.base);
      await check('sign-in');
      await page.goto(`${web.base}/#/public`);
      await check('public games');
      await page.goto(`${await signInLinkFor(web.t, web.base, me.email)}&next=/`);
      await check('my games');
      for (const [what, hash] of [
        ['new game', '#/new'],
        ['press', `#/games/${started.id}/press`],
        ['forming game', `#/games/${game.id}`],
      ]) {
        await page.evaluate((h) => {
          location.hash = h;
        }, hash!);
        await page.waitForFunction((h) => location.hash === h, hash!);
        await check(what!);
      }
      await context.close();
    }
    expect(wide).toEqual([]);
  });
});
