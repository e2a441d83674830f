// The movement phase: check each order against the board, hand the legal ones to the resolver,
// and turn its decisions into results, the new position, dislodgements and retreat options.
import type { DipMap } from '../maps/map.ts';
import type { DislodgedUnit, Order, OrderResult, Unit, UnitRef } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { aUnit, canStand, unitTypeName } from './board.ts';
import { convoyRouteExists, fleetProvinceAdjacency, onConvoyRoute } from './convoy.ts';
import { CONVOY, HOLD, MOVE, Resolver, SUPPORT } from './resolver.ts';

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

/** Heiau `= B` and `= C`: the unit stays put like a holding unit. */
const SPECIAL = 4;

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
  special: 'build-boats' | 'trading-post' | null;
  /** build-boats: the location of the new boat bunch. */
  boatLoc: number;
}

function intent(kind: number, toProv = -1, targetProv = -1): Intent {
  return { kind, toLoc: -1, toProv, viaConvoy: false, burns: false, targetProv, toCoast: null, supportHold: false, special: null, boatLoc: -1 };
}

class Illegal {
  constructor(readonly reason: string) {}
}

/** Buffers kept per map and reused from phase to phase. */
interface Scratch {
  resolver: Resolver;
  capable: Uint8Array;
  loc: Int32Array;
  orderOf: Int32Array;
  voidOrder: Uint8Array;
  moved: Uint8Array;
  dislodgedBy: Int32Array;
  occupied: Uint8Array;
  contested: Uint8Array;
}
const scratchByMap = new WeakMap<DipMap, Scratch>();

function scratchFor(map: DipMap): Scratch {
  let s = scratchByMap.get(map);
  if (!s) {
    const P = map.provinces.length;
    s = {
      resolver: new Resolver(P, fleetProvinceAdjacency(map)),
      capable: new Uint8Array(P),
      loc: new Int32Array(P),
      orderOf: new Int32Array(P),
      voidOrder: new Uint8Array(P),
      moved: new Uint8Array(P),
      dislodgedBy: new Int32Array(P),
      occupied: new Uint8Array(P),
      contested: new Uint8Array(P),
    };
    scratchByMap.set(map, s);
  }
  return s;
}

export function adjudicateMovement(variant: Variant, input: MovementInput, orders: PowerOrder[]): MovementOutcome {
  return new MovementPhase(variant, input).run(orders);
}

class MovementPhase {
  private readonly map: DipMap;
  private readonly P: number;
  private readonly units: Unit[];
  private readonly s: Scratch;
  private readonly r: Resolver;
  private readonly intents: (Intent | null)[];
  private readonly powers: string[] = [];
  private readonly tradingPosts: Record<string, string>;

  constructor(
    private readonly variant: Variant,
    private readonly input: MovementInput,
  ) {
    this.map = variant.map;
    this.P = this.map.provinces.length;
    this.units = input.units;
    this.s = scratchFor(this.map);
    this.r = this.s.resolver;
    this.intents = new Array(input.units.length).fill(null);
    this.tradingPosts = { ...(input.tradingPosts ?? {}) };
    const n = input.units.length;
    if (n > this.P) throw new Error('more units than provinces');
    const r = this.r;
    r.begin(n);
    const { capable, loc } = this.s;
    capable.fill(0);
    const coastalConvoys = variant.rules.coastalConvoys;
    for (let u = 0; u < n; u++) {
      const unit = input.units[u];
      const l = this.map.location(unit.location);
      if (!l) throw new Error(`unknown location '${unit.location}' for ${unit.power}'s unit`);
      if (r.unitAt[l.province] >= 0) throw new Error(`two units stand in ${this.map.provinces[l.province].name}`);
      r.unitAt[l.province] = u;
      r.prov[u] = l.province;
      loc[u] = l.index;
      r.power[u] = this.powerIndex(unit.power);
      const t = this.map.provinces[l.province].type;
      if (unit.type === 'F' && (t === 'sea' || (coastalConvoys && t === 'coast'))) capable[l.province] = 1;
    }
  }

  private powerIndex(name: string): number {
    const i = this.powers.indexOf(name);
    if (i >= 0) return i;
    this.powers.push(name);
    return this.powers.length - 1;
  }

  private name(prov: number) {
    return this.map.provinces[prov].name;
  }

  private locName(loc: number) {
    const l = this.map.locations[loc];
    return l.coast ? `${this.name(l.province)} (${l.coast})` : this.name(l.province);
  }

  private provinceIndex(location: string): number {
    const l = this.map.location(location) ?? this.map.location(location.split('/')[0]);
    return l ? l.province : -1;
  }

  private findUnit(power: string, ref: UnitRef): number {
    const p = this.provinceIndex(ref.location);
    if (p < 0) throw new Illegal(`there is no place called ${ref.location}`);
    const u = this.r.unitAt[p];
    if (u < 0) throw new Illegal(`there is no unit in ${this.name(p)}`);
    const unit = this.units[u];
    if (unit.power !== power && unit.power.toLowerCase() !== power.toLowerCase())
      throw new Illegal(`the unit in ${this.name(p)} belongs to ${unit.power}`);
    if (ref.type && ref.type !== unit.type)
      throw new Illegal(`the unit in ${this.name(p)} is ${aUnit(unit.type)}, not ${aUnit(ref.type)}`);
    return u;
  }

  /** Resolve a fleet-like destination to a location index, filling in the only possible coast. */
  private fleetDestination(fromLoc: number, to: string): number {
    const map = this.map;
    const slash = to.indexOf('/');
    const provId = slash < 0 ? to : to.slice(0, slash);
    const coast = slash < 0 ? '' : to.slice(slash + 1);
    const p = map.province(provId);
    if (!p) throw new Illegal(`there is no place called ${to}`);
    const locs = map.locationsOf[p.index];
    if (p.coasts.length === 0) {
      if (map.fleetAdjacent(fromLoc, locs[0])) return locs[0];
      throw new Illegal(`${this.locName(fromLoc)} is not adjacent to ${p.name} by sea`);
    }
    if (coast) {
      const l = map.location(`${p.id}/${coast}`);
      if (!l) throw new Illegal(`${p.name} has no coast '${coast}'`);
      if (map.fleetAdjacent(fromLoc, l.index)) return l.index;
      throw new Illegal(`${this.locName(fromLoc)} is not adjacent to ${this.locName(l.index)}`);
    }
    const reachable = locs.filter((l) => map.fleetAdjacent(fromLoc, l));
    if (reachable.length === 1) return reachable[0];
    if (reachable.length === 0) throw new Illegal(`${this.locName(fromLoc)} is not adjacent to ${p.name} by sea`);
    throw new Illegal(`say which coast of ${p.name}: ${reachable.map((l) => map.locations[l].coast).join(' or ')}`);
  }

  /** Whether a boat bunch at unit u would go inland (by marching) to province q. */
  private inland(u: number, q: number): boolean {
    return this.map.armyAdjacent(this.r.prov[u], q) && !this.map.fleetReachesProvince(this.s.loc[u], q);
  }

  /** Whether fleets on the board could convoy from src to dst (without the fleet in `without`). */
  private convoyConceivable(src: number, dst: number, without = -1): boolean {
    return convoyRouteExists(this.map, this.s.capable, src, dst, without);
  }

  private checkMove(u: number, to: string, viaConvoy: boolean): Intent {
    const map = this.map;
    const unit = this.units[u];
    const from = this.r.prov[u];
    const qi = this.provinceIndex(to);
    if (qi < 0) throw new Illegal(`there is no place called ${to}`);
    const q = map.provinces[qi];
    if (qi === from) throw new Illegal('a unit cannot move to the province it is in');
    if (q.type === 'impassable') throw new Illegal(`${q.name} is impassable`);
    const it = intent(MOVE, qi);
    it.viaConvoy = viaConvoy;
    if (unit.type === 'A') {
      if (q.type === 'sea') throw new Illegal(`an army cannot move to ${q.name}, a sea`);
      it.toLoc = map.locationsOf[qi][0];
      if (!map.armyAdjacent(from, qi) || viaConvoy) {
        if (!this.convoyConceivable(from, qi)) throw new Illegal(`${this.name(from)} is not adjacent to ${q.name} and no fleet can convoy there`);
        it.viaConvoy = true;
      }
      return it;
    }
    if (unit.type === 'F') {
      if (viaConvoy) throw new Illegal('only armies and boat bunches can be convoyed');
      it.toLoc = this.fleetDestination(this.s.loc[u], to);
      return it;
    }
    // Boat bunch: like a fleet, but never into the open ocean; inland it marches and burns its boats.
    if (q.ocean) throw new Illegal(`boat bunches cannot move to ${q.name}`);
    if (!viaConvoy && map.fleetReachesProvince(this.s.loc[u], qi)) {
      it.toLoc = this.fleetDestination(this.s.loc[u], to);
      return it;
    }
    if (!viaConvoy && this.inland(u, qi)) {
      it.toLoc = map.locationsOf[qi][0];
      it.burns = true;
      return it;
    }
    if (!this.convoyConceivable(from, qi)) throw new Illegal(`${this.name(from)} is not adjacent to ${q.name} and no fleet can convoy there`);
    let coast = to.split('/')[1];
    if (q.coasts.length > 0 && !coast) {
      // The bunch lands on a coast the last convoying fleet's water touches: when the fleets that
      // could be last all touch one coast, that is the coast; only otherwise must it be named.
      const landings = new Set<string>();
      for (const l of map.locationsOf[qi]) {
        for (let w = 0; w < map.provinces.length; w++) {
          if (!this.s.capable[w] || w === from) continue;
          for (const wl of map.locationsOf[w]) if (map.fleetAdjacent(wl, l)) landings.add(map.locations[l].coast ?? '');
        }
      }
      if (landings.size !== 1) throw new Illegal(`say which coast of ${q.name} the boat bunch lands on`);
      coast = [...landings][0]!;
    } else if (q.coasts.length > 0) {
      const l = map.location(`${q.id}/${coast}`);
      const touched = !!l && map.provinces.some((w) => w.index !== from && this.s.capable[w.index] && map.locationsOf[w.index].some((wl) => map.fleetAdjacent(wl, l.index)));
      if (l && !touched) throw new Illegal(`a convoyed boat bunch lands on a coast its last convoying fleet touches; no fleet touches ${q.name} (${coast})`);
    }
    it.toLoc = map.location(coast ? `${q.id}/${coast}` : q.id)?.index ?? -1;
    if (it.toLoc < 0) throw new Illegal(`${q.name} has no coast '${coast}'`);
    it.viaConvoy = true;
    return it;
  }

  /** Whether unit u could move into province q (ignoring coasts), as supports require. */
  private canReach(u: number, q: number): boolean {
    const type = this.units[u].type;
    if (type === 'A') return this.map.armyAdjacent(this.r.prov[u], q);
    if (type === 'F') return this.map.fleetReachesProvince(this.s.loc[u], q);
    if (this.map.provinces[q].ocean) return false;
    return this.map.fleetReachesProvince(this.s.loc[u], q) || this.inland(u, q);
  }

  /** Whether unit t could ever make the move a support names (DATC 6.D.22-24, 6.D.31). */
  private movePossible(t: number, q: number, coast: string | undefined, supporter: number): boolean {
    const map = this.map;
    const dest = map.provinces[q];
    const tp = this.r.prov[t];
    const byConvoy = () => dest.type !== 'impassable' && this.convoyConceivable(tp, q, this.r.prov[supporter]);
    const type = this.units[t].type;
    if (type === 'A') return dest.type !== 'sea' && (map.armyAdjacent(tp, q) || byConvoy());
    if (type === 'F') {
      if (!coast || dest.coasts.length === 0) return map.fleetReachesProvince(this.s.loc[t], q);
      const l = map.location(`${dest.id}/${coast}`);
      return !!l && map.fleetAdjacent(this.s.loc[t], l.index);
    }
    if (dest.ocean) return false;
    return map.fleetReachesProvince(this.s.loc[t], q) || this.inland(t, q) || byConvoy();
  }

  private check(u: number, order: Order): Intent {
    const map = this.map;
    const rules = this.variant.rules;
    const unit = this.units[u];
    const here = map.provinces[this.r.prov[u]];
    switch (order.kind) {
      case 'hold':
        return intent(HOLD);
      case 'move':
        return this.checkMove(u, order.to, order.viaConvoy);
      case 'support': {
        const tp = this.provinceIndex(order.target.location);
        if (tp < 0) throw new Illegal(`there is no place called ${order.target.location}`);
        if (tp === here.index) throw new Illegal('a unit cannot support itself');
        const supported = this.r.unitAt[tp];
        if (supported < 0) throw new Illegal(`there is no unit in ${this.name(tp)} to support`);
        if (order.to === undefined) {
          if (!this.canReach(u, tp)) throw new Illegal(`${here.name} cannot reach ${this.name(tp)}, so cannot support it`);
          const it = intent(SUPPORT, tp, tp);
          it.supportHold = true;
          it.burns = unit.type === 'B' && this.inland(u, tp);
          return it;
        }
        const [toId, coast] = order.to.split('/');
        const q = map.province(toId);
        if (!q) throw new Illegal(`there is no place called ${order.to}`);
        if (q.index === tp) throw new Illegal('a unit cannot move to the province it is in');
        if (q.index === here.index) throw new Illegal('a unit cannot support a move into its own province');
        if (!this.canReach(u, q.index)) throw new Illegal(`${here.name} cannot reach ${q.name}, so cannot support a move there`);
        if (!this.movePossible(supported, q.index, coast, u))
          throw new Illegal(`the ${unitTypeName(this.units[supported].type)} in ${this.name(tp)} cannot move to ${q.name}`);
        const it = intent(SUPPORT, q.index, tp);
        it.toCoast = coast ?? null;
        it.burns = unit.type === 'B' && this.inland(u, q.index);
        return it;
      }
      case 'convoy': {
        if (unit.type !== 'F') throw new Illegal(unit.type === 'B' ? 'boat bunches cannot convoy' : 'only fleets can convoy');
        if (here.type !== 'sea' && !rules.coastalConvoys) throw new Illegal(`a fleet in ${here.name} is on a coast and cannot convoy`);
        const fp = this.provinceIndex(order.target.location);
        if (fp < 0) throw new Illegal(`there is no place called ${order.target.location}`);
        const convoyed = this.r.unitAt[fp];
        if (convoyed < 0) throw new Illegal(`there is no unit in ${this.name(fp)} to convoy`);
        const ctype = this.units[convoyed].type;
        if (ctype === 'F') throw new Illegal('fleets cannot be convoyed');
        const q = map.province(order.to.split('/')[0]);
        if (!q) throw new Illegal(`there is no place called ${order.to}`);
        if (q.index === fp) throw new Illegal('a unit cannot move to the province it is in');
        if (q.type === 'sea' && (ctype === 'A' || q.ocean))
          throw new Illegal(ctype === 'A' ? `an army cannot be convoyed to ${q.name}, a sea` : `boat bunches cannot be convoyed into ${q.name}`);
        if (!onConvoyRoute(map, this.s.capable, here.index, fp, q.index))
          throw new Illegal(`${here.name} is not on a convoy route from ${this.name(fp)} to ${q.name}`);
        return intent(CONVOY, q.index, fp);
      }
      case 'build-boats': {
        if (!rules.heiauOrders) throw new Illegal('this variant has no boat building');
        if (unit.type !== 'A') throw new Illegal('only an army can build boats');
        if (here.type !== 'coast') throw new Illegal(`${here.name} has no shore to build boats on`);
        const it = intent(SPECIAL);
        it.special = 'build-boats';
        it.boatLoc = map.locationsOf[here.index][0];
        if (here.coasts.length > 0) {
          const coast = order.unit.location.split('/')[1];
          if (!coast) throw new Illegal(`say which coast of ${here.name} the boats are built on`);
          it.boatLoc = map.location(`${here.id}/${coast}`)?.index ?? -1;
          if (it.boatLoc < 0) throw new Illegal(`${here.name} has no coast '${coast}'`);
        }
        return it;
      }
      case 'trading-post': {
        if (!rules.heiauOrders) throw new Illegal('this variant has no trading posts');
        if (unit.type !== 'F') throw new Illegal('only a European fleet can build a trading post');
        if (here.type !== 'coast') throw new Illegal('a trading post is built in a land space');
        if (here.supplyCenter || this.tradingPosts[here.id]) throw new Illegal(`${here.name} already has a heiau`);
        if (Object.values(this.tradingPosts).includes(unit.power)) throw new Illegal(`${unit.power} has already built its trading post`);
        const it = intent(SPECIAL);
        it.special = 'trading-post';
        return it;
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

  run(orders: PowerOrder[]): MovementOutcome {
    const { map, r, s, units, intents, P } = this;
    const n = units.length;
    const outcomes: OrderOutcome[] = new Array(orders.length);
    const { orderOf, voidOrder, moved, dislodgedBy, occupied, contested } = s;
    orderOf.fill(-1, 0, n);

    for (let i = 0; i < orders.length; i++) {
      const po = orders[i];
      const o = po.order;
      if (o.kind === 'build' || o.kind === 'waive') {
        outcomes[i] = { result: 'illegal', reason: 'builds are ordered in the adjustment phase' };
        continue;
      }
      try {
        const u = this.findUnit(po.power, o.unit);
        if (orderOf[u] >= 0) throw new Illegal(`${units[u].type} ${this.name(r.prov[u])} already has an order; the first one counts`);
        orderOf[u] = i;
        intents[u] = this.check(u, o);
        outcomes[i] = { result: 'succeeds' };
      } catch (e) {
        if (!(e instanceof Illegal)) throw e;
        outcomes[i] = { result: 'illegal', reason: e.reason };
      }
    }

    // Which moves go by convoy: non-adjacent ones, `via convoy`, or an own fleet convoys it (DATC 4.A.3).
    const { kind, dst, convoyed, target } = r;
    for (let u = 0; u < n; u++) {
      const it = intents[u];
      if (!it) continue;
      kind[u] = it.kind === SPECIAL ? HOLD : it.kind;
      dst[u] = it.kind === HOLD || it.kind === SPECIAL ? r.prov[u] : it.toProv;
      if (it.kind === MOVE && it.viaConvoy) convoyed[u] = 1;
    }
    for (let f = 0; f < n; f++) {
      const it = intents[f];
      if (!it || it.kind !== CONVOY) continue;
      const a = r.unitAt[it.targetProv];
      if (a >= 0 && kind[a] === MOVE && dst[a] === it.toProv && r.power[a] === r.power[f]) convoyed[a] = 1;
    }
    // Match supports and convoys with what their units actually do.
    voidOrder.fill(0, 0, n);
    for (let v = 0; v < n; v++) {
      const it = intents[v];
      if (!it) continue;
      if (it.kind === SUPPORT) {
        const t = r.unitAt[it.targetProv];
        let ok = t >= 0;
        if (ok && it.supportHold) ok = kind[t] !== MOVE;
        else if (ok) {
          ok = kind[t] === MOVE && dst[t] === it.toProv;
          if (ok && it.toCoast) ok = map.locations[intents[t]!.toLoc].coast === it.toCoast;
        }
        if (ok) target[v] = t;
        else voidOrder[v] = 1;
      } else if (it.kind === CONVOY) {
        const t = r.unitAt[it.targetProv];
        const ordered = t >= 0 && kind[t] === MOVE && dst[t] === it.toProv;
        if (!ordered) voidOrder[v] = 1;
        else if (convoyed[t]) target[v] = t;
      }
    }

    r.run();

    // Who moved, who was dislodged, what stays.
    const { movesStart, movesItems, result, paradox } = r;
    for (let u = 0; u < n; u++) moved[u] = kind[u] === MOVE && result[u] ? 1 : 0;
    occupied.fill(0);
    for (let u = 0; u < n; u++) {
      dislodgedBy[u] = -1;
      if (!moved[u]) {
        const p = r.prov[u];
        for (let i = movesStart[p]; i < movesStart[p + 1]; i++) if (moved[movesItems[i]]) dislodgedBy[u] = movesItems[i];
      }
      if (moved[u]) occupied[dst[u]] = 1;
      else if (dislodgedBy[u] < 0) occupied[r.prov[u]] = 1;
    }
    contested.fill(0);
    const contestedIds: string[] = [];
    for (let p = 0; p < P; p++) {
      if (occupied[p] || movesStart[p + 1] - movesStart[p] < 2) continue;
      let tries = 0;
      for (let i = movesStart[p]; i < movesStart[p + 1]; i++) if (r.pathOk(movesItems[i])) tries++;
      if (tries >= 2) {
        contested[p] = 1;
        contestedIds.push(map.provinces[p].id);
      }
    }

    // Results of each order.
    for (let u = 0; u < n; u++) {
      const i = orderOf[u];
      const it = intents[u];
      if (i < 0 || !it) continue;
      const dis = dislodgedBy[u] >= 0;
      if (it.kind === MOVE) {
        if (moved[u]) outcomes[i] = { result: 'succeeds' };
        else if (paradox[u]) outcomes[i] = { result: 'fails', reason: 'convoy paradox (Szykman rule)' };
        else if (convoyed[u] && !r.pathOk(u)) outcomes[i] = { result: 'fails', reason: 'no convoy route held' };
        else outcomes[i] = { result: 'fails', reason: 'bounced' };
      } else if (it.kind === SUPPORT) {
        if (voidOrder[u]) outcomes[i] = { result: 'void', reason: 'the supported unit was not ordered so' };
        else outcomes[i] = result[u] ? { result: 'succeeds' } : { result: 'fails', reason: dis ? 'dislodged' : 'cut' };
      } else if (it.kind === CONVOY) {
        if (voidOrder[u]) outcomes[i] = { result: 'void', reason: 'the convoyed army was not ordered so' };
        else if (dis) outcomes[i] = { result: 'fails', reason: 'dislodged' };
        else if (paradox[u]) outcomes[i] = { result: 'fails', reason: 'convoy paradox (Szykman rule)' };
        else outcomes[i] = { result: 'succeeds' };
      } else if (it.kind === SPECIAL) {
        // Attacked: any foreign move with a route into the province, successful or not.
        let attacked = false;
        const p = r.prov[u];
        for (let k = movesStart[p]; k < movesStart[p + 1]; k++) {
          const m = movesItems[k];
          if (r.power[m] !== r.power[u] && r.pathOk(m)) attacked = true;
        }
        outcomes[i] = attacked ? { result: 'fails', reason: 'attacked' } : { result: 'succeeds' };
      } else outcomes[i] = dis ? { result: 'fails', reason: 'dislodged' } : { result: 'succeeds' };
    }

    // The new position.
    const out: Unit[] = [];
    const dislodged: DislodgedUnit[] = [];
    let supplyCenters = this.input.supplyCenters;
    for (let u = 0; u < n; u++) {
      const unit = units[u];
      const it = intents[u];
      const type = it?.burns ? 'A' : unit.type;
      if (dislodgedBy[u] >= 0) {
        const m = dislodgedBy[u];
        const d: DislodgedUnit = { power: unit.power, type, location: unit.location, attackerFrom: map.provinces[r.prov[m]].id };
        if (convoyed[m]) d.attackerConvoyed = true;
        d.retreats = retreatOptions(this.variant, { type, loc: s.loc[u], prov: r.prov[u] }, convoyed[m] ? -1 : r.prov[m], occupied, contested);
        dislodged.push(d);
      } else if (moved[u]) {
        out.push({ power: unit.power, type, location: map.locations[it!.burns ? map.locationsOf[it!.toProv][0] : it!.toLoc].id });
      } else if (it?.special && outcomes[orderOf[u]].result === 'succeeds') {
        if (it.special === 'build-boats') out.push({ power: unit.power, type: 'B', location: map.locations[it.boatLoc].id });
        else {
          const here = map.provinces[r.prov[u]].id;
          this.tradingPosts[here] = unit.power;
          if (supplyCenters === this.input.supplyCenters) supplyCenters = { ...supplyCenters };
          supplyCenters[here] = unit.power;
          out.push(type === unit.type ? unit : { power: unit.power, type, location: unit.location });
        }
      } else out.push(type === unit.type ? unit : { power: unit.power, type, location: unit.location });
    }
    return { outcomes, units: out, dislodged, contested: contestedIds, supplyCenters, tradingPosts: this.tradingPosts };
  }
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
      if (unit.type === 'B' && !canStand(map, 'B', l)) continue;
      out.push(map.locations[l].id);
    }
  }
  return out.sort();
}

