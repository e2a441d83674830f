// Reading the game's names as players type them: case, diacritics, apostrophes ('okina),
// hyphens and plurals do not matter.
import { type Game, RuleError } from './model.ts';
import type { UnitData } from './scenario-schema.ts';

const normCache = new Map<string, string>();

export function norm(text: string): string {
  const hit = normCache.get(text);
  if (hit !== undefined) return hit;
  const out = normUncached(text);
  if (normCache.size < 10_000) normCache.set(text, out);
  return out;
}

function normUncached(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Singular form for matching: warriors -> warrior, cannons -> cannon. */
export function stem(n: string): string {
  return n.length > 3 && n.endsWith('s') ? n.slice(0, -1) : n;
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** Does a player's word name this unit (by id, name, alias, kind or a class word)? */
export function unitMatches(u: UnitData, ref: string): boolean {
  const r = stem(norm(ref));
  if (!r) return false;
  const names = [u.id, u.name, ...(u.aliases ?? [])].map((x) => stem(norm(x)));
  if (names.includes(r)) return true;
  if (stem(norm(u.kind)) === r) return true;
  if (r === 'leader' && u.leader) return true;
  if (r === 'elite' && u.elite) return true;
  if (r === 'gunpowder' && u.gunpowder) return true;
  if ((r === 'fleet' || r === 'canoe' || r === 'canoefleet') && (u.canoe || u.fleet)) return true;
  if (r === 'musket' && u.kind === 'musketeers') return true;
  if (r === 'unit') return !u.marker;
  return false;
}

/** Is the word a known unit reference at all (for clear errors)? */
export function knownRef(g: Game, ref: string): boolean {
  return g.s.scenario.units.some((u) => unitMatches(u, ref));
}

export function resolveSpace(g: Game, text: string): string {
  const t = norm(text);
  if (!t) throw new RuleError('a space is missing');
  const exact = g.s.scenario.spaces.filter((s) => [s.id, s.name, ...(s.aliases ?? [])].some((n) => norm(n) === t));
  if (exact.length === 1) return exact[0]!.id;
  // A name that starts the space's name: "Oahu-1" for "O'ahu-1 (Waikiki)".
  const prefix = g.s.scenario.spaces.filter((s) =>
    [s.id, s.name, ...(s.aliases ?? [])].some((n) => norm(n).startsWith(t)),
  );
  if (prefix.length === 1) return prefix[0]!.id;
  if (prefix.length > 1) throw new RuleError(`'${text.trim()}' could be ${prefix.map((s) => s.name).join(' or ')}`);
  throw new RuleError(`no space called '${text.trim()}'`);
}

export function trySpace(g: Game, text: string): string | null {
  try {
    return resolveSpace(g, text);
  } catch {
    return null;
  }
}

/** Split "Kamehameha, 2 warriors and pike" into items. */
export function splitList(text: string): string[] {
  return text
    .split(/\s*(?:,|;|\+|\band\b|&)\s*/i)
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

/** "2 warriors" -> {count: 2, ref: 'warriors'}; "all warriors" -> count Infinity. */
export function countedRef(item: string): { count: number | null; ref: string } {
  const m = /^(\d+|all|a|an|one|two|three|four|five|six)\s*(?:x\s*)?\s+(.+)$/i.exec(item.trim());
  if (!m) return { count: null, ref: item.trim() };
  const w = m[1]!.toLowerCase();
  const count = w === 'all' ? Infinity : /^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w]!;
  return { count, ref: m[2]!.trim() };
}

/**
 * Pick units from `pool` for a list like "Kamehameha, 2 warriors". A named unit is taken as is;
 * a kind with a count takes the strongest matching units first.
 */
export function pickUnits(g: Game, pool: string[], text: string, what: string): string[] {
  const chosen: string[] = [];
  for (const item of splitList(text)) {
    const { count, ref } = countedRef(item);
    if (!knownRef(g, ref)) throw new RuleError(`'${ref}' is not a unit`);
    const matches = pool
      .filter((id) => !chosen.includes(id) && unitMatches(g.u(id), ref))
      .sort((a, b) => g.u(b).strength - g.u(a).strength || a.localeCompare(b));
    const want = count === null ? 1 : count;
    if (matches.length === 0) throw new RuleError(`no ${ref} ${what}`);
    if (want !== Infinity && matches.length < want)
      throw new RuleError(`only ${matches.length} ${ref} ${what}, not ${want}`);
    chosen.push(...(want === Infinity ? matches : matches.slice(0, want)));
  }
  return chosen;
}
