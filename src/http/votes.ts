// Draw and concession votes (src/service/votes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../service/context.ts';
import { castVote, VoteRules, voteView } from '../service/votes.ts';
import { optionalBearer, readerId, requireAuth } from './auth.ts';
import { problems, Uuid } from './schemas.ts';

const VoteView = z.object({
  rules: VoteRules,
  mine: z
    .object({ draw: z.boolean(), concedeTo: z.string().nullable() })
    .nullable()
    .describe('Your standing votes (players only)'),
  votes: z
    .object({ draw: z.array(z.string()), concede: z.record(z.string(), z.string()) })
    .nullable()
    .describe('Who votes what: when the game makes votes public, and for the moderator'),
});
const Result = z.object({
  vote: VoteView,
  ended: z
    .object({ kind: z.enum(['draw', 'victory']), text: z.string() })
    .nullable()
    .describe('Set when this vote ended the game'),
  awaitingModerator: z
    .boolean()
    .describe('Every power agreed to a draw; the game rule wants the moderator to confirm it'),
});
const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });

export function voteRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/games/:gameId/votes',
      {
        schema: {
          tags: ['votes'],
          summary: "Draw and concession votes: your own, and everyone's when the game makes them public",
          ...optionalBearer,
          params: GameParams,
          response: { 200: VoteView, ...problems(400, 401, 404) },
        },
      },
      async (req) => {
        return voteView(ctx, req.params.gameId, await readerId(ctx, req));
      },
    );
    app.put(
      '/games/:gameId/votes/draw',
      {
        schema: {
          tags: ['votes'],
          summary:
            'Vote for a draw (true) or withdraw your vote (false); the game ends in a draw when every power that must agree has voted',
          ...auth,
          params: GameParams,
          body: z.object({ vote: z.boolean() }).strict(),
          response: { 200: Result, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return castVote(ctx, req.params.gameId, account.id, { draw: req.body.vote });
      },
    );
    app.put(
      '/games/:gameId/votes/concede',
      {
        schema: {
          tags: ['votes'],
          summary:
            'Concede the game to a power (or withdraw with null); it wins when every other surviving power concedes to it',
          ...auth,
          params: GameParams,
          body: z.object({ to: z.string().min(1).max(40).nullable() }).strict(),
          response: { 200: Result, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return castVote(ctx, req.params.gameId, account.id, { concedeTo: req.body.to });
      },
    );
  };
}
