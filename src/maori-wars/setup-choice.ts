// Set-up choices (14.0): a group the scenario sets up "within X hexes of" a place is set up by kahu
// in the legal hex nearest the place; its owner may then move it (its Structures, with the group's
// units and leaders in their hex; units the set-up put elsewhere, e.g. in an empty Town, stay) to any hex within the range where 14.0 allows it, in a short set-up decision phase of
// its own before the first Game Turn (Maori first, then British). Default: it stays where it is.
import { advance, type MWReport } from './engine.ts';
import { hexWord } from './rules/words.ts';
import { placeHex, structureOk, withinHexes } from './setup.ts';
import {
  STRUCTURE_NAMES,
  stackCount,
  stackLimit,
  stacks,
  SIDES,
  structuresAt,
  unitsAt,
  placeName,
  type MWState,
  type Side,
} from './state.ts';
import { norm, readHex, ReadError } from './text.ts';

export interface SetupAction {
  kind: 'setup';
  group: number;
  hex: string;
}

type Group = NonNullable<MWState['setupGroups']>[number];
const groupOf = (s: MWState, i: number): Group | undefined => s.setupGroups?.[i];
/** The group's units and leaders that go with it: those in its hex. */
const moving = (s: MWState, g: Group) => s.units.filter((u) => g.units.includes(u.id) && u.at === where(s, g));
const where = (s: MWState, g: Group) =>
  s.structures.find((x) => g.structures.includes(x.id))?.hex ?? s.units.find((u) => g.units.includes(u.id))?.at ?? '';

/** "the Maori Village set up within 1 hex of Ohaeawai", for the report. */
function groupName(s: MWState, g: Group): string {
  const what =
    s.structures
      .filter((x) => g.structures.includes(x.id))
      .map((x) => `${g.side} ${x.queenite ? 'Queenite ' : ''}${STRUCTURE_NAMES[x.kind]}`)
      .join(' and ') || `${g.side} group`;
  return `the ${what} set up within ${g.within} hex${g.within === 1 ? '' : 'es'} of ${g.place}`;
}

/** The side that sets up first, or none (setupMaoriWars). */
export function firstSetupSide(s: MWState): Side | undefined {
  return SIDES.find((side) => s.setupGroups?.some((g) => g.side === side && !g.chosen));
}

/** Why group `i` may not be set up at `hex` now, or null. */
export function setupProblem(s: MWState, side: Side, a: SetupAction): string | null {
  const g = groupOf(s, a.group);
  if (!s.setupSide) return 'set-up is over';
  if (!g || g.side !== side || side !== s.setupSide) return 'that is not one of your set-up groups';
  if (g.chosen) return `the group at ${g.place} is set up already`;
  if (!withinHexes(s, placeHex(s, g.place), g.within).includes(a.hex))
    return `${placeName(s, a.hex)} is not within ${g.within} hex${g.within === 1 ? '' : 'es'} of ${g.place} (14.0: not through mountain or ocean hexes, nor across lake or all-water hexsides)`;
  const from = where(s, g);
  if (a.hex === from) return null;
  // Lift the group off the map, then ask 14.0 about the new hex.
  const structs = s.structures.filter((x) => g.structures.includes(x.id));
  const units = moving(s, g);
  const saved = [...structs.map((x) => x.hex), ...units.map((u) => u.at)];
  for (const x of structs) x.hex = 'lifted';
  for (const u of units) u.at = 'lifted';
  try {
    if (structs.some((x) => !structureOk(s, side, x.kind, a.hex)))
      return `a ${structs[0]!.kind === 'pa' ? 'Pa' : structs[0]!.kind} may not be set up at ${placeName(s, a.hex)} (14.0: no other Structure, no enemy or Neutral counter there, no enemy Structure next to it without a water hexside)`;
    if (unitsAt(s, a.hex).some((u) => u.owner !== side) || structuresAt(s, a.hex).some((x) => x.owner !== side))
      return `${placeName(s, a.hex)} holds enemy or Neutral counters`;
    if (stackCount(s, side, a.hex) + units.filter(stacks).length > stackLimit(s, side, a.hex))
      return `the group's units would be over the stacking limit at ${placeName(s, a.hex)}`;
    return null;
  } finally {
    structs.forEach((x, i) => {
      x.hex = saved[i]!;
    });
    units.forEach((u, i) => {
      u.at = saved[structs.length + i]!;
    });
  }
}

export function applySetup(s: MWState, a: SetupAction, lines: string[]): void {
  const g = groupOf(s, a.group)!;
  const units = moving(s, g);
  for (const x of s.structures.filter((y) => g.structures.includes(y.id))) x.hex = a.hex;
  for (const u of units) u.at = a.hex;
  g.chosen = true;
  lines.push(
    `${g.side} moves ${groupName(s, g)} to ${placeName(s, a.hex)}${units.length ? `, with ${units.length === 1 ? 'the unit' : `the ${units.length} units and leaders`} there` : ''} (${g.side}'s order SETUP).`,
  );
}

/** Every legal set-up hex of every group of `side` still to set up. */
export function setupOptions(s: MWState, side: Side): SetupAction[] {
  const out: SetupAction[] = [];
  (s.setupGroups ?? []).forEach((g, i) => {
    if (g.side !== side || g.chosen || s.setupSide !== side) return;
    for (const h of withinHexes(s, placeHex(s, g.place), g.within))
      if (!setupProblem(s, side, { kind: 'setup', group: i, hex: h })) out.push({ kind: 'setup', group: i, hex: h });
  });
  return out;
}

export function describeSetup(s: MWState, a: SetupAction): string {
  return `SETUP ${groupOf(s, a.group)?.place ?? a.group} AT ${hexWord(s, a.hex)}`;
}

/** `SETUP <place> AT <hex>`: the first group of `side` still to set up within range of that place. */
export function readSetupLine(s: MWState, side: Side, line: string): SetupAction | null {
  const m = /^set\s*-?\s*up\s+(.+?)\s+at\s+(.+)$/i.exec(line.trim());
  if (!m) return null;
  const i = (s.setupGroups ?? []).findIndex((g) => g.side === side && !g.chosen && norm(g.place) === norm(m[1]!));
  if (i < 0)
    throw new ReadError(
      `you have no group to set up within range of '${m[1]}'${
        s.setupGroups?.some((g) => g.side === side && !g.chosen)
          ? ` (yours: ${s.setupGroups
              .filter((g) => g.side === side && !g.chosen)
              .map((g) => g.place)
              .join(', ')})`
          : ''
      }`,
    );
  return { kind: 'setup', group: i, hex: readHex(s, m[2]!) };
}

/** Resolve a set-up decision phase: the side's SETUP lines, then the next side's set-up or the first Game Turn. */
export function resolveSetup(
  state: MWState,
  submissions: Record<string, { actions?: { kind: string }[] } | undefined>,
): { state: MWState; report: MWReport } {
  const s: MWState = structuredClone(state);
  const side = s.setupSide!;
  const lines: string[] = [];
  const report: MWReport = { turn: s.turn, side, phase: 'Set-up', lines };
  for (const who of SIDES)
    for (const a of submissions[who]?.actions ?? [])
      if (a.kind === 'standing') {
        const x = a as unknown as { key: string; value: string };
        (s.standing[who] as unknown as Record<string, string>)[x.key] = x.value;
      }
  for (const a of (submissions[side]?.actions ?? []).filter((x): x is SetupAction => x.kind === 'setup')) {
    const p = setupProblem(s, side, a);
    if (p) {
      lines.push(`Not done: ${describeSetup(state, a)} (${p}).`);
      continue;
    }
    applySetup(s, a, lines);
  }
  for (const g of (s.setupGroups ?? []).filter((x) => x.side === side && !x.chosen)) {
    g.chosen = true;
    lines.push(
      `${groupName(s, g).replace(/^the/, 'The')} stays at ${placeName(s, where(s, g))} (${side}'s default: the legal hex nearest ${g.place}).`,
    );
  }
  const nextSide = firstSetupSide(s);
  if (nextSide) {
    s.setupSide = nextSide;
    s.side = nextSide;
  } else {
    delete s.setupSide;
    s.side = 'Maori';
    lines.push(`— Turn ${s.turn}, Maori Reinforcement Phase —`);
    advance(s, lines, true);
  }
  s.seq++;
  return { state: s, report };
}
