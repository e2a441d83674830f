// Hawaii 1795 for the judge: the Hand of Destiny engine behind the GameModule contract.
// One phase is one player turn (Kamehameha, then the Allied Chiefs, each month); the player
// whose turn it is submits after seeing the card drawn for it. The other player may send
// STANDING lines at any time; they are applied when the turn resolves (or at once through
// setStandingInstructions).
import {
  checkState,
  cloneState,
  formatPositionText,
  formatReportText,
  Game,
  type HodState,
  legalChoices,
  phaseKey,
  readTurn,
  resolveTurn,
  setupGame,
  type Submission,
  type TurnReport,
  viewState,
} from '../hand-of-destiny/index.ts';
import { builtInScenario } from '../hand-of-destiny/scenarios/index.ts';
import { applyStanding } from '../hand-of-destiny/standing.ts';
import type { GameModule, ReadLine, Viewer } from '../contract/types.ts';

const ROLES = ['kamehameha', 'allied-chiefs'];
/** The sides as the rulebook names them, for every text a person reads. */
const ROLE_NAMES = Object.fromEntries(builtInScenario('hawaii-1795').sides.map((s) => [s.id, s.name]));
const SCENARIO = 'hawaii-1795';

/** 'long', 'short', 'hawaii-1795', 'hawaii-1795-short', 'hawaii-1795/short' -> set-up id. */
function setupOf(scenario: string): string {
  const s = scenario.trim().toLowerCase();
  if (s === '' || s === SCENARIO) return 'long';
  const m = /^(?:hawaii-?1795[-/:])?(long|short)$/.exec(s);
  if (!m) throw new Error(`unknown Hawaii 1795 scenario '${scenario}': use 'long' or 'short'`);
  return m[1]!;
}

export const hawaii1795: GameModule<HodState> = {
  id: 'hawaii1795',
  name: 'Hawaii 1795',
  scenarios: [
    { id: 'long', name: 'Hawaii 1795, long game (January-November 1795)', roles: ROLES, roleNames: ROLE_NAMES },
    { id: 'short', name: 'Hawaii 1795, short game (March-November 1795)', roles: ROLES, roleNames: ROLE_NAMES },
  ],
  setup(seed, scenario, options) {
    return setupGame(seed, SCENARIO, setupOf(scenario), options ?? {});
  },
  phase(state) {
    const g = new Game(state);
    if (state.outcome)
      return {
        key: `${String(state.scenario.turns.labels.length + 1).padStart(2, '0')}-end`,
        label: 'Game over',
        type: 'turn',
      };
    return { key: phaseKey(state), label: `${g.turnLabel()}, ${g.sideName(state.side)}`, type: 'turn' };
  },
  expectedRoles(state) {
    return state.outcome ? [] : [state.side];
  },
  readSubmission(state, role, lines) {
    const r = readTurn(state, role, lines);
    return { lines: r.lines, accepted: r.accepted };
  },
  resolve(state, submissions) {
    const { state: next, report } = resolveTurn(state, submissions as Record<string, Submission | undefined>);
    return { state: next, report };
  },
  view(state, viewer) {
    // The judge publishes the game's seed when the game ends (its hash at the start): no reader,
    // the moderator included, gets the seed or the random stream from the view before then.
    const {
      seed: _seed,
      rng: _rng,
      ...v
    } = viewState(state, viewer) as ReturnType<typeof viewState> & { seed?: unknown; rng?: unknown };
    return v;
  },
  formatReport(report, viewer) {
    return formatReportText(report as TurnReport, viewer);
  },
  formatPosition(state, viewer) {
    return formatPositionText(state, viewer);
  },
  outcome(state) {
    return state.outcome;
  },
  isPrivateLine() {
    // Every line: a turn written out names the units the fog of war hides from the other side and
    // observers ("MOVE Vancouver cannon, pike Kona - Hilo" where the report says "moves 2 units"),
    // and standing instructions are their owner's (docs/hawaii-1795.md). The report says what
    // each reader may know of the turn.
    return true;
  },
  options(state, role) {
    return legalChoices(state, role, []);
  },
  waitingNote(state, role) {
    // Only the side whose turn it is sends a turn; the other may change its standing instructions.
    if (state.outcome || role === state.side) return null;
    return `It is ${new Game(state).possessive(state.side)} turn, not yours; you may change your standing instructions at any time (STANDING lines)`;
  },
};

/** The legal choices for `role`'s submission after `lines` (for forms and the random player). */
export function hawaii1795Choices(state: HodState, role: string, lines: string[] = []) {
  return legalChoices(state, role, lines);
}

/**
 * Change a role's standing instructions at once, outside a deadline (STANDING lines only).
 * Returns the new state and how each line was read; bad lines change nothing.
 */
export function setStandingInstructions(
  state: HodState,
  role: string,
  lines: string[],
): { state: HodState; lines: ReadLine[] } {
  const onlyStanding = lines.map((l) =>
    l.trim() && !/^\s*(standing|stand)\b/i.test(l) && !/^\s*(#|\/\/)/.test(l) ? `STANDING ${l}` : l,
  );
  const r = readTurn(state, role, onlyStanding);
  const next = cloneState(state);
  const g = new Game(next);
  for (const p of r.accepted.standing) applyStanding(g, role, p);
  return { state: next, lines: r.lines };
}

/** Invariant check (tests, simulator, operators): the problems with a state, none when sound. */
export const hawaii1795CheckState = checkState;

export type { HodState as Hawaii1795State, Viewer };
