// What the service needs from a game: the contract between the pure engines and the judge.
// Modelled on Rally the Troops' rules modules: state is plain JSON, every function is pure,
// and all randomness comes from the seed carried in the state.

/** A reader of a game: one of the game's roles (a power, a side), the moderator, or an observer. */
export type Viewer = { kind: 'player'; role: string } | { kind: 'moderator' } | { kind: 'observer' };

export interface PhaseInfo {
  /** Stable, unique within the game, sortable by play order, e.g. '0001-S1901M'. */
  key: string;
  /** For people: 'Spring 1901 Movement', 'March 1795, Kamehameha'. */
  label: string;
  /** Picks the deadline length of the game's deadline policy. */
  type: 'movement' | 'retreat' | 'adjustment' | 'turn' | 'ballot';
  /** Heiau's "longer each year": the game year (1, 2, ...) when the game has one. */
  year?: number;
  /**
   * The phase waits for the moderator's decision (submitted as MODERATOR_DECISION): no role is
   * expected, it has no deadline and is never played by itself (Heiau's Two Haoles: a setup the
   * natives left tied).
   */
  moderatorDecides?: boolean;
}

/** The role under which the moderator's decision is submitted in a phase that waits for it. */
export const MODERATOR_DECISION = '@moderator';

/** How one submitted line was read. */
export interface ReadLine {
  /** 1-based line number within the submission. */
  line: number;
  text: string;
  ok: boolean;
  /** The order as the judge understood it, in the rulebook's notation. */
  reading?: string;
  /** Why the line was rejected: names the word that could not be read. */
  error?: string;
}

export interface ReadResult {
  lines: ReadLine[];
  /** The accepted part of the submission, stored as JSON and handed to resolve(). */
  accepted: unknown;
}

export interface Outcome {
  kind: 'victory' | 'draw' | 'tie';
  winners: string[];
  text: string;
}

export interface ResolveResult<S> {
  state: S;
  /** Stored with the phase; rendered per viewer by formatReport. */
  report: unknown;
}

export interface ScenarioInfo {
  id: string;
  name: string;
  /** Roles the players take (powers, sides). */
  roles: string[];
  /** How the rulebook names a role whose id is not its name (Hawaii 1795: `allied-chiefs` is "Allied Chiefs"). */
  roleNames?: Record<string, string>;
}

export interface GameModule<S = unknown> {
  id: string;
  name: string;
  scenarios: ScenarioInfo[];
  /** A new game. `options` are the game's settings for this engine (validated by the engine). */
  setup(seed: string, scenario: string, options?: Record<string, unknown>): S;
  phase(state: S): PhaseInfo;
  /**
   * Optional: the seats players hold in this state when they are not (yet) the scenario's roles
   * (Heiau's Two Haoles: 'Voter 1'... on the ballot, cast before the powers are dealt). The service
   * seats the players on them at the start and deals the scenario's roles once a resolved state has
   * none. Null or absent: the players hold the scenario's roles.
   */
  seats?(state: S): string[] | null;
  /** Roles that have something to decide in the current phase; the others are ready by themselves. */
  expectedRoles(state: S): string[];
  /** Read a role's submission for the current phase. Never throws on bad input. */
  readSubmission(state: S, role: string, lines: string[]): ReadResult;
  /**
   * Resolve the current phase. `submissions` holds the accepted part of each role's last
   * submission; a role without one gets the game's default (units hold, civil disorder...).
   */
  resolve(state: S, submissions: Record<string, unknown>): ResolveResult<S>;
  /** What a viewer may see of the state. API responses and emails both go through it. */
  view(state: S, viewer: Viewer): unknown;
  /** A phase report as text for a viewer, in the rulebook's notation. */
  formatReport(report: unknown, viewer: Viewer): string;
  /** The position as text for a viewer (for emails). */
  formatPosition(state: S, viewer: Viewer): string;
  /** Whether the game is over, as the engine judges it. */
  outcome(state: S): Outcome | null;
  /** Optional: the roles still in the game (a draw needs their votes). Absent: every role. */
  survivors?(state: S): string[];
  /**
   * Optional: everything `role` may do now, each with the text the order reader accepts, worked
   * out from what that role may see (forms, clickable maps, random players).
   */
  options?(state: S, role: string): unknown;
  /**
   * Optional: a line of a role's submission that stays with its author and the moderator even
   * once the phase is resolved, until the game ends (Hawaii 1795's whole turn, hidden by the fog
   * of war; standing instructions; Aloha's queue). Other readers of the history do not see it, nor
   * the receipt of a submission it is part of (src/service/privacy.ts `submissionFor`). Without it
   * every line is shown once resolved.
   */
  isPrivateLine?(line: ReadLine): boolean;
  /**
   * Optional: for a role that is not expected in the current phase, what it may still send
   * (Hawaii 1795: standing instructions during the other player's turn), as one sentence without
   * a full stop, for the mail and STATUS of that player. Null or absent: it has nothing to send.
   */
  waitingNote?(state: S, role: string): string | null;
  /**
   * Optional: a game taken over from another judge. `state` (the scenario's set-up) at the given
   * position, in the game's own format for one (Diplomacy: docs/contracts/adjudicate.md without
   * orders). Throws a DataError naming each field at fault. Absent: a game starts at its set-up.
   */
  fromPosition?(state: S, position: unknown): S;
  /**
   * Optional: every phase is one decision of the player who makes it (Aloha, played turn by
   * turn). Sending the decision completes it: the submission marks its sender ready, with no
   * separate Ready, unless it says `ready: false` (src/service/orders.ts, docs/service-rules.md).
   */
  decisionPhases?: boolean;
}
