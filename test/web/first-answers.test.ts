// A game's page asks for what it needs at once, in a real Chromium: on a first visit the answers any
// reader needs go out together, before the game's own answer is back; a player's own answers (orders,
// options, votes) follow the game's answer, and on the next visit, the seat known, go out with the
// rest. A seat that is gone costs refused answers only: the page is built from what it may read.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

/** The page's requests and answers for the game, in the order the browser saw them. */
async function visit(page: Page, email: string, gameId: string): Promise<string[]> {
  const seen: string[] = [];
  const name = (url: string) => url.replace(/^.*\/games\/[0-9a-f-]{36}/, '') || '/';
  const mine = (url: string) => url.includes(`/games/${gameId}`) && !url.endsWith('/live');
  page.on('request', (r) => mine(r.url()) && seen.push(`ask ${name(r.url())}`));
  page.on('response', (r) => mine(r.url()) && seen.push(`got ${name(r.url())}`));
  await page.goto(`${await signInLinkFor(web.t, web.base, email)}&next=/games/${gameId}`);
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

  it("asks for every reader's answers at once, the player's own after the game's answer, then with it on the next visit", {
    timeout: 60_000,
  }, async () => {
    const context = await web.browser.newContext(PHONE);
    const first = await visit(await context.newPage(), player.email, gameId);
    const at = (list: string[], x: string) => list.indexOf(x);
    // The game, its map, press and history asked for before the game's answer is back.
    for (const x of ['/map.svg', '/press', '/history?after=0'])
      expect(at(first, `ask ${x}`), x).toBeLessThan(at(first, 'got /'));
    // The player's own: after it (this browser did not know the seat yet).
    expect(at(first, 'ask /orders')).toBeGreaterThan(at(first, 'got /'));
    // The next visit, in the same browser: with the rest.
    const again = await visit(await context.newPage(), player.email, gameId);
    for (const x of ['/orders', '/options', '/votes'])
      expect(at(again, `ask ${x}`), x).toBeLessThan(at(again, 'got /'));
    // Each asked for once.
    expect(again.filter((x) => x === 'ask /orders')).toHaveLength(1);
    await context.close();
  });

  it("a seat remembered that is not the reader's costs refused answers only", { timeout: 60_000 }, async () => {
    const context = await web.browser.newContext(PHONE);
    const errors: string[] = [];
    context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
    const page = await context.newPage();
    await visit(page, mod.email, gameId);
    // As if this browser had seen its reader order here (another account, a seat since lost).
    await page.evaluate((id) => localStorage.setItem(`kahu-seat:${id}`, 'ordering'), gameId);
    const again = await visit(await context.newPage(), mod.email, gameId);
    expect(again).toContain('ask /orders');
    const p2 = context.pages()[1]!;
    expect(await p2.locator('main').innerText()).toContain('you are the moderator');
    expect(errors).toEqual([]);
    // Found not ordering, the seat is forgotten.
    expect(await p2.evaluate((id) => localStorage.getItem(`kahu-seat:${id}`), gameId)).toBeNull();
    await context.close();
  });
});
