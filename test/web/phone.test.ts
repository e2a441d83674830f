// Every page on a phone, in a real Chromium: for each game (Standard, Heiau, Hawaii 1795, Aloha,
// Maori Wars), each reader (the player to move, a waiting player, the moderator, a signed-out
// visitor of the public game) and each page they have (the game with its orders, press and the
// moderator's console; the history; my games), at 390 px and at 360 px: the page never scrolls
// sideways, every control outside the map is at least 32 px both ways (a finger's reach; the map
// has its own zoom-to-tap), and axe-core finds no serious or critical problem. One failure lists
// every offender of every page, so that one run shows all there is to fix.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { accessibilityProblems, artifact, ARTIFACTS, PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

const MIN_TARGET = 32;

const GAMES = [
  { name: 'Phone Standard', variant: 'standard', scenario: 'classic', players: 7 },
  { name: 'Phone Heiau', variant: 'heiau', scenario: 'race', players: 2 },
  { name: 'Phone 1795', variant: 'hawaii1795', scenario: 'short', players: 2 },
  { name: 'Phone Aloha', variant: 'aloha', scenario: 'two', players: 2 },
  { name: 'Phone Maori Wars', variant: 'maori-wars', scenario: 'hone-hekes-challenge', players: 2 },
] as const;

/** Controls outside the maps smaller than a finger, as "what (w×h)". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]',
    );
    for (const el of controls) {
      if (el.closest('svg')) continue;
      // A checkbox or radio is tapped through its label.
      const target =
        (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) ||
        el;
      const r = target.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.classList.contains('visually-hidden') || el.closest('.visually-hidden')) continue;
      if (r.width < min || r.height < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.id ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        out.push(
          `${el.localName}${el.id ? `#${el.id}` : ''} "${name}" (${Math.round(r.width)}×${Math.round(r.height)})`,
        );
      }
    }
    return out;
  }, MIN_TARGET);
}

/** The innermost elements that reach past the right edge, as "tag.class (right edge)". */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = [...document.querySelectorAll<HTMLElement>('main *')].filter(
      (el) => !el.closest('svg') && el.getBoundingClientRect().right > w + 1,
    );
    return over
      .filter((el) => !over.some((o) => o !== el && el.contains(o)))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.localName}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} (${Math.round(el.getBoundingClientRect().right)})`,
      )
      .join(', ');
  });
}

/**
 * The map as it opens: units enlarged for a finger never cover each other (the Low Countries at
 * whole-map zoom), a flat map (Heiau) is at least 40 % of the screen high with the reader's own
 * units in sight, and the key is a list under the map (Maori Wars draws its own beside it).
 */
async function mapProblems(page: Page, where: string, keyBelow: boolean): Promise<string[]> {
  return page.evaluate(
    ({ where, keyBelow }) => {
      const out: string[] = [];
      const box = document.querySelector<HTMLElement>('#map')!;
      const shapes = [...box.querySelectorAll('g.unit')].map((u) => ({
        name: u.querySelector('title')?.textContent ?? '',
        r: (
          u.querySelector(':scope > path') ??
          u.querySelector(':scope > :not(title):not(.hit)') ??
          u
        ).getBoundingClientRect(),
      }));
      for (let i = 0; i < shapes.length; i++)
        for (let j = i + 1; j < shapes.length; j++) {
          const a = shapes[i]!.r,
            b = shapes[j]!.r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left),
            h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1)
            out.push(
              `${where}, map: ${shapes[i]!.name} and ${shapes[j]!.name} overlap (${Math.round(w)}×${Math.round(h)} px)`,
            );
        }
      const svg = box.querySelector('svg')!.getBoundingClientRect();
      if (Math.min(svg.height, box.clientHeight) < innerHeight * 0.25)
        out.push(`${where}, map: ${Math.round(Math.min(svg.height, box.clientHeight))} px high`);
      const b = box.getBoundingClientRect();
      const mine = [...box.querySelectorAll('g.unit.mine, g.stack.mine')].map((u) => u.getBoundingClientRect());
      if (
        mine.length &&
        !mine.some((r) => r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom)
      )
        out.push(`${where}, map: none of the reader's units in sight`);
      if (keyBelow) {
        const key = document.querySelector('.map-wrap > .map-key li');
        if (!key) out.push(`${where}, map: the key is not under the map`);
      }
      return out;
    },
    { where, keyBelow },
  );
}

/** What is wrong with the page as it is now, at 390 px and at 360 px. */
async function problemsOf(page: Page, where: string, shot: string): Promise<string[]> {
  await page.locator('main[aria-busy="false"]').waitFor();
  const out: string[] = [];
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    const sideways = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    if (sideways.scroll > sideways.view)
      out.push(`${where} @${width}: scrolls sideways (${sideways.scroll} > ${sideways.view}) by ${await widest(page)}`);
    if (width === 390) {
      for (const s of await smallTargets(page)) out.push(`${where} @${width}: small target ${s}`);
      for (const a of await accessibilityProblems(page)) out.push(`${where}: axe ${a}`);
      if (shot) await page.screenshot({ path: artifact(`phone-${shot}`), fullPage: true });
    }
  }
  return out;
}

async function openAs(
  email: string | null,
  path: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await web.browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(email ? `${await signInLinkFor(web.t, web.base, email)}&next=${path}` : `${web.base}${path}`);
  await page.locator('main[aria-busy="false"] h1').first().waitFor();
  return { context, page, errors };
}

async function visit(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  // The history page writes its phase into the address (#/games/<id>/history/<seq>).
  await page.waitForFunction(
    (h) =>
      (location.hash === h || location.hash.startsWith(`${h}/`)) &&
      document.querySelector('main')?.getAttribute('aria-busy') === 'false',
    hash,
  );
  await page.locator('main h1').first().waitFor();
}

describe('every page on a phone', () => {
  it('no sideways scroll, fingers-sized controls, no serious accessibility problem: every game, reader and page', {
    timeout: 240_000,
  }, async () => {
    const problems: string[] = [];
    const errors: string[] = [];
    let n = 0;
    for (const spec of GAMES.filter(
      (g) => !process.env.PHONE_GAMES || process.env.PHONE_GAMES.split(',').includes(g.variant),
    )) {
      const tag = spec.variant;
      const mod = await signUp(web.t, `phone-${tag}-mod@example.org`);
      const ps: Client[] = [];
      for (let i = 1; i <= spec.players; i++) ps.push(await signUp(web.t, `phone-${tag}-${i}@example.org`));
      const { game, byRole } = await startedGame(web.t, mod, ps, {
        name: spec.name,
        variant: spec.variant,
        scenario: spec.scenario,
        public: true,
        deadlines: { reminderMinutes: 0 },
      });
      // One phase played, so that the history and the last results have something to show; press sent.
      await mod.ok('POST', `/games/${game.id}/process`);
      const view = await mod.ok('GET', `/games/${game.id}`);
      const expected: string[] = view.phase.readiness.filter((r: any) => r.expected).map((r: any) => r.role);
      const toMove = expected[0]!;
      const waiting = Object.keys(byRole).find((r) => !expected.includes(r)) ?? expected.find((r) => r !== toMove)!;
      if (expected.includes(waiting)) await byRole[waiting]!.req('PUT', `/games/${game.id}/ready`, { ready: true });
      await byRole[toMove]!.req('POST', `/games/${game.id}/press`, { to: 'ALL', text: 'Aloha from the phone test' });
      const gamePath = `/games/${game.id}`;
      const readers: [string, string | null][] = [
        ['to-move', byRole[toMove]!.email],
        ['waiting', byRole[waiting]!.email],
        ['moderator', mod.email],
        ['visitor', null],
      ];
      for (const [who, email] of readers) {
        const { context, page, errors: e } = await openAs(email, gamePath);
        await page.locator('#map svg').waitFor();
        const first = who === 'to-move' || n++ % 3 === 0;
        problems.push(...(await mapProblems(page, `${spec.name}, ${who}`, spec.variant !== 'maori-wars')));
        // The screen as it opens, before the checks below resize it.
        if (first) await page.screenshot({ path: artifact(`phone-${tag}-${who}-screen`) });
        problems.push(...(await problemsOf(page, `${spec.name}, ${who}, game`, first ? `${tag}-${who}-game` : '')));
        await visit(page, `#${gamePath}/history`);
        problems.push(
          ...(await problemsOf(page, `${spec.name}, ${who}, history`, first ? `${tag}-${who}-history` : '')),
        );
        if (email) {
          await visit(page, '#/');
          problems.push(...(await problemsOf(page, `${spec.name}, ${who}, my games`, '')));
        }
        errors.push(...e.map((x) => `${spec.name}, ${who}: ${x}`));
        await context.close();
      }
    }
    // Kept beside the screenshots: every offender, also when the list is long.
    fs.writeFileSync(path.join(ARTIFACTS, 'phone-problems.txt'), `${problems.join('\n')}\n`);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
