// The settings page (issue 24, point 5), in a real Chromium on a 390 px phone set to Honolulu: the
// player reaches it from My games, finds their mail settings as saved and the time zone offered
// from the browser, chooses one mail a day and receipts by mail, saves, reloads and finds them
// kept; the API agrees. No sideways scroll, every control a finger's size, axe finds nothing
// serious. Then at 1366 px.
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers/api.ts';
import { accessibilityProblems, artifact, PHONE, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

describe('the settings page', () => {
  it('a player on a phone chooses one mail a day and receipts by mail; a reload shows them saved, and the API agrees', async () => {
    const player = await signUp(web.t, 'settings@example.org');
    expect(await player.ok('GET', '/accounts/me')).toMatchObject({
      notify: 'every-phase',
      receiptsByMail: false,
      timeZone: 'UTC',
    });
    const context = await web.browser.newContext({ ...PHONE, timezoneId: 'Pacific/Honolulu' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(await signInLinkFor(web.t, web.base, player.email));
    await page.locator('main[aria-busy="false"] h1', { hasText: 'My games' }).waitFor();
    // Reached from My games.
    await page.locator('main a[href="#/settings"]').tap();
    await page.locator('main[aria-busy="false"] h1', { hasText: 'Settings' }).waitFor();

    // As saved: every phase, no receipts; the zone offered is the browser's (the account never chose one).
    expect(await page.getByLabel('After every phase').isChecked()).toBe(true);
    expect(await page.getByLabel('Mail me a receipt of orders I send from the web').isChecked()).toBe(false);
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Pacific/Honolulu');
    expect(await page.locator('#saved').textContent()).toContain('times in your mail in UTC');
    // Each choice is explained in plain words, tied to its radio.
    const help = await page.getByLabel('Once a day').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${help}"]`).textContent()).toContain('One mail a morning');

    await page.getByLabel('Once a day').tap();
    await page.getByLabel('Mail me a receipt of orders I send from the web').tap();
    await page.getByRole('button', { name: 'Save settings' }).tap();
    await page.locator('#saved', { hasText: 'game mail once a day' }).waitFor();
    expect(await page.locator('#saved').textContent()).toBe(
      'Saved: game mail once a day; receipts of orders sent from the web by mail too; times in your mail in Pacific/Honolulu.',
    );
    expect(await player.ok('GET', '/accounts/me')).toMatchObject({
      notify: 'digest',
      receiptsByMail: true,
      timeZone: 'Pacific/Honolulu',
    });

    await page.reload();
    await page.locator('main[aria-busy="false"] h1', { hasText: 'Settings' }).waitFor();
    expect(await page.getByLabel('Once a day').isChecked()).toBe(true);
    expect(await page.getByLabel('After every phase').isChecked()).toBe(false);
    expect(await page.getByLabel('Mail me a receipt of orders I send from the web').isChecked()).toBe(true);
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Pacific/Honolulu');

    // A phone: nothing sideways, every control a finger's size, nothing serious for axe.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main select, main input, main a')]
        .map((el) => {
          const target = (el instanceof HTMLInputElement && el.closest('label')) || el;
          const r = target.getBoundingClientRect();
          return r.width < 32 || r.height < 32 ? `${el.localName}#${el.id} ${r.width}×${r.height}` : '';
        })
        .filter(Boolean),
    );
    expect(small).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('settings-390'), fullPage: true });
    // The header leads there too.
    expect(await page.locator('nav a[href="#/settings"]').count()).toBe(1);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: artifact('settings-1366'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
