// A whole year of Heiau and of Standard Diplomacy played by tapping, in a real Chromium: two players
// on 390 px phones in two browsers, each ordering by tapping units and spaces (moves, retreats,
// builds), sending, and marking ready; the other player's page shows it without a reload, and when
// the phase is played both pages move on by themselves. Each order tapped is checked in the API.
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { artifact, seat, type Seat, tapOn, webSuite } from './browser.ts';

const web = webSuite();

const province = (loc: string) => loc.split('/')[0]!;
const field = (loc: string) => `[id="order-${loc}"]`;

/**
 * What a player taps this phase, chosen from the judge's options the way a player greedy for
 * centres would: a unit moves into a supply centre it does not own (one unit a centre), a unit
 * standing on one stays; a dislodged unit retreats to its first open space; every build is used.
 */
function plan(
  options: any,
  owned: Set<string>,
  centres: Set<string>,
): { moves: { unit: string; to: string; text: string }[]; builds: { at: string; text: string }[] } {
  const moves: { unit: string; to: string; text: string }[] = [];
  const claimed = new Set<string>();
  for (const u of options.units ?? []) {
    if (options.phase === 'adjustment') continue;
    const kind = options.phase === 'retreat' ? 'retreat' : 'move';
    if (kind === 'move' && centres.has(province(u.unit)) && !owned.has(province(u.unit))) continue;
    const go = u.orders.find((o: any) => {
      if (o.kind !== kind || / via convoy$/.test(o.order)) return false;
      const to = o.order.split(/ [-R] /)[1] as string;
      return !to.includes('/') && !claimed.has(to) && (kind === 'retreat' || (centres.has(to) && !owned.has(to)));
    });
    if (!go) continue;
    const to = go.order.split(/ [-R] /)[1] as string;
    claimed.add(to);
    moves.push({ unit: u.unit, to, text: go.text });
  }
  const builds: { at: string; text: string }[] = [];
  for (const b of options.adjustment?.builds ?? []) {
    if (builds.length >= (options.adjustment.due ?? 0) || b.kind !== 'build') continue;
    const at = province(b.order.split(' ').pop());
    if (!builds.some((x) => x.at === at)) builds.push({ at, text: b.text });
  }
  return { moves, builds };
}

async function playYear(
  name: string,
  variant: 'heiau' | 'standard',
  scenario: string,
  tappers: string[],
  seats: Client[],
  mod: Client,
) {
  const { game, byRole } = await startedGame(web.t, mod, seats, {
    name,
    variant,
    scenario,
    deadlines: { reminderMinutes: 0 },
  });
  const v = getVariant(variant)!;
  const centres = new Set(v.map.provinces.filter((p) => p.supplyCenter).map((p) => p.id));
  const players: Seat[] = [];
  for (const role of tappers) {
    const p = await seat(web, role, byRole[role]!, game.id);
    // Set once: still there at the end means the page was never loaded again.
    await p.page.evaluate(() => {
      (window as any).notReloaded = true;
    });
    players.push(p);
  }
  const played: string[] = [];
  let builtSomething = 0;
  try {
    for (let step = 0; step < 6; step++) {
      const open = await web.t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
      if (step > 0 && /^Spring/.test(open.label)) break;
      played.push(open.label);
      for (const p of players) {
        const other = players.find((x) => x !== p)!;
        const options = (await p.client.ok('GET', `/games/${game.id}/options`)).options;
        const view = await p.client.ok('GET', `/games/${game.id}`);
        const sc: Record<string, string> = view.view.supplyCenters;
        const owned = new Set(
          Object.entries(sc)
            .filter(([, who]) => who === p.role)
            .map(([id]) => id),
        );
        const { moves, builds } = plan(options, owned, centres);
        const page = p.page;
        await page.locator('p.phase', { hasText: open.label }).waitFor({ timeout: 15_000 });
        await page.getByRole('heading', { name: `Your orders for ${open.label}` }).waitFor({ timeout: 15_000 });
        await page.locator('main[aria-busy="false"]').waitFor();
        // A power the phase asks nothing of is told so and has no Ready box; the others start unready.
        const asked = view.phase.readiness.find((r: any) => r.role === p.role)?.expected;
        if (asked) expect(await page.locator('#ready').isChecked()).toBe(false);
        else {
          expect(await page.locator('#ready').count(), `${p.role}, ${open.label}`).toBe(0);
          expect(await page.locator('#orders-idle').innerText()).toContain('nothing to order');
        }
        for (const m of moves) {
          const unit =
            options.phase === 'retreat'
              ? `#map g.unit.dislodged.mine[data-unit="${m.unit}"]`
              : `#map g.unit.mine[data-unit="${m.unit}"]`;
          await tapOn(
            page,
            unit,
            async () =>
              (await page
                .locator('#map g.unit.selected')
                .getAttribute('data-unit')
                .catch(() => null)) === m.unit,
          );
          // Where the whole map leaves a space too small to reach (Heiau's chain on a phone), the
          // player zooms in around the selected unit first, as they would.
          for (let zoomIns = 0; ; zoomIns++) {
            try {
              await tapOn(
                page,
                `#map path[data-space="${m.to}"]`,
                async () => (await page.locator(field(m.unit)).inputValue()) !== '',
              );
              break;
            } catch (e) {
              if (zoomIns >= 3) {
                await page.screenshot({ path: artifact(`year-debug-${p.role}`) });
                throw e;
              }
              await page.getByRole('button', { name: 'Zoom in' }).tap();
            }
          }
          expect(await page.locator(field(m.unit)).inputValue()).toBe(m.text);
        }
        for (const b of builds) {
          const left = await page.locator('#builds').innerText();
          // A space where more than one kind of unit may be built asks which, with a button for each.
          // From the list of builds (tapping a build site on the map is tap.test.ts's).
          await page.locator('#builds').getByRole('button', { name: b.text, exact: true }).tap();
          expect(await page.locator('#builds').innerText()).not.toBe(left);
          expect(await page.locator('#builds ul.built').innerText()).toContain(b.text);
          builtSomething++;
        }
        if (options.phase === 'adjustment' && (options.adjustment?.due ?? 0) > builds.length)
          for (let k = builds.length; k < options.adjustment.due; k++)
            await page.locator('#builds').getByRole('button', { name: 'Waive' }).tap();
        if (moves.length + builds.length > 0 || options.phase === 'adjustment') {
          await page.getByRole('button', { name: 'Send these orders' }).tap();
          await page.locator('.readings li.ok').first().waitFor();
          const stored = (await p.client.ok('GET', `/games/${game.id}/orders`)).lines.map((l: any) => l.text).sort();
          expect(stored, `${p.role}, ${open.label}`).toEqual(expect.arrayContaining(moves.map((m) => m.text)));
          // The other player's page says so, live.
          await other.page
            .locator(`.readiness li[data-role="${p.role}"]`, { hasText: /orders in|ready/ })
            .waitFor({ timeout: 15_000 });
        }
        if (await page.locator('#ready').count()) await page.locator('#ready').check();
        await other.page
          .locator(`.readiness li[data-role="${p.role}"]`, { hasText: 'ready' })
          .waitFor({ timeout: 15_000 })
          .catch(async () => {
            // A player the phase expects nothing from has no mark to show.
            const chip = other.page.locator(`.readiness li[data-role="${p.role}"]`);
            expect(
              (await chip.count()) ? await chip.innerText() : '',
              `${p.role}'s mark on ${other.role}'s page, ${open.label}`,
            ).toBe('');
          });
      }
      await players[0]!.page.screenshot({ path: artifact(`year-${variant}-${step}-390`) });
      await mod.ok('POST', `/games/${game.id}/process`);
      const next = await web.t.db.phase.findFirstOrThrow({ where: { gameId: game.id, status: 'open' } });
      // Both pages move on to the next phase by themselves.
      for (const p of players) await p.page.locator('p.phase', { hasText: next.label }).waitFor({ timeout: 20_000 });
    }
    for (const p of players) {
      expect(await p.page.evaluate(() => (window as any).notReloaded)).toBe(true);
      expect(
        await p.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
      expect(p.errors).toEqual([]);
    }
  } finally {
    for (const p of players) await p.context.close();
  }
  console.log(`${name}: ${played.join(', ')}; ${builtSomething} built by tapping`);
  return { played, builtSomething };
}

describe('a year by tapping, two players in two browsers on phones', () => {
  it('Heiau: Spring, Fall and the Winter builds, each page following the other', { timeout: 300_000 }, async () => {
    const mod = await signUp(web.t, 'yearmod@example.org');
    const seats = [await signUp(web.t, 'sunrise-year@example.org'), await signUp(web.t, 'sunset-year@example.org')];
    const { played, builtSomething } = await playYear('Heiau year', 'heiau', 'race', ['Sunrise', 'Sunset'], seats, mod);
    expect(played[0]).toMatch(/^Spring/);
    expect(played.some((l) => /^Fall/.test(l))).toBe(true);
    expect(played.some((l) => /^Winter/.test(l))).toBe(true);
    expect(builtSomething).toBeGreaterThan(0);
  });

  it('Standard: France and Germany tap a year, builds included, while five powers hold', {
    timeout: 300_000,
  }, async () => {
    const mod = await signUp(web.t, 'yearmod2@example.org');
    const seats: Client[] = [];
    for (let n = 1; n <= 7; n++) seats.push(await signUp(web.t, `year-standard-${n}@example.org`));
    const { played, builtSomething } = await playYear(
      'Standard year',
      'standard',
      'classic',
      ['France', 'Germany'],
      seats,
      mod,
    );
    expect(played.some((l) => /^Winter/.test(l))).toBe(true);
    expect(builtSomething).toBeGreaterThan(0);
  });
});
