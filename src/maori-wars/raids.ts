// Raids (10.0 options 3 and 4): normal combat in the Bush Raider Phase, without BD chits or
// evasion, the raiders rolling first and the raided units replying; retreats are disregarded.
import { applyEffect, cell, column, effectText } from './combat.ts';
import { isEnemy } from './movement.ts';
import { aside, dataOf, hexData, isHex, mapNeighbours, mapOf, other, placeName, roll, stackCount, stackLimit, standingOf, strength, structuresAt, territoryName, unitName, unitsAt, type MWState, type Side, type Unit } from './state.ts';
import type { Effect } from './data-types.ts';

/** Option 3: raiders leave the box into `from` (and the hexes of `also`, "one or more hexes") and raid the enemy units in the adjacent `target`. */
export interface RaidAction { kind: 'raid'; units: string[]; target: string; from: string; also?: { units: string[]; from: string }[] }

/** Each landing hex of a raid with the raiders that land there. */
export const landings = (a: RaidAction) => [{ units: a.units, from: a.from }, ...(a.also ?? [])];
/** Option 4: raiders try (3 or less) to raid the enemy unit `enemy` in their own territory. */
export interface BushRaidAction { kind: 'bushRaid'; units: string[]; enemy: string }

const INFANTRY_LIKE = ['infantry', 'constabulary', 'naval'];
const byId = (s: MWState, id: string) => s.units.find((u) => u.id === id);

/** The raiders' common territory, or why they may not raid (Disrupted units may not, 10.0 "*"). */
function raidersProblem(s: MWState, side: Side, ids: string[]): { territory: string } | { problem: string } {
  const us = ids.map((id) => byId(s, id));
  if (us.some((u) => !u || u.owner !== side)) return { problem: 'that is not one of your units' };
  const units = us as Unit[];
  if (!units.some((u) => u.kind !== 'leader')) return { problem: 'a leader alone may not raid' };
  const at = units[0]!.at;
  if (!at.startsWith('bush:') || units.some((u) => u.at !== at)) return { problem: 'raiders must all be in the same territory of the Bush Raider Box' };
  if (units.some((u) => s.moved.includes(u.id))) return { problem: 'a unit that entered the Bush Raider Box, or acted there, this phase may do nothing further' };
  if (units.some((u) => u.disrupted)) return { problem: 'Disrupted units may not raid' };
  return { territory: at.slice(5) };
}

export function raidProblem(s: MWState, side: Side, a: RaidAction): string | null {
  const all = landings(a).flatMap((l) => l.units);
  if (new Set(all).size !== all.length) return 'a unit is named twice';
  const hexes = landings(a).map((l) => l.from);
  if (new Set(hexes).size !== hexes.length) return 'a landing hex is named twice';
  const r = raidersProblem(s, side, all);
  if ('problem' in r) return r.problem;
  for (const l of landings(a)) {
    const p = landingProblem(s, side, r.territory, { ...a, units: l.units, from: l.from });
    if (p) return p;
  }
  return null;
}

function landingProblem(s: MWState, side: Side, territory: string, a: RaidAction): string | null {
  const r = { territory };
  if (!a.units.some((id) => byId(s, id)!.kind !== 'leader')) return 'each landing hex needs a unit (a leader alone may not raid)';
  const h = hexData(mapOf(s), a.from);
  if (!h || h.territory !== r.territory) return `${a.from} is not in ${territoryName(s, r.territory)}`;
  if (h.terrain === 'ocean' || h.terrain === 'lake') return 'not a land hex';
  if (unitsAt(s, a.from).some((x) => x.owner !== side) || structuresAt(s, a.from).some((x) => x.owner !== side)) return `${placeName(s, a.from)} holds enemy or Neutral counters`;
  const n = a.units.filter((id) => byId(s, id)!.kind !== 'leader').length;
  if (stackCount(s, side, a.from) + n > stackLimit(s, side, a.from)) return `${placeName(s, a.from)} would be over-stacked`;
  if (!mapNeighbours(mapOf(s), a.from).includes(a.target)) return `${a.target} is not adjacent to ${a.from}`;
  if (structuresAt(s, a.target).length) return 'a hex with a Structure may not be raided';
  if (!unitsAt(s, a.target).some((u) => isEnemy(side, u.owner) && u.owner !== 'Neutral' && u.kind !== 'leader')) return `${placeName(s, a.target)} holds no enemy unit (a leader alone may not be raided)`;
  return null;
}

export function bushRaidProblem(s: MWState, side: Side, a: BushRaidAction): string | null {
  const r = raidersProblem(s, side, a.units);
  if ('problem' in r) return r.problem;
  const e = byId(s, a.enemy);
  if (!e || e.owner !== other(side) || e.kind === 'leader') return 'that is not an enemy unit';
  return e.at === `bush:${r.territory}` ? null : `${unitName(s, e)} is not in ${territoryName(s, r.territory)}`;
}

/** The raid DRM (10.0, "not cumulative in any way": the highest that holds) plus terrain. */
function raidDrm(s: MWState, raiders: Unit[], raided: Unit[], hex: string): number {
  const t = dataOf(s).tables.raidDrm;
  const held = [
    raiders.some((u) => u.kind === 'rangers') && raiders.some((u) => u.kind === 'leader' && u.rangerLeader) ? t.rangersWithLeader : 0,
    raiders.some((u) => u.owner === 'Maori' && u.kind === 'warrior') ? t.maori : 0,
    raiders.some((u) => u.kind === 'militia') ? t.militia : 0,
    raided.some((u) => INFANTRY_LIKE.includes(u.kind)) ? t.againstInfantry : 0,
  ];
  const terrain = isHex(hex) && ['rough', 'mountain'].includes(hexData(mapOf(s), hex)?.terrain ?? '') ? dataOf(s).tables.drm.rough : 0;
  return Math.max(0, ...held) + terrain;
}

const noRetreat = (e: Effect): Effect => ({ ...e, retreat: false });
const str = (us: Unit[]) => us.reduce((t, u) => t + strength(u), 0);

/** The raid itself: raiders roll first, then the raided units still able to fight reply. Raiders in
 * several hexes: the raiders' result applies in each hex (as an attack's from several hexes), and the
 * reply goes to the hex with most raiders (the COUNTER default's choice, docs/maori-wars.md). */
export function fight(s: MWState, side: Side, raiders: Unit[], rHexes: string | string[], raided: Unit[], dHex: string, lines: string[]): void {
  const hexes = typeof rHexes === 'string' ? [rHexes] : rHexes;
  const att = raiders.filter((u) => u.kind !== 'leader');
  const col = column(str(att), str(raided));
  const r = roll(s, lines, `Raid (${col} force column)`, raidDrm(s, raiders, raided, dHex));
  const c = cell(s, col, r);
  lines.push(`Raid result: ${effectText(noRetreat(c.defender))} to the raided, ${effectText(noRetreat(c.attacker))} to the raiders (retreats disregarded).`);
  applyEffect(s, noRetreat(c.defender), other(side), dHex, raided, true, lines);
  for (const h of hexes) applyEffect(s, noRetreat(c.attacker), side, h, att.filter((u) => u.at === h), false, lines);
  if (s.result) return;
  const reply = raided.filter((u) => u.at === dHex && !u.disrupted && strength(u) > 0);
  const left = (h: string) => att.filter((u) => u.at === h).length;
  // The raided side's choice: its STANDING REPLY hexes first (in that order), else the most raiders, then the first by number.
  const mine = standingOf(s, other(side)).reply.split(',').filter(Boolean);
  const rank = (h: string) => { const i = mine.indexOf(h); return left(h) && i >= 0 ? i : mine.length; };
  const rHex = hexes.slice().sort((x, y) => Number(!left(x)) - Number(!left(y)) || rank(x) - rank(y) || left(y) - left(x) || x.localeCompare(y))[0]!;
  const target = att.filter((u) => u.at === rHex);
  if (!reply.length || !target.length) { lines.push('No raided unit is left to reply.'); return; }
  if (hexes.length > 1) lines.push(`The raided units reply against ${placeName(s, rHex)}${aside(other(side), ` (${rank(rHex) < mine.length ? `by ${other(side)}'s standing REPLY ${mine.map((h) => placeName(s, h)).join(', ')}` : `by ${other(side)}'s default: the hex with most raiders`})`)}.`);
  const col2 = column(str(reply), str(target));
  const r2 = roll(s, lines, `The raided units reply (${col2} force column)`);
  const c2 = cell(s, col2, r2);
  lines.push(`Reply result: ${effectText(noRetreat(c2.defender))} to the raiders, ${effectText(noRetreat(c2.attacker))} to the raided.`);
  applyEffect(s, noRetreat(c2.defender), side, rHex, target, false, lines);
  applyEffect(s, noRetreat(c2.attacker), other(side), dHex, reply, false, lines);
}

export function resolveRaid(s: MWState, side: Side, a: RaidAction, lines: string[]): void {
  const all: Unit[] = [];
  for (const l of landings(a)) {
    const raiders = l.units.map((id) => byId(s, id)!);
    lines.push(`${raiders.map((u) => unitName(s, u)).join(', ')} leave${raiders.length === 1 ? 's' : ''} the Bush Raider Box into ${placeName(s, l.from)} and raid${raiders.length === 1 ? 's' : ''} ${placeName(s, a.target)}.`);
    for (const u of raiders) { u.at = l.from; s.moved.push(u.id); }
    all.push(...raiders);
  }
  const raided = unitsAt(s, a.target).filter((u) => u.owner === other(side) && u.kind !== 'leader');
  fight(s, side, all, landings(a).map((l) => l.from), raided, a.target, lines);
}

export function resolveBushRaid(s: MWState, side: Side, a: BushRaidAction, lines: string[]): void {
  const raiders = a.units.map((id) => byId(s, id)!);
  const enemy = byId(s, a.enemy)!;
  const where = raiders[0]!.at;
  for (const u of raiders) s.moved.push(u.id);
  const r = roll(s, lines, `${raiders.map((u) => unitName(s, u)).join(', ')} attempt${raiders.length === 1 ? 's' : ''} to raid ${unitName(s, enemy)} (3 or less)`);
  if (r > 3) { lines.push('The raid attempt fails.'); return; }
  fight(s, side, raiders, where, [enemy], where, lines);
}

/** The raids a side may make now: each raider alone and all of a territory's raiders together. */
export function raidOptions(s: MWState, side: Side): (RaidAction | BushRaidAction)[] {
  const out: (RaidAction | BushRaidAction)[] = [];
  const ready = s.units.filter((u) => u.owner === side && u.at.startsWith('bush:') && !s.moved.includes(u.id) && !u.disrupted);
  for (const at of [...new Set(ready.map((u) => u.at))].sort()) {
    const here = ready.filter((u) => u.at === at);
    const units = here.filter((u) => u.kind !== 'leader');
    const groups = units.map((u) => [u.id]);
    if (here.length > 1) groups.push(here.map((u) => u.id));
    const territory = at.slice(5);
    const targets = [...new Set(s.units.filter((u) => isHex(u.at) && u.owner === other(side) && u.kind !== 'leader').map((u) => u.at))].sort();
    const enemies = s.units.filter((u) => u.at === at && u.owner === other(side) && u.kind !== 'leader');
    for (const g of groups) {
      for (const target of targets) {
        for (const from of mapNeighbours(mapOf(s), target).filter((h) => hexData(mapOf(s), h)?.territory === territory).sort()) {
          const a: RaidAction = { kind: 'raid', units: g, target, from };
          if (!raidProblem(s, side, a)) out.push(a);
        }
      }
      // Only groups that may raid (a leader alone may not), as for option 3.
      for (const e of enemies) { const b: BushRaidAction = { kind: 'bushRaid', units: g, enemy: e.id }; if (!bushRaidProblem(s, side, b)) out.push(b); }
    }
    // "One or more hexes": all of the territory's raiders spread over the landing hexes, one unit a
    // hex in hex order (leaders with the first); any other split may be written.
    if (units.length > 1) {
      const leaders = here.filter((u) => u.kind === 'leader').map((u) => u.id);
      for (const target of targets) {
        const hexes = mapNeighbours(mapOf(s), target).filter((h) => hexData(mapOf(s), h)?.territory === territory && !raidProblem(s, side, { kind: 'raid', units: [units[0]!.id], target, from: h })).sort();
        if (hexes.length < 2) continue;
        const split = hexes.slice(0, units.length).map((h) => ({ units: [] as string[], from: h }));
        units.forEach((u, i) => split[i % split.length]!.units.push(u.id));
        split[0]!.units.push(...leaders);
        const [first, ...also] = split;
        const a: RaidAction = { kind: 'raid', units: first!.units, target, from: first!.from, also };
        if (!raidProblem(s, side, a)) out.push(a);
      }
    }
  }
  return out;
}
