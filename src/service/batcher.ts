// Group concurrent calls into one database round trip: items queued while a batch is in flight
// go together in the next one. Nothing waits when the server is idle (a batch of one leaves at the
// next tick), and under load one statement (and one commit) serves many requests.
export interface Batcher<I, O> {
  run(item: I): Promise<O>;
}

export function createBatcher<I, O>(
  exec: (items: I[]) => Promise<O[]>,
  opts: { maxSize?: number; maxInFlight?: number; key?: (item: I) => string } = {},
): Batcher<I, O> {
  const maxSize = opts.maxSize ?? 100;
  const maxInFlight = opts.maxInFlight ?? 2;
  let queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** The keys of the batches in flight: an item of one of them waits for its batch to end. */
  const busy = new Set<string>();

  const flush = () => {
    scheduled = false;
    while (queue.length && inFlight < maxInFlight) {
      let batch: typeof queue;
      // (Declared in the loop: each batch's completion frees its own keys.)
      let keys: Set<string> | null = null;
      if (!opts.key) batch = queue.splice(0, maxSize);
      else {
        // Items with the same key never share a batch, nor go while a batch holding one is in
        // flight: their order must be kept.
        batch = [];
        keys = new Set<string>();
        // Every key met so far: a later item of a key already taken or left waits behind it.
        const seen = new Set<string>();
        const rest: typeof queue = [];
        for (const q of queue) {
          const k = opts.key(q.item);
          if (batch.length < maxSize && !seen.has(k) && !busy.has(k)) {
            keys.add(k);
            batch.push(q);
          } else rest.push(q);
          seen.add(k);
        }
        queue = rest;
        if (!batch.length) break;
        for (const k of keys) busy.add(k);
      }
      inFlight++;
      exec(batch.map((b) => b.item))
        .then(
          (out) => batch.forEach((b, i) => b.resolve(out[i])),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          inFlight--;
          if (keys) for (const k of keys) busy.delete(k);
          if (queue.length) schedule();
        });
    }
  };
  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    run(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
