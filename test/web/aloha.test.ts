// A round of Aloha played by tapping, in a real Chromium: two players on 390 px phones in two
// browsers. Each taps an island on the board (or its name), then the action for it, then Send;
// sending is the decision (no Ready), the phase is processed early and both pages move on by
// themselves. A migration of fewer than all tokens is picked with the count's − button. Every
// decision is checked through the API; the results map shows the position after the decision;
// nothing scrolls sideways at 390 or 360 px and every control is at least 32 px tall.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameOf } from '../helpers/api.ts';
import { sweep } from '../../src/service/sweep.ts';
import { accessibilityProblems, artifact, pointOf, seat, type Seat, signInLinkFor, webSuite } from './browser.ts';

const web = webSuite();

/** Wide things and small controls on the page as it is. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth)
      out.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const b of document.querySelectorAll<HTMLElement>(
      '.side button, .side select, .side input, .side summary, .side textarea',
    )) {
      const r = b.getBoundingClientRect();
      const name = `${b.tagName} ${b.id || b.textContent?.slice(0, 30)}`;
      if (r.width && r.height < 32) out.push(`${name}: ${Math.round(r.height)} px tall`);
      if (r.right > innerWidth + 0.5) out.push(`${name}: beyond the edge`);
    }
    return out;
  });
}

describe('Aloha by tapping', () => {
  it('two players settle and act by tapping on phones; each decision is sent without Ready and checked in the API', {
    timeout: 240_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(web.t, 'aloha-tap', 2, {
      name: 'Aloha by tapping',
      variant: 'aloha',
      scenario: 'two',
    });
    const first = (await mod.ok('GET', `/games/${gameId}`)).phase.readiness.find((r: any) => r.expected).role as string;
    const second = Object.keys(byRole).find((r) => r !== first)!;
    const a = await seat(web, first, byRole[first]!, gameId);
    const b = await seat(web, second, byRole[second]!, gameId);
    const decided = async (who: Seat, text: string) => {
      await who.page
        .locator('#aloha-send')
        .filter({ hasText: `Send: ${text}` })
        .click();
      await who.page.locator('.next-step').filter({ hasText: 'Your decision is made' }).waitFor();
      // Ready by sending it: the phase is due at once and the worker's next look plays it.
      const open = await mod.ok('GET', `/games/${gameId}`);
      expect(open.phase.readiness.find((r: any) => r.role === who.role)).toMatchObject({
        ready: true,
        submitted: true,
      });
      expect((await sweep(web.t.ctx)).processed).toBe(1);
    };
    const view = async () => (await mod.ok('GET', `/games/${gameId}`)).view;

    // 1. The first player taps Hawaii on the board: its actions; Settle Hawaii; Send.
    expect(await a.page.locator('#ready').count()).toBe(0);
    expect(await a.page.locator('select#action').count()).toBe(0);
    expect(await a.page.locator('.aloha-actions h3').innerText()).toBe('Your decision: choose an island to settle');
    expect(await layoutFaults(a.page)).toEqual([]);
    const p = await pointOf(a.page, '#map path[data-island="Hawaii"]');
    await a.page.touchscreen.tap(p.x, p.y);
    await a.page.locator('#aloha-island h4').filter({ hasText: 'On Hawaii' }).waitFor();
    await a.page.getByRole('button', { name: 'Settle Hawaii' }).tap();
    expect(await a.page.locator('#aloha-choice').innerText()).toBe('settle Hawaii');
    expect(await accessibilityProblems(a.page)).toEqual([]);
    await decided(a, 'settle Hawaii');
    expect((await view()).islands.find((i: any) => i.island === 'Hawaii').pureHawaiian[first]).toBe(20);

    // 2. The second player's page moves on by itself; Kauai by its name, Settle Kauai, Send.
    await b.page.locator('.aloha-actions').waitFor();
    expect(await b.page.locator('.aloha-islands button').allInnerTexts()).toEqual(['Kauai', 'Oahu', 'Molokai', 'Maui']);
    await b.page.getByRole('button', { name: 'Kauai', exact: true }).tap();
    await b.page.getByRole('button', { name: 'Settle Kauai' }).tap();
    await decided(b, 'settle Kauai');
    expect((await view()).islands.find((i: any) => i.island === 'Kauai').pureHawaiian[second]).toBe(20);

    // 3. The first player migrates 5 of 20 tokens: Hawaii, − until 5, to Oahu, Send.
    await a.page.locator('.aloha-actions h3').filter({ hasText: 'take an action' }).waitFor();
    const q = await pointOf(a.page, '#map g.tokens[data-island="Hawaii"]');
    await a.page.touchscreen.tap(q.x, q.y);
    await a.page.locator('#aloha-count').waitFor();
    expect(await a.page.locator('#aloha-count').innerText()).toBe('20 of 20');
    for (let n = 0; n < 15; n++) await a.page.getByRole('button', { name: 'One token fewer' }).tap();
    expect(await a.page.locator('#aloha-count').innerText()).toBe('5 of 20');
    await a.page.getByRole('button', { name: 'to Oahu' }).tap();
    expect(await layoutFaults(a.page)).toEqual([]);
    await decided(a, 'migrate 5 Hawaii Oahu');
    const moved = await view();
    expect(moved.islands.find((i: any) => i.island === 'Oahu').pureHawaiian[first]).toBe(5);
    expect(moved.islands.find((i: any) => i.island === 'Hawaii').pureHawaiian[first]).toBe(15);

    // 4. The second player takes a Warrior token: an action of no island, a button of its own.
    await b.page.locator('.aloha-actions h3').filter({ hasText: 'take an action' }).waitFor();
    await b.page.getByRole('button', { name: 'Take a Warrior token' }).tap();
    await decided(b, 'warrior');
    expect((await view()).players.find((x: any) => x.role === second).warriors).toBe(1);

    // 5. The results map is the position after the decision: the Warrior is counted there.
    await b.page
      .locator('#results-title')
      .filter({ hasText: `${second} to take an action` })
      .waitFor();
    expect(await b.page.locator('.results .muted').innerText()).toContain('the map after it');
    // The results map is drawn once scrolled near (src/web/client/pages/game.ts).
    await b.page.locator('#results-map').scrollIntoViewIfNeeded();
    await b.page.locator('#results-map svg').waitFor();
    // Its key, under it (a list, out of the drawing), counts the Warrior.
    expect(await b.page.locator('.results .map-wrap > .map-key').innerText()).toMatch(
      new RegExp(`${second}: \\d+ points[^\\n]*Warriors 1`),
    );
    expect(await layoutFaults(b.page)).toEqual([]);
    await b.page.setViewportSize({ width: 360, height: 740 });
    expect(await layoutFaults(b.page)).toEqual([]);
    await a.page.locator('.aloha-actions').waitFor();
    await a.page.setViewportSize({ width: 360, height: 740 });
    await a.page.getByRole('button', { name: 'Hawaii', exact: true }).tap();
    expect(await layoutFaults(a.page)).toEqual([]);
    await a.page.setViewportSize({ width: 390, height: 844 });
    await a.page.screenshot({ path: artifact('aloha-phone'), fullPage: false });
    // The picture of docs/web.md: on a wide screen, Hawaii chosen, 10 tokens to Maui.
    const wide = await web.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await wide.goto(`${await signInLinkFor(web.t, web.base, a.client.email)}&next=/games/${gameId}`);
    await wide.locator('main[aria-busy="false"] .aloha-actions').waitFor();
    await wide.getByRole('button', { name: 'Hawaii', exact: true }).click();
    for (let n = 0; n < 5; n++) await wide.getByRole('button', { name: 'One token fewer' }).click();
    await wide.getByRole('button', { name: 'to Maui' }).click();
    expect(await accessibilityProblems(wide)).toEqual([]);
    await wide.evaluate(() => window.scrollTo(0, 0));
    await wide.screenshot({ path: artifact('web-aloha') });
    await wide.close();
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("in the Epilogue a conversion is chosen by tapping and sent without Ready; it is stored as the player's decision", {
    timeout: 240_000,
  }, async () => {
    const { mod, byRole, gameId } = await gameOf(web.t, 'aloha-epi', 2, {
      name: 'Aloha to the Epilogue',
      variant: 'aloha',
      scenario: 'two',
    });
    // To the Epilogue through the API: each decision the first offered, processed at once.
    let role = '';
    for (let n = 0; ; n++) {
      const g = await mod.ok('GET', `/games/${gameId}`);
      expect(g.status).not.toBe('finished');
      role = g.phase.readiness.find((r: any) => r.expected).role;
      const { options } = await byRole[role]!.ok('GET', `/games/${gameId}/options`);
      if (options.decision === 'convert') break;
      await byRole[role]!.ok('PUT', `/games/${gameId}/orders`, { orders: [options.actions[0].text] });
      await mod.ok('POST', `/games/${gameId}/process`);
      if (n > 300) throw new Error('no Epilogue');
    }
    const { options } = await byRole[role]!.ok('GET', `/games/${gameId}/options`);
    const one = options.actions.find((a: any) => a.action.steps?.length === 1 && a.action.steps[0].from === 'ph');
    expect(one).toBeTruthy();
    const a = await seat(web, role, byRole[role]!, gameId);
    expect(await a.page.locator('.aloha-actions h3').innerText()).toMatch(/convert resources/);
    expect(await a.page.locator('#ready').count()).toBe(0);
    // Pure Hawaiian of one island: − down to 2, to Aloha; then 1 more to Commerce: one decision of two lines.
    const src = `Pure Hawaiian on ${one.action.steps[0].island}`;
    const group = a.page.getByRole('group', { name: `Convert ${src}` });
    await group.waitFor();
    const start = Number(await group.locator('output').innerText());
    for (let n = start; n > 2; n--) await group.getByRole('button', { name: `${src}: one fewer` }).tap();
    await group.getByRole('button', { name: '2 to Aloha' }).tap();
    expect(await a.page.locator('#aloha-plan li').allInnerTexts()).toEqual([`2 ${src} to Aloha Remove`]);
    const left = a.page.getByRole('group', { name: `Convert ${src}` });
    if ((await left.count()) && (await left.getByRole('button', { name: /to Commerce$/ }).count())) {
      for (let n = Number(await left.locator('output').innerText()); n > 1; n--)
        await left.getByRole('button', { name: `${src}: one fewer` }).tap();
      await left.getByRole('button', { name: '1 to Commerce' }).tap();
    }
    const planned = await a.page.locator('#aloha-plan li').count();
    expect(await layoutFaults(a.page)).toEqual([]);
    expect(await accessibilityProblems(a.page)).toEqual([]);
    await a.page.screenshot({ path: artifact('aloha-epilogue-phone'), fullPage: false });
    const wide = await a.context.browser()!.newPage({ viewport: { width: 1366, height: 900 } });
    await wide.goto(`${await signInLinkFor(web.t, web.base, a.client.email)}&next=/games/${gameId}`);
    await wide.locator('main[aria-busy="false"] .aloha-convert').scrollIntoViewIfNeeded();
    await wide.screenshot({ path: artifact('aloha-epilogue-wide') });
    await wide.close();
    await a.page
      .locator('#aloha-send')
      .filter({ hasText: `Send: convert 2 ${src} to Aloha` })
      .tap();
    await a.page.locator('.next-step').filter({ hasText: 'Your decision is made' }).waitFor();
    // Stored as the decision, lines of the offered conversions, and ready by sending.
    const stored = await byRole[role]!.ok('GET', `/games/${gameId}/orders`);
    const island = one.action.steps[0].island;
    expect(stored.lines.map((l: any) => l.text)).toEqual(
      [`convert 2 ph aloha ${island}`, `convert 1 ph commerce ${island}`].slice(0, planned),
    );
    expect(stored.lines.every((l: any) => l.ok)).toBe(true);
    const open = await mod.ok('GET', `/games/${gameId}`);
    expect(open.phase.readiness.find((r: any) => r.role === role)).toMatchObject({ ready: true, submitted: true });
    expect((await sweep(web.t.ctx)).processed).toBe(1);
    const reports = (await byRole[role]!.ok('GET', `/games/${gameId}/history`)).phases.map((p: any) => p.report);
    expect(reports.join('\n')).toContain(`${role} converts 2 Pure Hawaiian on ${island} to 2 Aloha.`);
    expect(a.errors).toEqual([]);
    await a.context.close();
  });
});
