// npm run screenshots — retakes the README's pictures in docs/images/: a scratch judge (the test
// service: its database on DATABASE_URL's server, or an embedded PostgreSQL), games set up through
// the API as the browser tests set them up, and Debian's chromium at 1366 px (desktop) and 390 px
// (phone). Each picture is the viewport as a player sees it; SHOTS=web-game,web-phone retakes some.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { scratchDatabase } from '../src/db/scratch.ts';
import { ManualClock } from '../src/service/clock.ts';
import { signUp, startedGame, type Client } from '../test/helpers/api.ts';
import { startTestService, type TestService } from '../test/helpers/app.ts';
import { launchBrowser, signInLinkFor, tapOn } from '../test/web/browser.ts';

const OUT = path.resolve('docs/images');
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const only = process.env.SHOTS?.split(',').filter(Boolean);

let t: TestService;
let browser: Browser;
let base = '';
const written: string[] = [];
const failed: string[] = [];

/** A page signed in as `email` (null: signed out) at `next`, once built; its script errors are collected. */
async function open(email: string | null, next: string, size: BrowserContextOptions) {
  const page = await browser.newPage(size);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(email ? `${await signInLinkFor(t, base, email)}&next=${next}` : `${base}${next}`);
  await page.locator('main[aria-busy="false"]').waitFor();
  return { page, errors };
}

/** Writes docs/images/<name>.png, after checking what a reader must never see on it. */
async function shot(page: Page, name: string, errors: string[], opts: { fullPage?: boolean } = {}) {
  const faults = [...errors];
  const width = page.viewportSize()!.width;
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) faults.push(`the page is ${wide} px wide at ${width} px`);
  const alerts = await page.locator('.error:visible, [role="alert"]:visible').allInnerTexts();
  if (alerts.some((a) => a.trim())) faults.push(`an error shows: ${alerts.join(' | ')}`);
  if (faults.length) throw new Error(`${name}: ${faults.join('; ')}`);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: !!opts.fullPage });
  written.push(`${name}.png (${width} px)`);
  console.log(`  ${name}.png at ${width} px`);
}

/** Scrolls the page so that the line above the map (what to tap next) is at the top, the map under it. */
async function fromMapHint(page: Page) {
  await page.locator('#map-hint').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 8));
}

async function take(names: string[], f: () => Promise<void>) {
  if (only && !names.some((n) => only.includes(n))) return;
  try {
    await f();
  } catch (err) {
    failed.push(`${names.join(', ')}: ${(err as Error).message.split('\n')[0]}`);
    console.error(`  FAILED ${names.join(', ')}:`, err);
  }
}

const expectedRole = async (mod: Client, gameId: string) =>
  (await mod.ok('GET', `/games/${gameId}`)).phase.readiness.find((r: any) => r.expected).role as string;

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const db = await scratchDatabase('screenshots');
  try {
    // The service's clock starts at the real time: the browser counts down to deadlines by its own.
    t = await startTestService({
      clock: new ManualClock(new Date()),
      database: { url: db.url, name: 'screenshots', drop: async () => {} },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    browser = await launchBrowser();
    await shoot();
  } finally {
    await browser?.close();
    await t?.close();
    await db.drop();
  }
  console.log(`\nIn docs/images/ (${written.length}):\n  ${written.join('\n  ')}`);
  if (failed.length) {
    console.error(`\nNot taken:\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

async function shoot() {
  // The people: Kai plays in every game, Moana moderates them.
  const people: Record<string, Client> = {};
  const names = ['Moana', 'Kai', 'Lani', 'Makoa', 'Noe', 'Keoni', 'Hoku', 'Ailani'];
  for (const name of names)
    people[name] = await signUp(t, `${name.toLowerCase()}@example.org`, { name, timeZone: 'Pacific/Honolulu' });
  const mod = people.Moana!;
  const kai = people.Kai!;
  const others = names.slice(2).map((n) => people[n]!);
  const game = (body: Record<string, unknown>, players: number) =>
    startedGame(t, mod, [kai, ...others.slice(0, players - 1)], { deadlines: { reminderMinutes: 0 }, ...body });

  const std = await game({ name: 'Europe 1901', variant: 'standard', scenario: 'classic' }, 7);
  const heiau = await game({ name: 'Hilo Clans', variant: 'heiau', scenario: 'clans' }, 3);
  const h1795 = await game({ name: 'Islands United', variant: 'hawaii1795', scenario: 'short' }, 2);
  const aloha = await game({ name: 'Aloha Nui', variant: 'aloha', scenario: 'two' }, 2);
  const mw = await game({ name: 'Flagstaff War', variant: 'maori-wars', scenario: 'hone-hekes-challenge' }, 2);
  const watched = await game({ name: 'Watched Race', variant: 'heiau', scenario: 'race', public: true }, 2);

  // The public game: one phase adjudicated, so that its history has results.
  const wr = watched.byRole;
  const wid = watched.game.id;
  await wr.Sunrise!.ok('PUT', `/games/${wid}/orders`, { text: 'B Kona-Kailua - Kawaihae\nB Puna H' });
  await wr.Sunset!.ok('PUT', `/games/${wid}/orders`, { text: 'B Kilauea - Wailua\nB Aiea H' });
  await mod.ok('POST', `/games/${wid}/process`);

  await take(['web-sign-in'], async () => {
    const { page, errors } = await open(null, '/', DESKTOP);
    await page.getByLabel('Email address').fill('newcomer@example.org');
    await page.getByRole('button', { name: 'New here: register' }).click();
    await page.getByText('A sign-in link is on its way').waitFor();
    await shot(page, 'web-sign-in', errors);
    await page.close();
  });

  await take(['web-games'], async () => {
    const { page, errors } = await open(kai.email, '/', DESKTOP);
    await page.locator('table.games').waitFor();
    await shot(page, 'web-games', errors);
    await page.close();
  });

  // Standard: Kai's orders, one move a unit from the lists, sent and drawn on the map.
  const sid = std.game.id;
  const moves: { unit: string; text: string }[] = (await kai.ok('GET', `/games/${sid}/options`)).options.units.map(
    (u: any) => ({
      unit: u.unit as string,
      text: (u.orders.find((o: any) => o.kind === 'move') ?? u.orders[0]).text as string,
    }),
  );
  await take(['web-game'], async () => {
    const { page, errors } = await open(kai.email, `/games/${sid}`, DESKTOP);
    await page.locator('#map svg').waitFor();
    for (const m of moves) await page.locator(`#order-${m.unit}`).selectOption({ label: m.text });
    await page.getByRole('button', { name: 'Send these orders' }).click();
    await page.locator('.readings li.ok').first().waitFor();
    await fromMapHint(page);
    await shot(page, 'web-game', errors);
    await page.close();
  });
  await take(['web-phone'], async () => {
    const { page, errors } = await open(kai.email, `/games/${sid}`, PHONE);
    await page.locator('#map svg').waitFor();
    const unit = moves[0]!.unit;
    await tapOn(
      page,
      `#map g.unit.mine[data-unit="${unit}"]`,
      async () => (await page.locator(`#map g.unit.selected[data-unit="${unit}"]`).count()) === 1,
    );
    await page.locator('#map').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'web-phone', errors);
    await page.close();
  });
  await take(['web-moderator'], async () => {
    const { page, errors } = await open(mod.email, `/games/${sid}`, DESKTOP);
    await page.getByRole('heading', { name: 'Moderator' }).waitFor();
    await page.getByRole('heading', { name: 'Moderator' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'web-moderator', errors);
    await page.close();
  });
  await take(['web-history'], async () => {
    if ((await mod.ok('GET', `/games/${sid}`)).phase.label === 'Spring 1901 Movement') {
      await kai.ok('PUT', `/games/${sid}/orders`, { text: moves.map((m) => m.text).join('\n') });
      await mod.ok('POST', `/games/${sid}/process`);
    }
    const { page, errors } = await open(kai.email, `/games/${sid}`, DESKTOP);
    await page.getByRole('link', { name: /History/ }).click();
    await page.getByRole('heading', { name: /Europe 1901: Spring 1901 Movement/ }).waitFor();
    await page.locator('.map svg').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-history', errors);
    await page.close();
  });

  await take(['web-public'], async () => {
    const { page, errors } = await open(null, `/games/${wid}`, DESKTOP);
    await page.getByRole('heading', { name: 'Watched Race' }).waitFor();
    await page.locator('#map svg').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-public', errors);
    await page.close();
  });

  await take(['web-phone-heiau'], async () => {
    const { page, errors } = await open(kai.email, `/games/${heiau.game.id}`, PHONE);
    await page.locator('#map svg').waitFor();
    await fromMapHint(page);
    await shot(page, 'web-phone-heiau', errors);
    await page.close();
  });

  // Hawaii 1795: the side to move.
  const hid = h1795.game.id;
  const phasing = h1795.byRole[await expectedRole(mod, hid)]!;
  await take(['web-hawaii1795'], async () => {
    const { page, errors } = await open(phasing.email, `/games/${hid}`, DESKTOP);
    await page.locator('#map svg').waitFor();
    await page.locator('.hand').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-hawaii1795', errors);
    await page.close();
  });
  await take(['web-phone-hawaii1795'], async () => {
    const o = (await phasing.ok('GET', `/games/${hid}/options`)).options;
    const move = o.landMoves[0];
    const { page, errors } = await open(phasing.email, `/games/${hid}`, PHONE);
    await page.locator('#map svg').waitFor();
    await page.locator('.hand').waitFor();
    await tapOn(
      page,
      `#map g.stack.mine[data-space="${move.from}"]`,
      async () => (await page.locator('#h1795-selection.active').count()) === 1,
    );
    // Selected: the hint says where the stack may go, and the map shows it.
    await fromMapHint(page);
    await shot(page, 'web-phone-hawaii1795', errors);
    await page.close();
  });

  // Aloha: both settle, then the first to move taps Hawaii and migrates part of its tokens.
  const aid = aloha.game.id;
  const first = aloha.byRole[await expectedRole(mod, aid)]!;
  await first.ok('PUT', `/games/${aid}/orders`, { orders: ['settle Hawaii'], ready: true });
  await mod.ok('POST', `/games/${aid}/process`);
  const second = aloha.byRole[await expectedRole(mod, aid)]!;
  await second.ok('PUT', `/games/${aid}/orders`, { orders: ['settle Kauai'], ready: true });
  await mod.ok('POST', `/games/${aid}/process`);
  const mover = aloha.byRole[await expectedRole(mod, aid)]!;
  await take(['web-aloha'], async () => {
    const { page, errors } = await open(mover.email, `/games/${aid}`, DESKTOP);
    await page.locator('.aloha-actions').waitFor();
    await page.getByRole('button', { name: 'Hawaii', exact: true }).click();
    for (let n = 0; n < 5; n++) await page.getByRole('button', { name: 'One token fewer' }).click();
    await page.getByRole('button', { name: 'to Maui' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-aloha', errors);
    await page.close();
  });
  await take(['web-phone-aloha'], async () => {
    const { page, errors } = await open(mover.email, `/games/${aid}`, PHONE);
    await page.locator('.aloha-actions').waitFor();
    // By the island's name, as the buttons beside the board offer it.
    await page.getByRole('button', { name: 'Hawaii', exact: true }).tap();
    await page.locator('#aloha-count').waitFor();
    // As it opens: zoomed around Hawaii, legible; its key as a list under it.
    await fromMapHint(page);
    await shot(page, 'web-phone-aloha', errors);
    await page.close();
  });

  // Maori Wars: phases passed until the side to move has a stack that may move.
  const mid = mw.game.id;
  let mwRole = '';
  let mwMove: { from: string; to: string } | undefined;
  for (let n = 0; n < 30 && !mwMove; n++) {
    mwRole = await expectedRole(mod, mid);
    const { options } = await mw.byRole[mwRole]!.ok('GET', `/games/${mid}/options`);
    const a = options.actions.find((x: any) => x.kind === 'move' && x.from?.length && x.to);
    if (a) mwMove = { from: a.from[0], to: a.to };
    else {
      await mw.byRole[mwRole]!.ok('PUT', `/games/${mid}/orders`, { orders: ['PASS'], ready: true });
      await mod.ok('POST', `/games/${mid}/process`);
    }
  }
  const mwPlayer = mw.byRole[mwRole]!;
  await take(['web-maori-wars'], async () => {
    if (!mwMove) throw new Error('no stack may move');
    const { page, errors } = await open(mwPlayer.email, `/games/${mid}`, DESKTOP);
    await page.locator('#map svg').waitFor();
    const click = async (sel: string) => {
      const p = await page.locator(sel).evaluate((el) => {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const b = el.getBoundingClientRect();
        return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
      });
      await page.mouse.click(p.x, p.y);
    };
    // The stack takes the keyboard: Enter selects it (its counters may lie under a name on the map).
    // Zoomed in twice, as a player would to see the stack and the hex it goes to.
    for (let n = 0; n < 2; n++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator(`#map g.stack.mine[data-stack="${mwMove.from}"]`).focus();
    await page.keyboard.press('Enter');
    await page
      .locator('#map-hint')
      .filter({ hasText: /^Selected: / })
      .waitFor();
    await click(`#map path.hex[data-hex="${mwMove.to}"]`);
    await page
      .locator('#map-hint')
      .filter({ hasText: /^Added: / })
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-maori-wars', errors);
    await page.close();
  });
  await take(['web-phone-maori-wars'], async () => {
    const { page, errors } = await open(mwPlayer.email, `/games/${mid}`, PHONE);
    await page.locator('#map svg').waitFor();
    await fromMapHint(page);
    await shot(page, 'web-phone-maori-wars', errors);
    await page.close();
  });
}

await main();
