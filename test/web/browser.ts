// A real Chromium for the web tests: Debian's `chromium` (installed by .ci/run when missing),
// driven with playwright-core. Without a browser the tests fail, never skip.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { simpleParser, type ParsedMail } from 'mailparser';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { mailFor, startTestService, type TestService } from '../helpers/app.ts';
import type { Client } from '../helpers/api.ts';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean) as string[];

/** One client module bundled as a script for a bare page, its exports under `globalName`. */
export async function clientScript(entry: string, globalName: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName });
  return out.outputFiles[0]!.text;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => fs.existsSync(p));
  if (!executablePath)
    throw new Error(
      `No Chromium found (tried ${CANDIDATES.join(', ')}): install Debian's chromium package (.ci/run does).`,
    );
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** Screenshots are kept as test artifacts. */
export const ARTIFACTS = path.resolve('test-artifacts/web');
export function artifact(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${name}.png`);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's own CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async () => (await (window as any).axe.run(document, { resultTypes: ['violations'] })).violations,
  );
  return violations
    .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v: any) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n: any) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')})`,
    );
}

/** A judge listening on a free port and a Chromium for one test file (stop them with stopWeb). */
export async function startWeb(
  opts: Parameters<typeof startTestService>[0] = {},
): Promise<{ t: TestService; base: string; browser: Browser }> {
  const t = await startTestService(opts);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  return {
    t,
    base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    browser: await launchBrowser(),
  };
}

export async function stopWeb(t: TestService | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await t?.close();
}

/** What a test file's browser tests run against: the judge, where it listens, the Chromium. */
export interface Web {
  readonly t: TestService;
  readonly base: string;
  readonly browser: Browser;
}

/**
 * Starts the file's judge and Chromium before its tests (startWeb unless `start` says otherwise) and
 * stops them after: the one line a test file needs. What it returns is read once beforeAll has run.
 */
export function webSuite(start: () => Promise<Web> = () => startWeb()): Web {
  let web: Web | undefined;
  const started = (): Web => {
    if (!web) throw new Error('the web suite is not started yet: read it in a test or a hook');
    return web;
  };
  beforeAll(async () => {
    web = await start();
  });
  afterAll(() => stopWeb(web?.t, web?.browser));
  return {
    get t() {
      return started().t;
    },
    get base() {
      return started().base;
    },
    get browser() {
      return started().browser;
    },
  };
}

/** A 390 px phone, as the tests on a phone hold it. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Goes to a game's page signed in as `email` and waits until its map is drawn; the page's script
 * errors are collected from the start, each after `mark` (a seat's role) when given.
 */
async function onGame(web: Web, page: Page, email: string, gameId: string, mark = ''): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${mark}${e.message}`));
  await page.goto(`${await signInLinkFor(web.t, web.base, email)}&next=/games/${gameId}`);
  await page.locator('main[aria-busy="false"] #map svg').waitFor();
  return errors;
}

/** A new page (a phone unless `options` say otherwise) on a game, signed in as `email`, its map drawn. */
export async function openGame(
  web: Web,
  email: string,
  gameId: string,
  options: BrowserContextOptions = PHONE,
): Promise<{ page: Page; errors: string[] }> {
  const page = await web.browser.newPage(options);
  return { page, errors: await onGame(web, page, email, gameId) };
}

/** A player at their own phone: a browser context of their own, on the game as openGame; errors name the role. */
export interface Seat {
  role: string;
  client: Client;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function seat(
  web: Web,
  role: string,
  client: Client,
  gameId: string,
  options: BrowserContextOptions = PHONE,
): Promise<Seat> {
  const context = await web.browser.newContext(options);
  const page = await context.newPage();
  return { role, client, context, page, errors: await onGame(web, page, client.email, gameId, `${role}: `) };
}

/** A fresh one-time sign-in link for an address, as the sign-in page asks for it and the mail brings it. */
export async function signInLinkFor(t: TestService, base: string, email: string): Promise<string> {
  const since = Date.now();
  const r = await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email, web: true } });
  if (r.statusCode !== 202) throw new Error(`sign-in ${email}: ${r.statusCode} ${r.body}`);
  const code = /#signin=([A-Za-z0-9_-]{43})/;
  const mails = await mailFor(t.db, email, 'token');
  let m = code.exec(mails[mails.length - 1].body);
  // A running worker blanks the outbox row's code once it has sent the mail: read the mail as sent.
  if (!m && t.outbox) m = code.exec((await sentMail(t.outbox, email, /sign-in link|no account/, since)).text ?? '');
  if (!m) throw new Error('no sign-in link in the mail');
  return `${base}/#signin=${m[1]}`;
}

/** The newest mail in `outbox` to an address whose subject matches, written after `since`; waits for the worker. */
export async function sentMail(outbox: string, to: string, subject: RegExp, since: number): Promise<ParsedMail> {
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    for (const f of fs
      .readdirSync(outbox)
      .filter((x) => x.endsWith('.eml'))
      .sort()
      .reverse()) {
      const raw = fs.readFileSync(path.join(outbox, f));
      if (!new RegExp(`^To: ${to}`, 'mi').test(raw.toString('latin1'))) continue;
      const m = await simpleParser(raw, { keepCidLinks: true });
      if (subject.test(m.subject ?? '') && (m.date?.getTime() ?? 0) >= since - 1000) return m;
    }
  }
  throw new Error(`no mail "${subject}" to ${to} in the outbox`);
}

/** Opens a page and collects its script errors. */
export async function openPage(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return errors;
}

/** A point of an element (a unit, or a space clear of names and units) that a tap there would hit. */
export async function pointOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  return page.locator(selector).evaluate((el: Element) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const box = el.getBoundingClientRect();
    // From the middle outwards; a space's point inside its fill, not on its outline's outer half
    // (a build site's ring reaches into the next space).
    const grid: [number, number][] = [];
    for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) grid.push([i, j]);
    grid.sort((a, b) => Math.hypot(a[0] - 10, a[1] - 10) - Math.hypot(b[0] - 10, b[1] - 10));
    const ctm = el instanceof SVGGeometryElement ? el.getScreenCTM()?.inverse() : undefined;
    for (const [i, j] of grid) {
      const x = Math.round(box.left + (box.width * i) / 20),
        y = Math.round(box.top + (box.height * j) / 20);
      const top = document.elementFromPoint(x, y);
      if (el instanceof SVGPathElement ? top !== el : !el.contains(top)) continue;
      if (ctm && !(el as SVGGeometryElement).isPointInFill(new DOMPoint(x, y).matrixTransform(ctm))) continue;
      return { x, y };
    }
    throw new Error('nothing of it can be tapped');
  });
}

/**
 * A point of a hex of a Maori Wars map a finger may tap, clear of counters and names, the hex brought
 * into the middle of the map's box first (client coordinates). The hexes are data
 * (<metadata class="cells">): the page takes the hex under a tap by its nearest centre.
 */
export async function hexPoint(page: Page, hex: string): Promise<{ x: number; y: number }> {
  // (No named function inside: tsx, which runs scripts/screenshots.ts, would wrap it in a helper the page lacks.)
  return page.evaluate((hex) => {
    const svg = document.querySelector<SVGSVGElement>('#map svg')!;
    const meta = svg.querySelector('metadata.cells')!;
    const r = Number(meta.getAttribute('data-radius'));
    const [, cx, cy] = (JSON.parse(meta.textContent!) as [string, number, number, string][]).find((c) => c[0] === hex)!;
    const box = document.querySelector<HTMLElement>('#map')!;
    const b = box.getBoundingClientRect();
    let c = new DOMPoint(cx, cy).matrixTransform(svg.getScreenCTM()!);
    box.scrollLeft += c.x - (b.left + box.clientWidth / 2);
    box.scrollTop += c.y - (b.top + box.clientHeight / 2);
    c = new DOMPoint(cx, cy).matrixTransform(svg.getScreenCTM()!);
    scrollBy(0, c.y - innerHeight / 2);
    const ctm = svg.getScreenCTM()!;
    // From the middle outwards, within 0.8 of the radius (inside the hex whichever way it turns).
    const grid: [number, number][] = [];
    for (let i = -8; i <= 8; i++) for (let j = -8; j <= 8; j++) if (Math.hypot(i, j) <= 8) grid.push([i, j]);
    grid.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
    for (const [i, j] of grid) {
      const p = new DOMPoint(cx + (i / 10) * r, cy + (j / 10) * r).matrixTransform(ctm);
      const top = document.elementFromPoint(p.x, p.y);
      if (!top || !svg.contains(top) || top.closest('g.stack, text')) continue;
      return { x: p.x, y: p.y };
    }
    throw new Error(`nothing of hex ${hex} can be tapped`);
  }, hex);
}

/** Taps an element of the map until the tap counts: a tap on something tiny first zooms in around it. */
export async function tapOn(page: Page, selector: string, done: () => Promise<boolean>): Promise<number> {
  for (let n = 1; n <= 4; n++) {
    const p = await pointOf(page, selector);
    await page.touchscreen.tap(p.x, p.y);
    if (await done()) return n;
  }
  throw new Error(`tapping ${selector} did nothing: ${await page.locator('#map-hint').innerText()}`);
}

/** The names on the last results' map as drawn on the screen (px), once it is drawn. */
export async function resultsNames(
  page: Page,
): Promise<{ least: number; usual: number; zoom: number; hidden: number; overlaps: number }> {
  await page.locator('#results-map').scrollIntoViewIfNeeded();
  await page.locator('#results-map svg g.labels text[data-size]').first().waitFor();
  return page.locator('#results-map').evaluate((box: HTMLElement) => {
    const svg = box.querySelector('svg')!;
    const px = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll('g.labels text')]
      .map((x) => Number(x.getAttribute('font-size') ?? x.parentElement!.getAttribute('font-size')) * px)
      .sort((a, b) => a - b);
    // The names shown never run into each other (those that would give way until zoomed).
    const shown = [...svg.querySelectorAll('g.labels text')]
      .filter((x) => x.getAttribute('visibility') !== 'hidden')
      .map((x) => x.getBoundingClientRect());
    const overlaps = shown.filter((b, i) =>
      shown.some((o, j) => j < i && b.left < o.right && o.left < b.right && b.top < o.bottom && o.top < b.bottom),
    ).length;
    return {
      least: sizes[0]!,
      usual: sizes[Math.floor(sizes.length / 2)]!,
      hidden: svg.querySelectorAll('g.labels text[visibility="hidden"]').length,
      overlaps,
      zoom: Number(box.style.getPropertyValue('--zoom') || 1),
    };
  });
}
