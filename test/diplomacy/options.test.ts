// Legal options: every option, sent as text (with ids or with names), is read back as itself and
// accepted; random games played only from the options never produce an illegal order.
import { describe, expect, it } from 'vitest';
import { orderOptions, type DiplomacyOptions } from '../../src/diplomacy/options.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';
import { heiauDiplomacy, standardDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';
import type { GameModule } from '../../src/contract/types.ts';
import { randomInt, seedRandom } from '../../src/contract/random.ts';

function optionsOf(state: DiplomacyState, power: string): DiplomacyOptions {
  const p = state.phase;
  if (p.type === 'ballot') throw new Error('no options in a ballot');
  return orderOptions(
    getVariant(state.variant)!,
    {
      phase: p,
      units: state.units,
      dislodged: state.dislodged,
      contested: state.contested,
      supplyCenters: state.supplyCenters,
      tradingPosts: state.tradingPosts,
    },
    power,
  );
}

function allOptions(o: DiplomacyOptions) {
  return [...o.units.flatMap((u) => u.orders), ...(o.adjustment?.builds ?? [])];
}

describe('Diplomacy order options', () => {
  it('offers every unit at the start of Standard its holds, moves, supports and convoys, each read back as itself', () => {
    const s = standardDiplomacy.setup('opts', 'classic');
    for (const power of s.powers) {
      const o = optionsOf(s, power);
      expect(o.units.map((u) => u.unit).sort()).toEqual(
        s.units
          .filter((u) => u.power === power)
          .map((u) => u.location)
          .sort(),
      );
      for (const opt of allOptions(o)) {
        for (const text of [opt.order, opt.text]) {
          const r = standardDiplomacy.readSubmission(s, power, [text]);
          expect(r.lines[0], `${power}: ${text}`).toMatchObject({ ok: true, reading: opt.text });
          expect((r.accepted as { orders: { reading: string }[] }).orders[0].reading).toBe(opt.order);
        }
      }
    }
    const england = optionsOf(s, 'England');
    const lon = england.units.find((u) => u.unit === 'lon')!.orders.map((x) => x.text);
    expect(lon).toEqual(
      expect.arrayContaining([
        'F London H',
        'F London - North Sea',
        'F London - English Channel',
        'F London S F Edinburgh - North Sea',
      ]),
    );
    expect(lon).not.toContain('F London - Yorkshire via convoy');
    // A fleet in the North Sea may convoy the army in Yorkshire... once there is one: here it cannot convoy anything.
    expect(lon.some((t) => / C /.test(t))).toBe(false);
  });

  it('offers convoys along every route a fleet is on, and the convoyed moves', () => {
    const s = standardDiplomacy.setup('opts', 'classic');
    s.units = [
      { power: 'England', type: 'F', location: 'nth' },
      { power: 'England', type: 'A', location: 'yor' },
      { power: 'England', type: 'F', location: 'eng' },
      { power: 'England', type: 'F', location: 'mao' },
      { power: 'England', type: 'A', location: 'lon' },
    ];
    const o = optionsOf(s, 'England');
    const orders = (at: string) => o.units.find((u) => u.unit === at)!.orders.map((x) => x.order);
    expect(orders('nth')).toEqual(
      expect.arrayContaining(['F nth C A yor - nwy', 'F nth C A yor - bel', 'F nth C A yor - den']),
    );
    expect(orders('yor')).toEqual(expect.arrayContaining(['A yor - nwy via convoy', 'A yor - bel via convoy']));
    // A chain of two fleets: London to Portugal through the Channel and the Mid-Atlantic.
    expect(orders('eng')).toContain('F eng C A lon - por');
    expect(orders('mao')).toContain('F mao C A lon - por');
    expect(orders('lon')).toContain('A lon - por via convoy');
    // A fleet that only extends a route already complete is not on it (DATC 6.G.19).
    expect(orders('mao')).not.toContain('F mao C A lon - bre');
  });

  it("offers Heiau's = B and the bunch moves a boat bunch may make, never into an ocean", () => {
    const s = heiauDiplomacy.setup('opts', 'clans');
    for (const power of s.powers) {
      const o = optionsOf(s, power);
      for (const u of o.units) {
        for (const opt of u.orders) {
          if (u.type === 'B' && opt.kind === 'move') expect(opt.order).not.toMatch(/- (npo|spo)/);
          const r = heiauDiplomacy.readSubmission(s, power, [opt.text]);
          expect(r.lines[0], `${power}: ${opt.text}`).toMatchObject({ ok: true, reading: opt.text });
        }
      }
    }
  });

  for (const [module, scenario] of [
    [standardDiplomacy, 'classic'],
    [heiauDiplomacy, 'clans'],
  ] as [GameModule<DiplomacyState>, string][]) {
    it(`${module.name}: random games from the options never produce an illegal order`, () => {
      const rng = seedRandom(`random-${scenario}`, 'orders');
      let checked = 0;
      for (let game = 0; game < 3; game++) {
        let s = module.setup(`g${game}`, scenario);
        for (let phase = 0; phase < 14 && !module.outcome(s); phase++) {
          if (s.phase.type === 'ballot') break;
          const subs: Record<string, unknown> = {};
          for (const power of module.expectedRoles(s)) {
            const o = optionsOf(s, power);
            const lines: string[] = o.units.map((u) => u.orders[randomInt(rng, u.orders.length)].text);
            if (o.adjustment && o.adjustment.due > 0) {
              // Builds in distinct places (two builds in one place are each legal, not together).
              const byPlace = new Map<string, string>();
              for (const b of o.adjustment.builds)
                byPlace.set(b.kind === 'waive' ? `waive${byPlace.size}` : b.order.split(' ')[2].split('/')[0], b.text);
              const places = [...byPlace.values()];
              for (let i = 0; i < o.adjustment.due && places.length; i++)
                lines.push(places.splice(randomInt(rng, places.length), 1)[0]);
            }
            if (o.adjustment && o.adjustment.due < 0) lines.splice(-o.adjustment.due);
            const read = module.readSubmission(s, power, lines);
            for (const l of read.lines) expect(l.ok, `${s.phase.type} ${power}: ${l.text}: ${l.error}`).toBe(true);
            subs[power] = read.accepted;
          }
          const r = module.resolve(s, subs);
          for (const ph of (r.report as { phases: { orders: { result: string; text: string }[] }[] }).phases)
            for (const o of ph.orders) {
              expect(o.result, o.text).not.toBe('illegal');
              checked++;
            }
          s = r.state;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }
});
