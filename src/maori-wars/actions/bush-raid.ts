// RAID <enemy unit> (10.0 option 4): raiders try (3 or less) to raid an enemy unit in their own
// territory of the Bush Raider Box (rules/raids.ts fights it).
import { fight, raidersProblem, raidParties } from '../rules/raids.ts';
import { unitWord } from '../rules/words.ts';
import { other, roll, territoryName, unit, unitName } from '../state.ts';
import type { BushRaidAction, MWKind } from './types.ts';

export const bushRaid: MWKind<BushRaidAction> = {
  kind: 'bushRaid',
  problem(s, side, a) {
    const r = raidersProblem(s, side, a.units);
    if ('problem' in r) return r.problem;
    const e = unit(s, a.enemy);
    if (!e || e.owner !== other(side) || e.kind === 'leader') return 'that is not an enemy unit';
    return e.at === `bush:${r.territory}` ? null : `${unitName(s, e)} is not in ${territoryName(s, r.territory)}`;
  },
  apply(s, side, a, lines) {
    const raiders = a.units.map((id) => unit(s, id)!);
    const enemy = unit(s, a.enemy)!;
    const where = raiders[0]!.at;
    for (const u of raiders) s.moved.push(u.id);
    const r = roll(
      s,
      lines,
      `${raiders.map((u) => unitName(s, u)).join(', ')} attempt${raiders.length === 1 ? 's' : ''} to raid ${unitName(s, enemy)} (3 or less)`,
    );
    if (r > 3) {
      lines.push('The raid attempt fails.');
      return;
    }
    fight(s, side, raiders, where, [enemy], where, lines);
  },
  /** Each raiding party (rules/raids.ts) against each enemy unit in its territory. */
  options(s, side) {
    const out: BushRaidAction[] = [];
    for (const { at, groups } of raidParties(s, side)) {
      const enemies = s.units.filter((u) => u.at === at && u.owner === other(side) && u.kind !== 'leader');
      for (const g of groups)
        for (const e of enemies) {
          const b: BushRaidAction = { kind: 'bushRaid', units: g, enemy: e.id };
          if (!bushRaid.problem(s, side, b)) out.push(b);
        }
    }
    return out;
  },
  describe: (s, a) => `RAID ${unitWord(s, a.enemy)} WITH ${a.units.map((id) => unitWord(s, id)).join(', ')}`,
};
