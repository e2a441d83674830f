// Who is reading a game: its moderator, a player of one of its roles, or an observer.
import type { Game, GamePlayer, Account } from '../db/generated/client.ts';
import type { Tx, Db, Prisma } from '../db/client.ts';
import { gameModule } from '../games/index.ts';
import type { GameModule, Viewer } from '../contract/types.ts';
import { type Batcher, createBatcher } from './batcher.ts';
import { AppError, forbidden, notFound } from './errors.ts';
import { DeadlinePolicy } from './deadlines.ts';

export type PlayerWithAccount = GamePlayer & { account: Account };
export type GameWithPlayers = Game & { players: PlayerWithAccount[]; moderator: Account };

export interface Access {
  game: GameWithPlayers;
  viewer: Viewer;
  /** The reader's seat when they play a role. */
  player?: PlayerWithAccount;
  module: GameModule;
}

export function moduleOf(game: { variant: string }): GameModule {
  const m = gameModule(game.variant);
  if (!m)
    throw new AppError(
      503,
      'Game engine unavailable',
      `The engine of variant "${game.variant}" is not installed on this server.`,
    );
  return m;
}

export function policyOf(game: { deadlines: unknown }): DeadlinePolicy {
  return DeadlinePolicy.parse(game.deadlines ?? {});
}

export function viewerFor(
  game: GameWithPlayers,
  accountId: string | undefined,
): { viewer: Viewer; player?: PlayerWithAccount } {
  // A moderator never holds a seat (refuseModeratorSeat), so never reads as a player.
  if (accountId && game.moderatorId === accountId) return { viewer: { kind: 'moderator' } };
  const player = accountId
    ? game.players.find((p) => p.accountId === accountId && p.status === 'playing' && p.role)
    : undefined;
  if (player) return { viewer: { kind: 'player', role: player.role! }, player };
  return { viewer: { kind: 'observer' } };
}

/** A game with its players (in seating order, with their accounts) and its moderator. */
export const gameInclude = {
  players: {
    include: { account: true },
    orderBy: [{ createdAt: 'asc' }, { role: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
  },
  moderator: true,
} as const satisfies Prisma.GameInclude;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Outside a transaction, games asked for together (a page's six answers, every player's page
// following one phase) are read in one go: four statements for them all, not four each. Each read
// starts after its request arrived (a batch waits while the one before is in flight), so no answer
// is older than its question; each caller gets its own copy to change.
const gameBatchers = new WeakMap<Db, Batcher<string, GameWithPlayers | null>>();
function gameBatcher(db: Db) {
  let b = gameBatchers.get(db);
  if (!b)
    gameBatchers.set(
      db,
      (b = createBatcher<string, GameWithPlayers | null>(
        async (ids) => {
          const rows = await db.game.findMany({ where: { id: { in: [...new Set(ids)] } }, include: gameInclude });
          const byId = new Map(rows.map((g) => [g.id, g]));
          const given = new Set<string>();
          return ids.map((id) => {
            const g = byId.get(id);
            if (!g) return null;
            if (given.has(id)) return structuredClone(g);
            given.add(id);
            return g;
          });
        },
        { maxSize: 100, maxInFlight: 2 },
      )),
    );
  return b;
}

export async function loadGame(db: Db | Tx, gameId: string): Promise<GameWithPlayers> {
  // (Not a game's id: nothing to ask the database, and one bad id must not fail a whole batch.)
  if (!UUID.test(gameId)) throw notFound('There is no game with this id.');
  // The client itself can disconnect; a transaction's client cannot (Prisma's deny list).
  const game =
    typeof (db as { $disconnect?: unknown }).$disconnect === 'function'
      ? await gameBatcher(db as Db).run(gameId)
      : await db.game.findUnique({ where: { id: gameId }, include: gameInclude });
  if (!game) throw notFound('There is no game with this id.');
  return game;
}

/**
 * Who may read a game at all. A public game: anyone, signed in or not. Otherwise its moderator, its
 * players and whoever was invited to it (any seat, past ones included); and, while it forms, anyone
 * signed in when it is open to all (it is there to be found and joined).
 */
export function mayRead(
  game: Pick<GameWithPlayers, 'public' | 'moderatorId' | 'players' | 'openJoin' | 'status'>,
  accountId: string | undefined,
): boolean {
  if (game.public) return true;
  if (!accountId) return false;
  if (game.moderatorId === accountId || game.players.some((p) => p.accountId === accountId)) return true;
  return game.openJoin && game.status === 'forming';
}

/**
 * The reader's access to a game (`accountId` undefined: signed out). A game the reader may not read
 * is answered as if it did not exist (404, never 403), in every route.
 */
export async function access(db: Db | Tx, gameId: string, accountId: string | undefined): Promise<Access> {
  const game = await loadGame(db, gameId);
  if (!mayRead(game, accountId)) throw notFound('There is no game with this id.');
  return { game, ...viewerFor(game, accountId), module: moduleOf(game) };
}

/**
 * The moderator sees everything (other players' hands, hidden positions), so they may not also
 * take a seat in the game they moderate.
 */
export function refuseModeratorSeat(game: { moderatorId: string }, accountId: string): void {
  if (accountId === game.moderatorId)
    throw forbidden(
      'The moderator of a game cannot also play in it: the moderator sees what the players may not. Ask someone else to moderate, or invite another player.',
    );
}

export function requireModerator(a: Access): void {
  if (a.viewer.kind !== 'moderator') throw forbidden('Only the moderator of this game may do this.');
}

export function requirePlayer(a: Access): PlayerWithAccount {
  if (!a.player) throw forbidden('Only a player of this game may do this; you play no power here.');
  return a.player;
}

/** Lock the game row for the rest of the transaction: every change to a game goes through it. */
export async function lockGame(tx: Tx, gameId: string): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM "Game" WHERE id = $1::uuid FOR UPDATE',
    gameId,
  );
  if (rows.length === 0) throw notFound('There is no game with this id.');
}

/** A name as people type it: no case, spaces or punctuation ("Allied Chiefs" = "allied-chiefs"). */
export function squashName(x: string): string {
  return x.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * A power or side as a person typed it: matched without regard to case, spaces or punctuation, by
 * its id or, given `nameOf`, by the rulebook's name too. The first of `roles` that matches wins.
 */
export function matchRole(
  roles: readonly string[],
  typed: string,
  nameOf?: (role: string) => string,
): string | undefined {
  const t = squashName(typed);
  return t
    ? roles.find((r) => squashName(r) === t || (nameOf !== undefined && squashName(nameOf(r)) === t))
    : undefined;
}

export function activePlayers(game: GameWithPlayers): PlayerWithAccount[] {
  return game.players.filter((p) => p.status === 'playing' && p.role);
}

export function playerOfRole(game: GameWithPlayers, role: string): PlayerWithAccount | undefined {
  return game.players.find((p) => p.status === 'playing' && p.role === role);
}
