// Reading place names as players type them: ids, full names, aliases and any unambiguous
// abbreviation, in any case, with or without apostrophes, diacritics, spaces and hyphens.
// Pure: no I/O. The per-map index is built once and cached, since the parser is on a hot path.
import type { DipMap, Province } from '../maps/map.ts';

// ---------------------------------------------------------------------------------------------
// Normalising

/** Apostrophes and the Hawaiian okina: dropped, never word breaks (`Koho'olawe` = `kohoolawe`). */
const APOSTROPHES = new Set([0x27, 0x2019, 0x2018, 0x2bb, 0x2bc, 0x60, 0xb4, 0x2032]);

/**
 * Lower-case, diacritics stripped (NFD), apostrophes and okina removed. Spaces, hyphens and
 * other punctuation are kept; `nameKey` drops those too.
 */
export function normalizeName(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFD')) {
    const c = ch.codePointAt(0)!;
    if (APOSTROPHES.has(c)) continue;
    if (c >= 0x300 && c <= 0x36f) continue; // combining marks left by NFD
    out += ch;
  }
  return out.toLowerCase();
}

/** The words of a name (letters and digits only), for matching. */
export function nameWords(s: string): string[] {
  return normalizeName(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** The matching key of a name: its words run together (`St. Petersburg` -> `stpetersburg`). */
export function nameKey(s: string): string {
  return nameWords(s).join('');
}

// ---------------------------------------------------------------------------------------------
// Tokens: shared by the order parser and resolveLocationName so both read places the same way.

export interface Token {
  /** A normalised word (`kohoolawe`), or a symbol: '-', '>', '=', '/', '(', ')'. */
  t: string;
  sym: boolean;
  /** Where the token is in the original text (UTF-16 offsets), for error messages. */
  pos: number;
  end: number;
  /** Whitespace (or punctuation) right before / after: a bare hyphen may be part of a name. */
  spBefore: boolean;
  spAfter: boolean;
}

/**
 * Splits an order into words and the symbols that matter. Other punctuation (`.`, `,`, `;`,
 * `:`, quotes) only separates words, so `St. Petersburg` and trailing full stops read fine.
 * `#` and `//` start a comment.
 */
export function tokenize(text: string): Token[] {
  return new Tokenizer(text).run();
}

// A class, not closures: tsx/esbuild's keepNames wraps every closure created per call, which
// made tokenizing several times slower.
class Tokenizer {
  readonly toks: Token[] = [];
  // The word being read: [wStart, wEnd) in the text. Plain ASCII words are sliced out at the
  // end (fast path); `word` is built by hand only once an apostrophe or accent turns up.
  private wStart = -1;
  private wEnd = -1;
  private word: string | null = null;
  /** Whitespace or punctuation since the last token. */
  private sp = true;

  constructor(private readonly text: string) {}

  private flush(spAfter: boolean) {
    if (this.wStart < 0) return;
    const t = this.word ?? this.text.slice(this.wStart, this.wEnd).toLowerCase();
    this.toks.push({ t, sym: false, pos: this.wStart, end: this.wEnd, spBefore: this.sp, spAfter });
    this.word = null;
    this.wStart = -1;
    this.sp = false;
  }
  private sym(t: string, pos: number, len: number) {
    this.flush(false);
    this.toks.push({ t, sym: true, pos, end: pos + len, spBefore: this.sp, spAfter: false });
    this.sp = false;
  }
  private gap() {
    if (this.wStart >= 0) this.flush(true);
    else if (this.toks.length && !this.sp) this.toks[this.toks.length - 1].spAfter = true;
    this.sp = true;
  }
  /** Leaves the fast path: the word so far, as a string to append to. */
  private slow(i: number) {
    if (this.word === null) this.word = this.wStart >= 0 ? this.text.slice(this.wStart, i).toLowerCase() : '';
  }

  run(): Token[] {
    const text = this.text;
    const n = text.length;
    for (let i = 0; i < n; ) {
      const c = text.charCodeAt(i);
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)) {
        if (this.wStart < 0) this.wStart = i;
        else if (this.word !== null) this.word += String.fromCharCode(c >= 65 ? c | 32 : c);
        this.wEnd = ++i;
        continue;
      }
      if (c < 128) {
        switch (c) {
          case 45: // '-' or '->'
            if (text.charCodeAt(i + 1) === 62) {
              this.sym('>', i, 2);
              i += 2;
            } else {
              this.sym('-', i, 1);
              i++;
            }
            continue;
          case 61: // '=' or '=>'
            if (text.charCodeAt(i + 1) === 62) {
              this.sym('>', i, 2);
              i += 2;
            } else {
              this.sym('=', i, 1);
              i++;
            }
            continue;
          case 62:
            this.sym('>', i, 1);
            i++;
            continue;
          case 47: // '/', or '//' comment
            if (text.charCodeAt(i + 1) === 47) {
              i = n;
              continue;
            }
            this.sym('/', i, 1);
            i++;
            continue;
          case 40:
          case 91:
            this.sym('(', i, 1);
            i++;
            continue;
          case 41:
          case 93:
            this.sym(')', i, 1);
            i++;
            continue;
          case 35: // '#' comment
            i = n;
            continue;
          case 39:
          case 96: // apostrophes do not break words
            if (this.wStart >= 0) this.slow(i);
            i++;
            continue;
          default:
            this.gap();
            i++;
            continue;
        }
      }
      // Non-ASCII: dashes and arrows, apostrophes/okina, accented letters.
      const cp = text.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      if (APOSTROPHES.has(cp)) {
        if (this.wStart >= 0) this.slow(i);
        i += len;
        continue;
      }
      if (cp === 0x2013 || cp === 0x2014 || cp === 0x2212 || cp === 0x2010 || cp === 0x2011) {
        this.sym('-', i, len);
        i += len;
        continue;
      }
      if (cp === 0x2192 || cp === 0x21d2 || cp === 0x27f6) {
        this.sym('>', i, len);
        i += len;
        continue;
      }
      const ch = text.slice(i, i + len);
      if (/[\p{L}\p{N}]/u.test(ch)) {
        // Diacritics go; letters of other scripts stay, so an error can quote the word.
        this.slow(i);
        if (this.wStart < 0) this.wStart = i;
        this.word += ch
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase();
        this.wEnd = i + len;
      } else if (/\p{M}/u.test(ch)) {
        // a combining mark typed after its letter: dropped
        if (this.wStart >= 0) {
          this.slow(i);
          this.wEnd = i + len;
        }
      } else this.gap();
      i += len;
    }
    this.flush(true);
    return this.toks;
  }
}

// ---------------------------------------------------------------------------------------------
// The per-map name index

export interface NameIndex {
  provinces: Province[];
  /** Province id -> province index. */
  ids: Map<string, number>;
  /** Full names and aliases (as keys) -> province indexes. */
  exact: Map<string, number[]>;
  /**
   * Every abbreviation: for a name of words w1 w2 ..., any prefix of w1, or w1 followed by a
   * prefix of w2, or prefixes of w1 and w2 and w3 run together (`npo`, `konac`, `hamac`, `natl`).
   * Id prefixes too. -> province indexes.
   */
  prefix: Map<string, number[]>;
  /** Names and aliases as words joined by one space: where a typed hyphen may join two words. */
  spaced: Set<string>;
  /**
   * Islands that are not themselves one space (Heiau's Kauai, Maui, Molokai, Hawaii) -> their
   * spaces: such a name means several places and is never read as one of them.
   */
  islands: Map<string, number[]>;
  /** Every full name and alias, and each with one letter left out -> those names: one-slip lookups without a scan. */
  slips: Map<string, string[]>;
}

/** Well-known other spellings of Standard-map names, added only when the map has that name. */
const EXTRA_NAMES: Record<string, string[]> = {
  'helgoland bight': ['Heligoland Bight', 'Helgoland', 'Heligoland'],
  'gulf of lyon': ['Gulf of Lyons', 'Gulf of Lions', 'Lyon', 'Lyons'],
  'gulf of bothnia': ['Bothnia'],
  'north sea': ['N Sea'],
  tyrolia: ['Tyrol'],
  'st petersburg': ['Saint Petersburg'],
};

/** Cap on the abbreviations indexed per name, so an unusual map file cannot blow up memory. */
const MAX_KEYS_PER_NAME = 20_000;

const indexes = new WeakMap<DipMap, NameIndex>();

function push(m: Map<string, number[]>, key: string, p: number) {
  const a = m.get(key);
  if (!a) m.set(key, [p]);
  else if (!a.includes(p)) a.push(p);
}

function addAbbreviations(m: Map<string, number[]>, words: string[], p: number) {
  let budget = MAX_KEYS_PER_NAME;
  const walk = (k: number, acc: string) => {
    const w = words[k];
    for (let l = 1; l <= w.length && budget > 0; l++) {
      const key = acc + w.slice(0, l);
      push(m, key, p);
      budget--;
      if (k + 1 < words.length) walk(k + 1, key);
    }
  };
  if (words.length) walk(0, '');
}

/** The name index of a map, built on first use and cached per DipMap. */
export function nameIndex(map: DipMap): NameIndex {
  let idx = indexes.get(map);
  if (idx) return idx;
  const ids = new Map<string, number>();
  const exact = new Map<string, number[]>();
  const prefix = new Map<string, number[]>();
  const spaced = new Set<string>();
  const godip = map.data.godip_aliases ?? {};
  for (const p of map.provinces) {
    ids.set(p.id, p.index);
    const names = [p.name, ...p.aliases];
    if (godip[p.id]) names.push(godip[p.id]);
    const extra =
      EXTRA_NAMES[
        normalizeName(p.name)
          .replace(/[^a-z0-9]+/g, ' ')
          .trim()
      ];
    if (extra) names.push(...extra);
    for (const name of names) {
      const words = nameWords(name);
      if (!words.length) continue;
      push(exact, words.join(''), p.index);
      spaced.add(words.join(' '));
      addAbbreviations(prefix, words, p.index);
    }
    addAbbreviations(prefix, [p.id], p.index);
  }
  const islands = new Map<string, number[]>();
  for (const p of map.provinces) if (p.island) push(islands, nameWords(p.island).join(''), p.index);
  for (const key of [...islands.keys()]) if (exact.has(key) || ids.has(key)) islands.delete(key);
  const slips = new Map<string, string[]>();
  const addSlip = (k: string, name: string) => {
    const l = slips.get(k);
    if (!l) slips.set(k, [name]);
    else if (!l.includes(name)) l.push(name);
  };
  for (const name of exact.keys()) {
    addSlip(name, name);
    for (let i = 0; i < name.length; i++) addSlip(name.slice(0, i) + name.slice(i + 1), name);
  }
  idx = { provinces: map.provinces, ids, exact, prefix, spaced, islands, slips };
  indexes.set(map, idx);
  return idx;
}

export type ProvinceLookup =
  | { ok: true; province: Province /** by id, name or alias, not an abbreviation */; exact: boolean }
  | { ok: false; ambiguous: false }
  | { ok: false; ambiguous: true; candidates: Province[] };

/** Provinces with a full name or alias one edit (a letter changed, added, dropped or two swapped) from `key`. */
function nearNames(idx: NameIndex, key: string, minLength: number): number[] {
  // A name one slip from the key shares the key itself, or the key less one letter, in `slips`.
  const names = new Set<string>();
  for (const n of idx.slips.get(key) ?? []) names.add(n);
  for (let i = 0; i < key.length; i++)
    for (const n of idx.slips.get(key.slice(0, i) + key.slice(i + 1)) ?? []) names.add(n);
  const out = new Set<number>();
  for (const name of names) {
    if (name === key || name.length < minLength || !oneEdit(name, key)) continue;
    for (const p of idx.exact.get(name)!) out.add(p);
  }
  return [...out];
}

function oneEdit(a: string, b: string): boolean {
  if (a.length === b.length) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (i === a.length) return false;
    // One substitution, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [l, sh] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < sh.length && l[i] === sh[i]) i++;
  return l.slice(i + 1) === sh.slice(i);
}

/** Looks up a key (words run together): exact id, then exact name/alias, then abbreviations. */
export function lookupKey(idx: NameIndex, key: string): ProvinceLookup {
  const id = idx.ids.get(key);
  if (id !== undefined) return { ok: true, province: idx.provinces[id], exact: true };
  const ex = idx.exact.get(key);
  const island = ex ? undefined : idx.islands.get(key);
  // "Kauai" is an island of several spaces (and the start of "Kauai Channel"): never one of them.
  const hit = ex ?? (island ? [...new Set([...island, ...(idx.prefix.get(key) ?? [])])] : idx.prefix.get(key));
  if (!hit) {
    // A slip in a long name (`English Chanel`) is read when exactly one place is one slip away.
    const near = key.length >= 6 ? nearNames(idx, key, 3) : [];
    if (near.length === 1) return { ok: true, province: idx.provinces[near[0]!]!, exact: false };
    if (near.length > 1)
      return {
        ok: false,
        ambiguous: true,
        candidates: near.map((i) => idx.provinces[i]!).sort((a, b) => a.name.localeCompare(b.name)),
      };
    return { ok: false, ambiguous: false };
  }
  if (hit.length === 1) {
    // An abbreviation that is also one slip of the keyboard away from another province's full
    // name is a typo as likely as an abbreviation: say which places it could be.
    if (ex === undefined && key.length >= 3) {
      // Three letters: only against four-letter names (Kula), not other three-letter abbreviations.
      const near = nearNames(idx, key, key.length === 3 ? 4 : 0).filter((i) => i !== hit[0]);
      if (near.length) {
        const candidates = [hit[0], ...near].map((i) => idx.provinces[i]).sort((a, b) => a.name.localeCompare(b.name));
        return { ok: false, ambiguous: true, candidates };
      }
    }
    return { ok: true, province: idx.provinces[hit[0]], exact: ex !== undefined };
  }
  const candidates = hit.map((i) => idx.provinces[i]).sort((a, b) => a.name.localeCompare(b.name));
  return { ok: false, ambiguous: true, candidates };
}

// ---------------------------------------------------------------------------------------------
// Coasts

const COAST_WORDS: Record<string, string> = {
  n: 'nc',
  nc: 'nc',
  north: 'nc',
  northern: 'nc',
  northcoast: 'nc',
  ncoast: 'nc',
  s: 'sc',
  sc: 'sc',
  south: 'sc',
  southern: 'sc',
  southcoast: 'sc',
  scoast: 'sc',
  e: 'ec',
  ec: 'ec',
  east: 'ec',
  eastern: 'ec',
  eastcoast: 'ec',
  ecoast: 'ec',
  w: 'wc',
  wc: 'wc',
  west: 'wc',
  western: 'wc',
  westcoast: 'wc',
  wcoast: 'wc',
};

/** The coast code named by some words (`nc`, `north coast`, `n`), or undefined. */
export function coastOf(words: string[]): string | undefined {
  if (words.length === 1) return COAST_WORDS[words[0]];
  if (words.length === 2 && words[1] === 'coast') return COAST_WORDS[words[0]];
  return undefined;
}

const COAST_NAMES: Record<string, string> = { nc: 'north', sc: 'south', ec: 'east', wc: 'west' };

// ---------------------------------------------------------------------------------------------
// Reading a place from tokens

export interface NameError {
  message: string;
  word: string;
  position: number;
  candidates?: string[];
}

/** `unknown`: no province has that name (rather than an ambiguous name or a wrong coast). */
export type PlaceResult =
  | { ok: true; location: string /** not by abbreviation */; exact?: boolean }
  | { ok: false; error: NameError; unknown?: boolean };

/**
 * A run of tokens that may name one place: words (not keywords), hyphens inside a name
 * (`Kona-Kailua`, no space either side) and a coast part (`/nc`, `(north coast)`).
 */
export interface Run {
  start: number;
  /** Exclusive token index. */
  end: number;
  /** Token indexes of the bare hyphens inside the run, where the run may also be split. */
  hyphens: number[];
}

/** Whether tokens i.. hold a coast in brackets: `(`, coast words, `)`. Returns the index after `)`. */
function bracketCoastEnd(toks: Token[], i: number): number {
  if (toks[i]?.t !== '(' || !toks[i].sym) return -1;
  const words: string[] = [];
  let j = i + 1;
  while (j < toks.length && !toks[j].sym && words.length < 3) words.push(toks[j++].t);
  if (toks[j]?.t !== ')' || !toks[j].sym || !coastOf(words)) return -1;
  return j + 1;
}

function slashCoastEnd(toks: Token[], i: number): number {
  if (toks[i]?.t !== '/' || !toks[i].sym) return -1;
  const a = toks[i + 1];
  const b = toks[i + 2];
  if (!a || a.sym) return -1;
  if (b && !b.sym && b.t === 'coast' && coastOf([a.t, b.t])) return i + 3;
  return coastOf([a.t]) ? i + 2 : -1;
}

/** Collects the longest run starting at i; `stop(word)` says which words end a run (keywords). */
export function collectRun(toks: Token[], i: number, stop: (w: string) => boolean): Run {
  const run: Run = { start: i, end: i, hyphens: [] };
  let j = i;
  while (j < toks.length) {
    const tk = toks[j];
    if (!tk.sym) {
      if (stop(tk.t)) break;
      j++;
      continue;
    }
    if (j === i) break;
    if (tk.t === '-' && !tk.spBefore && !tk.spAfter && !toks[j - 1].sym) {
      const nx = toks[j + 1];
      if (nx && !nx.sym && !stop(nx.t)) {
        run.hyphens.push(j);
        j++;
        continue;
      }
      break;
    }
    const e = tk.t === '(' ? bracketCoastEnd(toks, j) : tk.t === '/' ? slashCoastEnd(toks, j) : -1;
    if (e > 0) j = e;
    break;
  }
  run.end = j;
  return run;
}

function span(text: string, toks: Token[], s: number, e: number): { word: string; position: number } {
  return { word: text.slice(toks[s].pos, toks[e - 1].end), position: toks[s].pos };
}

/** Reads tokens s..e (a run, or part of one) as one location. */
export function resolveTokens(idx: NameIndex, text: string, toks: Token[], s: number, e: number): PlaceResult {
  // Split off an explicit coast part.
  let nameEnd = e;
  let coastWords: string[] | undefined;
  let explicitCoast = false;
  for (let j = s + 1; j < e; j++) {
    const tk = toks[j];
    if (tk.sym && (tk.t === '/' || tk.t === '(')) {
      nameEnd = j;
      coastWords = [];
      for (let k = j + 1; k < e; k++) if (!toks[k].sym) coastWords.push(toks[k].t);
      explicitCoast = true;
      break;
    }
  }
  const key = joinWords(toks, s, nameEnd);
  if (!explicitCoast) {
    // `stp nc`, `Spain south coast`: a trailing coast word, when the rest has that coast.
    const n = nameEnd - s;
    const last = toks[nameEnd - 1];
    const twoWord = n >= 3 && last.t === 'coast' && !toks[nameEnd - 2].sym && COAST_WORDS[toks[nameEnd - 2].t];
    const cw = twoWord ? 2 : n >= 2 && !last.sym && COAST_WORDS[last.t] ? 1 : 0;
    if (cw) {
      const r = lookupKey(idx, joinWords(toks, s, nameEnd - cw));
      const coast = COAST_WORDS[toks[nameEnd - cw].t];
      if (r.ok && r.province.coasts.length) {
        if (r.province.coasts.includes(coast))
          return { ok: true, location: `${r.province.id}/${coast}`, exact: r.exact };
        const whole = lookupKey(idx, key);
        if (!whole.ok) return { ok: false, error: badCoast(r.province, coast, span(text, toks, s, e)) };
      }
    }
  }
  const r = lookupKey(idx, key);
  if (!r.ok) return { ok: false, error: nameError(r, span(text, toks, s, nameEnd)), unknown: !r.ambiguous };
  const p = r.province;
  if (!coastWords) return { ok: true, location: p.id, exact: r.exact };
  const coast = coastOf(coastWords);
  const where = span(text, toks, s, e);
  if (!coast) return { ok: false, error: { message: `could not read the coast in "${where.word}"`, ...where } };
  if (!p.coasts.includes(coast)) return { ok: false, error: badCoast(p, coast, where) };
  return { ok: true, location: `${p.id}/${coast}`, exact: r.exact };
}

function joinWords(toks: Token[], s: number, e: number): string {
  let key = '';
  for (let j = s; j < e; j++) if (!toks[j].sym) key += toks[j].t;
  return key;
}

function badCoast(p: Province, coast: string, where: { word: string; position: number }): NameError {
  const message = p.coasts.length
    ? `"${where.word}": ${p.name} has no ${COAST_NAMES[coast] ?? coast} coast (its coasts: ${p.coasts.join(', ')})`
    : `"${where.word}": ${p.name} has no separate coasts`;
  return { message, ...where };
}

function nameError(r: Exclude<ProvinceLookup, { ok: true }>, where: { word: string; position: number }): NameError {
  if (r.ambiguous)
    return {
      message: `"${where.word}" is ambiguous: ${r.candidates.map((c) => c.name).join(', ')}`,
      ...where,
      candidates: r.candidates.map((c) => c.id),
    };
  return { message: `could not read "${where.word}": no province of that name`, ...where };
}

export interface RunReading {
  location: string;
  /** Token index after the place: the run's end, or a bare hyphen inside it read as a move. */
  next: number;
}

/**
 * The ways to read a run as one place, best first; the caller tries the next one when the rest
 * of the order does not read. The whole run by id, name or alias comes first (`Kona-Kailua`);
 * then, at a bare hyphen, each part before it that is a place, longest first: the hyphen is a
 * move (`vie-bud`, `Kona-Kailua-Puna`); last the whole run otherwise (`Mid-Atlantic`, after `mid`
 * then `atlantic` did not read): `den-mar` is Denmark to Marseilles, not `Denmar(k)`, and
 * `swe-den` is Sweden to Denmark.
 * With no reading, the error to report.
 */
export function readRun(
  idx: NameIndex,
  text: string,
  toks: Token[],
  run: Run,
): { ok: true; readings: RunReading[] } | { ok: false; error: NameError; unknown?: boolean } {
  const whole = resolveTokens(idx, text, toks, run.start, run.end);
  if (whole.ok && (!run.hyphens.length || (whole.exact && hyphensJoinNameWords(idx, toks, run))))
    return { ok: true, readings: [{ location: whole.location, next: run.end }] };
  const readings: RunReading[] = [];
  for (let k = run.hyphens.length - 1; k >= 0; k--) {
    const h = run.hyphens[k];
    const part = resolveTokens(idx, text, toks, run.start, h);
    if (part.ok) readings.push({ location: part.location, next: h });
  }
  if (whole.ok) readings.push({ location: whole.location, next: run.end });
  if (readings.length || whole.ok) return { ok: true, readings };
  // Not a name: when it starts with one (`North Sea Picardy`), stop there so the caller can
  // name the first word it could not read, rather than the whole run.
  if (whole.unknown) {
    for (let j = run.end - 1; j > run.start; j--) {
      if (toks[j].sym || toks[j - 1].sym) continue;
      const part = resolveTokens(idx, text, toks, run.start, j);
      if (part.ok) return { ok: true, readings: [{ location: part.location, next: j }] };
    }
  }
  return whole;
}

/** Whether the run's words, hyphens read as spaces, are a name's words (`Kona-Kailua`, not `swe-den`). */
function hyphensJoinNameWords(idx: NameIndex, toks: Token[], run: Run): boolean {
  let words = '';
  for (let j = run.start; j < run.end; j++) {
    const tk = toks[j];
    if (tk.sym) {
      if (tk.t === '-') continue;
      break; // the coast part
    }
    words += words ? ` ${tk.t}` : tk.t;
  }
  return idx.spaced.has(words);
}

/**
 * One location as written: id, full name, alias or any unambiguous abbreviation, with an
 * optional coast (`spa/sc`, `Spain (south coast)`, `stp nc`, `Makanalua (n)`).
 */
export function resolveLocationName(
  map: DipMap,
  text: string,
): { ok: true; location: string } | { ok: false; error: string; candidates?: string[] } {
  const idx = nameIndex(map);
  const toks = tokenize(text);
  if (!toks.length) return { ok: false, error: 'no place named' };
  const run = collectRun(toks, 0, () => false);
  if (run.end === 0) return { ok: false, error: `could not read "${text.trim()}": no province of that name` };
  const r = resolveTokens(idx, text, toks, 0, run.end);
  if (!r.ok)
    return { ok: false, error: r.error.message, ...(r.error.candidates ? { candidates: r.error.candidates } : {}) };
  if (run.end < toks.length) {
    const w = text.slice(toks[run.end].pos).trim();
    return { ok: false, error: `could not read "${w}" after the place name` };
  }
  return { ok: true, location: r.location };
}
