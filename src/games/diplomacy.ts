// Standard and Heiau Diplomacy as game modules for the judge: the phase sequence (movement,
// retreats, adjustments; phases with no choice are played at once), submissions read and
// checked against the board, per-reader views, and the Haole scenarios' ballot and fog.
import { adjudicate, type OrderReport, type PhaseOutput } from '../diplomacy/adjudicator/index.ts';
import { adjustmentsDue, buildSites } from '../diplomacy/adjudicator/adjustment.ts';
import { retreatsOf } from '../diplomacy/adjudicator/retreat.ts';
import { canStand } from '../diplomacy/adjudicator/board.ts';
import { foreignPowerMessage, formatOrder, normalizeName, parseOrders, splitPowerPrefix } from '../diplomacy/orders/index.ts';
import { orderOptions } from '../diplomacy/options.ts';
import { placeName, readingWithNames } from '../diplomacy/orders/notation.ts';
import type { DislodgedUnit, Order, Phase, Unit } from '../diplomacy/types.ts';
import { getVariant } from '../diplomacy/variants/index.ts';
import { heiauScenario, loadHeiauScenarios, scenarioWithBallot } from '../diplomacy/variants/scenarios.ts';
import type { Variant } from '../diplomacy/variants/variant.ts';
import { MODERATOR_DECISION, type GameModule, type Outcome, type PhaseInfo, type ReadLine, type ReadResult, type ScenarioInfo, type Viewer } from '../contract/types.ts';

export interface DiplomacyState {
  variant: 'standard' | 'heiau';
  scenario: string;
  seed: string;
  /** Phases played so far (for stable, sortable phase keys). */
  seq: number;
  /**
   * The current phase; `ballot` before a Haole scenario's first Spring: the players' slips, then on
   * an even split the natives' decision (stage `natives`), then if still tied the moderator's.
   */
  phase: Phase | BallotPhase;
  powers: string[];
  units: Unit[];
  dislodged?: DislodgedUnit[];
  contested?: string[];
  supplyCenters: Record<string, string>;
  tradingPosts?: Record<string, string>;
  /** Haole scenarios: European powers, who see no native position until the first Spring orders are in. */
  haoles?: string[];
  hidden?: boolean;
  ballot?: Ballot;
  outcome?: Outcome | null;
}

export interface BallotPhase { type: 'ballot'; season: 'spring'; year: number; stage?: 'natives' | 'moderator' }

export interface Ballot {
  options: string[];
  /** Two Haoles: the seats that vote before the powers are dealt ('Voter 1'...); absent: the powers vote. */
  voters?: string[];
  winner?: string;
  /** The slips: voter (or power) -> option. */
  votes?: Record<string, string>;
  /** The options the slips left evenly divided, for the natives' decision. */
  tied?: string[];
  /** The natives' decision: power -> option. */
  nativeVotes?: Record<string, string>;
  /** Who settled a tie. */
  decidedBy?: 'natives' | 'moderator';
}

/** What a ballot report says; per reader in formatReport. */
export interface BallotResult {
  votes: Record<string, string>;
  winner?: string;
  tied?: string[];
  nativeVotes?: Record<string, string>;
  decidedBy?: 'natives' | 'moderator';
  /** Slips cast by seats, not powers: the report gives counts. */
  anonymous?: boolean;
}

export interface DiplomacySubmission {
  orders?: { text: string; reading: string }[];
  vote?: string;
}

export interface PhaseResult {
  phase: string;
  type: PhaseInfo['type'];
  orders: OrderReport[];
  dislodged?: DislodgedUnit[];
  disbanded?: Unit[];
  /** Centres that changed hands: province -> [old owner or null, new owner]. */
  captured?: Record<string, [string | null, string]>;
  ballot?: BallotResult & { haoles: string[]; stage?: BallotPhase['stage'] };
  /** The first Spring of a Haole scenario: the ballot, now revealed to everyone. */
  revealedBallot?: BallotResult & { winner: string };
}

export interface DiplomacyReport {
  variant: 'standard' | 'heiau';
  phases: PhaseResult[];
  outcome?: Outcome | null;
}

const SEASON: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const TYPE: Record<string, string> = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments', ballot: 'Ballot' };
const CODE: Record<string, string> = { spring: 'S', fall: 'F', winter: 'W', movement: 'M', retreat: 'R', adjustment: 'A', ballot: 'B' };

export function phaseLabel(phase: DiplomacyState['phase']): string {
  if (phase.type === 'ballot')
    return phase.stage === 'natives' ? 'Kamaainas’ decision on the setup' : phase.stage === 'moderator' ? 'Moderator’s decision on the setup' : 'Ballot for the natives’ setup';
  return `${SEASON[phase.season]} ${phase.year} ${TYPE[phase.type]}`;
}

function variantOf(state: { variant: string }): Variant {
  const v = getVariant(state.variant);
  if (!v) throw new Error(`unknown variant ${state.variant}`);
  return v;
}

function makeModule(id: 'standard' | 'heiau'): GameModule<DiplomacyState> {
  const scenarios = (): ScenarioInfo[] => {
    if (id === 'standard') return [{ id: 'classic', name: 'Classic 1901', roles: variantOf({ variant: id }).map.powers }];
    return loadHeiauScenarios().map((s) => ({
      id: s.id,
      name: s.name,
      roles: s.nativeSetupBallot ? scenarioWithBallot(s, s.nativeSetupBallot.options[0]).powers.map((p) => p.name) : s.powers.map((p) => p.name),
    }));
  };

  const mod: GameModule<DiplomacyState> = {
    id,
    name: id === 'standard' ? 'Standard Diplomacy' : 'Heiau Diplomacy',
    get scenarios() {
      return scenarios();
    },

    setup(seed, scenario) {
      if (id === 'standard') {
        if (scenario !== 'classic') throw new Error(`unknown scenario '${scenario}' (Standard has 'classic')`);
        const map = variantOf({ variant: id }).map;
        const units: Unit[] = [];
        for (const [power, list] of Object.entries(map.data.starting_units ?? {})) for (const u of list) units.push({ power, ...u });
        const supplyCenters: Record<string, string> = {};
        for (const [power, list] of Object.entries(map.data.home_centers ?? {})) for (const p of list) supplyCenters[p] = power;
        return { variant: id, scenario, seed, seq: 0, phase: { season: 'spring', year: 1901, type: 'movement' }, powers: map.powers, units, supplyCenters };
      }
      const s = heiauScenario(scenario);
      const haoles = s.powers.filter((p) => p.kind === 'haole').map((p) => p.name);
      if (s.nativeSetupBallot) {
        const full = scenarioWithBallot(s, s.nativeSetupBallot.options[0]);
        // Two Haoles: "random assignment of powers occurs immediately after submission of ballots".
        const voters = s.nativeSetupBallot.votedAfterPowerAssignment === false ? full.powers.map((_, i) => `Voter ${i + 1}`) : undefined;
        return {
          variant: id,
          scenario,
          seed,
          seq: 0,
          phase: { type: 'ballot', season: 'spring', year: s.startingPhase.year },
          powers: full.powers.map((p) => p.name),
          units: s.powers.flatMap((p) => p.units.map((u) => ({ power: p.name, ...u }))),
          supplyCenters: {},
          tradingPosts: {},
          haoles,
          hidden: true,
          ballot: { options: s.nativeSetupBallot.options, ...(voters ? { voters } : {}) },
        };
      }
      const supplyCenters: Record<string, string> = {};
      for (const p of s.powers) for (const h of p.heiaus) supplyCenters[h] = p.name;
      return {
        variant: id,
        scenario,
        seed,
        seq: 0,
        phase: { season: s.startingPhase.season, year: s.startingPhase.year, type: 'movement' },
        powers: s.powers.map((p) => p.name),
        units: s.powers.flatMap((p) => p.units.map((u) => ({ power: p.name, ...u }))),
        supplyCenters,
        tradingPosts: {},
        ...(haoles.length ? { haoles } : {}),
      };
    },

    phase(state) {
      const p = state.phase;
      const code = p.type === 'ballot' ? `B${p.stage === 'natives' ? 'K' : p.stage === 'moderator' ? 'M' : ''}` : `${CODE[p.season]}${p.year}${CODE[p.type]}`;
      return {
        key: `${String(state.seq).padStart(4, '0')}-${code}`,
        label: phaseLabel(p),
        type: p.type,
        year: p.year,
        ...(p.type === 'ballot' && p.stage === 'moderator' ? { moderatorDecides: true } : {}),
      };
    },

    seats(state) {
      const p = state.phase;
      return p.type === 'ballot' && !p.stage && state.ballot?.voters ? [...state.ballot.voters] : null;
    },

    expectedRoles(state) {
      return expectedRoles(state);
    },

    readSubmission(state, role, lines) {
      return readSubmission(state, role, lines);
    },

    resolve(state, submissions) {
      const subs = submissions as Record<string, DiplomacySubmission>;
      const phases: PhaseResult[] = [];
      let next = step(state, subs, phases);
      // Phases where nobody has a choice are played at once (no retreats possible, no adjustments due).
      // (A setup left to the moderator is a choice: the game waits for it.)
      while (!next.outcome && expectedRoles(next).length === 0 && !awaitsModerator(next)) next = step(next, {}, phases);
      return { state: next, report: { variant: state.variant, phases, outcome: next.outcome ?? null } satisfies DiplomacyReport };
    },

    view(state, viewer) {
      return view(state, viewer);
    },

    formatReport(report, viewer) {
      return formatReport(report as DiplomacyReport, viewer);
    },

    formatPosition(state, viewer) {
      return formatPosition(state, viewer);
    },

    outcome(state) {
      return state.outcome ?? null;
    },

    survivors(state) {
      // A power survives while it has a unit or a supply centre.
      return state.powers.filter((p) => state.units.some((u) => u.power === p) || Object.values(state.supplyCenters).includes(p));
    },

    options(state, role) {
      return options(state, role);
    },
  };
  return mod;
}

function expectedRoles(state: DiplomacyState): string[] {
  if (state.outcome) return [];
  const p = state.phase;
  if (p.type === 'ballot') {
    if (p.stage === 'natives') return natives(state);
    if (p.stage === 'moderator') return [];
    return [...(state.ballot?.voters ?? state.powers)];
  }
  const variant = variantOf(state);
  if (p.type === 'movement') return state.powers.filter((r) => state.units.some((u) => u.power === r));
  if (p.type === 'retreat') {
    const options = retreatsOf(variant, { units: state.units, dislodged: state.dislodged ?? [], contested: state.contested });
    return state.powers.filter((r) => (state.dislodged ?? []).some((d, i) => d.power === r && options[i].length > 0));
  }
  const due = adjustmentsDue(variant, state);
  return state.powers.filter((r) => {
    const n = due[r] ?? 0;
    return n < 0 || (n > 0 && buildSites(variant, state, r).length > 0);
  });
}

function readSubmission(state: DiplomacyState, role: string, lines: string[]): ReadResult {
  const p = state.phase;
  if (p.type === 'ballot') {
    const out: ReadLine[] = [];
    let vote: string | undefined;
    const options = ballotChoices(state);
    const mine = p.stage === 'moderator' ? role === MODERATOR_DECISION : expectedRoles(state).includes(role);
    if (!mine) {
      const who = p.stage === 'moderator' ? 'the moderator' : p.stage === 'natives' ? 'the native powers' : 'the voters';
      return { lines: lines.map((text, i) => ({ line: i + 1, text, ok: false, error: `${phaseLabel(p)} is for ${who} only` })), accepted: {} };
    }
    lines.forEach((text, i) => {
      if (!text.trim() || /^\s*(#|\/\/)/.test(text)) return;
      const word = normalizeName(text.replace(/^\s*vote\s+/i, '').trim());
      const match = options.filter((o) => o.startsWith(word) || heiauScenario(o).name.toLowerCase().startsWith(word));
      if (match.length === 1 && word) {
        vote = match[0];
        out.push({ line: i + 1, text, ok: true, reading: `VOTE ${heiauScenario(vote).name}` });
      } else
        out.push({ line: i + 1, text, ok: false, error: `could not read "${text.trim()}": vote for one of ${options.map((o) => heiauScenario(o).name).join(', ')}` });
    });
    return { lines: out, accepted: vote ? { vote } : {} };
  }
  const variant = variantOf(state);
  // `England: F Lon - Nth`: a leading power name is the writer's own (else the line is refused).
  const foreign = new Map<number, string>();
  const cleaned = lines.map((t, i) => {
    const pre = splitPowerPrefix(state.powers, t);
    if (!pre) return t;
    if (pre.power !== role) foreign.set(i + 1, pre.power);
    return pre.order;
  });
  const parsed = parseOrders(variant.map, cleaned, { phaseType: p.type }).map((l) => {
    const text = lines[l.line - 1]!;
    const other = foreign.get(l.line);
    return other ? { line: l.line, text, ok: false as const, error: { message: foreignPowerMessage(other, role) } } : { ...l, text };
  });
  // Check the readable orders against the board as if they were the only ones: what is illegal
  // now is illegal whatever the others order.
  const readable = parsed.flatMap((l) => (l.ok ? [l] : []));
  // A power that may not see the natives yet (the Haole before its first Spring orders) is checked
  // against the board it sees, with each order about a space it cannot see judged for any unit
  // that could stand there: what it reads and is told depends on nothing it may not know.
  const check = seesNatives(state, { kind: 'player', role })
    ? adjudicate(variant, { ...position(state, p), orders: readable.map((l) => ({ power: role, order: l.order, text: l.text.trim() })) })
    : { orders: readable.map((l) => checkUnseen(state, variant, p, role, l.order, l.text.trim())) };
  const out: ReadLine[] = [];
  const accepted: { text: string; reading: string }[] = [];
  let k = 0;
  for (const l of parsed) {
    if (!l.ok) {
      out.push({ line: l.line, text: l.text, ok: false, error: l.error.message });
      continue;
    }
    const r = check.orders[k++];
    // People read the rulebook's names; the accepted part keeps the map ids the adjudicator reads.
    const shown = r.reading ? readingWithNames(variant.map, r.reading) : undefined;
    if (r.result === 'illegal') out.push({ line: l.line, text: l.text, ok: false, reading: shown, error: r.reason });
    else {
      out.push({ line: l.line, text: l.text, ok: true, reading: shown });
      accepted.push({ text: l.text.trim(), reading: r.reading! });
    }
  }
  return { lines: out, accepted: { orders: accepted } satisfies DiplomacySubmission };
}

/**
 * One order of a power that cannot see the natives, read on the board it sees: an order that names
 * a unit in a space it cannot see is accepted when some unit could stand there and make it legal.
 */
function checkUnseen(state: DiplomacyState, variant: Variant, phase: Phase, role: string, order: Order, text: string): OrderReport {
  const seen = visibleUnits(state, { kind: 'player', role });
  const board = { phase, units: seen, supplyCenters: {}, tradingPosts: state.tradingPosts };
  const named = order.kind === 'support' || order.kind === 'convoy' ? order.target : null;
  const map = variant.map;
  const province = named ? map.provinceOf(named.location) : undefined;
  if (!named || !province || seen.some((u) => map.provinceOf(u.location) === province))
    return adjudicate(variant, { ...board, orders: [{ power: role, order, text }] }).orders[0];
  let first: OrderReport | undefined;
  for (const type of named.type ? [named.type] : (['A', 'B', 'F'] as const))
    for (const l of map.locationsOf[province.index]) {
      if (!canStand(map, type, l)) continue;
      const someone: Unit = { power: '\u0000', type, location: map.locations[l].id };
      const r = adjudicate(variant, { ...board, units: [...seen, someone], orders: [{ power: role, order, text }] }).orders[0];
      if (r.result !== 'illegal') return r;
      first ??= r;
    }
  return first ?? { power: role, text, result: 'illegal', reading: formatOrder(map, order), reason: `no unit could stand in ${province.name} to be ${order.kind === 'support' ? 'supported' : 'convoyed'}` };
}

/** The board of a phase, as the adjudicator takes it. */
function position(state: DiplomacyState, phase: Phase) {
  const { units, dislodged, contested, supplyCenters, tradingPosts } = state;
  return { phase, units, dislodged, contested, supplyCenters, tradingPosts };
}

/** Play the current phase with these submissions; append its result. */
function step(state: DiplomacyState, subs: Record<string, DiplomacySubmission>, phases: PhaseResult[]): DiplomacyState {
  const label = phaseLabel(state.phase);
  const p = state.phase;
  if (p.type === 'ballot') return tallyBallot(state, subs, phases);
  const variant = variantOf(state);
  const orders = state.powers.flatMap((power) => (subs[power]?.orders ?? []).map((o) => ({ power, text: o.text })));
  const out = adjudicate(variant, { ...position(state, p), orders });
  // A power that could not see the natives gave orders legal for some placement of their units;
  // one about a unit that is not there is void, as the rules say, not illegal.
  if (state.hidden && p.type === 'movement')
    for (const o of out.orders) if (o.result === 'illegal' && state.haoles?.includes(o.power)) o.result = 'void';
  const result: PhaseResult = { phase: label, type: p.type, orders: out.orders };
  if (state.hidden && p.type === 'movement' && state.ballot?.winner) {
    const b = state.ballot;
    result.revealedBallot = {
      votes: b.votes ?? {}, winner: b.winner!,
      ...(b.nativeVotes ? { nativeVotes: b.nativeVotes } : {}), ...(b.decidedBy ? { decidedBy: b.decidedBy } : {}), ...(b.voters ? { anonymous: true } : {}),
    };
  }
  if (p.type === 'movement' && out.dislodged?.length) result.dislodged = out.dislodged;
  if (out.disbanded?.length) result.disbanded = out.disbanded;
  const captured = changes(state.supplyCenters, out.supplyCenters);
  if (Object.keys(captured).length) result.captured = captured;
  phases.push(result);
  const next: DiplomacyState = { ...state, seq: state.seq + 1, units: out.units, supplyCenters: out.supplyCenters };
  if (out.tradingPosts) next.tradingPosts = out.tradingPosts;
  delete next.dislodged;
  delete next.contested;
  // The haoles see the board once the first Spring orders are in.
  if (state.hidden && p.type === 'movement') next.hidden = false;
  const fall = p.season === 'fall';
  if (p.type === 'movement' && out.dislodged?.length) {
    next.phase = { ...p, type: 'retreat' };
    next.dislodged = out.dislodged;
    next.contested = out.contested;
  } else if (p.type === 'adjustment') {
    next.phase = { season: 'spring', year: p.year + 1, type: 'movement' };
  } else if (fall) {
    next.phase = { season: 'winter', year: p.year, type: 'adjustment' };
    next.outcome = judgeVictory(variant, next);
  } else {
    next.phase = { season: 'fall', year: p.year, type: 'movement' };
  }
  if (!next.outcome) next.outcome = lastPowerStanding(next);
  return next;
}

function awaitsModerator(state: DiplomacyState): boolean {
  return state.phase.type === 'ballot' && state.phase.stage === 'moderator';
}

/** The native powers of a ballot scenario (those who count the slips and settle a tie). */
function natives(state: DiplomacyState): string[] {
  return state.powers.filter((p) => !state.haoles?.includes(p));
}

/** The options open in the current ballot stage: all of them, or those left tied. */
function ballotChoices(state: DiplomacyState): string[] {
  const p = state.phase;
  return p.type === 'ballot' && p.stage ? (state.ballot?.tied ?? []) : (state.ballot?.options ?? []);
}

function votesOf(voters: string[], options: string[], subs: Record<string, DiplomacySubmission>): Record<string, string> {
  const votes: Record<string, string> = {};
  for (const v of voters) if (subs[v]?.vote && options.includes(subs[v].vote!)) votes[v] = subs[v].vote!;
  return votes;
}

/** The options with the most votes among `voters` (all of `options` when nobody voted). */
function mostVoted(options: string[], votes: Record<string, string>, voters: string[]): string[] {
  const c = new Map(options.map((o) => [o, 0]));
  for (const v of voters) if (votes[v] && c.has(votes[v])) c.set(votes[v], c.get(votes[v])! + 1);
  const top = Math.max(...c.values());
  return options.filter((o) => c.get(o) === top);
}

/**
 * The ballot and its tie: the slips (most votes wins; in Haole, where the slips are the powers',
 * the natives' own slips break a tie), then on an even split the kamaainas decide among themselves
 * ("if ballots for the setup are evenly divided, the kamaainas decide among themselves which setup
 * to use"), then, if they stay tied, the moderator. Never the seed.
 */
function tallyBallot(state: DiplomacyState, subs: Record<string, DiplomacySubmission>, phases: PhaseResult[]): DiplomacyState {
  const ballot = state.ballot!;
  const p = state.phase as BallotPhase;
  const label = phaseLabel(p);
  const haoles = state.haoles ?? [];
  const anonymous = ballot.voters ? { anonymous: true as const } : {};
  if (p.stage === 'moderator') {
    const choice = subs[MODERATOR_DECISION]?.vote;
    // Without the moderator's decision the game keeps waiting (the service never asks for it).
    if (!choice || !ballot.tied?.includes(choice)) return state;
    phases.push({ phase: label, type: 'ballot', orders: [], ballot: { votes: ballot.votes ?? {}, winner: choice, haoles, stage: p.stage, decidedBy: 'moderator', ...anonymous } });
    return placeNatives(state, { ...ballot, winner: choice, decidedBy: 'moderator' });
  }
  if (p.stage === 'natives') {
    const tied = ballot.tied ?? [];
    const nativeVotes = votesOf(natives(state), tied, subs);
    const best = mostVoted(tied, nativeVotes, natives(state));
    const next: Ballot = { ...ballot, nativeVotes, ...(best.length === 1 ? { winner: best[0], decidedBy: 'natives' as const } : { tied: best }) };
    phases.push({ phase: label, type: 'ballot', orders: [], ballot: { votes: ballot.votes ?? {}, nativeVotes, haoles, stage: p.stage, ...(best.length === 1 ? { winner: best[0], decidedBy: 'natives' as const } : { tied: best }), ...anonymous } });
    if (best.length === 1) return placeNatives(state, next);
    return { ...state, seq: state.seq + 1, phase: { ...p, stage: 'moderator' }, ballot: next };
  }
  const options = ballot.options;
  const voters = ballot.voters ?? state.powers;
  const votes = votesOf(voters, options, subs);
  let best = mostVoted(options, votes, voters);
  if (best.length > 1 && !ballot.voters) best = mostVoted(best, votes, natives(state));
  if (best.length > 1) {
    phases.push({ phase: label, type: 'ballot', orders: [], ballot: { votes, tied: best, haoles, ...anonymous } });
    return { ...state, seq: state.seq + 1, phase: { ...p, stage: 'natives' }, ballot: { ...ballot, votes, tied: best } };
  }
  phases.push({ phase: label, type: 'ballot', orders: [], ballot: { votes, winner: best[0], haoles, ...anonymous } });
  return placeNatives(state, { ...ballot, votes, winner: best[0] });
}

/** The setup is decided: the natives take the winning scenario's positions (still hidden from the haoles). */
function placeNatives(state: DiplomacyState, ballot: Ballot): DiplomacyState {
  const winner = ballot.winner!;
  const full = scenarioWithBallot(state.scenario, winner);
  const placed = full.powers.filter((p) => p.kind === 'native');
  const supplyCenters: Record<string, string> = {};
  for (const p of placed) for (const h of p.heiaus) supplyCenters[h] = p.name;
  const { tied: _tied, ...settled } = ballot;
  return {
    ...state,
    seq: state.seq + 1,
    phase: { season: 'spring', year: state.phase.year, type: 'movement' },
    units: [...placed.flatMap((p) => p.units.map((u) => ({ power: p.name, ...u }))), ...state.units],
    supplyCenters,
    ballot: settled,
  };
}

function changes(before: Record<string, string>, after: Record<string, string>): Record<string, [string | null, string]> {
  const out: Record<string, [string | null, string]> = {};
  for (const [p, owner] of Object.entries(after)) if (before[p] !== owner) out[p] = [before[p] ?? null, owner];
  return out;
}

/** Heiaus a power controls, for victory (trading posts are not heiaus; docs/heiau-map.md). */
export function victoryCenters(variant: Variant, state: Pick<DiplomacyState, 'supplyCenters'>): Record<string, number> {
  const count: Record<string, number> = {};
  for (const [p, owner] of Object.entries(state.supplyCenters)) {
    if (!variant.map.province(p)?.supplyCenter && !variant.rules.tradingPostsCountForVictory) continue;
    count[owner] = (count[owner] ?? 0) + 1;
  }
  return count;
}

function judgeVictory(variant: Variant, state: DiplomacyState): Outcome | null {
  const count = victoryCenters(variant, state);
  const winners = Object.entries(count).filter(([, n]) => n >= variant.rules.victoryCenters);
  if (!winners.length) return null;
  winners.sort((a, b) => b[1] - a[1]);
  const [power, n] = winners[0];
  const what = state.variant === 'heiau' ? 'heiaus' : 'supply centres';
  return { kind: 'victory', winners: [power], text: `${power} controls ${n} ${what} at the end of Fall ${state.phase.year} and wins.` };
}

function lastPowerStanding(state: DiplomacyState): Outcome | null {
  const alive = state.powers.filter((p) => state.units.some((u) => u.power === p) || Object.values(state.supplyCenters).includes(p));
  if (alive.length === 1 && state.powers.length > 1)
    return { kind: 'victory', winners: alive, text: `${alive[0]} is the last power standing and wins.` };
  return null;
}

/** Whether this reader may see the native powers' position (Haole fog). */
function seesNatives(state: DiplomacyState, viewer: Viewer): boolean {
  if (!state.hidden) return true;
  if (viewer.kind === 'moderator') return true;
  if (viewer.kind === 'observer') return false;
  return !state.haoles?.includes(viewer.role);
}

function visibleUnits(state: DiplomacyState, viewer: Viewer): Unit[] {
  if (seesNatives(state, viewer)) return state.units;
  return state.units.filter((u) => state.haoles?.includes(u.power));
}

function view(state: DiplomacyState, viewer: Viewer) {
  const variant = variantOf(state);
  const sees = seesNatives(state, viewer);
  const units = visibleUnits(state, viewer);
  const supplyCenters = sees ? state.supplyCenters : {};
  const centers: Record<string, number> = {};
  for (const owner of Object.values(supplyCenters)) centers[owner] = (centers[owner] ?? 0) + 1;
  const p = state.phase;
  const base = {
    variant: state.variant,
    scenario: state.scenario,
    phase: phaseLabel(p),
    phaseType: p.type,
    powers: state.powers,
    units,
    supplyCenters,
    centerCounts: centers,
    ...(state.tradingPosts && Object.keys(state.tradingPosts).length ? { tradingPosts: sees ? state.tradingPosts : {} } : {}),
    victoryCenters: variant.rules.victoryCenters,
    ...(state.haoles ? { haoles: state.haoles } : {}),
    ...(state.hidden && !sees ? { hidden: 'The native powers’ position is revealed once the first Spring orders are in.' } : {}),
    ...(state.ballot ? { ballot: ballotView(state, sees) } : {}),
    outcome: state.outcome ?? null,
  };
  if (p.type === 'retreat') {
    const options = retreatsOf(variant, { units: state.units, dislodged: state.dislodged ?? [], contested: state.contested });
    return { ...base, dislodged: (state.dislodged ?? []).map((d, i) => ({ ...d, retreats: options[i] })) };
  }
  if (p.type === 'adjustment') {
    const due = adjustmentsDue(variant, state);
    const adjustments: Record<string, { due: number; buildSites?: string[] }> = {};
    for (const power of state.powers) {
      const n = due[power] ?? 0;
      if (n === 0) continue;
      adjustments[power] = n > 0 ? { due: n, buildSites: buildSites(variant, state, power) } : { due: n };
    }
    return { ...base, adjustments };
  }
  return base;
}

/** What a power may order now, worked out on the board as that power sees it (Haole fog included). */
function options(state: DiplomacyState, role: string) {
  const p = state.phase;
  if (p.type === 'ballot') {
    const votes = (expectedRoles(state).includes(role) ? ballotChoices(state) : []).map((o) => ({ kind: 'vote', order: `VOTE ${heiauScenario(o).name}`, text: `VOTE ${heiauScenario(o).name}` }));
    return { phase: 'ballot' as const, units: [], votes };
  }
  const seen = view(state, { kind: 'player', role });
  return orderOptions(variantOf(state), { phase: p, units: seen.units, dislodged: p.type === 'retreat' ? state.dislodged : undefined, contested: state.contested, supplyCenters: state.supplyCenters, tradingPosts: state.tradingPosts }, role);
}

function unitText(variant: Variant, u: Unit): string {
  const l = variant.map.location(u.location);
  const p = variant.map.provinceOf(u.location);
  return `${u.type} ${p ? p.name : u.location}${l?.coast ? ` (${l.coast})` : ''}`;
}

function formatPosition(state: DiplomacyState, viewer: Viewer): string {
  const variant = variantOf(state);
  const v = view(state, viewer) as ReturnType<typeof view> & { dislodged?: DislodgedUnit[]; adjustments?: Record<string, { due: number; buildSites?: string[] }> };
  const lines: string[] = [`Position before ${v.phase}:`];
  if (v.hidden) lines.push(v.hidden);
  for (const power of state.powers) {
    const units = v.units.filter((u) => u.power === power);
    const owned = Object.entries(v.supplyCenters).filter(([, o]) => o === power).map(([p]) => variant.map.province(p)?.name ?? p);
    if (!units.length && !owned.length) continue;
    lines.push(`  ${power}: ${units.map((u) => unitText(variant, u)).join(', ') || 'no units'}`);
    lines.push(`    ${state.variant === 'heiau' ? 'heiaus' : 'centres'} (${owned.length}): ${owned.sort().join(', ') || 'none'}`);
  }
  const name = (at: string) => placeName(variant.map, at);
  for (const d of v.dislodged ?? []) lines.push(`  Dislodged: ${d.power} ${unitText(variant, d)}; may retreat to ${d.retreats?.map(name).join(', ') || 'nowhere (destroyed)'}`);
  for (const [power, a] of Object.entries(v.adjustments ?? {}))
    lines.push(`  ${power}: ${a.due > 0 ? `${a.due} build${a.due > 1 ? 's' : ''} (${a.buildSites?.map(name).join(', ') || `no free ${state.variant === 'heiau' ? 'heiau' : 'centre'}`})` : `${-a.due} disband${a.due < -1 ? 's' : ''}`}`);
  return lines.join('\n');
}

/** What a reader sees of the ballot in the view: the options, and the rest once it may. */
function ballotView(state: DiplomacyState, sees: boolean) {
  const b = state.ballot!;
  if (!sees) return { options: b.options };
  return {
    options: b.options,
    ...(b.winner ? { winner: b.winner } : {}),
    ...(b.tied && state.phase.type === 'ballot' ? { tied: b.tied } : {}),
  };
}

const setupName = (id: string) => heiauScenario(id).name;

/** Votes by power, in the order the setups list their powers (stored JSON keeps no order). */
function byPowerText(votes: Record<string, string>, b: BallotResult): string {
  const order = heiauScenario(b.winner ?? b.tied?.[0] ?? Object.values(votes)[0] ?? 'heart').powers.map((p) => p.name);
  const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : order.length);
  return Object.entries(votes).sort(([x], [y]) => rank(x) - rank(y) || x.localeCompare(y)).map(([p, v]) => `${p} ${setupName(v)}`).join(', ');
}

function slipsText(b: BallotResult): string {
  if (b.anonymous) {
    // Two Haoles: slips cast before the powers were dealt say nothing of who wrote them.
    const counts = new Map<string, number>();
    for (const v of Object.values(b.votes)) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort(([a], [c]) => a.localeCompare(c)).map(([o, n]) => `${setupName(o)} ${n}`).join(', ') || 'none';
  }
  return byPowerText(b.votes, b) || 'none';
}

function ballotText(b: BallotResult, stage?: BallotPhase['stage']): string {
  const decision = b.nativeVotes ? `; the kamaainas' decision: ${byPowerText(b.nativeVotes, b) || 'no votes'}` : '';
  if (!b.winner) {
    const tied = (b.tied ?? []).map(setupName).join(' and ');
    return stage === 'natives'
      ? `  The kamaainas remain divided between ${tied}${decision}; the moderator decides.`
      : `  The ballots are evenly divided between ${tied} (votes: ${slipsText(b)}); the kamaainas decide among themselves.`;
  }
  const by = b.decidedBy === 'moderator' ? ', as the moderator decided' : b.decidedBy === 'natives' ? ', as the kamaainas decided' : '';
  return `  The natives start as in ${setupName(b.winner)}${by} (votes: ${slipsText(b)}${decision}).`;
}

function formatReport(report: DiplomacyReport, viewer: Viewer): string {
  const variant = variantOf(report);
  const lines: string[] = [];
  for (const ph of report.phases) {
    lines.push(`${ph.phase}`);
    if (ph.ballot) {
      // The ballot stays secret from the haoles (and observers) until the first Spring orders are in.
      const secret = viewer.kind === 'observer' || (viewer.kind === 'player' && ph.ballot.haoles.includes(viewer.role));
      lines.push(secret ? '  The natives have counted the ballots; the haoles learn the result after the first Spring orders.' : ballotText(ph.ballot, ph.ballot.stage));
      continue;
    }
    if (ph.revealedBallot) lines.push(`  Revealed: ${ballotText(ph.revealedBallot).trim()}`);
    const byPower = new Map<string, OrderReport[]>();
    for (const o of ph.orders) byPower.set(o.power, [...(byPower.get(o.power) ?? []), o]);
    for (const [power, orders] of byPower) {
      lines.push(`  ${power}:`);
      for (const o of orders) {
        const mark = o.result === 'succeeds' ? '' : `  [${o.result}${o.reason ? `: ${o.reason}` : ''}]`;
        lines.push(`    ${o.reading ? readingWithNames(variant.map, o.reading) : o.text}${mark}`);
      }
    }
    if (!ph.orders.length) lines.push('  (no orders)');
    for (const d of ph.dislodged ?? [])
      lines.push(
        `  Dislodged: ${d.power} ${unitText(variant, d)} (attacked from ${placeName(variant.map, d.attackerFrom)}); ` +
          `may retreat to ${d.retreats?.map((r) => placeName(variant.map, r)).join(', ') || 'nowhere: destroyed'}`,
      );
    for (const u of ph.disbanded ?? []) lines.push(`  Removed: ${u.power} ${unitText(variant, u)}`);
    for (const [p, [from, to]] of Object.entries(ph.captured ?? {})) lines.push(`  ${placeName(variant.map, p)}: ${from ?? 'unowned'} -> ${to}`);
  }
  if (report.outcome) lines.push('', report.outcome.text);
  return lines.join('\n');
}

export const standardDiplomacy = makeModule('standard');
export const heiauDiplomacy = makeModule('heiau');

export type { PhaseOutput };
