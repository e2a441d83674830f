// A game begun on another judge, taken over here: the position of the phase to play next, in the
// adjudicator contract's format (docs/contracts/adjudicate.md: phase, units, dislodged, contested,
// supplyCenters, tradingPosts; no orders), made the state of a new game. Names are read as the
// contract reads them (ids, full names, unambiguous abbreviations); an impossible position is
// refused with the path of the field at fault.
import { z } from 'zod';
import { DataError, parseData, type DataIssue } from '../../contract/data-error.ts';
import { canStand } from '../adjudicator/board.ts';
import { resolveLocationName } from '../orders/names.ts';
import type { DislodgedUnit, Unit } from '../types.ts';
import { variantOf, type DiplomacyState } from './state.ts';

const UnitIn = z
  .object({ power: z.string().min(1).max(100), type: z.enum(['A', 'F', 'B']), location: z.string().min(1).max(100) })
  .strict();

export const Position = z
  .object({
    phase: z
      .object({
        season: z.enum(['spring', 'fall', 'winter']),
        year: z.number().int().min(-9999).max(9999),
        type: z.enum(['movement', 'retreat', 'adjustment']),
      })
      .strict(),
    units: z.array(UnitIn).max(500),
    dislodged: z
      .array(
        UnitIn.extend({
          attackerFrom: z.string().min(1).max(100),
          attackerConvoyed: z.boolean().optional(),
          retreats: z.array(z.string().max(100)).max(100).optional(),
        }).strict(),
      )
      .max(500)
      .optional(),
    contested: z.array(z.string().max(100)).max(500).optional(),
    supplyCenters: z.record(z.string().max(100), z.string().max(100)).optional(),
    tradingPosts: z.record(z.string().max(100), z.string().max(100)).optional(),
  })
  .strict();
export type Position = z.infer<typeof Position>;

/** `base` (the scenario's set-up: its powers, its haoles) at the given position. */
export function fromPosition(base: DiplomacyState, raw: unknown): DiplomacyState {
  const pos = parseData(Position, raw, 'The position');
  const variant = variantOf(base);
  const map = variant.map;
  const issues: DataIssue[] = [];
  const p = pos.phase;
  if ((p.type === 'adjustment') !== (p.season === 'winter'))
    issues.push({
      path: ['phase'],
      message: 'adjustments are played in winter, movement and retreats in spring and fall',
    });
  if (p.type === 'retreat' && !pos.dislodged?.length)
    issues.push({ path: ['dislodged'], message: 'a retreat phase needs the dislodged units' });
  const powerOf = (name: string, path: (string | number)[]): string => {
    const hit = base.powers.find((x) => x.toLowerCase() === name.trim().toLowerCase());
    if (!hit) issues.push({ path, message: `unknown power '${name}' (${base.scenario}: ${base.powers.join(', ')})` });
    return hit ?? name;
  };
  const location = (text: string, path: (string | number)[]): string => {
    if (map.location(text)) return text;
    const r = resolveLocationName(map, text);
    if (!r.ok) {
      issues.push({ path, message: r.error });
      return text;
    }
    return r.location;
  };
  const province = (text: string, path: (string | number)[]): string =>
    map.province(text) ? text : location(text, path).split('/')[0]!;
  const placed = (list: z.infer<typeof UnitIn>[], where: string, oneEach: boolean): Unit[] => {
    const seen = new Map<number, number>();
    return list.map((u, i) => {
      const unit: Unit = {
        power: powerOf(u.power, [where, i, 'power']),
        type: u.type,
        location: location(u.location, [where, i, 'location']),
      };
      const loc = map.location(unit.location);
      if (!loc) return unit;
      if (u.type === 'B' && base.variant !== 'heiau')
        issues.push({ path: [where, i, 'type'], message: 'boat bunches (B) are Heiau units' });
      else if (!canStand(map, u.type, loc.index))
        issues.push({ path: [where, i, 'location'], message: `${u.type} cannot stand in ${unit.location}` });
      const other = seen.get(loc.province);
      if (oneEach && other !== undefined)
        issues.push({
          path: [where, i, 'location'],
          message: `${where}[${other}] is there already (one unit a province)`,
        });
      seen.set(loc.province, i);
      return unit;
    });
  };
  const units = placed(pos.units, 'units', true);
  const dislodgedUnits = pos.dislodged
    ? placed(
        pos.dislodged.map((d) => ({ power: d.power, type: d.type, location: d.location })),
        'dislodged',
        false,
      )
    : undefined;
  const dislodged: DislodgedUnit[] | undefined = pos.dislodged?.map((d, i) => ({
    ...dislodgedUnits![i]!,
    attackerFrom: province(d.attackerFrom, ['dislodged', i, 'attackerFrom']),
    ...(d.attackerConvoyed !== undefined ? { attackerConvoyed: d.attackerConvoyed } : {}),
    ...(d.retreats ? { retreats: d.retreats.map((r, k) => location(r, ['dislodged', i, 'retreats', k])) } : {}),
  }));
  const table = (
    t: Record<string, string> | undefined,
    where: string,
    supplyCentre: boolean,
  ): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, owner] of Object.entries(t ?? {})) {
      const prov = province(k, [where, k]);
      if (supplyCentre && map.province(prov) && !map.province(prov)!.supplyCenter)
        issues.push({ path: [where, k], message: `${prov} is not a supply centre` });
      out[prov] = powerOf(owner, [where, k]);
    }
    return out;
  };
  const supplyCenters = table(pos.supplyCenters, 'supplyCenters', true);
  const tradingPosts = table(pos.tradingPosts, 'tradingPosts', false);
  if (pos.tradingPosts && base.variant !== 'heiau')
    issues.push({ path: ['tradingPosts'], message: 'trading posts are Heiau only' });
  const contested = pos.contested?.map((c, i) => province(c, ['contested', i]));
  if (issues.length) throw new DataError('The position', issues);
  const { ballot: _ballot, hidden: _hidden, dislodged: _d, contested: _c, outcome: _o, ...rest } = base;
  return {
    ...rest,
    seq: 0,
    phase: { season: p.season, year: p.year, type: p.type },
    units,
    supplyCenters,
    ...(base.variant === 'heiau' ? { tradingPosts } : {}),
    ...(p.type === 'retreat' ? { dislodged: dislodged ?? [], ...(contested ? { contested } : {}) } : {}),
  };
}
