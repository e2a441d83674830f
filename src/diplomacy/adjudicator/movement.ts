// The movement phase: check each order against the board, hand the legal ones to the resolver,
// and turn its decisions into results, the new position, dislodgements and retreat options.
import type { DislodgedUnit, Order, OrderResult, Unit, UnitRef } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { Board, canStand, unitTypeName, type PlacedUnit } from './board.ts';
import { fleetProvinceAdjacency, onConvoyRoute } from './convoy.ts';
import { CONVOY, HOLD, MOVE, SPECIAL, SUPPORT, resolve } from './resolver.ts';

export interface PowerOrder {
  power: string;
  order: Order;
}

export interface OrderOutcome {
  result: OrderResult;
  reason?: string;
}

export interface MovementInput {
  units: Unit[];
  supplyCenters: Record<string, string>;
  tradingPosts?: Record<string, string>;
}

export interface MovementOutcome {
  outcomes: OrderOutcome[];
  units: Unit[];
  dislodged: DislodgedUnit[];
  contested: string[];
  supplyCenters: Record<string, string>;
  tradingPosts: Record<string, string>;
}

/** What a legal order means on the board, before resolution. */
interface Intent {
  kind: number;
  /** MOVE: destination location index (coast filled in). */
  toLoc: number;
  /** MOVE/SUPPORT/CONVOY: destination province. */
  toProv: number;
  viaConvoy: boolean;
  /** MOVE by a boat bunch inland, or SUPPORT by it into an inland province: it burns its boats. */
  burns: boolean;
  /** SUPPORT/CONVOY: province of the unit supported or convoyed. */
  targetProv: number;
  /** SUPPORT of a move: the coast the supporter named, if any. */
  toCoast: string | null;
  /** SUPPORT: of a hold (no move). */
  supportHold: boolean;
  special?: 'build-boats' | 'trading-post';
  /** build-boats: the coast the new boat bunch takes on a two-coast province. */
  boatLoc?: number;
}

class Illegal {
  constructor(readonly reason: string) {}
}

export function adjudicateMovement(variant: Variant, input: MovementInput, orders: PowerOrder[]): MovementOutcome {
  const board = new Board(variant, input.units);
  const map = variant.map;
  const rules = variant.rules;
  const n = board.units.length;
  const P = map.provinces.length;
  const outcomes: OrderOutcome[] = orders.map(() => ({ result: 'illegal' }));
  const intents: (Intent | null)[] = new Array(n).fill(null);
  const orderOf = new Int32Array(n).fill(-1);
  const tradingPosts = { ...(input.tradingPosts ?? {}) };

  // Provinces holding a fleet that could convoy (for convoy-route legality).
  const capable = new Uint8Array(P);
  for (const u of board.units) {
    const t = map.provinces[u.prov].type;
    if (u.type === 'F' && (t === 'sea' || (rules.coastalConvoys && t === 'coast'))) capable[u.prov] = 1;
  }

  const name = (prov: number) => map.provinces[prov].name;
  const locName = (loc: number) => {
    const l = map.locations[loc];
    return l.coast ? `${name(l.province)} (${l.coast})` : name(l.province);
  };

  function findUnit(power: string, ref: UnitRef): PlacedUnit {
    const p = map.provinceOf(ref.location) ?? map.province(ref.location);
    if (!p) throw new Illegal(`there is no place called ${ref.location}`);
    const u = board.unitIn(p.index);
    if (!u) throw new Illegal(`there is no unit in ${p.name}`);
    if (u.power.toLowerCase() !== power.toLowerCase()) throw new Illegal(`the unit in ${p.name} belongs to ${u.power}`);
    if (ref.type && ref.type !== u.type)
      throw new Illegal(`the unit in ${p.name} is ${article(unitTypeName(u.type))}, not ${article(unitTypeName(ref.type))}`);
    return u;
  }

  /** Resolve a fleet-like destination to a location index, filling in the only possible coast. */
  function fleetDestination(fromLoc: number, to: string): number | Illegal {
    const [provId, coast] = to.split('/');
    const p = map.province(provId);
    if (!p) return new Illegal(`there is no place called ${to}`);
    if (p.coasts.length === 0) {
      return map.fleetAdjacent(fromLoc, map.locationsOf[p.index][0])
        ? map.locationsOf[p.index][0]
        : new Illegal(`${locName(fromLoc)} is not adjacent to ${p.name} by sea`);
    }
    if (coast) {
      const l = map.location(`${p.id}/${coast}`);
      if (!l) return new Illegal(`${p.name} has no coast '${coast}'`);
      return map.fleetAdjacent(fromLoc, l.index) ? l.index : new Illegal(`${locName(fromLoc)} is not adjacent to ${locName(l.index)}`);
    }
    const reachable = map.locationsOf[p.index].filter((l) => map.fleetAdjacent(fromLoc, l));
    if (reachable.length === 1) return reachable[0];
    if (reachable.length === 0) return new Illegal(`${locName(fromLoc)} is not adjacent to ${p.name} by sea`);
    return new Illegal(`say which coast of ${p.name}: ${reachable.map((l) => map.locations[l].coast).join(' or ')}`);
  }

  /** Whether a boat bunch at `u` would go inland (by marching) to province `q`. */
  function inland(u: PlacedUnit, q: number): boolean {
    return map.armyAdjacent(u.prov, q) && !map.fleetReachesProvince(u.loc, q);
  }

  function checkMove(u: PlacedUnit, to: string, viaConvoy: boolean): Intent {
    const q = map.provinceOf(to) ?? map.province(to.split('/')[0]);
    if (!q) throw new Illegal(`there is no place called ${to}`);
    if (q.index === u.prov) throw new Illegal(`a unit cannot move to the province it is in`);
    const base: Intent = { kind: MOVE, toLoc: -1, toProv: q.index, viaConvoy, burns: false, targetProv: -1, toCoast: null, supportHold: false };
    if (q.type === 'impassable') throw new Illegal(`${q.name} is impassable`);
    if (u.type === 'A') {
      if (q.type === 'sea') throw new Illegal(`an army cannot move to ${q.name}, a sea`);
      base.toLoc = map.locationsOf[q.index][0];
      if (!map.armyAdjacent(u.prov, q.index) || viaConvoy) {
        if (!convoyConceivable(u.prov, q.index)) throw new Illegal(`${name(u.prov)} is not adjacent to ${q.name} and no fleet can convoy there`);
        base.viaConvoy = true;
      }
      return base;
    }
    if (u.type === 'F') {
      if (viaConvoy) throw new Illegal('only armies and boat bunches can be convoyed');
      const loc = fleetDestination(u.loc, to);
      if (loc instanceof Illegal) throw loc;
      base.toLoc = loc;
      return base;
    }
    // Boat bunch: like a fleet, but never into the open ocean; inland it marches and burns its boats.
    if (q.ocean) throw new Illegal(`boat bunches cannot move to ${q.name}`);
    if (!viaConvoy && map.fleetReachesProvince(u.loc, q.index)) {
      const loc = fleetDestination(u.loc, to);
      if (loc instanceof Illegal) throw loc;
      base.toLoc = loc;
      return base;
    }
    if (!viaConvoy && inland(u, q.index)) {
      base.toLoc = map.locationsOf[q.index][0];
      base.burns = true;
      return base;
    }
    if (!convoyConceivable(u.prov, q.index)) throw new Illegal(`${name(u.prov)} is not adjacent to ${q.name} and no fleet can convoy there`);
    const [, coast] = to.split('/');
    if (q.coasts.length > 0 && !coast) throw new Illegal(`say which coast of ${q.name} the boat bunch lands on`);
    base.toLoc = map.location(coast ? `${q.id}/${coast}` : q.id)?.index ?? -1;
    if (base.toLoc < 0) throw new Illegal(`${q.name} has no coast '${coast}'`);
    base.viaConvoy = true;
    return base;
  }

  /** Whether fleets on the board could convoy from src to dst (without the fleet in `without`). */
  function convoyConceivable(src: number, dst: number, without = -1): boolean {
    const adj = fleetProvinceAdjacency(map);
    let usable = capable;
    if (without >= 0 && capable[without]) {
      usable = capable.slice();
      usable[without] = 0;
    }
    for (let q = 0; q < P; q++) if (usable[q] && adj[src * P + q] && onConvoyRoute(map, usable, q, src, dst)) return true;
    return false;
  }

  /** Whether the unit could ever make the move a support names (DATC 6.D.22-24, 6.D.31). */
  function movePossible(t: PlacedUnit, q: number, coast: string | undefined, supporter: PlacedUnit): boolean {
    const dest = map.provinces[q];
    const byConvoy = () => dest.type !== 'impassable' && convoyConceivable(t.prov, q, supporter.prov);
    if (t.type === 'A') return dest.type !== 'sea' && (map.armyAdjacent(t.prov, q) || byConvoy());
    if (t.type === 'F') {
      if (!coast || dest.coasts.length === 0) return map.fleetReachesProvince(t.loc, q);
      const l = map.location(`${dest.id}/${coast}`);
      return !!l && map.fleetAdjacent(t.loc, l.index);
    }
    if (dest.ocean) return false;
    return map.fleetReachesProvince(t.loc, q) || inland(t, q) || byConvoy();
  }

  /** Whether the unit could move into province q (ignoring coasts), as supports require. */
  function canReach(u: PlacedUnit, q: number): boolean {
    if (u.type === 'A') return map.armyAdjacent(u.prov, q);
    if (u.type === 'F') return map.fleetReachesProvince(u.loc, q);
    if (map.provinces[q].ocean) return false;
    return map.fleetReachesProvince(u.loc, q) || inland(u, q);
  }

  function check(u: PlacedUnit, order: Order): Intent {
    const plain: Intent = { kind: HOLD, toLoc: -1, toProv: -1, viaConvoy: false, burns: false, targetProv: -1, toCoast: null, supportHold: false };
    switch (order.kind) {
      case 'hold':
        return plain;
      case 'move':
        return checkMove(u, order.to, order.viaConvoy);
      case 'support': {
        const tp = map.provinceOf(order.target.location) ?? map.province(order.target.location.split('/')[0]);
        if (!tp) throw new Illegal(`there is no place called ${order.target.location}`);
        if (tp.index === u.prov) throw new Illegal('a unit cannot support itself');
        const supported = board.unitIn(tp.index);
        if (!supported) throw new Illegal(`there is no unit in ${tp.name} to support`);
        if (order.to === undefined) {
          if (!canReach(u, tp.index)) throw new Illegal(`${name(u.prov)} cannot reach ${tp.name}, so cannot support it`);
          return { ...plain, kind: SUPPORT, toProv: tp.index, targetProv: tp.index, supportHold: true, burns: u.type === 'B' && inland(u, tp.index) };
        }
        const [toId, coast] = order.to.split('/');
        const q = map.province(toId);
        if (!q) throw new Illegal(`there is no place called ${order.to}`);
        if (q.index === tp.index) throw new Illegal('a unit cannot move to the province it is in');
        if (q.index === u.prov) throw new Illegal('a unit cannot support a move into its own province');
        if (!canReach(u, q.index)) throw new Illegal(`${name(u.prov)} cannot reach ${q.name}, so cannot support a move there`);
        if (!movePossible(supported, q.index, coast, u))
          throw new Illegal(`the ${unitTypeName(supported.type)} in ${tp.name} cannot move to ${q.name}`);
        return { ...plain, kind: SUPPORT, toProv: q.index, targetProv: tp.index, toCoast: coast ?? null, burns: u.type === 'B' && inland(u, q.index) };
      }
      case 'convoy': {
        if (u.type !== 'F') throw new Illegal(u.type === 'B' ? 'boat bunches cannot convoy' : 'only fleets can convoy');
        const here = map.provinces[u.prov];
        if (here.type !== 'sea' && !rules.coastalConvoys) throw new Illegal(`a fleet in ${here.name} is on a coast and cannot convoy`);
        const fp = map.provinceOf(order.target.location) ?? map.province(order.target.location.split('/')[0]);
        if (!fp) throw new Illegal(`there is no place called ${order.target.location}`);
        const convoyed = board.unitIn(fp.index);
        if (!convoyed) throw new Illegal(`there is no unit in ${fp.name} to convoy`);
        if (convoyed.type === 'F') throw new Illegal('fleets cannot be convoyed');
        if (convoyed.type === 'B' && !rules.boatBunches) throw new Illegal('boat bunches cannot be convoyed');
        const q = map.province(order.to.split('/')[0]);
        if (!q) throw new Illegal(`there is no place called ${order.to}`);
        if (q.index === fp.index) throw new Illegal('a unit cannot move to the province it is in');
        if (q.type === 'sea' && (convoyed.type === 'A' || q.ocean))
          throw new Illegal(convoyed.type === 'A' ? `an army cannot be convoyed to ${q.name}, a sea` : `boat bunches cannot be convoyed into ${q.name}`);
        if (!onConvoyRoute(map, capable, u.prov, fp.index, q.index))
          throw new Illegal(`${here.name} is not on a convoy route from ${fp.name} to ${q.name}`);
        return { ...plain, kind: CONVOY, toProv: q.index, targetProv: fp.index };
      }
      case 'build-boats': {
        if (!rules.heiauOrders) throw new Illegal('this variant has no boat building');
        if (u.type !== 'A') throw new Illegal('only an army can build boats');
        const here = map.provinces[u.prov];
        if (here.type !== 'coast') throw new Illegal(`${here.name} has no shore to build boats on`);
        let boatLoc = map.locationsOf[u.prov][0];
        if (here.coasts.length > 0) {
          const coast = order.unit.location.split('/')[1];
          if (!coast) throw new Illegal(`say which coast of ${here.name} the boats are built on`);
          boatLoc = map.location(`${here.id}/${coast}`)?.index ?? -1;
          if (boatLoc < 0) throw new Illegal(`${here.name} has no coast '${coast}'`);
        }
        return { ...plain, kind: SPECIAL, special: 'build-boats', boatLoc };
      }
      case 'trading-post': {
        if (!rules.heiauOrders) throw new Illegal('this variant has no trading posts');
        if (u.type !== 'F') throw new Illegal('only a European fleet can build a trading post');
        const here = map.provinces[u.prov];
        if (here.type !== 'coast') throw new Illegal('a trading post is built in a land space');
        if (here.supplyCenter || tradingPosts[here.id]) throw new Illegal(`${here.name} already has a heiau`);
        if (Object.values(tradingPosts).includes(u.power)) throw new Illegal(`${u.power} has already built its trading post`);
        return { ...plain, kind: SPECIAL, special: 'trading-post' };
      }
      case 'retreat':
        throw new Illegal('retreats are ordered in the retreat phase');
      case 'disband':
        throw new Illegal('disbands are ordered in the retreat or adjustment phase');
      case 'build':
      case 'waive':
        throw new Illegal('builds are ordered in the adjustment phase');
    }
  }

  orders.forEach((po, i) => {
    if (po.order.kind === 'build' || po.order.kind === 'waive') {
      outcomes[i] = { result: 'illegal', reason: 'builds are ordered in the adjustment phase' };
      return;
    }
    try {
      const u = findUnit(po.power, po.order.unit);
      if (orderOf[u.index] >= 0) throw new Illegal(`${u.type} ${name(u.prov)} already has an order; the first one counts`);
      orderOf[u.index] = i;
      intents[u.index] = check(u, po.order);
      outcomes[i] = { result: 'succeeds' };
    } catch (e) {
      if (!(e instanceof Illegal)) throw e;
      outcomes[i] = { result: 'illegal', reason: e.reason };
    }
  });

  // Which moves go by convoy: non-adjacent ones, `via convoy`, or an own fleet convoys it (DATC 4.A.3).
  const kind = new Int8Array(n);
  const dst = new Int32Array(n).fill(-1);
  const convoyedArr = new Uint8Array(n);
  const target = new Int32Array(n).fill(-1);
  const prov = new Int32Array(n);
  const power = new Int32Array(n);
  for (const u of board.units) {
    prov[u.index] = u.prov;
    power[u.index] = u.powerIndex;
    const it = intents[u.index];
    if (!it) continue;
    kind[u.index] = it.kind === SPECIAL ? HOLD : it.kind;
    dst[u.index] = it.kind === HOLD || it.kind === SPECIAL ? u.prov : it.toProv;
    if (it.kind === MOVE) convoyedArr[u.index] = it.viaConvoy ? 1 : 0;
  }
  for (const f of board.units) {
    const it = intents[f.index];
    if (!it || it.kind !== CONVOY) continue;
    const a = board.unitAt[it.targetProv];
    if (a >= 0 && kind[a] === MOVE && dst[a] === it.toProv && a >= 0 && board.units[a].powerIndex === f.powerIndex)
      convoyedArr[a] = 1;
  }
  // Match supports and convoys with what their units actually do.
  const voidOrder = new Uint8Array(n);
  for (const s of board.units) {
    const it = intents[s.index];
    if (!it) continue;
    const t = it.targetProv >= 0 ? board.unitAt[it.targetProv] : -1;
    if (it.kind === SUPPORT) {
      let ok = t >= 0;
      if (ok && it.supportHold) ok = kind[t] !== MOVE;
      else if (ok) {
        ok = kind[t] === MOVE && dst[t] === it.toProv;
        if (ok && it.toCoast) ok = map.locations[intents[t]!.toLoc].coast === it.toCoast;
      }
      if (ok) target[s.index] = t;
      else voidOrder[s.index] = 1;
    } else if (it.kind === CONVOY) {
      const ordered = t >= 0 && kind[t] === MOVE && dst[t] === it.toProv;
      if (!ordered) voidOrder[s.index] = 1;
      else if (convoyedArr[t]) target[s.index] = t;
    }
  }

  const provAdj = fleetProvinceAdjacency(map);
  const res = resolve({
    n,
    prov,
    power,
    kind,
    dst,
    convoyed: convoyedArr,
    target,
    unitAt: board.unitAt,
    convoyAdjacent: (a, b) => provAdj[a * P + b] === 1,
  });

  // Who moved, who was dislodged, what stays.
  const moved = new Uint8Array(n);
  const dislodgedBy = new Int32Array(n).fill(-1);
  for (let u = 0; u < n; u++) if (kind[u] === MOVE && res.decision[u]) moved[u] = 1;
  for (let u = 0; u < n; u++) {
    if (moved[u]) continue;
    for (const m of res.movesInto[prov[u]]) if (moved[m]) dislodgedBy[u] = m;
  }
  const occupied = new Uint8Array(P);
  for (let u = 0; u < n; u++) {
    if (moved[u]) occupied[dst[u]] = 1;
    else if (dislodgedBy[u] < 0) occupied[prov[u]] = 1;
  }
  const contested = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    if (occupied[p]) continue;
    let tries = 0;
    for (const m of res.movesInto[p]) if (res.pathOk[m]) tries++;
    if (tries >= 2) contested[p] = 1;
  }

  // Results of each order.
  for (const u of board.units) {
    const i = orderOf[u.index];
    const it = intents[u.index];
    if (i < 0 || !it) continue;
    const dis = dislodgedBy[u.index] >= 0;
    if (it.kind === MOVE) {
      if (moved[u.index]) outcomes[i] = { result: 'succeeds' };
      else if (res.paradox[u.index]) outcomes[i] = { result: 'fails', reason: 'convoy paradox (Szykman rule)' };
      else if (convoyedArr[u.index] && !res.pathOk[u.index])
        outcomes[i] = { result: 'fails', reason: 'no convoy route held' };
      else outcomes[i] = { result: 'fails', reason: 'bounced' };
    } else if (it.kind === SUPPORT) {
      if (voidOrder[u.index]) outcomes[i] = { result: 'void', reason: 'the supported unit was not ordered so' };
      else outcomes[i] = res.decision[u.index] ? { result: 'succeeds' } : { result: 'fails', reason: dis ? 'dislodged' : 'cut' };
    } else if (it.kind === CONVOY) {
      if (voidOrder[u.index]) outcomes[i] = { result: 'void', reason: 'the convoyed army was not ordered so' };
      else if (dis) outcomes[i] = { result: 'fails', reason: 'dislodged' };
      else if (res.paradox[u.index]) outcomes[i] = { result: 'fails', reason: 'convoy paradox (Szykman rule)' };
      else outcomes[i] = { result: 'succeeds' };
    } else if (it.kind === SPECIAL) {
      const attacked = res.movesInto[u.prov].some((m) => res.pathOk[m] && power[m] !== power[u.index]);
      outcomes[i] = attacked ? { result: 'fails', reason: 'attacked' } : { result: 'succeeds' };
    } else outcomes[i] = dis ? { result: 'fails', reason: 'dislodged' } : { result: 'succeeds' };
  }

  // The new position.
  const units: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  const supplyCenters = { ...input.supplyCenters };
  for (const u of board.units) {
    const it = intents[u.index];
    let type = u.type;
    if (it?.burns) type = 'A';
    if (dislodgedBy[u.index] >= 0) {
      const m = dislodgedBy[u.index];
      const d: DislodgedUnit = { power: u.power, type, location: u.location, attackerFrom: map.provinces[prov[m]].id };
      if (convoyedArr[m]) d.attackerConvoyed = true;
      d.retreats = retreatOptions(variant, { ...u, type }, d.attackerConvoyed ? -1 : prov[m], occupied, contested);
      dislodged.push(d);
      continue;
    }
    if (moved[u.index]) {
      const toLoc = it!.toLoc;
      units.push({ power: u.power, type, location: map.locations[it!.burns ? map.locationsOf[it!.toProv][0] : toLoc].id });
      continue;
    }
    if (it?.special && outcomes[orderOf[u.index]].result === 'succeeds') {
      if (it.special === 'build-boats') {
        units.push({ power: u.power, type: 'B', location: map.locations[it.boatLoc!].id });
        continue;
      }
      const here = map.provinces[u.prov].id;
      tradingPosts[here] = u.power;
      supplyCenters[here] = u.power;
    }
    units.push({ power: u.power, type, location: u.location });
  }
  const contestedIds: string[] = [];
  for (let p = 0; p < P; p++) if (contested[p]) contestedIds.push(map.provinces[p].id);
  return { outcomes, units, dislodged, contested: contestedIds, supplyCenters, tradingPosts };
}

/** Where a dislodged unit may retreat: not to the attacker's origin, an occupied or a contested province. */
export function retreatOptions(
  variant: Variant,
  unit: { type: Unit['type']; loc: number; prov: number },
  attackerFrom: number,
  occupied: Uint8Array,
  contested: Uint8Array,
): string[] {
  const map = variant.map;
  if (unit.type === 'F' && variant.rules.europeanFleets) return [];
  const out: string[] = [];
  const open = (q: number) => q !== attackerFrom && !occupied[q] && !contested[q];
  if (unit.type === 'A' || unit.type === 'B') {
    for (const q of map.armyNeighbours[unit.prov]) {
      if (!open(q)) continue;
      if (unit.type === 'B' && map.fleetReachesProvince(unit.loc, q)) continue;
      out.push(map.provinces[q].id);
    }
  }
  if (unit.type === 'F' || unit.type === 'B') {
    for (const l of map.fleetNeighbours[unit.loc]) {
      const q = map.locations[l].province;
      if (!open(q)) continue;
      if (unit.type === 'B' && !canStand(variant, 'B', l)) continue;
      out.push(map.locations[l].id);
    }
  }
  return out.sort();
}

function article(s: string) {
  return /^[aeiou]/.test(s) ? `an ${s}` : `a ${s}`;
}
