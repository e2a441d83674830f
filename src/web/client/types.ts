// The shapes the page reads: the API's answers (generated types), and where the API declares a
// game's own data as open objects (a game's view and options), the engines' types (type imports
// only: nothing of the engines is bundled).
import type { Reply } from './api.ts';
import type { DiplomacyOptions, OrderOption, UnitOptions } from '../../diplomacy/options.ts';
import type { Choices } from '../../hand-of-destiny/choices.ts';
import type { viewState } from '../../hand-of-destiny/view.ts';
import type { MaoriWarsView } from '../../games/maori-wars.ts';

export type Game = Reply<'get', '/games/{gameId}'>;
export type { OrderOption, UnitOptions, MaoriWarsView };
export type Hawaii1795View = ReturnType<typeof viewState>;
/** Aloha's view as far as the page reads it: the decision, the face-up Event cards, each player's queued actions (a player sees only their own). */
export interface AlohaView {
  queued?: Record<string, string[]> | null;
  turn: { role: string; decision: string; to: string } | null;
  events: { number: number; title: string; active: string[]; impacts: string; calamity: string | null }[];
  islands: { island: string; pureHawaiian: Record<string, number>; actionTokens: Record<string, number> }[];
}

/** An action offered one at a time (Aloha) or as a line of a turn (Maori Wars: with the hexes of a move or an attack). */
export interface OfferedAction {
  kind: string;
  text: string;
  from?: string[];
  to?: string;
  action?: AlohaAction;
}
/** Aloha: the engine's action object of an offered action, as the options give it. */
export interface AlohaAction {
  kind: string;
  island?: string;
  count?: number;
  from?: string;
  to?: string;
  card?: number;
  /** An Epilogue conversion: its steps (`from` ph, aloha or commerce; `to` aloha, commerce or homeRule). */
  steps?: { count: number; from: string; to: string; island?: string }[];
}

/** The options of one player, whatever the game (each game fills in its own fields). */
export type PlayerOptions = Partial<DiplomacyOptions> &
  Partial<Pick<Choices, 'yourTurn'>> & {
    actions?: OfferedAction[];
    waitingFor?: string | null;
    standing?: { kind: string; text: string }[];
  };

/** The game's view as its engine makes it: the API declares it an open object. */
export function viewOf<V>(g: Game): Partial<V> | null {
  return g.view as Partial<V> | null;
}

export function optionsOf(reply: Reply<'get', '/games/{gameId}/options'> | null): PlayerOptions | undefined {
  return reply?.options as PlayerOptions | undefined;
}
