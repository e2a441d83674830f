// A fixed pure-CPU workload, timed beside each benchmark so that its figures can be read against
// the machine's speed of the moment: these are shared 2-core machines whose speed varies by half
// from one hour to the next. The workload mixes what the judge's hot paths do (small objects,
// Map lookups, sorting, strings, JSON) and allocates like them, so the collector's share is alike.
//
//   npx tsx bench/machine-speed.ts        prints the figure alone
//
// The figure is in kilo-rounds per second (kr/s), the median of several short samples.

/** One round: a small board of 64 "units" moved, sorted, keyed and serialized. */
function round(seed: number): number {
  const units: { id: string; at: number; power: number }[] = [];
  let x = seed;
  for (let i = 0; i < 64; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    units.push({ id: `u${i}`, at: x % 97, power: x % 7 });
  }
  const byPlace = new Map<number, number>();
  for (const u of units) byPlace.set(u.at, (byPlace.get(u.at) ?? 0) + 1);
  units.sort((a, b) => a.at - b.at || a.power - b.power);
  const text = JSON.stringify(units.slice(0, 8));
  return byPlace.size + text.length;
}

/** Rounds per millisecond over one sample of about `ms` milliseconds. */
function sample(ms: number): number {
  let n = 0;
  let sink = 0;
  const end = performance.now() + ms;
  let t = performance.now();
  const t0 = t;
  while (t < end) {
    for (let i = 0; i < 50; i++) sink += round(n++);
    t = performance.now();
  }
  if (sink === -1) console.log(sink);
  return n / (t - t0);
}

/** The machine's speed now, in kilo-rounds per second: the median of `samples` samples of 150 ms after a warm-up. */
export function machineSpeed(samples = 7): number {
  sample(200);
  const xs = Array.from({ length: samples }, () => sample(150)).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)]!; // rounds per ms = kilo-rounds per second
}

/** The figure as printed beside a result. */
export function speedNote(kr: number): string {
  return `machine speed ${kr.toFixed(1)} kr/s (bench/machine-speed.ts)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kr = machineSpeed();
  console.log(speedNote(kr));
}
