// A realistic corpus of movement phases: random Standard and Heiau games played forward from the
// start, every unit given a random legal order from the game's options (about a third supports,
// convoys where a power has an army and a fleet to make one, the rest moves and holds), every
// movement phase kept. Seeded, so the same seed gives the same corpus.
import type { PhaseInput } from '../src/diplomacy/adjudicator/index.ts';
import type { DiplomacyOptions, OrderOption } from '../src/diplomacy/options.ts';
import { heiauDiplomacy, standardDiplomacy, type DiplomacyState } from '../src/games/diplomacy.ts';
import type { GameModule } from '../src/contract/types.ts';
import { legacySeed, randomInt, type RandomState } from '../src/contract/random.ts';

export interface CorpusPhase {
  variant: 'standard' | 'heiau';
  input: PhaseInput;
}

const pick = <T>(rng: RandomState, xs: readonly T[]): T => xs[randomInt(rng, xs.length)];
const chance = (rng: RandomState, p: number) => randomInt(rng, 1_000_000) < p * 1_000_000;

/** One power's orders: every unit ordered, in realistic proportions, convoys matched to their armies. */
function chooseOrders(rng: RandomState, o: DiplomacyOptions): string[] {
  const chosen = new Map<string, string>();
  const byUnit = new Map(o.units.map((u) => [u.unit, u.orders]));
  // Convoys first: a fleet convoys one of its own power's armies, which then moves by that route.
  for (const u of o.units) {
    if (chosen.has(u.unit)) continue;
    const convoys = u.orders.filter((x) => x.kind === 'convoy');
    if (!convoys.length || !chance(rng, 0.5)) continue;
    const c = pick(rng, convoys);
    const [, , , , army, , to] = c.order.split(' ');
    const move = byUnit.get(army)?.find((x) => x.kind === 'move' && x.order.split(' ')[3] === to);
    if (!move || chosen.has(army)) continue;
    chosen.set(u.unit, c.order);
    chosen.set(army, move.order);
  }
  for (const u of o.units) {
    if (chosen.has(u.unit)) continue;
    const of = (kind: string) => u.orders.filter((x) => x.kind === kind);
    const supports = of('support');
    const moves = of('move').filter((x) => !x.order.endsWith('via convoy'));
    let choice: OrderOption | undefined;
    const r = randomInt(rng, 100);
    if (r < 34 && supports.length) choice = pick(rng, supports);
    else if (r < 85 && moves.length) choice = pick(rng, moves);
    choice ??= pick(rng, u.orders);
    chosen.set(u.unit, choice.order);
  }
  return [...chosen.values()];
}

function play(
  module: GameModule<DiplomacyState>,
  variant: 'standard' | 'heiau',
  scenario: string,
  seed: string,
  maxPhases: number,
  out: CorpusPhase[],
  want: number,
) {
  const rng = legacySeed(seed); // the corpus stays the one BENCHMARKS.md was measured on
  let s = module.setup(seed, scenario);
  for (let n = 0; n < maxPhases && !module.outcome(s) && out.length < want; n++) {
    const p = s.phase;
    if (p.type === 'ballot') return;
    const subs: Record<string, unknown> = {};
    const orders: { power: string; text: string }[] = [];
    for (const power of module.expectedRoles(s)) {
      const o = module.options!(s, power) as DiplomacyOptions;
      let lines: string[];
      if (p.type === 'adjustment') {
        const due = o.adjustment?.due ?? 0;
        const places = new Map<string, string>();
        for (const b of o.adjustment?.builds ?? [])
          if (b.kind === 'build') places.set(b.order.split(' ')[2].split('/')[0], b.order);
        lines = due > 0 ? [...places.values()].slice(0, due) : o.units.slice(0, -due).map((u) => u.orders[0].order);
      } else if (p.type === 'retreat') lines = o.units.map((u) => pick(rng, u.orders).order);
      else lines = chooseOrders(rng, o);
      subs[power] = module.readSubmission(s, power, lines).accepted;
      for (const text of lines) orders.push({ power, text });
    }
    if (p.type === 'movement')
      out.push({
        variant,
        input: {
          phase: p,
          units: s.units,
          supplyCenters: s.supplyCenters,
          ...(s.tradingPosts ? { tradingPosts: s.tradingPosts } : {}),
          orders,
        },
      });
    s = module.resolve(s, subs).state;
  }
}

/** `count` movement phases, half Standard and half Heiau (the Heiau scenarios in turn). */
export function corpus(seed: string, count: number): CorpusPhase[] {
  const out: CorpusPhase[] = [];
  const heiauScenarios = ['clans', 'race', 'wings', 'kamaainas', 'triangle', 'heart', 'discrete', 'duel'];
  for (let g = 0; out.length < count; g++) {
    const half = out.length < count / 2;
    if (half) play(standardDiplomacy, 'standard', 'classic', `${seed}-s${g}`, 40, out, Math.ceil(count / 2));
    else play(heiauDiplomacy, 'heiau', heiauScenarios[g % heiauScenarios.length], `${seed}-h${g}`, 40, out, count);
  }
  return out;
}
