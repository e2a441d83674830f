// The state of a Diplomacy game as the judge keeps it: the position, the phase, the Haole
// scenarios' ballot, and each phase's result. Labels people read.
import type { Outcome, PhaseInfo } from '../../contract/types.ts';
import type { OrderReport } from '../adjudicator/index.ts';
import type { DislodgedUnit, Phase, Unit } from '../types.ts';
import { getVariant } from '../variants/index.ts';
import type { Variant } from '../variants/variant.ts';
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

export interface BallotPhase {
  type: 'ballot';
  season: 'spring';
  year: number;
  stage?: 'natives' | 'moderator';
}

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
const TYPE: Record<string, string> = {
  movement: 'Movement',
  retreat: 'Retreats',
  adjustment: 'Adjustments',
  ballot: 'Ballot',
};
export const CODE: Record<string, string> = {
  spring: 'S',
  fall: 'F',
  winter: 'W',
  movement: 'M',
  retreat: 'R',
  adjustment: 'A',
  ballot: 'B',
};

export function phaseLabel(phase: DiplomacyState['phase']): string {
  if (phase.type === 'ballot')
    return phase.stage === 'natives'
      ? 'Kamaainas’ decision on the setup'
      : phase.stage === 'moderator'
        ? 'Moderator’s decision on the setup'
        : 'Ballot for the natives’ setup';
  return `${SEASON[phase.season]} ${phase.year} ${TYPE[phase.type]}`;
}

export function variantOf(state: { variant: string }): Variant {
  const v = getVariant(state.variant);
  if (!v) throw new Error(`unknown variant ${state.variant}`);
  return v;
}
