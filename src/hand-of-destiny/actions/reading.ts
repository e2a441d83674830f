// Reading the words of an order line that several kinds share: paths of spaces, units followed by
// a space, card numbers, units picked among those that can still act.
import { type Game, RuleError } from '../model.ts';
import { norm, pickUnits, resolveSpace, trySpace } from '../names.ts';

function segmentHyphens(g: Game, w: string): string[] | null {
  const parts = w.split('-');
  if (parts.length < 2) return null;
  const rec = (i: number): string[] | null => {
    if (i === parts.length) return [];
    for (let j = parts.length; j > i; j--) {
      const cand = parts.slice(i, j).join('-');
      if (!cand || !trySpace(g, cand)) continue;
      const rest = rec(j);
      if (rest) return [cand, ...rest];
    }
    return null;
  };
  const r = rec(0);
  return r && r.length >= 2 ? r : null;
}

/** Split "2 warriors Kona - Hilo" into the text before the first space and the path of spaces. */
export function parsePath(g: Game, text: string): { head: string; path: string[] } {
  let segs = text.split(/\s+-+\s+|\s*(?:->|→|–|—|=>)\s*|\s+to\s+/i).map((x) => x.trim());
  if (segs.length < 2) {
    // "Kona-Hilo": split a word at hyphens where every piece names a space (not the hyphen of "Oahu-1").
    const words = text
      .trim()
      .split(/\s+/)
      .map((w) => segmentHyphens(g, w)?.join(' - ') ?? w);
    segs = words
      .join(' ')
      .split(/\s+-\s+/)
      .map((x) => x.trim());
  }
  if (segs.length < 2) throw new RuleError(`expected a path like 'Kona - Hilo' in '${text.trim()}'`);
  const first = segs[0]!;
  const words = first.split(/\s+/).filter(Boolean);
  let head = '';
  let from: string | null = null;
  for (let k = Math.min(4, words.length); k >= 1 && !from; k--) {
    const cand = words.slice(words.length - k).join(' ');
    const sp = trySpace(g, cand);
    if (sp) {
      from = sp;
      head = words.slice(0, words.length - k).join(' ');
    }
  }
  if (!from) {
    const last = words[words.length - 1] ?? '';
    resolveSpace(g, last); // throws the precise error
    throw new RuleError(`no space at the start of '${first}'`);
  }
  return { head, path: [from, ...segs.slice(1).map((x) => resolveSpace(g, x))] };
}

/** Split "musketeers in Kona" into unit text and an optional trailing space. */
export function unitsThenSpace(g: Game, text: string): { units: string; space: string | null } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let k = Math.min(4, words.length - 1); k >= 1; k--) {
    const sp = trySpace(g, words.slice(words.length - k).join(' '));
    if (sp) {
      let rest = words.slice(0, words.length - k);
      if (rest.length && /^(in|at|to|on|@|into)$/i.test(rest[rest.length - 1]!)) rest = rest.slice(0, -1);
      return { units: rest.join(' '), space: sp };
    }
  }
  // "RECRUIT warriors Oahu": say which spaces the last word could be.
  const last = words[words.length - 1];
  if (last && words.length > 1) {
    try {
      resolveSpace(g, last);
    } catch (e) {
      if (e instanceof RuleError && /could be/.test(e.message)) throw e;
    }
  }
  return { units: text.trim().replace(/\s+(in|at|to|on|@)$/i, ''), space: null };
}

export function cardNumber(g: Game, side: string, text: string): number {
  const t = text.trim().replace(/^(card\s*)?#?\s*/i, '');
  if (/^\d+$/.test(t)) return Number(t);
  const deck = g.s.scenario.decks[side]!;
  const n = norm(t);
  const hits = deck.filter((c) => norm(c.title).startsWith(n) && n.length > 0);
  if (hits.length === 1) return hits[0]!.number;
  if (hits.length > 1)
    throw new RuleError(`'${text.trim()}' could be ${hits.map((c) => `#${c.number} ${c.title}`).join(' or ')}`);
  throw new RuleError(`no card called '${text.trim()}' in your deck`);
}

/** Pick from the units that can act; failing that, from all there, so the order check says why not. */
export function pickPreferring(g: Game, pool: string[], all: string[], text: string, where: string): string[] {
  try {
    return pickUnits(g, pool, text, `${where} that can still move`);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    try {
      return pickUnits(g, all, text, where);
    } catch {
      throw e;
    }
  }
}
