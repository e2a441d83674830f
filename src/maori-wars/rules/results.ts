// The results of combat (9.0, 11.0), shared by attacks, raids, bombardment, sappers and attrition:
// the Combat Results Table, hits in the owner's loss order, disruption and panic, Structures
// destroyed or downgraded, retreats; with the VP each gives (3.0).
import type { CrtCell, Effect } from '../data-types.ts';
import { distance } from '../hex.ts';
import { boatRetreat, isBoat, isEnemy, stepCost } from '../movement.ts';
import {
  aside,
  dataOf,
  gainVp,
  hexData,
  isHex,
  LOSS_KINDS,
  mapNeighbours,
  mapOf,
  other,
  placeName,
  roll,
  stackCount,
  stackLimit,
  standingOf,
  strength,
  structureName,
  structuresAt,
  unitName,
  unitsAt,
  type MWState,
  type Side,
  type Structure,
  type Unit,
} from '../state.ts';

export const INFANTRY_LIKE = ['infantry', 'constabulary', 'naval'];

export const defendersAt = (s: MWState, side: Side, hex: string) => unitsAt(s, hex).filter((u) => u.owner === side);
export const fortPa = (x: Structure) => x.kind === 'fort' || x.kind === 'pa';

export function column(att: number, def: number): 'lesser' | 'equal' | 'greater' {
  return att < def ? 'lesser' : att > def ? 'greater' : 'equal';
}
export function cell(s: MWState, col: 'lesser' | 'equal' | 'greater', r: number): CrtCell {
  const t = dataOf(s).tables.crt;
  const rows = t[col];
  return rows[Math.max(0, Math.min(rows.length - 1, r - t.minRoll))]!;
}
export function effectText(e: Effect): string {
  const parts = [
    e.hits ? `${e.hits === 1 ? 'one hit' : `${e.hits} hits`}` : '',
    e.disrupt === 'one' ? 'one unit Disrupted' : e.disrupt === 'all' ? 'all units Disrupted' : '',
    e.retreat ? 'retreat' : '',
  ].filter(Boolean);
  return parts.join(', ') || 'no effect';
}
export const isNone = (e: Effect) => !e.hits && !e.disrupt && !e.retreat;

/** The defender's strength against an attack (9.0): units, a Fort never below 2. */
export function defenceStrength(s: MWState, side: Side, hex: string): number {
  const n = defendersAt(s, side, hex).reduce((t, u) => t + strength(u), 0);
  return structuresAt(s, hex).some((x) => x.owner === side && x.kind === 'fort') ? Math.max(2, n) : n;
}

/** Units in the order they take hits: the owner's STANDING LOSSES kinds first (in its order), then Disrupted units, then the default kinds. */
export function lossOrder(units: Unit[], mine: string[] = []): Unit[] {
  const rank = (u: Unit) => {
    const i = mine.indexOf(u.kind);
    return i < 0 ? mine.length : i;
  };
  return units
    .slice()
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        Number(b.disrupted) - Number(a.disrupted) ||
        LOSS_KINDS.indexOf(a.kind) - LOSS_KINDS.indexOf(b.kind) ||
        a.id.localeCompare(b.id),
    );
}
/** Which instruction chose: the player's, or the documented default. */
export function lossWhy(s: MWState, side: Side): string {
  const l = standingOf(s, side).losses;
  return l
    ? `by ${side}'s standing LOSSES ${l.toUpperCase()}`
    : `by ${side}'s default loss order: Disrupted units first, then ${LOSS_KINDS.join(', ')}`;
}

export function eliminate(s: MWState, u: Unit, lines: string[], why = 'eliminated'): void {
  const hex = u.at;
  lines.push(`${unitName(s, u)} ${why}.`);
  if (u.kind === 'leader') {
    u.at = 'gone';
    if (u.owner !== 'Neutral') gainVp(s, other(u.owner), dataOf(s).tables.vp.leader, `${u.name} eliminated`, lines);
    return;
  }
  u.at = u.owner === 'Neutral' ? 'gone' : 'box';
  u.disrupted = false;
  if (u.owner !== 'Neutral') gainVp(s, other(u.owner), dataOf(s).tables.vp.unit, 'a unit eliminated', lines);
  afterLoss(s, u.owner as Side, hex, lines);
}

/** Leaders alone and Gunboats left behind when the last unit of a hex goes (3.0, 6.0). */
function afterLoss(s: MWState, side: Side, hex: string, lines: string[]): void {
  if (!isHex(hex)) return;
  const left = unitsAt(s, hex).filter((u) => u.owner === side);
  if (left.some((u) => u.kind !== 'leader' && !isBoat(u))) return;
  for (const l of left.filter((u) => u.kind === 'leader')) eliminate(s, l, lines, 'is left with no unit: eliminated');
  for (const g of left.filter((u) => u.kind === 'gunboat')) boatRetreat(s, g, lines);
}

/** A Disrupted unit or Structure disrupted again may panic (11.0). */
export function disrupt(s: MWState, u: Unit, lines: string[]): void {
  if (u.kind === 'leader') return;
  if (!u.disrupted) {
    u.disrupted = true;
    lines.push(`${unitName(s, { ...u, disrupted: false })} is Disrupted.`);
    return;
  }
  const need = u.kind === 'rangers' || INFANTRY_LIKE.includes(u.kind) ? 1 : 2;
  const r = roll(
    s,
    lines,
    `${unitName(s, u)} is Disrupted again and may panic (eliminated on ${need === 1 ? '1' : '2 or less'})`,
  );
  if (r <= need) eliminate(s, u, lines, 'panics: eliminated');
}
export function disruptStructure(s: MWState, x: Structure, lines: string[]): void {
  if (x.kind === 'town') return;
  if (!x.disrupted) {
    x.disrupted = true;
    lines.push(`${structureName(s, { ...x, disrupted: false })} is Disrupted.`);
    return;
  }
  if (unitsAt(s, x.hex).some((u) => u.owner === x.owner && u.kind !== 'leader')) return; // an occupied Structure cannot panic
  const r = roll(s, lines, `${structureName(s, x)} is Disrupted again and may panic (eliminated on 2 or less)`);
  if (r <= 2) destroyStructure(s, x, lines, true, 'panics');
}

/** Remove or downgrade a Structure; VP to the opponent (3.0). Fort → Settlement, Pa → Village, a Fort on a Town just goes. */
export function destroyStructure(s: MWState, x: Structure, lines: string[], downgrade: boolean, why: string): void {
  const opp = x.owner === 'Neutral' ? null : other(x.owner);
  const vp = dataOf(s).tables.vp;
  const onTown = structuresAt(s, x.hex).some((y) => y.kind === 'town' && y !== x);
  if (x.kind === 'town') return;
  if (downgrade && (x.kind === 'fort' || x.kind === 'pa') && !onTown) {
    const to = x.kind === 'fort' ? 'settlement' : 'village';
    lines.push(`${structureName(s, x)} ${why}: replaced by a ${to === 'settlement' ? 'Settlement' : 'Village'}.`);
    x.kind = to;
    if (opp)
      gainVp(
        s,
        opp,
        vp[x.kind === 'settlement' ? 'fort' : 'pa'],
        `a ${to === 'settlement' ? 'Fort' : 'Pa'} destroyed`,
        lines,
      );
    return;
  }
  lines.push(`${structureName(s, x)} ${why}: removed.`);
  s.structures = s.structures.filter((y) => y !== x);
  if (opp)
    gainVp(
      s,
      opp,
      vp[x.kind],
      `a ${x.kind === 'fort' ? 'Fort' : x.kind === 'pa' ? 'Pa' : x.kind === 'village' ? 'Village' : 'Settlement'} destroyed`,
      lines,
    );
}

/** The hex a unit retreats to by default: one it may enter, free of enemies and Neutrals, within stacking, away from enemy units if it can. */
export function retreatHex(s: MWState, u: Unit, from: string, taken: ReadonlySet<string> = new Set()): string | null {
  const side = u.owner as Side;
  const ok = mapNeighbours(mapOf(s), from).filter((n) => {
    if (stepCost(s, u, from, n) === null) return false;
    const d = hexData(mapOf(s), n)!;
    if (d.terrain === 'ocean' || d.terrain === 'lake') return false;
    return !unitsAt(s, n).some((x) => x.owner !== side) && !structuresAt(s, n).some((x) => x.owner !== side);
  });
  // STANDING EVADE SPREAD: a hex no other evader of this stack took comes first (`taken`).
  const full = (n: string) => (stackCount(s, side, n) < stackLimit(s, side, n) ? 0 : 1) + (taken.has(n) ? 0.5 : 0);
  // The owner's STANDING RETREAT TOWARD: the hex nearest the one named (ties in N, NE… order; the sort is stable).
  const toward = standingOf(s, side).retreat;
  if (toward) return ok.sort((a, b) => full(a) - full(b) || distance(a, toward) - distance(b, toward))[0] ?? null;
  const score = (n: string) =>
    full(n) * 2 +
    (mapNeighbours(mapOf(s), n).some((m) => unitsAt(s, m).some((x) => isEnemy(side, x.owner) && x.kind !== 'leader'))
      ? 1
      : 0);
  return ok.sort((a, b) => score(a) - score(b))[0] ?? null;
}

/** Which instruction chose a retreat or evasion hex, for the report. */
export function retreatWhy(s: MWState, side: Side): string {
  const toward = standingOf(s, side).retreat;
  return toward
    ? `by ${side}'s standing RETREAT TOWARD ${placeName(s, toward)}`
    : `by ${side}'s default retreat: within stacking, away from enemy units, in N, NE… order`;
}

/** Apply one side of a combat result to `units` of `side` in `hex`: hits, then disruption, then retreat. */
export function applyEffect(
  s: MWState,
  e: Effect,
  side: Side,
  hex: string,
  units: Unit[],
  defending: boolean,
  lines: string[],
): void {
  const live = () => units.filter((u) => u.at === hex && u.kind !== 'leader' && !isBoat(u));
  // 1.0: the game ends at once when a VP change decides it; nothing of the result after that is applied.
  for (let i = 0; i < e.hits; i++) {
    if (s.result) return;
    const st = defending ? structuresAt(s, hex).find((x) => x.owner === side && fortPa(x) && !x.disrupted) : undefined;
    if (st && s.standing[side].absorb === 'always' && live().length) {
      const r = roll(s, lines, `${side} lets the ${structureName(s, st)} absorb the hit (4–6)`);
      if (r >= 4) {
        destroyStructure(s, st, lines, true, 'absorbs the hit');
        continue;
      }
    }
    const mine = standingOf(s, side).losses.split(',').filter(Boolean);
    const u = lossOrder(live(), mine)[0];
    if (u) {
      lines.push(`${unitName(s, u)} takes the hit${aside(side, ` (${lossWhy(s, side)})`)}.`);
      eliminate(s, u, lines);
    }
  }
  if (s.result) return;
  if (e.disrupt === 'one') {
    // The unit that would take a hit is the one Disrupted: a loss order ranks units the owner values least.
    const mine = standingOf(s, side).losses.split(',').filter(Boolean);
    const u =
      lossOrder(
        live().filter((x) => !x.disrupted),
        mine,
      )[0] ?? lossOrder(live(), mine)[0];
    if (u) {
      lines.push(`${unitName(s, u)} takes the disruption${aside(side, ` (${lossWhy(s, side)})`)}.`);
      disrupt(s, u, lines);
    }
  } else if (e.disrupt === 'all') {
    for (const u of live()) disrupt(s, u, lines);
    if (defending) for (const x of structuresAt(s, hex).filter((y) => y.owner === side)) disruptStructure(s, x, lines);
  }
  if (!e.retreat || s.result) return;
  // Retreat: units in a Fort/Pa are never forced to (they stay, the default); leaders go with them.
  const fp = defending ? structuresAt(s, hex).find((x) => x.owner === side && fortPa(x)) : undefined;
  if (fp) {
    const fr = standingOf(s, side).fortRetreat;
    const why = s.standing[side].fortRetreat
      ? `by ${side}'s standing FORT ${fr.toUpperCase()}`
      : `by ${side}'s default, FORT STAY`;
    if (fr === 'stay') {
      lines.push(`The ${side} units in the ${fp.kind === 'fort' ? 'Fort' : 'Pa'} stay${aside(side, ` (${why})`)}.`);
      return;
    }
    lines.push(`The ${side} units leave the ${fp.kind === 'fort' ? 'Fort' : 'Pa'}${aside(side, ` (${why})`)}.`);
  }
  const leaders = unitsAt(s, hex).filter((u) => u.owner === side && u.kind === 'leader');
  let first: string | null = null;
  for (const u of live()) {
    const to = retreatHex(s, u, hex);
    if (!to) {
      eliminate(s, u, lines, 'cannot retreat: eliminated');
      continue;
    }
    lines.push(`${unitName(s, u)} retreats to ${placeName(s, to)}${aside(side, ` (${retreatWhy(s, side)})`)}.`);
    u.at = to;
    first ??= to;
  }
  if (first)
    for (const l of leaders)
      if (l.at === hex) {
        l.at = first;
        lines.push(`${l.name} retreats with them.`);
      }
  for (const g of unitsAt(s, hex).filter((u) => u.owner === side && u.kind === 'gunboat')) boatRetreat(s, g, lines);
  afterLoss(s, side, hex, lines);
}

/** Bombard `target` on one column of the Bombardment table ("you cannot mix different kinds of targets"). */
export function bombardColumn(
  s: MWState,
  side: Side,
  target: string,
  colName: 'units' | 'canoes' | 'pa',
  gun: Unit,
  lines: string[],
): void {
  s.bombarded.push(target);
  const enemy = other(side);
  const units = defendersAt(s, enemy, target).filter((u) => u.kind !== 'leader');
  const pa = structuresAt(s, target).find((x) => x.owner === enemy && x.kind === 'pa');
  const r = roll(
    s,
    lines,
    `${unitName(s, gun)} bombards ${placeName(s, target)} (${colName === 'pa' ? 'Pa' : colName === 'canoes' ? 'Canoes' : 'units'} column)`,
  );
  const b = dataOf(s).tables.bombardment;
  if (colName === 'pa') {
    const res = b.pa[r - 1]!;
    lines.push(`Bombardment result: ${res === 'none' ? 'no effect' : `the Pa is ${res}`}.`);
    if (res === 'removed' && pa) destroyStructure(s, pa, lines, true, 'is removed by bombardment');
    else if (res === 'disrupted' && pa) disruptStructure(s, pa, lines);
    return;
  }
  const res = b[colName][r - 1]!;
  lines.push(`Bombardment result: ${effectText(res)}.`);
  if (colName === 'canoes') {
    for (const c of units.filter((u) => u.kind === 'canoe').slice(0, res.hits)) eliminate(s, c, lines);
    return;
  }
  applyEffect(
    s,
    { ...res, retreat: false },
    enemy,
    target,
    units.filter((u) => !isBoat(u)),
    true,
    lines,
  );
}
