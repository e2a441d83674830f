// The batcher behind the submission path (src/service/batcher.ts): concurrent calls share a round
// trip, items of one key never share one (a power's submissions keep their order), sizes are bounded.
import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../src/service/batcher.ts';

function recording(opts: Parameters<typeof createBatcher<string, string>>[1]) {
  const batches: string[][] = [];
  const b = createBatcher<string, string>(async (items) => {
    batches.push(items);
    await new Promise((r) => setTimeout(r, 5));
    return items.map((x) => x.toUpperCase());
  }, opts);
  return { b, batches };
}

describe('createBatcher', () => {
  it('answers each caller with its own result; calls made together share a batch, bounded by maxSize', async () => {
    const { b, batches } = recording({ maxSize: 3, maxInFlight: 1 });
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(await Promise.all(items.map((x) => b.run(x)))).toEqual(items.map((x) => x.toUpperCase()));
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
  });

  it('never puts two items of one key in a batch, and keeps their order', async () => {
    const { b, batches } = recording({ maxSize: 10, maxInFlight: 1, key: (x) => x[0]! });
    await Promise.all(['a1', 'b1', 'a2', 'c1', 'a3', 'b2'].map((x) => b.run(x)));
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2', 'b2'], ['a3']]);
  });

  it('a failed batch rejects its callers only; the next batch still runs', async () => {
    let n = 0;
    const b = createBatcher<number, number>(
      async (items) => {
        if (n++ === 0) throw new Error('down');
        return items;
      },
      { maxInFlight: 1 },
    );
    const first = b.run(1);
    await expect(first).rejects.toThrow('down');
    expect(await b.run(2)).toBe(2);
  });
});

describe('createBatcher with batches in flight together', () => {
  it('never lets an item of a key go while a batch holding that key is in flight, and keeps each key in order', async () => {
    const inFlight = new Set<string>();
    const done: string[] = [];
    let overlap = 0;
    const b = createBatcher<string, string>(
      async (items) => {
        for (const x of items) if (inFlight.has(x[0]!)) overlap++;
        for (const x of items) inFlight.add(x[0]!);
        // The first batch is slow: the second, free to go, must not take a2 meanwhile.
        await new Promise((r) => setTimeout(r, items.includes('a1') ? 30 : 5));
        for (const x of items) inFlight.delete(x[0]!);
        done.push(...items);
        return items;
      },
      { maxSize: 2, maxInFlight: 2, key: (x) => x[0]! },
    );
    const order = ['a1', 'b1', 'a2', 'c1', 'a3', 'd1', 'b2'];
    expect(await Promise.all(order.map((x) => b.run(x)))).toEqual(order);
    expect(overlap).toBe(0);
    for (const key of ['a', 'b']) expect(done.filter((x) => x[0] === key)).toEqual(order.filter((x) => x[0] === key));
    // c1 and d1 did not wait for a1's slow batch.
    expect(done.indexOf('c1')).toBeLessThan(done.indexOf('a1'));
  });
});
