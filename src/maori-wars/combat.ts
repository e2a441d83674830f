// Combat (9.0), in the order of the Combat Procedure: declaration, evasion, Battle Dispatch chit,
// bombardment, cavalry charge, defensive counter-attack, attack, results, retreat, advance; with
// Structures absorbing hits, disruption and panic (11.0; rules/results.ts). The non-phasing player's
// decisions come from its standing instructions (docs/maori-wars.md).
//
// Battle Dispatch chit effects that reach beyond the single combat (9.0 step 3): reinforcements "as in
// the Reinforcement Phase" (5.0), a combat elsewhere ("finish the ongoing combat first … but the
// combat caused by the chit has to be conducted before you continue with any other combat"), and an
// alliance roll on the Negotiation table (8.0). The chits are a reconstruction (tables.json, unofficial).
// What the rules leave to a player comes from its standing instructions, else the documented default
// (docs/maori-wars.md); the report says which decided.
import { nextDraw, drawsSince, drawsText, shuffle } from '../contract/random.ts';
import type { AttackAction } from './actions/types.ts';
import type { ChitEffect } from './tables-schema.ts';
import { distance } from './hex.ts';
import { boatRetreat, isBoat, stepCost } from './movement.ts';
import { attackersFor, attackProblem } from './rules/declare.ts';
import { gunFor, targetsAt } from './rules/guns.ts';
import { negotiationRoll } from './rules/neutrals.ts';
import { fight } from './rules/raids.ts';
import {
  applyEffect,
  bombardColumn,
  cell,
  column,
  defenceStrength,
  defendersAt,
  disrupt,
  effectText,
  eliminate,
  fortPa,
  INFANTRY_LIKE,
  isNone,
  lossOrder,
  lossWhy,
  retreatHex,
  retreatWhy,
} from './rules/results.ts';
import { reinforcementHexes, supplyRoom } from './rules/supply.ts';
import {
  aside,
  dataOf,
  gainVp,
  hexData,
  isHex,
  mapNeighbours,
  mapOf,
  other,
  placeName,
  roll,
  stackCount,
  stackLimit,
  standingOf,
  strength,
  structureName,
  structuresAt,
  unitName,
  unitsAt,
  type MWState,
  type Side,
  type Unit,
} from './state.ts';

/** 6.0 Sappers: the DRM in the defence of Maori units occupying the Sap Marker. */
const SAP_DEFENCE = 1;

/** Draw a BD chit: the cup is refilled (chits without an asterisk, reshuffled) when empty. */
export function drawChit(s: MWState, lines: string[]): number | null {
  if (!s.cup.length) {
    const back = s.played.filter((n) => !dataOf(s).tables.bdChits.find((c) => c.number === n)?.asterisk);
    if (!back.length) return null;
    const from = nextDraw(s.rng);
    s.cup = shuffle(s.rng, back);
    s.played = s.played.filter((n) => !back.includes(n));
    const d = drawsSince(s.rng, from);
    lines.push(
      `The BD cup is empty: ${back.length} chits without an asterisk go back and are shuffled${d ? ` (${drawsText(d)})` : ''}.`,
    );
  }
  const n = s.cup.shift()!;
  s.played.push(n);
  return n;
}

/** Evasion (9.0 step 2): the number needed, or null if the stack may not evade. */
export function evasionNeed(s: MWState, evaders: Unit[], attackers: Unit[]): number | null {
  const side = evaders[0]!.owner;
  if (side === 'Maori') return attackers.some((u) => u.kind === 'queenite' || u.kind === 'rangers') ? 5 : 4;
  const hex = evaders[0]!.at;
  if (
    evaders.every((u) => u.kind === 'rangers' || u.kind === 'queenite') ||
    unitsAt(s, hex).some((u) => u.kind === 'leader' && u.owner === 'British' && u.category === 'british')
  )
    return 5;
  return evaders.length === 1 ? 6 : null;
}

/** A chit's combat elsewhere, made once the combat that drew it is over (9.0 step 3). */
type Extra = { who: Side; kinds: string[]; raid: boolean };
/** `noChit`: a combat a BD chit caused (no chit drawn for it); `kinds`: only units of these kinds attack. */
export interface AttackOptions {
  noChit?: boolean;
  kinds?: string[];
}

/** One single combat, every step in order; then any combat elsewhere its BD chit caused. */
export function resolveAttack(
  s: MWState,
  side: Side,
  a: AttackAction,
  lines: string[],
  opts: AttackOptions = {},
): void {
  const extra: Extra[] = [];
  singleCombat(s, side, a, lines, opts, extra);
  for (const e of extra) if (!s.result) extraCombat(s, e.who, e.kinds, e.raid, lines);
}

function singleCombat(
  s: MWState,
  side: Side,
  a: AttackAction,
  lines: string[],
  opts: AttackOptions,
  extra: Extra[],
): void {
  const enemy = other(side);
  const problem = attackProblem(s, side, a);
  if (problem) {
    lines.push(`Attack on ${placeName(s, a.target)} not made: ${problem}.`);
    return;
  }
  const attackers = attackersFor(s, side, a.from).filter((u) => !opts.kinds?.length || opts.kinds.includes(u.kind));
  for (const u of attackers) s.attacked.push(u.id);
  lines.push(
    `${side} attacks ${placeName(s, a.target)} from ${a.from.map((h) => placeName(s, h)).join(', ')} with ${attackers.length} unit${attackers.length > 1 ? 's' : ''}${a.charge ? ' (Cavalry charging)' : ''}.`,
  );
  // 2) Evasion, by the defender's standing instruction.
  const inStructure = structuresAt(s, a.target).some((x) => x.owner === enemy && fortPa(x));
  const canEvade = defendersAt(s, enemy, a.target).filter(
    (u) => !u.disrupted && u.kind !== 'leader' && !(isBoat(u) && !isHex(u.at)),
  );
  const ev = s.standing[enemy].evade;
  const want =
    ev === 'always' ||
    (ev === 'weaker' &&
      !inStructure &&
      defenceStrength(s, enemy, a.target) < attackers.reduce((t, u) => t + strength(u), 0));
  // The defender's STANDING EVADE STAY: that many units remain (those its LOSSES order takes last); SPREAD: a hex each.
  const st = standingOf(s, enemy);
  const stay = new Set(
    lossOrder(
      canEvade.filter((u) => !isBoat(u)),
      st.losses ? st.losses.split(',') : [],
    )
      .reverse()
      .slice(0, Number(st.evadeStay || 0))
      .map((u) => u.id),
  );
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
        if (stay.size)
          lines.push(
            `${canEvade
              .filter((u) => stay.has(u.id))
              .map((u) => unitName(s, u))
              .join(
                ', ',
              )} remain${stay.size === 1 ? 's' : ''}${aside(enemy, ` (by ${enemy}'s standing EVADE STAY ${st.evadeStay})`)}.`,
          );
        for (const u of canEvade) {
          if (stay.has(u.id)) continue;
          if (isBoat(u)) {
            if (
              hexData(mapOf(s), u.at)!.terrain !== 'ocean' &&
              !unitsAt(s, a.target).some(
                (x) => x.owner === enemy && x !== u && !isBoat(x) && x.kind !== 'leader' && !canEvade.includes(x),
              )
            )
              boatRetreat(s, u, lines);
            s.evaded.push(u.id);
            continue;
          }
          const to = retreatHex(s, u, a.target, st.evadeSpread === 'always' ? taken : new Set());
          if (!to) {
            lines.push(`${unitName(s, u)} has nowhere to evade to and stays.`);
            continue;
          }
          taken.add(to);
          lines.push(
            `${unitName(s, u)} evades to ${placeName(s, to)}${aside(enemy, ` (${retreatWhy(s, enemy)}${st.evadeSpread === 'always' ? `, spread by ${enemy}'s standing EVADE SPREAD ALWAYS` : ''})`)}.`,
          );
          u.at = to;
          s.evaded.push(u.id);
          first ??= to;
        }
        if (first && !defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader'))
          for (const l of leaders) {
            l.at = first;
            lines.push(`${l.name} evades with them.`);
          }
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
    const played = chit.effects
      ? playChit(s, side, a, attackers, chit.effects, lines, extra)
      : legacyChit(chit.effect, side, lines);
    if (played === 'called-off') return;
    ({ chitDrm, counterDrm } = played);
    for (const x of played.skip) skip.add(x);
  }
  if (s.result) return;
  // 4) Bombardment: a non-Disrupted Artillery or Gunboat adjacent (Gunboats by water), once per hex per phase.
  if (skip.has('bombardment')) lines.push('No bombardment in this combat (the BD chit).');
  else bombard(s, side, a.target, lines);
  if (s.result) return;
  if (vacant() && !structuresAt(s, a.target).some((x) => x.owner === enemy && fortPa(x))) {
    advance(s, side, a, attackers, lines, true);
    return;
  }
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
  const emptyFortPa =
    !defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader') &&
    structuresAt(s, a.target).find((x) => x.owner === enemy && fortPa(x));
  const remaining = () => attackers.filter((u) => !charged.includes(u) && a.from.includes(u.at) && !u.disrupted);
  if ((counter.length || emptyFortPa) && skip.has('counter-attack'))
    lines.push('No counter-attack in this combat (the BD chit).');
  else if ((counter.length || emptyFortPa) && s.standing[enemy].counter === 'always' && remaining().length) {
    const named = standingOf(s, enemy).counterAt.split(',').filter(Boolean);
    const rank = (h: string) => {
      const i = named.indexOf(h);
      return i < 0 ? named.length : i;
    };
    const hexes = [...new Set(remaining().map((u) => u.at))].sort(
      (x, y) => rank(x) - rank(y) || unitsAt(s, y).length - unitsAt(s, x).length || x.localeCompare(y),
    );
    const at = hexes[0]!;
    if (hexes.length > 1)
      lines.push(
        aside(
          enemy,
          `${enemy} counter-attacks the hex ${rank(at) < named.length ? `its standing COUNTER AT ${named.map((h) => placeName(s, h)).join(', ')} names first` : `with most units (${enemy}'s default)`}.`,
        ),
      );
    const phasing = unitsAt(s, at).filter((u) => u.owner === side);
    // 9.0: a Fort, "unoccupied or not", is "never below a strength of 2".
    const fort = structuresAt(s, a.target).some((x) => x.owner === enemy && x.kind === 'fort');
    const mine = emptyFortPa
      ? emptyFortPa.kind === 'fort'
        ? 2
        : -1
      : fort
        ? Math.max(2, counter.length)
        : counter.length;
    const col =
      mine < 0
        ? 'lesser'
        : column(
            mine,
            phasing.reduce((t, u) => t + strength(u), 0),
          );
    const r = roll(s, lines, `${enemy} counter-attacks ${placeName(s, at)} (${col} force)`, counterDrm);
    const res = cell(s, col, r);
    lines.push(`Counter-attack result: ${effectText(res.defender)} to ${side} at ${placeName(s, at)}.`);
    applyEffect(s, res.defender, side, at, phasing, false, lines);
  }
  if (s.result) return;
  // 7) Attack.
  const att = remaining();
  if (!att.length) {
    lines.push('No attacking unit is left to attack.');
    return;
  }
  const struct = structuresAt(s, a.target).find((x) => x.owner === enemy && fortPa(x));
  const occupied = defendersAt(s, enemy, a.target).some((u) => u.kind !== 'leader');
  let drm = chitDrm;
  const dm = dataOf(s).tables.drm;
  const terrain = hexData(mapOf(s), a.target)!.terrain;
  if (struct) drm += occupied ? dm.fortPaOccupied : dm.fortPaUnoccupied;
  else if (terrain === 'rough' || terrain === 'mountain') drm += dm.rough;
  if (att.some((u) => u.kind === 'militia') && !att.some((u) => INFANTRY_LIKE.includes(u.kind)))
    drm += dm.militiaWithoutInfantry;
  // 6.0: "Maori unit(s) that occupies a Sap marker will get +1 DRM in their defense": the attack on them −1.
  if (enemy === 'Maori' && s.sap?.hex === a.target && occupied) {
    drm -= SAP_DEFENCE;
    lines.push(
      `The Maori units occupy the Sap Marker: +${SAP_DEFENCE} in their defence (the attack roll −${SAP_DEFENCE}).`,
    );
  }
  const col = column(
    att.reduce((x, u) => x + strength(u), 0),
    defenceStrength(s, enemy, a.target),
  );
  const r = roll(s, lines, `Attack (${col} force)`, drm);
  const res = cell(s, col, r);
  lines.push(`Result: ${effectText(res.attacker)} to the attacker, ${effectText(res.defender)} to the defender.`);
  applyEffect(s, res.defender, enemy, a.target, defendersAt(s, enemy, a.target), true, lines);
  for (const h of a.from)
    applyEffect(
      s,
      res.attacker,
      side,
      h,
      att.filter((u) => u.at === h),
      false,
      lines,
    );
  if (s.result) return;
  if (skip.has('advance')) {
    if (a.advance) lines.push('No advance after this combat (the BD chit).');
    return;
  }
  advance(
    s,
    side,
    a,
    att.filter((u) => isHex(u.at)),
    lines,
    !isNone(res.defender) || !isNone(res.attacker),
  );
}

/** Advance (9.0 step 7): into a vacant hex; an unoccupied enemy Structure there is removed (not a Town) and gives VP. */
function advance(s: MWState, side: Side, a: AttackAction, att: Unit[], lines: string[], effect: boolean): void {
  if (!a.advance) return;
  const enemy = other(side);
  if (unitsAt(s, a.target).some((u) => u.owner !== side && u.kind !== 'leader')) return;
  const structs = structuresAt(s, a.target).filter((x) => x.owner === enemy);
  if (structs.length && !effect) {
    lines.push('No advance into a Structure after "No Effect".');
    return;
  }
  const movers = att
    .filter((u) => isHex(u.at) && stepCost(s, u, u.at, a.target) !== null)
    .slice(0, stackLimit(s, side, a.target));
  if (!movers.length) return;
  for (const u of movers) u.at = a.target;
  lines.push(
    `${movers.length} ${side} unit${movers.length > 1 ? 's advance' : ' advances'} into ${placeName(s, a.target)}.`,
  );
  for (const l of unitsAt(s, a.target).filter((u) => u.owner === enemy && u.kind === 'leader'))
    eliminate(s, l, lines, 'is alone when entered: eliminated');
  const vp = dataOf(s).tables.vp;
  const town = structs.find((x) => x.kind === 'town');
  for (const x of structs.filter((y) => y.kind !== 'town')) {
    lines.push(`${structureName(s, x)} is removed.`);
    s.structures = s.structures.filter((y) => y !== x);
    gainVp(
      s,
      side,
      vp[x.kind as 'fort' | 'pa' | 'village' | 'settlement'],
      `${x.kind === 'fort' ? 'a Fort' : x.kind === 'pa' ? 'a Pa' : x.kind === 'village' ? 'a Village' : 'a Settlement'} taken`,
      lines,
    );
    if ((x.kind === 'fort' || x.kind === 'pa') && !town)
      gainVp(
        s,
        side,
        vp[x.kind === 'fort' ? 'settlement' : 'village'],
        `the ${x.kind === 'fort' ? 'Settlement' : 'Village'} that would have replaced it`,
        lines,
      );
  }
  if (town) {
    town.owner = side;
    gainVp(s, side, vp.townOccupied, 'a Town occupied', lines);
  }
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
  const why = s.standing[side].bombard
    ? `${side}'s standing BOMBARD ${choice.toUpperCase()}`
    : `${side}'s default, BOMBARD ALWAYS`;
  if (choice === 'never') {
    lines.push(aside(side, `${unitName(s, gun)} does not bombard (${why}).`));
    return;
  }
  lines.push(aside(side, `${unitName(s, gun)} bombards (${why}).`));
  bombardColumn(s, side, target, col, gun, lines);
}

type ChitPlay = { chitDrm: number; counterDrm: number; skip: string[] } | 'called-off';

/** A chit known only by its summary (test fixtures' tables). */
function legacyChit(e: { type: string; side?: string; value?: number }, side: Side, lines: string[]): ChitPlay {
  if (e.type === 'noCombat') {
    lines.push('The attack is called off.');
    return 'called-off';
  }
  if (e.type === 'drm') {
    const forAttacker =
      e.side === 'attacker' || (e.side === 'british' && side === 'British') || (e.side === 'maori' && side === 'Maori');
    return { chitDrm: forAttacker ? (e.value ?? 0) : -(e.value ?? 0), counterDrm: 0, skip: [] };
  }
  if (e.type === 'other') lines.push('kahu does not implement this chit yet: treated as "According to Plan".');
  return { chitDrm: 0, counterDrm: 0, skip: [] };
}

/** The player a chit's party names in this combat (`side` attacks). */
function partySide(p: string, side: Side): Side {
  return p === 'attacker' ? side : p === 'defender' ? other(side) : p === 'british' ? 'British' : 'Maori';
}

/** Play a BD chit's effects in order (tables-schema.ts vocabulary, 9.0 step 3). */
function playChit(
  s: MWState,
  side: Side,
  a: AttackAction,
  attackers: Unit[],
  effects: ChitEffect[],
  lines: string[],
  extra: Extra[],
): ChitPlay {
  const enemy = other(side);
  const out = { chitDrm: 0, counterDrm: 0, skip: [] as string[] };
  const inCombat = (who: Side) =>
    (who === side ? attackers.filter((u) => a.from.includes(u.at)) : defendersAt(s, enemy, a.target)).filter(
      (u) => u.kind !== 'leader' && !isBoat(u),
    );
  for (const e of effects) {
    switch (e.type) {
      case 'none':
        break;
      case 'drm': {
        // A DRM to the rolls of the party it names: the attack is the attacker's roll, the counter-attack the defender's.
        const who = partySide(e.side, side);
        if (who === side && e.rolls.includes('attack')) {
          out.chitDrm += e.value;
          lines.push(`${side}'s attack roll ${e.value > 0 ? '+' : '−'}${Math.abs(e.value)} (the BD chit).`);
        } else if (who === enemy && e.rolls.includes('counter-attack')) {
          out.counterDrm += e.value;
          lines.push(`${enemy}'s counter-attack roll ${e.value > 0 ? '+' : '−'}${Math.abs(e.value)} (the BD chit).`);
        } else
          lines.push(
            `The chit's DRM is for ${who}'s ${e.rolls.join('/')} rolls, which ${who} does not make in this combat.`,
          );
        break;
      }
      case 'skip':
        out.skip.push(...e.steps);
        break;
      case 'call-off': {
        lines.push('The attack is called off; the declared units count as having attacked this phase.');
        return 'called-off';
      }
      case 'vp':
        gainVp(s, e.side === 'british' ? 'British' : 'Maori', e.value, 'the BD chit', lines);
        break;
      case 'disrupt': {
        const who = partySide(e.side, side);
        const units = inCombat(who).filter((u) => u.at !== 'box');
        if (!units.length) {
          lines.push('No unit to Disrupt: treated as "According to Plan".');
          break;
        }
        if (e.which === 'all') for (const u of units) disrupt(s, u, lines);
        else {
          const mine = standingOf(s, who).losses.split(',').filter(Boolean);
          const u =
            lossOrder(
              units.filter((x) => !x.disrupted),
              mine,
            )[0] ?? lossOrder(units, mine)[0]!;
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
        const rank = (u: Unit) => {
          const i = order.indexOf(u.name ?? '');
          return i < 0 ? order.length : i;
        };
        const leaders = s.units
          .filter((u) => u.kind === 'leader' && u.owner === who && hexes.includes(u.at))
          .sort((x, y) => rank(x) - rank(y) || (x.name ?? '').localeCompare(y.name ?? ''));
        if (!leaders.length) {
          lines.push(`${who} has no leader in this combat: treated as "According to Plan".`);
          break;
        }
        const l = leaders[0]!;
        const why =
          leaders.length === 1
            ? 'the only one there'
            : order.includes(l.name ?? '')
              ? `by ${who}'s standing WOUNDED ${standingOf(s, who).wounded.toUpperCase()}`
              : `by ${who}'s default: the first by name`;
        eliminate(
          s,
          l,
          lines,
          `is lost (the BD chit${leaders.length === 1 ? `; ${why}` : aside(who, `; ${why}`)}): removed from the game`,
        );
        break;
      }
      case 'reinforcement': {
        const who = partySide(e.side, side);
        const kinds = engineKinds(e.kinds, who);
        if (e.place !== 'combat') {
          chitReinforcement(s, who, e.count, kinds, lines);
          break;
        }
        const st = standingOf(s, who);
        const pref = st.reinforce.split(',').filter(Boolean);
        const rank = (u: Unit) => {
          const i = pref.indexOf(u.kind);
          return i < 0 ? pref.length : i;
        };
        for (let i = 0; i < e.count; i++) {
          // Which unit comes is the owner's: its STANDING REINFORCE kinds first, else the first such unit in the box.
          const box = s.units.filter(
            (x) =>
              x.owner === who && x.at === 'box' && x.kind !== 'leader' && (!kinds.length || kinds.includes(x.kind)),
          );
          const u = box.map((x, k) => [x, k] as const).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1])[0]?.[0];
          const hex = (who === side ? a.from : [a.target]).find((h) => stackCount(s, who, h) < stackLimit(s, who, h));
          if (!u || !hex) {
            lines.push(
              `${who} has ${u ? 'no room for' : 'no such unit in the Reinforcement Box for'} a reinforcement: treated as "According to Plan".`,
            );
            break;
          }
          u.at = hex;
          const why =
            st.reinforce && pref.includes(u.kind)
              ? `by ${who}'s standing REINFORCE ${st.reinforce.toUpperCase()}`
              : `by ${who}'s default: the first such unit in the Reinforcement Box`;
          lines.push(
            `${unitName(s, u)} arrives from the Reinforcement Box and takes part in this combat${aside(who, ` (${why})`)}.`,
          );
          if (who === side) {
            attackers.push(u);
            s.attacked.push(u.id);
          }
        }
        break;
      }
      case 'withdraw': {
        // "May retreat": the defender's STANDING EVADE decides (NEVER: stay), no roll needed.
        const who = partySide(e.side, side);
        if (who !== enemy) {
          lines.push('Only a defender may withdraw: treated as "According to Plan".');
          break;
        }
        const st = s.standing[enemy].evade;
        if (st === 'never') {
          lines.push(`${enemy} stays${aside(enemy, ` (by ${enemy}'s standing EVADE NEVER)`)}.`);
          break;
        }
        lines.push(`${enemy} withdraws${aside(enemy, ` (by ${enemy}'s standing EVADE ${st.toUpperCase()})`)}.`);
        const leaders = defendersAt(s, enemy, a.target).filter((u) => u.kind === 'leader');
        let first: string | null = null;
        for (const u of inCombat(enemy).filter((x) => x.at === a.target)) {
          const to = retreatHex(s, u, a.target);
          if (!to) {
            lines.push(`${unitName(s, u)} has nowhere to withdraw to and stays.`);
            continue;
          }
          lines.push(
            `${unitName(s, u)} withdraws to ${placeName(s, to)}${aside(enemy, ` (${retreatWhy(s, enemy)})`)}.`,
          );
          u.at = to;
          s.evaded.push(u.id);
          first ??= to;
        }
        if (first && !inCombat(enemy).some((u) => u.at === a.target))
          for (const l of leaders) {
            l.at = first;
            lines.push(`${l.name} withdraws with them.`);
          }
        break;
      }
      case 'extra-combat': {
        // Made once this combat is over, before any other (9.0 step 3).
        const who = partySide(e.side, side);
        extra.push({ who, kinds: engineKinds(e.kinds, who), raid: e.raid });
        lines.push(`${who} may make a ${e.raid ? 'Raid' : 'single combat'} elsewhere once this combat is over.`);
        break;
      }
      case 'alliance-roll':
        allianceRoll(s, partySide(e.side, side), a.target, e.hexes, lines);
        break;
      default:
        lines.push(
          `kahu does not implement the chit's "${(e as { type: string }).type}" effect yet: that part is treated as "According to Plan".`,
        );
    }
  }
  return out;
}

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
  const rank = (u: Unit) => {
    const i = pref.indexOf(u.kind);
    return i < 0 ? pref.length : i;
  };
  for (let i = 0; i < count; i++) {
    const box = s.units.filter(
      (u) => u.owner === who && u.at === 'box' && u.kind !== 'leader' && (!kinds.length || kinds.includes(u.kind)),
    );
    // Stable sort: units the instruction does not name keep the box's order (the default: the first in the box).
    const ranked = box
      .map((u, k) => [u, k] as const)
      .sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1])
      .map((x) => x[0]);
    let placed = false;
    for (const u of ranked) {
      if ((u.kind === 'warrior' || u.kind === 'queenite') && supplyRoom(s, who, u.kind === 'queenite') < 1) continue;
      const hexes = reinforcementHexes(s, who, u);
      if (!hexes.length) continue;
      const hex = arrive.find((h) => hexes.includes(h)) ?? hexes[0]!;
      const whyUnit =
        st.reinforce && pref.includes(u.kind)
          ? `by ${who}'s standing REINFORCE ${st.reinforce.toUpperCase()}`
          : `by ${who}'s default: the first such unit in the Reinforcement Box`;
      const whyHex =
        st.arrive && arrive.includes(hex)
          ? `by ${who}'s standing ARRIVE`
          : `by ${who}'s default: the first hex by number where 5.0 places it`;
      u.at = hex;
      lines.push(
        `${unitName(s, u)} arrives from the Reinforcement Box as in the Reinforcement Phase${aside(who, ` (the unit ${whyUnit}; the hex ${whyHex})`)}.`,
      );
      placed = true;
      break;
    }
    if (!placed) {
      lines.push(
        `${who} has no ${box.length ? 'room or supply for a' : 'such unit in the Reinforcement Box for a'} reinforcement: that part is treated as "According to Plan".`,
      );
      break;
    }
  }
}

/** The extra single combat (or Raid) a chit gives `who`, made at once after the combat that drew it. */
export function extraCombat(s: MWState, who: Side, kinds: string[], raid: boolean, lines: string[]): void {
  const choice = standingOf(s, who).extra;
  const why = s.standing[who].extra
    ? `by ${who}'s standing EXTRA ${choice.toUpperCase()}`
    : `by ${who}'s default, EXTRA GREATER`;
  const what = raid ? 'Raid' : 'single combat';
  if (choice === 'never') {
    lines.push(`${who} makes no ${what} elsewhere${aside(who, ` (${why})`)}.`);
    return;
  }
  const enemy = other(who);
  // The owner's STANDING EXTRA FROM: only the stacks in the hexes named make it (9.0: "no unit is required to attack").
  const from = list(standingOf(s, who).extraFrom);
  const able = s.units.filter(
    (u) =>
      u.owner === who &&
      isHex(u.at) &&
      strength(u) > 0 &&
      !u.disrupted &&
      !s.attacked.includes(u.id) &&
      (!kinds.length || kinds.includes(u.kind)) &&
      (!from.length || from.includes(u.at)),
  );
  const targets = [...new Set(able.flatMap((u) => mapNeighbours(mapOf(s), u.at)))].sort();
  const rankCol = { lesser: 0, equal: 1, greater: 2 } as const;
  type Cand = { target: string; from: string[]; units: Unit[]; col: keyof typeof rankCol };
  const cands: Cand[] = [];
  for (const t of targets) {
    const from = mapNeighbours(mapOf(s), t)
      .filter((h) => able.some((u) => u.at === h))
      .sort();
    const units = able.filter((u) => from.includes(u.at));
    if (raid) {
      const raided = unitsAt(s, t).filter((u) => u.owner === enemy && u.kind !== 'leader');
      if (!raided.length || structuresAt(s, t).length || unitsAt(s, t).some((u) => u.owner === 'Neutral')) continue;
      cands.push({
        target: t,
        from,
        units,
        col: column(
          units.length,
          raided.reduce((n, u) => n + strength(u), 0),
        ),
      });
    } else {
      if (attackProblem(s, who, { kind: 'attack', target: t, from })) continue;
      cands.push({ target: t, from, units, col: column(units.length, defenceStrength(s, enemy, t)) });
    }
  }
  // The owner's STANDING TARGETS first (in its order); then the default's choice: the best odds, then the most units, then the first hex by number.
  const targetsFirst = list(standingOf(s, who).targets);
  const rankT = (h: string) => {
    const i = targetsFirst.indexOf(h);
    return i < 0 ? targetsFirst.length : i;
  };
  const best = cands
    .filter((c) => choice === 'always' || c.col === 'greater')
    .sort(
      (x, y) =>
        rankT(x.target) - rankT(y.target) ||
        rankCol[y.col] - rankCol[x.col] ||
        y.units.length - x.units.length ||
        x.target.localeCompare(y.target),
    )[0];
  if (!best) {
    lines.push(
      `${who} has no ${what} to make elsewhere${aside(who, `${choice === 'greater' ? ' at Greater Force' : ''}${from.length ? ` from the hexes of its EXTRA FROM` : ''} (${why})`)}: that part is treated as "According to Plan".`,
    );
    return;
  }
  const whyTarget = targetsFirst.includes(best.target)
    ? `the target by ${who}'s standing TARGETS`
    : `the target by ${who}'s default: the best odds, then the most units, then the first hex by number`;
  lines.push(
    `${who} makes a ${what} elsewhere, on ${placeName(s, best.target)}${aside(who, ` (${why}; ${whyTarget}; ${from.length ? `the units by ${who}'s standing EXTRA FROM ${from.map((h) => placeName(s, h)).join(', ')}` : `by ${who}'s default, every unit`} of the chit's kinds next to it that has not attacked this phase)`)}.`,
  );
  if (raid) {
    for (const u of best.units) s.attacked.push(u.id);
    lines.push(
      `${best.units.map((u) => unitName(s, u)).join(', ')} raid ${placeName(s, best.target)} (no BD chit, no evasion).`,
    );
    fight(
      s,
      who,
      best.units,
      best.from,
      unitsAt(s, best.target).filter((u) => u.owner === enemy && u.kind !== 'leader'),
      best.target,
      lines,
    );
    return;
  }
  // The party's STANDING EXTRA CHARGE: its Cavalry charge when 9.0 step 5 lets them (clear terrain, no Pa).
  const charge =
    standingOf(s, who).extraCharge === 'always' &&
    !attackProblem(s, who, { kind: 'attack', target: best.target, from: best.from, charge: true });
  if (charge) lines.push(`${who}'s Cavalry charge${aside(who, ` (by ${who}'s standing EXTRA CHARGE ALWAYS)`)}.`);
  const a: AttackAction = { kind: 'attack', target: best.target, from: best.from, ...(charge ? { charge } : {}) };
  resolveAttack(s, who, a, lines, { noChit: true, kinds });
}

/** A chit's roll on the Negotiation table for a Neutral Village within `hexes` of `near`, no leader, no DRM. */
export function allianceRoll(s: MWState, who: Side, near: string, hexes: number, lines: string[]): void {
  const choice = standingOf(s, who).parley;
  const why = s.standing[who].parley
    ? `by ${who}'s standing PARLEY ${choice.toUpperCase()}`
    : `by ${who}'s default, PARLEY ALWAYS`;
  if (choice === 'never') {
    lines.push(`${who} makes no alliance roll${aside(who, ` (${why})`)}.`);
    return;
  }
  // The owner's STANDING PARLEY AT: the Villages named first, in that order.
  const at = list(standingOf(s, who).parleyAt);
  const rankV = (h: string) => {
    const i = at.indexOf(h);
    return i < 0 ? at.length : i;
  };
  const villages = [
    ...new Set(
      s.structures
        .filter(
          (x) => x.owner === 'Neutral' && (x.kind === 'village' || x.kind === 'pa') && distance(x.hex, near) <= hexes,
        )
        .map((x) => x.hex),
    ),
  ].sort((x, y) => rankV(x) - rankV(y) || distance(x, near) - distance(y, near) || x.localeCompare(y));
  const hex = villages[0];
  if (!hex) {
    lines.push(
      `No Neutral Village within ${hexes} hexes of ${placeName(s, near)}: that part is treated as "According to Plan".`,
    );
    return;
  }
  negotiationRoll(
    s,
    who,
    hex,
    `${who} rolls on the Negotiation table for the Neutrals at ${placeName(s, hex)} (${aside(who, `${why}; the Village ${at.includes(hex) ? `by ${who}'s standing PARLEY AT ${at.map((h) => placeName(s, h)).join(', ')}` : 'by the default: the nearest, then the first by number'}; `)}no DRM)`,
    0,
    lines,
  );
}
