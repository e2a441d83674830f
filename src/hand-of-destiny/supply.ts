// Advanced rule 21.0, supply: which units are within two spaces of a friendly supply source.
import type { Game } from './model.ts';

/** Units of `side` on the map that are in supply. */
export function inSupply(g: Game, side: string): Set<string> {
  const mine = g.unitIds().filter((id) => g.onMap(id) && g.s.units[id]!.owner === side && !g.u(id).marker);
  const sources = new Set<string>();
  for (const id of mine) {
    const u = g.u(id);
    if (u.supplyUnit || u.fleet || u.canoe) sources.add(g.at(id));
  }
  for (const sp of g.landSpaces()) if (g.isFortFor(sp, side) && g.occupies(side, sp)) sources.add(sp);
  const near = withinTwo(g, [...sources]);
  const out = new Set<string>();
  for (const id of mine) {
    const u = g.u(id);
    if (u.leader || u.supplyUnit || u.fleet || u.canoe || u.autoSupply || near.has(g.at(id))) out.add(id);
  }
  return out;
}

/** Spaces within two routes of any source (enemy units do not block, 21.2). */
export function withinTwo(g: Game, sources: string[]): Set<string> {
  const seen = new Set(sources);
  let frontier = sources;
  for (let d = 0; d < 2; d++) {
    const next: string[] = [];
    for (const s of frontier) for (const n of g.neighbours(s)) if (!seen.has(n.to)) seen.add(n.to), next.push(n.to);
    frontier = next;
  }
  return seen;
}

/** Would a unit in this space be in supply (fort marker construction, 22.1)? */
export function spaceSupplied(g: Game, side: string, space: string): boolean {
  const sources: string[] = [];
  for (const id of g.unitIds()) {
    if (!g.onMap(id) || g.s.units[id]!.owner !== side) continue;
    const u = g.u(id);
    if (u.supplyUnit || u.fleet || u.canoe) sources.push(g.at(id));
  }
  for (const sp of g.landSpaces()) if (g.isFortFor(sp, side) && g.occupies(side, sp)) sources.push(sp);
  return withinTwo(g, sources).has(space);
}
