// The Aloha state: plain JSON, with the accessors every part of the engine reads (who decides
// now, the cards, the tokens on the board), below the action kinds and the stages that change it.
import type { Action } from './actions/types.ts';
import { ALOHA, ISLANDS, type AlohaData, type EventCard, type Island, type Resource } from './data.ts';
import type { RandomState } from '../contract/random.ts';

export type Stage = 'prologue' | 'chapter1' | 'chapter2' | 'chapter3' | 'epilogue' | 'over';
export type DecisionKind = 'settle' | 'action' | 'king' | 'convert';

export interface PlayerState {
  score: number;
  /** Pure Hawaiian tokens not on the board. */
  pool: number;
  aloha: number;
  commerce: number;
  warriors: number;
  homeRule: number;
  /** Royal Family (and Governor) cards held, by id. */
  cards: string[];
}

/** One action given in advance, with the line its player wrote. */
export interface QueuedAction {
  action: Action;
  text: string;
}

/**
 * What a player submits for a phase: the action now (the deciding player), or with the actions
 * for that player's next decisions queued behind it (any player: `now` is null for one who waits).
 */
export type AlohaSubmission = Action | { kind: 'queue'; now: Action | null; queued: QueuedAction[] };

/** At most this many actions may be queued: a player never has more Action tokens in a chapter. */
export const MAX_QUEUED = 15;

export interface AlohaState {
  game: 'aloha';
  seed: string;
  rng: RandomState;
  /** A moderator's replacement components; absent: the shipped (unofficial) ones. */
  data?: AlohaData;
  /** Players in clockwise order, starting with the randomly drawn first player. */
  roles: string[];
  stage: Stage;
  decision: DecisionKind | null;
  /** Who decides now (the head) and, for the Prologue and Epilogue, who follows. */
  queue: string[];
  players: Record<string, PlayerState>;
  /** Pure Hawaiian tokens per island per player. */
  board: Record<Island, Record<string, number>>;
  /** Action tokens per island per player. */
  actionTokens: Record<Island, Record<string, number>>;
  /** The King (Queen from Chapter III) token's holder. */
  king: string | null;
  faceUp: string[];
  deck: string[];
  discard: string[];
  /** The chapter's turn order, and where in it the last action was. */
  order: string[];
  cursor: number;
  /** Who played first in the last round: the last tie breaker of the turn order. */
  firstLast: string | null;
  /** Decisions made so far (numbers the phases). */
  seq: number;
  result: { kind: 'victory' | 'tie'; winners: string[]; text: string } | null;
  /** Actions given in advance, per player, applied at that player's next decisions while nothing else has happened (docs/aloha.md). */
  queued?: Record<string, QueuedAction[]>;
  /** Every score change with its reason, so that a score can be checked against the Scoring Chart. */
  scoreLog: { role: string; points: number; why: string }[];
}

export const STAGE_NAMES: Record<Stage, string> = {
  prologue: 'Prologue',
  chapter1: 'Chapter I',
  chapter2: 'Chapter II',
  chapter3: 'Chapter III',
  epilogue: 'Epilogue',
  over: 'Game over',
};
export const RESOURCE_NAMES: Record<Resource, string> = {
  ph: 'Pure Hawaiian',
  aloha: 'Aloha',
  commerce: 'Commerce',
  warriors: 'Warrior',
  homeRule: 'Home Rule',
};
export const ROLES = ['Red', 'Yellow', 'Green', 'Blue'];

export const dataOf = (s: AlohaState): AlohaData => s.data ?? ALOHA;
export const cardById = (s: AlohaState, id: string): EventCard => dataOf(s).events.find((e) => e.id === id)!;
export const royalCard = (s: AlohaState, id: string) => dataOf(s).royalCards.find((c) => c.id === id)!;
export const onBoard = (s: AlohaState, role: string) => ISLANDS.reduce((n, i) => n + (s.board[i][role] ?? 0), 0);
export const tokensOf = (s: AlohaState, role: string) =>
  ISLANDS.reduce((n, i) => n + (s.actionTokens[i][role] ?? 0), 0);
export const chapterNo = (stage: Stage) =>
  stage === 'chapter1' ? 1 : stage === 'chapter2' ? 2 : stage === 'chapter3' ? 3 : 0;

export const current = (s: AlohaState): { role: string; decision: DecisionKind } | null =>
  s.decision && s.queue.length ? { role: s.queue[0]!, decision: s.decision } : null;
export const decisionVerb = (d: DecisionKind) =>
  d === 'settle'
    ? 'choose an island to settle'
    : d === 'king'
      ? 'place the King token'
      : d === 'convert'
        ? 'convert resources (or pass)'
        : 'take an action';
