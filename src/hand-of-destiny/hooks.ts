// Scenario hooks: the few rules of a scenario that data cannot say. A card event of type
// 'hook' names one; scenarios register theirs here. Hawaii 1795 needs none.
import type { TurnCtx } from './core.ts';

export type HookFn = (ctx: TurnCtx, side: string) => void;

const hooks = new Map<string, HookFn>();

export function registerHook(scenarioId: string, name: string, fn: HookFn): void {
  hooks.set(`${scenarioId}:${name}`, fn);
}

export function scenarioHook(scenarioId: string, name: string): HookFn {
  const fn = hooks.get(`${scenarioId}:${name}`);
  if (!fn) return (ctx) => ctx.say(`(event hook '${name}' is not available: no effect)`);
  return fn;
}
