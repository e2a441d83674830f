// The Hand of Destiny engine: set up a game from a scenario, resolve one player turn at a time,
// check victory. Pure: the state is plain JSON, every die comes from the stream in the state.
import { TurnCtx } from './core.ts';
import {
  cloneState,
  DEFAULT_OPTIONS,
  DEFAULT_STANDING,
  Game,
  RuleError,
  type DeckState,
  type HodOptions,
  type HodState,
  type ReportEntry,
  type UnitState,
} from './model.ts';
import { DataError } from '../contract/data-error.ts';
import { seedRandom, shuffle } from '../contract/random.ts';
import type { ScenarioData } from './scenario-schema.ts';
import { builtInScenario, loadScenario } from './scenarios/index.ts';

export { cloneState };
import { actionOf, EMPTY_SUBMISSION, type HodAction, type Submission } from './actions/index.ts';
import { immediateEvent, SideTurn } from './turn.ts';

export { EMPTY_SUBMISSION, type Submission };

export interface SetupOptions extends Partial<HodOptions> {
  /** A corrected scenario file (the moderator's), used instead of the built-in data. */
  scenarioData?: unknown;
}

export interface TurnReport {
  key: string;
  label: string;
  side: string;
  entries: ReportEntry[];
}

const OPTION_KEYS = Object.keys(DEFAULT_OPTIONS) as (keyof HodOptions)[];

export function readOptions(options: Record<string, unknown> = {}): { options: HodOptions; scenarioData?: unknown } {
  const out: HodOptions = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(options)) {
    if (k === 'scenarioData' || v === undefined) continue;
    if (!(OPTION_KEYS as string[]).includes(k))
      throw new Error(`unknown option '${k}'; options are ${OPTION_KEYS.join(', ')}, scenarioData`);
    if (typeof v !== 'boolean') throw new Error(`option '${k}' must be true or false`);
    out[k as keyof HodOptions] = v;
  }
  return { options: out, scenarioData: options.scenarioData };
}

/** The `scenarioData` option read; its faults named from the game's options (scenarioData.spaces.0.name). */
function scenarioOption(data: unknown): ScenarioData {
  try {
    return loadScenario(data);
  } catch (e) {
    throw e instanceof DataError ? e.under(['scenarioData']) : e;
  }
}

/** A new game. `setupId` picks the scenario's set-up (Hawaii 1795: 'long' or 'short'). */
export function setupGame(
  seed: string,
  scenarioId: string,
  setupId: string,
  options: Record<string, unknown> = {},
): HodState {
  const { options: opts, scenarioData } = readOptions(options);
  const scenario: ScenarioData =
    scenarioData !== undefined ? scenarioOption(scenarioData) : builtInScenario(scenarioId);
  const st = scenario.setups.find((s) => s.id === setupId);
  if (!st)
    throw new Error(
      `scenario ${scenario.id} has no set-up '${setupId}'; set-ups: ${scenario.setups.map((s) => s.id).join(', ')}`,
    );
  const sideIds = scenario.sides.map((s) => s.id);
  const units: Record<string, UnitState> = {};
  for (const u of scenario.units) {
    const neutral = !sideIds.includes(u.side);
    const home = scenario.neutrals.find((n) => n.id === u.side)?.home;
    units[u.id] = { at: st.placements[u.id] ?? (neutral && home ? home : 'box'), owner: neutral ? null : u.side };
  }
  const rng = seedRandom(seed, 'hand-of-destiny');
  const decks: Record<string, DeckState> = {};
  for (const side of sideIds) {
    const all = scenario.decks[side]!.map((c) => c.number);
    const opening = st.openingCards?.[side] ?? [];
    const rest = all.filter((n) => !opening.includes(n));
    decks[side] = {
      draw: opening.length ? rest : shuffle(rng, all),
      opening: opening.slice(),
      discard: [],
      held: [],
      drawn: null,
      removed: [],
      shuffleAfterOpening: opening.length > 0,
    };
  }
  const usedOnce: string[] = [];
  if (st.firstDrawUsed) {
    for (const side of sideIds)
      for (const c of scenario.decks[side]!)
        c.recruit.forEach((r, i) => r.firstDrawOnly && usedOnce.push(`${side}:${c.number}:${i}`));
  }
  const s: HodState = {
    engine: 'hand-of-destiny',
    version: 1,
    seed,
    setup: st.id,
    scenario,
    options: opts,
    rng,
    turn: st.firstTurn,
    side: sideIds[0]!,
    playerTurns: 0,
    units,
    decks,
    usedOnce,
    forts: [],
    contested: [],
    beach: {},
    standing: Object.fromEntries(sideIds.map((x) => [x, { ...DEFAULT_STANDING }])),
    drawReport: [],
    outcome: null,
  };
  const g = new Game(s);
  const entries: ReportEntry[] = [];
  beginPlayerTurn(g, entries, true);
  return s;
}

function occupationHolds(g: Game, side: string, groups: { count: number; of: string[] }[]): boolean {
  return groups.every((gr) => gr.of.filter((sp) => g.occupies(side, sp)).length >= gr.count);
}

/** Victory checks, then the campaign card draw for the player whose turn begins. */
function beginPlayerTurn(g: Game, entries: ReportEntry[], newTurn: boolean): void {
  const s = g.s;
  const checks = s.scenario.victory.occupation.filter(
    (o) => (newTurn && o.when === 'turn-start') || (o.when === 'side-turn-start' && o.side === s.side),
  );
  for (const o of checks) {
    if (occupationHolds(g, o.side, o.groups)) {
      s.outcome = {
        kind: 'victory',
        winners: [o.side],
        text: `${g.sideName(o.side)} win by occupation: ${o.text ?? ''}`.trim(),
      };
      entries.push({ text: `${s.outcome.text} (${g.turnLabel()}).` });
      s.drawReport = [];
      return;
    }
  }
  const ctx = new TurnCtx(g, s.side, 'play');
  ctx.say(`${g.turnLabel()}, ${g.possessive(s.side)} turn.`);
  drawCard(ctx);
  s.drawReport = ctx.report;
  entries.push(...ctx.report);
}

/** 8.0: pick the top card and show it; immediate events happen now. */
function drawCard(ctx: TurnCtx): void {
  const g = ctx.g;
  const side = ctx.side;
  const deck = g.s.decks[side]!;
  let n: number | undefined;
  if (deck.opening.length) n = deck.opening.shift();
  else {
    if (!deck.draw.length && g.opt.reshuffle && deck.discard.length) {
      deck.draw = shuffle(g.s.rng, deck.discard);
      deck.discard = [];
      ctx.say(`${g.possessive(side)} deck is empty: the discards are reshuffled (7.2).`);
    }
    n = deck.draw.shift();
  }
  if (n === undefined) {
    deck.drawn = null;
    ctx.say(`${g.sideName(side)} has no campaign card to draw this turn.`);
    return;
  }
  deck.drawn = n;
  const card = g.card(side, n);
  ctx.say(`${g.sideName(side)} draws campaign card #${n} ${card.title}.`);
  if (card.event && !card.hold && ['appeal', 'reshuffle', 'hook'].includes(card.event.type))
    immediateEvent(ctx, side, card.event);
}

/** End a player turn: next player, or next game turn, or the end of the game. */
function advance(g: Game, entries: ReportEntry[]): void {
  const s = g.s;
  s.playerTurns++;
  if (s.outcome) return;
  const order = g.c.sideIds;
  const i = order.indexOf(s.side);
  if (i < order.length - 1) {
    s.side = order[i + 1]!;
    beginPlayerTurn(g, entries, false);
    return;
  }
  if (s.turn >= s.scenario.turns.labels.length) {
    s.outcome = { kind: 'tie', winners: [], text: `Tie: neither side won by the end of ${g.turnLabel()}.` };
    entries.push({ text: s.outcome.text });
    return;
  }
  s.turn++;
  s.side = order[0]!;
  beginPlayerTurn(g, entries, true);
}

/**
 * Resolve the current player turn. `subs` maps each side to its accepted submission (or
 * undefined): standing instructions of every side apply first; the player whose turn it is
 * gets defaults for anything left out.
 */
export function resolveTurn(
  state: HodState,
  subs: Record<string, Submission | undefined>,
): { state: HodState; report: TurnReport } {
  if (state.outcome) throw new Error('the game is over');
  const s = cloneState(state);
  const g = new Game(s);
  const key = phaseKey(s);
  const label = `${g.turnLabel()}, ${g.sideName(s.side)}`;
  const side = s.side;
  const entries: ReportEntry[] = [];
  const turn = new SideTurn(g, 'play');
  const ctx = turn.ctx;
  for (const sd of g.c.sideIds) {
    for (const patch of subs[sd]?.standing ?? [])
      actionOf({ kind: 'standing', patch }).apply(turn, sd, { kind: 'standing', patch });
  }
  const sub: Submission = { ...EMPTY_SUBMISSION, ...(subs[side] ?? {}) };
  // Each accepted action through its kind's module, in phase order; one the position no longer
  // allows (a sea battle changed it) is reported to its player and skipped.
  const attempt = (what: string, a: HodAction) => {
    if (ctx.over) return;
    try {
      actionOf(a).apply(turn, side, a);
    } catch (e) {
      if (e instanceof RuleError) ctx.say(`Order not carried out (${what}): ${e.message}.`, [side]);
      else throw e;
    }
  };
  if (sub.play !== null) attempt(`PLAY ${sub.play}`, { kind: 'play', n: sub.play });
  if (sub.hold) attempt('HOLD', { kind: 'hold' });
  for (const id of sub.removes) attempt(`REMOVE ${id}`, { kind: 'remove', id });
  attempt('removal', { kind: 'advance', phase: 'recruit' });
  for (const r of sub.recruits) attempt(`RECRUIT ${r.unit}`, { kind: 'recruit', unit: r.unit, space: r.space });
  for (const f of sub.forts) attempt(`${f.action} fort`, { kind: 'fort', action: f.action, space: f.space });
  attempt('recruiting', { kind: 'advance', phase: 'move' });
  for (const m of sub.moves)
    attempt(m.type === 'land' ? `MOVE ${m.units.join(', ')}` : `FLEET ${m.canoe}`, { kind: 'move', order: m });
  if (!ctx.over) turn.battlePhase(sub.battles);
  if (!ctx.over) turn.end();
  entries.push(...ctx.report);
  if (s.outcome) entries.push({ text: s.outcome.text });
  else advance(g, entries);
  if (s.outcome) {
    // The game ended in the middle of the turn: the card drawn goes to the discards.
    for (const d of Object.values(s.decks)) {
      if (d.drawn !== null) d.discard.push(d.drawn);
      d.drawn = null;
    }
  }
  return { state: s, report: { key, label, side, entries } };
}

export function phaseKey(s: HodState): string {
  const i = s.scenario.sides.findIndex((x) => x.id === s.side);
  return `${String(s.turn).padStart(2, '0')}-${i + 1}-${s.side}`;
}

/** Every invariant a state between player turns must satisfy. Returns the problems found. */
export function checkState(s: HodState): string[] {
  const g = new Game(s);
  const problems: string[] = [];
  const spaces = new Set(g.landSpaces());
  for (const [id, u] of Object.entries(s.units)) {
    const data = g.c.unit.get(id);
    if (!data) {
      problems.push(`unknown unit ${id}`);
      continue;
    }
    if (u.at !== 'box' && u.at !== 'dead' && !spaces.has(u.at)) problems.push(`${id} is at '${u.at}'`);
    if (data.marker && u.at !== 'box' && u.at !== 'dead') problems.push(`marker ${id} left on the map`);
    if (u.owner === null && u.at !== 'dead') {
      const home = s.scenario.neutrals.find((n) => n.id === data.side)?.home;
      if (u.at !== home) problems.push(`neutral ${id} away from home`);
    }
    if (u.at === 'box' && !data.recruitable && !data.marker)
      problems.push(`${id} cannot be recruited but is in the Recruit Box`);
  }
  for (const sp of spaces) {
    // A game that ended by sudden death in the middle of a turn may leave battles unfought.
    if (!s.outcome && g.contested(sp) && !s.contested.includes(sp)) problems.push(`${sp} holds both sides`);
    const landed = s.beach?.[sp];
    if (landed !== undefined && !s.outcome && (!g.contested(sp) || !g.c.sideIds.includes(landed)))
      problems.push(`${sp} has a beach held by ${landed} but does not hold both sides`);
    const neutral = g.neutralHeld(sp);
    if (neutral && g.c.sideIds.some((x) => g.hasSide(sp, x))) problems.push(`${sp} holds neutral and side units`);
  }
  for (const side of g.c.sideIds) {
    const d = s.decks[side]!;
    const all = [
      ...d.draw,
      ...d.opening,
      ...d.discard,
      ...d.held,
      ...d.removed,
      ...(d.drawn !== null ? [d.drawn] : []),
    ].sort((a, b) => a - b);
    const want = s.scenario.decks[side]!.map((c) => c.number).sort((a, b) => a - b);
    if (JSON.stringify(all) !== JSON.stringify(want))
      problems.push(`${side} cards are ${all.join(',')}, expected ${want.join(',')}`);
    if (!s.outcome && s.side === side && d.drawn === null && (d.draw.length || d.opening.length))
      problems.push(`${side} has no card drawn`);
    if (s.side !== side && d.drawn !== null) problems.push(`${side} has a drawn card out of turn`);
  }
  for (const sd of s.scenario.victory.suddenDeath) {
    if (sd.eliminated.every((id) => s.units[id]!.at === 'dead') && !(s.outcome?.winners.includes(sd.winner) ?? false)) {
      problems.push(`sudden death for ${sd.winner} not declared`);
    }
  }
  if (s.turn < 1 || s.turn > s.scenario.turns.labels.length) problems.push(`turn ${s.turn} out of range`);
  const rt = JSON.parse(JSON.stringify(s));
  if (JSON.stringify(rt) !== JSON.stringify(s)) problems.push('state does not round-trip through JSON');
  return problems;
}
