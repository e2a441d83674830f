// npm run screenshots — retakes the README's pictures in docs/images/: a scratch judge (the test
// service: its database on DATABASE_URL's server, or an embedded PostgreSQL), games set up through
// the API as the browser tests set them up, and Debian's chromium at 1366 px (desktop) and 390 px
// (phone), in Honolulu's time as the players are. Each picture is the viewport as a player sees it
// (Settings: the whole page); SHOTS=web-game,web-phone retakes some.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { scratchDatabase } from '../src/db/scratch.ts';
import { ManualClock } from '../src/service/clock.ts';
import { signUp, startedGame, type Client } from '../test/helpers/api.ts';
import { startTestService, type TestService } from '../test/helpers/app.ts';
import { hexPoint, launchBrowser, PHONE as TEST_PHONE, signInLinkFor, tapOn } from '../test/web/browser.ts';

const OUT = path.resolve('docs/images');
const TZ = 'Pacific/Honolulu';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 }, timezoneId: TZ };
const PHONE: BrowserContextOptions = { ...TEST_PHONE, timezoneId: TZ };
/** What the game's page says when the phase moved on under a choice not sent (src/web/client/live.ts). */
const PHASE_MOVED = 'The phase moved on; your choice was not sent.';
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

/** A game's page once its map is drawn. */
async function openGame(email: string, gameId: string, size: BrowserContextOptions) {
  const opened = await open(email, `/games/${gameId}`, size);
  await opened.page.locator('#map svg').waitFor();
  return opened;
}

/**
 * Writes docs/images/<name>.png, after checking what a reader must never see on it; `alert` is the
 * one message in red the picture is about, if any.
 */
async function shot(page: Page, name: string, errors: string[], opts: { fullPage?: boolean; alert?: string } = {}) {
  const faults = [...errors];
  const width = page.viewportSize()!.width;
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) faults.push(`the page is ${wide} px wide at ${width} px`);
  const alerts = (await page.locator('.error:visible, [role="alert"]:visible').allInnerTexts())
    .map((a) => a.trim())
    .filter((a) => a && a !== opts.alert);
  if (alerts.length) faults.push(`an error shows: ${alerts.join(' | ')}`);
  if (faults.length) throw new Error(`${name}: ${faults.join('; ')}`);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: !!opts.fullPage });
  written.push(`${name}.png (${width} px)`);
  console.log(`  ${name}.png at ${width} px`);
}

/** Scrolls the page so that `selector` is at the top of the screen (`bottom`: it ends at the screen's bottom). */
async function inView(page: Page, selector: string, at: 'top' | 'bottom' = 'top') {
  await page
    .locator(selector)
    .first()
    .evaluate((el, at) => {
      const r = el.getBoundingClientRect();
      window.scrollTo(0, scrollY + (at === 'top' ? r.top - 8 : r.bottom + 8 - innerHeight));
    }, at);
}

/** Scrolls the page so that the line above the map (what to tap next) is at the top, the map under it. */
const fromMapHint = (page: Page) => inView(page, '#map-hint');

/** A unit's order list (by attribute: a unit on a coast, `stp/sc`, is no CSS name). */
const orderList = (page: Page, unit: string) => page.locator(`[id="order-${unit}"]`);

/** Taps a unit of the player's (`dislodged.mine`: in a retreat) until it is the one selected. */
const tapUnit = (page: Page, unit: string, kind = 'mine') =>
  tapOn(
    page,
    `#map g.unit.${kind}[data-unit="${unit}"]`,
    async () => (await page.locator(`#map g.unit.selected[data-unit="${unit}"]`).count()) === 1,
  );

/** Taps a space until `unit`'s order is filled in; where nothing of the space is free to tap, zooms in first. */
async function tapSpace(page: Page, space: string, unit: string) {
  const ordered = async () => (await orderList(page, unit).inputValue()) !== '';
  for (let zoomIns = 0; ; zoomIns++)
    try {
      return await tapOn(page, `#map path[data-space="${space}"]`, ordered);
    } catch (err) {
      if (zoomIns >= 3) throw err;
      await page.getByRole('button', { name: 'Zoom in' }).tap();
    }
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

/** A move for each of the player's units where the options offer one, else its first order. */
async function movesOf(c: Client, gameId: string): Promise<{ unit: string; text: string }[]> {
  const { options } = await c.ok('GET', `/games/${gameId}/options`);
  return (options.units ?? [])
    .filter((u: any) => u.orders.length)
    .map((u: any) => ({
      unit: u.unit as string,
      text: (u.orders.find((o: any) => o.kind === 'move') ?? u.orders[0]).text as string,
    }));
}

type Started = Awaited<ReturnType<typeof startedGame>>;
const roleOf = (g: Started, c: Client) => Object.keys(g.byRole).find((r) => g.byRole[r] === c)!;

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
  const game = (body: Record<string, unknown>, players: number, beforeStart?: (gameId: string) => Promise<void>) =>
    startedGame(
      t,
      mod,
      [kai, ...others.slice(0, players - 1)],
      { deadlines: { reminderMinutes: 0 }, ...body },
      beforeStart,
    );
  /** Each power's orders through the API, then the phase processed by the moderator. */
  const played = async (g: Started, orders: Record<string, string[]>) => {
    for (const [role, lines] of Object.entries(orders))
      if (lines.length) await g.byRole[role]!.ok('PUT', `/games/${g.game.id}/orders`, { orders: lines });
    await mod.ok('POST', `/games/${g.game.id}/process`);
  };

  const std = await game({ name: 'Europe 1901', variant: 'standard', scenario: 'classic' }, 7);
  const heiau = await game({ name: 'Hilo Clans', variant: 'heiau', scenario: 'clans' }, 3);
  const h1795 = await game({ name: 'Islands United', variant: 'hawaii1795', scenario: 'short' }, 2);
  const aloha = await game({ name: 'Aloha Nui', variant: 'aloha', scenario: 'two' }, 2);
  const mw = await game({ name: 'Flagstaff War', variant: 'maori-wars', scenario: 'hone-hekes-challenge' }, 2);
  const watched = await game({ name: 'Watched Race', variant: 'heiau', scenario: 'race', public: true }, 2);

  // The public game: one phase adjudicated, so that its history has results.
  const wid = watched.game.id;
  await played(watched, {
    Sunrise: ['B Kona-Kailua - Kawaihae', 'B Puna H'],
    Sunset: ['B Kilauea - Wailua', 'B Aiea H'],
  });

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
  const moves = await movesOf(kai, sid);
  await take(['web-game'], async () => {
    const { page, errors } = await open(kai.email, `/games/${sid}`, DESKTOP);
    await page.locator('#map svg').waitFor();
    for (const m of moves) await orderList(page, m.unit).selectOption({ label: m.text });
    await page.getByRole('button', { name: 'Send these orders' }).click();
    await page.locator('.readings li.ok').first().waitFor();
    await fromMapHint(page);
    await shot(page, 'web-game', errors);
    await page.close();
  });
  await take(['web-phone'], async () => {
    const { page, errors } = await openGame(kai.email, sid, PHONE);
    await tapUnit(page, moves[0]!.unit);
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

  // Standard by tapping, as test/web/follow.test.ts and tap.test.ts play it: England's convoy in
  // Fall 1901; Austria's army dislodged from Galicia by Russia, its retreat; its Winter builds.
  const te = await game({ name: 'Tapped Europe', variant: 'standard', scenario: 'classic' }, 7);
  const tid = te.game.id;
  const austria = te.byRole.Austria!;
  await played(te, {
    England: ['F Lon - Nth', 'F Edi - Nwg', 'A Lvp - Yor'],
    Russia: ['A Mos - Ukr'],
    Austria: ['A Vie - Gal', 'A Bud - Ser', 'F Tri - Alb'],
  });
  await take(['web-phone-convoy'], async () => {
    const { page, errors } = await openGame(te.byRole.England!.email, tid, PHONE);
    // The fleet, the army it convoys, Belgium; then the army, Belgium.
    await tapUnit(page, 'nth');
    await tapOn(page, '#map g.unit.mine[data-unit="yor"]', async () =>
      /supports or convoys/.test(await page.locator('#selection').innerText()),
    );
    await tapSpace(page, 'bel', 'nth');
    await tapUnit(page, 'yor');
    await tapSpace(page, 'bel', 'yor');
    await fromMapHint(page);
    await shot(page, 'web-phone-convoy', errors);
    await page.close();
  });
  await played(te, {
    Russia: ['A War - Gal', 'A Ukr S A War - Gal'],
    Austria: ['F Alb - Gre', 'A Ser H', 'A Gal H'],
  });
  await take(['web-phone-retreat'], async () => {
    const { page, errors } = await openGame(austria.email, tid, PHONE);
    // Selected: under the map, a button for each retreat (and for the disband).
    await tapUnit(page, 'gal', 'dislodged.mine');
    await inView(page, '#selection', 'bottom');
    await shot(page, 'web-phone-retreat', errors);
    await page.close();
  });
  await played(te, { Austria: ['A Gal R Boh'] });
  await take(['web-phone-builds'], async () => {
    // Two builds due (Serbia and Greece taken): Vienna tapped; the list under the map says one is
    // left, for the sites still marked on it.
    const { page, errors } = await openGame(austria.email, tid, PHONE);
    await tapOn(page, '#map path.buildable[data-space="vie"]', async () =>
      /1 build left/.test(await page.locator('#builds').innerText()),
    );
    await inView(page, 'button:has-text("Send these orders")', 'bottom');
    await shot(page, 'web-phone-builds', errors);
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

  // Live: Kai picks an order from the lists, and the moderator processes the phase meanwhile.
  const live = await game({ name: 'Live Race', variant: 'heiau', scenario: 'race' }, 2);
  await take(['web-live'], async () => {
    const lid = live.game.id;
    const [move] = await movesOf(kai, lid);
    const { page, errors } = await openGame(kai.email, lid, DESKTOP);
    await orderList(page, move!.unit).selectOption({ label: move!.text });
    await mod.ok('POST', `/games/${lid}/process`);
    await page.locator('#moved-on').waitFor({ timeout: 15_000 });
    await page.locator('main[aria-busy="false"] #map svg').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-live', errors, { alert: PHASE_MOVED });
    await page.close();
  });

  await take(['web-phone-heiau'], async () => {
    const { page, errors } = await open(kai.email, `/games/${heiau.game.id}`, PHONE);
    await page.locator('#map svg').waitFor();
    await fromMapHint(page);
    await shot(page, 'web-phone-heiau', errors);
    await page.close();
  });

  // Press and the history: a Heiau game of three, two phases played with a move for each unit.
  const kona = await game({ name: 'Kona Coast', variant: 'heiau', scenario: 'discrete' }, 3);
  const kid = kona.game.id;
  for (let n = 0; n < 2; n++) {
    const orders: Record<string, string[]> = {};
    for (const [role, c] of Object.entries(kona.byRole)) orders[role] = (await movesOf(c, kid)).map((m) => m.text);
    await played(kona, orders);
  }
  await take(['web-press'], async () => {
    // Kai wrote to one power, which answered twice; the other writes to Kai, and to everyone.
    const me = roleOf(kona, kai);
    const [a, b] = Object.keys(kona.byRole).filter((r) => r !== me) as [string, string];
    const write = (from: string, to: string[] | 'ALL', text: string) =>
      kona.byRole[from]!.ok('POST', `/games/${kid}/press`, { to, text }, 201);
    await write(me, [a], 'Aloha: shall we share Kawaihae this season?');
    await write(a, [me], 'Agreed, if your canoes keep off Kona.');
    await write(a, [me], 'And Hilo stays mine.');
    await write(b, [me], 'Your boats near Puna worry me.');
    await write(b, 'ALL', 'Peace until the harvest?');
    const { page, errors } = await open(kai.email, `/games/${kid}/press`, PHONE);
    await page.locator('#press-threads li.unread').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'web-press', errors);
    await page.close();
  });
  await take(['web-history-slider'], async () => {
    const { page, errors } = await open(kai.email, `/games/${kid}/history`, PHONE);
    // The newest phase played, beside the slider; its map a step out, to show all three sides' moves.
    await page.locator('.map[data-seq] svg').waitFor();
    await page.getByRole('button', { name: 'Zoom out' }).tap();
    await inView(page, 'main h1');
    await shot(page, 'web-history-slider', errors);
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

  // Hawaii 1795 seeded (the seed set before the start, as test/web/h1795-tap.test.ts does):
  // Kamehameha's card gives two fleet moves; the Allied Chiefs' war fleet stays home.
  const SEED = 'seed-0';
  const landings = await game({ name: 'Two Landings', variant: 'hawaii1795', scenario: 'short' }, 2, async (id) => {
    const seedHash = crypto.createHash('sha256').update(SEED).digest('hex');
    await t.db.game.update({ where: { id }, data: { seed: SEED, seedHash } });
  });
  const lgid = landings.game.id;
  await landings.byRole['allied-chiefs']!.ok('PUT', `/games/${lgid}/orders`, { orders: ['STANDING WARFLEET NEVER'] });
  await take(['web-phone-h1795-battles'], async () => {
    const { page, errors } = await openGame(landings.byRole.kamehameha!.email, lgid, PHONE);
    await page.locator('.hand').waitFor();
    const selection = page.locator('#h1795-selection');
    const picked = selection.locator('button[aria-pressed="true"]');
    await tapOn(
      page,
      '#map g.stack.mine[data-space="kona"]',
      async () => (await page.locator('#h1795-selection.active').count()) === 1,
    );
    // A canoe carries two units: all but two warriors stay in Kona (a tap each); they land on Maui.
    for (const name of await picked.allInnerTexts())
      if (!/^Hawai'i warriors [12] /.test(name)) await picked.filter({ hasText: name }).tap();
    await selection.locator('button[data-by="fleet"][data-to="maui"]').tap();
    // Hilo's stack, by its button, lands on O'ahu-1; Maui is to be fought first.
    await page.locator('.turn button[data-space="hilo"]').tap();
    await selection.locator('button[data-by="fleet"][data-to="oahu-1"]').tap();
    await page.getByRole('button', { name: 'Fight Maui first' }).tap();
    await inView(page, 'h3:has(+ #battle-order)');
    await shot(page, 'web-phone-h1795-battles', errors);
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

  // Aloha's Epilogue, reached as test/web/aloha.test.ts reaches it: each decision the first offered,
  // processed at once; then Pure Hawaiian of one island converted by tapping, 2 to Aloha, 1 to Commerce.
  const epi = await game({ name: 'Aloha to the End', variant: 'aloha', scenario: 'two' }, 2);
  await take(['web-phone-aloha-epilogue'], async () => {
    const eid = epi.game.id;
    let role = await expectedRole(mod, eid);
    let { options } = await epi.byRole[role]!.ok('GET', `/games/${eid}/options`);
    for (let n = 0; options.decision !== 'convert'; n++) {
      if (n > 300) throw new Error('no Epilogue after 300 decisions');
      await played(epi, { [role]: [options.actions[0].text] });
      role = await expectedRole(mod, eid);
      ({ options } = await epi.byRole[role]!.ok('GET', `/games/${eid}/options`));
    }
    const from = options.actions.find((a: any) => a.action.steps?.length === 1 && a.action.steps[0].from === 'ph');
    if (!from) throw new Error('no Pure Hawaiian to convert');
    const src = `Pure Hawaiian on ${from.action.steps[0].island}`;
    const { page, errors } = await openGame(epi.byRole[role]!.email, eid, PHONE);
    const group = page.getByRole('group', { name: `Convert ${src}` });
    const convert = async (count: number, to: string) => {
      for (let n = Number(await group.locator('output').innerText()); n > count; n--)
        await group.getByRole('button', { name: `${src}: one fewer` }).tap();
      await group.getByRole('button', { name: `${count} to ${to}` }).tap();
    };
    await convert(2, 'Aloha');
    if (await group.getByRole('button', { name: /to Commerce$/ }).count()) await convert(1, 'Commerce');
    await inView(page, '.aloha-actions');
    await shot(page, 'web-phone-aloha-epilogue', errors);
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
    // The stack takes the keyboard: Enter selects it (its counters may lie under a name on the map).
    // Zoomed in twice, as a player would to see the stack and the hex it goes to.
    for (let n = 0; n < 2; n++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.locator(`#map g.stack.mine[data-stack="${mwMove.from}"]`).focus();
    await page.keyboard.press('Enter');
    await page
      .locator('#map-hint')
      .filter({ hasText: /^Selected: / })
      .waitFor();
    const to = await hexPoint(page, mwMove.to);
    await page.mouse.click(to.x, to.y);
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

  // Settings, last (Kai's mail settings change): one mail a day and receipts chosen, saved; the whole page.
  await take(['web-settings'], async () => {
    const { page, errors } = await open(kai.email, '/settings', PHONE);
    await page.getByLabel('Once a day').tap();
    await page.getByLabel('Mail me a receipt of orders I send from the web').tap();
    await page.getByRole('button', { name: 'Save settings' }).tap();
    await page.locator('#saved', { hasText: 'game mail once a day' }).waitFor();
    await shot(page, 'web-settings', errors, { fullPage: true });
    await page.close();
  });
}

await main();
