// Movement (6.0): terrain costs from the Terrain Effects chart, water moves of Canoes and Gunboats,
// transport, entering sole enemy leaders and Canoes, passing through Neutrals; stacking (4.0).
import type { MoveClass } from './terrain.ts';
import { distance } from './hex.ts';
import {
  aside,
  dataOf,
  gainVp,
  hexData,
  hexOf,
  hexside,
  isHex,
  LOSS_KINDS,
  mapNeighbours,
  mapOf,
  other,
  placeName,
  stackCount,
  stackLimit,
  stacks,
  standingOf,
  structuresAt,
  unitName,
  unitsAt,
  type MWState,
  type Owner,
  type Side,
  type Unit,
} from './state.ts';

export function moveClass(u: Unit): MoveClass {
  return u.kind === 'rangers' ? 'rangers' : u.kind === 'cavalry' ? 'mounted' : u.kind === 'artillery' ? 'guns' : 'foot';
}
export const isBoat = (u: Unit) => u.kind === 'canoe' || u.kind === 'gunboat';

export function allowance(s: MWState, u: Unit): number {
  return u.kind === 'leader'
    ? (dataOf(s).tables.leaderMovement ?? dataOf(s).terrain.leaderAllowance)
    : (dataOf(s).tables.movement[u.kind] ?? 0);
}

export const isEnemy = (a: Owner, b: Owner) => a !== b && a !== 'Neutral' && b !== 'Neutral';

function sameRiverStep(s: MWState, a: string, b: string, navigable: boolean): boolean {
  return mapOf(s).rivers.some((r) => {
    const list = navigable ? r.hexes.filter((h) => r.navigable.includes(h)) : r.hexes;
    const i = r.hexes.indexOf(a),
      j = r.hexes.indexOf(b);
    return i >= 0 && j >= 0 && Math.abs(i - j) === 1 && list.includes(a) && list.includes(b);
  });
}
const seaOrCoast = (s: MWState, h: string) => {
  const d = hexData(mapOf(s), h);
  return !!d && (d.terrain === 'ocean' || d.coastal);
};
const navigableHex = (s: MWState, h: string) => mapOf(s).rivers.some((r) => r.navigable.includes(h));

/** What entering `to` from `from` costs `u` (terrain and hexside only), or null if it may not. */
export function stepCost(s: MWState, u: Unit, from: string, to: string): number | null {
  const m = mapOf(s);
  const t = hexData(m, to);
  const f = hexData(m, from);
  if (!t || !f) return null;
  const adjacent = mapNeighbours(m, from).includes(to);
  const w = dataOf(s).terrain.waterCost;
  if (u.kind === 'gunboat') {
    // 0 mp from a coastal hex to any other coastal hex on the map (by sea); 1 mp along a navigable river.
    if (seaOrCoast(s, from) && seaOrCoast(s, to) && t.terrain !== 'lake') return w.gunboatCoast;
    if (adjacent && sameRiverStep(s, from, to, true)) return w.gunboatRiver;
    if (adjacent && seaOrCoast(s, from) && navigableHex(s, to)) return w.gunboatRiver;
    return null;
  }
  if (!adjacent) return null;
  const side = hexside(m, from, to);
  if (u.kind === 'canoe') {
    if ((t.terrain === 'ocean' || t.coastal) && (f.terrain === 'ocean' || f.coastal)) return w.canoe;
    if (sameRiverStep(s, from, to, false)) return w.canoe;
    if (side === 'lake' || t.terrain === 'lake' || f.terrain === 'lake') return w.canoe;
    return null;
  }
  if (side) return null; // all-water and lake hexsides: only boats cross them
  return dataOf(s).terrain.costs[t.terrain][moveClass(u)];
}

/** Whether `u` may pass through `hex` (not stop). */
function passable(s: MWState, u: Unit, from: string, hex: string): string | null {
  const side = u.owner as Side;
  const here = unitsAt(s, hex);
  const enemyUnits = here.filter((x) => isEnemy(side, x.owner));
  if (structuresAt(s, hex).some((x) => isEnemy(side, x.owner)))
    return 'it holds an enemy Structure (attack it instead)';
  if (!enemyUnits.length) return null;
  const onlyLeaders = enemyUnits.every((x) => x.kind === 'leader');
  if (onlyLeaders) return null; // a unit entering eliminates them; a sole leader may share the hex
  if (u.kind !== 'leader' && !isBoat(u) && enemyUnits.every((x) => x.kind === 'canoe' || x.kind === 'leader'))
    return null; // capture
  if (
    u.kind !== 'leader' &&
    !isBoat(u) &&
    u.owner === 'Maori' &&
    enemyUnits.every((x) => x.kind === 'gunboat' || x.kind === 'leader')
  )
    return null; // the Gunboat retreats
  if (isBoat(u)) {
    const d = hexData(mapOf(s), hex)!;
    if ((d.terrain === 'ocean' || d.coastal) && seaOrCoast(s, from)) return null;
    if (u.kind === 'gunboat' && navigableHex(s, hex)) return null;
  }
  return 'it holds enemy units';
}

/** Why `u` may not end its move in `hex`, or null. */
function stopProblem(s: MWState, u: Unit, hex: string): string | null {
  const d = hexData(mapOf(s), hex)!;
  if (isBoat(u) && d.terrain === 'ocean') return 'Gunboats and Canoes may not end their movement in an ocean hex';
  if (unitsAt(s, hex).some((x) => x.owner === 'Neutral') || structuresAt(s, hex).some((x) => x.owner === 'Neutral'))
    return 'one may pass through Neutrals but not end there';
  const enemy = unitsAt(s, hex).filter((x) => isEnemy(u.owner, x.owner));
  if (isBoat(u) && enemy.length) return 'a Gunboat or Canoe may pass through but not stop in an enemy occupied hex';
  if (u.kind === 'canoe' && enemy.some((x) => x.kind === 'canoe')) return 'a Canoe may not capture a Canoe';
  return null;
}

/** Movement points spent this phase, per unit. */
export function spent(s: MWState, u: Unit): number {
  return s.mpSpent[u.id] ?? 0;
}

/** Check a path for `u` (hexes after its own); the cost, or why it is illegal. */
export function pathProblem(s: MWState, u: Unit, path: string[]): { cost: number } | { problem: string } {
  const start = hexOf(u);
  if (!start) return { problem: `${unitName(s, u)} is not on the map` };
  if (!path.length) return { problem: 'give at least one hex to move to' };
  let cost = 0;
  let at = start;
  for (let i = 0; i < path.length; i++) {
    const h = path[i]!;
    const c = stepCost(s, u, at, h);
    if (c === null) return { problem: `${unitName(s, u)} may not move from ${at} to ${h}` };
    cost += c;
    const why = passable(s, u, at, h);
    if (why) return { problem: `${unitName(s, u)} may not enter ${h}: ${why}` };
    at = h;
  }
  const left = allowance(s, u) - spent(s, u);
  if (cost > left) return { problem: `${unitName(s, u)} has ${left} mp left; that path costs ${cost}` };
  const stop = stopProblem(s, u, at);
  if (stop) return { problem: stop };
  return { cost };
}

/** Every hex `u` may end a move in, with the cheapest path (Dijkstra over hexes). */
export function reachable(s: MWState, u: Unit, budget = allowance(s, u) - spent(s, u)): Map<string, string[]> {
  const start = hexOf(u);
  const out = new Map<string, string[]>();
  if (!start || budget < 0) return out;
  const best = new Map<string, { cost: number; path: string[] }>([[start, { cost: 0, path: [] }]]);
  // Costs are small integers: a bucket per cost instead of a priority queue.
  const buckets: string[][] = Array.from({ length: budget + 1 }, () => []);
  buckets[0]!.push(start);
  const done = new Set<string>();
  const m = mapOf(s);
  let coastSpread = false;
  const coastal =
    u.kind === 'gunboat'
      ? m.hexes.filter((h) => h.terrain !== 'lake' && (h.terrain === 'ocean' || h.coastal)).map((h) => h.id)
      : [];
  for (let c = 0; c <= budget; c++) {
    const bucket = buckets[c]!;
    while (bucket.length) {
      const h = bucket.pop()!;
      if (done.has(h)) continue;
      const cur = best.get(h)!;
      if (cur.cost !== c) continue;
      done.add(h);
      const next = new Set(mapNeighbours(m, h));
      // The coast is one 0 mp network for a Gunboat: spread it once, from the first coastal hex reached.
      if (u.kind === 'gunboat' && seaOrCoast(s, h) && !coastSpread) {
        coastSpread = true;
        for (const x of coastal) next.add(x);
      }
      for (const n of next) {
        if (n === start || done.has(n)) continue;
        const step = stepCost(s, u, h, n);
        if (step === null || c + step > budget) continue;
        if (passable(s, u, h, n)) continue;
        const prev = best.get(n);
        if (prev && prev.cost <= c + step) continue;
        best.set(n, { cost: c + step, path: [...cur.path, n] });
        buckets[c + step]!.push(n);
      }
    }
  }
  for (const [h, b] of best) if (h !== start && !stopProblem(s, u, h)) out.set(h, b.path);
  return out;
}

/** Move `u` along `path` (already checked): eliminate sole enemy leaders, capture Canoes, push Gunboats. */
export function applyMove(s: MWState, u: Unit, path: string[], cost: number, lines: string[]): void {
  const from = u.at;
  for (const h of path) {
    u.at = h;
    if (u.kind !== 'leader' && !isBoat(u)) enterEffects(s, u, h, lines);
  }
  s.mpSpent[u.id] = spent(s, u) + cost;
  if (!s.moved.includes(u.id)) s.moved.push(u.id);
  lines.push(
    `${unitName(s, { ...u, at: from })} moves to ${describeHex(s, u.at)}${
      path.length > 1
        ? ` (by ${path
            .slice(0, -1)
            .map((h) => placeName(s, h))
            .join(', ')})`
        : ''
    }, ${cost} mp.`,
  );
}

function describeHex(s: MWState, h: string): string {
  const p = mapOf(s).places.find((x) => x.hex === h);
  return p ? `${p.name} (${h})` : h;
}

function enterEffects(s: MWState, u: Unit, h: string, lines: string[]): void {
  const side = u.owner as Side;
  const enemy = unitsAt(s, h).filter((x) => isEnemy(side, x.owner));
  if (!enemy.length) return;
  for (const l of enemy.filter((x) => x.kind === 'leader')) {
    if (enemy.some((x) => x.kind !== 'leader' && x.kind !== 'canoe' && x.kind !== 'gunboat')) continue;
    lines.push(`${l.name} is alone when ${unitName(s, u)} enters ${h}: eliminated.`);
    l.at = 'gone';
    gainVp(s, side, dataOf(s).tables.vp.leader, `${l.name} eliminated`, lines);
  }
  for (const c of enemy.filter((x) => x.kind === 'canoe')) {
    if (u.owner === 'British' && u.kind !== 'queenite') {
      c.at = 'gone';
      lines.push(`British ${u.kind} enters a Maori Canoe at ${placeName(s, h)}: the Canoe is destroyed.`);
      gainVp(s, 'British', dataOf(s).tables.vp.canoeByBritish, 'a Maori Canoe destroyed', lines);
    } else {
      c.owner = side;
      lines.push(`The ${other(side)} Canoe at ${placeName(s, h)} is captured and exchanged for a ${side} Canoe.`);
    }
  }
  for (const g of enemy.filter((x) => x.kind === 'gunboat')) boatRetreat(s, g, lines);
}

/** A retreating or evading Gunboat or Canoe goes to the closest eligible hex along hexes it may enter (6.0, 9.0). */
export function boatRetreat(s: MWState, b: Unit, lines: string[]): boolean {
  const start = b.at;
  const seen = new Set([start]);
  let frontier = [start];
  while (frontier.length) {
    const next: string[] = [];
    for (const h of frontier.sort()) {
      for (const n of mapNeighbours(mapOf(s), h)) {
        if (seen.has(n)) continue;
        seen.add(n);
        if (stepCost(s, b, h, n) === null) continue;
        const enemy =
          unitsAt(s, n).some((x) => isEnemy(b.owner, x.owner)) ||
          structuresAt(s, n).some((x) => isEnemy(b.owner, x.owner));
        if (enemy) continue;
        if (!stopProblem(s, b, n)) {
          b.at = n;
          lines.push(
            `The ${b.owner} ${b.kind === 'gunboat' ? 'Gunboat' : 'Canoe'} at ${placeName(s, start)} retreats to ${placeName(s, n)}.`,
          );
          return true;
        }
        next.push(n);
      }
    }
    frontier = next;
  }
  b.at = b.owner === 'Neutral' ? 'gone' : 'box';
  lines.push(
    `The ${b.owner} ${b.kind === 'gunboat' ? 'Gunboat' : 'Canoe'} at ${placeName(s, start)} has nowhere to retreat: eliminated.`,
  );
  return false;
}

/** Hexes over the stacking limit after a Movement or Combat Phase: the opponent moves the excess (4.0),
 * by its STANDING OVERSTACK (which kinds first, toward which hex); units that cannot be moved are
 * eliminated, the owner's choice (its STANDING LOSSES order). */
export function enforceStacking(s: MWState, lines: string[]): void {
  for (const side of ['Maori', 'British'] as Side[]) {
    const opp = other(side);
    const st = standingOf(s, opp);
    const kinds = st.overstack.split(',').filter(Boolean);
    const toward = st.overstackToward;
    const why = [
      st.overstack
        ? `${opp}'s standing OVERSTACK ${st.overstack.toUpperCase()}`
        : `${opp}'s default, the units listed last first`,
      toward ? `${opp}'s standing OVERSTACK TOWARD ${placeName(s, toward)}` : 'the first legal hex in N, NE… order',
    ].join('; ');
    const hexes = [...new Set(s.units.filter((u) => u.owner === side && isHex(u.at)).map((u) => u.at))].sort();
    for (const h of hexes) {
      const limit = stackLimit(s, side, h);
      const mine = () => unitsAt(s, h).filter((u) => u.owner === side && stacks(u));
      const dest = (u: Unit) => {
        const ok = mapNeighbours(mapOf(s), h).filter(
          (n) =>
            stepCost(s, u, h, n) !== null &&
            !unitsAt(s, n).some((x) => x.owner !== side) &&
            !structuresAt(s, n).some((x) => x.owner !== side) &&
            stackCount(s, side, n) < stackLimit(s, side, n),
        );
        return toward ? ok.sort((a, b) => distance(a, toward) - distance(b, toward))[0] : ok[0];
      };
      const rank = (u: Unit) => {
        const i = kinds.indexOf(u.kind);
        return i < 0 ? kinds.length : i;
      };
      while (mine().length > limit) {
        const list = mine();
        // The opponent's choice: its kinds first, then the units listed last (those that entered last).
        const order = list
          .map((u, i) => ({ u, i }))
          .sort((a, b) => rank(a.u) - rank(b.u) || b.i - a.i)
          .map((x) => x.u);
        const pick = order.map((u) => ({ u, to: dest(u) })).find((x) => x.to);
        if (pick) {
          lines.push(
            `${placeName(s, h)} is over-stacked: ${opp} moves ${unitName(s, pick.u)} to ${placeName(s, pick.to!)}${aside(opp, ` (by ${why})`)}.`,
          );
          pick.u.at = pick.to!;
          continue;
        }
        // None can be moved: the owner chooses which exceeding units are eliminated (its loss order).
        const own = standingOf(s, side).losses.split(',').filter(Boolean);
        const orank = (u: Unit) => {
          const i = own.indexOf(u.kind);
          return i < 0 ? own.length : i;
        };
        const gone = list
          .slice()
          .sort(
            (a, b) =>
              orank(a) - orank(b) ||
              Number(b.disrupted) - Number(a.disrupted) ||
              LOSS_KINDS.indexOf(a.kind) - LOSS_KINDS.indexOf(b.kind) ||
              a.id.localeCompare(b.id),
          )
          .slice(0, list.length - limit);
        for (const u of gone) {
          lines.push(
            `${placeName(s, h)} is over-stacked and ${unitName(s, u)} cannot be moved: eliminated${aside(side, ` (by ${own.length ? `${side}'s standing LOSSES ${own.join(',').toUpperCase()}` : `${side}'s default loss order`})`)}.`,
          );
          u.at = 'box';
          u.disrupted = false;
        }
      }
    }
  }
}

/** Transport (6.0): a non-Disrupted Gunboat or Canoe that has not moved carries up to 2 units and any leaders; each pays 2 mp and disembarks. */
export function transportProblem(
  s: MWState,
  boat: Unit,
  cargo: Unit[],
  path: string[],
): { cost: number } | { problem: string } {
  if (!isBoat(boat)) return { problem: `${unitName(s, boat)} is not a Gunboat or Canoe` };
  if (boat.disrupted) return { problem: 'a Disrupted boat may not transport' };
  if (s.moved.includes(boat.id)) return { problem: 'the boat has moved already' };
  if (cargo.filter((u) => u.kind !== 'leader').length > 2)
    return { problem: 'a boat carries at most 2 units (and any leaders)' };
  for (const c of cargo) {
    if (c.at !== boat.at || c.owner !== boat.owner) return { problem: `${unitName(s, c)} is not with the boat` };
    if (isBoat(c)) return { problem: 'a boat does not carry a boat' };
    if (allowance(s, c) - spent(s, c) < dataOf(s).terrain.transportCost)
      return { problem: `${unitName(s, c)} has fewer than ${dataOf(s).terrain.transportCost} mp left` };
  }
  const p = pathProblem(s, boat, path);
  if ('problem' in p) return p;
  const end = path[path.length - 1]!;
  if (hexData(mapOf(s), end)!.terrain === 'ocean' || hexData(mapOf(s), end)!.terrain === 'lake')
    return { problem: 'the carried units must disembark on land' };
  return p;
}
