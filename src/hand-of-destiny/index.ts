// The Hand of Destiny system engine: public API.
export { setupGame, resolveTurn, checkState, cloneState, phaseKey, readOptions, EMPTY_SUBMISSION } from './engine.ts';
export type { Submission, TurnReport, SetupOptions } from './engine.ts';
export { Game, DEFAULT_OPTIONS, DEFAULT_STANDING, RuleError } from './model.ts';
export type { HodState, HodOptions, Standing, Outcome, ReportEntry } from './model.ts';
export { readTurn, Planner, parseLine } from './submission.ts';
export { ACTIONS, actionOf } from './actions/index.ts';
export type { HodAction, HodKind } from './actions/index.ts';
export { legalChoices, choicesFromPlanner } from './choices.ts';
export type { Choices } from './choices.ts';
export { viewState, formatReportText, formatPositionText } from './view.ts';
export { randomTurn, randomStanding, playerRandom } from './player.ts';
export { builtInScenario, builtInScenarioIds, loadScenario } from './scenarios/index.ts';
export { parseScenario, ScenarioSchema } from './scenario-schema.ts';
export type { ScenarioData } from './scenario-schema.ts';
export { registerHook } from './hooks.ts';
export { applyStanding, parseStanding } from './standing.ts';
