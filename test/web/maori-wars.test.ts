// The Maori Wars page in a real Chromium (the module is registered in src/games/index.ts): the
// new-game page offers it; its own panel beside the map shows the turn and phase, the VP track and
// what decides victory, the Bush Raider Box and the player's standing instructions, each with a
// form that sends its STANDING line (kept with the phase's other lines, private to its sender);
// the offered orders come as lists (one per stack, one per kind) added to the text box, as does
// a tap on a stack and then a hex, which moves the whole stack (ticks leave units behind); the
// orders come before the panel, whose standing instructions wait in a closed drawer grouped by
// situation; at 360 and 390 px nothing overflows and every control is 32 px or more; no serious
// accessibility problem. Screenshots kept in test-artifacts/web.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hexNumberAt, hexNumberPath } from '../../src/contract/hex-digits.ts';
import net from 'node:net';
import { startTestService } from '../helpers/app.ts';
import { gameOf, signUp, type Client } from '../helpers/api.ts';
import {
  accessibilityProblems,
  artifact,
  hexPoint,
  launchBrowser,
  openGame,
  pointOf,
  signInLinkFor,
  tapOn,
  webSuite,
} from './browser.ts';

// Its own start, not startWeb's: the port is chosen first, so that the judge's PUBLIC_URL is where it listens.
const web = webSuite(async () => {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address() as net.AddressInfo;
      s.close(() => resolve(a.port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const [t, browser] = await Promise.all([startTestService({ env: { PUBLIC_URL: base } }), launchBrowser()]);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base, browser };
});

const signInLink = (email: string) => signInLinkFor(web.t, web.base, email);

/** Clicks a hex. */
async function clickHex(page: Page, hex: string) {
  const p = await hexPoint(page, hex);
  await page.mouse.click(p.x, p.y);
}

/** Taps a hex until the tap counts. */
async function tapHex(page: Page, hex: string, done: () => Promise<boolean>): Promise<void> {
  for (let n = 1; n <= 4; n++) {
    const p = await hexPoint(page, hex);
    await page.waitForTimeout(300);
    await page.touchscreen.tap(p.x, p.y);
    if (await done()) return;
  }
  throw new Error(`tapping hex ${hex} did nothing: ${await page.locator('#map-hint').innerText()}`);
}

/** A hex as the page reads it ("Auckland, hex 1519, clear"). */
const hexName = (page: Page, hex: string) =>
  page.evaluate(
    (hex) =>
      (JSON.parse(document.querySelector('#map svg metadata.cells')!.textContent!) as string[][]).find(
        (c) => c[0] === hex,
      )![3]!,
    hex,
  );

/** The controls of the side panel smaller than a finger (32 px). */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.side button, .side select, .side input, .side summary, .mw-stack-pick label',
      ),
    ]
      .map((b) => ({ b, r: b.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height < 32)
      .map(({ b, r }) => `${b.tagName} ${b.id || b.textContent?.slice(0, 30)}: ${Math.round(r.height)} px`),
  );
}

/** A signed-in page on the game, once it is built (main is aria-busy until then). */
async function openBuilt(
  client: Client,
  gameId: string,
  viewport = { width: 1400, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await web.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${await signInLink(client.email)}&next=/games/${gameId}`);
  await page.locator('#map svg').waitFor();
  await page.locator('main[aria-busy="false"]').waitFor();
  return { page, errors };
}

describe('the new-game page', () => {
  it("offers Maori Wars with its scenario Hōne Heke's Challenge", { timeout: 60_000 }, async () => {
    const mod = await signUp(web.t, 'mw-new@example.org');
    const page = await web.browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${await signInLink(mod.email)}&next=/new`);
    await page.locator('#variant').waitFor();
    await page.locator('#variant').selectOption({ label: 'Maori Wars' });
    expect(await page.locator('#scenario option').allInnerTexts()).toEqual([
      "Hōne Heke's Challenge (the Flagstaff War, 1845–1846) (2 players)",
    ]);
    await page.locator('#name').fill('Flagstaff');
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.waitForURL(/#\/games\/[0-9a-f-]{36}$/);
    const id = /#\/games\/([0-9a-f-]{36})$/.exec(page.url())![1];
    expect((await mod.ok('GET', `/games/${id}`)).variant).toBe('maori-wars');
    await page.close();
  });
});

describe('Maori Wars in the browser', () => {
  let byRole: Record<string, Client>;
  let mod: Client;
  let gameId = '';
  beforeAll(async () => {
    ({ mod, byRole, gameId } = await gameOf(web.t, 'mw-web', 2, {
      name: 'Flagstaff War in a browser',
      variant: 'maori-wars',
      scenario: 'hone-hekes-challenge',
    }));
  });

  /** Passes phases (both sides) until `want` holds for the phasing side's options. */
  async function passUntil(want: (o: any, role: string) => boolean): Promise<{ role: string; options: any }> {
    for (let n = 0; n < 30; n++) {
      const g = await mod.ok('GET', `/games/${gameId}`);
      const role = g.phase.readiness.find((r: any) => r.expected).role;
      const { options } = await byRole[role]!.ok('GET', `/games/${gameId}/options`);
      if (want(options, role)) return { role, options };
      await byRole[role]!.ok('PUT', `/games/${gameId}/orders`, { orders: ['PASS'], ready: true });
      await mod.ok('POST', `/games/${gameId}/process`);
    }
    throw new Error('never reached');
  }

  it('its panel shows the turn, the phase, the VP track and what decides victory; an order picked from a list and a standing instruction set by keyboard are both stored', {
    timeout: 120_000,
  }, async () => {
    const { role, options } = await passUntil((o) => o.phase === 'Reinforcement Phase');
    expect(role).toBe('Maori');
    const { page, errors } = await openBuilt(byRole.Maori!, gameId);
    const panel = page.locator('.mw-panel');
    expect(await panel.locator('h2').innerText()).toBe('Game Turn 1 of 4');
    expect(await panel.locator('.mw-phase').innerText()).toBe('Maori Player Turn: Reinforcement Phase');
    expect(await panel.locator('.mw-phases [aria-current="step"]').innerText()).toBe('Reinforcement');
    // The marker on 0, with 9 VP either side: 19 boxes, the reader's names for them.
    expect(await panel.locator('.mw-vp li').count()).toBe(19);
    expect(await panel.locator('.mw-vp li[aria-current="true"]').innerText()).toContain('0');
    expect(await panel.locator('.mw-vp li').first().getAttribute('title')).toBe('9 Maori');
    const victory = await panel.locator('.mw-victory').innerText();
    expect(victory).toContain('The first side to 9 VP wins at once.');
    expect(victory).toMatch(/no Maori Village or Pa is left \(\d+ now\)/);
    // Hōne Heke's Challenge sets up no Settlement: that condition cannot be met (engine.ts checkVictory).
    expect(victory).toContain(
      'The Maori would win at once by eliminating all Settlements: there are none yet (once the British build one, this counts).',
    );
    expect(victory).toContain('0–1 VP a draw, 2–5 a minor victory, 6–8 a major victory');
    expect(await panel.locator('.mw-bush-empty').innerText()).toBe('No unit is in the Bush Raider Box.');

    // The offered orders as lists: every action once, grouped by kind here (no stack moves in this phase).
    const listed = (await page.locator('.mw-actions select option').allInnerTexts()).sort();
    expect(listed).toEqual(options.actions.map((a: any) => a.text).sort());
    const reinforce = options.actions.find((a: any) => a.kind === 'reinforce').text;
    const list = page.getByLabel('Reinforcements', { exact: true });
    await list.selectOption(reinforce);
    await page.getByRole('button', { name: 'Add to the text: Reinforcements' }).click();
    expect(await page.locator('#orders-text').inputValue()).toBe(reinforce);
    expect(await page.locator('#map-hint').innerText()).toBe(
      `Added: ${reinforce}. Pick your next order, or send the text.`,
    );
    await page.getByRole('button', { name: 'Send the text' }).click();
    await page.locator('.readings li').first().waitFor();
    expect(await page.locator('.readings').innerText()).toContain(`${reinforce} — read as`);

    // The orders come first; the standing instructions wait in a closed drawer below them, grouped by situation, each with a plain label.
    const drawer = page.locator('details#mw-standing');
    expect(await drawer.getAttribute('open')).toBeNull();
    expect((await page.locator('.mw-actions').boundingBox())!.y).toBeLessThan((await drawer.boundingBox())!.y);
    await drawer.locator('summary').click();
    expect(await drawer.locator('.mw-situation h4').allInnerTexts()).toContain('When the other side attacks you');
    expect(await page.locator('label[for="standing-retreat"]').innerText()).toMatch(
      /retreat, evade or withdraw: toward which hex/,
    );
    expect(await page.locator('label[for="standing-overstack"]').innerText()).toMatch(
      /over-stacked units you move out first/,
    );
    expect(await page.locator('label[for="standing-overstack-toward"]').innerText()).toMatch(
      /over-stacked units: toward which hex/,
    );
    for (const label of await drawer.locator('.mw-standing-row label').allInnerTexts())
      expect(label, label).not.toMatch(/^[A-Z ]+$/);
    // Standing instructions, by keyboard alone: the form shows the defaults; EVADE NEVER is sent with the stored order kept.
    const evade = page.locator('#standing-evade');
    expect(await evade.inputValue()).toBe('WEAKER');
    await evade.focus();
    await evade.selectOption('NEVER');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Set: Evade when attacked/,
    );
    await page.keyboard.press('Enter');
    await page.locator('.mw-standing-out .ok').waitFor();
    expect(await page.locator('.mw-standing-out').innerText()).toBe(
      'Sent: STANDING EVADE NEVER. It applies when the current phase is processed.',
    );
    const stored = await byRole.Maori!.ok('GET', `/games/${gameId}/orders`);
    expect(stored.lines.map((l: any) => l.text)).toEqual([reinforce, 'STANDING EVADE NEVER']);
    expect(await page.locator('#orders-text').inputValue()).toBe(`${reinforce}\nSTANDING EVADE NEVER`);
    // Sent again, the earlier EVADE line gives way.
    await evade.selectOption('ALWAYS');
    await page.getByRole('button', { name: /^Set: Evade when attacked/ }).click();
    await page.locator('.mw-standing-out .ok').filter({ hasText: 'ALWAYS' }).waitFor();
    expect((await byRole.Maori!.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual([
      reinforce,
      'STANDING EVADE ALWAYS',
    ]);
    // Every standing instruction offered has its form; one written as a list (LOSSES) from its text box, by Enter.
    const words = new Set(
      options.standing.map(
        (x: any) =>
          /^STANDING (COUNTER AT|PARLEY AT|EXTRA FROM|EXTRA CHARGE|EVADE STAY|EVADE SPREAD|OVERSTACK TOWARD|\S+)/.exec(
            x.text,
          )![1],
      ),
    );
    expect(await page.locator('.mw-standing-row').count()).toBe(words.size);
    expect(await page.locator('label[for="standing-evade-stay"]').innerText()).toMatch(/remain when the others evade/);
    // STANDING ATTRITION (13.0): a list of DEFAULT and the player's Structures, with what it decides.
    expect(await page.locator('label[for="standing-attrition"]').innerText()).toMatch(/attrition removes or Disrupts/);
    expect(await page.locator('#standing-attrition option').first().getAttribute('value')).toBe('DEFAULT');
    // The BD chit and raid ones written as lists: PARLEY AT and EXTRA FROM rows of their own, beside PARLEY and EXTRA.
    for (const id of [
      '#standing-counter-at',
      '#standing-parley-at',
      '#standing-extra-from',
      '#standing-extra-charge',
      '#standing-reply',
      '#standing-parley',
      '#standing-extra',
    ])
      expect(await page.locator(id).count(), id).toBe(1);
    await page.locator('#standing-parley-at').fill('Waitangi');
    await page.locator('#standing-parley-at').press('Enter');
    await page.locator('.mw-standing-out .ok').filter({ hasText: 'PARLEY AT' }).waitFor();
    await page.locator('#standing-losses').fill('MILITIA, WARRIOR');
    await page.locator('#standing-losses').press('Enter');
    await page.locator('.mw-standing-out .ok').filter({ hasText: 'LOSSES' }).waitFor();
    expect((await byRole.Maori!.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual([
      reinforce,
      'STANDING EVADE ALWAYS',
      'STANDING PARLEY AT Waitangi',
      'STANDING LOSSES MILITIA, WARRIOR',
    ]);

    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();

    // Processed: the Maori read their new instruction; the British read only their own (the default).
    await mod.ok('POST', `/games/${gameId}/process`);
    const maori = await openBuilt(byRole.Maori!, gameId);
    await maori.page.locator('#mw-standing summary').click();
    expect(await maori.page.locator('#standing-evade').inputValue()).toBe('ALWAYS');
    expect(await maori.page.locator('.mw-standing').innerText()).toContain('Now: ALWAYS.');
    expect(await maori.page.locator('#standing-losses').inputValue()).toBe('MILITIA,WARRIOR');
    await maori.page.close();
    const british = await openBuilt(byRole.British!, gameId);
    await british.page.locator('#mw-standing summary').click();
    expect(await british.page.locator('#standing-evade').inputValue()).toBe('WEAKER');
    expect(await british.page.locator('.mw-standing-row').first().innerText()).toContain('Now: WEAKER.');
    // The side that waits is offered no order, only its standing instructions.
    expect(await british.page.locator('.mw-actions').count()).toBe(0);
    expect(await british.page.locator('.next-step').first().innerText()).toBe(
      "It is the Maori player's turn: you have nothing to order. You may change your standing instructions (below) at any time.",
    );
    expect(await british.page.locator('#ready').count()).toBe(0);
    await british.page.close();
  });

  it("a click on a stack and then a hex adds the offered move to the text box; the stack's list offers the same; sent, it is read back by name", {
    timeout: 120_000,
  }, async () => {
    const { role, options } = await passUntil((o) =>
      o.actions.some((a: any) => a.kind === 'move' && a.from?.length && a.to),
    );
    const move = options.actions.find((a: any) => a.kind === 'move' && a.from?.length && a.to);
    const { page, errors } = await openBuilt(byRole[role]!, gameId);
    expect(await page.locator('.mw-panel .mw-phase').innerText()).toBe(`${role} Player Turn: Movement Phase`);
    // The stack's own list holds its moves and attacks, and nothing of other stacks.
    const stackList = page.locator(`.mw-actions select[data-group="stack:${move.from[0]}"]`);
    const fromStack = options.actions.filter((a: any) => a.from?.[0] === move.from[0]).map((a: any) => a.text);
    expect(await stackList.locator('option').allInnerTexts()).toEqual(fromStack);
    expect(await page.locator(`.mw-actions label[for="${await stackList.getAttribute('id')}"]`).innerText()).toMatch(
      /^Your stack at .+ \(.+\)$/,
    );
    // The stack on the map takes the keyboard too: Enter selects it.
    await page.locator(`#map g.stack.mine[data-stack="${move.from[0]}"]`).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#map-hint').innerText()).toMatch(/^Selected: your stack at /);
    await clickHex(page, move.to);
    const added = (await page.locator('#orders-text').inputValue()).split('\n');
    const sent = added.at(-1)!;
    // The whole stack's offered moves there, or an attack on that hex from that stack when there is one.
    const there = options.actions
      .filter((a: any) => a.kind === 'move' && a.from?.[0] === move.from[0] && a.to === move.to)
      .map((a: any) => a.text);
    expect(added.every((l) => there.includes(l)) || (added.length === 1 && /attack/i.test(sent))).toBe(true);
    expect(await page.locator('#map-hint').innerText()).toContain('Added: ');
    await page.getByRole('button', { name: 'Send the text' }).click();
    await page.locator('.readings li').first().waitFor();
    const readings = await page.locator('.readings').innerText();
    expect(readings).toContain('read as');
    expect(readings).not.toMatch(/\berror\b/);
    const stored = await byRole[role]!.ok('GET', `/games/${gameId}/orders`);
    expect(stored.lines.map((l: any) => l.text)).toContain(sent);
    expect(await accessibilityProblems(page)).toEqual([]);
    // The page as it opens: the map with the game's panel beside it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifact('maori-wars-game') });
    expect(errors).toEqual([]);
    await page.close();
    await mod.ok('POST', `/games/${gameId}/process`);
  });

  it("shows the Bush Raider Box's units to the reader; at 360 px nothing overflows and the panel is usable", {
    timeout: 120_000,
  }, async () => {
    const { role, options } = await passUntil((o) => o.actions.some((a: any) => a.kind === 'bushEnter'));
    const raider = options.actions.find((a: any) => a.kind === 'bushEnter').text;
    await byRole[role]!.ok('PUT', `/games/${gameId}/orders`, { orders: [raider], ready: true });
    await mod.ok('POST', `/games/${gameId}/process`);
    const inBox = (await mod.ok('GET', `/games/${gameId}`)).view.units.filter((u: any) => u.territory);
    expect(inBox.length).toBe(1);
    const other = role === 'Maori' ? 'British' : 'Maori';
    const { page, errors } = await openBuilt(byRole[other]!, gameId, { width: 360, height: 740 });
    // The results map is the position after the phase: the next phase's, here the one open now.
    const now = (await mod.ok('GET', `/games/${gameId}`)).phase.label;
    // The results map is drawn once scrolled near (src/web/client/pages/game.ts).
    await page.locator('#results-map').scrollIntoViewIfNeeded();
    await page.locator('#results-map svg').waitFor();
    expect(await page.locator('.results .muted').innerText()).toContain('the map after it');
    expect(await page.locator('#results-map').getAttribute('aria-label')).toBe(`Flagstaff War in a browser: ${now}`);
    expect(await page.locator('.mw-bush').innerText()).toBe(
      `${inBox[0].territory}: ${role} ${inBox[0].leader ?? inBox[0].kind}`,
    );
    // Nothing wider than the screen: the page does not scroll sideways (the map scrolls inside its box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator('#mw-standing summary').click();
    expect(await smallControls(page)).toEqual([]);
    for (const sel of ['.mw-panel', '.mw-vp', '#standing-evade', '.mw-standing button']) {
      const b = await page.locator(sel).first().boundingBox();
      expect(b, sel).not.toBeNull();
      expect(b!.x + b!.width, sel).toBeLessThanOrEqual(360);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: artifact('maori-wars-mobile'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
  it('by tapping on a 390 px phone a stack moves as a stack; unticking a unit leaves it behind', {
    timeout: 180_000,
  }, async () => {
    // A stack of two or more units that may all move to one hex.
    const common = (o: any) => {
      const by = new Map<string, string[]>();
      for (const a of o.actions)
        if (a.kind === 'move' && a.from?.length && a.to) {
          const k = `${a.from[0]}>${a.to}`;
          by.set(k, [...(by.get(k) ?? []), a.text]);
        }
      // Every unit of the stack may go there, and no attack is offered there.
      const names = (hex: string) =>
        new Set(
          o.actions
            .filter((a: any) => a.kind === 'move' && a.from?.[0] === hex)
            .map((a: any) => /^MOVE (.+) TO /.exec(a.text)![1]),
        );
      const hit = [...by].find(
        ([k, lines]) =>
          lines.length >= 2 &&
          names(k.split('>')[0]!).size === new Set(lines.map((l) => /^MOVE (.+) TO /.exec(l)![1])).size &&
          !o.actions.some((a: any) => a.kind === 'attack' && `${a.from?.[0]}>${a.to}` === k),
      );
      return hit ? { from: hit[0].split('>')[0]!, to: hit[0].split('>')[1]!, moves: hit[1] } : null;
    };
    const { role, options } = await passUntil((o) => !!common(o));
    // Every unit's offered move there (units alike have the same line, once each).
    const { from, to, moves } = common(options)!;
    const { page, errors } = await openGame(web, byRole[role]!.email, gameId);
    // The phase's orders come before the game's panel.
    expect((await page.locator('.mw-actions').boundingBox())!.y).toBeLessThan(
      (await page.locator('.mw-panel').boundingBox())!.y,
    );
    const stack = `#map g.stack.mine[data-stack="${from}"]`;
    // Zoomed in as a player would, to tap a hex with a finger; each target is brought into view before the tap.
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    const settle = async (sel: string) => {
      await pointOf(page, sel);
      await page.waitForTimeout(300);
    };
    await settle(stack);
    await tapOn(page, stack, async () => /^Selected: your stack at /.test(await page.locator('#map-hint').innerText()));
    expect(await page.locator('#mw-stack-pick input[data-mover]').count()).toBeGreaterThanOrEqual(moves.length);
    await tapHex(page, to, async () => /^Added: /.test(await page.locator('#map-hint').innerText()));
    // The whole stack: every unit's move there, each the offered line itself (once for each of units alike).
    const whole = (await page.locator('#orders-text').inputValue()).split('\n');
    expect([...new Set(whole)].sort()).toEqual([...new Set(moves)].sort());
    expect(whole.length).toBe(await page.locator('#mw-stack-pick input[data-mover]').count());
    const units = (await mod.ok('GET', `/games/${gameId}`)).view.units.filter(
      (u: any) => u.hex === from && u.side === role,
    );
    expect(whole.length).toBe(units.length);
    // Again, with one unit unticked: it stays.
    await page.locator('#orders-text').fill('');
    await settle(stack);
    await tapOn(page, stack, async () => /^Selected: /.test(await page.locator('#map-hint').innerText()));
    const box = (await page.locator('#mw-stack-pick label').first().boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(32);
    // The first unit unticked: one move of its name fewer.
    const first = (await page.locator('#mw-stack-pick input[data-mover]').first().getAttribute('data-mover'))!;
    const last = Math.max(...whole.map((l: string, i: number) => (l.startsWith(`MOVE ${first} TO `) ? i : -1)));
    const fewer = whole.filter((_: string, i: number) => i !== last);
    await page.locator('#mw-stack-pick label').first().tap();
    await tapHex(page, to, async () => /^Added: /.test(await page.locator('#map-hint').innerText()));
    expect((await page.locator('#orders-text').inputValue()).split('\n')).toEqual(fewer);
    expect(await page.locator('#map-hint').innerText()).toMatch(/; 1 unit stays\./);
    await page.getByRole('button', { name: 'Send the text' }).tap();
    await page.locator('.readings li').first().waitFor();
    expect((await byRole[role]!.ok('GET', `/games/${gameId}/orders`)).lines.map((l: any) => l.text)).toEqual(fewer);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every control of the orders and of the game's panel (the drawer open) is a finger's size.
    await page.locator('#mw-standing summary').tap();
    expect(await smallControls(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifact('maori-wars-phone') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 390 px the map opens with the reader's stacks a finger wide; a tap on one selects it", {
    timeout: 180_000,
  }, async () => {
    const { role } = await passUntil((o) => o.actions.some((a: any) => a.kind === 'move' && a.from?.length));
    const { page, errors } = await openGame(web, byRole[role]!.email, gameId);
    // First view, nothing zoomed by hand: the hex of one of the reader's stacks, in the map's box.
    const first = await page.evaluate(() => {
      const box = document.querySelector('#map')!.getBoundingClientRect();
      const vis = (r: DOMRect) =>
        r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= Math.min(box.bottom, innerHeight);
      // Each hex's box on the screen, from its centre and radius (the hexes are data: metadata.cells).
      const svg = document.querySelector<SVGSVGElement>('#map svg')!;
      const meta = svg.querySelector('metadata.cells')!;
      const radius = Number(meta.getAttribute('data-radius'));
      const cells = new Map(
        (JSON.parse(meta.textContent!) as [string, number, number][]).map(([id, x, y]) => [id, [x, y]]),
      );
      const ctm = svg.getScreenCTM()!;
      const rectOf = (hex: string) => {
        const [x, y] = cells.get(hex)!;
        const a = new DOMPoint(x! - radius, y! - radius * 0.866).matrixTransform(ctm);
        const b = new DOMPoint(x! + radius, y! + radius * 0.866).matrixTransform(ctm);
        return new DOMRect(a.x, a.y, b.x - a.x, b.y - a.y);
      };
      return [...document.querySelectorAll<SVGGElement>('#map g.stack.mine')].flatMap((g) => {
        const r = rectOf(g.dataset.stack!);
        return vis(r)
          ? [{ hex: g.dataset.stack!, width: r.width, x: r.left + r.width / 2, y: r.top + r.height / 2 }]
          : [];
      });
    });
    expect(first.length).toBeGreaterThan(0);
    expect(Math.min(...first.map((x) => x.width))).toBeGreaterThanOrEqual(28);
    await page.screenshot({ path: artifact('maori-wars-phone-first-view') });
    // Tapped where it is, with no zoom by hand: the stack is selected.
    await page.touchscreen.tap(first[0]!.x, first[0]!.y);
    await page
      .locator('#map-hint')
      .filter({ hasText: /^Selected: your stack at / })
      .waitFor();
    expect(await page.locator(`#map g.stack.selected[data-stack="${first[0]!.hex}"]`).count()).toBe(1);
    // The whole map stays in reach.
    await page.getByRole('button', { name: 'Whole map' }).tap();
    const whole = await page.evaluate(() => {
      const box = document.querySelector('#map')!;
      return { svg: box.querySelector('svg')!.getBoundingClientRect().width, box: box.clientWidth };
    });
    expect(whole.svg).toBeLessThanOrEqual(whole.box + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The hex numbers (two map units tall) are drawn only once they come out at 4 px or more: the
    // height their digits would have on the screen, or 0 while they are not drawn.
    const numbers = () =>
      page.evaluate(() => {
        const svg = document.querySelector<SVGSVGElement>('#map svg')!;
        const path = svg.querySelector('.hex-numbers');
        const shown = !!path?.getAttribute('d') && getComputedStyle(path).display !== 'none';
        return shown ? (2 * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width : 0;
      });
    expect(await numbers()).toBe(0);
    for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom in' }).tap();
    expect(await numbers()).toBeGreaterThanOrEqual(4);
    // The map came without its numbers (a third of its bytes): the page draws those in view, and
    // again where the view is moved to. The hex at the box's centre has its number in the path.
    const centreHex = () =>
      page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const box = document.querySelector('#map')!;
        const svg = box.querySelector<SVGSVGElement>('svg')!;
        const meta = svg.querySelector('metadata.cells')!;
        const b = box.getBoundingClientRect();
        const p = new DOMPoint(b.left + b.width / 2, b.top + b.height / 2).matrixTransform(
          svg.getScreenCTM()!.inverse(),
        );
        const cells = JSON.parse(meta.textContent!) as [string, number, number][];
        const near = cells.reduce((a, c) =>
          (c[1] - p.x) ** 2 + (c[2] - p.y) ** 2 < (a[1] - p.x) ** 2 + (a[2] - p.y) ** 2 ? c : a,
        );
        return {
          cell: near,
          digits: cells.reduce((n, c) => n + c[0].length, 0),
          radius: Number(meta.getAttribute('data-radius')),
          page: meta.getAttribute('data-numbers'),
          d: svg.querySelector('.hex-numbers')!.getAttribute('d')!,
        };
      });
    const drawnAt = (c: Awaited<ReturnType<typeof centreHex>>) => {
      const at = hexNumberAt(c.cell[1], c.cell[2], c.radius);
      return c.d.includes(hexNumberPath(c.cell[0], at.x, at.y, at.size));
    };
    const here = await centreHex();
    expect(here.page).toBe('page');
    expect(drawnAt(here)).toBe(true);
    // Far from there: the southernmost hex of the map brought to the box's centre.
    await page.evaluate(() => {
      const box = document.querySelector('#map')!;
      const svg = box.querySelector<SVGSVGElement>('svg')!;
      const cells = JSON.parse(svg.querySelector('metadata.cells')!.textContent!) as [string, number, number][];
      const south = cells.reduce((a, c) => (c[2] > a[2] ? c : a));
      const p = new DOMPoint(south[1], south[2]).matrixTransform(svg.getScreenCTM()!);
      const b = box.getBoundingClientRect();
      box.scrollBy(p.x - (b.left + b.width / 2), p.y - (b.top + b.height / 2));
    });
    const there = await centreHex();
    expect(there.cell[0]).not.toBe(here.cell[0]);
    expect(drawnAt(there)).toBe(true);
    // Only what is near the view is drawn, not the 2,143 numbers of the map (a digit a move).
    expect(there.d.split('M').length - 1).toBeLessThan(there.digits / 2);
    await page.screenshot({ path: artifact('maori-wars-phone-hex-numbers') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

// The place names at a phone's width: read at 11 px or more in the first view, none over another,
// and a tap on a name lands on the hex it names.
describe('Maori Wars: place names on a 390 px phone', () => {
  let byRole: Record<string, Client>;
  let gameId = '';
  beforeAll(async () => {
    let mod: Client;
    ({ mod, byRole, gameId } = await gameOf(web.t, 'mw-names', 2, {
      name: 'Names on a phone',
      variant: 'maori-wars',
      scenario: 'hone-hekes-challenge',
    }));
    // On to the first phase where a side moves its stacks.
    for (let n = 0; n < 30; n++) {
      const role = (await mod.ok('GET', `/games/${gameId}`)).phase.readiness.find((r: any) => r.expected).role;
      const { options } = await byRole[role]!.ok('GET', `/games/${gameId}/options`);
      if (options.actions.some((a: any) => a.kind === 'move' && a.from?.length)) break;
      await byRole[role]!.ok('PUT', `/games/${gameId}/orders`, { orders: ['PASS'], ready: true });
      await mod.ok('POST', `/games/${gameId}/process`);
    }
  }, 60_000);

  /** The place names drawn within the map's box: text, hex, rendered font size (px) and box. */
  const namesInView = (page: Page) =>
    page.evaluate(() => {
      const box = document.querySelector('#map')!.getBoundingClientRect();
      return [...document.querySelectorAll<SVGTextElement>('#map g.places text.place')]
        .filter((t) => getComputedStyle(t).visibility !== 'hidden' && getComputedStyle(t).display !== 'none')
        .map((t) => {
          const r = t.getBoundingClientRect();
          return {
            name: t.textContent!,
            hex: t.dataset.hex ?? '',
            px: Number.parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM()!.a,
            r: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
          };
        })
        .filter(
          (n) =>
            n.r.left >= box.left &&
            n.r.right <= box.right &&
            n.r.top >= box.top &&
            n.r.bottom <= Math.min(box.bottom, innerHeight),
        );
    });

  it("each side's first view: its place names read at 11 px, none over another; a tap on one is a tap on its hex", {
    timeout: 90_000,
  }, async () => {
    /** Names drawn over one another (a pixel of leeway). */
    const overlapping = (ns: { name: string; r: { left: number; top: number; right: number; bottom: number } }[]) =>
      ns.flatMap((a, i) =>
        ns
          .slice(i + 1)
          .filter(
            (b) =>
              a.r.left < b.r.right - 1 &&
              b.r.left < a.r.right - 1 &&
              a.r.top < b.r.bottom - 1 &&
              b.r.top < a.r.bottom - 1,
          )
          .map((b) => `${a.name} over ${b.name}`),
      );

    const tapped: boolean[] = [];
    for (const role of Object.keys(byRole)) {
      const { page, errors } = await openGame(web, byRole[role]!.email, gameId);
      await page.locator('#map').scrollIntoViewIfNeeded();
      await page.locator('#map').screenshot({ path: artifact(`maori-wars-phone-names-${role}`) });
      const first = await namesInView(page);
      // Read at 11 px (they were 7 to 8.5), several of them, none over another.
      expect(first.length).toBeGreaterThanOrEqual(5);
      expect(first.filter((n) => n.px < 10.9)).toEqual([]);
      expect(overlapping(first)).toEqual([]);
      // Every name, shown or not at this zoom, is read out with its hex.
      const unread = await page.evaluate(() => {
        const names = new Map(
          (JSON.parse(document.querySelector('#map svg metadata.cells')!.textContent!) as string[][]).map((c) => [
            c[0],
            c[3],
          ]),
        );
        return [...document.querySelectorAll<SVGTextElement>('#map g.places text.place')]
          .filter((t) => !names.get(t.dataset.hex!)?.includes(t.textContent!))
          .map((t) => t.textContent);
      });
      expect(unread).toEqual([]);
      // A tap on a name, where it runs past its hex, is a tap on the hex it names: with a stack
      // selected, the page answers for that hex.
      const mine = page.locator('#map g.stack.mine');
      if (await mine.count()) {
        const { actions } = (await byRole[role]!.ok('GET', `/games/${gameId}/options`)).options;
        const goes = new Set(actions.flatMap((a: any) => (a.to ? [a.to] : [])));
        const stack = (await mine.first().boundingBox())!;
        await page.touchscreen.tap(stack.x + stack.width / 2, stack.y + stack.height / 2);
        await page
          .locator('#map-hint')
          .filter({ hasText: /^Selected: your stack at / })
          .waitFor();
        const spot = await page.evaluate(
          (goes) => {
            const box = document.querySelector('#map')!.getBoundingClientRect();
            const svg = document.querySelector<SVGSVGElement>('#map svg')!;
            const cells = JSON.parse(svg.querySelector('metadata.cells')!.textContent!) as [string, number, number][];
            const under = (x: number, y: number) => {
              const u = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()!.inverse());
              return cells.reduce((a, c) =>
                Math.hypot(c[1] - u.x, c[2] - u.y) < Math.hypot(a[1] - u.x, a[2] - u.y) ? c : a,
              )[0];
            };
            const spots = [...document.querySelectorAll<SVGTextElement>('#map text[data-hex]')]
              .filter((t) => t.getAttribute('visibility') !== 'hidden' && !goes.includes(t.dataset.hex!))
              .flatMap((t) => {
                const r = t.getBoundingClientRect();
                return [r.left + 3, r.right - 3].map((x) => ({ t, x, y: r.top + r.height / 2 }));
              })
              .filter(
                (p) => p.x > box.left && p.x < box.right && p.y > box.top && p.y < Math.min(box.bottom, innerHeight),
              )
              .filter((p) => document.elementFromPoint(p.x, p.y) === p.t)
              // Clear of every counter by a finger's margin.
              .filter((p) =>
                [...document.querySelectorAll('#map g.stack')]
                  .map((g) => g.getBoundingClientRect())
                  .every((r) => p.x < r.left - 12 || p.x > r.right + 12 || p.y < r.top - 12 || p.y > r.bottom + 12),
              )
              .map((p) => ({
                hex: p.t.dataset.hex!,
                x: p.x,
                y: p.y,
                // The hex under that point of the name: the one of the nearest centre.
                under: under(p.x, p.y),
              }));
            return spots.find((p) => p.under !== p.hex) ?? spots[0];
          },
          [...goes] as string[],
        );
        expect(spot).toBeDefined();
        const named = (await hexName(page, spot!.hex)).split(', hex ')[0]!;
        await page.touchscreen.tap(spot!.x, spot!.y);
        await page
          .locator('#map-hint')
          .filter({ hasText: /^Nothing of your stack at / })
          .waitFor({ timeout: 5_000 });
        expect(await page.locator('#map-hint').innerText()).toContain(`can move to or attack ${named};`);
        tapped.push(spot!.under !== spot!.hex);
        // Back to the first view for the zoom below.
        await page.reload();
        await page.locator('main[aria-busy="false"] #map svg').waitFor();
      }
      // Zoomed closer, the names that gave way come back; the whole map keeps few, still legible.
      const zoomIn = page.getByRole('button', { name: 'Zoom in' });
      await zoomIn.tap();
      await zoomIn.tap();
      const shown = (await page.locator('#map g.places text.place:not([visibility="hidden"])').count()) as number;
      const near = await namesInView(page);
      expect(near.filter((n) => n.px < 10.9)).toEqual([]);
      expect(overlapping(near)).toEqual([]);
      await page.getByRole('button', { name: 'Whole map' }).tap();
      const whole = await namesInView(page);
      expect(whole.filter((n) => n.px < 10.9)).toEqual([]);
      expect(overlapping(whole)).toEqual([]);
      const fewer = (await page.locator('#map g.places text.place:not([visibility="hidden"])').count()) as number;
      expect(fewer).toBeLessThan(shown);
      await page.locator('#map').screenshot({ path: artifact(`maori-wars-phone-names-whole-${role}`) });
      expect(errors).toEqual([]);
      await page.close();
    }
    // The side to move tapped a name where it runs past its hex.
    expect(tapped).toEqual([true]);
  });
});
