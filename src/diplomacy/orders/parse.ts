// The order-text parser: what players type in PBEM messages and web forms, read into `Order`.
// It reads orders as written (a wrong unit type or a missing unit is the adjudicator's business)
// and never throws: bad input gives an error naming the word it could not read.
import type { DipMap } from '../maps/map.ts';
import type { Order, PhaseType, UnitRef, UnitType } from '../types.ts';
import { collectRun, nameIndex, readRun, tokenize, type NameIndex, type Token } from './names.ts';
import { orderKind } from '../kinds/index.ts';

export interface ParseError {
  message: string;
  /** The word (as the player wrote it) that could not be read. */
  word?: string;
  /** Its offset in the order text. */
  position?: number;
  /** Province ids an ambiguous abbreviation could mean. */
  candidates?: string[];
}

export type ParseResult = { ok: true; order: Order } | { ok: false; error: ParseError };

export interface ParseContext {
  /** In a retreat phase `-` is a retreat; in an adjustment phase a bare unit is not an order. */
  phaseType?: PhaseType;
}

type Kw =
  | 'A'
  | 'F'
  | 'B'
  | 'b' // a boat bunch, or build (`build`/`b` before a unit, `A par B` after one)
  | 'to'
  | 'move'
  | 'retreat'
  | 'hold'
  | 'support'
  | 'convoy'
  | 'disband'
  | 'build'
  | 'via'
  | 'by'
  | 'waive'
  | 'filler';

// Keywords end a place name, so none of them may be a word of a place name as typed.
// (`con` is not here: it is Constantinople.)
const KW = new Map<string, Kw>([
  ['a', 'A'],
  ['army', 'A'],
  ['armies', 'A'],
  ['f', 'F'],
  ['fleet', 'F'],
  ['b', 'b'],
  ['boat', 'B'],
  ['boats', 'B'],
  ['bunch', 'B'],
  ['to', 'to'],
  ['m', 'move'],
  ['move', 'move'],
  ['moves', 'move'],
  ['moving', 'move'],
  ['mv', 'move'],
  ['r', 'retreat'],
  ['retreat', 'retreat'],
  ['retreats', 'retreat'],
  ['retreating', 'retreat'],
  ['h', 'hold'],
  ['hold', 'hold'],
  ['holds', 'hold'],
  ['holding', 'hold'],
  ['stand', 'hold'],
  ['stands', 'hold'],
  ['s', 'support'],
  ['support', 'support'],
  ['supports', 'support'],
  ['supporting', 'support'],
  ['supp', 'support'],
  ['c', 'convoy'],
  ['convoy', 'convoy'],
  ['convoys', 'convoy'],
  ['convoying', 'convoy'],
  ['d', 'disband'],
  ['disband', 'disband'],
  ['disbands', 'disband'],
  ['remove', 'disband'],
  ['removes', 'disband'],
  ['build', 'build'],
  ['builds', 'build'],
  ['via', 'via'],
  ['by', 'by'],
  ['waive', 'waive'],
  ['waives', 'waive'],
  ['waived', 'waive'],
  ['in', 'filler'],
  ['at', 'filler'],
  ['from', 'filler'],
  ['an', 'filler'],
]);

const isStop = (w: string) => KW.has(w);

const TYPE_OF: Partial<Record<Kw, UnitType>> = { A: 'A', F: 'F', B: 'B', b: 'B' };

/** Thrown inside the reader only; parseOrder turns it into a result. Not an Error: no stack to build. */
class Fail {
  constructor(readonly error: ParseError) {}
}

class Reader {
  private i = 0;
  private readonly n: number;
  /**
   * Backtracking over places that can be read more than one way (`stp-North-Atlantic-Ocean`:
   * `stp-north` is St Petersburg's north coast, but then the rest does not read). `choice`: the
   * reading to take at a run (by its first token); `branches`: such runs met in this attempt.
   */
  readonly choice = new Map<number, number>();
  branches: { start: number; count: number }[] = [];
  private readonly retreatPhase: boolean;
  private readonly adjustmentPhase: boolean;

  constructor(
    private readonly idx: NameIndex,
    private readonly text: string,
    private readonly toks: Token[],
    phase: PhaseType | undefined,
  ) {
    this.n = toks.length;
    this.retreatPhase = phase === 'retreat';
    this.adjustmentPhase = phase === 'adjustment';
  }

  private kw(j = this.i): Kw | undefined {
    const t = this.toks[j];
    return t && !t.sym ? KW.get(t.t) : undefined;
  }
  private sym(j = this.i): string | undefined {
    const t = this.toks[j];
    return t?.sym ? t.t : undefined;
  }
  private word(j = this.i): string | undefined {
    const t = this.toks[j];
    return t && !t.sym ? t.t : undefined;
  }
  private typeAt(j = this.i): UnitType | undefined {
    const k = this.kw(j);
    return k ? TYPE_OF[k] : undefined;
  }
  private orig(s: number, e: number): string {
    return this.text.slice(this.toks[s].pos, this.toks[e - 1].end);
  }

  /** Fails naming the word at token j (or the end of the order). */
  private fail(why: string, j = this.i): never {
    const t = this.toks[j];
    if (!t) {
      // Ran out of words: say after which one.
      const last = this.toks[this.n - 1];
      const after = last ? this.text.slice(last.pos, last.end) : '';
      throw new Fail({ message: `the order ends after "${after}": ${why}`, position: this.text.length });
    }
    const word = this.text.slice(t.pos, t.end);
    throw new Fail({ message: `could not read "${word}": ${why}`, word, position: t.pos });
  }

  private end(what: string): void {
    if (this.i < this.n) this.fail(`expected ${what}`);
  }

  read(): Order {
    this.i = 0;
    this.branches = [];
    // Leading list markers: `1.`, `2)`, `- `, `* `.
    while (
      this.i < this.n &&
      (/^[0-9]+$/.test(this.toks[this.i].t) || this.sym() === '-' || this.sym() === '>' || this.sym() === ')')
    )
      this.i++;
    if (this.i >= this.n) throw new Fail({ message: 'empty order' });
    const k = this.kw();
    if (k === 'waive' || (this.word() === 'no' && this.kw(this.i + 1) === 'build')) {
      this.i++;
      while (this.kw() === 'build' || /^[0-9]+$/.test(this.word() ?? '-')) this.i++;
      this.end('the end of the order after "waive"');
      return { kind: 'waive' };
    }
    if (k === 'build' || (k === 'b' && this.typeAt(this.i + 1) && this.word(this.i + 1) !== 'b')) {
      this.i++;
      return this.build(this.unit(true));
    }
    if (k === 'disband') {
      this.i++;
      const unit = this.unit(false);
      this.end('the end of the order after the unit to disband');
      return { kind: 'disband', unit };
    }
    if (k === 'retreat') {
      this.i++;
      const unit = this.unit(false);
      const m = this.kw();
      if (this.sym() === '-' || this.sym() === '>' || m === 'to' || m === 'move') this.skipMarker();
      return this.moveRest(unit, true);
    }
    const start = this.i;
    const unit = this.unit(false);
    return this.tail(unit, start);
  }

  /** `A par`, `army Paris`, `Paris`, `a fleet in St Petersburg (nc)`, `par A` (builds). */
  private unit(typeAfter: boolean): UnitRef {
    if ((this.word() === 'a' || this.word() === 'an') && this.typeAt(this.i + 1)) this.i++; // article
    let type = this.typeAt();
    if (type) {
      this.i++;
      if (this.word() === 'bunch' || this.word() === 'bunches') this.i++;
    }
    while (this.kw() === 'filler') this.i++;
    const location = this.place(type ? 'a province after the unit type' : 'a unit (A, F or B) and its province');
    if (typeAfter && !type && this.typeAt()) type = this.typeAt(this.i++);
    return type ? { type, location } : { location };
  }

  private place(what: string): string {
    while (this.kw() === 'filler') this.i++;
    const run = collectRun(this.toks, this.i, isStop);
    if (run.end === run.start) this.fail(`expected ${what}`);
    const r = readRun(this.idx, this.text, this.toks, run);
    if (!r.ok) throw new Fail(r.error);
    let reading = r.readings[0];
    if (r.readings.length > 1) {
      this.branches.push({ start: run.start, count: r.readings.length });
      reading = r.readings[this.choice.get(run.start) ?? 0];
    }
    this.i = reading.next;
    return reading.location;
  }

  /** Skips `-`, `->`, `to`, `moves`, `moves to`, `retreats to`. */
  private skipMarker(): void {
    this.i++;
    const k = this.kw();
    if (k === 'to' || this.sym() === '-' || this.sym() === '>') this.i++;
  }

  private isMoveMarker(): boolean {
    const s = this.sym();
    if (s === '-' || s === '>') return true;
    const k = this.kw();
    return k === 'to' || k === 'move';
  }

  private tail(unit: UnitRef, start: number): Order {
    if (this.i >= this.n) {
      if (this.adjustmentPhase) {
        const w = this.orig(start, this.n);
        throw new Fail({
          message: `"${w}" needs a verb in the adjustment phase: "build ${w}" or "disband ${w}"`,
          word: w,
          position: this.toks[start].pos,
        });
      }
      return { kind: 'hold', unit };
    }
    if (this.isMoveMarker()) {
      this.skipMarker();
      return this.moveRest(unit, this.retreatPhase);
    }
    const s = this.sym();
    if (s === '=') {
      this.i++;
      return this.equals(unit);
    }
    switch (this.kw()) {
      case 'retreat':
        this.skipMarker();
        return this.moveRest(unit, true);
      case 'hold':
        this.i++;
        this.end('the end of the order after "H"');
        return { kind: 'hold', unit };
      case 'support':
        this.i++;
        return this.support(unit);
      case 'convoy':
        this.i++;
        return this.convoy(unit);
      case 'disband':
        this.i++;
        this.end('the end of the order after "D"');
        return { kind: 'disband', unit };
      case 'build':
      case 'b': {
        this.i++;
        // `A Kohala builds boats` = `A Kohala = B`
        if (this.kw() === 'B') {
          this.i++;
          this.end('the end of the order');
          return { kind: 'build-boats', unit };
        }
        if (this.word() === 'post' || this.word() === 'trading') return this.equals(unit);
        return this.build(unit);
      }
    }
    this.fail('expected -, S, C, H, D or the end of the order');
  }

  private moveRest(unit: UnitRef, retreat: boolean): Order {
    const to = this.place('a destination');
    const via = this.via();
    this.end('the end of the order after the destination');
    if (retreat) {
      if (via >= 0) {
        const t = this.toks[via];
        const word = this.text.slice(t.pos, t.end);
        throw new Fail({ message: `could not read "${word}": a retreat cannot go via convoy`, word, position: t.pos });
      }
      return { kind: 'retreat', unit, to };
    }
    return { kind: 'move', unit, to, viaConvoy: via >= 0 };
  }

  /** `via convoy`, `via c`, `by convoy`, `(via convoy)`: returns the token index of `via`, or -1. */
  private via(): number {
    const open = this.sym() === '(' && (this.kw(this.i + 1) === 'via' || this.kw(this.i + 1) === 'by');
    if (open) this.i++;
    const k = this.kw();
    if (k !== 'via' && k !== 'by') {
      return -1;
    }
    const at = this.i++;
    const w = this.word();
    if (w === 'convoy' || w === 'c' || w === 'sea' || w === 'convoys') this.i++;
    else if (k === 'by') this.fail('expected "convoy" after "by"');
    if (open) {
      if (this.sym() !== ')') this.fail('expected ")"');
      this.i++;
    }
    return at;
  }

  private support(unit: UnitRef): Order {
    const target = this.unit(false);
    if (this.i >= this.n) return { kind: 'support', unit, target };
    if (this.kw() === 'hold') {
      this.i++;
      this.end('the end of the order');
      return { kind: 'support', unit, target };
    }
    if (this.isMoveMarker()) {
      this.skipMarker();
      const to = this.place('where the supported unit moves');
      this.via(); // a support does not care how the unit gets there
      this.end('the end of the order');
      return { kind: 'support', unit, target, to };
    }
    this.fail('expected -, H or the end of the order after the supported unit');
  }

  private convoy(unit: UnitRef): Order {
    const target = this.unit(false);
    if (!this.isMoveMarker()) this.fail('expected "-" and where the convoyed unit goes');
    this.skipMarker();
    const to = this.place('where the convoyed unit goes');
    this.end('the end of the order');
    return { kind: 'convoy', unit, target, to };
  }

  /** Heiau: `A Kohala = B` (build boats), `F Ko'olau = C` (build a trading post). */
  private equals(unit: UnitRef): Order {
    const w = this.word();
    const k = this.kw();
    if (k === 'b' || k === 'B') {
      this.i++;
      this.end('the end of the order after "= B"');
      return { kind: 'build-boats', unit };
    }
    if (k === 'convoy' || w === 'post' || w === 'tp' || w === 'trading') {
      this.i++;
      if (w === 'trading' && this.word() === 'post') this.i++;
      this.end('the end of the order after "= C"');
      return { kind: 'trading-post', unit };
    }
    this.fail('expected "B" (build boats) or "C" (build a trading post) after "="');
  }

  private build(unit: UnitRef): Order {
    if (!unit.type) {
      const word = this.orig(0, this.i);
      throw new Fail({
        message: `"${word}" does not say which unit to build: write "build A ${unit.location}" or "build F ${unit.location}"`,
        word,
        position: this.toks[0].pos,
      });
    }
    this.end('the end of the order after the build');
    return { kind: 'build', unitType: unit.type, location: unit.location };
  }
}

const MAX_ORDER_LENGTH = 1000;

/**
 * Reads one order as a player typed it. Places are ids, names, aliases or unambiguous
 * abbreviations; coasts are kept only as written (the adjudicator fills in the only one).
 */
const COAST_COMMENT = /^(?:[nsew]|[nsew]c|north|south|east|west)(?:\s*coast)?$/i;

/**
 * Forms players write that the grammar below does not: a trailing remark in parentheses (not a
 * coast), `hold A Mun`, `to the English Channel`, dotted abbreviations (`M.A.O.`, `N. Sea`), `builds a trading post`,
 * `builds boats`.
 */
const NEEDS_NORMALIZING = /[(.]|hold|the |build/i;

export function normalizeOrderText(text: string): string {
  // Most orders need none of this: one test keeps the reader fast.
  if (!NEEDS_NORMALIZING.test(text)) return text;
  let t = text.replace(/\s+\(([^()]*)\)\s*$/, (m, inner: string) =>
    COAST_COMMENT.test(inner.trim()) || /convoy/i.test(inner) ? m : '',
  );
  t = t.replace(/^\s*holds?\s+(.+)$/i, '$1 H');
  t = t.replace(/\b(to|into|in|on)\s+the\s+/gi, '$1 ');
  t = t.replace(/\b(?:[A-Za-z]\.){2,}/g, (m) => m.replace(/\./g, ''));
  t = t.replace(/\b([A-Za-z])\.(?=\s)/g, '$1');
  t = t.replace(/\bbuilds?\s+(?:an?\s+)?trading\s+posts?\b/i, '= C');
  t = t.replace(/\bbuilds?\s+(?:an?\s+)?boats?(?:\s+bunch(?:es)?)?\b/i, '= B');
  return t;
}

export function parseOrder(map: DipMap, rawText: string, ctx?: ParseContext): ParseResult {
  try {
    if (typeof rawText !== 'string') return { ok: false, error: { message: 'the order is not text' } };
    const text = rawText.length > MAX_ORDER_LENGTH ? rawText : normalizeOrderText(rawText);
    // No order is this long; the cap keeps the hyphen and word splitting cheap on any input.
    if (text.length > MAX_ORDER_LENGTH)
      return { ok: false, error: { message: `an order of ${text.length} characters is too long to be one order` } };
    const reader = new Reader(nameIndex(map), text, tokenize(text), ctx?.phaseType);
    let first: Fail | undefined;
    for (let attempt = 0; attempt < 32; attempt++) {
      try {
        return { ok: true, order: reader.read() };
      } catch (e) {
        if (!(e instanceof Fail)) throw e;
        first ??= e; // the error of the preferred reading is the one to report
        if (!nextChoice(reader)) break;
      }
    }
    return { ok: false, error: text === rawText ? first!.error : inRawText(first!.error, rawText) };
  } catch (e) {
    // A bug here must not take a deadline down: report it as an unreadable order.
    return {
      ok: false,
      error: { message: `could not read the order (${e instanceof Error ? e.message : String(e)})` },
    };
  }
}

/** An error about the normalised text, pointing at its word in the text as written (or at no word). */
function inRawText(
  error: ParseResult extends infer R ? (R extends { ok: false; error: infer E } ? E : never) : never,
  raw: string,
) {
  if (error.word === undefined) return error;
  const at = raw.indexOf(error.word);
  if (at >= 0) return { ...error, position: at };
  const { word: _w, position: _p, ...rest } = error;
  return rest;
}

/** Moves to the next combination of readings (the last run first); false when all were tried. */
function nextChoice(reader: Reader): boolean {
  const { branches, choice } = reader;
  while (branches.length) {
    const b = branches.pop()!;
    const k = (choice.get(b.start) ?? 0) + 1;
    if (k < b.count) {
      choice.set(b.start, k);
      return true;
    }
    choice.delete(b.start);
  }
  return false;
}

export type ParsedLine = { line: number; text: string } & ParseResult;

/** Reads a block of orders, one a line; blank lines and `#` or `//` comment lines are skipped. */
export function parseOrders(map: DipMap, lines: string[], ctx?: ParseContext): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k];
    const t = typeof text === 'string' ? text.trim() : '';
    if (!t || t.startsWith('#') || t.startsWith('//')) continue;
    out.push({ line: k + 1, text, ...parseOrder(map, text, ctx) });
  }
  return out;
}

/**
 * The order in rulebook notation with location ids, for "how your order was read" replies:
 * `A vie - bud`, `F nth C A lon - nwy`, `A wal S F nth`, `F spa/sc R lyo`, `A mun D`,
 * `Build A par`, `Waive`, `A koh = B`. parseOrder reads it back to the same order.
 */
export function formatOrder(_map: DipMap, order: Order): string {
  return orderKind(order).notation(order);
}
