// A public game in a real Chromium: the moderator makes the game public in the console, and a
// signed-out visitor opens it (by the link a mail carries, /games/<id>), sees the map, the history
// and the reports, no order or press form, and a way to sign in; the public games are listed on the
// sign-in page and at #/public. A private game stays "not found" to the visitor. axe-core finds no
// serious or critical problem; screenshots are kept in test-artifacts/web.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, openPage, PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

const signInLink = (email: string) => signInLinkFor(web.t, web.base, email);

const open = openPage;

describe('a public game in the browser', () => {
  let game: any;
  let mod: Client;
  let byRole: Record<string, Client>;
  beforeAll(async () => {
    mod = await signUp(web.t, 'pubmod@example.org');
    const a = await signUp(web.t, 'pubsunrise@example.org');
    const b = await signUp(web.t, 'pubsunset@example.org');
    ({ game, byRole } = await startedGame(web.t, mod, [a, b], {
      name: 'Watched Race',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    }));
    // One adjudicated phase, so that the history has a report and a map with results; the open
    // phase holds sealed orders that nobody else may see.
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H' });
    await byRole.Sunset.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kilauea - Wailua\nB Aiea H' });
    await mod.ok('POST', `/games/${game.id}/process`);
    await byRole.Sunrise.ok('PUT', `/games/${game.id}/orders`, { text: 'B Kawaihae - Kohala' });
    await byRole.Sunrise.ok('POST', `/games/${game.id}/press`, { to: ['Sunset'], text: 'Secret aloha to Sunset' });
  });

  it('is not found by a signed-out visitor while it is private', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = await open(page, `${web.base}/games/${game.id}`);
    await page.getByLabel('Email address').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Watched Race');
    expect(await page.locator('.public-games').innerText()).toContain('No public games');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the moderator makes it public in the console; the event log says so', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = await open(page, `${await signInLink(mod.email)}&next=/games/${game.id}`);
    await page.getByRole('heading', { name: 'Moderator' }).waitFor();
    const box = page.getByLabel(/Public: anyone may watch this game/);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByText('Watched Race').first().waitFor();
    await page.locator('.game-head', { hasText: 'public' }).waitFor();
    expect(await page.getByLabel(/Public: anyone may watch this game/).isChecked()).toBe(true);
    await page.locator('details:has(ol.events)').evaluate((d) => {
      (d as HTMLDetailsElement).open = true;
    });
    // The event comes with the page's next live refresh, not necessarily with the badge; that refresh
    // may draw the log again with its drawer closed, so it is waited for in the page, shown or not.
    await page
      .locator('ol.events', { hasText: 'made the game public' })
      .waitFor({ state: 'attached', timeout: 10_000 });
    // Read as text, shown or not: a later live refresh may draw the log again with its drawer closed.
    expect(await page.locator('ol.events').textContent()).toContain('made the game public');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('public-moderator'), fullPage: true });
    expect((await web.t.db.game.findUniqueOrThrow({ where: { id: game.id } })).public).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a signed-out visitor watches it: map, history and reports, no order or press form, a sign-in link', async () => {
    expect((await client(web.t, '', '').ok('GET', `/games/${game.id}`)).public).toBe(true);
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The address a mail carries: a browser asking for HTML is sent to the game's page.
    const errors = await open(page, `${web.base}/games/${game.id}`);
    await page.getByRole('heading', { name: 'Watched Race' }).waitFor();
    await page.locator('#map svg').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('you are an observer');
    expect(text).toContain('Fall 1 Movement');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    for (const form of ['#orders-text', '#press-text', '#ready', '#draw-vote', '.console'])
      expect(await page.locator(form).count(), form).toBe(0);
    // Nothing hidden from observers: the sealed orders of the open phase, press, addresses.
    const html = await page.content();
    for (const secret of ['Kawaihae - Kohala', 'Secret aloha', 'pubsunrise@', 'pubsunset@', 'pubmod@'])
      expect(html, secret).not.toContain(secret);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('public-game'), fullPage: true });

    await page.getByRole('link', { name: /History/ }).click();
    await page.getByRole('heading', { name: /Watched Race: Spring 1 Movement/ }).waitFor();
    await page.locator('.map svg').waitFor();
    expect(await page.locator('.map svg').innerHTML()).toContain('Kona-Kailua');
    expect(await page.locator('pre.report').innerText()).toMatch(/Kona-Kailua/);
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('public-history') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a new game is public when the form says so, and the switch is on its page before the start', {
    timeout: 60_000,
  }, async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await open(page, `${await signInLink(mod.email)}&next=/new`);
    await page.getByLabel('Name').fill('Public from the start');
    await page.getByLabel('Game', { exact: true }).selectOption('heiau');
    await page.getByLabel('Scenario').selectOption('race');
    await page.getByLabel(/Public: anyone may watch it/).check();
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    const gameId = /#\/games\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    expect((await web.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).public).toBe(true);
    expect((await client(web.t, '', '').ok('GET', '/games?public=true')).games.map((g: any) => g.name)).toContain(
      'Public from the start',
    );
    // Before the start too, the moderator's page has the switch.
    const box = page.getByLabel(/Public: anyone may watch this game/);
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await page.getByText('The game is private.').waitFor({ state: 'attached' });
    expect((await web.t.db.game.findUniqueOrThrow({ where: { id: gameId } })).public).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the public games to signed-out visitors, with phase and deadline', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = await open(page, web.base);
    await page.locator('.public-games table').waitFor();
    expect(await page.locator('.public-games').innerText()).toMatch(/Watched Race\s+Heiau Diplomacy\s+Fall 1 Movement/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('link', { name: 'Public games' }).click();
    await page.getByRole('heading', { name: 'Public games' }).waitFor();
    await page.getByRole('link', { name: 'Watched Race' }).click();
    await page.locator('#map svg').waitFor();
    await page.goto(`${web.base}/#/public`);
    await page.locator('table.games').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('public-games') });
    expect(errors).toEqual([]);
    await page.close();
    // On a phone each game is a card, every line under its column's name.
    const phone = await web.browser.newPage(PHONE);
    await phone.goto(web.base);
    await phone.locator('.public-games table').waitFor();
    const card = await phone
      .locator('.public-games tbody tr')
      .first()
      .evaluate((tr) =>
        [...tr.querySelectorAll('td')].map((td) =>
          `${getComputedStyle(td, '::before')
            .content.replace(/^"|"$/g, '')
            .replace(/^none$/, '')}${td.textContent}`.trim(),
        ),
      );
    expect(card.slice(0, 3)).toEqual(['Watched Race', 'Variant: Heiau Diplomacy', 'Phase: Fall 1 Movement']);
    expect(card[3]).toMatch(/^Deadline: /);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await phone.screenshot({ path: artifact('public-games-390'), fullPage: true });
    await phone.close();
  });
});
