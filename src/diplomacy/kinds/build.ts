// Build (`Build A Par`): in adjustments a power with more centres than units places a new one on an
// owned, empty centre (its home centres in Standard, any in Heiau).
import { aUnit, canStand, unitTypePlural } from '../adjudicator/board.ts';
import { buildSites } from '../adjudicator/centres.ts';
import type { Order } from '../types.ts';
import {
  type AdjustmentBoard,
  type DipBoard,
  NOT_IN_MOVEMENT,
  NOT_IN_RETREAT,
  named,
  type OrderKind,
} from './board.ts';

type Build = Extract<Order, { kind: 'build' }>;

/** Why a power may not build or waive now, or null. */
export function buildsLeft(b: DipBoard, power: string): string | null {
  if (b.phase === 'movement') return NOT_IN_MOVEMENT.build;
  if (b.phase === 'retreat') return NOT_IN_RETREAT;
  const n = b.due[power] ?? 0;
  if (n <= 0) return `${power} has no builds`;
  if ((b.used[power] ?? 0) >= n) return `${power} has only ${n} build${n > 1 ? 's' : ''}`;
  return null;
}

/** The location the build puts its unit on, or why it cannot. */
function site(b: AdjustmentBoard, power: string, a: Build): number | string {
  const { map, variant } = b;
  const [provId, coast] = a.location.split('/');
  const p = map.province(provId);
  if (!p) return `there is no place called ${a.location}`;
  if (!variant.rules.buildableTypes.includes(a.unitType)) return `${unitTypePlural(a.unitType)} cannot be built here`;
  if (!p.supplyCenter && b.supplyCenters[p.id] === undefined) return `${p.name} is not a supply centre`;
  if (b.supplyCenters[p.id] !== power) return `${power} does not own ${p.name}`;
  if (!variant.rules.buildAnywhere && !(variant.homeCenters[power] ?? []).includes(p.id))
    return `${p.name} is not a home centre of ${power}`;
  if (b.occupied.has(p.id)) return `${p.name} is occupied`;
  if (b.builtIn.has(p.id)) return `${p.name} already has a build`;
  let loc = map.location(p.id)!.index;
  if (a.unitType !== 'A' && p.coasts.length > 0) {
    if (!coast) return `say which coast of ${p.name}`;
    const l = map.location(`${p.id}/${coast}`);
    if (!l) return `${p.name} has no coast '${coast}'`;
    loc = l.index;
  }
  if (!canStand(map, a.unitType, loc)) return `${aUnit(a.unitType)} cannot stand in ${p.name}`;
  return loc;
}

export const build: OrderKind<Build> = {
  kind: 'build',
  problem: (b, power, a) => {
    const p = b.phase === 'adjustment' ? b.powerOf(power) : power;
    const why = buildsLeft(b, p);
    if (why || b.phase !== 'adjustment') return why;
    const loc = site(b, p, a);
    return typeof loc === 'string' ? loc : null;
  },
  apply: (b, power, a) => {
    if (b.phase !== 'adjustment') return;
    const p = b.powerOf(power);
    const loc = site(b, p, a) as number;
    b.builtIn.add(b.map.provinceOf(b.map.locations[loc].id)!.id);
    b.used[p] = (b.used[p] ?? 0) + 1;
    b.built.push({ power: p, type: a.unitType, location: b.map.locations[loc].id });
  },
  options: (b, power) => {
    if (b.phase !== 'adjustment' || (b.due[power] ?? 0) <= 0) return [];
    const out: Build[] = [];
    for (const id of buildSites(b.variant, b, power)) {
      const p = b.map.province(id)!;
      for (const type of b.variant.rules.buildableTypes)
        for (const l of b.map.locationsOf[p.index])
          if (canStand(b.map, type, l)) out.push({ kind: 'build', unitType: type, location: b.map.locations[l].id });
    }
    return out;
  },
  describe: (b, a) => named(b, build.notation(a)),
  notation: (a) => `Build ${a.unitType} ${a.location}`,
};
