import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DipMap } from '../../src/diplomacy/maps/map.ts';
import { formatOrder, parseOrder } from '../../src/diplomacy/orders/index.ts';
import type { Order, PhaseType, UnitRef, UnitType } from '../../src/diplomacy/types.ts';

const load = (p: string) => new DipMap(JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8')));
const std = load('../../src/diplomacy/maps/standard.json');
const heiau = load('../../src/diplomacy/maps/heiau.json');
const maps = { standard: std, heiau };

const phase = fc.constantFrom<PhaseType | undefined>(undefined, 'movement', 'retreat', 'adjustment');

/** Words and symbols players use, to reach deep into the parser more often than random text. */
const vocabulary = [
  'A',
  'F',
  'B',
  'army',
  'fleet',
  'boat',
  'S',
  'C',
  'H',
  'D',
  'R',
  'M',
  'supports',
  'convoys',
  'holds',
  'to',
  'via',
  'convoy',
  'by',
  'build',
  'disband',
  'remove',
  'waive',
  'retreat',
  'move',
  'an',
  'in',
  '=',
  '-',
  '->',
  '/',
  '(',
  ')',
  'nc',
  'sc',
  'north',
  'coast',
  'spa',
  'Spain',
  'stp',
  'St.',
  'Petersburg',
  'lon',
  'North',
  'Sea',
  'Mid-Atlantic',
  'Ocean',
  'bul',
  'ec',
  'Kona',
  'Kailua',
  "Koho'",
  'Koho\u02bbolawe',
  'Makan',
  '(n)',
  '(s)',
  'NPO',
  'Hamak',
  'xyz',
  'Spian',
  '#',
  '//',
  '.',
  '!',
  '\u2192',
  '\u2013',
  'K\u014dhoolawe',
  '1.',
  '',
];
const soup = fc
  .array(fc.tuple(fc.constantFrom(...vocabulary), fc.constantFrom(' ', '', '  ', '\t', '-', '/')), { maxLength: 12 })
  .map((parts) => parts.map(([w, sep]) => w + sep).join(''));

describe('parser properties', () => {
  it('never throws on arbitrary strings, and errors point at the word they name', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 60 }), soup);
    fc.assert(
      fc.property(fc.constantFrom('standard', 'heiau'), text, phase, (m, s, phaseType) => {
        const map = maps[m];
        const r = parseOrder(map, s, { phaseType });
        if (r.ok) return;
        expect(typeof r.error.message).toBe('string');
        if (r.error.word !== undefined) {
          expect(r.error.position).toBeTypeOf('number');
          expect(s.slice(r.error.position!, r.error.position! + r.error.word.length)).toBe(r.error.word);
          expect(r.error.message).toContain(r.error.word);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('what it reads, it reads again the same from formatOrder', () => {
    fc.assert(
      fc.property(fc.constantFrom('standard', 'heiau'), soup, phase, (m, s, phaseType) => {
        const map = maps[m];
        const r = parseOrder(map, s, { phaseType });
        if (!r.ok) return;
        const again = parseOrder(map, formatOrder(map, r.order), { phaseType });
        expect(again).toEqual(r);
      }),
      { numRuns: 3000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Random well-formed orders on the Standard map.

const locations = std.locations.map((l) => l.id);
const loc = fc.constantFrom(...locations);
const unitType = fc.constantFrom<UnitType>('A', 'F', 'B');
const unitRef: fc.Arbitrary<UnitRef> = fc
  .tuple(fc.option(unitType, { nil: undefined }), loc)
  .map(([type, location]) => (type ? { type, location } : { location }));
const typedUnit: fc.Arbitrary<UnitRef> = fc.tuple(unitType, loc).map(([type, location]) => ({ type, location }));

const order: fc.Arbitrary<Order> = fc.oneof(
  unitRef.map((unit) => ({ kind: 'hold', unit }) as Order),
  fc.tuple(unitRef, loc, fc.boolean()).map(([unit, to, viaConvoy]) => ({ kind: 'move', unit, to, viaConvoy }) as Order),
  fc.tuple(unitRef, unitRef).map(([unit, target]) => ({ kind: 'support', unit, target }) as Order),
  fc.tuple(unitRef, unitRef, loc).map(([unit, target, to]) => ({ kind: 'support', unit, target, to }) as Order),
  fc.tuple(unitRef, unitRef, loc).map(([unit, target, to]) => ({ kind: 'convoy', unit, target, to }) as Order),
  unitRef.map((unit) => ({ kind: 'build-boats', unit }) as Order),
  unitRef.map((unit) => ({ kind: 'trading-post', unit }) as Order),
  fc.tuple(unitRef, loc).map(([unit, to]) => ({ kind: 'retreat', unit, to }) as Order),
  unitRef.map((unit) => ({ kind: 'disband', unit }) as Order),
  fc.tuple(unitType, loc).map(([unitType, location]) => ({ kind: 'build', unitType, location }) as Order),
  fc.constant({ kind: 'waive' } as Order),
);

/** A location spelled as a player might: id or name, any case, coast in any notation. */
function spell(id: string, nameStyle: number, coastStyle: number, upper: boolean): string {
  const [pid, coast] = id.split('/');
  const p = std.province(pid)!;
  const names = [p.id, p.name, p.name.replace(/[ -]/g, ''), p.name.replace(/ /g, '-'), p.name.toLowerCase()];
  let s = names[nameStyle % names.length];
  if (coast) {
    const full = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' }[coast]!;
    s += [`/${coast}`, `(${coast})`, ` (${coast})`, ` (${full})`, ` ${coast}`, ` ${full}`][coastStyle % 6];
  }
  return upper ? s.toUpperCase() : s;
}

describe('round trip on the Standard map', () => {
  it('parseOrder(formatOrder(o)) = o', () => {
    fc.assert(
      fc.property(order, (o) => {
        const text = formatOrder(std, o);
        // A retreat is written `R`, so it reads back in any phase; a move outside a retreat phase.
        expect(parseOrder(std, text)).toEqual({ ok: true, order: o });
        if (o.kind !== 'move' && o.kind !== 'hold')
          expect(parseOrder(std, text, { phaseType: 'retreat' })).toEqual({ ok: true, order: o });
      }),
      { numRuns: 5000 },
    );
  });

  it('orders with places spelled as names, in any case, read the same', () => {
    const spelling = fc.tuple(fc.nat(20), fc.nat(20), fc.boolean());
    fc.assert(
      fc.property(
        fc.tuple(typedUnit, loc, fc.boolean()),
        spelling,
        spelling,
        fc.constantFrom(' - ', ' -> ', ' to ', '-'),
        ([unit, to, via], a, b, arrow) => {
          const text = `${unit.type} ${spell(unit.location, ...a)}${arrow}${spell(to, ...b)}${via ? ' via convoy' : ''}`;
          expect(parseOrder(std, text), text).toEqual({ ok: true, order: { kind: 'move', unit, to, viaConvoy: via } });
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('supports and convoys with names read the same', () => {
    const spelling = fc.tuple(fc.nat(20), fc.nat(20), fc.boolean());
    fc.assert(
      fc.property(
        typedUnit,
        typedUnit,
        loc,
        spelling,
        spelling,
        spelling,
        fc.boolean(),
        (unit, target, to, a, b, c, isConvoy) => {
          const verb = isConvoy ? 'Convoys' : 'Supports';
          const text = `${unit.type} ${spell(unit.location, ...a)} ${verb} ${target.type} ${spell(target.location, ...b)} - ${spell(to, ...c)}`;
          const expected: Order = isConvoy
            ? { kind: 'convoy', unit, target, to }
            : { kind: 'support', unit, target, to };
          expect(parseOrder(std, text), text).toEqual({ ok: true, order: expected });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
