// The CLI's quick input check against its zod schema: on realistic inputs and on every kind of
// damage to them, the quick check either gives exactly what zod gives (same keys, same order,
// unknown keys dropped) or steps aside (null) so zod can name the fault. It never accepts what
// zod refuses.
import { describe, expect, it } from 'vitest';
import { corpus } from '../../bench/corpus.ts';
import { Input, quickInput } from '../../src/cli/adjudicate.ts';

const base = corpus('cli-input', 24).map((p) => ({ variant: p.variant, ...p.input }) as Record<string, any>);
base.push({
  variant: 'standard',
  phase: { season: 'spring', year: 1902, type: 'retreat' },
  units: [{ power: 'England', type: 'F', location: 'nth' }],
  dislodged: [
    {
      power: 'Italy',
      type: 'A',
      location: 'ven',
      attackerFrom: 'tyr',
      retreats: ['pie', 'apu'],
      attackerConvoyed: false,
    },
    { power: 'France', type: 'F', location: 'bre', attackerFrom: 'eng' },
  ],
  contested: ['bur'],
  supplyCenters: { lon: 'England' },
  tradingPosts: { kool: 'Haole' },
  orders: [{ power: 'Italy', text: 'A ven - pie' }],
});

const BAD_VALUES: unknown[] = [
  null,
  0,
  1.5,
  -1,
  1e300,
  '',
  'x',
  'A',
  'spring',
  true,
  false,
  [],
  ['x'],
  [1],
  {},
  { a: 1 },
  { a: 'x' },
];

/** Every variant of x with one value somewhere replaced, removed or given a neighbour key. */
function* damaged(x: any, path: string[] = []): Generator<{ path: string; value: unknown }> {
  const clone = () => structuredClone(x);
  if (Array.isArray(x)) {
    for (let i = 0; i < Math.min(x.length, 3); i++) for (const d of damaged(x[i], [...path, String(i)])) yield d;
    return;
  }
  if (typeof x !== 'object' || x === null) return;
  for (const k of Object.keys(x)) {
    for (const v of BAD_VALUES) yield { path: [...path, k].join('.'), value: v };
    yield { path: [...path, k].join('.'), value: undefined };
    for (const d of damaged(x[k], [...path, k])) yield d;
  }
  void clone;
}

function apply(input: any, path: string, value: unknown): any {
  const out = structuredClone(input);
  const keys = path.split('.');
  let at = out;
  for (const k of keys.slice(0, -1)) at = at[k];
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return out;
}

function same(raw: unknown) {
  const quick = quickInput(raw);
  const zod = Input.safeParse(raw);
  if (quick === null) return;
  expect(zod.success, JSON.stringify(raw).slice(0, 300)).toBe(true);
  expect(JSON.stringify(quick)).toBe(JSON.stringify(zod.data));
}

describe('the CLI quick input check', () => {
  it('gives what zod gives on realistic inputs, and is used for them', () => {
    for (const x of base) {
      expect(quickInput(x)).not.toBeNull();
      same(x);
    }
  });

  it('never accepts what zod refuses, and builds what zod builds, on damaged inputs', () => {
    let refused = 0;
    let checked = 0;
    for (const x of base.slice(0, 6).concat(base.slice(-1))) {
      for (const d of damaged(x)) {
        const raw = apply(x, d.path, d.value);
        same(raw);
        checked++;
        if (!Input.safeParse(raw).success) refused++;
      }
      // Unknown keys are dropped, as zod drops them.
      same({
        ...x,
        extra: 1,
        units: x.units.map((u: any) => ({ ...u, id: 7 })),
        orders: x.orders.map((o: any) => ({ note: 'n', ...o })),
      });
      same({ ...x, supplyCenters: JSON.parse('{"__proto__": "England"}') });
    }
    for (const v of BAD_VALUES) same(v);
    expect(refused).toBeGreaterThan(1000);
    expect(checked).toBeGreaterThan(refused);
  });
});
