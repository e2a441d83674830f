// Raids (10.0 options 3 and 4): normal combat in the Bush Raider Phase, without BD chits or
// evasion, the raiders rolling first and the raided units replying; retreats are disregarded. The
// RAID orders (actions/raid.ts, actions/bush-raid.ts) and a BD chit's Raid elsewhere (combat.ts) fight so.
import type { RaidAction } from '../actions/types.ts';
import type { Effect } from '../data-types.ts';
import {
  aside,
  dataOf,
  hexData,
  isHex,
  mapOf,
  other,
  placeName,
  roll,
  standingOf,
  strength,
  type MWState,
  type Side,
  type Unit,
} from '../state.ts';
import { applyEffect, cell, column, effectText, INFANTRY_LIKE } from './results.ts';

/** Each landing hex of a raid with the raiders that land there. */
export const landings = (a: RaidAction) => [{ units: a.units, from: a.from }, ...(a.also ?? [])];

const byId = (s: MWState, id: string) => s.units.find((u) => u.id === id);

/** The raiders' common territory, or why they may not raid (Disrupted units may not, 10.0 "*"). */
export function raidersProblem(s: MWState, side: Side, ids: string[]): { territory: string } | { problem: string } {
  const us = ids.map((id) => byId(s, id));
  if (us.some((u) => !u || u.owner !== side)) return { problem: 'that is not one of your units' };
  const units = us as Unit[];
  if (!units.some((u) => u.kind !== 'leader')) return { problem: 'a leader alone may not raid' };
  const at = units[0]!.at;
  if (!at.startsWith('bush:') || units.some((u) => u.at !== at))
    return { problem: 'raiders must all be in the same territory of the Bush Raider Box' };
  if (units.some((u) => s.moved.includes(u.id)))
    return { problem: 'a unit that entered the Bush Raider Box, or acted there, this phase may do nothing further' };
  if (units.some((u) => u.disrupted)) return { problem: 'Disrupted units may not raid' };
  return { territory: at.slice(5) };
}

/** The raiders ready in each territory of the Bush Raider Box (territories in order), and the groups offered as
 * raiding parties: each unit alone, and all of the territory's raiders together. */
export function raidParties(s: MWState, side: Side): { at: string; here: Unit[]; units: Unit[]; groups: string[][] }[] {
  const ready = s.units.filter(
    (u) => u.owner === side && u.at.startsWith('bush:') && !s.moved.includes(u.id) && !u.disrupted,
  );
  return [...new Set(ready.map((u) => u.at))].sort().map((at) => {
    const here = ready.filter((u) => u.at === at);
    const units = here.filter((u) => u.kind !== 'leader');
    const groups = units.map((u) => [u.id]);
    if (here.length > 1) groups.push(here.map((u) => u.id));
    return { at, here, units, groups };
  });
}

/** The raid DRM (10.0, "not cumulative in any way": the highest that holds) plus terrain. */
function raidDrm(s: MWState, raiders: Unit[], raided: Unit[], hex: string): number {
  const t = dataOf(s).tables.raidDrm;
  const held = [
    raiders.some((u) => u.kind === 'rangers') && raiders.some((u) => u.kind === 'leader' && u.rangerLeader)
      ? t.rangersWithLeader
      : 0,
    raiders.some((u) => u.owner === 'Maori' && u.kind === 'warrior') ? t.maori : 0,
    raiders.some((u) => u.kind === 'militia') ? t.militia : 0,
    raided.some((u) => INFANTRY_LIKE.includes(u.kind)) ? t.againstInfantry : 0,
  ];
  const terrain =
    isHex(hex) && ['rough', 'mountain'].includes(hexData(mapOf(s), hex)?.terrain ?? '')
      ? dataOf(s).tables.drm.rough
      : 0;
  return Math.max(0, ...held) + terrain;
}

const noRetreat = (e: Effect): Effect => ({ ...e, retreat: false });
const str = (us: Unit[]) => us.reduce((t, u) => t + strength(u), 0);

/** The raid itself: raiders roll first, then the raided units still able to fight reply. Raiders in
 * several hexes: the raiders' result applies in each hex (as an attack's from several hexes), and the
 * reply goes to the hex with most raiders (the COUNTER default's choice, docs/maori-wars.md). */
export function fight(
  s: MWState,
  side: Side,
  raiders: Unit[],
  rHexes: string | string[],
  raided: Unit[],
  dHex: string,
  lines: string[],
): void {
  const hexes = typeof rHexes === 'string' ? [rHexes] : rHexes;
  const att = raiders.filter((u) => u.kind !== 'leader');
  const col = column(str(att), str(raided));
  const r = roll(s, lines, `Raid (${col} force column)`, raidDrm(s, raiders, raided, dHex));
  const c = cell(s, col, r);
  lines.push(
    `Raid result: ${effectText(noRetreat(c.defender))} to the raided, ${effectText(noRetreat(c.attacker))} to the raiders (retreats disregarded).`,
  );
  applyEffect(s, noRetreat(c.defender), other(side), dHex, raided, true, lines);
  for (const h of hexes)
    applyEffect(
      s,
      noRetreat(c.attacker),
      side,
      h,
      att.filter((u) => u.at === h),
      false,
      lines,
    );
  if (s.result) return;
  const reply = raided.filter((u) => u.at === dHex && !u.disrupted && strength(u) > 0);
  const left = (h: string) => att.filter((u) => u.at === h).length;
  // The raided side's choice: its STANDING REPLY hexes first (in that order), else the most raiders, then the first by number.
  const mine = standingOf(s, other(side)).reply.split(',').filter(Boolean);
  const rank = (h: string) => {
    const i = mine.indexOf(h);
    return left(h) && i >= 0 ? i : mine.length;
  };
  const rHex = hexes
    .slice()
    .sort(
      (x, y) => Number(!left(x)) - Number(!left(y)) || rank(x) - rank(y) || left(y) - left(x) || x.localeCompare(y),
    )[0]!;
  const target = att.filter((u) => u.at === rHex);
  if (!reply.length || !target.length) {
    lines.push('No raided unit is left to reply.');
    return;
  }
  if (hexes.length > 1)
    lines.push(
      `The raided units reply against ${placeName(s, rHex)}${aside(other(side), ` (${rank(rHex) < mine.length ? `by ${other(side)}'s standing REPLY ${mine.map((h) => placeName(s, h)).join(', ')}` : `by ${other(side)}'s default: the hex with most raiders`})`)}.`,
    );
  const col2 = column(str(reply), str(target));
  const r2 = roll(s, lines, `The raided units reply (${col2} force column)`);
  const c2 = cell(s, col2, r2);
  lines.push(
    `Reply result: ${effectText(noRetreat(c2.defender))} to the raiders, ${effectText(noRetreat(c2.attacker))} to the raided.`,
  );
  applyEffect(s, noRetreat(c2.defender), side, rHex, target, false, lines);
  applyEffect(s, noRetreat(c2.attacker), other(side), dHex, reply, false, lines);
}
