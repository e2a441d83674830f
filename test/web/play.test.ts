// The web client in a real Chromium: a player signs in by the emailed link, sees the game's map,
// enters orders by clicking a unit and then a space, and by keyboard alone from the lists; at a
// phone's width the page still works. Screenshots of every page are kept in test-artifacts/web.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, launchBrowser, sentMail, signInLinkFor } from './browser.ts';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

let t: TestService;
let browser: Browser;
let base: string;
/** Where the judge writes its mail, one .eml file a message, as `npm start` does without SMTP_URL. */
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-web-outbox-'));
beforeAll(async () => {
  // kahu as `npm start` runs it: real time, the worker, mail in the outbox; its mail links here.
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  [t, browser] = await Promise.all([
    startTestService({ env: { PUBLIC_URL: base }, running: { outbox } }),
    launchBrowser(),
  ]);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

const signInLink = (email: string) => signInLinkFor(t, base, email);

/** Unfolds "Write orders as text" (open already when the game lists no orders to pick). */
async function openText(page: Page) {
  await page.locator('details:has(#orders-text)').evaluate((d) => {
    (d as HTMLDetailsElement).open = true;
  });
}

async function open(page: Page, url: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A missing resource (the favicon was one) shows in the console as an error.
  page.on('response', (r) => {
    if (r.status() === 404 && !['fetch', 'xhr'].includes(r.request().resourceType())) errors.push(`404 ${r.url()}`);
  });
  await page.goto(url);
  return errors;
}

describe('web client', () => {
  let game: any;
  let byRole: Record<string, Client>;
  beforeAll(async () => {
    const mod = await signUp(t, 'webmod@example.org');
    const a = await signUp(t, 'websunrise@example.org');
    const b = await signUp(t, 'websunset@example.org');
    ({ game, byRole } = await startedGame(t, mod, [a, b], {
      name: 'Browser Race',
      variant: 'heiau',
      scenario: 'race',
    }));
  });

  it('signs in by the emailed link and lists my games with their deadlines', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = await open(page, await signInLink(byRole.Sunrise.email));
    await page.getByRole('link', { name: 'Browser Race' }).waitFor();
    expect(await page.locator('table.games').innerText()).toMatch(/Sunrise\s+Spring 1 Movement/);
    // The code left the address bar, and the page keeps no token where scripts can read it.
    expect(page.url()).not.toContain('signin=');
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toMatch(/kahu_/);
    await page.screenshot({ path: artifact('games') });
    expect(await page.evaluate(async () => (await fetch('/favicon.ico')).headers.get('content-type'))).toBe(
      'image/svg+xml',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('enters an order by clicking a unit and then a space on the map, and sends it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = await open(page, `${await signInLink(byRole.Sunrise.email)}&next=/games/${game.id}`);
    await page.locator('#map svg').waitFor();
    await page.locator('g.unit.mine[data-unit="konk"]').click();
    await page.locator('path[data-space="kawa"]').click({ position: await spacePoint(page, 'kawa') });
    expect(await page.locator('#order-konk').inputValue()).toBe('B Kona-Kailua - Kawaihae');
    // Drawn on the map, dashed, before it is sent; drawn as sent once it is.
    expect(await page.locator('#map svg [data-pending-order="B Kona-Kailua - Kawaihae"] line').count()).toBe(1);
    expect(await page.locator('#map svg .chosen-orders').textContent()).toContain('not sent yet');
    await page.screenshot({ path: artifact('game-pending') });
    await page.getByRole('button', { name: 'Send these orders' }).click();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await page.locator('#map svg [data-pending-order]').count()).toBe(0);
    expect(await page.locator('#map svg [data-sent-order="B Kona-Kailua - Kawaihae"]').count()).toBe(1);
    expect(await page.locator('.readings').innerText()).toContain('B Kona-Kailua - Kawaihae — read as');
    await page.screenshot({ path: artifact('game-orders') });
    // Stored as a submission of Sunrise.
    const stored = await byRole.Sunrise.ok('GET', `/games/${game.id}/orders`);
    expect(stored.lines.map((l: any) => l.text)).toContain('B Kona-Kailua - Kawaihae');
    // A support by clicking: the unit, the unit it supports, then where that one goes; only an order the options list.
    const opts = await byRole.Sunrise.ok('GET', `/games/${game.id}/options`);
    const [unit, support] = opts.options.units
      .flatMap((u: any) =>
        u.orders.filter((o: any) => o.kind === 'support' && o.order.split(' ').length > 5).map((o: any) => [u.unit, o]),
      )
      .at(0)!;
    const [supported, to] = [support.order.split(' ')[4], support.order.split(' ')[6].split('/')[0]];
    await page.locator(`g.unit.mine[data-unit="${unit}"]`).click();
    await page.locator(`g.unit[data-unit="${supported}"]`).click();
    expect(await page.locator('#map-hint').innerText()).toMatch(/now tap where that unit goes/);
    await page.locator(`path[data-space="${to}"]`).click({ position: await spacePoint(page, to) });
    expect(await page.locator(`#order-${unit}`).inputValue()).toBe(support.text);
    expect(await page.locator(`#map svg [data-pending-order="${support.text}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('enters orders with the keyboard alone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, `${await signInLink(byRole.Sunset.email)}&next=/games/${game.id}`);
    await page.locator('#order-aiea').waitFor();
    await page.locator('#order-aiea').focus();
    const wanted = (await page.locator('#order-aiea option').allInnerTexts()).find((o) => / - /.test(o))!;
    await page.keyboard.press('ArrowDown');
    await page.locator('#order-aiea').selectOption({ label: wanted });
    await page.keyboard.press('Tab');
    // Tab on to the send button and press it.
    for (
      let i = 0;
      i < 40 && !(await page.evaluate(() => document.activeElement?.textContent === 'Send these orders'));
      i++
    )
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('.readings li.ok').first().waitFor();
    const stored = await byRole.Sunset.ok('GET', `/games/${game.id}/orders`);
    expect(stored.lines.map((l: any) => l.text)).toContain(wanted);
    await page.close();
  });

  it('works at a phone width of 360 px', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const errors = await open(page, `${await signInLink(byRole.Sunrise.email)}&next=/games/${game.id}`);
    await page.locator('#map svg').waitFor();
    // Nothing wider than the screen but the map, which scrolls inside its box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(360);
    await page.locator('#order-puna').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Send these orders' }).tap();
    await page.locator('.readings li.ok').first().waitFor();
    await page.screenshot({ path: artifact('game-phone'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives the moderator a console: process now, then every phase in the history with its map', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = await open(page, `${await signInLink('webmod@example.org')}&next=/games/${game.id}`);
    await page.getByRole('heading', { name: 'Moderator' }).waitFor();
    expect(await page.locator('.players').innerText()).toContain(`Sunrise — ${byRole.Sunrise.email}`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('moderator'), fullPage: true });
    await page.getByRole('button', { name: 'Process now' }).click();
    await page.locator('p.phase', { hasText: 'Fall 1 Movement' }).waitFor();
    await page.getByRole('link', { name: /History/ }).click();
    await page.getByRole('heading', { name: /Browser Race: Spring 1 Movement/ }).waitFor();
    await page.locator('.map svg').waitFor();
    // The adjudicated phase shows its orders with their results, on the map and in the report.
    expect(await page.locator('.map svg').innerHTML()).toContain('Kona-Kailua');
    expect(await page.locator('pre.report').innerText()).toMatch(/Kona-Kailua/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('history') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility problem on any page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, `${await signInLink(byRole.Sunset.email)}&next=/games/${game.id}`);
    await page.locator('#map svg').waitFor();
    const problems: Record<string, string[]> = { game: await accessibilityProblems(page) };
    await page.goto(`${base}/#/`);
    await page.locator('table.games').waitFor();
    problems.games = await accessibilityProblems(page);
    await page.goto(`${base}/#/new`);
    await page.getByRole('button', { name: 'Create the game' }).waitFor();
    problems.new = await accessibilityProblems(page);
    await page.screenshot({ path: artifact('new-game') });
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await phone.goto(base);
    await phone.getByLabel('Email address').waitFor();
    problems.signIn = await accessibilityProblems(phone);
    expect(problems).toEqual({ game: [], games: [], new: [], signIn: [] });
    await phone.close();
    await page.close();
  });

  it('plays an Aloha decision from the legal actions, with no Ready: the game moves on to the other player', {
    timeout: 90_000,
  }, async () => {
    const mod = await signUp(t, 'aloha-webmod@example.org');
    const ps = [await signUp(t, 'aloha-web1@example.org'), await signUp(t, 'aloha-web2@example.org')];
    const { game: g, byRole: roles } = await startedGame(t, mod, ps, {
      name: 'Browser Aloha',
      variant: 'aloha',
      scenario: 'two',
    });
    const view = await mod.ok('GET', `/games/${g.id}`);
    const first = view.phase.readiness.find((r: any) => r.expected).role as string;
    const other = Object.keys(roles).find((r) => r !== first)!;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await open(page, `${await signInLink(roles[first]!.email)}&next=/games/${g.id}`);
    await page.locator('.aloha-actions').waitFor();
    expect(await page.locator('.aloha-islands button').allInnerTexts()).toEqual([
      'Kauai',
      'Oahu',
      'Molokai',
      'Maui',
      'Hawaii',
    ]);
    await page.getByRole('button', { name: 'Maui', exact: true }).click();
    await page.getByRole('button', { name: 'Settle Maui' }).click();
    await page.getByRole('button', { name: 'Send: settle Maui' }).click();
    await page.locator('.readings li.ok').first().waitFor();
    expect(await page.locator('.readings').innerText()).toContain('settle Maui — read as settle Maui');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('aloha'), fullPage: true });
    const waiting = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(waiting, `${await signInLink(roles[other]!.email)}&next=/games/${g.id}`);
    // Sending was the decision: the worker played it at once, and it is the other player's turn.
    await waiting.locator('.aloha-islands').waitFor();
    expect(await waiting.locator('.aloha-islands button').allInnerTexts()).toEqual([
      'Kauai',
      'Oahu',
      'Molokai',
      'Hawaii',
    ]);
    expect(errors).toEqual([]);
    await waiting.close();
    await page.close();
  });

  it('plays a Hawaii 1795 turn from the hand; the other side sets a standing instruction and sees it', {
    timeout: 90_000,
  }, async () => {
    const mod = await signUp(t, 'hod-webmod@example.org');
    const ps = [await signUp(t, 'hod-web1@example.org'), await signUp(t, 'hod-web2@example.org')];
    const { game: g, byRole: roles } = await startedGame(t, mod, ps, {
      name: 'Browser 1795',
      variant: 'hawaii1795',
      scenario: 'short',
    });
    const view = await mod.ok('GET', `/games/${g.id}`);
    const phasing = view.phase.readiness.find((r: any) => r.expected).role as string;
    const other = Object.keys(roles).find((r) => r !== phasing)!;
    const choices = (await roles[phasing]!.ok('GET', `/games/${g.id}/options`)).options;
    // A line of the turn: the card's decision when there is one, else a move the choices list.
    const lm = choices.landMoves[0];
    const line = choices.canHold
      ? 'HOLD'
      : choices.playable.length
        ? `PLAY ${choices.playable[0]}`
        : `MOVE ${lm.from} - ${lm.to[0]}`;

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await open(page, `${await signInLink(roles[phasing]!.email)}&next=/games/${g.id}`);
    await page.getByRole('heading', { name: 'Your hand' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.hand').innerText()).toContain(
      `Drawn this turn: ${choices.drawn.number}. ${choices.drawn.title}`,
    );
    expect((await page.locator('.standing li').allTextContents()).find((l) => l.startsWith('War fleet'))).toMatch(
      /^War fleet \(11\.7\): STRONGER.*\(default\)$/,
    );
    // Every line of a turn is on the page, not only in the mail's HELP.
    expect(await page.locator('.hand details.lines').getAttribute('open')).not.toBeNull();
    expect(await page.locator('.hand details.lines pre').innerText()).toContain('PLAY 7 / PLAY Hold the Line');
    await openText(page);
    // Sending an empty box says what to write, not what the API wants.
    await page.locator('#orders-text').fill('');
    await page.getByRole('button', { name: 'Send the text' }).click();
    expect(await page.locator('.result').innerText()).toBe(
      'Write at least one line, for example HOLD or PLAY and a card’s number, then send.',
    );
    await page.locator('#orders-text').fill(line);
    await page.getByRole('button', { name: 'Send the text' }).click();
    await page.locator('.readings li.ok').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.readings li.ok').first().innerText()).toContain(line);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('hawaii1795'), fullPage: true });

    const waiting = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors2 = await open(waiting, `${await signInLink(roles[other]!.email)}&next=/games/${g.id}`);
    await waiting.getByRole('heading', { name: 'Your standing instructions' }).waitFor({ timeout: 15_000 });
    // The side that waits is told so, by the other side's name, and what it may still do.
    expect(await waiting.locator('.side p.next-step').first().innerText()).toMatch(
      new RegExp(
        `^It is ${view.powerNames[phasing]}'s turn: you have nothing to order\\. You may change your standing instructions`,
      ),
    );
    expect(await waiting.locator('.side h2').first().innerText()).not.toMatch(/^Your orders/);
    expect(await waiting.locator('#ready').count()).toBe(0);
    expect(await waiting.locator('.hand').innerText()).toContain('You play from your hand in your own turns.');
    await openText(waiting);
    await waiting.locator('#orders-text').fill('STANDING WARFLEET NEVER');
    await waiting.getByRole('button', { name: 'Send the text' }).click();
    await waiting.locator('.readings li.ok').first().waitFor({ timeout: 15_000 });
    expect(await waiting.locator('.readings li.ok').first().innerText()).toContain('STANDING WARFLEET NEVER');

    // The turn is adjudicated (the standing line with it); its report is in the history both sides
    // read, and the other side's page now shows its instruction in force.
    await mod.ok('POST', `/games/${g.id}/process`);
    const h = await roles[other]!.ok('GET', `/games/${g.id}/history`);
    expect(h.phases[0].status).toBe('adjudicated');
    await waiting.reload();
    await waiting.getByRole('heading', { name: 'Your standing instructions' }).waitFor({ timeout: 15_000 });
    expect((await waiting.locator('.standing li').allTextContents()).find((l) => l.startsWith('War fleet'))).toMatch(
      /^War fleet \(11\.7\): NEVER.*\(your instruction\)$/,
    );
    await waiting.screenshot({ path: artifact('hawaii1795-standing'), fullPage: true });
    expect(errors).toEqual([]);
    expect(errors2).toEqual([]);
    await waiting.close();
    await page.close();
  });

  it('a moderator creates a Heiau game and invites; the invited player follows the mail, signs in and joins; the moderator starts it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await open(page, `${await signInLink('webmod@example.org')}&next=/new`);
    await page.getByLabel('Name').fill('Made in the browser');
    await page.getByLabel('Game').selectOption('heiau');
    await page.getByLabel('Scenario').selectOption('race');
    await page.getByLabel('Invite players (email addresses)').fill('invitee1@example.org\ninvitee2@example.org');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    const gameId = /#\/games\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    // Each invitee: the invitation's browser link, the sign-in page, the emailed link, the game, Join.
    for (const who of ['invitee1@example.org', 'invitee2@example.org']) {
      const invite = (await mailFor(t.db, who, 'invite'))[0]!.body;
      const link = /In a browser: open (\S+),/.exec(invite)![1]!;
      expect(link).toBe(`${t.config.publicUrl}/#/games/${gameId}`);
      const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await p.goto(link.replace(t.config.publicUrl, base));
      await p.getByLabel('Email address').fill(who);
      await p.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await p.getByText('A sign-in link is on its way').waitFor();
      await p.goto(await signInLink(who));
      await p.getByText('You are invited to this game.').waitFor();
      await p.getByRole('button', { name: 'Join this game' }).click();
      await p.getByText('You have joined.').waitFor();
      await p.close();
    }
    await page.reload();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('#map svg').waitFor();
    const g = await t.db.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(g.status).toBe('active');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the sign-in page to a stranger, and sends a link', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, base);
    await page.getByLabel('Email address').fill('newcomer@example.org');
    const since = Date.now();
    await page.getByRole('button', { name: 'New here: register' }).click();
    await page.getByText('A sign-in link is on its way').waitFor();
    await page.screenshot({ path: artifact('sign-in') });
    // The mail as sent (the outbox row's code is blanked once the worker has sent it).
    const mail = await sentMail(outbox, 'newcomer@example.org', /sign-in link|no account/, since);
    expect(mail.text).toMatch(new RegExp(`${t.config.publicUrl.replace(/[.]/g, '\\.')}/#signin=[A-Za-z0-9_-]{43}`));
    await page.close();
  });
});

/** Ask for a sign-in link on the sign-in page, then follow the one the mail in the outbox brings. */
async function signInByMail(page: Page, email: string): Promise<void> {
  const since = Date.now();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText('A sign-in link is on its way').waitFor();
  const mail = await sentMail(outbox, email, /sign-in link|no account/, since);
  const link = /(http\S+#signin=\S+)/.exec(mail.text ?? '')![1]!;
  expect(link.startsWith(`${base}/#signin=`)).toBe(true);
  await page.goto(link);
}

/**
 * Where on the screen a space can be clicked: a point inside its shape and off your own units;
 * `underName`: a point where the space's name lies on top, as a person aims at a small space.
 */
async function pointIn(page: Page, space: string, underName = false): Promise<{ x: number; y: number }> {
  return page.locator(`#map path[data-space="${space}"]`).evaluate((el: SVGPathElement, underName: boolean) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    for (let i = 1; i < 30; i++)
      for (let j = 1; j < 30; j++) {
        // Whole pixels (mouse events have them), with a margin: a point well inside, not on a border.
        const x = Math.round(box.left + (box.width * i) / 30),
          y = Math.round(box.top + (box.height * j) / 30);
        const near = [
          [0, 0],
          [2, 0],
          [-2, 0],
          [0, 2],
          [0, -2],
        ].map(([dx, dy]) => document.elementsFromPoint(x + dx!, y + dy!));
        if (!near.every((stack) => stack.includes(el) && !stack[0]!.closest('g.unit.mine'))) continue;
        if (underName ? near[0]![0]!.closest('g.labels') : near.every((stack) => stack[0] === el)) return { x, y };
      }
    throw new Error('no point inside the space');
  }, underName);
}
/** A point on a unit's drawing (its middle may be a gap between the strokes). */
async function unitPoint(page: Page, unit: string): Promise<{ x: number; y: number }> {
  return page.locator(`#map g.unit.mine[data-unit="${unit}"]`).evaluate((el: SVGGElement) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    for (const f of [0.5, 0.4, 0.6, 0.3, 0.7])
      for (const g of [0.5, 0.4, 0.6, 0.3, 0.7]) {
        const x = Math.round(box.left + box.width * f),
          y = Math.round(box.top + box.height * g);
        if (el.contains(document.elementFromPoint(x, y))) return { x, y };
      }
    throw new Error('the unit is hidden');
  });
}

/** Each side's boat bunches in the Race, and the space each one moves to (Waikiki lies under Aiea's unit and a name). */
const RACE_MOVES: Record<string, [unit: string, space: string, order: string][]> = {
  Sunrise: [
    ['konk', 'kawa', 'B Kona-Kailua - Kawaihae'],
    ['puna', 'hilo', 'B Puna - Hilo'],
  ],
  Sunset: [
    ['aiea', 'waik', 'B Aiea - Waikiki'],
    ['kila', 'wail', 'B Kilauea - Wailua'],
  ],
};

describe('a Heiau game from the first sign-in to the first results, in the browser', () => {
  const mod = 'e2e-kahuna@example.org';
  const players = ['e2e-alii@example.org', 'e2e-makoa@example.org'];
  let gameId: string;
  let modPage: Page;
  const pages: Record<string, Page> = {};
  const roleOf: Record<string, string> = {};

  it('a newcomer signs in by the link from the outbox, creates a game with ten-minute phases and invites', async () => {
    modPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = await open(modPage, base);
    // Never registered: the sign-in link creates the account.
    await signInByMail(modPage, mod);
    await modPage.getByRole('heading', { name: 'My games' }).waitFor();
    await modPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New game' }).click();
    await modPage.getByLabel('Name').fill('End to End');
    await modPage.getByLabel('Game').selectOption('heiau');
    await modPage.getByLabel('Scenario').selectOption('race');
    await modPage.getByLabel('Time for each phase').selectOption({ label: '10 minutes' });
    await modPage.getByLabel('Invite players (email addresses)').fill(players[0]!);
    await modPage.screenshot({ path: artifact('e2e-new-game') });
    await modPage.getByRole('button', { name: 'Create the game' }).click();
    await modPage.getByText('0 of 2 players have joined').waitFor();
    gameId = /#\/games\/([0-9a-f-]{36})/.exec(modPage.url())![1]!;
    // The second player is invited from the game's page.
    await modPage.getByLabel('Invite', { exact: true }).fill(players[1]!);
    await modPage.getByRole('button', { name: 'Send the invitation' }).click();
    await modPage.getByText(`${players[1]}: invited`).waitFor();
    await modPage.screenshot({ path: artifact('e2e-forming') });
    expect(errors).toEqual([]);
  });

  it('each player follows the invitation mail (one on a 360 px phone), signs in and joins; the moderator starts', {
    timeout: 60_000,
  }, async () => {
    for (const [i, who] of players.entries()) {
      const phone = i === 1;
      // A context of their own: the mail is read in it later, as in the player's own browser.
      const page = await (
        await browser.newContext(
          phone
            ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
            : { viewport: { width: 1280, height: 900 } },
        )
      ).newPage();
      pages[who] = page;
      const invite = await sentMail(outbox, who, /^Invitation: End to End/, 0);
      const link = /In a browser: open (\S+),/.exec(invite.text ?? '')![1]!;
      expect(link).toBe(`${base}/#/games/${gameId}`);
      const errors = await open(page, link);
      await page.getByText('Sign in to open the game your link leads to').waitFor();
      await signInByMail(page, who);
      await page.locator('.game-head', { hasText: 'you are invited' }).waitFor();
      if (phone) await page.getByRole('button', { name: 'Join this game' }).tap();
      else await page.getByRole('button', { name: 'Join this game' }).click();
      await page.getByText('You have joined.').waitFor();
      expect(await page.locator('.game-head').innerText()).toContain('you have joined');
      expect(errors).toEqual([]);
    }
    await modPage.reload();
    await modPage.getByText('2 of 2 players have joined: start the game').waitFor();
    await modPage.getByRole('button', { name: 'Start the game' }).click();
    await modPage.locator('#map svg').waitFor();
    // Ten-minute phases, as chosen.
    expect(await modPage.locator('p.phase').innerText()).toMatch(
      /Spring 1 Movement — deadline .*\(in (9 min \d{2}|10 min 00) s\)/,
    );
  });

  it('both order on the map: one clicks each unit, then its space; the other taps one and picks the other with the keyboard alone', {
    timeout: 60_000,
  }, async () => {
    for (const [i, who] of players.entries()) {
      const page = pages[who]!;
      await page.reload();
      await page.locator('#map svg').waitFor();
      // The map answers clicks once the page is built (its units marked as the player's).
      await page.locator('main[aria-busy="false"] #map g.unit.mine').first().waitFor();
      roleOf[who] = /you play (\w+)/.exec(await page.locator('.game-head').innerText())![1]!;
      const moves = RACE_MOVES[roleOf[who]!]!;
      // On the phone the map is small: zoom in, as a person would, then pan to what to tap.
      if (i === 1) for (let k = 0; k < 2; k++) await page.getByRole('button', { name: 'Zoom in' }).tap();
      for (const [n, [unit, space, order]] of moves.entries()) {
        if (i === 1 && n === 1) break;
        const u = await unitPoint(page, unit);
        if (i === 0) await page.mouse.click(u.x, u.y);
        else await page.touchscreen.tap(u.x, u.y);
        // What to do next is on the screen, not only read out.
        expect(await page.locator('#map-hint').innerText(), `${who} ${unit}`).toMatch(
          /^Selected: .* Now tap where it should go: /,
        );
        let s = await pointIn(page, space, space === 'waik');
        if (i === 0) await page.mouse.click(s.x, s.y);
        else await page.touchscreen.tap(s.x, s.y);
        // A tap on a space too small to hit surely first zooms in around it (zoom-to-tap): tap it again.
        if (i === 1 && (await page.locator('#map-hint').innerText()).startsWith('Zoomed in where you tapped')) {
          s = await pointIn(page, space, space === 'waik');
          await page.touchscreen.tap(s.x, s.y);
        }
        expect(
          await page.locator(`#order-${unit}`).inputValue(),
          `${who} ${space} ${JSON.stringify(s)}: ${await page.locator('#map-hint').innerText()}`,
        ).toBe(order);
        expect(await page.locator('#map-hint').innerText()).toContain(`Order: ${order}.`);
      }
      if (i === 1) {
        // The keyboard alone: Tab to the unit's list, arrow to the move, Tab to the button, Enter.
        const [unit, , order] = moves[1]!;
        await page.locator('body').focus();
        for (let k = 0; k < 80 && (await page.evaluate(() => document.activeElement?.id)) !== `order-${unit}`; k++)
          await page.keyboard.press('Tab');
        for (let k = 0; k < 10 && (await page.locator(`#order-${unit}`).inputValue()) !== order; k++)
          await page.keyboard.press('ArrowDown');
        expect(await page.locator(`#order-${unit}`).inputValue()).toBe(order);
        for (
          let k = 0;
          k < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Send these orders';
          k++
        )
          await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      } else {
        await page.getByRole('button', { name: 'Send these orders' }).click();
      }
      await page.locator('.readings li.ok').nth(1).waitFor();
      expect(await page.locator('.readings li.ok').allInnerTexts()).toEqual(
        moves.map(([, , o]) => `${o} — read as ${o}`),
      );
      // Said above the form, in place of how to order: what is in force, until when it may change.
      await page
        .locator('#orders-state', {
          hasText: `Your orders are in: ${moves.map(([, , o]) => o).join('; ')}. They are carried out at the deadline`,
        })
        .waitFor();
      expect(await page.locator(`.readiness li[data-role]`).filter({ hasText: roleOf[who] }).innerText()).toBe(
        `${roleOf[who]}: orders in`,
      );
      if (i === 1) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: artifact(`e2e-orders-${i === 1 ? 'phone' : 'desktop'}`), fullPage: i === 1 });
    }
  });

  it('the moderator sets the deadline a few seconds ahead; when it passes, the judge processes the phase', async () => {
    await modPage.reload();
    await modPage.getByLabel('Set the deadline to (your time)').waitFor();
    const soon = await modPage.evaluate(() => {
      const d = new Date(Date.now() + 3000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await modPage.getByLabel('Set the deadline to (your time)').fill(soon);
    await modPage.getByRole('button', { name: 'Set the deadline', exact: true }).click();
    await modPage.locator('p.phase', { hasText: /\(in \d s\)|passed/ }).waitFor();
    // Nobody pressed "process now" and nobody is ready: the deadline itself moves the game on.
    for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      const phases = await t.db.phase.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
      if (phases[0]?.status === 'adjudicated') break;
    }
    const first = await t.db.phase.findFirstOrThrow({ where: { gameId, seq: 1 } });
    expect(first.status).toBe('adjudicated');
    expect(first.resolvedAt!.getTime()).toBeGreaterThanOrEqual(first.deadlineAt!.getTime());
  });

  it('each player sees the results on the game page, and the results mail with its map, whose link opens the game', {
    timeout: 60_000,
  }, async () => {
    for (const [i, who] of players.entries()) {
      const page = pages[who]!;
      await page.reload();
      await page.getByRole('heading', { name: 'Results of Spring 1 Movement' }).waitFor();
      // Drawn once scrolled near (lazy: not part of the first view).
      await page.locator('#results-map').scrollIntoViewIfNeeded();
      await page.locator('#results-map svg').waitFor();
      const moves = RACE_MOVES[roleOf[who]!]!;
      // The orders drawn with their results, and the units standing in their new spaces now.
      const drawn = await page
        .locator('#results-map g.order.move')
        .evaluateAll((gs) =>
          gs.map((g) => `${g.querySelector('title')?.textContent} ${g.getAttribute('data-result')}`),
        );
      for (const [, , order] of moves)
        expect(drawn.some((d) => d.includes(order.replace(/^B /, '')) && d.endsWith('succeeds'))).toBe(true);
      for (const [, space] of moves) expect(await page.locator(`#map g.unit[data-unit="${space}"]`).count()).toBe(1);
      expect(await page.locator('.results pre.report').innerText()).toContain('Spring 1 Movement');
      await page.screenshot({ path: artifact(`e2e-results-${i === 1 ? 'phone' : 'desktop'}`), fullPage: true });

      // The results mail, opened as a mail client shows it: its HTML with the inline map (cid:).
      const mail = await sentMail(outbox, who, /Spring 1 Movement results/, 0);
      const images = new Map(
        mail.attachments
          .filter((a) => a.contentId)
          .map((a) => [
            String(a.contentId).replace(/^<|>$/g, ''),
            `data:${a.contentType};base64,${a.content.toString('base64')}`,
          ]),
      );
      expect(images.size).toBeGreaterThan(0);
      const html = String(mail.html).replace(/cid:([^"')\s]+)/g, (m, cid) => images.get(cid) ?? m);
      const reader = await page.context().newPage();
      await reader.setContent(html);
      const img = reader.locator('img').first();
      await img.waitFor();
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      await reader.screenshot({ path: artifact(`e2e-mail-${i === 1 ? 'phone' : 'desktop'}`), fullPage: true });
      const link = reader.locator(`a[href="${base}/#/games/${gameId}"]`).first();
      await link.click();
      await reader.waitForURL(`${base}/#/games/${gameId}`);
      await reader.getByRole('heading', { name: 'End to End' }).waitFor();
      await reader.getByRole('heading', { name: 'Results of Spring 1 Movement' }).waitFor();
      await reader.close();
    }
    await modPage.close();
    for (const p of Object.values(pages)) await p.context().close();
  });
});

/** A point inside a space's shape, relative to its bounding box, that no unit or label covers. */
async function spacePoint(page: Page, space: string): Promise<{ x: number; y: number }> {
  return page.locator(`path[data-space="${space}"]`).evaluate((el: SVGPathElement) => {
    const svg = el.ownerSVGElement!;
    const box = el.getBoundingClientRect();
    const ctm = el.getScreenCTM()!;
    const len = el.getTotalLength();
    for (let i = 0; i < 400; i++) {
      // Walk inward from points on the outline towards the middle until a point is inside the shape and on top.
      const p = el.getPointAtLength((len * i) / 400);
      const mid = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const sp = svg.createSVGPoint();
      sp.x = p.x;
      sp.y = p.y;
      const s = sp.matrixTransform(ctm);
      for (const f of [0.2, 0.35, 0.5]) {
        const x = s.x + (mid.x - s.x) * f,
          y = s.y + (mid.y - s.y) * f;
        if (document.elementFromPoint(x, y) === el) return { x: x - box.left, y: y - box.top };
      }
    }
    return { x: box.width / 2, y: box.height / 2 };
  });
}
