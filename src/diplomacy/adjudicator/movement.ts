// The movement phase: check each order against the board, hand the legal ones to the resolver,
// and turn its decisions into results, the new position, dislodgements and retreat options.
import type { DipMap } from '../maps/map.ts';
import type { DislodgedUnit, Order, OrderResult, Unit, UnitRef } from '../types.ts';
import type { Variant } from '../variants/variant.ts';
import { aUnit, canStand } from './board.ts';
import { convoyRouteExists, fleetProvinceAdjacency } from './convoy.ts';
import { CONVOY, HOLD, MOVE, Resolver, SUPPORT } from './resolver.ts';
import { Illegal, type Intent, type MovementBoard, orderKind, SPECIAL } from '../kinds/index.ts';
import { orderedUnit } from '../kinds/board.ts';

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

/**
 * The board the order kinds check movement orders against, with nothing ordered yet. It lives in
 * buffers shared per map: read it (options) before the next phase of that map is adjudicated.
 */
export function movementBoard(variant: Variant, input: MovementInput): MovementBoard {
  return new MovementPhase(variant, input);
}

class MovementPhase implements MovementBoard {
  readonly phase = 'movement';
  readonly map: DipMap;
  private readonly P: number;
  readonly units: Unit[];
  private readonly s: Scratch;
  private readonly r: Resolver;
  readonly intents: (Intent | null)[];
  private readonly powers: string[] = [];
  readonly tradingPosts: Record<string, string>;
  private targetsOf: ({ to: string; viaConvoy: boolean }[] | undefined)[] = [];

  constructor(
    readonly variant: Variant,
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
    this.s.orderOf.fill(-1, 0, n);
  }

  get unitAt() {
    return this.r.unitAt;
  }
  get prov() {
    return this.r.prov;
  }
  get loc() {
    return this.s.loc;
  }
  get capable() {
    return this.s.capable;
  }
  get orderOf() {
    return this.s.orderOf;
  }

  /** Where unit u could move: its neighbours, and for armies and bunches the coasts a convoy could reach. */
  targets(u: number): { to: string; viaConvoy: boolean }[] {
    const known = this.targetsOf[u];
    if (known) return known;
    const map = this.map;
    const unit = this.units[u];
    const from = map.locations[this.s.loc[u]];
    const out: { to: string; viaConvoy: boolean }[] = [];
    const direct = new Set<number>();
    if (unit.type === 'A')
      for (const q of map.armyNeighbours[from.province]) {
        out.push({ to: map.provinces[q].id, viaConvoy: false });
        direct.add(q);
      }
    else
      for (const l of map.fleetNeighbours[from.index])
        if (canStand(map, unit.type, l)) {
          out.push({ to: map.locations[l].id, viaConvoy: false });
          direct.add(map.locations[l].province);
        }
    const convoyable = unit.type === 'A' || (unit.type === 'B' && this.variant.rules.boatBunches);
    if (convoyable && map.provinces[from.province].type === 'coast')
      for (const p of map.provinces) {
        if (p.index === from.province || direct.has(p.index) || p.type !== 'coast') continue;
        if (!convoyRouteExists(map, this.s.capable, from.province, p.index)) continue;
        if (unit.type === 'A') out.push({ to: p.id, viaConvoy: true });
        else
          for (const l of map.locationsOf[p.index])
            if (canStand(map, unit.type, l)) out.push({ to: map.locations[l].id, viaConvoy: true });
      }
    this.targetsOf[u] = out;
    return out;
  }

  private powerIndex(name: string): number {
    const i = this.powers.indexOf(name);
    if (i >= 0) return i;
    this.powers.push(name);
    return this.powers.length - 1;
  }

  name(prov: number) {
    return this.map.provinces[prov].name;
  }

  locName(loc: number) {
    const l = this.map.locations[loc];
    return l.coast ? `${this.name(l.province)} (${l.coast})` : this.name(l.province);
  }

  provinceIndex(location: string): number {
    const l = this.map.location(location) ?? this.map.location(location.split('/')[0]);
    return l ? l.province : -1;
  }

  findUnit(power: string, ref: UnitRef): number {
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
  fleetDestination(fromLoc: number, to: string): number {
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
  inland(u: number, q: number): boolean {
    return this.map.armyAdjacent(this.r.prov[u], q) && !this.map.fleetReachesProvince(this.s.loc[u], q);
  }

  /** Whether fleets on the board could convoy from src to dst (without the fleet in `without`). */
  convoyConceivable(src: number, dst: number, without = -1): boolean {
    return convoyRouteExists(this.map, this.s.capable, src, dst, without);
  }

  /** Whether unit u could move into province q (ignoring coasts), as supports require. */
  canReach(u: number, q: number): boolean {
    const type = this.units[u].type;
    if (type === 'A') return this.map.armyAdjacent(this.r.prov[u], q);
    if (type === 'F') return this.map.fleetReachesProvince(this.s.loc[u], q);
    if (this.map.provinces[q].ocean) return false;
    return this.map.fleetReachesProvince(this.s.loc[u], q) || this.inland(u, q);
  }

  /** Whether unit t could ever make the move a support names (DATC 6.D.22-24, 6.D.31). */
  movePossible(t: number, q: number, coast: string | undefined, supporter: number): boolean {
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

  run(orders: PowerOrder[]): MovementOutcome {
    const { map, r, s, units, intents, P } = this;
    const n = units.length;
    const outcomes: OrderOutcome[] = new Array(orders.length);
    const { orderOf, voidOrder, moved, dislodgedBy, occupied, contested } = s;

    for (let i = 0; i < orders.length; i++) {
      const po = orders[i];
      const o = po.order;
      const k = orderKind(o);
      const why = k.problem(this, po.power, o);
      if (why === null) {
        k.apply(this, po.power, o, i);
        outcomes[i] = { result: 'succeeds' };
        continue;
      }
      outcomes[i] = { result: 'illegal', reason: why };
      // An illegal order still takes its unit's turn: a later order for it is refused too.
      if ('unit' in o) {
        try {
          orderOf[orderedUnit(this, po.power, o.unit)] = i;
        } catch (e) {
          if (!(e instanceof Illegal)) throw e;
        }
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
        for (let i = movesStart[p]; i < movesStart[p + 1]; i++)
          if (moved[movesItems[i]]) dislodgedBy[u] = movesItems[i];
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
        const d: DislodgedUnit = {
          power: unit.power,
          type,
          location: unit.location,
          attackerFrom: map.provinces[r.prov[m]].id,
        };
        if (convoyed[m]) d.attackerConvoyed = true;
        d.retreats = retreatOptions(
          this.variant,
          { type, loc: s.loc[u], prov: r.prov[u] },
          convoyed[m] ? -1 : r.prov[m],
          occupied,
          contested,
        );
        dislodged.push(d);
      } else if (moved[u]) {
        out.push({
          power: unit.power,
          type,
          location: map.locations[it!.burns ? map.locationsOf[it!.toProv][0] : it!.toLoc].id,
        });
      } else if (it?.special && outcomes[orderOf[u]].result === 'succeeds') {
        if (it.special === 'build-boats')
          out.push({ power: unit.power, type: 'B', location: map.locations[it.boatLoc].id });
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
