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

  const flush = () => {
    scheduled = false;
    while (queue.length && inFlight < maxInFlight) {
      let batch: typeof queue;
      if (!opts.key) batch = queue.splice(0, maxSize);
      else {
        // Items with the same key never share a batch (their order must be kept).
        batch = [];
        const rest: typeof queue = [];
        const keys = new Set<string>();
        for (const q of queue) {
          const k = opts.key(q.item);
          if (batch.length < maxSize && !keys.has(k)) {
            keys.add(k);
            batch.push(q);
          } else rest.push(q);
        }
        queue = rest;
      }
      inFlight++;
      exec(batch.map((b) => b.item))
        .then(
          (out) => batch.forEach((b, i) => b.resolve(out[i])),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          inFlight--;
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
