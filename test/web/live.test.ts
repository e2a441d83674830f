// Pages that follow their game, in a real Chromium: two players of one Heiau game in two browser
// contexts. What one player, the moderator or the judge does shows on the other's page without a
// reload; the deadline counts down to the second; an unsent form never outlives its phase.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleDeadlineJob } from '../../src/jobs/worker.ts';
import { ManualClock } from '../../src/service/clock.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { artifact, signInLinkFor, startWeb, webSuite } from './browser.ts';

// The judge's clock starts at the browser's now: deadlines read the same on both sides.
const web = webSuite(() => startWeb({ clock: new ManualClock(new Date().toISOString()) }));

const signInLink = (email: string) => signInLinkFor(web.t, web.base, email);

describe('a game page that follows its game', () => {
  let game: any;
  let mod: Client;
  let byRole: Record<string, Client>;
  const pages: Record<string, Page> = {};
  const errors: string[] = [];

  beforeAll(async () => {
    mod = await signUp(web.t, 'livemod@example.org');
    const a = await signUp(web.t, 'livesunrise@example.org');
    const b = await signUp(web.t, 'livesunset@example.org');
    ({ game, byRole } = await startedGame(web.t, mod, [a, b], {
      name: 'Live Race',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    }));
    for (const role of ['Sunrise', 'Sunset']) {
      const context = await web.browser.newContext({
        viewport: { width: 1400, height: 900 },
        timezoneId: 'Pacific/Honolulu',
      });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`${role}: ${e.message}`));
      await page.goto(`${await signInLink(byRole[role]!.email)}&next=/games/${game.id}`);
      await page.locator('main[aria-busy="false"] .readiness').waitFor();
      await page.locator('#ready').waitFor();
      pages[role] = page;
    }
    // Set on the page: still there afterwards means the page was never loaded again.
    await pages.Sunset!.evaluate(() => {
      (window as any).notReloaded = true;
    });
  });

  it("shows the other player's ready mark without a reload", { timeout: 60_000 }, async () => {
    const chip = pages.Sunset!.locator('.readiness li[data-role="Sunrise"]');
    expect(await chip.innerText()).toBe('Sunrise: waiting');
    await pages.Sunrise!.locator('#ready').check();
    await pages
      .Sunset!.locator('.readiness li[data-role="Sunrise"]', { hasText: 'Sunrise: ready' })
      .waitFor({ timeout: 10_000 });
    expect(await pages.Sunset!.evaluate(() => (window as any).notReloaded)).toBe(true);
  });

  it('a deadline the moderator moves shows at once, to the second, counting down, and keeps what the player is writing', {
    timeout: 60_000,
  }, async () => {
    const page = pages.Sunset!;
    await page.locator('details:has(#orders-text)').evaluate((d) => {
      (d as HTMLDetailsElement).open = true;
    });
    await page.locator('#orders-text').fill('B Aiea H');
    const at = new Date(Date.now() + (2 * 3600 + 3 * 60 + 30) * 1000);
    await mod.ok('PUT', `/games/${game.id}/deadline`, { at: at.toISOString() });
    const phase = page.locator('p.phase', { hasText: /\(in 2 h 0[23] min \d\d s\)/ });
    await phase.waitFor({ timeout: 10_000 });
    const first = await phase.innerText();
    // The time itself, in the reader's zone, to the second.
    const local = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Pacific/Honolulu',
    }).format(at);
    expect(first.replace(/\s+/g, ' ')).toContain(`${local} UTC-10`);
    // It counts down by itself, a second at a time (given a few, on a busy machine).
    await expect.poll(() => phase.innerText(), { timeout: 5_000, interval: 250 }).not.toBe(first);
    // The unsent orders are still in the form.
    expect(await page.locator('#orders-text').inputValue()).toBe('B Aiea H');
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
  });

  it("when the phase is adjudicated, the form is the new phase's and the unsent choice is said not sent", {
    timeout: 60_000,
  }, async () => {
    const page = pages.Sunset!;
    const open = await web.t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    web.t.clock.set(new Date(open.deadlineAt!.getTime() + 1_000));
    await handleDeadlineJob(web.t.ctx, { phaseId: open.id });
    const next = await web.t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
    expect(next.seq).toBeGreaterThan(open.seq);
    await page.locator('p.phase', { hasText: next.label }).waitFor({ timeout: 15_000 });
    await page.locator('main[aria-busy="false"]').waitFor();
    expect(await page.locator('#moved-on').innerText()).toBe('The phase moved on; your choice was not sent.');
    expect(await page.getByRole('heading', { name: `Your orders for ${next.label}` }).count()).toBe(1);
    expect(await page.locator('#orders-text').inputValue()).not.toContain('B Aiea H');
    // The results of the phase just played are on the page too.
    await page.locator('#results-title', { hasText: open.label }).waitFor();
    expect(await page.evaluate(() => (window as any).notReloaded)).toBe(true);
    // Nothing was stored for the new phase on the player's behalf.
    expect(await web.t.db.submission.count({ where: { phaseId: next.id } })).toBe(0);
    await page.screenshot({ path: artifact('live-moved-on') });
    expect(errors).toEqual([]);
  });
});
