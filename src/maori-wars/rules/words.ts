// Hexes and units as an order writes them (the rulebook's place names) and reads them back: the
// actions' describe() and the order reader (text.ts) share these, so every option reads back.
import { hexData, isHex, mapOf, territoryName, type MWState, type Unit } from '../state.ts';

export class ReadError extends Error {}

export const norm = (x: string) =>
  x
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .trim();

/** A hex by id or place name (any spelling the map lists). */
export function readHex(s: MWState, text: string): string {
  const t = norm(text);
  if (/^\d{4}$/.test(t)) {
    if (!hexData(mapOf(s), t)) throw new ReadError(`${t} is not a hex of the map`);
    return t;
  }
  const p = mapOf(s).places.find((x) => norm(x.name) === t || (x.aliases ?? []).some((a) => norm(a) === t));
  if (!p) throw new ReadError(`'${text}' is neither a hex (CCRR) nor a place on the map`);
  return p.hex;
}

/** A hex as an order writes it: the place's name where the hex has one place whose name reads back to it, else its number. */
export function hexWord(s: MWState, h: string): string {
  const here = mapOf(s).places.filter((p) => p.hex === h);
  if (here.length !== 1) return h;
  try {
    return readHex(s, here[0]!.name) === h && !/\b(to|with|at|in)\b/i.test(here[0]!.name) ? here[0]!.name : h;
  } catch {
    return h;
  }
}

export function unitRef(s: MWState, u: Unit): string {
  if (u.name) return u.name;
  const where = isHex(u.at)
    ? hexWord(s, u.at)
    : u.at.startsWith('bush:')
      ? `in ${territoryName(s, u.at.slice(5))}`
      : 'box';
  return `${u.disrupted ? 'disrupted ' : ''}${u.kind} ${where}`;
}

/** A unit by id as an order writes it (nothing for an id the game does not know: the problem says why). */
export function unitWord(s: MWState, id: string): string {
  const u = s.units.find((x) => x.id === id);
  return u ? unitRef(s, u) : '';
}
/** A path or list of hexes as an order writes it. */
export const hexesWord = (s: MWState, hexes: string[], sep = ' ') => hexes.map((h) => hexWord(s, h)).join(sep);
