// The registry of game modules by id: `standard`, `heiau` (src/games/diplomacy.ts),
// `hawaii1795` (src/games/hawaii1795.ts), `aloha` (src/games/aloha.ts) and `maori-wars`
// (src/games/maori-wars.ts). Engines are written alongside the service; this file
// imports whichever exist, and picks every exported GameModule.
import type { GameModule } from '../contract/types.ts';

export const games: Record<string, GameModule> = {};

function isGameModule(x: unknown): x is GameModule {
  const m = x as GameModule;
  return !!m && typeof m === 'object' && typeof m.id === 'string' && typeof m.setup === 'function' && typeof m.resolve === 'function' && typeof m.view === 'function';
}

/** Add a module (engines, and test fixtures that implement the contract). */
export function registerGame(module: GameModule): void {
  games[module.id] = module;
}

for (const file of ['./diplomacy.ts', './hawaii1795.ts', './aloha.ts', './maori-wars.ts']) {
  const url = new URL(file, import.meta.url);
  let mod: Record<string, unknown>;
  try {
    mod = await import(url.href);
  } catch (err: any) {
    // Not written yet: skip. Any other failure (a bug in an engine) must be seen.
    if (err?.code === 'ERR_MODULE_NOT_FOUND' && String(err?.message ?? '').includes(file.slice(2))) continue;
    throw err;
  }
  for (const value of Object.values(mod)) if (isGameModule(value)) registerGame(value);
}

export function gameModule(id: string): GameModule | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}

/** A role as the rulebook names it ("Allied Chiefs" for `allied-chiefs`); most roles are their own name. */
export function roleNameOf(game: { variant: string; scenario: string }, role: string): string {
  return games[game.variant]?.scenarios.find((x) => x.id === game.scenario)?.roleNames?.[role] ?? role;
}

/** Roles by name, for a sentence: "Kamehameha, Allied Chiefs". */
export function roleNamesOf(game: { variant: string; scenario: string }, roles: string[]): string {
  return roles.map((r) => roleNameOf(game, r)).join(', ');
}
