// Battles: the battlefield advantage roll, gunpowder fire, alternating fire on the Battle
// Results Table, eliminations and panics, pikes, forts and earthworks, second battles,
// retreats, sea battles, and the advanced options (artillery, breakoff, pursuit, major
// battles, supply). Every die is written to the report.
import type { TurnCtx } from './core.ts';
import type { Game } from './model.ts';
import { unitMatches } from './names.ts';
import {
  fireOrder,
  lossOrder,
  orderSource,
  standingOf,
  suddenDeathUnits,
  warFleetRefs,
  warFleetSource,
} from './standing.ts';
import { inSupply } from './supply.ts';

export interface FightInput {
  title: string;
  kind: 'land' | 'sea';
  /** The battle-map hex of each side, for the report. */
  hex: Record<string, string>;
  attacker: string;
  defender: string;
  /** Fighting units of each side (not canoes, not markers). */
  units: Record<string, string[]>;
  /** Canoes and other non-fighting units present (artillery count of 17.0). */
  support?: Record<string, string[]>;
  /** Defender ignores panics (fort, earthworks, fort marker). */
  fortified: boolean;
  /** Advantage roll modifiers from cards. */
  bonus: Record<string, number>;
  /** Dice a unit rolls (strength, less one out of supply). */
  dice: (id: string) => number;
  /** Where units breaking off go (18.0); null when they cannot. */
  breakoffTo?: (side: string) => string | null;
}

export interface FightResult {
  winner: string;
  loser: string;
  /** Surviving fighters of each side still in the battle. */
  alive: Record<string, string[]>;
  panicked: Set<string>;
  /** Units that were panicked at some time in the battle (pursuit needs unpanicked units). */
  everPanicked: Set<string>;
  brokeOff: Record<string, string[]>;
  /** The game ended in the middle of the battle (sudden death). */
  over: boolean;
}

const RESULT_WORD: Record<string, string> = { '-': 'no effect', P: 'panic', E: 'eliminated' };

export function fight(ctx: TurnCtx, inp: FightInput): FightResult {
  const g = ctx.g;
  const A = inp.attacker;
  const D = inp.defender;
  const other = (s: string) => (s === A ? D : A);
  const alive: Record<string, string[]> = { [A]: inp.units[A]!.slice(), [D]: inp.units[D]!.slice() };
  const panicked = new Set<string>();
  const everPanicked = new Set<string>();
  const brokeOff: Record<string, string[]> = { [A]: [], [D]: [] };
  const brt = g.s.scenario.battleResultsTable.columns;
  const name = (s: string) => g.sideName(s);
  const unpanicked = (s: string) => alive[s]!.filter((id) => !panicked.has(id));
  const result = (winner: string, over = false): FightResult => ({
    winner,
    loser: other(winner),
    alive,
    panicked,
    everPanicked,
    brokeOff,
    over,
  });

  ctx.say(
    `${inp.title}: ${name(A)} in the ${inp.hex[A]} hex with ${g.list(alive[A]!)}; ${name(D)} in the ${inp.hex[D]} hex with ${g.list(alive[D]!)}.`,
  );

  for (let round = 1; ; round++) {
    if (unpanicked(A).length === 0 || unpanicked(D).length === 0) {
      // A side with nothing able to fight loses without rolling; if neither can, the defender holds.
      const loser = unpanicked(A).length === 0 ? A : D;
      ctx.say(`${name(loser)} has no unit able to fight.`);
      return result(other(loser));
    }
    if (round > 300 || ![A, D].some((s) => unpanicked(s).some((id) => inp.dice(id) > 0))) {
      ctx.say(`Neither side can harm the other: the defence holds.`);
      return result(D);
    }
    // i-iii: battlefield advantage.
    const elites = (s: string) => unpanicked(s).filter((id) => g.u(id).elite).length;
    const artillery = (s: string) =>
      [...alive[s]!, ...(inp.support?.[s] ?? [])].filter((id) => g.u(id).artillery || g.u(id).fleet || g.u(id).canoe)
        .length;
    const mods = (s: string): { n: number; why: string[] } => {
      const why: string[] = [];
      let n = 0;
      const mine = elites(s);
      const theirs = elites(other(s));
      if (g.rules.eliteAdvantage === 'most' ? mine > theirs : mine > 0) {
        n += 1;
        why.push('elite +1');
      }
      if (inp.bonus[s]) {
        n += inp.bonus[s]!;
        why.push(`battle bonus +${inp.bonus[s]}`);
      }
      if (g.opt.artillery && artillery(s) > artillery(other(s))) {
        n += 1;
        why.push('artillery +1');
      }
      return { n, why };
    };
    let first: string;
    for (;;) {
      const ra = ctx.roll();
      const rd = ctx.roll();
      const ma = mods(A);
      const md = mods(D);
      const show = (s: string, r: number, m: { n: number; why: string[] }) =>
        m.n ? `${name(s)} ${r} + ${m.n} (${m.why.join(', ')}) = ${r + m.n}` : `${name(s)} ${r}`;
      const ta = ra + ma.n;
      const td = rd + md.n;
      if (ta === td && g.rules.advantageTies === 'reroll') {
        ctx.say(`Round ${round} advantage: ${show(A, ra, ma)}, ${show(D, rd, md)}: tie, roll again.`);
        continue;
      }
      first = ta > td ? A : D;
      ctx.say(`Round ${round} advantage: ${show(A, ra, ma)}, ${show(D, rd, md)}: ${name(first)} fires first.`);
      break;
    }
    const fired = new Set<string>();
    const pikeUsed: Record<string, boolean> = { [A]: false, [D]: false };
    // The targeted player's choices made by the current fire (11.3), with their source, for his report.
    let lossNotes: string[] = [];
    const chose = (target: string, victim: string, pool: string[]) => {
      if (pool.length > 1) lossNotes.push(`${g.u(victim).name}: ${orderSource(g, target, 'losses', victim)}`);
    };

    const apply = (res: string, target: string): string => {
      if (res === '-') return 'no effect';
      if (alive[target]!.length === 0) return `${RESULT_WORD[res]} (no target left)`;
      if (res === 'E') {
        const fresh = unpanicked(target);
        // Eliminations go to unpanicked units before panicked ones (11.3 note).
        const pool = fresh.length ? fresh : alive[target]!;
        const victim = lossOrder(g, target, pool)[0]!;
        chose(target, victim, pool);
        removeAlive(victim);
        ctx.eliminate(victim);
        return `${g.label(victim)} eliminated`;
      }
      // Panic.
      if (target === D && inp.fortified) return `panic ignored (${name(D)} defends a fort)`;
      if (g.rules.pikes && !pikeUsed[target] && unpanicked(target).some((id) => g.u(id).pike)) {
        pikeUsed[target] = true;
        return 'panic cancelled by the pike';
      }
      const immune = (id: string) => !!g.u(id).elite && (g.rules.eliteIgnorePanic === 'always' || target === D);
      const fresh = unpanicked(target).filter((id) => !immune(id));
      const twice = alive[target]!.filter((id) => panicked.has(id));
      // 11.3 "One enemy unit of the targeted player's choice is flipped … a second panic result eliminates it": the
      // LOSSES list may name a unit panicked already, even while an unpanicked one remains.
      const first = lossOrder(g, target, [...fresh, ...twice])[0];
      if (
        first &&
        panicked.has(first) &&
        standingOf(g, target).losses.length > 0 &&
        orderSource(g, target, 'losses', first).startsWith('standing')
      ) {
        chose(target, first, [...fresh, ...twice]);
        removeAlive(first);
        ctx.eliminate(first);
        return `${g.label(first)} panics a second time: eliminated`;
      }
      if (fresh.length) {
        // The LOSSES list decides; else by default a unit that has already fired this round panics
        // first (it costs nothing more now).
        const order = lossOrder(g, target, fresh);
        const listed =
          standingOf(g, target).losses.length > 0 && orderSource(g, target, 'losses', order[0]!).startsWith('standing');
        const victim = listed ? order[0]! : (order.find((id) => fired.has(id)) ?? order[0]!);
        chose(target, victim, fresh);
        panicked.add(victim);
        everPanicked.add(victim);
        return `${g.label(victim)} panics`;
      }
      if (twice.length) {
        const victim = lossOrder(g, target, twice)[0]!;
        chose(target, victim, twice);
        removeAlive(victim);
        ctx.eliminate(victim);
        return `${g.label(victim)} panics a second time: eliminated`;
      }
      return 'panic ignored (elite)';
    };
    const removeAlive = (id: string) => {
      for (const s of [A, D]) alive[s] = alive[s]!.filter((x) => x !== id);
      panicked.delete(id);
    };

    // How many units the side could pick from when it chose its firer (a choice only when more than one).
    const choiceOf = new Map<string, number>();
    const nextFirer = (s: string, gunpowderOnly: boolean): string | null => {
      const c = unpanicked(s).filter(
        (id) => !fired.has(id) && inp.dice(id) > 0 && (!gunpowderOnly || g.u(id).gunpowder),
      );
      if (!c.length) return null;
      const id = fireOrder(g, s, c)[0]!;
      choiceOf.set(id, c.length);
      return id;
    };

    const fire = (id: string, s: string): void => {
      fired.add(id);
      // 18.0 breakoff: instead of firing, withdraw one space.
      if (g.opt.breakoff && g.u(id).breakoff && standingOf(g, s).breakoff && inp.breakoffTo) {
        const mine = unpanicked(s).reduce((n, x) => n + inp.dice(x), 0);
        const theirs = unpanicked(other(s)).reduce((n, x) => n + inp.dice(x), 0);
        const to = mine < theirs ? inp.breakoffTo(s) : null;
        if (to) {
          removeAlive(id);
          brokeOff[s]!.push(id);
          g.s.units[id]!.at = to;
          const text = `${g.label(id)} breaks off to ${g.space(to).name}`;
          ctx.sayVersions(`${text} (${g.possessive(s)} decision).`, {
            [s]: `${text} (standing instruction BREAKOFF ON: weaker than the enemy).`,
          });
          return;
        }
      }
      const n = inp.dice(id);
      const dice = ctx.rolls(n);
      const column = g.u(id).elite ? 'elite' : 'non-elite';
      const parts: string[] = [];
      lossNotes = [];
      for (const d of dice) {
        const res = brt[column]![d - 1]!;
        parts.push(`${d} ${res} → ${apply(res, other(s))}`);
        if (ctx.over) break;
      }
      const text = `${name(s)}: ${g.label(id)} fires ${n} ${n === 1 ? 'die' : 'dice'} (${column} column): ${parts.join('; ')}.`;
      // Each side reads the source of its own choices: which unit fired, which units took the results.
      const fireNote = (choiceOf.get(id) ?? 1) > 1 ? `[fire: ${orderSource(g, s, 'fire', id)}]` : '';
      const lossNote = lossNotes.length ? `[losses: ${lossNotes.join('; ')}]` : '';
      if (!fireNote && !lossNote) ctx.say(text);
      else {
        const add = (...notes: string[]) => [text, ...notes.filter(Boolean)].join(' ');
        ctx.sayVersions(text, { moderator: add(fireNote, lossNote), [s]: add(fireNote), [other(s)]: add(lossNote) });
      }
    };

    const second = other(first);
    // 14.2: gunpowder units of the side with the advantage, then of the other side, fire first.
    if (g.rules.gunpowderFirst) {
      for (const s of [first, second]) {
        for (let id = nextFirer(s, true); id && !ctx.over && alive[other(s)]!.length; id = nextFirer(s, true))
          fire(id, s);
        if (ctx.over) return result(A, true);
      }
    }
    // v-vii: alternate, then the side with more units fires the rest.
    let cur = first;
    while (!ctx.over && alive[A]!.length && alive[D]!.length) {
      const id = nextFirer(cur, false);
      if (id) {
        fire(id, cur);
        cur = other(cur);
        continue;
      }
      const o = nextFirer(other(cur), false);
      if (!o) break;
      fire(o, other(cur));
    }
    if (ctx.over) return result(A, true);
    // viii: a side with no unpanicked units left loses.
    const ua = unpanicked(A).length;
    const ud = unpanicked(D).length;
    if (ua === 0 || ud === 0) {
      const loser = ua === 0 ? A : D;
      const gone = alive[loser]!.length === 0 && brokeOff[loser]!.length > 0 ? ' (all broke off)' : '';
      ctx.say(`${name(other(loser))} wins the ${inp.kind === 'sea' ? 'sea battle' : 'battle'}${gone}.`);
      return result(other(loser));
    }
  }
}

/** Best retreat destination among `dests` by standing instruction, else most friendly strength. */
export function chooseRetreat(g: Game, side: string, dests: string[]): string | null {
  if (!dests.length) return null;
  for (const pref of standingOf(g, side).retreat) if (dests.includes(pref)) return pref;
  const power = (s: string) => g.strengthOf(g.sideUnitsAt(s, side)) * 100 + g.sideUnitsAt(s, side).length;
  return dests.slice().sort((a, b) => power(b) - power(a) || a.localeCompare(b))[0]!;
}

/** Spaces a force may retreat to after losing at `from`. */
export function retreatDestinations(
  ctx: TurnCtx,
  side: string,
  units: string[],
  from: string,
  opts: { exclude?: string[]; walkBack?: boolean } = {},
): string[] {
  const g = ctx.g;
  const enemy = g.enemy(side);
  const exclude = new Set([from, ...(opts.exclude ?? []), ...ctx.pending]);
  if (g.rules.retreat === 'canoe') {
    if (units.some((id) => g.u(id).canoe)) {
      // 11.5: "any space their side currently occupies", less those "yet to be resolved in the
      // Battle Phase" (every space holding both sides but a sea-battle landing, 11.8, which qualifies).
      const unresolved = (s: string) => g.contested(s) && !ctx.noBattle.has(s);
      return g.landSpaces().filter((s) => !exclude.has(s) && g.hasSide(s, side) && !g.neutralHeld(s) && !unresolved(s));
    }
    // Without canoes the only way off is back overland to the other space of the island.
    if (opts.walkBack) {
      return g.otherIslandSpaces(from).filter((s) => !exclude.has(s) && !g.hasSide(s, enemy) && !g.neutralHeld(s));
    }
    return [];
  }
  // System 13.5: an adjacent space free of enemy units; river spaces only with a fleet, and
  // "up to three units" (rules.riverRetreat) with each fleet.
  const fleets = units.filter((id) => g.u(id).fleet).length;
  const hasFleet = fleets > 0 && units.length - fleets <= fleets * g.rules.riverRetreat;
  return g
    .neighbours(from)
    .filter(
      (n) => !exclude.has(n.to) && !g.hasSide(n.to, enemy) && !g.neutralHeld(n.to) && g.space(n.to).type === 'land',
    )
    .filter((n) => !g.opt.riverMovement || hasFleet || (n.type !== 'river' && !g.space(n.to).river))
    .map((n) => n.to);
}

/** Where the retreat destination came from, for the retreating player's report. */
function retreatSource(g: Game, side: string, dest: string, dests: string[]): string {
  if (dests.length < 2) return '';
  const refs = standingOf(g, side).retreat;
  return refs.includes(dest)
    ? ` [retreat: standing instruction RETREAT ${refs.map((x) => g.space(x).name).join(', ')}]`
    : ' [retreat: default, the friendly space with the most strength]';
}

/** Move a beaten force to one space, or eliminate it all when it has nowhere to go. Returns the space. */
export function retreat(
  ctx: TurnCtx,
  side: string,
  units: string[],
  from: string,
  opts: { exclude?: string[]; walkBack?: boolean; why?: string } = {},
): string | null {
  const g = ctx.g;
  if (!units.length) return null;
  const dests = retreatDestinations(ctx, side, units, from, opts);
  const dest = chooseRetreat(g, side, dests);
  if (!dest) {
    ctx.say(`${g.sideName(side)} has nowhere to retreat: ${g.list(units)} eliminated.`);
    for (const id of units) if (!ctx.over) ctx.eliminate(id);
    return null;
  }
  for (const id of units) g.s.units[id]!.at = dest;
  const text = `${g.sideName(side)} retreats ${g.list(units)} to ${g.space(dest).name}${opts.why ? ` ${opts.why}` : ''}.`;
  const note = retreatSource(g, side, dest, dests);
  if (note) ctx.sayVersions(text, { [side]: text + note });
  else ctx.say(text);
  return dest;
}

function diceFn(ctx: TurnCtx, supplied: Set<string> | null) {
  const g = ctx.g;
  return (id: string) => {
    const s = g.u(id).strength;
    if (supplied && !supplied.has(id)) return Math.max(0, s - 1);
    return s;
  };
}

function supplySnapshot(ctx: TurnCtx): Set<string> | null {
  if (!ctx.g.opt.supply) return null;
  const set = new Set<string>();
  for (const side of ctx.g.c.sideIds) for (const id of inSupply(ctx.g, side)) set.add(id);
  return set;
}

/** Hold the Line: a held earthworks card used by the defender when attacked (9.0, 13.0). */
function maybeEarthworks(ctx: TurnCtx, space: string, defender: string): string | null {
  const g = ctx.g;
  const deck = g.s.decks[defender]!;
  const st = standingOf(g, defender).earthworks;
  if (st === 'none' || (Array.isArray(st) && !st.includes(space))) return null;
  // The default plays the card only where earthworks can matter (9.0: "an inland battle hex currently being
  // attacked"): defending units there, not already in a fort (13.0 gives them the same); else the card is kept.
  if (st === 'any' && (g.isFortFor(space, defender) || !g.sideUnitsAt(space, defender).some((id) => g.fighter(id))))
    return null;
  for (const n of deck.held) {
    const ev = g.card(defender, n).event;
    if (ev?.type !== 'earthworks') continue;
    if (g.s.units[ev.marker]?.at !== 'box') continue;
    deck.held = deck.held.filter((x) => x !== n);
    deck.discard.push(n);
    g.s.units[ev.marker]!.at = space;
    g.s.units[ev.marker]!.owner = defender;
    const text = `${g.sideName(defender)} plays #${n} ${g.card(defender, n).title}: earthworks in the inland hex of ${g.space(space).name}; the defenders ignore panic.`;
    const why =
      st === 'any'
        ? 'default EARTHWORKS ANY: the first space attacked'
        : `standing instruction EARTHWORKS ${st.map((x) => g.space(x).name).join(', ')}`;
    ctx.sayVersions(text, { [defender]: `${text} [${why}]` });
    return ev.marker;
  }
  return null;
}

/**
 * Resolve the battle for a space where the current player has units alongside enemy units, then
 * any pursuit battles it leads to (19.0). A loop, not recursion: a pursuit chain never enters a
 * space already fought over in this Battle Phase, so it ends within the number of spaces.
 */
export function landBattle(ctx: TurnCtx, space: string): void {
  // 11.8: a side that landed after winning a sea battle holds the beach: its attack comes now, from there.
  let next: { space: string; attacker: string } | null = { space, attacker: ctx.g.s.beach?.[space] ?? ctx.side };
  while (next && !ctx.over) next = oneLandBattle(ctx, next.space, next.attacker);
}

function oneLandBattle(ctx: TurnCtx, space: string, A: string): { space: string; attacker: string } | null {
  const g = ctx.g;
  ctx.pending.delete(space);
  if (!g.contested(space) || ctx.over) return null;
  ctx.fought.add(space);
  const sp = g.space(space);
  const D = g.enemy(A);
  // 11.6: attacked from the other space of a two-space island, the defender falls back to the beach.
  const overland =
    g.rules.movement === 'islands' &&
    g.otherIslandSpaces(space).length > 0 &&
    g.sideUnitsAt(space, A).every((id) => ctx.arrivedBy[id] === 'land');
  const fromBeach = g.s.beach?.[space] === A && A !== ctx.side;
  const how = fromBeach ? ' from the beach, where it landed after the sea battle (11.8)' : '';
  ctx.say(
    `— Battle at ${sp.name}${overland ? ' (attack overland from the other side of the island)' : ''}: ${g.sideName(A)} attacks${how}.`,
  );

  const marker = maybeEarthworks(ctx, space, D);
  try {
    return ctx.inBattle(() => fightFor(ctx, space, A, overland, marker));
  } finally {
    // The earthworks are temporary: they serve this battle (both rounds of it) and go back.
    if (marker) g.s.units[marker]!.at = 'box';
  }
}

function fightFor(
  ctx: TurnCtx,
  space: string,
  A: string,
  overland: boolean,
  marker: string | null,
): { space: string; attacker: string } | null {
  const g = ctx.g;
  const D = g.enemy(A);
  const sp = g.space(space);
  const fighters = (s: string) => g.sideUnitsAt(space, s).filter((id) => g.fighter(id));
  const support = (s: string) => g.sideUnitsAt(space, s).filter((id) => !g.fighter(id));
  const fortified = g.isFortFor(space, D) || marker !== null;
  const supplied = supplySnapshot(ctx);
  const dice = diceFn(ctx, supplied);
  if (supplied) {
    const out = [...fighters(A), ...fighters(D)].filter((id) => !supplied.has(id));
    if (out.length) ctx.say(`Out of supply (one die less): ${g.list(out)}.`);
  }
  const nonLeaders = (s: string) => fighters(s).filter((id) => !g.u(id).leader).length;
  const major = g.opt.majorBattles && nonLeaders(A) >= 4 && nonLeaders(D) >= 4;
  // The card's battle bonus is the current player's, when he attacks (a pursuing defender has none).
  const bonus = { [A]: A === ctx.side ? ctx.battleBonus : 0, [D]: 0 };
  const breakoffTo = (s: string) => {
    const dests = retreatDestinations(ctx, s, [], space, {});
    return g.rules.retreat === 'adjacent' ? chooseRetreat(g, s, dests) : null;
  };
  const common = {
    kind: 'land' as const,
    attacker: A,
    defender: D,
    fortified,
    bonus,
    dice,
    breakoffTo,
    support: { [A]: support(A), [D]: support(D) },
  };

  let winner: string;
  let beaten: string | null = null; // where the loser went
  const everPanicked = new Set<string>();
  const brokeOff: Record<string, string[]> = { [A]: [], [D]: [] };
  const r1 = fight(ctx, {
    ...common,
    title: `Battle at ${sp.name}`,
    hex: { [A]: overland ? 'inland edge' : 'beach', [D]: 'inland' },
    units: { [A]: fighters(A), [D]: fighters(D) },
  });
  r1.everPanicked.forEach((x) => everPanicked.add(x));
  for (const s of [A, D]) brokeOff[s]!.push(...r1.brokeOff[s]!);
  let last = r1;
  if (r1.over) return null;
  if (r1.winner === D) {
    winner = D;
    beaten = attackerDefeated(ctx, space, A, r1.alive[A]!, overland);
  } else if (r1.alive[D]!.length === 0) {
    winner = A;
    beaten = defenderSupportLeaves(ctx, space, D);
  } else if (g.rules.secondBattle) {
    // 11.4: the defender falls back (cliff, or beach when attacked overland) and rallies; the attacker rallies and advances.
    const fallback = overland ? 'beach' : 'cliff';
    ctx.say(
      `${g.sideName(D)} falls back to the ${fallback} hex and rallies ${g.list(r1.alive[D]!)}; ${g.sideName(A)} rallies and advances to the inland hex.`,
    );
    const r2 = fight(ctx, {
      ...common,
      title: `Second battle at ${sp.name}`,
      hex: { [A]: 'inland', [D]: fallback },
      units: { [A]: fighters(A), [D]: fighters(D) },
    });
    r2.everPanicked.forEach((x) => everPanicked.add(x));
    for (const s of [A, D]) brokeOff[s]!.push(...r2.brokeOff[s]!);
    last = r2;
    if (r2.over) return null;
    if (r2.winner === A) {
      winner = A;
      const survivors = r2.alive[D]!;
      if (overland) {
        // Off the island by canoe; without canoes retreat() finds nowhere and eliminates them.
        beaten = retreat(ctx, D, [...survivors, ...support(D)], space, { why: 'off the island by canoe' });
      } else {
        if (survivors.length) {
          ctx.say(
            `In the cliff hex with only panicked units, ${g.sideName(D)} cannot retreat: ${g.list(survivors)} eliminated.`,
          );
          for (const id of survivors) if (!ctx.over) ctx.eliminate(id);
          if (ctx.over) return null;
        }
        beaten = defenderSupportLeaves(ctx, space, D);
      }
    } else {
      winner = D;
      beaten = attackerDefeated(ctx, space, A, r2.alive[A]!, overland);
    }
  } else {
    // System 13.5: the loser's panicked units retreat to an adjacent space.
    winner = A;
    beaten = retreat(ctx, D, [...r1.alive[D]!, ...support(D)], space);
  }
  if (ctx.over) return null;
  if (marker) g.s.units[marker]!.at = 'box';
  cleanFortMarkers(ctx);
  const recruited = major ? majorBattle(ctx, space, winner) : null;
  if (ctx.over) return null;
  ctx.sayPublic(`${g.sideName(winner)} holds ${sp.name}.`);
  if (!g.opt.pursuit) return null;
  // 19.0: pursuit after an attacker's win, or after every enemy unit broke off (then to where they went).
  const loser = g.enemy(winner);
  const allBrokeOff = last.alive[loser]!.length === 0 && last.brokeOff[loser]!.length > 0;
  if (allBrokeOff) {
    const went = brokeOff[loser]!.map((id) => g.at(id)).find((at) => at !== 'box' && at !== 'dead');
    if (went) beaten = went;
  }
  if ((winner === A || allBrokeOff) && beaten)
    return pursue(ctx, space, winner, beaten, new Set([...everPanicked, ...(recruited ? [recruited] : [])]));
  return null;
}

/** 11.5: a beaten attacker's panicked units and canoes sail away; without canoes they are lost. */
function attackerDefeated(
  ctx: TurnCtx,
  space: string,
  A: string,
  survivors: string[],
  overland: boolean,
): string | null {
  const g = ctx.g;
  const canoes = g.sideUnitsAt(space, A).filter((id) => !g.fighter(id));
  const force = [...survivors, ...canoes];
  if (!force.length) return null;
  if (g.rules.retreat === 'canoe' && !canoes.length && !overland) {
    ctx.say(`${g.sideName(A)} has no canoe to withdraw by: ${g.list(survivors)} eliminated.`);
    for (const id of survivors) if (!ctx.over) ctx.eliminate(id);
    return null;
  }
  return retreat(ctx, A, force, space, { walkBack: overland, why: canoes.length ? 'by canoe' : 'overland' });
}

/** The defender's canoes (never eliminated in a land battle) leave a lost space. */
function defenderSupportLeaves(ctx: TurnCtx, space: string, D: string): string | null {
  const g = ctx.g;
  const rest = g.sideUnitsAt(space, D);
  if (!rest.length) return null;
  return retreat(ctx, D, rest, space, { why: 'by canoe' });
}

export function cleanFortMarkers(ctx: TurnCtx): void {
  const g = ctx.g;
  // 22.2-22.3: a fort marker goes when its space holds enemy units and no friendly ones.
  g.s.forts = g.s.forts.filter((f) => {
    const keep = g.hasSide(f.space, f.owner) || !g.hasSide(f.space, g.enemy(f.owner));
    if (!keep) ctx.say(`The ${g.sideName(f.owner)} fort marker at ${g.space(f.space).name} is removed.`);
    return keep;
  });
}

/** 20.0: the winner of a major battle recruits a unit there; the loser gives up a unit anywhere. */
function majorBattle(ctx: TurnCtx, space: string, winner: string): string | null {
  const g = ctx.g;
  const loser = g.enemy(winner);
  ctx.say(`Major battle (four or more units a side).`);
  const box = g
    .unitIds()
    .filter(
      (id) => g.s.units[id]!.at === 'box' && g.s.units[id]!.owner === winner && g.u(id).recruitable && !g.u(id).marker,
    );
  // "One unit of his choice": standing MAJOR, else the strongest.
  const refs = standingOf(g, winner).majorRecruit;
  const rank = (id: string) => {
    const i = refs.findIndex((r) => unitMatches(g.u(id), r));
    return i < 0 ? refs.length : i;
  };
  const pick = box.sort((a, b) => rank(a) - rank(b) || g.u(b).strength - g.u(a).strength || a.localeCompare(b))[0];
  let recruited: string | null = null;
  if (pick && g.hasSide(space, winner)) {
    g.s.units[pick]!.at = space;
    recruited = pick;
    const text = `${g.sideName(winner)} recruits ${g.label(pick)} at ${g.space(space).name}.`;
    ctx.sayVersions(text, { [winner]: `${text} [${orderSource(g, winner, 'majorRecruit', pick)}]` });
  }
  // "Any one of his units (of his choice) anywhere on the map": standing LOSSES, else the cheapest.
  const mine = g.unitIds().filter((id) => g.onMap(id) && g.s.units[id]!.owner === loser && !g.u(id).marker);
  const lose = lossOrder(g, loser, mine)[0];
  if (lose) {
    const text = `${g.sideName(loser)} loses ${g.label(lose)} to the Recruit Box.`;
    ctx.sayVersions(text, { [loser]: `${text} [${orderSource(g, loser, 'losses', lose)}]` });
    ctx.toBox(lose);
  }
  return recruited;
}

/**
 * 19.0: unpanicked leaders and cavalry (never a major battle's recruit, 20.0) follow the beaten
 * enemy along one land route. Returns the next battle when they meet enemy units there. They
 * never pursue into a space already fought over this Battle Phase: that bounds the chain.
 */
function pursue(
  ctx: TurnCtx,
  space: string,
  side: string,
  to: string,
  barred: Set<string>,
): { space: string; attacker: string } | null {
  const g = ctx.g;
  if (!g.neighbours(space).some((n) => n.to === to && n.type === 'land')) return null;
  if (ctx.fought.has(to)) return null;
  const pursuers = g.sideUnitsAt(space, side).filter((id) => (g.u(id).leader || g.u(id).cavalry) && !barred.has(id));
  if (!pursuers.length) return null;
  if (!standingOf(g, side).pursuit) {
    const text = `${g.sideName(side)} does not pursue into ${g.space(to).name}.`;
    ctx.sayVersions(text, { [side]: `${text} [PURSUIT OFF, the default]` });
    return null;
  }
  for (const id of pursuers) {
    g.s.units[id]!.at = to;
    ctx.arrivedBy[id] = 'land';
  }
  const text = `${g.sideName(side)} pursues with ${g.list(pursuers)} into ${g.space(to).name}.`;
  ctx.sayVersions(text, { [side]: `${text} [standing instruction PURSUIT ON]` });
  cleanFortMarkers(ctx);
  return g.contested(to) ? { space: to, attacker: side } : null;
}

/**
 * 11.7-11.8: an invasion may be sighted and met by a war fleet. Returns 'landed' when the
 * invading force (canoe and cargo) may land, 'repulsed' when it has retreated elsewhere.
 */
export function seaBattle(
  ctx: TurnCtx,
  canoe: string,
  cargo: string[],
  target: string,
): 'landed' | 'repulsed' | 'over' {
  const g = ctx.g;
  const A = ctx.side;
  const D = g.enemy(A);
  const sighting = g.rules.seaBattles?.sighting ?? [];
  const die = ctx.roll();
  if (!sighting.includes(die)) {
    ctx.say(`${g.sideName(D)} sighting roll ${die}: the fleet is not sighted.`);
    return 'landed';
  }
  const st = standingOf(g, D);
  // 11.7 "a war fleet composed of any canoes, units and leaders": the WITH list may name canoes
  // (then only those sail, the rest stay); naming none, every canoe at the target sails.
  const refs = warFleetRefs(g, st.warFleetCrew);
  const rankIn = (list: string[], id: string) => {
    const i = list.findIndex((r) => unitMatches(g.u(id), r));
    return i < 0 ? list.length : i;
  };
  const here = g.sideUnitsAt(target, D).filter((id) => g.u(id).canoe);
  const canoes = (refs.canoes.length ? here.filter((id) => rankIn(refs.canoes, id) < refs.canoes.length) : here).sort(
    (a, b) => rankIn(refs.canoes, a) - rankIn(refs.canoes, b) || a.localeCompare(b),
  );
  if (!here.length) {
    ctx.say(
      `${g.sideName(D)} sighting roll ${die}: sighted, but no canoes at ${g.space(target).name} to launch a war fleet.`,
    );
    return 'landed';
  }
  if (!canoes.length) {
    const text = `${g.sideName(D)} sighting roll ${die}: sighted. ${g.possessive(D)} war fleet: not launched`;
    ctx.sayVersions(`${text} (${g.possessive(D)} decision).`, {
      [D]: `${text} (no canoe at ${g.space(target).name} is named to sail; ${warFleetSource(g, D)}).`,
    });
    return 'landed';
  }
  const cap = g.rules.fleetCapacity;
  const pool = [target, ...g.otherIslandSpaces(target).filter((s) => !g.contested(s))].flatMap((s) =>
    g.sideUnitsAt(s, D).filter((id) => g.fighter(id)),
  );
  // 11.7: launching and the composition are the defender's option (standing WARFLEET ... WITH ...).
  // Without units in the WITH list the crew is the strongest units, never one whose loss ends the game.
  const crew = refs.units;
  const ashoreIds = crew.length ? [] : suddenDeathUnits(g, D).filter((id) => pool.includes(id));
  const rankOf = (id: string) => rankIn(crew, id);
  const eligible = pool.filter((id) => (crew.length ? rankOf(id) < crew.length : !ashoreIds.includes(id)));
  const byChoice = (ids: string[]) =>
    ids.slice().sort((a, b) => rankOf(a) - rankOf(b) || g.u(b).strength - g.u(a).strength || a.localeCompare(b));
  const warriors = byChoice(eligible.filter((id) => !g.u(id).leader)).slice(0, canoes.length * cap.units);
  const leaders = byChoice(eligible.filter((id) => g.u(id).leader)).slice(0, canoes.length * cap.leaders);
  const fleet = [...warriors, ...leaders];
  const invaders = cargo.filter((id) => g.fighter(id));
  const policy = st.warFleet;
  const launch =
    fleet.length > 0 &&
    (policy === 'always' || (policy === 'stronger' && g.strengthOf(fleet) >= g.strengthOf(invaders)));
  const src = warFleetSource(g, D);
  const ashore =
    ashoreIds.length && policy !== 'never'
      ? `; ${g.list(ashoreIds)} stay${ashoreIds.length === 1 ? 's' : ''} ashore, default crew`
      : '';
  const whose = `${g.possessive(D)} war fleet`;
  if (!launch) {
    // The decision is public; its source (a standing instruction or the default) is the defender's to read.
    const why = fleet.length === 0 ? `no unit may sail (${src})` : src;
    ctx.sayVersions(
      `${g.sideName(D)} sighting roll ${die}: sighted. ${whose}: not launched (${g.possessive(D)} decision).`,
      {
        [D]: `${g.sideName(D)} sighting roll ${die}: sighted. ${whose}: not launched (${why}${ashore}).`,
      },
    );
    return 'landed';
  }
  const docked = here.filter((id) => !canoes.includes(id));
  const stay = docked.length
    ? `; ${g.list(docked)} stay${docked.length === 1 ? 's' : ''} at ${g.space(target).name}`
    : '';
  ctx.sayVersions(`${g.sideName(D)} sighting roll ${die}: sighted. ${whose}: launched (${g.possessive(D)} decision).`, {
    [D]: `${g.sideName(D)} sighting roll ${die}: sighted. ${whose}: launched (${src}${ashore}${stay}).`,
  });
  return ctx.inBattle(() => {
    ctx.say(`${whose} of ${canoes.length} canoe fleet(s) with ${g.list(fleet)} meets the invasion.`);
    const r = fight(ctx, {
      title: `Sea battle off ${g.space(target).name}`,
      kind: 'sea',
      hex: { [A]: 'Sea Battle', [D]: 'Sea Battle' },
      attacker: A,
      defender: D,
      units: { [A]: invaders, [D]: fleet },
      support: { [A]: [canoe], [D]: canoes },
      fortified: false,
      bonus: {},
      dice: diceFn(ctx, supplySnapshot(ctx)),
    });
    if (r.over) return 'over';
    const halfCanoes = (side: string, cs: string[]): string[] => {
      const keep = Math.ceil(cs.length / 2);
      const lost = cs.slice(keep);
      if (lost.length) {
        ctx.say(`${g.sideName(side)} loses ${g.list(lost)} at sea.`);
        for (const id of lost) ctx.eliminate(id);
      }
      return cs.slice(0, keep);
    };
    if (r.winner === A) {
      // The war fleet retreats anywhere friendly but the target with half its canoes and its panicked units.
      const kept = halfCanoes(D, canoes);
      if (ctx.over) return 'over';
      retreat(ctx, D, [...r.alive[D]!, ...kept], target, { why: 'after the sea battle' });
      if (ctx.over) return 'over';
      ctx.noBattle.add(target);
      // Defenders left ashore keep the space (and its fort); the landed force holds the beach (turn.ts).
      const held = g.hasSide(target, D)
        ? `: ${g.sideName(A)} holds the beach and attacks from it in the next Battle Phase`
        : '';
      ctx.say(
        `${g.sideName(A)} rallies and lands at ${g.space(target).name}; no further attack there this turn${held}.`,
      );
      return 'landed';
    }
    ctx.say(`The war fleet returns to its spaces.`);
    const kept = halfCanoes(A, [canoe]);
    retreat(ctx, A, [...r.alive[A]!, ...kept], target, { why: 'after the sea battle' });
    return ctx.over ? 'over' : 'repulsed';
  });
}
