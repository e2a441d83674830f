// Where a deadline falls under each part of the policy; the power draw; the receipt.
import { describe, expect, it } from 'vitest';
import { computeDeadline, DeadlinePolicy } from '../../src/service/deadlines.ts';
import { drawPowers } from '../../src/service/games.ts';
import { receiptHash } from '../../src/service/orders.ts';
import { dueAt } from '../../src/service/phases.ts';
import { seededShuffle, seedHash } from '../../src/service/rng.ts';

const mv = { key: 'k', label: 'l', type: 'movement' as const, year: 1 };
const policy = (p: unknown) => DeadlinePolicy.parse(p);

describe('deadline policy', () => {
  it('uses the length of the phase type', () => {
    const p = policy({ lengths: { movement: 60, retreat: 10, adjustment: 20 } });
    const from = new Date('2025-03-03T10:00:00Z');
    expect(computeDeadline(p, mv, from).toISOString()).toBe('2025-03-03T11:00:00.000Z');
    expect(computeDeadline(p, { ...mv, type: 'retreat' }, from).toISOString()).toBe('2025-03-03T10:10:00.000Z');
    expect(computeDeadline(p, { ...mv, type: 'adjustment' }, from).toISOString()).toBe('2025-03-03T10:20:00.000Z');
  });

  it("Heiau's longer each year: three minutes times the number of the year", () => {
    const p = policy({ longerEachYear: { minutesPerYear: 3 } });
    const from = new Date('2025-03-03T10:00:00Z');
    expect(computeDeadline(p, { ...mv, year: 1 }, from).toISOString()).toBe('2025-03-03T10:03:00.000Z');
    expect(computeDeadline(p, { ...mv, year: 7, type: 'retreat' }, from).toISOString()).toBe(
      '2025-03-03T10:21:00.000Z',
    );
    expect(policy({ longerEachYear: {} }).longerEachYear).toEqual({ minutesPerYear: 3 });
  });

  it('snaps to a time of day in the game zone, across daylight saving time', () => {
    const p = policy({ lengths: { movement: 1440 }, timeOfDay: '20:00', timeZone: 'America/New_York' });
    // 2025-03-08 15:00 New York (EST) + 24 h = 03-09 16:00 EDT -> 20:00 EDT = 00:00Z on the 10th
    expect(computeDeadline(p, mv, new Date('2025-03-08T20:00:00Z')).toISOString()).toBe('2025-03-10T00:00:00.000Z');
    // Past 20:00 local after the length: the next day's 20:00
    expect(computeDeadline(p, mv, new Date('2025-06-02T01:00:00Z')).toISOString()).toBe('2025-06-04T00:00:00.000Z');
  });

  it('never falls on a skipped day', () => {
    const p = policy({ lengths: { movement: 1440 }, timeOfDay: '18:00', timeZone: 'UTC', skipDays: ['sat', 'sun'] });
    // Friday 2025-03-07 10:00 + 1 day = Saturday -> Monday 18:00
    expect(computeDeadline(p, mv, new Date('2025-03-07T10:00:00Z')).toISOString()).toBe('2025-03-10T18:00:00.000Z');
  });

  it('rejects a bad policy with the field at fault', () => {
    const r = DeadlinePolicy.safeParse({ timeOfDay: '25:00', skipDays: ['funday'], lengths: { movement: 0 } });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['timeOfDay', 'skipDays.0', 'lengths.movement']));
  });

  it('is due at the early time, the deadline, or the end of grace', () => {
    const d = new Date('2025-01-01T10:00:00Z');
    const e = new Date('2025-01-01T09:00:00Z');
    const g = new Date('2025-01-01T12:00:00Z');
    expect(dueAt({ deadlineAt: d, earlyAt: null, graceUntil: null })).toEqual(d);
    expect(dueAt({ deadlineAt: d, earlyAt: e, graceUntil: null })).toEqual(e);
    expect(dueAt({ deadlineAt: d, earlyAt: null, graceUntil: g })).toEqual(g);
  });
});

describe('fair randomness', () => {
  it('draws powers from the seed alone: same seed, same draw; moderator choices kept', () => {
    const roles = ['Dawn', 'Morning', 'Afternoon', 'Dusk'];
    const players = [
      { id: 'p1', wantedRole: null },
      { id: 'p2', wantedRole: 'Dusk' },
      { id: 'p3', wantedRole: null },
      { id: 'p4', wantedRole: null },
    ];
    const a = drawPowers('seed-1', roles, players);
    expect(drawPowers('seed-1', roles, players)).toEqual(a);
    expect(a.get('p2')).toBe('Dusk');
    expect(new Set(a.values()).size).toBe(4);
    const draws = new Set(
      Array.from({ length: 30 }, (_, i) => JSON.stringify([...drawPowers(`s${i}`, roles, players)])),
    );
    expect(draws.size).toBeGreaterThan(3);
  });

  it('shuffles uniformly enough and publishes sha256(seed)', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[seededShuffle([0, 1, 2], `s${i}`, 'x')[0]]++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('receipts depend on the accepted orders and the time, not on key order', () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const h = receiptHash('g', 'k', 'Sunrise', { orders: [{ text: 'A', reading: 'a' }] }, at);
    expect(receiptHash('g', 'k', 'Sunrise', { orders: [{ reading: 'a', text: 'A' }] }, at)).toBe(h);
    expect(receiptHash('g', 'k', 'Sunrise', { orders: [] }, at)).not.toBe(h);
    expect(
      receiptHash('g', 'k', 'Sunrise', { orders: [{ text: 'A', reading: 'a' }] }, new Date(at.getTime() + 1)),
    ).not.toBe(h);
  });

  it('a receipt is the same hash as before the hot path stopped copying the orders first (undefined left out, nulls kept)', () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const accepted = {
      orders: [{ text: 'A "x"\u2028', reading: 'a', skip: undefined, n: [1, null, undefined, { z: 1, a: [true] }] }],
      vote: undefined,
    };
    // Pinned from the earlier receiptHash (canonical JSON of JSON.parse(JSON.stringify(accepted))).
    const pinned = 'ba2c4c18c8f0e7cc6e76874e54fba3f2e22ce40d8ff5c5c0adcd2966c931ba2e';
    expect(receiptHash('g', 'k', 'Sunrise', accepted, at)).toBe(pinned);
    expect(receiptHash('g', 'k', 'Sunrise', JSON.parse(JSON.stringify(accepted)), at)).toBe(pinned);
  });
});
