// Times as the page writes them (src/web/client/format.ts), in a real browser in three zones: in
// the reader's zone, to the second, the zone named by its offset; the year only when not this one.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientScript, launchBrowser } from './browser.ts';

let browser: Browser;
let script = '';

beforeAll(async () => {
  script = await clientScript('src/web/client/format.ts', 'format');
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function inZone(timezoneId: string, at: string, now: string) {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.setContent('<!doctype html><p>x</p>');
  await page.addScriptTag({ content: script });
  const out = await page.evaluate(
    ([a, n]) => {
      const f = (window as unknown as { format: typeof import('../../src/web/client/format.ts') }).format;
      return { stamp: f.stamp(a!, new Date(n!)), when: f.when(a!, Date.parse(n!)) };
    },
    [at, now],
  );
  await context.close();
  return out;
}

describe("times on the page, in the reader's zone", () => {
  it('writes a moment to the second with its offset from UTC, and the time left to the second', async () => {
    const at = '2026-11-30T18:05:09.000Z';
    const now = '2026-11-29T16:02:01.000Z';
    expect(await inZone('UTC', at, now)).toEqual({
      stamp: 'Mon 30 Nov, 18:05:09 UTC',
      when: 'Mon 30 Nov, 18:05:09 UTC (in 1 d 2 h 03 min 08 s)',
    });
    // Honolulu (the Heiau players' own): ten hours behind.
    expect((await inZone('Pacific/Honolulu', at, now)).stamp).toBe('Mon 30 Nov, 08:05:09 UTC-10');
    // An offset of half an hour is written with its minutes; past midnight the day moves on.
    expect((await inZone('Asia/Kolkata', at, now)).stamp).toBe('Mon 30 Nov, 23:35:09 UTC+5:30');
    expect((await inZone('Pacific/Auckland', at, now)).stamp).toBe('Tue 1 Dec, 07:05:09 UTC+13');
  });

  it('writes the year when it is not this one, and "passed" once the moment is gone', async () => {
    const r = await inZone('UTC', '2027-01-02T03:04:05.000Z', '2026-12-31T23:00:00.000Z');
    expect(r.stamp).toBe('Sat 2 Jan 2027, 03:04:05 UTC');
    expect((await inZone('UTC', '2026-11-29T10:00:00.000Z', '2026-11-29T10:00:00.000Z')).when).toMatch(/\(passed\)$/);
  });
});
