// Diplomacy's order kinds, one module each with the shape every engine shares (problem, apply,
// options, describe): the table covers every kind, each kind's options are legal by its own check,
// and a kind refuses itself with the phase's words where the phase does not take it.
import { describe, expect, it } from 'vitest';
import { adjustmentBoard } from '../../src/diplomacy/adjudicator/adjustment.ts';
import { movementBoard } from '../../src/diplomacy/adjudicator/movement.ts';
import { retreatBoard } from '../../src/diplomacy/adjudicator/retreat.ts';
import { ORDER_KINDS, orderKind } from '../../src/diplomacy/kinds/index.ts';
import { parseOrder } from '../../src/diplomacy/orders/index.ts';
import type { Order, Unit } from '../../src/diplomacy/types.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';

const standard = getVariant('standard')!;
const heiau = getVariant('heiau')!;
const U = (power: string, type: Unit['type'], location: string): Unit => ({ power, type, location });
const start = [
  U('France', 'A', 'par'),
  U('France', 'A', 'mar'),
  U('France', 'F', 'bre'),
  U('England', 'F', 'lon'),
  U('England', 'F', 'eng'),
  U('Germany', 'A', 'ruh'),
];

describe('the order kinds table', () => {
  it('has one module for every kind of order, each with problem, apply, options, describe and its notation', () => {
    expect(Object.keys(ORDER_KINDS).sort()).toEqual([
      'build',
      'build-boats',
      'convoy',
      'disband',
      'hold',
      'move',
      'retreat',
      'support',
      'trading-post',
      'waive',
    ]);
    for (const [kind, k] of Object.entries(ORDER_KINDS)) {
      expect(k.kind).toBe(kind);
      for (const f of ['problem', 'apply', 'options', 'describe', 'notation'] as const)
        expect(typeof k[f]).toBe('function');
    }
  });

  it('offers in a movement phase only orders its own check finds legal, read back the same by the reader', () => {
    const b = movementBoard(standard, { units: start, supplyCenters: {} });
    const offered: Order[] = Object.values(ORDER_KINDS).flatMap((k) => k.options(b, 'France') as Order[]);
    const kinds = new Set(offered.map((o) => o.kind));
    // France's fleet in Brest is on a coast: in Standard only fleets at sea convoy.
    expect([...kinds].sort()).toEqual(['hold', 'move', 'support']);
    let legal = 0;
    for (const o of offered) {
      const text = orderKind(o).notation(o);
      const read = parseOrder(standard.map, text, { phaseType: 'movement' });
      expect(read.ok, text).toBe(true);
      if (orderKind(o).problem(b, 'France', o) === null) legal++;
    }
    // The options are candidates from adjacency; the check keeps most of them (supports of moves a unit cannot make fall away).
    expect(legal).toBeGreaterThan(offered.length / 2);
    expect(
      orderKind({ kind: 'move', unit: { type: 'A', location: 'par' }, to: 'bur', viaConvoy: false }).describe(b, {
        kind: 'move',
        unit: { type: 'A', location: 'par' },
        to: 'bur',
        viaConvoy: false,
      }),
    ).toBe('A Paris - Burgundy');
  });

  it("refuses each kind outside its phase with the phase's words, and a unit that is not the power's first", () => {
    const b = movementBoard(standard, { units: start, supplyCenters: {} });
    const par = { type: 'A' as const, location: 'par' };
    expect(ORDER_KINDS.build.problem(b, 'France', { kind: 'build', unitType: 'A', location: 'par' })).toBe(
      'builds are ordered in the adjustment phase',
    );
    expect(ORDER_KINDS.retreat.problem(b, 'France', { kind: 'retreat', unit: par, to: 'bur' })).toBe(
      'retreats are ordered in the retreat phase',
    );
    expect(ORDER_KINDS.retreat.problem(b, 'France', { kind: 'retreat', unit: { location: 'kie' }, to: 'bur' })).toBe(
      'there is no unit in Kiel',
    );
    expect(ORDER_KINDS.hold.problem(b, 'England', { kind: 'hold', unit: par })).toBe(
      'the unit in Paris belongs to France',
    );
    const r = retreatBoard(standard, {
      units: start,
      dislodged: [{ ...U('Germany', 'A', 'bur'), attackerFrom: 'par' }],
    });
    expect(ORDER_KINDS.support.problem(r, 'Germany', { kind: 'support', unit: { location: 'bur' }, target: par })).toBe(
      'only retreats and disbands are ordered in a retreat phase',
    );
    expect(
      ORDER_KINDS.move.problem(r, 'Germany', { kind: 'move', unit: { location: 'bur' }, to: 'par', viaConvoy: false }),
    ).toMatch(/^Paris is not among the retreats/);
    expect(
      ORDER_KINDS.move.problem(r, 'Germany', { kind: 'move', unit: { location: 'bur' }, to: 'mun', viaConvoy: false }),
    ).toBeNull();
    const a = adjustmentBoard(standard, {
      units: start,
      supplyCenters: { par: 'France', mar: 'France', bre: 'France', spa: 'France' },
    });
    expect(ORDER_KINDS.hold.problem(a, 'France', { kind: 'hold', unit: par })).toBe(
      'only builds, disbands and waives are ordered in the adjustment phase',
    );
    expect(ORDER_KINDS.build.problem(a, 'France', { kind: 'build', unitType: 'A', location: 'par' })).toBe(
      'Paris is occupied',
    );
  });

  it('counts what earlier orders used: apply takes a build, and the next one is refused', () => {
    const units = [U('France', 'A', 'bur')];
    const a = adjustmentBoard(standard, { units, supplyCenters: { par: 'France', mar: 'France' } });
    expect(a.due.France).toBe(1);
    const build: Order = { kind: 'build', unitType: 'A', location: 'par' };
    expect(ORDER_KINDS.build.problem(a, 'France', build)).toBeNull();
    ORDER_KINDS.build.apply(a, 'France', build, 0);
    expect(a.built).toEqual([U('France', 'A', 'par')]);
    expect(ORDER_KINDS.waive.problem(a, 'France', { kind: 'waive' })).toBe('France has only 1 build');
    expect(ORDER_KINDS.build.options(a, 'France').map((o) => orderKind(o).notation(o))).toEqual([
      'Build A mar',
      'Build F mar',
      'Build A par',
    ]);
  });

  it("offers Heiau's own orders only in Heiau, and a coastal fleet convoys there", () => {
    const units = [U('Kona', 'A', 'hilo'), U('Kona', 'F', 'hana'), U('Kona', 'A', 'humu')];
    const b = movementBoard(heiau, { units, supplyCenters: {} });
    expect(ORDER_KINDS['build-boats'].options(b, 'Kona').map((o) => o.unit.location)).toEqual(['hilo', 'humu']);
    expect(ORDER_KINDS['build-boats'].problem(b, 'Kona', { kind: 'build-boats', unit: { location: 'humu' } })).toMatch(
      /has no shore to build boats on$/,
    );
    expect(
      ORDER_KINDS['build-boats'].problem(b, 'Kona', { kind: 'build-boats', unit: { location: 'hilo' } }),
    ).toBeNull();
    expect(ORDER_KINDS['trading-post'].options(b, 'Kona').map((o) => o.unit.location)).toEqual(['hana']);
    expect(
      ORDER_KINDS['build-boats'].options(movementBoard(standard, { units: start, supplyCenters: {} }), 'France'),
    ).toEqual([]);
  });
});
