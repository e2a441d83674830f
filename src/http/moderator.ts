import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { badRequest } from '../service/errors.ts';
import { gameView, setPublic } from '../service/games.ts';
import * as mod from '../service/moderator.ts';
import { requireAuth } from './auth.ts';
import { GameView } from './games.ts';
import { Email, problems, Uuid } from './schemas.ts';

const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });
const PlayerParams = z.object({ gameId: Uuid, playerId: Uuid });
const errs = problems(400, 401, 403, 404, 409);

export function moderatorRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const view = async (gameId: string, accountId: string) => gameView(ctx, await access(ctx.db, gameId, accountId));

    app.put(
      '/games/:gameId/deadline',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Set the deadline of the current phase, or extend it',
          ...auth,
          params: GameParams,
          body: z
            .object({
              at: z.iso
                .datetime({ offset: true, message: 'must be an ISO-8601 time such as 2025-03-01T20:00:00Z' })
                .optional(),
              extendMinutes: z
                .number()
                .int()
                .min(1)
                .max(60 * 24 * 30)
                .optional(),
            })
            .strict(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        const { at, extendMinutes } = req.body;
        if ((at === undefined) === (extendMinutes === undefined))
          throw badRequest('Give either "at" (a new deadline) or "extendMinutes".', [
            { field: 'body', message: 'exactly one of at, extendMinutes' },
          ]);
        await mod.setDeadline(ctx, req.params.gameId, account.id, { at: at ? new Date(at) : undefined, extendMinutes });
        return view(req.params.gameId, account.id);
      },
    );

    app.put(
      '/games/:gameId/public',
      {
        schema: {
          tags: ['moderator'],
          summary:
            'Make the game public (anyone, signed in or not, may watch: the observer view, history and maps) or private again; recorded in the event log and mailed to the players',
          ...auth,
          params: GameParams,
          body: z.object({ public: z.boolean() }).strict(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await setPublic(ctx, req.params.gameId, account.id, req.body.public);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/pause',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Pause the game (the deadline moves by the paused time)',
          ...auth,
          params: GameParams,
          body: z
            .object({ reason: z.string().max(500).optional() })
            .strict()
            .nullish(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.pause(ctx, req.params.gameId, account.id, req.body?.reason);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/resume',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Resume a paused game',
          ...auth,
          params: GameParams,
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.resume(ctx, req.params.gameId, account.id);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/process',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Adjudicate the current phase now',
          ...auth,
          params: GameParams,
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.processNow(ctx, req.params.gameId, account.id);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/decision',
      {
        schema: {
          tags: ['moderator'],
          summary:
            'The moderator\'s decision in a phase that waits for it (Heiau Two Haoles: the natives\' setup when the kamaainas stay tied), e.g. {"text": "Heart"}; the phase is then played at once',
          ...auth,
          params: GameParams,
          body: z.object({ text: z.string().max(2000) }).strict(),
          response: { 200: GameView, ...problems(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.decide(ctx, req.params.gameId, account.id, req.body.text);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/rollback',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Roll back to the start of an earlier phase (by its seq in the history)',
          ...auth,
          params: GameParams,
          body: z.object({ seq: z.number().int().min(1) }).strict(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.rollback(ctx, req.params.gameId, account.id, req.body.seq);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/players/:playerId/replace',
      {
        schema: {
          tags: ['moderator'],
          summary: "Give a player's power to someone else (history kept, the new player is told)",
          ...auth,
          params: PlayerParams,
          body: z
            .object({
              email: Email,
              keepOrders: z
                .boolean()
                .optional()
                .describe('Keep the orders the old player sent for the open phase (default: they no longer count)'),
            })
            .strict(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.replacePlayer(ctx, req.params.gameId, account.id, req.params.playerId, req.body.email, {
          keepOrders: req.body.keepOrders,
        });
        return view(req.params.gameId, account.id);
      },
    );

    app.delete(
      '/games/:gameId/players/:playerId',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Remove a player (their power is in civil disorder until replaced)',
          ...auth,
          params: PlayerParams,
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.removePlayer(ctx, req.params.gameId, account.id, req.params.playerId);
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/end',
      {
        schema: {
          tags: ['moderator'],
          summary: 'End the game (the seed is published)',
          ...auth,
          params: GameParams,
          body: z
            .object({ reason: z.string().max(500).optional() })
            .strict()
            .nullish(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.endGame(ctx, req.params.gameId, account.id, { draw: false, reason: req.body?.reason });
        return view(req.params.gameId, account.id);
      },
    );

    app.post(
      '/games/:gameId/draw',
      {
        schema: {
          tags: ['moderator'],
          summary: 'Declare a draw (between the given powers, or all) and end the game',
          ...auth,
          params: GameParams,
          body: z
            .object({ roles: z.array(z.string()).optional(), reason: z.string().max(500).optional() })
            .strict()
            .nullish(),
          response: { 200: GameView, ...errs },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await mod.endGame(ctx, req.params.gameId, account.id, {
          draw: true,
          roles: req.body?.roles,
          reason: req.body?.reason,
        });
        return view(req.params.gameId, account.id);
      },
    );
  };
}
