// Battle Dispatch chit effects that reach beyond the single combat (9.0 step 3): reinforcements "as in
// the Reinforcement Phase" (5.0), a combat elsewhere ("finish the ongoing combat first … but the
// combat caused by the chit has to be conducted before you continue with any other combat"), and an
// alliance roll on the Negotiation table (8.0). The chits are a reconstruction (tables.json, unofficial).
// What the rules leave to a player comes from its standing instructions, else the documented default
// (docs/maori-wars.md); the report says which decided.
import { attackProblem, column, defenceStrength, resolveAttack, type AttackAction } from './combat.ts';
import { distance } from './hex.ts';
import { allyNeutrals, reinforcementHexes, supplyRoom } from './engine.ts';
import { fight } from './raids.ts';
import { aside, dataOf, gainVp, isHex, mapNeighbours, mapOf, other, placeName, roll, standingOf, strength, structuresAt, unitName, unitsAt, type MWState, type Side, type Unit } from './state.ts';

/** The counter mix's kind names (tables-schema UnitKind) as the engine's: "warriors" are Queenites for the British. */
export function engineKinds(kinds: string[] | undefined, who: Side): string[] {
  return (kinds ?? []).map((k) => (k === 'warriors' ? (who === 'British' ? 'queenite' : 'warrior') : k));
}

const list = (x: string) => x.split(',').filter(Boolean);

/** A reinforcement chit played "as in the Reinforcement Phase": `count` units of `kinds` (any when empty) from `who`'s box. */
export function chitReinforcement(s: MWState, who: Side, count: number, kinds: string[], lines: string[]): void {
  const st = standingOf(s, who);
  const pref = list(st.reinforce);
  const arrive = list(st.arrive);
  const rank = (u: Unit) => { const i = pref.indexOf(u.kind); return i < 0 ? pref.length : i; };
  for (let i = 0; i < count; i++) {
    const box = s.units.filter((u) => u.owner === who && u.at === 'box' && u.kind !== 'leader' && (!kinds.length || kinds.includes(u.kind)));
    // Stable sort: units the instruction does not name keep the box's order (the default: the first in the box).
    const ranked = box.map((u, k) => [u, k] as const).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1]).map((x) => x[0]);
    let placed = false;
    for (const u of ranked) {
      if ((u.kind === 'warrior' || u.kind === 'queenite') && supplyRoom(s, who, u.kind === 'queenite') < 1) continue;
      const hexes = reinforcementHexes(s, who, u);
      if (!hexes.length) continue;
      const hex = arrive.find((h) => hexes.includes(h)) ?? hexes[0]!;
      const whyUnit = st.reinforce && pref.includes(u.kind) ? `by ${who}'s standing REINFORCE ${st.reinforce.toUpperCase()}` : `by ${who}'s default: the first such unit in the Reinforcement Box`;
      const whyHex = st.arrive && arrive.includes(hex) ? `by ${who}'s standing ARRIVE` : `by ${who}'s default: the first hex by number where 5.0 places it`;
      u.at = hex;
      lines.push(`${unitName(s, u)} arrives from the Reinforcement Box as in the Reinforcement Phase${aside(who, ` (the unit ${whyUnit}; the hex ${whyHex})`)}.`);
      placed = true;
      break;
    }
    if (!placed) { lines.push(`${who} has no ${box.length ? 'room or supply for a' : 'such unit in the Reinforcement Box for a'} reinforcement: that part is treated as "According to Plan".`); break; }
  }
}

/** The extra single combat (or Raid) a chit gives `who`, made at once after the combat that drew it. */
export function extraCombat(s: MWState, who: Side, kinds: string[], raid: boolean, lines: string[]): void {
  const choice = standingOf(s, who).extra;
  const why = s.standing[who].extra ? `by ${who}'s standing EXTRA ${choice.toUpperCase()}` : `by ${who}'s default, EXTRA GREATER`;
  const what = raid ? 'Raid' : 'single combat';
  if (choice === 'never') { lines.push(`${who} makes no ${what} elsewhere${aside(who, ` (${why})`)}.`); return; }
  const enemy = other(who);
  // The owner's STANDING EXTRA FROM: only the stacks in the hexes named make it (9.0: "no unit is required to attack").
  const from = list(standingOf(s, who).extraFrom);
  const able = s.units.filter((u) => u.owner === who && isHex(u.at) && strength(u) > 0 && !u.disrupted && !s.attacked.includes(u.id) && (!kinds.length || kinds.includes(u.kind)) && (!from.length || from.includes(u.at)));
  const targets = [...new Set(able.flatMap((u) => mapNeighbours(mapOf(s), u.at)))].sort();
  const rankCol = { lesser: 0, equal: 1, greater: 2 } as const;
  type Cand = { target: string; from: string[]; units: Unit[]; col: keyof typeof rankCol };
  const cands: Cand[] = [];
  for (const t of targets) {
    const from = mapNeighbours(mapOf(s), t).filter((h) => able.some((u) => u.at === h)).sort();
    const units = able.filter((u) => from.includes(u.at));
    if (raid) {
      const raided = unitsAt(s, t).filter((u) => u.owner === enemy && u.kind !== 'leader');
      if (!raided.length || structuresAt(s, t).length || unitsAt(s, t).some((u) => u.owner === 'Neutral')) continue;
      cands.push({ target: t, from, units, col: column(units.length, raided.reduce((n, u) => n + strength(u), 0)) });
    } else {
      if (attackProblem(s, who, { kind: 'attack', target: t, from })) continue;
      cands.push({ target: t, from, units, col: column(units.length, defenceStrength(s, enemy, t)) });
    }
  }
  // The owner's STANDING TARGETS first (in its order); then the default's choice: the best odds, then the most units, then the first hex by number.
  const targetsFirst = list(standingOf(s, who).targets);
  const rankT = (h: string) => { const i = targetsFirst.indexOf(h); return i < 0 ? targetsFirst.length : i; };
  const best = cands.filter((c) => choice === 'always' || c.col === 'greater').sort((x, y) => rankT(x.target) - rankT(y.target) || rankCol[y.col] - rankCol[x.col] || y.units.length - x.units.length || x.target.localeCompare(y.target))[0];
  if (!best) { lines.push(`${who} has no ${what} to make elsewhere${aside(who, `${choice === 'greater' ? ' at Greater Force' : ''}${from.length ? ` from the hexes of its EXTRA FROM` : ''} (${why})`)}: that part is treated as "According to Plan".`); return; }
  const whyTarget = targetsFirst.includes(best.target) ? `the target by ${who}'s standing TARGETS` : `the target by ${who}'s default: the best odds, then the most units, then the first hex by number`;
  lines.push(`${who} makes a ${what} elsewhere, on ${placeName(s, best.target)}${aside(who, ` (${why}; ${whyTarget}; ${from.length ? `the units by ${who}'s standing EXTRA FROM ${from.map((h) => placeName(s, h)).join(', ')}` : `by ${who}'s default, every unit`} of the chit's kinds next to it that has not attacked this phase)`)}.`);
  if (raid) {
    for (const u of best.units) s.attacked.push(u.id);
    lines.push(`${best.units.map((u) => unitName(s, u)).join(', ')} raid ${placeName(s, best.target)} (no BD chit, no evasion).`);
    fight(s, who, best.units, best.from, unitsAt(s, best.target).filter((u) => u.owner === enemy && u.kind !== 'leader'), best.target, lines);
    return;
  }
  // The party's STANDING EXTRA CHARGE: its Cavalry charge when 9.0 step 5 lets them (clear terrain, no Pa).
  const charge = standingOf(s, who).extraCharge === 'always' && !attackProblem(s, who, { kind: 'attack', target: best.target, from: best.from, charge: true });
  if (charge) lines.push(`${who}'s Cavalry charge${aside(who, ` (by ${who}'s standing EXTRA CHARGE ALWAYS)`)}.`);
  const a: AttackAction = { kind: 'attack', target: best.target, from: best.from, ...(charge ? { charge } : {}) };
  resolveAttack(s, who, a, lines, { noChit: true, kinds });
}

/** A chit's roll on the Negotiation table for a Neutral Village within `hexes` of `near`, no leader, no DRM. */
export function allianceRoll(s: MWState, who: Side, near: string, hexes: number, lines: string[]): void {
  const choice = standingOf(s, who).parley;
  const why = s.standing[who].parley ? `by ${who}'s standing PARLEY ${choice.toUpperCase()}` : `by ${who}'s default, PARLEY ALWAYS`;
  if (choice === 'never') { lines.push(`${who} makes no alliance roll${aside(who, ` (${why})`)}.`); return; }
  // The owner's STANDING PARLEY AT: the Villages named first, in that order.
  const at = list(standingOf(s, who).parleyAt);
  const rankV = (h: string) => { const i = at.indexOf(h); return i < 0 ? at.length : i; };
  const villages = [...new Set(s.structures.filter((x) => x.owner === 'Neutral' && (x.kind === 'village' || x.kind === 'pa') && distance(x.hex, near) <= hexes).map((x) => x.hex))]
    .sort((x, y) => rankV(x) - rankV(y) || distance(x, near) - distance(y, near) || x.localeCompare(y));
  const hex = villages[0];
  if (!hex) { lines.push(`No Neutral Village within ${hexes} hexes of ${placeName(s, near)}: that part is treated as "According to Plan".`); return; }
  const t = dataOf(s).tables.negotiation;
  const r = roll(s, lines, `${who} rolls on the Negotiation table for the Neutrals at ${placeName(s, hex)} (${aside(who, `${why}; the Village ${at.includes(hex) ? `by ${who}'s standing PARLEY AT ${at.map((h) => placeName(s, h)).join(', ')}` : 'by the default: the nearest, then the first by number'}; `)}no DRM)`);
  const res = t.results[Math.max(0, Math.min(t.results.length - 1, r - t.minRoll))]!;
  if (res === 'none') { lines.push('The Neutrals stay neutral.'); return; }
  const to = res === 'ally' ? who : other(who);
  allyNeutrals(s, hex, to, lines);
  if (res === 'allyOpponent') gainVp(s, to, 1, 'Neutrals allied with them through the opponent\'s negotiation', lines);
}
