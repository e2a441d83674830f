// Standard and Heiau Diplomacy as game modules for the judge: this file only adapts. The rules are
// in src/diplomacy/: the adjudicator, the order reader, and src/diplomacy/game/ (the phase
// sequence, reading a submission against the board, the Haole ballot and fog, victory, reports).
import type { PhaseOutput } from '../diplomacy/adjudicator/index.ts';
import type { Unit } from '../diplomacy/types.ts';
import { heiauScenario, loadHeiauScenarios, scenarioWithBallot } from '../diplomacy/variants/scenarios.ts';
import type { GameModule, ScenarioInfo } from '../contract/types.ts';
import { awaitsModerator } from '../diplomacy/game/ballot.ts';
import { formatPosition, options, view } from '../diplomacy/game/fog.ts';
import { readSubmission } from '../diplomacy/game/reader.ts';
import { formatReport } from '../diplomacy/game/report.ts';
import { fromPosition } from '../diplomacy/game/position.ts';
import { expectedRoles, step } from '../diplomacy/game/sequence.ts';
import {
  CODE,
  phaseLabel,
  variantOf,
  type DiplomacyReport,
  type DiplomacyState,
  type DiplomacySubmission,
  type PhaseResult,
} from '../diplomacy/game/state.ts';

function makeModule(id: 'standard' | 'heiau'): GameModule<DiplomacyState> {
  const scenarios = (): ScenarioInfo[] => {
    if (id === 'standard')
      return [{ id: 'classic', name: 'Classic 1901', roles: variantOf({ variant: id }).map.powers }];
    return loadHeiauScenarios().map((s) => ({
      id: s.id,
      name: s.name,
      roles: s.nativeSetupBallot
        ? scenarioWithBallot(s, s.nativeSetupBallot.options[0]).powers.map((p) => p.name)
        : s.powers.map((p) => p.name),
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
        for (const [power, list] of Object.entries(map.data.starting_units ?? {}))
          for (const u of list) units.push({ power, ...u });
        const supplyCenters: Record<string, string> = {};
        for (const [power, list] of Object.entries(map.data.home_centers ?? {}))
          for (const p of list) supplyCenters[p] = power;
        return {
          variant: id,
          scenario,
          seed,
          seq: 0,
          phase: { season: 'spring', year: 1901, type: 'movement' },
          powers: map.powers,
          units,
          supplyCenters,
        };
      }
      const s = heiauScenario(scenario);
      const haoles = s.powers.filter((p) => p.kind === 'haole').map((p) => p.name);
      if (s.nativeSetupBallot) {
        const full = scenarioWithBallot(s, s.nativeSetupBallot.options[0]);
        // Two Haoles: "random assignment of powers occurs immediately after submission of ballots".
        const voters =
          s.nativeSetupBallot.votedAfterPowerAssignment === false
            ? full.powers.map((_, i) => `Voter ${i + 1}`)
            : undefined;
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
      const code =
        p.type === 'ballot'
          ? `B${p.stage === 'natives' ? 'K' : p.stage === 'moderator' ? 'M' : ''}`
          : `${CODE[p.season]}${p.year}${CODE[p.type]}`;
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
      return {
        state: next,
        report: { variant: state.variant, phases, outcome: next.outcome ?? null } satisfies DiplomacyReport,
      };
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
      return state.powers.filter(
        (p) => state.units.some((u) => u.power === p) || Object.values(state.supplyCenters).includes(p),
      );
    },

    options(state, role) {
      return options(state, role);
    },

    fromPosition(state, position) {
      return fromPosition(state, position);
    },
  };
  return mod;
}

export const standardDiplomacy = makeModule('standard');
export const heiauDiplomacy = makeModule('heiau');

export type { PhaseOutput };

export type {
  Ballot,
  BallotPhase,
  BallotResult,
  DiplomacyReport,
  DiplomacyState,
  DiplomacySubmission,
  PhaseResult,
} from '../diplomacy/game/state.ts';
export { phaseLabel } from '../diplomacy/game/state.ts';
export { victoryCenters } from '../diplomacy/game/victory.ts';
