// Built-in scenarios, validated at load. A moderator's corrected file goes through the same
// validation (loadScenario) before a game can start from it.
import { parseScenario, type ScenarioData } from '../scenario-schema.ts';
import hawaii1795Json from './hawaii-1795.json' with { type: 'json' };

const raw: Record<string, unknown> = {
  'hawaii-1795': hawaii1795Json,
};

const cache = new Map<string, ScenarioData>();

export function builtInScenarioIds(): string[] {
  return Object.keys(raw);
}

export function builtInScenario(id: string): ScenarioData {
  const hit = cache.get(id);
  if (hit) return hit;
  const data = raw[id];
  if (!data) throw new Error(`unknown scenario '${id}'; scenarios: ${Object.keys(raw).join(', ')}`);
  const parsed = parseScenario(data);
  cache.set(id, parsed);
  return parsed;
}

/** Validate a scenario object (a corrected file). Throws an Error listing every problem. */
export function loadScenario(data: unknown): ScenarioData {
  return parseScenario(typeof data === 'string' ? JSON.parse(data) : data);
}
