// Heiau's Haole scenarios: the native powers' setup is voted among the 4-player scenarios, the
// slips tallied (ties to the natives, then the moderator), and the winner's natives placed.
import { MODERATOR_DECISION } from '../../contract/types.ts';
import { heiauScenario, scenarioWithBallot } from '../variants/scenarios.ts';
import {
  type Ballot,
  type BallotPhase,
  type BallotResult,
  type DiplomacyState,
  type DiplomacySubmission,
  type PhaseResult,
  phaseLabel,
} from './state.ts';
export function awaitsModerator(state: DiplomacyState): boolean {
  return state.phase.type === 'ballot' && state.phase.stage === 'moderator';
}

/** The native powers of a ballot scenario (those who count the slips and settle a tie). */
export function natives(state: DiplomacyState): string[] {
  return state.powers.filter((p) => !state.haoles?.includes(p));
}

/** The options open in the current ballot stage: all of them, or those left tied. */
export function ballotChoices(state: DiplomacyState): string[] {
  const p = state.phase;
  return p.type === 'ballot' && p.stage ? (state.ballot?.tied ?? []) : (state.ballot?.options ?? []);
}

export function votesOf(
  voters: string[],
  options: string[],
  subs: Record<string, DiplomacySubmission>,
): Record<string, string> {
  const votes: Record<string, string> = {};
  for (const v of voters) if (subs[v]?.vote && options.includes(subs[v].vote!)) votes[v] = subs[v].vote!;
  return votes;
}

/** The options with the most votes among `voters` (all of `options` when nobody voted). */
export function mostVoted(options: string[], votes: Record<string, string>, voters: string[]): string[] {
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
export function tallyBallot(
  state: DiplomacyState,
  subs: Record<string, DiplomacySubmission>,
  phases: PhaseResult[],
): DiplomacyState {
  const ballot = state.ballot!;
  const p = state.phase as BallotPhase;
  const label = phaseLabel(p);
  const haoles = state.haoles ?? [];
  const anonymous = ballot.voters ? { anonymous: true as const } : {};
  if (p.stage === 'moderator') {
    const choice = subs[MODERATOR_DECISION]?.vote;
    // Without the moderator's decision the game keeps waiting (the service never asks for it).
    if (!choice || !ballot.tied?.includes(choice)) return state;
    phases.push({
      phase: label,
      type: 'ballot',
      orders: [],
      ballot: {
        votes: ballot.votes ?? {},
        winner: choice,
        haoles,
        stage: p.stage,
        decidedBy: 'moderator',
        ...anonymous,
      },
    });
    return placeNatives(state, { ...ballot, winner: choice, decidedBy: 'moderator' });
  }
  if (p.stage === 'natives') {
    const tied = ballot.tied ?? [];
    const nativeVotes = votesOf(natives(state), tied, subs);
    const best = mostVoted(tied, nativeVotes, natives(state));
    const next: Ballot = {
      ...ballot,
      nativeVotes,
      ...(best.length === 1 ? { winner: best[0], decidedBy: 'natives' as const } : { tied: best }),
    };
    phases.push({
      phase: label,
      type: 'ballot',
      orders: [],
      ballot: {
        votes: ballot.votes ?? {},
        nativeVotes,
        haoles,
        stage: p.stage,
        ...(best.length === 1 ? { winner: best[0], decidedBy: 'natives' as const } : { tied: best }),
        ...anonymous,
      },
    });
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
    return {
      ...state,
      seq: state.seq + 1,
      phase: { ...p, stage: 'natives' },
      ballot: { ...ballot, votes, tied: best },
    };
  }
  phases.push({ phase: label, type: 'ballot', orders: [], ballot: { votes, winner: best[0], haoles, ...anonymous } });
  return placeNatives(state, { ...ballot, votes, winner: best[0] });
}

/** The setup is decided: the natives take the winning scenario's positions (still hidden from the haoles). */
export function placeNatives(state: DiplomacyState, ballot: Ballot): DiplomacyState {
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

/** What a reader sees of the ballot in the view: the options, and the rest once it may. */
export function ballotView(state: DiplomacyState, sees: boolean) {
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
export function byPowerText(votes: Record<string, string>, b: BallotResult): string {
  const order = heiauScenario(b.winner ?? b.tied?.[0] ?? Object.values(votes)[0] ?? 'heart').powers.map((p) => p.name);
  const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : order.length);
  return Object.entries(votes)
    .sort(([x], [y]) => rank(x) - rank(y) || x.localeCompare(y))
    .map(([p, v]) => `${p} ${setupName(v)}`)
    .join(', ');
}

export function slipsText(b: BallotResult): string {
  if (b.anonymous) {
    // Two Haoles: slips cast before the powers were dealt say nothing of who wrote them.
    const counts = new Map<string, number>();
    for (const v of Object.values(b.votes)) counts.set(v, (counts.get(v) ?? 0) + 1);
    return (
      [...counts]
        .sort(([a], [c]) => a.localeCompare(c))
        .map(([o, n]) => `${setupName(o)} ${n}`)
        .join(', ') || 'none'
    );
  }
  return byPowerText(b.votes, b) || 'none';
}

export function ballotText(b: BallotResult, stage?: BallotPhase['stage']): string {
  const decision = b.nativeVotes ? `; the kamaainas' decision: ${byPowerText(b.nativeVotes, b) || 'no votes'}` : '';
  if (!b.winner) {
    const tied = (b.tied ?? []).map(setupName).join(' and ');
    return stage === 'natives'
      ? `  The kamaainas remain divided between ${tied}${decision}; the moderator decides.`
      : `  The ballots are evenly divided between ${tied} (votes: ${slipsText(b)}); the kamaainas decide among themselves.`;
  }
  const by =
    b.decidedBy === 'moderator'
      ? ', as the moderator decided'
      : b.decidedBy === 'natives'
        ? ', as the kamaainas decided'
        : '';
  return `  The natives start as in ${setupName(b.winner)}${by} (votes: ${slipsText(b)}${decision}).`;
}
