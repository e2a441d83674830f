import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { forbidden } from '../service/errors.ts';
import * as games from '../service/games.ts';
import { events, history, phaseDetail, replay } from '../service/history.ts';
import { optionalBearer, readerId, requireAuth } from './auth.ts';
import { DisplayName, Email, EngineView, problems, ReadLine, Uuid } from './schemas.ts';
import { VoteRules } from '../service/votes.ts';

const auth = { security: [{ bearer: [] }] };
const GameParams = z.object({ gameId: Uuid });
const Dt = z.date().nullable();

export const GameView = z
  .object({
    id: z.string(),
    name: z.string(),
    variant: z.string(),
    scenario: z.string(),
    options: z.record(z.string(), z.unknown()).describe('The engine options the game was created with'),
    status: z.enum(['forming', 'active', 'paused', 'finished']).or(z.string()),
    openJoin: z.boolean(),
    public: z.boolean().describe('Made public by the moderator: anyone, signed in or not, reads the observer view'),
    nmrPolicy: z.string(),
    deadlines: z
      .record(z.string(), z.unknown())
      .describe(
        'The deadline policy: lengths per phase type, longerEachYear, timeOfDay, skipDays, graceMinutes, earlyProcessing, reminderMinutes',
      ),
    moderator: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().optional() }),
    you: z.object({ kind: z.enum(['player', 'moderator', 'observer']), role: z.string().optional() }),
    variantName: z.string().describe("The game's name, e.g. Heiau Diplomacy"),
    scenarioName: z.string(),
    powers: z.array(z.string()),
    powerNames: z
      .record(z.string(), z.string())
      .describe(
        'Each power by the name the rulebook gives it (the ids in `powers`, `role` and `readiness` are for programs)',
      ),
    players: z.array(
      z.object({
        id: z.string(),
        accountId: z.string(),
        name: z.string().nullable(),
        email: z.string().optional(),
        status: z.string(),
        role: z.string().nullable(),
        wantedRole: z.string().nullable().optional(),
        missedPhases: z.number().int(),
      }),
    ),
    seedHash: z.string().describe('SHA-256 of the secret seed, published at the start'),
    seed: z.string().nullable().describe('The seed, published when the game ends'),
    createdAt: z.date(),
    startedAt: Dt,
    pausedAt: Dt,
    endedAt: Dt,
    outcome: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('How the game ended: { kind, winners, text, by }, or null while it goes on'),
    phase: z
      .object({
        seq: z.number().int(),
        key: z.string(),
        label: z.string(),
        type: z.string(),
        year: z.number().int().nullable(),
        openedAt: z.date(),
        deadlineAt: Dt,
        graceUntil: Dt,
        earlyAt: Dt,
        decides: z
          .boolean()
          .describe(
            "Sending orders in this phase makes the sender's decision: it marks them ready, with no separate Ready (a game of one decision a phase, such as Aloha)",
          ),
        readiness: z.array(
          z.object({
            role: z.string(),
            expected: z.boolean(),
            played: z.boolean(),
            submitted: z.boolean(),
            ready: z.boolean(),
          }),
        ),
      })
      .nullable(),
    view: EngineView.nullable().describe(
      "The engine's view of the position for you (its shape is the game's: units and centres, a hand of cards, islands and tracks)",
    ),
    position: z.string().nullable(),
  })
  .describe('A game as you may see it');

const PhaseEntry = z.object({
  seq: z.number().int(),
  key: z.string(),
  label: z.string(),
  type: z.string(),
  year: z.number().int().nullable(),
  status: z.string(),
  openedAt: z.date(),
  deadlineAt: Dt,
  resolvedAt: Dt,
  missed: z.array(z.string()),
  centres: z.record(z.string(), z.number()).nullable(),
  orders: z.array(
    z.object({
      role: z.string(),
      lines: z.array(z.string()),
      readings: z.array(ReadLine),
      receipt: z
        .string()
        .nullable()
        .describe(
          "SHA-256 of the accepted orders and the time of receipt; null to a reader from whom part of the submission is kept (its author's until the game ends)",
        ),
      submittedAt: z.date(),
    }),
  ),
  report: z.string().nullable(),
  view: EngineView.nullable().optional(),
  position: z.string().optional(),
  reportData: EngineView.optional().describe("The moderator only: the engine's report of the phase as data"),
});

export const CreateGame = z
  .object({
    name: DisplayName(100),
    variant: z.string().min(1).describe('Game module: standard, heiau, hawaii1795, aloha, maori-wars (GET /variants)'),
    scenario: z.string().min(1),
    options: z.record(z.string(), z.unknown()).optional().describe('Engine options'),
    openJoin: z.boolean().optional().describe('Anyone signed in may join (default: by invitation)'),
    public: z
      .boolean()
      .optional()
      .describe(
        'Anyone, signed in or not, may watch the game: its observer view, history and maps (default: only the moderator, the players and the invited)',
      ),
    nmrPolicy: z
      .enum(['hold', 'wait'])
      .optional()
      .describe(
        'hold: at the deadline, powers without orders hold (civil disorder); wait: wait through the grace period first',
      ),
    deadlines: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'Deadline policy: lengths, longerEachYear, timeOfDay, timeZone, skipDays, graceMinutes, earlyProcessing, earlyDelayMinutes, reminderMinutes',
      ),
    votes: VoteRules.optional().describe(
      'Draw votes: who must agree, and whether votes are public (default: every surviving power; secret)',
    ),
  })
  .strict();

export function gameRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/variants',
      {
        schema: {
          tags: ['games'],
          summary: 'Game modules and their scenarios',
          response: {
            200: z.object({
              variants: z.array(
                z.object({
                  id: z.string(),
                  name: z.string(),
                  scenarios: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) })),
                }),
              ),
            }),
          },
        },
      },
      async () => ({
        variants: games.variants(),
      }),
    );

    app.post(
      '/games',
      {
        schema: {
          tags: ['games'],
          summary: 'Create a game (you are its moderator)',
          ...auth,
          body: CreateGame,
          response: { 201: GameView, ...problems(400, 401) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        const id = await games.createGame(ctx, account.id, req.body);
        return reply
          .code(201)
          .header('location', `/games/${id}`)
          .send(await games.gameView(ctx, await access(ctx.db, id, account.id)));
      },
    );

    app.get(
      '/games',
      {
        schema: {
          tags: ['games'],
          summary:
            'List the games you may read: yours, the public ones and open games forming (signed out: the public ones; ?public=true: only those)',
          ...optionalBearer,
          querystring: z
            .object({
              mine: z.enum(['true', 'false']).optional().describe('Only games you moderate or have a place in'),
              public: z.enum(['true', 'false', '1', '0']).optional().describe('Only public games'),
              status: z.enum(['forming', 'active', 'paused', 'finished']).optional(),
            })
            .strict(),
          response: {
            200: z.object({
              games: z.array(
                z.object({
                  id: z.string(),
                  name: z.string(),
                  variant: z.string(),
                  variantName: z.string(),
                  scenario: z.string(),
                  status: z.string(),
                  openJoin: z.boolean(),
                  public: z.boolean(),
                  createdAt: z.date(),
                  phase: z
                    .object({ label: z.string(), deadlineAt: Dt })
                    .nullable()
                    .describe('The open phase and its deadline'),
                  you: z.string().describe('moderator, player:<status>[:<power>] or observer'),
                }),
              ),
            }),
            ...problems(400, 401),
          },
        },
      },
      async (req) => {
        const id = await readerId(ctx, req);
        const publicOnly = req.query.public === 'true' || req.query.public === '1';
        if (req.query.mine === 'true' && !id) await requireAuth(ctx, req);
        return {
          games: await games.listGames(ctx, id, {
            mine: req.query.mine === 'true',
            status: req.query.status,
            public: publicOnly,
          }),
        };
      },
    );

    app.get(
      '/games/:gameId',
      {
        schema: {
          tags: ['games'],
          summary:
            'A game: your view (player), everything (moderator) or the public view (observer: anyone, signed out too, when the game is public)',
          ...optionalBearer,
          params: GameParams,
          response: { 200: GameView, ...problems(400, 401, 404) },
        },
      },
      async (req) => {
        return games.gameView(ctx, await access(ctx.db, req.params.gameId, await readerId(ctx, req)));
      },
    );

    app.post(
      '/games/:gameId/invitations',
      {
        schema: {
          tags: ['games'],
          summary: 'Invite a player by email (moderator), optionally to a given power',
          ...auth,
          params: GameParams,
          body: z.object({ email: Email, role: z.string().min(1).optional() }).strict(),
          response: { 201: z.object({ playerId: z.string() }), ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        const playerId = await games.invite(ctx, req.params.gameId, account.id, req.body);
        return reply.code(201).header('location', `/games/${req.params.gameId}/players/${playerId}`).send({ playerId });
      },
    );

    app.delete(
      '/games/:gameId',
      {
        schema: {
          tags: ['games'],
          summary: 'Delete a game that has not started (its moderator); the invited are told',
          ...auth,
          params: GameParams,
          response: { 204: z.null(), ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        await games.deleteGame(ctx, req.params.gameId, account.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/games/:gameId/join',
      {
        schema: {
          tags: ['games'],
          summary: 'Accept an invitation, or join an open game',
          ...auth,
          params: GameParams,
          response: { 200: GameView, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await games.join(ctx, req.params.gameId, account.id);
        return games.gameView(ctx, await access(ctx.db, req.params.gameId, account.id));
      },
    );

    app.post(
      '/games/:gameId/leave',
      {
        schema: {
          tags: ['games'],
          summary: 'Leave a game before it starts',
          ...auth,
          params: GameParams,
          response: { 204: z.null(), ...problems(400, 401, 404, 409) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        await games.leave(ctx, req.params.gameId, account.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/games/:gameId/players/:playerId/role',
      {
        schema: {
          tags: ['games'],
          summary: 'Give a player a power before the start, or null to leave it to the seeded draw (moderator)',
          ...auth,
          params: z.object({ gameId: Uuid, playerId: Uuid }),
          body: z.object({ role: z.string().min(1).nullable() }).strict(),
          response: { 200: GameView, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await games.assignRole(ctx, req.params.gameId, account.id, req.params.playerId, req.body.role);
        return games.gameView(ctx, await access(ctx.db, req.params.gameId, account.id));
      },
    );

    app.post(
      '/games/:gameId/start',
      {
        schema: {
          tags: ['games'],
          summary: 'Start the game: powers not given are drawn from the seed (moderator)',
          ...auth,
          params: GameParams,
          response: { 200: GameView, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        await games.startGame(ctx, req.params.gameId, account.id);
        return games.gameView(ctx, await access(ctx.db, req.params.gameId, account.id));
      },
    );

    app.get(
      '/games/:gameId/history',
      {
        schema: {
          tags: ['results'],
          summary:
            'The phases, a page at a time: orders as written (once adjudicated), results, missed orders, centre counts',
          ...optionalBearer,
          params: GameParams,
          querystring: z
            .object({
              after: z.coerce
                .number()
                .int()
                .min(0)
                .max(2_000_000_000)
                .optional()
                .describe('Phases after this seq (from `next`)'),
              limit: z.coerce.number().int().min(1).max(100).optional().describe('At most this many (100)'),
            })
            .strict(),
          response: {
            200: z.object({
              phases: z.array(PhaseEntry),
              next: z
                .number()
                .int()
                .nullable()
                .describe('Ask again with after=next for more; null: that was the last page'),
            }),
            ...problems(400, 401, 404),
          },
        },
      },
      async (req) => {
        return history(ctx, await access(ctx.db, req.params.gameId, await readerId(ctx, req)), {
          after: req.query.after,
          limit: req.query.limit,
        });
      },
    );

    app.get(
      '/games/:gameId/phases/:seq',
      {
        schema: {
          tags: ['results'],
          summary: 'One phase with its position for you; a resolved phase carries an ETag (If-None-Match: 304)',
          ...optionalBearer,
          params: z.object({ gameId: Uuid, seq: z.coerce.number().int().min(1).max(1_000_000) }),
          response: { 200: PhaseEntry, 304: z.null(), ...problems(400, 401, 404) },
        },
      },
      async (req, reply) => {
        const a = await access(ctx.db, req.params.gameId, await readerId(ctx, req));
        const p = await phaseDetail(ctx, a, req.params.seq);
        if (p.status === 'adjudicated' || p.status === 'skipped') {
          // A resolved phase never changes; what a reader sees of it depends only on who reads (the
          // viewer) and, once the game is over, on what the end publishes. The tag names just that.
          const viewer = a.viewer.kind === 'player' ? `player:${a.viewer.role}` : a.viewer.kind;
          const etag = `"${a.game.id}.${p.seq}.${crypto
            .createHash('sha256')
            .update(`${viewer}\n${a.game.status === 'finished'}`)
            .digest('base64url')
            .slice(0, 16)}"`;
          reply
            .header('etag', etag)
            .header('cache-control', 'private, no-cache')
            .header('vary', 'Authorization, Cookie');
          if (req.headers['if-none-match'] === etag) return (reply as unknown as FastifyReply).code(304).send();
        }
        return p;
      },
    );

    app.get(
      '/games/:gameId/events',
      {
        schema: {
          tags: ['results'],
          summary: 'What happened: moderator actions, joins, adjudications',
          ...optionalBearer,
          params: GameParams,
          response: {
            200: z.object({
              events: z.array(
                z.object({
                  id: z.string(),
                  kind: z.string(),
                  text: z.string(),
                  createdAt: z.date(),
                  actorId: z.string().nullable(),
                }),
              ),
            }),
            ...problems(400, 401, 404),
          },
        },
      },
      async (req) => {
        const a = await access(ctx.db, req.params.gameId, await readerId(ctx, req));
        return { events: await events(ctx, req.params.gameId, a) };
      },
    );

    app.get(
      '/games/:gameId/replay',
      {
        schema: {
          tags: ['results'],
          summary:
            'Replay the game from its seed and recorded orders and compare (anyone once the game is over; the moderator at any time)',
          ...auth,
          params: GameParams,
          response: {
            200: z.object({
              ok: z.boolean(),
              phases: z.number().int(),
              mismatches: z.array(z.object({ seq: z.number().int(), key: z.string(), what: z.string() })),
            }),
            ...problems(400, 401, 403, 404),
          },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        const a = await access(ctx.db, req.params.gameId, account.id);
        if (a.game.status !== 'finished' && a.viewer.kind !== 'moderator')
          throw forbidden('The replay needs the seed, which is published when the game ends.');
        return replay(ctx, req.params.gameId);
      },
    );
  };
}
