// Hawaii 1795 played by tapping on a 390 px phone, in a real Chromium: the card drawn with its whole
// text, the card decision, a move (a stack on the map, then the space it goes to), a recruit from the
// Recruit Box, the lines reordered and sent, each checked through the API; a refused turn leaves the
// orders in force; the waiting side saves a standing instruction and its drawer shows it saved; the
// fog of war's counters read "hidden ×N"; no page scrolls sideways at 360 or 390 px.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { sweep } from '../../src/service/sweep.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, openGame, PHONE, tapOn, webSuite } from './browser.ts';

const web = webSuite();

/** The game on a phone (openGame), once its hand is drawn too. */
async function openHand(email: string, gameId: string, options = PHONE): Promise<{ page: Page; errors: string[] }> {
  const opened = await openGame(web, email, gameId, options);
  await opened.page.locator('.hand').waitFor();
  return opened;
}

/** The page is no wider than the screen, and every button of the game's panel is big enough for a finger. */
async function fitsAPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  const small = await page.locator('.hand button, .hand summary').evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({ text: (e.textContent ?? '').trim().slice(0, 30), ...e.getBoundingClientRect().toJSON() }))
      .filter((r) => r.width < 32 || r.height < 32),
  );
  expect(small).toEqual([]);
}

describe('Hawaii 1795 by tapping, on a phone', () => {
  let game: any;
  let byRole: Record<string, Client>;
  let phasing: string;
  let other: string;
  const stored = async (role: string) =>
    (await byRole[role]!.ok('GET', `/games/${game.id}/orders`)).lines.map((l: any) => l.text as string);
  beforeAll(async () => {
    const mod = await signUp(web.t, 'h1795tap-mod@example.org');
    const ps = [await signUp(web.t, 'h1795tap1@example.org'), await signUp(web.t, 'h1795tap2@example.org')];
    // The card is drawn from the game's secret seed: games are opened until one draws a card that
    // may be held (2 of Kamehameha's 9), so that Hold is tapped; failing that, the turn goes on without.
    for (let n = 0; n < 25; n++) {
      ({ game, byRole } = await startedGame(web.t, mod, ps, {
        name: 'Tapped Islands',
        variant: 'hawaii1795',
        scenario: 'short',
      }));
      const view = await mod.ok('GET', `/games/${game.id}`);
      phasing = view.phase.readiness.find((r: any) => r.expected).role;
      if ((await byRole[phasing]!.ok('GET', `/games/${game.id}/options`)).options.canHold) break;
    }
    other = Object.keys(byRole).find((r) => r !== phasing)!;
  }, 60_000);

  it('plays a turn by tapping only: the card, a move on the map, a recruit, the lines reordered and sent', {
    timeout: 90_000,
  }, async () => {
    const o = (await byRole[phasing]!.ok('GET', `/games/${game.id}/options`)).options;
    const view = (await byRole[phasing]!.ok('GET', `/games/${game.id}`)).view;
    const { page, errors } = await openHand(byRole[phasing]!.email, game.id);
    // The card drawn, with its whole text, and what it allows this turn, in names.
    const cardText = await page.locator('#drawn-card').innerText();
    expect(cardText).toContain(`Drawn this turn: ${o.drawn.number}. ${o.drawn.title}`);
    expect(cardText).toContain(`Fleet moves: ${o.drawn.fleetMoves}.`);
    expect(cardText).toMatch(/Recruits: /);
    expect(cardText).not.toMatch(/k-warriors|k-canoe|kona\b/);
    // The fog of war: the other side's stacks read "hidden ×N", never "?N".
    const fog = await page.locator('#map g.stack.hidden text').allTextContents();
    expect(fog.length).toBeGreaterThan(0);
    expect(fog.join(' ')).toMatch(/^hidden ×\d+/);
    expect(fog.join(' ')).not.toContain('?');

    const want: string[] = [];
    // 1. The card: hold or play it when the card gives the choice.
    if (o.canHold) {
      await page.getByRole('button', { name: `Hold #${o.drawn.number} for later` }).tap();
      want.push('HOLD');
      // A second card decision replaces the first: one card line.
      await page.getByRole('button', { name: `Play #${o.drawn.number} now` }).tap();
      await page.getByRole('button', { name: `Hold #${o.drawn.number} for later` }).tap();
      expect(await page.locator('#turn-lines li[data-line="HOLD"]').count()).toBe(1);
    } else if (o.playable.length) {
      await page.locator('#drawn-card .choices button').first().tap();
      want.push(`PLAY ${o.playable[0]}`);
    } else {
      expect(cardText).toMatch(/it cannot be held/);
    }
    // 2. A move: one of the stacks the options move, tapped on the map, then the space it goes to.
    const move = o.landMoves[0];
    const spaceName = (id: string) => view.spaces.find((s: any) => s.id === id).name as string;
    const lines = page.locator('#turn-lines li');
    await tapOn(
      page,
      `#map g.stack.mine[data-space="${move.from}"][data-side="${phasing}"]`,
      async () => (await page.locator('#h1795-selection.active').count()) === 1,
    );
    expect(await page.locator('#h1795-selection').innerText()).toContain(`Your units at ${spaceName(move.from)}`);
    // Leave one unit behind (a tap on its button), then tap the destination on the map.
    const walkers = page.locator('#h1795-selection button[aria-pressed="true"]');
    if ((await walkers.count()) > 1) await walkers.last().tap();
    const to = move.to[0];
    const before = await lines.count();
    await tapOn(
      page,
      `#map path[data-space="${to}"]`,
      async () =>
        (await page.locator('#turn-lines li[data-line^="MOVE"]').count()) === 1 || (await lines.count()) > before,
    );
    const moveLine = (await page.locator('#turn-lines li[data-line^="MOVE"]').getAttribute('data-line'))!;
    expect(moveLine).toMatch(
      new RegExp(
        `^MOVE .+ ${spaceName(move.from).replace(/[()]/g, '\\$&')} - ${spaceName(to).replace(/[()]/g, '\\$&')}$`,
      ),
    );
    expect(await page.locator('#turn-lines li[data-line^="MOVE"] .line-text').innerText()).toContain('→');
    want.push(moveLine);
    // A fleet move, if the card gives one: another stack with a canoe, then a space across the water.
    const canoe =
      o.fleet.movesLeft > 0
        ? o.fleet.canoes.find((c: any) => c.at !== move.from && o.landMoves.some((m: any) => m.from === c.at))
        : undefined;
    if (canoe) {
      const by = o.landMoves.filter((m: any) => m.from === canoe.at).flatMap((m: any) => m.to);
      const across = ['molokai', 'oahu-2', ...o.fleet.destinations].find(
        (d: string) => o.fleet.destinations.includes(d) && d !== canoe.at && !by.includes(d),
      )!;
      await tapOn(
        page,
        `#map g.stack.mine[data-space="${canoe.at}"][data-side="${phasing}"]`,
        async () => (await page.locator('#h1795-selection.active').count()) === 1,
      );
      expect(await page.locator('#h1795-selection').innerText()).toContain('By canoe fleet');
      await tapOn(
        page,
        `#map path[data-space="${across}"]`,
        async () => (await page.locator('#turn-lines li[data-line^="FLEET"]').count()) === 1,
      );
      const fleetLine = (await page.locator('#turn-lines li[data-line^="FLEET"]').getAttribute('data-line'))!;
      expect(fleetLine.startsWith(`FLEET ${spaceName(canoe.at)} - ${spaceName(across)} WITH `)).toBe(true);
      want.push(fleetLine);
    }
    // 3. A recruit from the Recruit Box, if the card recruits anything now.
    if (o.recruits.length) {
      const b = page.locator('#recruit-box button').first();
      const label = (await b.getAttribute('aria-label'))!;
      await b.tap();
      const line = (await page.locator('#turn-lines li[data-line^="RECRUIT"]').getAttribute('data-line'))!;
      expect(line).toBe(label.replace(/^Recruit (.*) in (.*)$/, 'RECRUIT $1 $2'));
      want.push(line);
    }
    // 4. Reorder: the last line up one.
    expect(await lines.count()).toBe(want.length);
    await page.locator('#turn-lines li').last().getByRole('button', { name: /^Up:/ }).tap();
    [want[want.length - 2], want[want.length - 1]] = [want[want.length - 1]!, want[want.length - 2]!];
    expect(await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-line')))).toEqual(want);
    await fitsAPhone(page);
    await page.screenshot({ path: artifact('h1795-phone-turn'), fullPage: true });
    // 5. Send: the judge stores the lines in this order and reads each one.
    await page.locator('#send-turn').tap();
    await page.locator('.readings li.ok').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.readings li.error').count()).toBe(0);
    expect(await stored(phasing)).toEqual(want);

    // A refused turn stores nothing; the page says which orders are in force.
    await page.locator('details:has(#orders-text) summary').tap();
    await page.locator('#orders-text').fill(`${want.join('\n')}\nMOVE Kamehameha Kona - Kauai`);
    await page.getByRole('button', { name: 'Send the text' }).tap();
    await page.locator('.in-force').waitFor();
    expect(await page.locator('.result .error[role="alert"]').innerText()).toMatch(/^Nothing was stored/);
    const inForce = await page.locator('.in-force li').allInnerTexts();
    expect(inForce.length).toBe(want.length);
    expect(await stored(phasing)).toEqual(want);

    // A standing instruction saved from the drawer keeps the turn stored with it.
    await page.locator('#standing summary').tap();
    await page.locator('#standing').getByRole('button', { name: 'War fleet: Never' }).tap();
    await page.locator('#standing summary', { hasText: '1 saved' }).waitFor({ timeout: 15_000 });
    expect(await stored(phasing)).toEqual([...want, 'STANDING WARFLEET NEVER']);
    expect(await accessibilityProblems(page)).toEqual([]);
    await fitsAPhone(page);
    await page.screenshot({ path: artifact('h1795-phone'), fullPage: true });
    // Reloaded, the page lists the lines stored, in their order, to change and send again.
    await page.reload();
    await page.locator('#turn-lines').waitFor();
    expect(await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-line')))).toEqual(want);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the waiting side saves a standing instruction by tapping, and its drawer shows it saved, not "(default)"', {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await openHand(byRole[other]!.email, game.id);
    // The card the other side drew is face up (8.0), with its text.
    const theirs = (await byRole[other]!.ok('GET', `/games/${game.id}`)).view.cards[phasing].drawn;
    expect(await page.locator('#their-card').innerText()).toContain(`${theirs.number}. ${theirs.title}`);
    expect(await page.locator('#their-card').innerText()).toContain(`Fleet moves: ${theirs.fleetMoves}.`);
    // The other side's stacks, under the fog, read "hidden ×N" at a size a phone shows.
    const hidden = page.locator('#map g.stack.hidden').first();
    expect(await hidden.locator('text').allTextContents()).toEqual(['hidden', expect.stringMatching(/^×\d+$/)]);
    expect((await hidden.boundingBox())!.width).toBeGreaterThanOrEqual(24);
    // The drawer is closed until opened.
    expect(await page.locator('#standing').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.locator('#standing summary').tap();
    const warFleet = page.locator('#standing > ul > li').first();
    expect(await warFleet.innerText()).toMatch(/^War fleet \(11\.7\): STRONGER.*\(default\)$/);
    await page.locator('#standing').getByRole('button', { name: 'War fleet: Never' }).tap();
    await page.locator('#standing summary', { hasText: '1 saved' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#standing').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const now = await page.locator('#standing > ul > li').first().innerText();
    expect(now).toMatch(/^Saved: war fleet: never — in force when this turn is resolved\./);
    expect(now).not.toMatch(/\(default\)$/);
    expect(await stored(other)).toEqual(['STANDING WARFLEET NEVER']);
    // Still saved after a reload.
    await page.reload();
    await page.locator('#standing summary', { hasText: '1 saved' }).waitFor({ timeout: 15_000 });
    await fitsAPhone(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await fitsAPhone(page);
    await page.screenshot({ path: artifact('h1795-phone-standing'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('no sideways scroll at 360 px for the side to move', { timeout: 60_000 }, async () => {
    const { page, errors } = await openHand(byRole[phasing]!.email, game.id, {
      ...PHONE,
      viewport: { width: 360, height: 780 },
    });
    await fitsAPhone(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// A seeded game (the seed set in the database before the start, as the e2e test does): Kamehameha
// draws a card with two fleet moves, and the Allied Chiefs' war fleet stays home (no sea battle).
describe('Hawaii 1795 on a phone: the map opens on the land, the battles are put in order by tapping', () => {
  const SEED = 'seed-0';
  let gameId: string;
  let byRole: Record<string, Client>;
  let mod: Client;
  beforeAll(async () => {
    mod = await signUp(web.t, 'h1795order-mod@example.org');
    const ps = [await signUp(web.t, 'h1795order1@example.org'), await signUp(web.t, 'h1795order2@example.org')];
    const g = await mod.ok(
      'POST',
      '/games',
      { name: 'Ordered Battles', variant: 'hawaii1795', scenario: 'short' },
      201,
    );
    gameId = g.id;
    await web.t.db.game.update({
      where: { id: gameId },
      data: { seed: SEED, seedHash: crypto.createHash('sha256').update(SEED).digest('hex') },
    });
    for (const p of ps) await mod.ok('POST', `/games/${gameId}/invitations`, { email: p.email }, 201);
    for (const p of ps) await p.ok('POST', `/games/${gameId}/join`);
    const started = await mod.ok('POST', `/games/${gameId}/start`);
    byRole = {};
    for (const pl of started.players) byRole[pl.role] = ps.find((p) => p.email === pl.email)!;
    await byRole['allied-chiefs']!.ok('PUT', `/games/${gameId}/orders`, { text: 'STANDING WARFLEET NEVER' });
  }, 60_000);

  /** The part of the map the box shows (map units), the islands' bounds, the reader's stacks on screen, and how much of the view is land. */
  const mapView = (page: Page, role: string) =>
    page.evaluate((role) => {
      const box = document.querySelector('#map') as HTMLElement;
      const svg = box.querySelector('svg')!;
      const inv = svg.getScreenCTM()!.inverse();
      const r = box.getBoundingClientRect();
      const left = r.left + box.clientLeft,
        top = r.top + box.clientTop;
      const a = new DOMPoint(left, top).matrixTransform(inv);
      const b = new DOMPoint(left + box.clientWidth, top + box.clientHeight).matrixTransform(inv);
      const bb = [...svg.querySelectorAll<SVGGraphicsElement>('path[data-space], g.islands path')].map((p) =>
        p.getBBox(),
      );
      const stacks = [...svg.querySelectorAll<SVGGElement>(`g.stack[data-side="${role}"]`)].map((s) => ({
        space: s.dataset.space!,
        ...s.getBoundingClientRect().toJSON(),
      }));
      // The share of the view that is land: a grid of points, each on an island or not.
      const islands = [...svg.querySelectorAll<SVGPathElement>('g.islands path')];
      let onLand = 0;
      const n = 30;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const p = new DOMPoint(a.x + ((i + 0.5) * (b.x - a.x)) / n, a.y + ((j + 0.5) * (b.y - a.y)) / n);
          if (islands.some((x) => x.isPointInFill(p))) onLand++;
        }
      return {
        visible: { x0: a.x, y0: a.y, x1: b.x, y1: b.y },
        land: {
          x0: Math.min(...bb.map((x) => x.x)),
          y0: Math.min(...bb.map((x) => x.y)),
          x1: Math.max(...bb.map((x) => x.x + x.width)),
          y1: Math.max(...bb.map((x) => x.y + x.height)),
        },
        landShare: onLand / (n * n),
        mapWidth: svg.viewBox.baseVal.width,
        box: { left, top, right: left + box.clientWidth, bottom: top + box.clientHeight },
        stacks,
        labels: [...svg.querySelectorAll('g.labels text')].map((x) => x.getBoundingClientRect().height),
      };
    }, role);

  /**
   * At 390 px the map opens on the island where the reader's strongest force stands: the view lies
   * within the islands (a little margin), is not mostly sea, and shows the reader's stacks there, legible.
   */
  async function opensOnLand(page: Page, role: string, framed: string[]): Promise<void> {
    const v = await mapView(page, role);
    const m = v.mapWidth * 0.05;
    expect(v.visible.x0).toBeGreaterThanOrEqual(v.land.x0 - m);
    expect(v.visible.y0).toBeGreaterThanOrEqual(v.land.y0 - m);
    expect(v.visible.x1).toBeLessThanOrEqual(v.land.x1 + m);
    expect(v.visible.y1).toBeLessThanOrEqual(v.land.y1 + m);
    // Zoomed in: less than half the map's width in view; an eighth of it land at least (O'ahu,
    // a narrow island, makes a seventh; O'ahu and Maui at once, the channels between, a fifteenth).
    expect(v.visible.x1 - v.visible.x0).toBeLessThan(v.mapWidth / 2);
    expect(v.landShare).toBeGreaterThanOrEqual(0.12);
    const shown = v.stacks.filter((s) => framed.includes(s.space));
    expect(shown.map((s) => s.space).sort()).toEqual([...framed].sort());
    for (const s of shown) {
      expect(s.left).toBeGreaterThanOrEqual(v.box.left);
      expect(s.right).toBeLessThanOrEqual(v.box.right);
      expect(s.top).toBeGreaterThanOrEqual(v.box.top);
      expect(s.bottom).toBeLessThanOrEqual(v.box.bottom);
      expect(s.width).toBeGreaterThanOrEqual(24);
    }
    expect(Math.min(...v.labels)).toBeGreaterThanOrEqual(9);
  }

  it('the map opens on the island where the reader stands, for both sides', { timeout: 60_000 }, async () => {
    // Kamehameha's stacks stand on Hawai'i; the Allied Chiefs' on O'ahu (14) and Maui (2): O'ahu.
    for (const [role, framed] of [
      ['kamehameha', ['kona', 'hilo']],
      ['allied-chiefs', ['oahu-1']],
    ] as const) {
      const { page, errors } = await openHand(byRole[role]!.email, gameId);
      await page.locator('#map').screenshot({ path: artifact(`h1795-phone-map-${role}`) });
      await opensOnLand(page, role, [...framed]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  /** The battles marked on the map: their space, badge, label, and size on screen. */
  const battleMarks = (page: Page) =>
    page.locator('#map g.battles g.battle').evaluateAll((gs) =>
      gs.map((g) => {
        const ring = g.querySelector('circle.ring')!.getBoundingClientRect();
        const badge = g.querySelector('circle.badge')!.getBoundingClientRect();
        return {
          space: (g as SVGGElement).dataset.space,
          badge: g.querySelector('text')!.textContent,
          label: g.getAttribute('aria-label'),
          role: g.getAttribute('role'),
          ring: ring.width,
          badgeSize: badge.width,
          font: g.querySelector('text')!.getBoundingClientRect().height,
          // Each enemy counter of the space lies within its ring.
          around: [...document.querySelectorAll(`#map g.stack[data-space="${(g as SVGGElement).dataset.space}"]`)]
            .map((s) => s.getBoundingClientRect())
            .every((s) => s.left >= ring.left && s.right <= ring.right && s.top >= ring.top && s.bottom <= ring.bottom),
        };
      }),
    );

  it('two fleet landings where the enemy stands: the battles listed by name, put in order by tapping, fought in that order', {
    timeout: 120_000,
  }, async () => {
    const K = byRole.kamehameha!;
    const o = (await K.ok('GET', `/games/${gameId}/options`)).options;
    expect(o.fleet.movesLeft).toBeGreaterThanOrEqual(2);
    expect(o.enemyAt).toEqual(['oahu-1', 'maui']);
    const { page, errors } = await openHand(K.email, gameId);
    const battles = page.locator('#battle-order');
    expect(await battles.innerText()).toMatch(/^No battle yet/);
    expect(await battleMarks(page)).toEqual([]);
    // Kona's stack on the map: all of it is picked, more than a canoe carries; the page says so.
    await tapOn(
      page,
      '#map g.stack.mine[data-space="kona"]',
      async () => (await page.locator('#h1795-selection.active').count()) === 1,
    );
    expect(await page.locator('#canoe-load').innerText()).toMatch(/^A canoe carries at most 2 units and 2 leaders/);
    expect(await page.locator('#h1795-selection button[data-by="fleet"]').count()).toBe(0);
    // Leave all but two warriors behind (a tap each), then the fleet's destinations appear: Maui.
    const picked = page.locator('#h1795-selection button[aria-pressed="true"]');
    for (const name of await picked.allInnerTexts())
      if (!/^Hawai'i warriors [12] /.test(name))
        await page.locator('#h1795-selection button[aria-pressed="true"]', { hasText: name }).tap();
    expect(await page.locator('#canoe-load').count()).toBe(0);
    await page.locator('#h1795-selection button[data-by="fleet"][data-to="maui"]').tap();
    expect(await battles.innerText()).toMatch(/^One battle, at Maui/);
    // Marked on the map at once: a ring around Maui's counters, crossed swords, named for a screen reader.
    expect(await battleMarks(page)).toEqual([
      expect.objectContaining({
        space: 'maui',
        badge: '⚔',
        role: 'img',
        label: 'Battle at Maui: you attack there once the moves are made',
        around: true,
      }),
    ]);
    // Hilo's stack, by its button, to O'ahu-1 by canoe.
    await page.locator('.turn button[data-space="hilo"]').tap();
    await page.locator('#h1795-selection button[data-by="fleet"][data-to="oahu-1"]').tap();
    // Two battles, by name, in map order; Maui is tapped to be fought first.
    const order = battles.locator('li');
    expect(await order.allInnerTexts().then((x) => x.map((t) => t.split('\n')[0]))).toEqual([
      "O'ahu-1 (Waikiki)",
      'Maui',
    ]);
    expect(await page.locator('#turn-lines li[data-line^="BATTLE"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Fight Maui first' }).tap();
    expect(await order.allInnerTexts().then((x) => x.map((t) => t.split('\n')[0]))).toEqual([
      'Maui',
      "O'ahu-1 (Waikiki)",
    ]);
    // The map numbers the battles in the order chosen; the fog's counts are in no label.
    const marks = await battleMarks(page);
    expect(marks.map((m) => [m.space, m.badge, m.label])).toEqual([
      ['maui', '1', 'Battle at Maui, 1 of 2: you attack there once the moves are made'],
      ['oahu-1', '2', "Battle at O'ahu-1 (Waikiki), 2 of 2: you attack there once the moves are made"],
    ]);
    // Readable at 390 px: a ring wider than a finger, a badge of 18 px with a 12 px figure, the
    // enemy's counters inside the ring.
    for (const m of marks) {
      expect(m.ring).toBeGreaterThanOrEqual(40);
      expect(m.badgeSize).toBeGreaterThanOrEqual(18);
      expect(m.font).toBeGreaterThanOrEqual(12);
      expect(m.around).toBe(true);
    }
    await page
      .locator('#map g.battle[data-space="maui"]')
      .evaluate((g) => g.scrollIntoView({ block: 'center', inline: 'center' }));
    await page.locator('#map').screenshot({ path: artifact('h1795-phone-battle-marks') });
    // A tap on a marked space still reaches the space and its counters, not the marker.
    const under = await page.evaluate(() => {
      const s = document.querySelector('#map g.stack[data-space="maui"]')!.getBoundingClientRect();
      return document
        .elementFromPoint(s.left + s.width / 2, s.top + s.height / 2)
        ?.closest('g.stack, g.battle')
        ?.getAttribute('class');
    });
    expect(under).toMatch(/^stack/);
    // Both, on the whole map.
    await page.getByRole('button', { name: 'Whole map' }).tap();
    expect((await battleMarks(page)).every((m) => m.badgeSize >= 18 && m.around)).toBe(true);
    await page.locator('#map').screenshot({ path: artifact('h1795-phone-battle-marks-whole') });
    const line = "BATTLES Maui, O'ahu-1 (Waikiki)";
    expect(await page.locator('#turn-lines li[data-line^="BATTLE"]').getAttribute('data-line')).toBe(line);
    await fitsAPhone(page);
    await battles.scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('h1795-phone-battle-order') });
    await page.locator('#send-turn').tap();
    await page.locator('.readings li.ok').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.readings li.error').count()).toBe(0);
    const stored = (await K.ok('GET', `/games/${gameId}/orders`)).lines;
    expect(stored.map((l: any) => l.text)).toContain(line);
    expect(stored.find((l: any) => l.text === line).reading).toBe("BATTLE Maui, then O'ahu-1 (Waikiki)");
    // Reloaded, the order chosen is shown again, and Hilo's units, gone by canoe, are not offered again.
    await page.reload();
    await page.locator('#battle-order li').first().waitFor();
    expect(await page.locator('.turn button[data-space="hilo"]').count()).toBe(0);
    expect(await page.locator('.turn button[data-space="kona"]').count()).toBe(1);
    expect(await order.allInnerTexts().then((x) => x.map((t) => t.split('\n')[0]))).toEqual([
      'Maui',
      "O'ahu-1 (Waikiki)",
    ]);
    expect((await battleMarks(page)).map((m) => [m.space, m.badge])).toEqual([
      ['maui', '1'],
      ['oahu-1', '2'],
    ]);
    // Resolved: the report fights Maui first, then O'ahu-1.
    const open = await web.t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    await K.ok('PUT', `/games/${gameId}/orders`, { text: stored.map((l: any) => l.text).join('\n'), ready: true });
    expect((await sweep(web.t.ctx)).processed).toBe(1);
    const done = await web.t.db.phase.findUniqueOrThrow({ where: { id: open.id } });
    const fought = hawaii1795
      .formatReport(done.report, { kind: 'moderator' })
      .split('\n')
      .map((l) => /^\s*— Battle at (.+?): .+ attacks\.$/.exec(l)?.[1])
      .filter((x) => x !== undefined);
    expect(fought).toEqual(['Maui', "O'ahu-1 (Waikiki)"]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Where both sides stand at the start of a turn (a landing after a sea battle), the side to move
// attacks in its Battle Phase unless it leaves: the side that waits sees that battle ringed too.
// The battles the mover's moves will make stay its secret until the turn is played.
describe('Hawaii 1795: the side that waits sees the battles already due', () => {
  it('a space holding both sides is ringed on both maps, the waiting side told who attacks', {
    timeout: 120_000,
  }, async () => {
    const mod = await signUp(web.t, 'h1795wait-mod@example.org');
    const ps = [await signUp(web.t, 'h1795wait1@example.org'), await signUp(web.t, 'h1795wait2@example.org')];
    const { game, byRole } = await startedGame(web.t, mod, ps, {
      name: 'Both Sides',
      variant: 'hawaii1795',
      scenario: 'short',
      deadlines: { reminderMinutes: 0 },
    });
    const gameId: string = game.id;
    const phase = await web.t.db.phase.findFirstOrThrow({ where: { gameId, status: 'open' } });
    const state = structuredClone(phase.state) as any;
    const mover: string = state.side;
    const waiting = Object.keys(byRole).find((r) => r !== mover)!;
    // The mover's first stack on land; one of the waiting side's units on land is put there too.
    const view = (await byRole[mover]!.ok('GET', `/games/${gameId}`)).view;
    const at: string = view.spaces.find((sp: any) => sp.units.some((u: any) => u.owner === mover)).id;
    const theirs = (await byRole[waiting]!.ok('GET', `/games/${gameId}`)).view;
    const unit: string = theirs.spaces.flatMap((sp: any) => sp.units).find((u: any) => u.owner === waiting).id;
    state.units[unit].at = at;
    state.contested = [...(state.contested ?? []), at];
    await web.t.db.phase.update({ where: { id: phase.id }, data: { state } });
    const name: string = view.spaces.find((sp: any) => sp.id === at).name;
    const moverName: string = view.sides.find((s: any) => s.id === mover).name;

    const marks = (page: Page) =>
      page
        .locator('#map g.battles g.battle')
        .evaluateAll((gs) =>
          gs.map((g) => ({ space: (g as SVGGElement).dataset.space, label: g.getAttribute('aria-label') })),
        );
    const w = await openHand(byRole[waiting]!.email, gameId);
    await w.page.locator('#map g.battles g.battle').first().waitFor();
    expect(await marks(w.page)).toEqual([
      { space: at, label: `Battle at ${name}: ${moverName} attacks there in its Battle Phase unless it leaves first` },
    ]);
    expect(await w.page.locator('#battles-due').innerText()).toBe(
      `A battle is due at ${name} (ringed on the map): ${moverName} attacks there in its Battle Phase unless it leaves first.`,
    );
    // The map opens on that battle: its ring lies within the map's box.
    expect(
      await w.page.evaluate((at) => {
        const box = document.querySelector('#map')!.getBoundingClientRect();
        const r = document.querySelector(`#map g.battle[data-space="${at}"] circle.ring`)!.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      }, at),
    ).toBe(true);
    await w.page.locator('#map').screenshot({ path: artifact('h1795-phone-waiting-battle') });
    expect(w.errors).toEqual([]);
    await w.page.close();
    // The side to move sees the same battle in its list and on its map.
    const m = await openHand(byRole[mover]!.email, gameId);
    await m.page.locator('#map g.battles g.battle').first().waitFor();
    expect((await marks(m.page)).map((x) => x.space)).toEqual([at]);
    expect(await m.page.locator('#battle-order').innerText()).toContain(`One battle, at ${name}`);
    expect(m.errors).toEqual([]);
    await m.page.close();
  });
});
