// A game's page asks for what it needs at once, in a real Chromium: the answers any reader needs go
// out together, before the game's own answer is back; a player's own answers (orders, options,
// votes) go with them when the reader came by a mail's link or this browser knows the seat, else
// after the game's answer. A seat that is not there costs refused answers only, once.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

/**
 * The page's requests and answers for the game, in the order the browser saw them: by a mail's
 * sign-in link, or (`byLink` false) by the game's address, signed in already.
 */
async function visit(page: Page, email: string, gameId: string, byLink = true): Promise<string[]> {
  const seen: string[] = [];
  const name = (url: string) => url.replace(/^.*\/games\/[0-9a-f-]{36}/, '') || '/';
  const mine = (url: string) => url.includes(`/games/${gameId}`) && !url.endsWith('/live');
  page.on('request', (r) => mine(r.url()) && seen.push(`ask ${name(r.url())}`));
  page.on('response', (r) => mine(r.url()) && seen.push(`got ${name(r.url())}`));
  await page.goto(
    byLink ? `${await signInLinkFor(web.t, web.base, email)}&next=/games/${gameId}` : `${web.base}/#/games/${gameId}`,
  );
  await page.locator('main[aria-busy="false"] #map svg').waitFor();
  return seen;
}

describe("a game page's first answers", () => {
  let player: Client;
  let mod: Client;
  let gameId: string;
  beforeAll(async () => {
    mod = await signUp(web.t, 'first-answers-mod@example.org');
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await signUp(web.t, `first-answers-${i}@example.org`));
    const { game, byRole } = await startedGame(web.t, mod, players, {
      name: 'First Answers',
      variant: 'heiau',
      scenario: 'clans',
    });
    gameId = game.id;
    player = Object.values(byRole)[0]!;
  });

  it("asks for every reader's answers at once; a player's own with them by a mail's link or a seat known, else after the game's", {
    timeout: 60_000,
  }, async () => {
    const context = await web.browser.newContext(PHONE);
    const at = (list: string[], x: string) => list.indexOf(x);
    const askedEarly = (list: string[], xs: string[]) => xs.map((x) => [x, at(list, `ask ${x}`) < at(list, 'got /')]);
    const own = ['/orders', '/options', '/votes'];
    // By a mail's link: everything at once.
    const first = await visit(await context.newPage(), player.email, gameId);
    expect(askedEarly(first, ['/map.svg?hexNumbers=false', '/press', '/history?after=0', ...own])).toEqual(
      ['/map.svg?hexNumbers=false', '/press', '/history?after=0', ...own].map((x) => [x, true]),
    );
    // By the address, the browser knowing nothing of the seat: the player's own after the game's answer.
    const page = await context.newPage();
    await page.goto(`${web.base}/#/`);
    await page.locator('main[aria-busy="false"] table.games').waitFor();
    await page.evaluate(() => localStorage.clear());
    const unknown = await visit(page, player.email, gameId, false);
    expect(askedEarly(unknown, ['/map.svg?hexNumbers=false', ...own])).toEqual([
      ['/map.svg?hexNumbers=false', true],
      ...own.map((x) => [x, false]),
    ]);
    // By the address again, the seat known now: with the rest.
    const again = await visit(await context.newPage(), player.email, gameId, false);
    expect(askedEarly(again, own)).toEqual(own.map((x) => [x, true]));
    // Each asked for once.
    expect(again.filter((x) => x === 'ask /orders')).toHaveLength(1);
    await context.close();
  });

  it("the moderator, come by a mail's link, costs refused answers once; then the browser knows", {
    timeout: 60_000,
  }, async () => {
    const context = await web.browser.newContext(PHONE);
    const errors: string[] = [];
    context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
    const first = await visit(await context.newPage(), mod.email, gameId);
    expect(first).toContain('ask /orders');
    const p1 = context.pages()[0]!;
    expect(await p1.locator('main').innerText()).toContain('you are the moderator');
    expect(errors).toEqual([]);
    // Known not to order here: not asked again.
    const again = await visit(await context.newPage(), mod.email, gameId);
    expect(again).not.toContain('ask /orders');
    expect(again).not.toContain('ask /options');
    await context.close();
  });

  it('a page asked for while another is still being built is the one shown, whichever build ends last', {
    timeout: 60_000,
  }, async () => {
    const context = await web.browser.newContext(PHONE);
    const page = await context.newPage();
    await visit(page, player.email, gameId);
    // My games' list answers late; the game's link is followed meanwhile.
    let held = 0;
    await page.route(/\/games\?mine=true/, async (r) => {
      held++;
      await new Promise((ok) => setTimeout(ok, 1500));
      await r.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest(/\/games\?mine=true/);
    await page.evaluate(() => {
      location.hash = '#/';
    });
    await asked;
    await page.evaluate((id) => {
      location.hash = `#/games/${id}`;
    }, gameId);
    // The page is busy until every build has ended, the late My games' too.
    await page.locator('main[aria-busy="false"] #map svg').waitFor();
    expect(held).toBeGreaterThan(0);
    expect(await page.locator('main table.games').count()).toBe(0);
    expect(await page.locator('main h1').innerText()).toContain('First Answers');
    await context.close();
  });
});
