// Maori Wars as a pure engine: the sequence of play (2.0) with the eight phases of each player
// turn, the phasing player's actions in each, the phases that pass by themselves, and victory
// (1.0). State is plain JSON (state.ts); every die comes from the seeded stream in the state.
import { disrupt, eliminate, lossOrder, lossWhy, resolveAttack, attackProblem, attackersFor, type AttackAction } from './combat.ts';
import type { StructureKind } from './data-types.ts';
import { distance } from './hex.ts';
import { allowance, applyMove, enforceStacking, isBoat, isEnemy, pathProblem, reachable, spent, transportProblem } from './movement.ts';
import { newUnit, placeHex, whereHexes } from './setup.ts';
import { carry, carryOptions, carryProblem, type CarryAction } from './carry.ts';
import { bombard, bombardOptions, bombardProblem, TARGET_WORDS, type BombardAction } from './bombardment.ts';
import { leaderMoveOptions, leaderMoveProblem, moveLeader, type LeaderMoveAction } from './leaders.ts';
import { placeSap, sapEffect, sapOptions, sapProblem, type SapAction } from './sappers.ts';
import { ship, shipOptions, shipProblem, shippedProblem, type ShipAction } from './shipment.ts';
import { bushRaidProblem, raidOptions, raidProblem, resolveBushRaid, resolveRaid, type BushRaidAction, type RaidAction } from './raids.ts';
import { standingOf } from './state.ts';
import { aside, dataOf, gainVp, settlementsStanding, hexData, hexOf, hexside, isHex, mapNeighbours, mapOf, NZ_KINDS, other, PHASE_NAMES, PHASES, placeName, roll, SIDES, stackCount, stackLimit, structureName, structuresAt, territoryName, unitName, unitsAt, vpText, type MWState, type PhaseName, type Side, type Standing, type Structure, type Unit } from './state.ts';
import { readHex } from './text.ts';

export type Action =
  | { kind: 'move'; unit: string; path: string[] }
  | { kind: 'transport'; boat: string; cargo: string[]; path: string[] }
  | { kind: 'destroyCanoe'; unit: string }
  | { kind: 'reinforce'; unit: string; hex: string }
  | AttackAction
  | { kind: 'negotiate'; leader: string; hex: string }
  | { kind: 'bushEnter'; unit: string }
  | { kind: 'bushMove'; unit: string; territory: string }
  | { kind: 'bushLeave'; unit: string; hex: string }
  | RaidAction
  | ShipAction
  | SapAction
  | LeaderMoveAction
  | BombardAction
  | CarryAction
  | BushRaidAction
  | { kind: 'rally'; unit: string; leader: string }
  | { kind: 'build'; what: StructureKind; hex: string }
  | { kind: 'repair'; hex: string }
  | { kind: 'standing'; key: keyof Standing; value: string }
  | { kind: 'pass' };

export interface MWReport { turn: number; side: Side; phase: string; lines: string[] }

const PHASE_ACTIONS: Record<PhaseName, Action['kind'][]> = {
  reinforcement: ['reinforce'], movement: ['move', 'transport', 'destroyCanoe', 'ship', 'sap', 'carry'], rally: ['rally'], alliance: ['negotiate', 'leaderMove'], combat: ['attack', 'bombard'],
  bushRaider: ['bushEnter', 'bushMove', 'bushLeave', 'raid', 'bushRaid'], construction: ['build', 'repair'], attrition: [],
};
export const BUSH_KINDS = ['queenite', 'warrior', 'militia', 'constabulary', 'rangers'];
const BUSH_MAX: Record<Side, number> = { Maori: 3, British: 2 };

export const unit = (s: MWState, id: string) => s.units.find((u) => u.id === id);
const sideUnits = (s: MWState, side: Side) => s.units.filter((u) => u.owner === side);
const designated = (s: MWState, hex: string) => dataOf(s).scenario.designatedArea.includes(hexData(mapOf(s), hex)?.territory ?? '');

// ---- Legality

/** Why `a` is not legal for `side` now, or null. */
export function problemOf(s: MWState, role: string, a: Action): string | null {
  if (s.result) return 'the game is over';
  if (a.kind === 'standing') return null;
  if (role !== s.side) return `it is the ${s.side} player's ${PHASE_NAMES[s.phase]}, not yours`;
  if (a.kind === 'pass') return null;
  if (!PHASE_ACTIONS[s.phase].includes(a.kind)) return `not in the ${PHASE_NAMES[s.phase]}`;
  const side = s.side;
  const u = 'unit' in a ? unit(s, a.unit) : undefined;
  if ('unit' in a && (!u || u.owner !== side)) return 'that is not one of your units';
  switch (a.kind) {
    case 'move': {
      if (shippedProblem(s, u!.id)) return shippedProblem(s, u!.id);
      if (u!.kind === 'canoe' && !hexOf(u!)) return 'not on the map';
      const p = pathProblem(s, u!, a.path);
      return 'problem' in p ? p.problem : null;
    }
    case 'transport': {
      const boat = unit(s, a.boat);
      if (!boat || boat.owner !== side) return 'that is not one of your boats';
      const cargo = a.cargo.map((id) => unit(s, id));
      if (cargo.some((c) => !c)) return 'unknown unit';
      const moved = cargo.find((c) => shippedProblem(s, c!.id));
      if (moved) return shippedProblem(s, moved.id);
      const p = transportProblem(s, boat, cargo as Unit[], a.path);
      return 'problem' in p ? p.problem : null;
    }
    case 'destroyCanoe': return u!.kind === 'canoe' && isHex(u!.at) ? null : 'only a Canoe on the map may be destroyed by its owner';
    case 'reinforce': return reinforceProblem(s, side, u!, a.hex);
    case 'attack': return attackProblem(s, side, a);
    case 'negotiate': return negotiateProblem(s, side, a.leader, a.hex);
    case 'bushEnter': return bushEnterProblem(s, side, u!);
    case 'bushMove': {
      if (!u!.at.startsWith('bush:') || s.moved.includes(u!.id)) return 'only a unit that was already in the Bush Raider Box may move there';
      const t = mapOf(s).territories.find((x) => x.id === u!.at.slice(5));
      return t?.adjacent.includes(a.territory) ? null : `${territoryName(s, a.territory)} is not adjacent to ${t?.name ?? u!.at}`;
    }
    case 'bushLeave': {
      if (!u!.at.startsWith('bush:') || s.moved.includes(u!.id)) return 'only a unit that was already in the Bush Raider Box may leave it';
      const h = hexData(mapOf(s), a.hex);
      if (!h || h.territory !== u!.at.slice(5)) return `${a.hex} is not in ${territoryName(s, u!.at.slice(5))}`;
      if (h.terrain === 'ocean' || h.terrain === 'lake') return 'not a land hex';
      if (unitsAt(s, a.hex).some((x) => x.owner !== side) || structuresAt(s, a.hex).some((x) => x.owner !== side)) return 'the hex holds enemy or Neutral counters';
      if (u!.kind !== 'leader' && stackCount(s, side, a.hex) >= stackLimit(s, side, a.hex)) return 'the hex is fully stacked';
      return null;
    }
    case 'ship': return shipProblem(s, side, a);
    case 'sap': return sapProblem(s, side, a);
    case 'leaderMove': return leaderMoveProblem(s, side, a);
    case 'bombard': return bombardProblem(s, side, a);
    case 'carry': return carryProblem(s, side, a);
    case 'raid': return raidProblem(s, side, a);
    case 'bushRaid': return bushRaidProblem(s, side, a);
    case 'rally': return rallyProblem(s, side, u!, a.leader);
    case 'build': return buildProblem(s, side, a.what, a.hex);
    case 'repair': {
      if (s.built) return 'only one Construction a turn';
      return structuresAt(s, a.hex).some((x) => x.owner === side && x.disrupted) ? null : 'no Disrupted friendly Structure there';
    }
  }
}

// ---- Reinforcement (5.0)

/** Maori units in play (not Canoes) and the Structures that supply them (13.0). */
export function supplyRoom(s: MWState, side: Side, queenite: boolean): number {
  const count = s.units.filter((u) => u.owner === side && (queenite ? u.kind === 'queenite' : u.kind === 'warrior') && (isHex(u.at) || u.at.startsWith('bush:'))).length;
  const structs = s.structures.filter((x) => x.owner === side && (side === 'Maori' || x.queenite)).length;
  return structs * 3 - count;
}

export function reinforcementHexes(s: MWState, side: Side, u: Unit): string[] {
  const ok = (h: string) => stackCount(s, side, h) < stackLimit(s, side, h) && !unitsAt(s, h).some((x) => x.owner !== side);
  const mine = s.structures.filter((x) => x.owner === side);
  let hexes: string[];
  if (side === 'Maori') hexes = mine.filter((x) => x.kind === 'village' || x.kind === 'pa').map((x) => x.hex);
  else if (u.kind === 'queenite') hexes = mine.filter((x) => x.queenite && (x.kind === 'village' || x.kind === 'pa')).map((x) => x.hex);
  else if (NZ_KINDS.includes(u.kind as never)) hexes = mine.filter((x) => !x.queenite && (x.kind === 'settlement' || x.kind === 'town' || x.kind === 'fort')).map((x) => x.hex);
  else hexes = mine.filter((x) => x.kind === 'town').map((x) => x.hex);
  if (side === 'British') hexes = hexes.filter((h) => designated(s, h));
  return [...new Set(hexes)].filter(ok).sort();
}

function reinforceProblem(s: MWState, side: Side, u: Unit, hex: string): string | null {
  if (u.at !== 'box' || u.kind === 'leader') return `${unitName(s, u)} is not in the Reinforcement Box`;
  if (s.reinforced >= dataOf(s).scenario.reinforcementsPerTurn) return `only ${dataOf(s).scenario.reinforcementsPerTurn} unit${dataOf(s).scenario.reinforcementsPerTurn > 1 ? 's' : ''} from the Reinforcement Box a turn`;
  if ((u.kind === 'warrior' || u.kind === 'queenite') && supplyRoom(s, side, u.kind === 'queenite') < 1) return 'more units than the Structures can supply (13.0)';
  return reinforcementHexes(s, side, u).includes(hex) ? null : `${placeName(s, hex)} is not a place this unit may arrive in`;
}

function automaticReinforcements(s: MWState, lines: string[]): void {
  const arrived: Unit[] = [];
  for (const r of dataOf(s).scenario.automatic.filter((x) => x.turn === s.turn && x.side === s.side)) {
    for (let i = 0; i < r.count; i++) {
      const want = whereHexes(s, r.at);
      if (!want.length) {
        // No place printed: where 5.0 places reinforcements (the first such hex; not a decision yet).
        const nu = newUnit(s, { kind: r.kind, owner: s.side, at: 'box' });
        const h = reinforcementHexes(s, s.side, nu)[0];
        if (h) nu.at = h;
        arrived.push(nu);
        lines.push(`Automatic reinforcement: ${unitName(s, nu)}.`);
        continue;
      }
      const fits = (h: string) => stackCount(s, s.side, h) < stackLimit(s, s.side, h) && !unitsAt(s, h).some((x) => x.owner !== s.side) && !structuresAt(s, h).some((x) => x.owner !== s.side);
      const nearEnemy = (h: string) => mapNeighbours(mapOf(s), h).some((n) => unitsAt(s, n).some((x) => isEnemy(s.side, x.owner)));
      let hex = want.find(fits) ?? want.flatMap((h) => mapNeighbours(mapOf(s), h)).find((h) => fits(h) && !nearEnemy(h) && hexData(mapOf(s), h)!.terrain !== 'ocean');
      if (!hex && s.side === 'British' && want[0]) hex = mapOf(s).hexes.filter((h) => h.coastal && h.terrain !== 'ocean' && fits(h.id) && !nearEnemy(h.id)).map((h) => h.id).sort((a, b) => distance(a, want[0]!) - distance(b, want[0]!) || a.localeCompare(b))[0];
      const nu = newUnit(s, { kind: r.kind, owner: s.side, at: hex ?? 'box' });
      arrived.push(nu);
      lines.push(`Automatic reinforcement: ${unitName(s, nu)}.`);
    }
  }
  for (const r of dataOf(s).scenario.automaticLeaders.filter((x) => x.turn === s.turn && x.side === s.side)) {
    const want = whereHexes(s, r.at);
    const info = dataOf(s).scenario.leaders[r.name];
    // A leader goes on a unit of its own category (7.0: leaders command their own category; a Queenite leader with
    // the Queenites): at its printed place, else on the units that arrive with it (placed as 5.0 says), else any.
    const cat = info?.category ?? 'british';
    const commands = (u: Unit) => u.kind !== 'leader' && isHex(u.at) && (cat === 'queenite' ? u.kind === 'queenite' : cat === 'british' ? u.kind !== 'queenite' : true);
    const on = (want.length ? sideUnits(s, s.side).find((u) => commands(u) && want.some((h) => h === u.at || distance(h, u.at) <= 1)) : undefined)
      ?? arrived.find(commands) ?? sideUnits(s, s.side).find(commands) ?? sideUnits(s, s.side).find((u) => u.kind !== 'leader' && isHex(u.at));
    const l = newUnit(s, { kind: 'leader', owner: s.side, name: r.name, category: info?.category ?? 'british', ...(info?.rangerLeader ? { rangerLeader: true } : {}), at: on?.at ?? 'box' });
    lines.push(`Automatic reinforcement: ${unitName(s, l)}.`);
  }
}

// ---- Alliance (8.0)

function negotiateProblem(s: MWState, side: Side, leaderId: string, hex: string): string | null {
  const l = unit(s, leaderId);
  if (l?.kind !== 'leader' || l.owner !== side || !isHex(l.at)) return 'that is not one of your leaders on the map';
  if (s.negotiated.includes(l.id)) return `${l.name} has negotiated already this phase`;
  if (s.negotiated.includes(hex)) return 'that Village has been negotiated with already this phase';
  if (!structuresAt(s, hex).some((x) => x.owner === 'Neutral' && (x.kind === 'village' || x.kind === 'pa'))) return `${placeName(s, hex)} is not a Neutral Village`;
  return mapNeighbours(mapOf(s), l.at).includes(hex) ? null : `${l.name} is not adjacent to ${placeName(s, hex)}`;
}

function negotiate(s: MWState, side: Side, l: Unit, hex: string, lines: string[]): void {
  s.negotiated.push(l.id, hex);
  const sole = !unitsAt(s, l.at).some((u) => u !== l && u.owner === side) && !structuresAt(s, l.at).length;
  const t0 = dataOf(s).tables.negotiation;
  // 8.0 "A sole British leader has a +1 DRM": a British leader, not a Queenite one (7.0 keeps the two categories apart).
  const drm = side === 'Maori' ? t0.maoriLeader : sole && l.category === 'british' ? t0.soleBritishLeader : 0;
  const r = roll(s, lines, `${l.name} negotiates with the Neutrals at ${placeName(s, hex)}`, drm);
  const t = dataOf(s).tables.negotiation;
  const res = t.results[Math.max(0, Math.min(t.results.length - 1, r - t.minRoll))]!;
  if (res === 'none') { lines.push('The Neutrals stay neutral.'); return; }
  const to = res === 'ally' ? side : other(side);
  allyNeutrals(s, hex, to, lines);
  if (res === 'allyOpponent') gainVp(s, to, 1, 'Neutrals allied with them through the opponent\'s negotiation', lines);
}

/** Neutrals at `hex` (Structure, units, leader) become `to`'s: Maori, or Queenite for the British. */
export function allyNeutrals(s: MWState, hex: string, to: Side, lines: string[]): void {
  for (const x of structuresAt(s, hex).filter((y) => y.owner === 'Neutral')) { x.owner = to; if (to === 'British') x.queenite = true; }
  for (const u of unitsAt(s, hex).filter((y) => y.owner === 'Neutral')) {
    u.owner = to;
    if (u.kind === 'neutral') u.kind = to === 'British' ? 'queenite' : 'warrior';
    if (u.kind === 'leader') u.category = to === 'British' ? 'queenite' : 'maori';
  }
  lines.push(`The Neutrals at ${placeName(s, hex)} ally with the ${to === 'British' ? 'British (as Queenites)' : 'Maori'}.`);
}

// ---- Bush Raider Phase (10.0): entering, moving between territories, leaving; raids are not done yet.

function bushEnterProblem(s: MWState, side: Side, u: Unit): string | null {
  if (!isHex(u.at)) return `${unitName(s, u)} is not on the main map`;
  if (!hexData(mapOf(s), u.at)?.territory) return 'the hex is in no territory';
  if (s.moved.includes(u.id)) return `${unitName(s, u)} has acted in this Bush Raider Phase already`;
  if (u.kind === 'leader') return null;
  if (!BUSH_KINDS.includes(u.kind)) return 'only Queenite, Maori, Militia, Constabulary and Ranger units may enter the Bush Raider Box';
  if (u.kind === 'militia' && dataOf(s).scenario.militiaNoBushRaid) return 'Militia may not be placed in the Bush Raider Box in this scenario';
  const there = s.units.filter((x) => x.owner === side && x.kind !== 'leader' && x.at.startsWith('bush:')).length;
  return there >= BUSH_MAX[side] ? `at most ${BUSH_MAX[side]} ${side} units in the Bush Raider Box` : null;
}

// ---- Construction (12.0)

function friendlyStructureWithin3(s: MWState, side: Side, hex: string): boolean {
  return s.structures.some((x) => x.owner === side && distance(x.hex, hex) <= 3);
}
function nearEnemy(s: MWState, side: Side, hex: string): boolean {
  return [hex, ...mapNeighbours(mapOf(s), hex)].some((h) => unitsAt(s, h).some((u) => isEnemy(side, u.owner) && u.kind !== 'leader') || structuresAt(s, h).some((x) => isEnemy(side, x.owner) && !x.disrupted));
}

export function buildProblem(s: MWState, side: Side, what: StructureKind, hex: string): string | null {
  if (s.built) return 'only one Construction a turn';
  if (!hexData(mapOf(s), hex)) return `${hex} is not on the map`;
  if (nearEnemy(s, side, hex)) return 'not in or next to an enemy unit or non-Disrupted enemy Structure';
  const here = structuresAt(s, hex);
  const mine = unitsAt(s, hex).filter((u) => u.owner === side && !u.disrupted);
  if (what === 'settlement' || what === 'village') {
    if (!designated(s, hex)) return 'nothing new outside the Designated Area';
    if (here.length) return 'there is a Structure there already';
    if (what === 'settlement' && (side !== 'British' || !mine.some((u) => u.kind === 'militia'))) return 'a Settlement needs a non-Disrupted NZ Militia unit in the hex';
    if (what === 'village' && !mine.some((u) => u.kind === 'warrior' || u.kind === 'queenite')) return 'a Village needs a non-Disrupted Queenite or Maori unit in the hex';
    if (!friendlyStructureWithin3(s, side, hex)) return 'not within 3 hexes of a friendly Structure';
    return null;
  }
  if (what === 'fort') {
    if (side !== 'British') return 'only the British build Forts';
    const maxForts = dataOf(s).scenario.maxForts;
    if (maxForts !== undefined && s.fortsBuilt >= maxForts) return `the British may build only ${maxForts} Fort${maxForts === 1 ? '' : 's'} in this scenario`;
    if (here.some((x) => x.kind === 'fort')) return 'there is a Fort there already';
    if (!here.some((x) => x.owner === 'British' && (x.kind === 'town' || (x.kind === 'settlement' && !x.disrupted)))) return 'a Fort upgrades a Town or a non-Disrupted Settlement';
    return null;
  }
  if (what === 'pa') return here.some((x) => x.owner === side && x.kind === 'village' && !x.disrupted) ? null : 'a Pa upgrades a friendly non-Disrupted Village';
  return 'Towns are printed on the map';
}

function build(s: MWState, side: Side, what: StructureKind, hex: string, lines: string[]): void {
  s.built = true;
  const here = structuresAt(s, hex);
  if (what === 'settlement' || what === 'village') {
    const queenite = side === 'British' && what === 'village';
    s.structures.push({ id: `s${s.nextId++}`, kind: what, owner: side, hex, disrupted: false, ...(queenite ? { queenite } : {}) });
    // 1.0 "eliminating all Settlements" (or all Villages) counts once there has been one to eliminate.
    if (what === 'settlement') s.hadSettlements = true;
    if (what === 'village' && side === 'Maori') s.hadMaoriVillages = true;
  } else if (what === 'fort') {
    s.fortsBuilt++;
    const st = here.find((x) => x.kind === 'settlement');
    if (st) st.kind = 'fort';
    else s.structures.push({ id: `s${s.nextId++}`, kind: 'fort', owner: 'British', hex, disrupted: false });
    gainVp(s, 'Maori', dataOf(s).tables.vp.fortBuilt, 'the British expend VP to build a Fort', lines);
  } else if (what === 'pa') here.find((x) => x.kind === 'village')!.kind = 'pa';
  lines.push(`${side} builds a ${what === 'settlement' ? 'Settlement' : what === 'village' ? 'Village' : what === 'fort' ? 'Fort' : 'Pa'} at ${placeName(s, hex)}.`);
}

// ---- Rally (7.0): the phasing player says which leader helps which Disrupted unit (RALLY lines);
// the rest by default, the leader with the best chance, one unit each. Attrition (13.0): the owner's
// STANDING LOSSES, Disrupted units first.

/** The roll a leader needs to rally `u` (7.0), 7 if it cannot help. */
function rallyNeed(l: Unit, u: Unit): number {
  if (l.category === 'british' && u.owner === 'British') return l.rangerLeader && u.kind === 'rangers' ? 4 : 5;
  if (l.category === 'queenite' && u.kind === 'queenite') return 4;
  if (l.category === 'maori' && u.owner === 'Maori') return 4;
  return 7;
}
const rallyable = (s: MWState, side: Side) => sideUnits(s, side).filter((u) => u.disrupted && u.kind !== 'leader' && (isHex(u.at) || u.at.startsWith('bush:')));
const helpers = (s: MWState, side: Side, u: Unit) => sideUnits(s, side).filter((l) => l.kind === 'leader' && l.at === u.at && rallyNeed(l, u) < 7);

/** A real choice (a short Rally decision phase): a leader who may help Disrupted units of two kinds. Otherwise
 * nothing is left to choose: units alike in one hex are interchangeable, and where a unit has several
 * leaders the best one helps (each leader can help only that one kind there). */
export function rallyChoice(s: MWState, side: Side): boolean {
  const units = rallyable(s, side);
  return sideUnits(s, side).some((l) => l.kind === 'leader' && new Set(units.filter((u) => l.at === u.at && rallyNeed(l, u) < 7).map((u) => u.kind)).size > 1);
}

function rallyProblem(s: MWState, side: Side, u: Unit, leaderId: string): string | null {
  const l = unit(s, leaderId);
  if (l?.kind !== 'leader' || l.owner !== side) return 'that is not one of your leaders';
  if (!u.disrupted || u.kind === 'leader' || !(isHex(u.at) || u.at.startsWith('bush:'))) return `${unitName(s, u)} is not a Disrupted unit on the map or in the Bush Raider Box`;
  if (l.at !== u.at) return `${l.name} is not in the same hex (or Bush Raider territory) as ${unitName(s, u)}`;
  if (rallyNeed(l, u) >= 7) return `${l.name} cannot rally ${unitName(s, u)} (7.0)`;
  const given = s.rallies ?? {};
  if (given[u.id]) return `${unitName(s, u)} has a leader already (${unit(s, given[u.id]!)?.name})`;
  if (Object.values(given).includes(l.id)) return `${l.name} helps a single Disrupted unit`;
  return null;
}

function rally(s: MWState, lines: string[]): void {
  const side = s.side;
  const given = s.rallies ?? {};
  const helped = new Set<string>(Object.values(given));
  const disrupted = rallyable(s, side);
  for (const u of disrupted) {
    const mine = given[u.id] ? unit(s, given[u.id]!) : undefined;
    const best = mine ?? helpers(s, side, u).filter((l) => !helped.has(l.id)).sort((a, b) => rallyNeed(a, u) - rallyNeed(b, u))[0];
    const n = best ? rallyNeed(best, u) : 6;
    if (best) {
      helped.add(best.id);
      lines.push(`${best.name} helps ${unitName(s, u)} (${mine ? `${side}'s order RALLY ${unitRef(s, u)} WITH ${best.name}` : `${side}'s default: the leader with the best chance, one unit each`}).`);
    }
    const r = roll(s, lines, `Rally ${unitName(s, u)}${best ? ` with ${best.name}` : ''} (${n}${n < 6 ? '–6' : ''})`);
    if (r >= n) { u.disrupted = false; lines.push(`${unitName(s, u)} rallies.`); }
  }
  if (!disrupted.length) lines.push('No Disrupted unit to rally.');
}

/** British supply (13.0): within 3 hexes of a Town, Settlement or Fort, not through Maori units or Structures, nor across water unless a Gunboat is at the Structure. */
export function inSupply(s: MWState, u: Unit): boolean {
  const m = mapOf(s);
  const sources = s.structures.filter((x) => x.owner === 'British' && !x.queenite && ['town', 'settlement', 'fort'].includes(x.kind));
  const blocked = (h: string) => unitsAt(s, h).some((x) => x.owner === 'Maori' && x.kind !== 'leader') || structuresAt(s, h).some((x) => x.owner === 'Maori');
  for (const src of sources) {
    if (distance(src.hex, u.at) > 3) continue;
    const gunboat = unitsAt(s, src.hex).some((x) => x.owner === 'British' && x.kind === 'gunboat');
    const seen = new Map([[src.hex, 0]]);
    const q = [src.hex];
    while (q.length) {
      const h = q.shift()!;
      if (h === u.at) return true;
      if (seen.get(h)! >= 3) continue;
      for (const n of mapNeighbours(m, h)) {
        if (seen.has(n) || blocked(n)) continue;
        if (!gunboat && (hexside(m, h, n) || hexData(m, n)!.terrain === 'ocean' || hexData(m, n)!.terrain === 'lake')) continue;
        seen.set(n, seen.get(h)! + 1);
        q.push(n);
      }
    }
  }
  return false;
}

function attrition(s: MWState, lines: string[]): void {
  const side = s.side;
  // The owner's choice: units in its STANDING ATTRITION hexes first, in that order (which of several alike
  // units goes); then its STANDING LOSSES order, Disrupted units first (the sorts are stable).
  const where = standingOf(s, side).attrition.split(',').filter(Boolean);
  const hexRank = (u: Unit) => { const i = where.indexOf(u.at); return i < 0 ? where.length : i; };
  const ownerOrder = (units: Unit[]) => lossOrder(units, standingOf(s, side).losses.split(',').filter(Boolean)).sort((a, b) => Number(b.disrupted) - Number(a.disrupted)).sort((a, b) => hexRank(a) - hexRank(b));
  const why = (u: Unit) => hexRank(u) < where.length ? `by ${side}'s standing ATTRITION ${where.map((h) => placeName(s, h)).join(', ')}`
    : `${lossWhy(s, side)}; ${where.length ? `none in ${side}'s ATTRITION hexes` : `${side}'s ATTRITION DEFAULT`}`;
  const removeOne = (queenite: boolean) => {
    if (supplyRoom(s, side, queenite) >= 0) return;
    const kind = queenite ? 'queenite' : 'warrior';
    const u = ownerOrder(sideUnits(s, side).filter((x) => x.kind === kind && (isHex(x.at) || x.at.startsWith('bush:'))))[0];
    if (!u) return;
    lines.push(`Too many ${queenite ? 'Queenite' : 'Maori'} units for their Structures to supply: ${unitName(s, u)} is removed (no VP${aside(side, `; ${why(u)}`)}).`);
    u.at = 'gone';
  };
  if (side === 'Maori') removeOne(false);
  else {
    // An out-of-supply unit already Disrupted is still one of "them" (13.0): Disrupted again, it may panic (11.0). The
    // owner's order, a non-Disrupted unit first (as for a combat's disruption), unless its ATTRITION hexes name one.
    const out = sideUnits(s, 'British').filter((u) => isHex(u.at) && u.kind !== 'leader' && u.kind !== 'queenite' && !isBoat(u) && !inSupply(s, u));
    const pick = ownerOrder(out).sort((a, b) => Number(a.disrupted) - Number(b.disrupted)).sort((a, b) => hexRank(a) - hexRank(b))[0];
    if (pick && !pick.disrupted) { pick.disrupted = true; lines.push(`${unitName(s, { ...pick, disrupted: false })} is out of supply: Disrupted${aside(side, ` (${why(pick)})`)}.`); }
    else if (pick) { lines.push(`${unitName(s, pick)} is out of supply: Disrupted again${aside(side, ` (${why(pick)})`)}.`); disrupt(s, pick, lines); }
    removeOne(true);
  }
  if (!lines.length) lines.push('No attrition.');
}

// ---- Options: every legal action now

export function legalActions(s: MWState, role: string): Action[] {
  if (s.result || role !== s.side) return [];
  const side = s.side;
  const out: Action[] = [];
  const mine = sideUnits(s, side);
  switch (s.phase) {
    case 'reinforcement':
      if (s.reinforced < dataOf(s).scenario.reinforcementsPerTurn) {
        const seen = new Set<string>();
        for (const u of mine.filter((x) => x.at === 'box')) {
          if (seen.has(`${u.kind}`)) continue;
          seen.add(u.kind);
          for (const h of reinforcementHexes(s, side, u)) if (!reinforceProblem(s, side, u, h)) out.push({ kind: 'reinforce', unit: u.id, hex: h });
        }
      }
      break;
    case 'movement': {
      const seen = new Set<string>();
      for (const u of mine.filter((x) => isHex(x.at) && !shippedProblem(s, x.id))) {
        const key = `${u.kind}|${u.name ?? ''}|${u.at}|${u.disrupted}|${spent(s, u)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const [, path] of reachable(s, u)) out.push({ kind: 'move', unit: u.id, path });
      }
      out.push(...shipOptions(s, side), ...sapOptions(s, side), ...carryOptions(s, side));
      break;
    }
    case 'rally':
      // Offered only when there is a real choice; otherwise the phase plays itself.
      if (rallyChoice(s, side)) {
        const seen = new Set<string>();
        for (const u of rallyable(s, side)) for (const l of helpers(s, side, u)) {
          // Units alike in one place read the same: offer each (kind, place, leader) once.
          const key = `${u.kind}|${u.at}|${l.id}`;
          if (!seen.has(key) && !rallyProblem(s, side, u, l.id)) { seen.add(key); out.push({ kind: 'rally', unit: u.id, leader: l.id }); }
        }
      }
      break;
    case 'alliance':
      for (const l of mine.filter((x) => x.kind === 'leader' && isHex(x.at)))
        for (const h of mapNeighbours(mapOf(s), l.at)) if (!negotiateProblem(s, side, l.id, h)) out.push({ kind: 'negotiate', leader: l.id, hex: h });
      out.push(...leaderMoveOptions(s, side));
      break;
    case 'combat': {
      const targets = new Set<string>();
      for (const u of attackersFor(s, side, [...new Set(mine.filter((x) => isHex(x.at)).map((x) => x.at))])) for (const n of mapNeighbours(mapOf(s), u.at)) targets.add(n);
      for (const t of [...targets].sort()) {
        const from = mapNeighbours(mapOf(s), t).filter((h) => attackersFor(s, side, [h]).length);
        // One option per attacking hex, and one with all of them together.
        const sets = from.length > 1 ? [...from.map((h) => [h]), from] : [from];
        for (const f of sets) {
          const a: AttackAction = { kind: 'attack', target: t, from: f, advance: true };
          if (!attackProblem(s, side, a)) out.push(a);
        }
      }
      out.push(...bombardOptions(s, side));
      break;
    }
    case 'bushRaider':
      for (const u of mine) {
        if (isHex(u.at) && !bushEnterProblem(s, side, u)) out.push({ kind: 'bushEnter', unit: u.id });
        if (u.at.startsWith('bush:') && !s.moved.includes(u.id)) {
          const t = mapOf(s).territories.find((x) => x.id === u.at.slice(5));
          for (const a of t?.adjacent ?? []) out.push({ kind: 'bushMove', unit: u.id, territory: a });
          for (const h of mapOf(s).hexes.filter((x) => x.territory === t?.id)) if (!problemOf(s, side, { kind: 'bushLeave', unit: u.id, hex: h.id })) out.push({ kind: 'bushLeave', unit: u.id, hex: h.id });
        }
      }
      out.push(...raidOptions(s, side));
      break;
    case 'construction':
      if (!s.built) {
        const hexes = new Set([...mine.filter((u) => isHex(u.at)).map((u) => u.at), ...s.structures.filter((x) => x.owner === side).map((x) => x.hex)]);
        for (const h of [...hexes].sort()) {
          for (const what of ['settlement', 'village', 'fort', 'pa'] as StructureKind[]) if (!buildProblem(s, side, what, h)) out.push({ kind: 'build', what, hex: h });
          if (structuresAt(s, h).some((x) => x.owner === side && x.disrupted)) out.push({ kind: 'repair', hex: h });
        }
      }
      break;
    default:
  }
  return out;
}

/** Whether the phasing player has anything to decide in this phase. */
function needsDecision(s: MWState): boolean {
  if (s.phase === 'attrition') return false;
  return legalActions(s, s.side).length > 0;
}

// ---- Applying actions

export function apply(s: MWState, side: Side, a: Action, lines: string[]): void {
  switch (a.kind) {
    case 'move': {
      const u = unit(s, a.unit)!;
      const p = pathProblem(s, u, a.path);
      if ('cost' in p) applyMove(s, u, a.path, p.cost, lines);
      return;
    }
    case 'transport': {
      const boat = unit(s, a.boat)!;
      const cargo = a.cargo.map((id) => unit(s, id)!);
      const p = transportProblem(s, boat, cargo, a.path);
      if (!('cost' in p)) return;
      applyMove(s, boat, a.path, p.cost, lines);
      for (const c of cargo) { c.at = boat.at; s.mpSpent[c.id] = spent(s, c) + dataOf(s).terrain.transportCost; if (!s.moved.includes(c.id)) s.moved.push(c.id); }
      lines.push(`It carries ${cargo.map((c) => unitName(s, c)).join(', ')}, who disembark (${dataOf(s).terrain.transportCost} mp each).`);
      return;
    }
    case 'destroyCanoe': { const u = unit(s, a.unit)!; lines.push(`${side} destroys ${unitName(s, u)} (no VP).`); u.at = 'box'; return; }
    case 'reinforce': { const u = unit(s, a.unit)!; u.at = a.hex; s.reinforced++; lines.push(`${unitName(s, u)} arrives from the Reinforcement Box.`); return; }
    case 'attack': resolveAttack(s, side, a, lines); return;
    case 'negotiate': negotiate(s, side, unit(s, a.leader)!, a.hex, lines); return;
    case 'bushEnter': { const u = unit(s, a.unit)!; const from = u.at; u.at = `bush:${hexData(mapOf(s), from)!.territory}`; s.moved.push(u.id); lines.push(`${unitName(s, { ...u, at: from })} enters the Bush Raider Box, in ${territoryName(s, u.at.slice(5))}.`); return; }
    case 'bushMove': { const u = unit(s, a.unit)!; u.at = `bush:${a.territory}`; s.moved.push(u.id); lines.push(`${unitName(s, u)} (moved within the Bush Raider Box).`); return; }
    case 'bushLeave': { const u = unit(s, a.unit)!; u.at = a.hex; s.moved.push(u.id); lines.push(`${unitName(s, u)} leaves the Bush Raider Box.`); return; }
    case 'ship': ship(s, a, lines); return;
    case 'sap': placeSap(s, a, lines); return;
    case 'leaderMove': moveLeader(s, a, lines); return;
    case 'bombard': bombard(s, side, a, lines); return;
    case 'carry': carry(s, a, lines); return;
    case 'raid': resolveRaid(s, side, a, lines); return;
    case 'bushRaid': resolveBushRaid(s, side, a, lines); return;
    case 'rally': (s.rallies ??= {})[a.unit] = a.leader; return;
    case 'build': build(s, side, a.what, a.hex, lines); return;
    case 'repair': { s.built = true; const x = structuresAt(s, a.hex).find((y) => y.owner === side && y.disrupted)!; x.disrupted = false; lines.push(`The Disrupted marker is removed from ${structureName(s, x)}.`); return; }
    case 'standing': return;
    case 'pass': return;
  }
}

// ---- The sequence of play

function resetPhase(s: MWState): void {
  s.moved = []; s.shipped = []; s.attacked = []; s.evaded = []; s.bombarded = []; s.mpSpent = {}; s.negotiated = [];
  delete s.rallies;
}

/** What a phase does by itself when it begins (automatic reinforcements, rally, attrition). */
function enter(s: MWState, lines: string[]): void {
  resetPhase(s);
  if (s.phase === 'reinforcement') { s.reinforced = 0; s.built = false; automaticReinforcements(s, lines); }
  if (s.phase === 'movement') sapEffect(s, lines);
  if (s.phase === 'attrition') attrition(s, lines);
}

/** The end of a phase: stacking is enforced after Movement and Combat (4.0). */
function leave(s: MWState, lines: string[]): void {
  if (s.phase === 'movement' || s.phase === 'combat') enforceStacking(s, lines);
  // Rally rolls when the phase ends: after the player's RALLY lines, if it had a choice.
  if (s.phase === 'rally') rally(s, lines);
  for (const c of s.units.filter((u) => u.kind === 'canoe' && isHex(u.at) && hexData(mapOf(s), u.at)!.terrain !== 'ocean' && !hexData(mapOf(s), u.at)!.coastal && !mapOf(s).rivers.some((r) => r.hexes.includes(u.at)) && hexData(mapOf(s), u.at)!.terrain !== 'lake')) {
    if (!unitsAt(s, c.at).some((u) => u.owner === c.owner && u.kind !== 'leader' && !isBoat(u))) { lines.push(`${unitName(s, c)} is on land with no unit to carry it: destroyed.`); c.at = 'box'; }
  }
}

function next(s: MWState): void {
  const i = PHASES.indexOf(s.phase);
  if (i < PHASES.length - 1) { s.phase = PHASES[i + 1]!; return; }
  s.phase = PHASES[0];
  if (s.side === 'Maori') { s.side = 'British'; return; }
  s.side = 'Maori';
  s.turn++;
}

export function checkVictory(s: MWState, lines: string[]): void {
  if (s.result) return;
  const win = (side: Side, why: string) => { s.result = { kind: 'victory', winners: [side], text: `${side} wins decisively: ${why}` }; lines.push(s.result.text + '.'); };
  const v = dataOf(s).tables.victory;
  if (s.vp >= v.decisive) { win('British', `first to ${v.decisive} Victory Points`); return; }
  if (s.vp <= -v.decisive) { win('Maori', `first to ${v.decisive} Victory Points`); return; }
  if (s.hadMaoriVillages && !s.structures.some((x) => x.owner === 'Maori' && (x.kind === 'village' || x.kind === 'pa'))) { win('British', 'all Maori Villages and Pa eliminated'); return; }
  if (s.hadSettlements && !settlementsStanding(s).length) { win('Maori', 'all Settlements eliminated'); return; }
  if (s.turn > dataOf(s).scenario.turns) {
    const n = Math.abs(s.vp);
    const level = n < v.minor ? null : n < v.major ? 'Minor Victory' : 'Major Victory';
    const side: Side = s.vp > 0 ? 'British' : 'Maori';
    s.result = level ? { kind: 'victory', winners: [side], text: `${side} ${level} with ${n} VP at the end of the last Game Turn` } : { kind: 'draw', winners: [], text: `Draw: ${vpText(s.vp)} VP at the end of the last Game Turn` };
    lines.push(s.result.text + '.');
  }
}

/** Go on from the current phase through every phase that needs no decision. */
export function advance(s: MWState, lines: string[], first: boolean): void {
  if (first) { enter(s, lines); checkVictory(s, lines); }
  while (!s.result && !needsDecision(s)) {
    leave(s, lines);
    const before = `${s.turn}${s.side}`;
    next(s);
    if (`${s.turn}${s.side}` !== before) {
      if (s.side === 'Maori') lines.push(`The Game Turn marker advances to turn ${s.turn}.`);
    }
    checkVictory(s, lines);
    if (s.result) break;
    lines.push(`— Turn ${s.turn}, ${s.side} ${PHASE_NAMES[s.phase]} —`);
    enter(s, lines);
    checkVictory(s, lines);
  }
}

export interface MWSubmission { actions: Action[] }

export function resolveTurn(state: MWState, submissions: Record<string, unknown>): { state: MWState; report: MWReport } {
  const s: MWState = structuredClone(state);
  const lines: string[] = [];
  const report: MWReport = { turn: s.turn, side: s.side, phase: PHASE_NAMES[s.phase], lines };
  if (s.result) return { state: s, report };
  // Standing instructions first, from either player.
  for (const side of SIDES) {
    const sub = submissions[side] as MWSubmission | undefined;
    for (const a of sub?.actions ?? []) if (a.kind === 'standing') (s.standing[side] as unknown as Record<string, string>)[a.key] = a.value;
  }
  const sent = (submissions[s.side] as MWSubmission | undefined)?.actions ?? [];
  // 10.0 "the maximum number of units allowed at the end of the phase": units enter the Bush Raider Box after the
  // actions that take units out of it (stable: otherwise in the order sent).
  const mine = s.phase === 'bushRaider' ? [...sent.filter((a) => a.kind !== 'bushEnter'), ...sent.filter((a) => a.kind === 'bushEnter')] : sent;
  for (const a of mine) {
    if (a.kind === 'standing' || a.kind === 'pass') continue;
    const p = problemOf(s, s.side, a);
    if (p) { lines.push(`Not done: ${describe(state, a)} (${p}).`); continue; }
    apply(s, s.side, a, lines);
    checkVictory(s, lines);
    if (s.result) break;
  }
  if (!mine.some((a) => a.kind !== 'standing') && !s.result) lines.push(`${s.side} does nothing in the ${PHASE_NAMES[s.phase]}.`);
  if (!s.result) {
    leave(s, lines);
    next(s);
    checkVictory(s, lines);
    if (!s.result) { lines.push(`— Turn ${s.turn}, ${s.side} ${PHASE_NAMES[s.phase]} —`); advance(s, lines, true); }
  }
  s.seq++;
  return { state: s, report };
}

// ---- Describing actions in the rulebook's words (the reader reads these back)

/** A hex as an order writes it: the place's name where the hex has one place whose name reads back to it, else its number. */
export function hexWord(s: MWState, h: string): string {
  const here = mapOf(s).places.filter((p) => p.hex === h);
  if (here.length !== 1) return h;
  try { return readHex(s, here[0]!.name) === h && !/\b(to|with|at|in)\b/i.test(here[0]!.name) ? here[0]!.name : h; } catch { return h; }
}

export function unitRef(s: MWState, u: Unit): string {
  if (u.name) return u.name;
  const where = isHex(u.at) ? hexWord(s, u.at) : u.at.startsWith('bush:') ? `in ${territoryName(s, u.at.slice(5))}` : 'box';
  return `${u.disrupted ? 'disrupted ' : ''}${u.kind} ${where}`;
}

export function describe(s: MWState, a: Action): string {
  const u = 'unit' in a ? unit(s, a.unit) : undefined;
  const ref = u ? unitRef(s, u) : '';
  switch (a.kind) {
    case 'move': return `MOVE ${ref} TO ${a.path.map((h) => hexWord(s, h)).join(' ')}`;
    case 'transport': return `TRANSPORT ${unitRef(s, unit(s, a.boat)!)} WITH ${a.cargo.map((c) => unitRef(s, unit(s, c)!)).join(', ')} TO ${a.path.map((h) => hexWord(s, h)).join(' ')}`;
    case 'destroyCanoe': return `DESTROY ${ref}`;
    case 'reinforce': return `REINFORCE ${u!.kind} AT ${hexWord(s, a.hex)}`;
    case 'attack': return `ATTACK ${hexWord(s, a.target)} WITH ${a.from.map((h) => hexWord(s, h)).join(' ')}${a.charge ? ' CHARGE' : ''}${a.advance ? ' ADVANCE' : ''}`;
    case 'negotiate': return `NEGOTIATE ${unit(s, a.leader)?.name ?? a.leader} WITH ${hexWord(s, a.hex)}`;
    case 'bushEnter': return `RAIDER ${ref}`;
    case 'bushMove': return `BUSH ${ref} TO ${territoryName(s, a.territory)}`;
    case 'bushLeave': return `LEAVE ${ref} TO ${hexWord(s, a.hex)}`;
    case 'bombard': return `BOMBARD ${hexWord(s, a.hex)} ${TARGET_WORDS[a.target]}`;
    case 'carry': return `CARRY ${unitRef(s, unit(s, a.canoe)!)} WITH ${unitRef(s, unit(s, a.carrier)!)} TO ${a.path.map((h) => hexWord(s, h)).join(' ')}`;
    case 'leaderMove': return `LEADER ${unit(s, a.leader)?.name ?? a.leader} TO ${hexWord(s, a.to)}`;
    case 'sap': return `SAP ${hexWord(s, a.pa)} FROM ${hexWord(s, a.hex)}`;
    case 'ship': return `SHIP ${a.units.map((id) => unitRef(s, unit(s, id)!)).join(', ')} TO ${hexWord(s, a.to)}`;
    case 'raid': return `RAID ${hexWord(s, a.target)} ${[{ units: a.units, from: a.from }, ...(a.also ?? [])].map((l) => `WITH ${l.units.map((id) => unitRef(s, unit(s, id)!)).join(', ')} FROM ${hexWord(s, l.from)}`).join(' ')}`;
    case 'bushRaid': return `RAID ${unitRef(s, unit(s, a.enemy)!)} WITH ${a.units.map((id) => unitRef(s, unit(s, id)!)).join(', ')}`;
    case 'build': return `BUILD ${a.what.toUpperCase()} AT ${hexWord(s, a.hex)}`;
    case 'repair': return `REPAIR ${hexWord(s, a.hex)}`;
    case 'rally': return `RALLY ${ref} WITH ${unit(s, a.leader)?.name ?? a.leader}`;
    case 'standing':
      if (a.key === 'retreat' || a.key === 'overstackToward') return `STANDING ${a.key === 'retreat' ? 'RETREAT' : 'OVERSTACK'} ${a.value ? `TOWARD ${hexWord(s, a.value)}` : a.key === 'retreat' ? 'DEFAULT' : 'TOWARD DEFAULT'}`;
      if (a.key === 'counterAt' || a.key === 'parleyAt' || a.key === 'extraFrom' || a.key === 'reply') return `STANDING ${a.key === 'counterAt' ? 'COUNTER AT' : a.key === 'parleyAt' ? 'PARLEY AT' : a.key === 'extraFrom' ? 'EXTRA FROM' : 'REPLY'} ${a.value ? a.value.split(',').map((h) => hexWord(s, h)).join(', ') : 'DEFAULT'}`;
      if (a.key === 'extraCharge') return `STANDING EXTRA CHARGE ${a.value.toUpperCase()}`;
      if (a.key === 'evadeStay') return `STANDING EVADE STAY ${a.value || 'DEFAULT'}`;
      if (a.key === 'evadeSpread') return `STANDING EVADE SPREAD ${a.value.toUpperCase()}`;
      if (a.key === 'attrition') return `STANDING ATTRITION ${a.value ? a.value.split(',').map((h) => hexWord(s, h)).join(', ') : 'DEFAULT'}`;
      return `STANDING ${a.key === 'fortRetreat' ? 'FORT' : a.key.toUpperCase()} ${a.value ? a.value.toUpperCase() : 'DEFAULT'}`;
    case 'pass': return 'PASS';
  }
}

export { placeHex, allowance, eliminate };
export type { Structure };
