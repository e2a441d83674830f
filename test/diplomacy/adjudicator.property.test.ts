// Property tests of the adjudicator on random positions and random orders (legal and illegal,
// of every kind): it never throws, is deterministic and independent of the order the orders come
// in, never stacks two units in one province, conserves units through a movement phase, and
// offers retreats only where the rules allow. Standard, then a smaller run on Heiau.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjudicateAdjustments, adjustmentsDue } from '../../src/diplomacy/adjudicator/adjustment.ts';
import { canStand } from '../../src/diplomacy/adjudicator/board.ts';
import { adjudicate, retreatsOf } from '../../src/diplomacy/adjudicator/index.ts';
import { adjudicateMovement, type MovementOutcome, type PowerOrder } from '../../src/diplomacy/adjudicator/movement.ts';
import { adjudicateRetreats } from '../../src/diplomacy/adjudicator/retreat.ts';
import { formatOrder } from '../../src/diplomacy/orders/index.ts';
import type { DislodgedUnit, Order, Unit, UnitRef, UnitType } from '../../src/diplomacy/types.ts';
import { getVariant, type Variant } from '../../src/diplomacy/variants/index.ts';
import { makeRng, randomOrders, randomPosition } from '../../bench/positions.ts';

const standard = getVariant('standard')!;
const heiau = getVariant('heiau')!;
const RESULTS = ['succeeds', 'fails', 'illegal', 'void'];

// ---------------------------------------------------------------- generators

/** A unit spec: province, "prefer a fleet", power, coast choice. Mapped onto a legal spot. */
const unitSpec = (P: number, powers: number) => fc.tuple(fc.nat(P - 1), fc.nat(2), fc.nat(powers - 1), fc.nat(3));

/** Units on distinct provinces, each of a type that may stand there. */
function placeUnits(v: Variant, specs: [number, number, number, number][]): Unit[] {
  const map = v.map;
  const seen = new Set<number>();
  const units: Unit[] = [];
  const types: UnitType[] = v.rules.boatBunches ? ['A', 'F', 'B'] : ['A', 'F'];
  for (const [p, t, w, c] of specs) {
    if (seen.has(p) || map.provinces[p].type === 'impassable') continue;
    // The preferred type first, then the others, on any location of the province.
    const order = [...types.slice(t % types.length), ...types.slice(0, t % types.length)];
    let placed: Unit | undefined;
    for (const type of order) {
      const locs = map.locationsOf[p].filter((l) => canStand(v.map, type, l));
      if (locs.length) {
        placed = { power: map.powers[w % map.powers.length], type, location: map.locations[locs[c % locs.length]].id };
        break;
      }
    }
    if (!placed) continue;
    seen.add(p);
    units.push(placed);
  }
  return units;
}

/** An order spec: what kind, which unit, and numbers that pick places and targets. */
const orderSpec = fc.tuple(fc.nat(21), fc.nat(99), fc.nat(999), fc.nat(999), fc.nat(9), fc.nat(9));
type OrderSpec = [number, number, number, number, number, number];

/** An order from a spec: mostly plausible (neighbours, real units), sometimes anything at all. */
function makeOrder(
  v: Variant,
  units: Unit[],
  [kind, who, a, b, typeSel, powerSel]: OrderSpec,
  index: number,
): PowerOrder {
  const map = v.map;
  const L = map.locations.length;
  const anyLoc = (k: number) => map.locations[k % L].id;
  // The first orders go to each unit in turn, later ones to any unit (a second order for it).
  const u: Unit = units.length
    ? units[index < units.length ? index : who % units.length]
    : { power: map.powers[0], type: 'A', location: anyLoc(who) };
  // Type as written: right, left out, or wrong; now and then a place with no unit.
  const refOf = (x: Unit, k: number): UnitRef => {
    const wrong = (['A', 'F', 'B'] as const).filter((t) => t !== x.type)[(a + b) % 2];
    const type = k <= 5 ? x.type : k === 7 ? wrong : undefined;
    return { type, location: k === 9 ? anyLoc(a + b) : x.location };
  };
  const unit = refOf(u, typeSel);
  const power =
    powerSel === 0 ? map.powers[(a + b) % map.powers.length] : powerSel === 1 ? u.power.toUpperCase() : u.power;
  const loc = map.location(u.location)!;
  // Where a unit could go: its own kind of neighbours (a boat bunch both), or, one time in six, either kind.
  const near = (x: Unit, k: number): string => {
    const l = map.location(x.location)!.index;
    const byLand = map.armyNeighbours[map.locations[l].province].map((q) => map.provinces[q].id);
    const bySea = map.fleetNeighbours[l].map((m) => map.locations[m].id);
    const all = k % 6 === 0 || x.type === 'B' ? [...byLand, ...bySea] : x.type === 'A' ? byLand : bySea;
    return all.length ? all[k % all.length] : anyLoc(k);
  };
  const prov = (x: Unit | string) => map.provinceOf(typeof x === 'string' ? x : x.location)!.index;
  const reaches = new Set([
    ...(u.type !== 'F' ? map.armyNeighbours[loc.province] : []),
    ...(u.type !== 'A' ? map.fleetNeighbours[loc.index].map((m) => map.locations[m].province) : []),
  ]);
  // Mostly a unit next to this one (one it could support), else any unit.
  const neighbours = units.filter((x) => x !== u && reaches.has(prov(x)));
  const other =
    neighbours.length && a % 4 ? neighbours[a % neighbours.length] : units.length ? units[a % units.length] : u;
  // A move of `other` this unit could support, when there is one.
  const supportable = (k: number) => {
    const l = map.location(other.location)!.index;
    const dests = [
      ...map.armyNeighbours[map.locations[l].province].map((q) => map.provinces[q].id),
      ...map.fleetNeighbours[l].map((m) => map.locations[m].id),
    ].filter((d) => reaches.has(prov(d)));
    return dests.length && k % 5 ? dests[k % dests.length] : near(other, k);
  };
  let order: Order;
  // Kinds 16-21 weigh plausible moves and supports more heavily.
  switch (kind > 15 ? [16, 16, 5, 6, 7, 5][kind - 16] : kind) {
    case 16: {
      // An attack: a move into a neighbouring province that holds a unit, when there is one.
      const dests = [0, 1, 2, 3, 4, 5]
        .map((k) => near(u, b + k))
        .filter((d) => units.some((x) => x !== u && prov(x) === prov(d)));
      order = { kind: 'move', unit, to: dests.length ? dests[a % dests.length] : near(u, b), viaConvoy: false };
      break;
    }
    case 0:
      order = { kind: 'hold', unit };
      break;
    case 1:
    case 2:
    case 3:
      order = { kind: 'move', unit, to: near(u, b), viaConvoy: false };
      break;
    case 4:
      order = { kind: 'move', unit, to: anyLoc(b), viaConvoy: a % 2 === 0 };
      break;
    case 5:
    case 6:
      order = { kind: 'support', unit, target: refOf(other, b % 8), to: supportable(b) };
      break;
    case 7:
      order = { kind: 'support', unit, target: refOf(other, b % 8) };
      break;
    case 8:
      order = { kind: 'support', unit, target: { location: anyLoc(a) }, to: a % 3 ? anyLoc(b) : undefined };
      break;
    case 9:
      order = { kind: 'convoy', unit, target: refOf(other, b % 8), to: a % 2 ? near(other, b) : anyLoc(b) };
      break;
    case 10:
      order = { kind: 'retreat', unit, to: near(u, b) };
      break;
    case 11:
      order = { kind: 'disband', unit };
      break;
    case 12:
      order =
        a % 2 ? { kind: 'build', unitType: (['A', 'F', 'B'] as const)[b % 3], location: anyLoc(b) } : { kind: 'waive' };
      break;
    case 13:
      order = { kind: 'build-boats', unit };
      break;
    case 14:
      order = { kind: 'trading-post', unit };
      break;
    default:
      order = { kind: 'move', unit, to: near(u, b), viaConvoy: true };
  }
  return { power, order };
}

/**
 * Most supports of a move are made to match what the supported unit was actually ordered to do
 * (a real game's supports mostly do), so that attacks succeed and units are dislodged.
 */
function coherentSupports(v: Variant, orders: PowerOrder[], specs: OrderSpec[]) {
  const map = v.map;
  const prov = (loc: string) => map.provinceOf(loc)?.index ?? -1;
  const first = new Map<number, Order>();
  for (const { order } of orders)
    if ('unit' in order && !first.has(prov(order.unit.location))) first.set(prov(order.unit.location), order);
  const moves = [...first.values()].filter((o) => o.kind === 'move');
  orders.forEach((po, i) => {
    const o = po.order;
    if (o.kind !== 'support' || specs[i][2] % 3 === 0) return;
    const s = map.location(o.unit.location);
    if (!s) return;
    // Mostly: support a move this unit can reach the destination of, if one is ordered.
    const reachable = moves.filter(
      (m) =>
        m.kind === 'move' &&
        prov(m.to) !== s.province &&
        prov(m.unit.location) !== s.province &&
        (o.unit.type === 'A'
          ? map.armyAdjacent(s.province, prov(m.to))
          : map.fleetReachesProvince(s.index, prov(m.to))),
    );
    if (reachable.length && specs[i][3] % 3) {
      const m = reachable[specs[i][3] % reachable.length] as Extract<Order, { kind: 'move' }>;
      po.order = { kind: 'support', unit: o.unit, target: m.unit, to: m.to };
      return;
    }
    const t = first.get(prov(o.target.location));
    if (!t) return;
    if (t.kind !== 'move') {
      po.order = { kind: 'support', unit: o.unit, target: o.target };
      return;
    }
    const q = prov(t.to);
    if (q < 0 || q === s.province) return;
    const reach = o.unit.type === 'A' ? map.armyAdjacent(s.province, q) : map.fleetReachesProvince(s.index, q);
    if (reach)
      po.order = { kind: 'support', unit: o.unit, target: o.target, to: specs[i][3] % 4 ? map.provinces[q].id : t.to };
  });
}

interface Movement {
  units: Unit[];
  supplyCenters: Record<string, string>;
  orders: PowerOrder[];
  /** A permutation of the orders' indices. */
  perm: number[];
}

function movementArb(v: Variant, maxUnits: number, maxOrders: number): fc.Arbitrary<Movement> {
  const P = v.map.provinces.length;
  return fc
    .record({
      specs: fc.array(unitSpec(P, v.map.powers.length), {
        minLength: Math.min(14, maxUnits),
        maxLength: maxUnits,
        size: 'max',
      }),
      orders: fc.array(orderSpec, { maxLength: maxOrders, size: 'max' }),
      owners: fc.array(fc.nat(v.map.powers.length), { minLength: P, maxLength: P }),
      extra: fc.nat(6),
      keys: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: maxOrders, maxLength: maxOrders }),
    })
    .map(({ specs, orders, extra, owners, keys }) => {
      const units = placeUnits(v, specs);
      // About one order per unit, and a few more (second orders for a unit, orders for no unit).
      const po = orders.slice(0, units.length + extra).map((s, i) => makeOrder(v, units, s, i));
      coherentSupports(v, po, orders);
      const supplyCenters: Record<string, string> = {};
      for (const c of v.map.supplyCenters)
        if (owners[c.index] < v.map.powers.length) supplyCenters[c.id] = v.map.powers[owners[c.index]];
      const perm = po.map((_, i) => i).sort((x, y) => keys[x] - keys[y] || x - y);
      return { units, supplyCenters, orders: po, perm };
    });
}

// ---------------------------------------------------------------- checks

const provinceOf = (v: Variant, loc: string) => v.map.provinceOf(loc)!.id;

function expectNoStacking(v: Variant, units: Unit[], what: string) {
  const provinces = units.map((u) => provinceOf(v, u.location));
  expect(new Set(provinces).size, `${what}: ${provinces.join(' ')}`).toBe(provinces.length);
}

/** The orders of which the first per unit counts are kept: shuffling must not change which one that is. */
function onePerUnit(v: Variant, orders: PowerOrder[]): PowerOrder[] {
  const seen = new Set<string>();
  return orders.filter((o) => {
    if (!('unit' in o.order)) return true;
    const p = v.map.provinceOf(o.order.unit.location)?.id ?? o.order.unit.location;
    if (seen.has(p)) return false;
    seen.add(p);
    return true;
  });
}

const byLocation = <T extends { location: string }>(xs: T[]) =>
  [...xs].sort((a, b) => a.location.localeCompare(b.location));

/** The invariants of one movement phase's outcome. */
function checkMovement(v: Variant, m: { units: Unit[]; orders: PowerOrder[] }, out: MovementOutcome) {
  const map = v.map;
  // One outcome per order, of a known kind; an illegal one says why.
  expect(out.outcomes).toHaveLength(m.orders.length);
  for (const o of out.outcomes) {
    expect(RESULTS).toContain(o.result);
    if (o.result === 'illegal') expect(o.reason).toBeTruthy();
  }
  // Units are conserved: every unit stays, moves or is dislodged (a Heiau army building boats becomes a boat bunch).
  expect(out.units.length + out.dislodged.length).toBe(m.units.length);
  const count = (us: Unit[]) => {
    const c: Record<string, number> = {};
    for (const u of us) c[u.power] = (c[u.power] ?? 0) + 1;
    return c;
  };
  expect(count([...out.units, ...out.dislodged])).toEqual(count(m.units));
  // Never two units in one province, counting dislodged units separately.
  expectNoStacking(v, out.units, 'units after movement');
  expectNoStacking(v, out.dislodged, 'dislodged units');
  const occupied = new Set(out.units.map((u) => provinceOf(v, u.location)));
  const contested = new Set(out.contested);
  for (const c of out.contested) expect(occupied.has(c), `contested ${c} is occupied`).toBe(false);
  for (const d of out.dislodged) {
    const here = provinceOf(v, d.location);
    // The attacker now stands where the dislodged unit stood, and came from a neighbour or by convoy.
    expect(occupied.has(here), `attacker in ${here}`).toBe(true);
    expect(map.province(d.attackerFrom), d.attackerFrom).toBeDefined();
    expect(d.attackerFrom).not.toBe(here);
    expect(Array.isArray(d.retreats)).toBe(true);
    for (const r of d.retreats!) {
      const q = provinceOf(v, r);
      if (!d.attackerConvoyed)
        expect(q, `${d.location} may not retreat to the attacker's origin`).not.toBe(d.attackerFrom);
      expect(occupied.has(q), `${d.location} may not retreat to occupied ${q}`).toBe(false);
      expect(contested.has(q), `${d.location} may not retreat to contested ${q}`).toBe(false);
      expect(q).not.toBe(here);
      expect(
        canStand(
          v.map,
          d.type === 'B' && !map.fleetReachesProvince(map.location(d.location)!.index, map.province(q)!.index)
            ? 'A'
            : d.type,
          map.location(r)!.index,
        ),
        r,
      ).toBe(true);
    }
  }
}

/** Random retreat orders for a movement outcome: to a listed retreat, anywhere, or disband; some of them foreign. */
const retreatChoices = fc.array(fc.tuple(fc.nat(5), fc.nat(99), fc.nat(999)), { maxLength: 12 });

function retreatOrders(v: Variant, dislodged: DislodgedUnit[], choices: [number, number, number][]): PowerOrder[] {
  const L = v.map.locations.length;
  return choices.flatMap(([how, who, where]) => {
    if (!dislodged.length) return [];
    const d = dislodged[who % dislodged.length];
    const unit = { type: d.type, location: d.location };
    const listed = d.retreats?.length ? d.retreats[where % d.retreats.length] : v.map.locations[where % L].id;
    const power = how === 5 ? v.map.powers[where % v.map.powers.length] : d.power;
    const order: Order =
      how <= 2
        ? { kind: 'retreat', unit, to: listed }
        : how === 3
          ? { kind: 'disband', unit }
          : how === 4
            ? { kind: 'retreat', unit, to: v.map.locations[where % L].id }
            : { kind: 'move', unit, to: listed, viaConvoy: false };
    return [{ power, order }];
  });
}

function checkRetreats(v: Variant, units: Unit[], dislodged: DislodgedUnit[], orders: PowerOrder[]) {
  const out = adjudicateRetreats(v, { units, dislodged }, orders);
  expect(out.outcomes).toHaveLength(orders.length);
  for (const o of out.outcomes) expect(RESULTS).toContain(o.result);
  expectNoStacking(v, out.units, 'units after retreats');
  expect(out.units.length + out.disbanded.length).toBe(units.length + dislodged.length);
  // Every unit that retreated went to one of its listed retreats.
  const moved = out.units.slice(units.length);
  for (const r of moved) {
    const d = dislodged.find((x) => x.power === r.power && x.retreats?.includes(r.location));
    expect(d, `${r.power} ${r.type} ${r.location} came from a listed retreat`).toBeDefined();
  }
  return out;
}

const adjustmentChoices = fc.array(fc.tuple(fc.nat(4), fc.nat(99), fc.nat(999), fc.nat(2)), { maxLength: 16 });

function checkAdjustments(
  v: Variant,
  units: Unit[],
  supplyCenters: Record<string, string>,
  choices: [number, number, number, number][],
) {
  const map = v.map;
  const centres = map.supplyCenters;
  const orders: PowerOrder[] = choices.map(([how, who, where, t]) => {
    const power = map.powers[who % map.powers.length];
    const mine = units.filter((u) => u.power === power);
    if (how <= 1) {
      const c = centres[where % centres.length];
      const locs = map.locationsOf[c.index];
      return {
        power,
        order: {
          kind: 'build',
          unitType: (['A', 'F', 'B'] as const)[t],
          location: map.locations[locs[where % locs.length]].id,
        },
      };
    }
    if (how === 2 && mine.length) {
      const u = mine[where % mine.length];
      return { power, order: { kind: 'disband', unit: { type: u.type, location: u.location } } };
    }
    if (how === 3) return { power, order: { kind: 'waive' } };
    return { power, order: { kind: 'hold', unit: { location: map.locations[where % map.locations.length].id } } };
  });
  const due = adjustmentsDue(v, { units, supplyCenters });
  const out = adjudicateAdjustments(v, { units, supplyCenters }, orders);
  expect(out.outcomes).toHaveLength(orders.length);
  expectNoStacking(v, out.units, 'units after adjustments');
  const counted = (us: Unit[], p: string) =>
    us.filter((u) => u.power === p && !(u.type === 'F' && v.rules.europeanFleets)).length;
  for (const [p, n] of Object.entries(due)) {
    const before = counted(units, p);
    const after = counted(out.units, p);
    if (n < 0) expect(after, `${p} disbands down to its centres`).toBe(before + n);
    else {
      expect(after).toBeGreaterThanOrEqual(before);
      expect(after, `${p} builds at most ${n}`).toBeLessThanOrEqual(before + n);
    }
  }
  // Units are only added by builds on the builder's own centres, and only removed by disbands.
  for (const u of out.units) if (!units.includes(u)) expect(supplyCenters[provinceOf(v, u.location)]).toBe(u.power);
}

// ---------------------------------------------------------------- properties

describe('adjudicator properties: Standard', () => {
  const arb = movementArb(standard, 34, 45);

  it('movement never throws, and its outcome keeps every invariant', () => {
    fc.assert(
      fc.property(arb, (m) => {
        checkMovement(standard, m, adjudicateMovement(standard, m, m.orders));
      }),
      { numRuns: 300 },
    );
  });

  it('movement is deterministic, and does not depend on the order the orders come in', () => {
    fc.assert(
      fc.property(arb, (m) => {
        const orders = onePerUnit(standard, m.orders);
        const a = adjudicateMovement(standard, m, orders);
        const b = adjudicateMovement(standard, structuredClone(m), structuredClone(orders));
        expect(b).toEqual(a);
        const perm = m.perm.filter((i) => i < orders.length);
        const shuffled = adjudicateMovement(
          standard,
          { ...m, units: [...m.units].reverse() },
          perm.map((i) => orders[i]),
        );
        expect(byLocation(shuffled.units)).toEqual(byLocation(a.units));
        expect(byLocation(shuffled.dislodged)).toEqual(byLocation(a.dislodged));
        expect([...shuffled.contested].sort()).toEqual([...a.contested].sort());
        expect(shuffled.supplyCenters).toEqual(a.supplyCenters);
        perm.forEach((i, k) => expect(shuffled.outcomes[k], `order ${i}`).toEqual(a.outcomes[i]));
      }),
      { numRuns: 200 },
    );
  });

  it('orders as text (formatOrder, then the parser) give the same results as the orders themselves', () => {
    fc.assert(
      fc.property(arb, (m) => {
        const direct = adjudicateMovement(standard, m, m.orders);
        const viaText = adjudicate(standard, {
          phase: { season: 'spring', year: 1901, type: 'movement' },
          units: m.units,
          supplyCenters: m.supplyCenters,
          orders: m.orders.map((o) => ({ power: o.power, text: formatOrder(standard.map, o.order) })),
        });
        expect(viaText.orders.map((o) => o.result)).toEqual(direct.outcomes.map((o) => o.result));
        expect(byLocation(viaText.units)).toEqual(byLocation(direct.units));
      }),
      { numRuns: 150 },
    );
  });

  it('retreats after a movement phase never stack units and account for every dislodged unit', () => {
    fc.assert(
      fc.property(arb, retreatChoices, (m, choices) => {
        const mv = adjudicateMovement(standard, m, m.orders);
        checkRetreats(standard, mv.units, mv.dislodged, retreatOrders(standard, mv.dislodged, choices));
        // Without the listed retreats, the retreat phase works them out again from attacker and contested provinces.
        const bare = mv.dislodged.map(({ retreats: _r, ...d }) => d);
        const out = adjudicateRetreats(standard, { units: mv.units, dislodged: bare, contested: mv.contested }, []);
        expect(out.units).toEqual(mv.units);
        expect(out.disbanded).toHaveLength(mv.dislodged.length);
        expect(retreatsOf(standard, { units: mv.units, dislodged: bare, contested: mv.contested })).toEqual(
          mv.dislodged.map((d) => d.retreats),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('realistic phases (all orders legal, convoys, supported attacks) keep every invariant, and retreats follow', () => {
    // The benchmark's generator: mid-game positions, clustered powers, coherent supports and convoys.
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 10, max: 34 }), retreatChoices, (seed, count, choices) => {
        const rng = makeRng(seed);
        const pos = randomPosition(standard.map, rng, count);
        const orders = randomOrders(standard.map, pos.units, rng, { move: 0.45, support: 0.35, convoy: 0.1 });
        const out = adjudicateMovement(standard, pos, orders);
        checkMovement(standard, { units: pos.units, orders }, out);
        for (const o of out.outcomes) expect(o.result).not.toBe('illegal');
        checkRetreats(standard, out.units, out.dislodged, retreatOrders(standard, out.dislodged, choices));
      }),
      { numRuns: 300 },
    );
  });

  it('adjustments never stack units and bring every power to its due number of units', () => {
    fc.assert(
      fc.property(arb, adjustmentChoices, (m, choices) =>
        checkAdjustments(standard, m.units, m.supplyCenters, choices),
      ),
      { numRuns: 300 },
    );
  });

  it('whole Fall turns through adjudicate(): centres change hands only to a unit standing on them', () => {
    fc.assert(
      fc.property(arb, retreatChoices, (m, choices) => {
        const phase = { season: 'fall', year: 1902 } as const;
        const texts = (os: PowerOrder[]) =>
          os.map((o) => ({ power: o.power, text: formatOrder(standard.map, o.order) }));
        const mv = adjudicate(standard, {
          phase: { ...phase, type: 'movement' },
          units: m.units,
          supplyCenters: m.supplyCenters,
          orders: texts(m.orders),
        });
        const rt = adjudicate(standard, {
          phase: { ...phase, type: 'retreat' },
          units: mv.units,
          dislodged: mv.dislodged,
          contested: mv.contested,
          supplyCenters: m.supplyCenters,
          orders: texts(retreatOrders(standard, mv.dislodged!, choices)),
        });
        const final = mv.dislodged!.length ? rt : mv;
        expectNoStacking(standard, final.units, 'after the Fall turn');
        const standing = new Map(final.units.map((u) => [provinceOf(standard, u.location), u.power]));
        for (const c of standard.map.supplyCenters) {
          const owner = final.supplyCenters[c.id];
          expect(owner, c.id).toBe(standing.get(c.id) ?? m.supplyCenters[c.id]);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('adjudicator properties: Heiau', () => {
  const arb = movementArb(heiau, 24, 32);

  it('movement never throws, keeps every invariant, and is deterministic', () => {
    fc.assert(
      fc.property(arb, fc.boolean(), (m, posts) => {
        const tradingPosts =
          posts && m.units.length ? { [provinceOf(heiau, m.units[0].location)]: m.units[0].power } : undefined;
        const input = { units: m.units, supplyCenters: m.supplyCenters, tradingPosts };
        const out = adjudicateMovement(heiau, input, m.orders);
        checkMovement(heiau, m, out);
        expect(adjudicateMovement(heiau, structuredClone(input), structuredClone(m.orders))).toEqual(out);
        // A European fleet is destroyed when dislodged: no retreats.
        for (const d of out.dislodged) if (d.type === 'F') expect(d.retreats).toEqual([]);
        const orders = onePerUnit(heiau, m.orders);
        const a = adjudicateMovement(heiau, input, orders);
        const perm = m.perm.filter((i) => i < orders.length);
        const shuffled = adjudicateMovement(
          heiau,
          input,
          perm.map((i) => orders[i]),
        );
        expect(byLocation(shuffled.units)).toEqual(byLocation(a.units));
        expect(byLocation(shuffled.dislodged)).toEqual(byLocation(a.dislodged));
        perm.forEach((i, k) => expect(shuffled.outcomes[k]).toEqual(a.outcomes[i]));
      }),
      { numRuns: 150 },
    );
  });

  it('retreats and adjustments never stack units', () => {
    fc.assert(
      fc.property(arb, retreatChoices, adjustmentChoices, (m, rc, ac) => {
        const mv = adjudicateMovement(heiau, m, m.orders);
        const rt = checkRetreats(heiau, mv.units, mv.dislodged, retreatOrders(heiau, mv.dislodged, rc));
        checkAdjustments(heiau, rt.units, mv.supplyCenters, ac);
      }),
      { numRuns: 150 },
    );
  });
});
