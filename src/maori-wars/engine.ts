// Maori Wars as a pure engine: the sequence of play (2.0) with the eight phases of each player
// turn, the phasing player's actions in each, the phases that pass by themselves, and victory
// (1.0). State is plain JSON (state.ts); every die comes from the seeded stream in the state.
// Each action kind is a module of actions/ (problem, apply, options, describe), dispatched through
// their table; the rules several kinds share are in rules/. This file only runs the phases.
import { kindOf } from '../contract/action-kind.ts';
import { ACTIONS, type Action } from './actions/index.ts';
import { sapEffect } from './actions/sap.ts';
import { enforceStacking, isBoat } from './movement.ts';
import { automaticReinforcements } from './rules/arrivals.ts';
import { rally } from './rules/rally.ts';
import { attrition } from './rules/supply.ts';
import { checkVictory } from './rules/victory.ts';
import {
  hexData,
  isHex,
  mapOf,
  PHASE_NAMES,
  PHASES,
  SIDES,
  unit,
  unitName,
  unitsAt,
  type MWState,
  type PhaseName,
  type Side,
} from './state.ts';

export type { Action };
export interface MWReport {
  turn: number;
  side: Side;
  phase: string;
  lines: string[];
}
export interface MWSubmission {
  actions: Action[];
}

/** The kinds each phase allows, in the order their options are listed. */
const PHASE_ACTIONS: Record<PhaseName, Action['kind'][]> = {
  reinforcement: ['reinforce'],
  movement: ['move', 'transport', 'destroyCanoe', 'ship', 'sap', 'carry'],
  rally: ['rally'],
  alliance: ['negotiate', 'leaderMove'],
  combat: ['attack', 'bombard'],
  bushRaider: ['bushEnter', 'bushMove', 'bushLeave', 'raid', 'bushRaid'],
  construction: ['build', 'repair'],
  attrition: [],
};

type Key = (number | string)[];
/** Where the options are listed unit by unit rather than kind after kind: in the Bush Raider Phase each unit's
 * RAIDER, BUSH and LEAVE, then each territory's raiding parties with their RAIDs (each unit alone, all together,
 * then spread over several hexes); in the Construction Phase hex by hex. The sort is stable: within a key, each
 * kind's own order. (The simulator's seeded picks read this order: its hash pins it.) */
const LISTED: Partial<Record<PhaseName, (s: MWState, a: Action) => Key>> = {
  bushRaider(s, a) {
    const index = (id: string) => s.units.findIndex((u) => u.id === id);
    if ('unit' in a) return [0, index(a.unit)];
    if (a.kind !== 'raid' && a.kind !== 'bushRaid') return [2];
    const party =
      a.kind === 'raid' && a.also ? s.units.length + 1 : a.units.length === 1 ? index(a.units[0]!) : s.units.length;
    return [1, unit(s, a.units[0]!)!.at, party, a.kind === 'raid' ? 0 : 1];
  },
  construction: (_s, a) => ['hex' in a ? a.hex : ''],
};
function byKey(x: Key, y: Key): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const a = x[i] ?? -1,
      b = y[i] ?? -1;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** Why `a` is not legal for `role` now, or null. */
export function problemOf(s: MWState, role: string, a: Action): string | null {
  if (s.result) return 'the game is over';
  if (a.kind === 'standing') return null;
  if (role !== s.side) return `it is the ${s.side} player's ${PHASE_NAMES[s.phase]}, not yours`;
  if (a.kind === 'pass') return null;
  if (!PHASE_ACTIONS[s.phase].includes(a.kind)) return `not in the ${PHASE_NAMES[s.phase]}`;
  if ('unit' in a) {
    const u = unit(s, a.unit);
    if (!u || u.owner !== s.side) return 'that is not one of your units';
  }
  return kindOf(ACTIONS, a).problem(s, s.side, a);
}

/** Every legal action now, for the options, the page and the simulator. */
export function legalActions(s: MWState, role: string): Action[] {
  if (s.result || role !== s.side) return [];
  const side = s.side;
  const out = PHASE_ACTIONS[s.phase].flatMap((k) =>
    (ACTIONS[k] as unknown as { options(s: MWState, by: Side): Action[] }).options(s, side),
  );
  const key = LISTED[s.phase];
  if (!key) return out;
  const keys = new Map(out.map((a) => [a, key(s, a)]));
  return out.sort((x, y) => byKey(keys.get(x)!, keys.get(y)!));
}

export function apply(s: MWState, side: Side, a: Action, lines: string[]): void {
  kindOf(ACTIONS, a).apply(s, side, a, lines);
}

export function describe(s: MWState, a: Action): string {
  return kindOf(ACTIONS, a).describe(s, a);
}

// ---- The sequence of play

/** Whether the phasing player has anything to decide in this phase. */
function needsDecision(s: MWState): boolean {
  if (s.phase === 'attrition') return false;
  return legalActions(s, s.side).length > 0;
}

function resetPhase(s: MWState): void {
  s.moved = [];
  s.shipped = [];
  s.attacked = [];
  s.evaded = [];
  s.bombarded = [];
  s.mpSpent = {};
  s.negotiated = [];
  delete s.rallies;
}

/** What a phase does by itself when it begins (automatic reinforcements, the sap, attrition). */
function enter(s: MWState, lines: string[]): void {
  resetPhase(s);
  if (s.phase === 'reinforcement') {
    s.reinforced = 0;
    s.built = false;
    automaticReinforcements(s, lines);
  }
  if (s.phase === 'movement') sapEffect(s, lines);
  if (s.phase === 'attrition') attrition(s, lines);
}

/** The end of a phase: stacking is enforced after Movement and Combat (4.0). */
function leave(s: MWState, lines: string[]): void {
  if (s.phase === 'movement' || s.phase === 'combat') enforceStacking(s, lines);
  // Rally rolls when the phase ends: after the player's RALLY lines, if it had a choice.
  if (s.phase === 'rally') rally(s, lines);
  for (const c of s.units.filter(
    (u) =>
      u.kind === 'canoe' &&
      isHex(u.at) &&
      hexData(mapOf(s), u.at)!.terrain !== 'ocean' &&
      !hexData(mapOf(s), u.at)!.coastal &&
      !mapOf(s).rivers.some((r) => r.hexes.includes(u.at)) &&
      hexData(mapOf(s), u.at)!.terrain !== 'lake',
  )) {
    if (!unitsAt(s, c.at).some((u) => u.owner === c.owner && u.kind !== 'leader' && !isBoat(u))) {
      lines.push(`${unitName(s, c)} is on land with no unit to carry it: destroyed.`);
      c.at = 'box';
    }
  }
}

function next(s: MWState): void {
  const i = PHASES.indexOf(s.phase);
  if (i < PHASES.length - 1) {
    s.phase = PHASES[i + 1]!;
    return;
  }
  s.phase = PHASES[0];
  if (s.side === 'Maori') {
    s.side = 'British';
    return;
  }
  s.side = 'Maori';
  s.turn++;
}

export function advance(s: MWState, lines: string[], first: boolean): void {
  if (first) {
    enter(s, lines);
    checkVictory(s, lines);
  }
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

export function resolveTurn(
  state: MWState,
  submissions: Record<string, unknown>,
): { state: MWState; report: MWReport } {
  const s: MWState = structuredClone(state);
  const lines: string[] = [];
  const report: MWReport = { turn: s.turn, side: s.side, phase: PHASE_NAMES[s.phase], lines };
  if (s.result) return { state: s, report };
  // Standing instructions first, from either player.
  for (const side of SIDES) {
    const sub = submissions[side] as MWSubmission | undefined;
    for (const a of sub?.actions ?? [])
      if (a.kind === 'standing') (s.standing[side] as unknown as Record<string, string>)[a.key] = a.value;
  }
  const sent = (submissions[s.side] as MWSubmission | undefined)?.actions ?? [];
  // 10.0 "the maximum number of units allowed at the end of the phase": units enter the Bush Raider Box after the
  // actions that take units out of it (stable: otherwise in the order sent).
  const mine =
    s.phase === 'bushRaider'
      ? [...sent.filter((a) => a.kind !== 'bushEnter'), ...sent.filter((a) => a.kind === 'bushEnter')]
      : sent;
  for (const a of mine) {
    if (a.kind === 'standing' || a.kind === 'pass') continue;
    const p = problemOf(s, s.side, a);
    if (p) {
      lines.push(`Not done: ${describe(state, a)} (${p}).`);
      continue;
    }
    apply(s, s.side, a, lines);
    checkVictory(s, lines);
    if (s.result) break;
  }
  if (!mine.some((a) => a.kind !== 'standing') && !s.result)
    lines.push(`${s.side} does nothing in the ${PHASE_NAMES[s.phase]}.`);
  if (!s.result) {
    leave(s, lines);
    next(s);
    checkVictory(s, lines);
    if (!s.result) {
      lines.push(`— Turn ${s.turn}, ${s.side} ${PHASE_NAMES[s.phase]} —`);
      advance(s, lines, true);
    }
  }
  s.seq++;
  return { state: s, report };
}
