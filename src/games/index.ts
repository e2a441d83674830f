// The registry of game modules by id: `standard` and `heiau` (src/games/diplomacy.ts),
// `hawaii1795` (src/games/hawaii1795.ts), `aloha` (src/games/aloha.ts) and `maori-wars`
// (src/games/maori-wars.ts). A new game is one import and one entry in the list below.
import type { GameModule } from '../contract/types.ts';
import { aloha } from './aloha.ts';
import { heiauDiplomacy, standardDiplomacy } from './diplomacy.ts';
import { hawaii1795 } from './hawaii1795.ts';
import { maoriWars } from './maori-wars.ts';

export const games: Record<string, GameModule> = {};

/** Add a module (engines, and test fixtures that implement the contract). */
export function registerGame(module: GameModule): void {
  games[module.id] = module;
}

for (const module of [standardDiplomacy, heiauDiplomacy, hawaii1795, aloha, maoriWars]) registerGame(module);

export function gameModule(id: string): GameModule | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

/** A role as the rulebook names it ("Allied Chiefs" for `allied-chiefs`); most roles are their own name. */
export function roleNameOf(game: { variant: string; scenario: string }, role: string): string {
  return games[game.variant]?.scenarios.find((x) => x.id === game.scenario)?.roleNames?.[role] ?? role;
}

/** Roles by name, for a sentence: "Kamehameha, Allied Chiefs". */
export function roleNamesOf(game: { variant: string; scenario: string }, roles: string[]): string {
  return roles.map((r) => roleNameOf(game, r)).join(', ');
}
