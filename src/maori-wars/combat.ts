// Combat (9.0), in the order of the Combat Procedure: declaration, evasion, Battle Dispatch chit,
// bombardment, cavalry charge, defensive counter-attack, attack, results, retreat, advance; with
// Structures absorbing hits, disruption and panic (11.0). The non-phasing player's decisions come
// from its standing instructions (docs/maori-wars.md).
import { nextDraw, drawsSince, drawsText, shuffle } from '../contract/random.ts';
import type { CrtCell, Effect } from './data-types.ts';
import type { ChitEffect } from './tables-schema.ts';
import { distance } from './hex.ts';
import { boatRetreat, isBoat, isEnemy, stepCost } from './movement.ts';
import { allianceRoll, chitReinforcement, engineKinds, extraCombat } from './chits.ts';
import { gunFor, targetsAt } from './bombardment.ts';
import { aside, dataOf, gainVp, hexData, hexOf, isHex, mapNeighbours, mapOf, other, placeName, roll, stackCount, stackLimit, standingOf, strength, structureName, structuresAt, LOSS_KINDS, unitName, unitsAt, type MWState, type Side, type Structure, type Unit } from './state.ts';

export interface AttackAction { kind: 'attack'; target: string; from: string[]; charge?: boolean; advance?: boolean }

const INFANTRY_LIKE = ['infantry', 'constabulary', 'naval'];
/** 6.0 Sappers: the DRM in the defence of Maori units occupying the Sap Marker. */
const SAP_DEFENCE = 1;

/** The units of `side` in the hexes that may join an attack on `target`. */
export function attackersFor(s: MWState, side: Side, from: string[]): Unit[] {
  return s.units.filter((u) => u.owner === side && from.includes(u.at) && strength(u) > 0 && !u.disrupted && !s.attacked.includes(u.id));
}

export const defendersAt = (s: MWState, side: Side, hex: string) => unitsAt(s, hex).filter((u) => u.owner === side);
const fortPa = (x: Structure) => x.kind === 'fort' || x.kind === 'pa';

/** Why `a` may not be declared now, or null (9.0 step 1). */
export function attackProblem(s: MWState, side: Side, a: AttackAction): string | null {
  const enemy = other(side);
  const tgt = hexData(mapOf(s), a.target);
  if (!tgt) return `${a.target} is not on the map`;
  const units = defendersAt(s, enemy, a.target).filter((u) => u.kind !== 'leader');
  const structs = structuresAt(s, a.target).filter((x) => x.owner === enemy);
  if (unitsAt(s, a.target).some((u) => u.owner === 'Neutral') || structuresAt(s, a.target).some((x) => x.owner === 'Neutral')) return 'neither player may attack Neutrals';
  if (!units.length && !structs.length) return `${placeName(s, a.target)} holds no enemy`;
  if (!units.length && !structs.some((x) => fortPa(x) || x.kind === 'town') && !structs.length) return 'nothing to attack';
  if (units.length && units.every((u) => s.evaded.includes(u.id)) && !structs.some(fortPa)) return 'units that evaded may not be attacked again this phase';
  if (side === 'Maori' && structs.some((x) => x.kind === 'town') && !dataOf(s).scenario.designatedArea.includes(tgt.territory ?? '')) return 'the Maori may only attack Towns in the designated area';
  if (!a.from.length) return 'name the hexes the attack comes from';
  for (const h of a.from) {
    if (!mapNeighbours(mapOf(s), a.target).includes(h)) return `${h} is not adjacent to ${a.target}`;
    if (!attackersFor(s, side, [h]).length) return `no unit at ${h} may attack (non-Disrupted, with strength, not yet used this phase)`;
  }
  if (a.charge && !attackersFor(s, side, a.from).some((u) => u.kind === 'cavalry')) return 'no Cavalry to charge';
  if (a.charge && (tgt.terrain !== 'clear' || structuresAt(s, a.target).some((x) => x.kind === 'pa'))) return 'Cavalry may only charge in clear terrain, and never against a Pa';
  return null;
}

/** Draw a BD chit: the cup is refilled (chits without an asterisk, reshuffled) when empty. */
export function drawChit(s: MWState, lines: string[]): number | null {
  if (!s.cup.length) {
    const back = s.played.filter((n) => !dataOf(s).tables.bdChits.find((c) => c.number === n)?.asterisk);
    if (!back.length) return null;
    const from = nextDraw(s.rng);
    s.cup = shuffle(s.rng, back);
    s.played = s.played.filter((n) => !back.includes(n));
    const d = drawsSince(s.rng, from);
    lines.push(`The BD cup is empty: ${back.length} chits without an asterisk go back and are shuffled${d ? ` (${drawsText(d)})` : ''}.`);
  }
  const n = s.cup.shift()!;
  s.played.push(n);
  return n;
}

export function column(att: number, def: number): 'lesser' | 'equal' | 'greater' {
  return att < def ? 'lesser' : att > def ? 'greater' : 'equal';
}
export function cell(s: MWState, col: 'lesser' | 'equal' | 'greater', r: number): CrtCell {
  const t = dataOf(s).tables.crt;
  const rows = t[col];
  return rows[Math.max(0, Math.min(rows.length - 1, r - t.minRoll))]!;
}
export function effectText(e: Effect): string {
  const parts = [e.hits ? `${e.hits === 1 ? 'one hit' : `${e.hits} hits`}` : '', e.disrupt === 'one' ? 'one unit Disrupted' : e.disrupt === 'all' ? 'all units Disrupted' : '', e.retreat ? 'retreat' : ''].filter(Boolean);
  return parts.join(', ') || 'no effect';
}
const isNone = (e: Effect) => !e.hits && !e.disrupt && !e.retreat;

/** The defender's strength against an attack (9.0): units, a Fort never below 2. */
export function defenceStrength(s: MWState, side: Side, hex: string): number {
  const n = defendersAt(s, side, hex).reduce((t, u) => t + strength(u), 0);
  return structuresAt(s, hex).some((x) => x.owner === side && x.kind === 'fort') ? Math.max(2, n) : n;
}

/** Units in the order they take hits: the owner's STANDING LOSSES kinds first (in its order), then Disrupted units, then the default kinds. */
export function lossOrder(units: Unit[], mine: string[] = []): Unit[] {
  const rank = (u: Unit) => { const i = mine.indexOf(u.kind); return i < 0 ? mine.length : i; };
  return units.slice().sort((a, b) => rank(a) - rank(b) || Number(b.disrupted) - Number(a.disrupted) || LOSS_KINDS.indexOf(a.kind) - LOSS_KINDS.indexOf(b.kind) || a.id.localeCompare(b.id));
}
/** Which instruction chose: the player's, or the documented default. */
export function lossWhy(s: MWState, side: Side): string {
  const l = standingOf(s, side).losses;
  return l ? `by ${side}'s standing LOSSES ${l.toUpperCase()}` : `by ${side}'s default loss order: Disrupted units first, then ${LOSS_KINDS.join(', ')}`;
}

export function eliminate(s: MWState, u: Unit, lines: string[], why = 'eliminated'): void {
  const hex = u.at;
  lines.push(`${unitName(s, u)} ${why}.`);
  if (u.kind === 'leader') {
    u.at = 'gone';
    if (u.owner !== 'Neutral') gainVp(s, other(u.owner), dataOf(s).tables.vp.leader, `${u.name} eliminated`, lines);
    return;
  }
  u.at = u.owner === 'Neutral' ? 'gone' : 'box';
  u.disrupted = false;
  if (u.owner !== 'Neutral') gainVp(s, other(u.owner), dataOf(s).tables.vp.unit, 'a unit eliminated', lines);
  afterLoss(s, u.owner as Side, hex, lines);
}

/** Leaders alone and Gunboats left behind when the last unit of a hex goes (3.0, 6.0). */
function afterLoss(s: MWState, side: Side, hex: string, lines: string[]): void {
  if (!isHex(hex)) return;
  const left = unitsAt(s, hex).filter((u) => u.owner === side);
  if (left.some((u) => u.kind !== 'leader' && !isBoat(u))) return;
  for (const l of left.filter((u) => u.kind === 'leader')) eliminate(s, l, lines, 'is left with no unit: eliminated');
  for (const g of left.filter((u) => u.kind === 'gunboat')) boatRetreat(s, g, lines);
}

/** A Disrupted unit or Structure disrupted again may panic (11.0). */
export function disrupt(s: MWState, u: Unit, lines: string[]): void {
  if (u.kind === 'leader') return;
  if (!u.disrupted) { u.disrupted = true; lines.push(`${unitName(s, { ...u, disrupted: false })} is Disrupted.`); return; }
  const need = u.kind === 'rangers' || INFANTRY_LIKE.includes(u.kind) ? 1 : 2;
  const r = roll(s, lines, `${unitName(s, u)} is Disrupted again and may panic (eliminated on ${need === 1 ? '1' : '2 or less'})`);
  if (r <= need) eliminate(s, u, lines, 'panics: eliminated');
}
function disruptStructure(s: MWState, x: Structure, lines: string[]): void {
  if (x.kind === 'town') return;
  if (!x.disrupted) { x.disrupted = true; lines.push(`${structureName(s, { ...x, disrupted: false })} is Disrupted.`); return; }
  if (unitsAt(s, x.hex).some((u) => u.owner === x.owner && u.kind !== 'leader')) return; // an occupied Structure cannot panic
  const r = roll(s, lines, `${structureName(s, x)} is Disrupted again and may panic (eliminated on 2 or less)`);
  if (r <= 2) destroyStructure(s, x, lines, true, 'panics');
}

/** Remove or downgrade a Structure; VP to the opponent (3.0). Fort → Settlement, Pa → Village, a Fort on a Town just goes. */
export function destroyStructure(s: MWState, x: Structure, lines: string[], downgrade: boolean, why: string): void {
  const opp = x.owner === 'Neutral' ? null : other(x.owner);
  const vp = dataOf(s).tables.vp;
  const onTown = structuresAt(s, x.hex).some((y) => y.kind === 'town' && y !== x);
  if (x.kind === 'town') return;
  if (downgrade && (x.kind === 'fort' || x.kind === 'pa') && !onTown) {
    const to = x.kind === 'fort' ? 'settlement' : 'village';
    lines.push(`${structureName(s, x)} ${why}: replaced by a ${to === 'settlement' ? 'Settlement' : 'Village'}.`);
    x.kind = to;
    if (opp) gainVp(s, opp, vp[x.kind === 'settlement' ? 'fort' : 'pa'], `a ${to === 'settlement' ? 'Fort' : 'Pa'} destroyed`, lines);
    return;
  }
  lines.push(`${structureName(s, x)} ${why}: removed.`);
  s.structures = s.structures.filter((y) => y !== x);
  if (opp) gainVp(s, opp, vp[x.kind], `a ${x.kind === 'fort' ? 'Fort' : x.kind === 'pa' ? 'Pa' : x.kind === 'village' ? 'Village' : 'Settlement'} destroyed`, lines);
}

/** The hex a unit retreats to by default: one it may enter, free of enemies and Neutrals, within stacking, away from enemy units if it can. */
export function retreatHex(s: MWState, u: Unit, from: string, taken: ReadonlySet<string> = new Set()): string | null {
  const side = u.owner as Side;
  const ok = mapNeighbours(mapOf(s), from).filter((n) => {
    if (stepCost(s, u, from, n) === null) return false;
    const d = hexData(mapOf(s), n)!;
    if (d.terrain === 'ocean' || d.terrain === 'lake') return false;
    return !unitsAt(s, n).some((x) => x.owner !== side) && !structuresAt(s, n).some((x) => x.owner !== side);
  });
  // STANDING EVADE SPREAD: a hex no other evader of this stack took comes first (`taken`).
  const full = (n: string) => (stackCount(s, side, n) < stackLimit(s, side, n) ? 0 : 1) + (taken.has(n) ? 0.5 : 0);
  // The owner's STANDING RETREAT TOWARD: the hex nearest the one named (ties in N, NE… order; the sort is stable).
  const toward = standingOf(s, side).retreat;
  if (toward) return ok.sort((a, b) => full(a) - full(b) || distance(a, toward) - distance(b, toward))[0] ?? null;
  const score = (n: string) => full(n) * 2 + (mapNeighbours(mapOf(s), n).some((m) => unitsAt(s, m).some((x) => isEnemy(side, x.owner) && x.kind !== 'leader')) ? 1 : 0);
  return ok.sort((a, b) => score(a) - score(b))[0] ?? null;
}

/** Which instruction chose a retreat or evasion hex, for the report. */
export function retreatWhy(s: MWState, side: Side): string {
  const toward = standingOf(s, side).retreat;
  return toward ? `by ${side}'s standing RETREAT TOWARD ${placeName(s, toward)}` : `by ${side}'s default retreat: within stacking, away from enemy units, in N, NE… order`;
}

/** Apply one side of a combat result to `units` of `side` in `hex`: hits, then disruption, then retreat. */
export function applyEffect(s: MWState, e: Effect, side: Side, hex: string, units: Unit[], defending: boolean, lines: string[]): void {
  const live = () => units.filter((u) => u.at === hex && u.kind !== 'leader' && !isBoat(u));
  // 1.0: the game ends at once when a VP change decides it; nothing of the result after that is applied.
  for (let i = 0; i < e.hits; i++) {
    if (s.result) return;
    const st = defending ? structuresAt(s, hex).find((x) => x.owner === side && fortPa(x) && !x.disrupted) : undefined;
    if (st && s.standing[side].absorb === 'always' && live().length) {
      const r = roll(s, lines, `${side} lets the ${structureName(s, st)} absorb the hit (4–6)`);
      if (r >= 4) { destroyStructure(s, st, lines, true, 'absorbs the hit'); continue; }
    }
    const mine = standingOf(s, side).losses.split(',').filter(Boolean);
    const u = lossOrder(live(), mine)[0];
    if (u) { lines.push(`${unitName(s, u)} takes the hit${aside(side, ` (${lossWhy(s, side)})`)}.`); eliminate(s, u, lines); }
  }
  if (s.result) return;
  if (e.disrupt === 'one') {
    // The unit that would take a hit is the one Disrupted: a loss order ranks units the owner values least.
    const mine = standingOf(s, side).losses.split(',').filter(Boolean);
    const u = lossOrder(live().filter((x) => !x.disrupted), mine)[0] ?? lossOrder(live(), mine)[0];
    if (u) { lines.push(`${unitName(s, u)} takes the disruption${aside(side, ` (${lossWhy(s, side)})`)}.`); disrupt(s, u, lines); }
  } else if (e.disrupt === 'all') {
    for (const u of live()) disrupt(s, u, lines);
    if (defending) for (const x of structuresAt(s, hex).filter((y) => y.owner === side)) disruptStructure(s, x, lines);
  }
  if (!e.retreat || s.result) return;
  // Retreat: units in a Fort/Pa are never forced to (they stay, the default); leaders go with them.
  const fp = defending ? structuresAt(s, hex).find((x) => x.owner === side && fortPa(x)) : undefined;
  if (fp) {
    const fr = standingOf(s, side).fortRetreat;
    const why = s.standing[side].fortRetreat ? `by ${side}'s standing FORT ${fr.toUpperCase()}` : `by ${side}'s default, FORT STAY`;
    if (fr === 'stay') { lines.push(`The ${side} units in the ${fp.kind === 'fort' ? 'Fort' : 'Pa'} stay${aside(side, ` (${why})`)}.`); return; }
    lines.push(`The ${side} units leave the ${fp.kind === 'fort' ? 'Fort' : 'Pa'}${aside(side, ` (${why})`)}.`);
  }
  const leaders = unitsAt(s, hex).filter((u) => u.owner === side && u.kind === 'leader');
  let first: string | null = null;
  for (const u of live()) {
    const to = retreatHex(s, u, hex);
    if (!to) { eliminate(s, u, lines, 'cannot retreat: eliminated'); continue; }
    lines.push(`${unitName(s, u)} retreats to ${placeName(s, to)}${aside(side, ` (${retreatWhy(s, side)})`)}.`);
    u.at = to;
    first ??= to;
  }
  if (first) for (const l of leaders) if (l.at === hex) { l.at = first; lines.push(`${l.name} retreats with them.`); }
  for (const g of unitsAt(s, hex).filter((u) => u.owner === side && u.kind === 'gunboat')) boatRetreat(s, g, lines);
  afterLoss(s, side, hex, lines);
}

/** Evasion (9.0 step 2): the number needed, or null if the stack may not evade. */
export function evasionNeed(s: MWState, evaders: Unit[], attackers: Unit[]): number | null {
  const side = evaders[0]!.owner;
  if (side === 'Maori') return attackers.some((u) => u.kind === 'queenite' || u.kind === 'rangers') ? 5 : 4;
  const hex = evaders[0]!.at;
  if (evaders.every((u) => u.kind === 'rangers' || u.kind === 'queenite') || unitsAt(s, hex).some((u) => u.kind === 'leader' && u.owner === 'British' && u.category === 'british')) return 5;
  return evaders.length === 1 ? 6 : null;
}

/** A chit's combat elsewhere, made once the combat that drew it is over (9.0 step 3). */
type Extra = { who: Side; kinds: string[]; raid: boolean };
/** `noChit`: a combat a BD chit caused (no chit drawn for it); `kinds`: only units of these kinds attack. */
export interface AttackOptions { noChit?: boolean; kinds?: string[] }

/** One single combat, every step in order; then any combat elsewhere its BD chit caused. */
export function resolveAttack(s: MWState, side: Side, a: AttackAction, lines: string[], opts: AttackOptions = {}): void {
  const extra: Extra[] = [];
  singleCombat(s, side, a, lines, opts, extra);
  for (const e of extra) if (!s.result) extraCombat(s, e.who, e.kinds, e.raid, lines);
}

function singleCombat(s: MWState, side: Side, a: AttackAction, lines: string[], opts: AttackOptions, extra: Extra[]): void {
  const enemy = other(side);
  const problem = attackProblem(s, side, a);
  if (problem) { lines.push(`Attack on ${placeName(s, a.target)} not made: ${problem}.`); return; }
  const attackers = attackersFor(s, side, a.from).filter((u) => !opts.kinds?.length || opts.kinds.includes(u.kind));
  for (const u of attackers) s.attacked.push(u.id);
  lines.push(`${side} attacks ${placeName(s, a.target)} from ${a.from.map((h) => placeName(s, h)).join(', ')} with ${attackers.length} unit${attackers.length > 1 ? 's' : ''}${a.charge ? ' (Cavalry charging)' : ''}.`);
  // 2) Evasion, by the defender's standing instruction.
  const inStructure = structuresAt(s, a.target).some((x) => x.owner === enemy && fortPa(x));
  const canEvade = defendersAt(s, enemy, a.target).filter((u) => !u.disrupted && u.kind !== 'leader' && !(isBoat(u) && !isHex(u.at)));
  const ev = s.standing[enemy].evade;
  const want = ev === 'always' || (ev === 'weaker' && !inStructure && defenceStrength(s, enemy, a.target) < attackers.reduce((t, u) => t + strength(u), 0));
  // The defender's STANDING EVADE STAY: that many units remain (those its LOSSES order takes last); SPREAD: a hex each.
  const st = standingOf(s, enemy);
  const stay = new Set(lossOrder(canEvade.filter((u) => !isBoat(u)), st.losses ? st.losses.split(',') : []).reverse().slice(0, Number(st.evadeStay || 0)).map((u) => u.id));
  if (canEvade.some((u) => !stay.has(u.id)) && want) {
    const land = canEvade.filter((u) => !isBoat(u));
    const need = land.length ? evasionNeed(s, land, attackers) : 4;
    if (need === null) lines.push(`A stack of two or more British units cannot evade.`);
    else {
      const r = roll(s, lines, `${enemy} tries to evade (${need}–6)`);
      if (r >= need) {
        const leaders = defendersAt(s, enemy, a.target).filter((u) => u.kind === 'leader');
        let first: string | null = null;
        const taken = new Set<string>();
        if (stay.size) lines.push(`${canEvade.filter((u) => stay.has(u.id)).map((u) => unitName(s, u)).join(', ')} remain${stay.size === 1 ? 's' : ''}${aside(enemy, ` (by ${enemy}'s standing EVADE STAY ${st.evadeStay})`)}.`);
        for (const u of canEvade) {
          if (stay.has(u.id)) continue;
          if (isBoat(u)) { if (hexData(mapOf(s), u.at)!.terrain !== 'ocean' && !unitsAt(s, a.target).some((x) => x.owner === enemy && x !== u && !isBoat(x) && x.kind !== 'leader' && !canEvade.includes(x))) boatRetreat(s, u, lines); s.evaded.push(u.id); continue; }
          const to = retreatHex(s, u, a.target, st.evadeSpread === 'always' ? taken : new Set());
          if (!to) { lines.push(`${unitName(s, u)} has nowhere to evade to and stays.`); continue; }
          taken.add(to);
          lines.push(`${unitName(s, u)} evades to ${placeName(s, to)}${aside(enemy, ` (${retreatWhy(s, enemy)}${st.evadeSpread === 'always' ? `, spread by ${enemy}'s standing EVADE SPREAD ALWAYS` : ''})`)}.`);
          u.at = to;
          s.evaded.push(u.id);
          first ??= to;
        }
        if (first && !defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader')) for (const l of leaders) { l.at = first; lines.push(`${l.name} evades with them.`); }
      } else lines.push(`The evasion fails.`);
    }
  }
  const vacant = () => !defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader' && !isBoat(u));
  if (vacant() && !structuresAt(s, a.target).some((x) => x.owner === enemy && fortPa(x))) {
    lines.push(`${placeName(s, a.target)} is vacant: no combat, and these units may not attack again this phase.`);
    advance(s, side, a, attackers, lines, true);
    return;
  }
  // 3) Battle Dispatch chit, drawn by the defender.
  let chitDrm = 0;
  let counterDrm = 0;
  const skip = new Set<string>();
  const n = opts.noChit ? null : drawChit(s, lines);
  if (opts.noChit) lines.push('No BD chit is drawn for a combat a BD chit caused.');
  if (n !== null) {
    const chit = dataOf(s).tables.bdChits.find((c) => c.number === n)!;
    lines.push(`${enemy} draws BD chit ${n}, "${chit.title}": ${chit.text}`);
    const played = chit.effects ? playChit(s, side, a, attackers, chit.effects, lines, extra) : legacyChit(chit.effect, side, lines);
    if (played === 'called-off') return;
    ({ chitDrm, counterDrm } = played);
    for (const x of played.skip) skip.add(x);
  }
  if (s.result) return;
  // 4) Bombardment: a non-Disrupted Artillery or Gunboat adjacent (Gunboats by water), once per hex per phase.
  if (skip.has('bombardment')) lines.push('No bombardment in this combat (the BD chit).');
  else bombard(s, side, a.target, lines);
  if (s.result) return;
  if (vacant() && !structuresAt(s, a.target).some((x) => x.owner === enemy && fortPa(x))) { advance(s, side, a, attackers, lines, true); return; }
  // 5) Cavalry charge.
  let charged: Unit[] = [];
  if (a.charge && skip.has('charge')) lines.push('No Cavalry charge in this combat (the BD chit).');
  else if (a.charge) {
    charged = attackers.filter((u) => u.kind === 'cavalry' && !u.disrupted && isHex(u.at));
    const col = column(charged.length, defenceStrength(s, enemy, a.target));
    const r = roll(s, lines, `Cavalry charge (${col} force)`, dataOf(s).tables.drm.cavalryCharge);
    const res = cell(s, col, r);
    lines.push(`Charge result: ${effectText(res.defender)} to ${enemy}.`);
    applyEffect(s, res.defender, enemy, a.target, defendersAt(s, enemy, a.target), true, lines);
  }
  if (s.result) return;
  // 6) Defensive counter-attack, by the defender's standing instruction, against the first attacking hex its
  // STANDING COUNTER AT names, else the one with most units.
  const counter = defendersAt(s, enemy, a.target).filter((u) => !u.disrupted && strength(u) > 0);
  const emptyFortPa = !defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader') && structuresAt(s, a.target).find((x) => x.owner === enemy && fortPa(x));
  const remaining = () => attackers.filter((u) => !charged.includes(u) && a.from.includes(u.at) && !u.disrupted);
  if ((counter.length || emptyFortPa) && skip.has('counter-attack')) lines.push('No counter-attack in this combat (the BD chit).');
  else if ((counter.length || emptyFortPa) && s.standing[enemy].counter === 'always' && remaining().length) {
    const named = standingOf(s, enemy).counterAt.split(',').filter(Boolean);
    const rank = (h: string) => { const i = named.indexOf(h); return i < 0 ? named.length : i; };
    const hexes = [...new Set(remaining().map((u) => u.at))].sort((x, y) => rank(x) - rank(y) || unitsAt(s, y).length - unitsAt(s, x).length || x.localeCompare(y));
    const at = hexes[0]!;
    if (hexes.length > 1) lines.push(aside(enemy, `${enemy} counter-attacks the hex ${rank(at) < named.length ? `its standing COUNTER AT ${named.map((h) => placeName(s, h)).join(', ')} names first` : `with most units (${enemy}'s default)`}.`));
    const phasing = unitsAt(s, at).filter((u) => u.owner === side);
    // 9.0: a Fort, "unoccupied or not", is "never below a strength of 2".
    const fort = structuresAt(s, a.target).some((x) => x.owner === enemy && x.kind === 'fort');
    const mine = emptyFortPa ? (emptyFortPa.kind === 'fort' ? 2 : -1) : fort ? Math.max(2, counter.length) : counter.length;
    const col = mine < 0 ? 'lesser' : column(mine, phasing.reduce((t, u) => t + strength(u), 0));
    const r = roll(s, lines, `${enemy} counter-attacks ${placeName(s, at)} (${col} force)`, counterDrm);
    const res = cell(s, col, r);
    lines.push(`Counter-attack result: ${effectText(res.defender)} to ${side} at ${placeName(s, at)}.`);
    applyEffect(s, res.defender, side, at, phasing, false, lines);
  }
  if (s.result) return;
  // 7) Attack.
  const att = remaining();
  if (!att.length) { lines.push('No attacking unit is left to attack.'); return; }
  const struct = structuresAt(s, a.target).find((x) => x.owner === enemy && fortPa(x));
  const occupied = defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader');
  let drm = chitDrm;
  const dm = dataOf(s).tables.drm;
  const terrain = hexData(mapOf(s), a.target)!.terrain;
  if (struct) drm += occupied ? dm.fortPaOccupied : dm.fortPaUnoccupied;
  else if (terrain === 'rough' || terrain === 'mountain') drm += dm.rough;
  if (att.some((u) => u.kind === 'militia') && !att.some((u) => INFANTRY_LIKE.includes(u.kind))) drm += dm.militiaWithoutInfantry;
  // 6.0: "Maori unit(s) that occupies a Sap marker will get +1 DRM in their defense": the attack on them −1.
  if (enemy === 'Maori' && s.sap?.hex === a.target && occupied) { drm -= SAP_DEFENCE; lines.push(`The Maori units occupy the Sap Marker: +${SAP_DEFENCE} in their defence (the attack roll −${SAP_DEFENCE}).`); }
  const col = column(att.reduce((x, u) => x + strength(u), 0), defenceStrength(s, enemy, a.target));
  const r = roll(s, lines, `Attack (${col} force)`, drm);
  const res = cell(s, col, r);
  lines.push(`Result: ${effectText(res.attacker)} to the attacker, ${effectText(res.defender)} to the defender.`);
  applyEffect(s, res.defender, enemy, a.target, defendersAt(s, enemy, a.target), true, lines);
  for (const h of a.from) applyEffect(s, res.attacker, side, h, att.filter((u) => u.at === h), false, lines);
  if (s.result) return;
  if (skip.has('advance')) { if (a.advance) lines.push('No advance after this combat (the BD chit).'); return; }
  advance(s, side, a, att.filter((u) => isHex(u.at)), lines, !isNone(res.defender) || !isNone(res.attacker));
}

/** Advance (9.0 step 7): into a vacant hex; an unoccupied enemy Structure there is removed (not a Town) and gives VP. */
function advance(s: MWState, side: Side, a: AttackAction, att: Unit[], lines: string[], effect: boolean): void {
  if (!a.advance) return;
  const enemy = other(side);
  if (unitsAt(s, a.target).some((u) => u.owner !== side && u.kind !== 'leader')) return;
  const structs = structuresAt(s, a.target).filter((x) => x.owner === enemy);
  if (structs.length && !effect) { lines.push('No advance into a Structure after "No Effect".'); return; }
  const movers = att.filter((u) => isHex(u.at) && stepCost(s, u, u.at, a.target) !== null).slice(0, stackLimit(s, side, a.target));
  if (!movers.length) return;
  for (const u of movers) u.at = a.target;
  lines.push(`${movers.length} ${side} unit${movers.length > 1 ? 's advance' : ' advances'} into ${placeName(s, a.target)}.`);
  for (const l of unitsAt(s, a.target).filter((u) => u.owner === enemy && u.kind === 'leader')) eliminate(s, l, lines, 'is alone when entered: eliminated');
  const vp = dataOf(s).tables.vp;
  const town = structs.find((x) => x.kind === 'town');
  for (const x of structs.filter((y) => y.kind !== 'town')) {
    lines.push(`${structureName(s, x)} is removed.`);
    s.structures = s.structures.filter((y) => y !== x);
    gainVp(s, side, vp[x.kind as 'fort' | 'pa' | 'village' | 'settlement'], `${x.kind === 'fort' ? 'a Fort' : x.kind === 'pa' ? 'a Pa' : x.kind === 'village' ? 'a Village' : 'a Settlement'} taken`, lines);
    if ((x.kind === 'fort' || x.kind === 'pa') && !town) gainVp(s, side, vp[x.kind === 'fort' ? 'settlement' : 'village'], `the ${x.kind === 'fort' ? 'Settlement' : 'Village'} that would have replaced it`, lines);
  }
  if (town) { town.owner = side; gainVp(s, side, vp.townOccupied, 'a Town occupied', lines); }
}

/** Bombardment inside an attack (9.0 step 4), by the attacker's STANDING BOMBARD, when the hex was not bombarded already
 * this phase (a BOMBARD order before the attack names its column; here the column is the first of units, Pa, Canoes). */
export function bombard(s: MWState, side: Side, target: string, lines: string[]): void {
  if (s.bombarded.includes(target) || side === 'Maori') return;
  const choice = standingOf(s, side).bombard;
  const gun = gunFor(s, side, target);
  if (!gun) return;
  const here = targetsAt(s, side, target);
  const col = (['units', 'pa', 'canoes'] as const).find((c) => here.includes(c));
  if (!col) return;
  const why = s.standing[side].bombard ? `${side}'s standing BOMBARD ${choice.toUpperCase()}` : `${side}'s default, BOMBARD ALWAYS`;
  if (choice === 'never') { lines.push(aside(side, `${unitName(s, gun)} does not bombard (${why}).`)); return; }
  lines.push(aside(side, `${unitName(s, gun)} bombards (${why}).`));
  bombardColumn(s, side, target, col, gun, lines);
}

/** Bombard `target` on one column of the Bombardment table ("you cannot mix different kinds of targets"). */
export function bombardColumn(s: MWState, side: Side, target: string, colName: 'units' | 'canoes' | 'pa', gun: Unit, lines: string[]): void {
  s.bombarded.push(target);
  const enemy = other(side);
  const units = defendersAt(s, enemy, target).filter((u) => u.kind !== 'leader');
  const pa = structuresAt(s, target).find((x) => x.owner === enemy && x.kind === 'pa');
  const r = roll(s, lines, `${unitName(s, gun)} bombards ${placeName(s, target)} (${colName === 'pa' ? 'Pa' : colName === 'canoes' ? 'Canoes' : 'units'} column)`);
  const b = dataOf(s).tables.bombardment;
  if (colName === 'pa') {
    const res = b.pa[r - 1]!;
    lines.push(`Bombardment result: ${res === 'none' ? 'no effect' : `the Pa is ${res}`}.`);
    if (res === 'removed' && pa) destroyStructure(s, pa, lines, true, 'is removed by bombardment');
    else if (res === 'disrupted' && pa) disruptStructure(s, pa, lines);
    return;
  }
  const res = b[colName][r - 1]!;
  lines.push(`Bombardment result: ${effectText(res)}.`);
  if (colName === 'canoes') { for (const c of units.filter((u) => u.kind === 'canoe').slice(0, res.hits)) eliminate(s, c, lines); return; }
  applyEffect(s, { ...res, retreat: false }, enemy, target, units.filter((u) => !isBoat(u)), true, lines);
}

export { hexOf };

type ChitPlay = { chitDrm: number; counterDrm: number; skip: string[] } | 'called-off';

/** A chit known only by its summary (test fixtures' tables). */
function legacyChit(e: { type: string; side?: string; value?: number }, side: Side, lines: string[]): ChitPlay {
  if (e.type === 'noCombat') { lines.push('The attack is called off.'); return 'called-off'; }
  if (e.type === 'drm') {
    const forAttacker = e.side === 'attacker' || (e.side === 'british' && side === 'British') || (e.side === 'maori' && side === 'Maori');
    return { chitDrm: forAttacker ? e.value ?? 0 : -(e.value ?? 0), counterDrm: 0, skip: [] };
  }
  if (e.type === 'other') lines.push('kahu does not implement this chit yet: treated as "According to Plan".');
  return { chitDrm: 0, counterDrm: 0, skip: [] };
}

/** The player a chit's party names in this combat (`side` attacks). */
function partySide(p: string, side: Side): Side {
  return p === 'attacker' ? side : p === 'defender' ? other(side) : p === 'british' ? 'British' : 'Maori';
}

/** Play a BD chit's effects in order (tables-schema.ts vocabulary, 9.0 step 3). */
function playChit(s: MWState, side: Side, a: AttackAction, attackers: Unit[], effects: ChitEffect[], lines: string[], extra: Extra[]): ChitPlay {
  const enemy = other(side);
  const out = { chitDrm: 0, counterDrm: 0, skip: [] as string[] };
  const inCombat = (who: Side) => (who === side ? attackers.filter((u) => a.from.includes(u.at)) : defendersAt(s, enemy, a.target)).filter((u) => u.kind !== 'leader' && !isBoat(u));
  for (const e of effects) {
    switch (e.type) {
      case 'none': break;
      case 'drm': {
        // A DRM to the rolls of the party it names: the attack is the attacker's roll, the counter-attack the defender's.
        const who = partySide(e.side, side);
        if (who === side && e.rolls.includes('attack')) { out.chitDrm += e.value; lines.push(`${side}'s attack roll ${e.value > 0 ? '+' : '−'}${Math.abs(e.value)} (the BD chit).`); }
        else if (who === enemy && e.rolls.includes('counter-attack')) { out.counterDrm += e.value; lines.push(`${enemy}'s counter-attack roll ${e.value > 0 ? '+' : '−'}${Math.abs(e.value)} (the BD chit).`); }
        else lines.push(`The chit's DRM is for ${who}'s ${e.rolls.join('/')} rolls, which ${who} does not make in this combat.`);
        break;
      }
      case 'skip': out.skip.push(...e.steps); break;
      case 'call-off': {
        lines.push('The attack is called off; the declared units count as having attacked this phase.');
        return 'called-off';
      }
      case 'vp': gainVp(s, e.side === 'british' ? 'British' : 'Maori', e.value, 'the BD chit', lines); break;
      case 'disrupt': {
        const who = partySide(e.side, side);
        const units = inCombat(who).filter((u) => u.at !== 'box');
        if (!units.length) { lines.push('No unit to Disrupt: treated as "According to Plan".'); break; }
        if (e.which === 'all') for (const u of units) disrupt(s, u, lines);
        else {
          const mine = standingOf(s, who).losses.split(',').filter(Boolean);
          const u = lossOrder(units.filter((x) => !x.disrupted), mine)[0] ?? lossOrder(units, mine)[0]!;
          lines.push(`${unitName(s, u)} takes the disruption${aside(who, ` (${lossWhy(s, who)})`)}.`);
          disrupt(s, u, lines);
        }
        break;
      }
      case 'leader-lost': {
        const who = partySide(e.side, side);
        const hexes = who === side ? a.from : [a.target];
        // Several leaders: the owner's STANDING WOUNDED order first, then by name (the default).
        const order = standingOf(s, who).wounded.split(',').filter(Boolean);
        const rank = (u: Unit) => { const i = order.indexOf(u.name ?? ''); return i < 0 ? order.length : i; };
        const leaders = s.units.filter((u) => u.kind === 'leader' && u.owner === who && hexes.includes(u.at)).sort((x, y) => rank(x) - rank(y) || (x.name ?? '').localeCompare(y.name ?? ''));
        if (!leaders.length) { lines.push(`${who} has no leader in this combat: treated as "According to Plan".`); break; }
        const l = leaders[0]!;
        const why = leaders.length === 1 ? 'the only one there' : order.includes(l.name ?? '') ? `by ${who}'s standing WOUNDED ${standingOf(s, who).wounded.toUpperCase()}` : `by ${who}'s default: the first by name`;
        eliminate(s, l, lines, `is lost (the BD chit${leaders.length === 1 ? `; ${why}` : aside(who, `; ${why}`)}): removed from the game`);
        break;
      }
      case 'reinforcement': {
        const who = partySide(e.side, side);
        const kinds = engineKinds(e.kinds, who);
        if (e.place !== 'combat') { chitReinforcement(s, who, e.count, kinds, lines); break; }
        const st = standingOf(s, who);
        const pref = st.reinforce.split(',').filter(Boolean);
        const rank = (u: Unit) => { const i = pref.indexOf(u.kind); return i < 0 ? pref.length : i; };
        for (let i = 0; i < e.count; i++) {
          // Which unit comes is the owner's: its STANDING REINFORCE kinds first, else the first such unit in the box.
          const box = s.units.filter((x) => x.owner === who && x.at === 'box' && x.kind !== 'leader' && (!kinds.length || kinds.includes(x.kind)));
          const u = box.map((x, k) => [x, k] as const).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1])[0]?.[0];
          const hex = (who === side ? a.from : [a.target]).find((h) => stackCount(s, who, h) < stackLimit(s, who, h));
          if (!u || !hex) { lines.push(`${who} has ${u ? 'no room for' : 'no such unit in the Reinforcement Box for'} a reinforcement: treated as "According to Plan".`); break; }
          u.at = hex;
          const why = st.reinforce && pref.includes(u.kind) ? `by ${who}'s standing REINFORCE ${st.reinforce.toUpperCase()}` : `by ${who}'s default: the first such unit in the Reinforcement Box`;
          lines.push(`${unitName(s, u)} arrives from the Reinforcement Box and takes part in this combat${aside(who, ` (${why})`)}.`);
          if (who === side) { attackers.push(u); s.attacked.push(u.id); }
        }
        break;
      }
      case 'withdraw': {
        // "May retreat": the defender's STANDING EVADE decides (NEVER: stay), no roll needed.
        const who = partySide(e.side, side);
        if (who !== enemy) { lines.push('Only a defender may withdraw: treated as "According to Plan".'); break; }
        const st = s.standing[enemy].evade;
        if (st === 'never') { lines.push(`${enemy} stays${aside(enemy, ` (by ${enemy}'s standing EVADE NEVER)`)}.`); break; }
        lines.push(`${enemy} withdraws${aside(enemy, ` (by ${enemy}'s standing EVADE ${st.toUpperCase()})`)}.`);
        const leaders = defendersAt(s, enemy, a.target).filter((u) => u.kind === 'leader');
        let first: string | null = null;
        for (const u of inCombat(enemy).filter((x) => x.at === a.target)) {
          const to = retreatHex(s, u, a.target);
          if (!to) { lines.push(`${unitName(s, u)} has nowhere to withdraw to and stays.`); continue; }
          lines.push(`${unitName(s, u)} withdraws to ${placeName(s, to)}${aside(enemy, ` (${retreatWhy(s, enemy)})`)}.`);
          u.at = to; s.evaded.push(u.id); first ??= to;
        }
        if (first && !inCombat(enemy).some((u) => u.at === a.target)) for (const l of leaders) { l.at = first; lines.push(`${l.name} withdraws with them.`); }
        break;
      }
      case 'extra-combat': {
        // Made once this combat is over, before any other (9.0 step 3).
        const who = partySide(e.side, side);
        extra.push({ who, kinds: engineKinds(e.kinds, who), raid: e.raid });
        lines.push(`${who} may make a ${e.raid ? 'Raid' : 'single combat'} elsewhere once this combat is over.`);
        break;
      }
      case 'alliance-roll': allianceRoll(s, partySide(e.side, side), a.target, e.hexes, lines); break;
      default:
        lines.push(`kahu does not implement the chit's "${(e as { type: string }).type}" effect yet: that part is treated as "According to Plan".`);
    }
  }
  return out;
}
