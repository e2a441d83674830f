// The phase sequence: who is expected to order, the board of a phase, and one step (movement,
// retreats, adjustments; a phase with no choice is played at once), with the victory check.
import { adjustmentsDue, buildSites } from '../adjudicator/adjustment.ts';
import { adjudicate } from '../adjudicator/index.ts';
import { retreatsOf } from '../adjudicator/retreat.ts';
import type { Phase } from '../types.ts';
import { natives, tallyBallot } from './ballot.ts';
import { type DiplomacyState, type DiplomacySubmission, type PhaseResult, phaseLabel, variantOf } from './state.ts';
import { judgeVictory, lastPowerStanding } from './victory.ts';
export function expectedRoles(state: DiplomacyState): string[] {
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
    const options = retreatsOf(variant, {
      units: state.units,
      dislodged: state.dislodged ?? [],
      contested: state.contested,
    });
    return state.powers.filter((r) => (state.dislodged ?? []).some((d, i) => d.power === r && options[i].length > 0));
  }
  const due = adjustmentsDue(variant, state);
  return state.powers.filter((r) => {
    const n = due[r] ?? 0;
    return n < 0 || (n > 0 && buildSites(variant, state, r).length > 0);
  });
}

/** The board of a phase, as the adjudicator takes it. */
export function position(state: DiplomacyState, phase: Phase) {
  const { units, dislodged, contested, supplyCenters, tradingPosts } = state;
  return { phase, units, dislodged, contested, supplyCenters, tradingPosts };
}

/** Play the current phase with these submissions; append its result. */
export function step(
  state: DiplomacyState,
  subs: Record<string, DiplomacySubmission>,
  phases: PhaseResult[],
): DiplomacyState {
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
      votes: b.votes ?? {},
      winner: b.winner!,
      ...(b.nativeVotes ? { nativeVotes: b.nativeVotes } : {}),
      ...(b.decidedBy ? { decidedBy: b.decidedBy } : {}),
      ...(b.voters ? { anonymous: true } : {}),
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

export function changes(
  before: Record<string, string>,
  after: Record<string, string>,
): Record<string, [string | null, string]> {
  const out: Record<string, [string | null, string]> = {};
  for (const [p, owner] of Object.entries(after)) if (before[p] !== owner) out[p] = [before[p] ?? null, owner];
  return out;
}
