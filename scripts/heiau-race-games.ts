// Active Heiau Race games for the benchmarks and soaks (bench:api, bench:storm, soak, soak:api):
// `players` accounts with API tokens and a moderator, and `games` started games, each between two
// of the players (Sunrise and Sunset), set up through the service as a moderator would.
import { hashToken, newToken } from '../src/service/accounts.ts';
import type { Ctx } from '../src/service/context.ts';
import { createGame, invite, join, startGame, type CreateGameInput } from '../src/service/games.ts';

export interface Seat {
  gameId: string;
  token: string;
  role: 'Sunrise' | 'Sunset';
}
export interface Account {
  id: string;
  email: string;
  token: string;
}

export async function heiauRaceGames(
  ctx: Ctx,
  o: {
    games: number;
    players: number;
    /** Account addresses are `<prefix><n>@example.org`; games are named `<prefix> <n>`. */
    prefix: string;
    deadlines: CreateGameInput['deadlines'];
    /** Games set up side by side (each game's set-up is a few transactions). */
    streams?: number;
  },
): Promise<{ accounts: Account[]; moderator: Account; seats: Seat[] }> {
  const accounts: Account[] = [];
  for (let i = 0; i <= o.players; i++) {
    const token = newToken();
    const a = await ctx.db.account.create({ data: { email: `${o.prefix}${i}@example.org` } });
    await ctx.db.apiToken.create({ data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9) } });
    accounts.push({ id: a.id, email: a.email, token });
  }
  const moderator = accounts[o.players];
  const seats: Seat[] = [];
  const queue = Array.from({ length: o.games }, (_, i) => i);
  await Promise.all(
    Array.from({ length: o.streams ?? 1 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const p1 = accounts[(2 * i) % o.players];
        const p2 = accounts[(2 * i + 1) % o.players];
        const id = await createGame(ctx, moderator.id, {
          name: `${o.prefix} ${i}`,
          variant: 'heiau',
          scenario: 'race',
          deadlines: o.deadlines,
        });
        await invite(ctx, id, moderator.id, { email: p1.email, role: 'Sunrise' });
        await invite(ctx, id, moderator.id, { email: p2.email, role: 'Sunset' });
        await join(ctx, id, p1.id);
        await join(ctx, id, p2.id);
        await startGame(ctx, id, moderator.id);
        seats.push({ gameId: id, token: p1.token, role: 'Sunrise' }, { gameId: id, token: p2.token, role: 'Sunset' });
      }
    }),
  );
  // The planner's statistics, as a judge that has run a while has them (autovacuum would take them
  // only after a minute or more, in the middle of a measurement, and the CI server runs without it).
  await ctx.pool.query('ANALYZE');
  return { accounts, moderator, seats };
}
