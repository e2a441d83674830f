// The hot route's compiled serializer writes what zod's would, byte for byte, and no more.
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { fastReply } from '../../src/http/fast-reply.ts';
import { SubmitReply } from '../../src/http/orders.ts';

const route = (httpStatus: string) => ({
  schema: SubmitReply,
  method: 'PUT',
  url: '/games/:gameId/orders',
  httpStatus,
});
const fast = fastReply(200, SubmitReply)(route('200') as never) as (x: unknown) => string;
const zod = (zodSerializer as (r: unknown) => (x: unknown) => string)(route('200'));

const reply = (over: Record<string, unknown> = {}) => ({
  phase: { key: 'S1M', label: 'Spring 1 Movement', deadlineAt: new Date('2026-11-29T03:00:00.250Z') },
  role: 'Kona',
  lines: [
    { line: 1, text: 'B Kona-Kailua - Kawaihae', ok: true, reading: 'B Kona-Kailua – Kawaihae' },
    { line: 2, text: 'A "Puna" H\u2028', ok: true, reading: 'A Puna holds' },
  ],
  accepted: 2,
  rejected: 0,
  ready: false,
  receipt: { hash: 'ab'.repeat(32), at: new Date('2026-11-29T02:59:59.001Z') },
  ...over,
});

describe('PUT /games/{id}/orders: the compiled reply serializer', () => {
  it('writes what zod writes, for a reply with and without a deadline', () => {
    for (const r of [reply(), reply({ phase: { key: 'W1A', label: 'Winter 1 Adjustments', deadlineAt: null } })]) {
      expect(fast(r)).toBe(zod(r));
      expect(JSON.parse(fast(r)).receipt.at).toBe(r.receipt.at.toISOString());
    }
  });

  it('writes only the schema’s properties (nothing an engine or the service added leaks)', () => {
    const r = reply({ secret: 'seed', lines: [{ line: 1, text: 'x', ok: false, error: 'no', unit: 'hidden' }] });
    const out = JSON.parse(fast(r));
    expect(out.secret).toBeUndefined();
    expect(out.lines[0]).toEqual({ line: 1, text: 'x', ok: false, error: 'no' });
    expect(fast(r)).toBe(zod(r));
  });

  it('leaves other statuses (the problems) to zod', () => {
    const other = fastReply(200, SubmitReply)(route('422') as never) as (x: unknown) => string;
    expect(() => other({ nonsense: true })).toThrow();
  });
});
