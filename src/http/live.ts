// Live pages: Server-Sent Events per game and per "my games". The database announces every change
// (NOTIFY "kahu_live" from triggers, in the changing transaction, whichever process changed it);
// this process LISTENs on one dedicated connection and tells the streams that may know. An event is
// a kind, the game and the phase seq, never content: the page fetches what it may read.
import pg from 'pg';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { AppError } from '../service/errors.ts';
import { optionalAuth, optionalBearer, requireAuth } from './auth.ts';
import { problems, Uuid } from './schemas.ts';

export const LIVE_CHANNEL = 'kahu_live';
/** Open streams per signed-in account, or per address for visitors. */
export const STREAMS_PER_CLIENT = 8;
export const HEARTBEAT_MS = 20_000;

interface Note {
  g: string;
  k: string;
  s: number | null;
  to: string[] | null;
}

/** Who a stream is for: the game's reader (role when they play one) or the games of an account. */
interface Stream {
  key: string;
  game?: string;
  accountId?: string;
  /** Per game: moderator, or the role played (null: observer); undefined: not known yet or not theirs. */
  seats: Map<string, { moderator: boolean; role: string | null } | null>;
  send(note: Note): void;
  end(): void;
}

/** The one LISTEN connection of this process, reconnecting, and the streams it feeds. */
class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  readonly streams = new Set<Stream>();

  constructor(private readonly ctx: Ctx) {}

  /** Resolves once this process listens (a stream opened after that misses nothing). */
  listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const opts = this.ctx.pool.options;
    const client = new pg.Client({
      connectionString: opts.connectionString,
      host: opts.host,
      port: opts.port,
      user: opts.user,
      password: opts.password as string | undefined,
      database: opts.database,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client.on('notification', (m) => {
      if (m.channel === LIVE_CHANNEL && m.payload) this.dispatch(m.payload);
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.ctx.log.warn({ err }, 'live: the LISTEN connection was lost; reconnecting');
      // Whatever changed while it was down: every page fetches again.
      for (const s of this.streams) s.send({ g: s.game ?? '', k: 'resync', s: null, to: null });
      this.retry = setTimeout(() => {
        this.retry = null;
        if (this.streams.size) void this.listen().catch(() => {});
      }, 1_000);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private dispatch(payload: string): void {
    let note: Note;
    try {
      note = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    for (const s of this.streams) {
      if (s.game && s.game !== note.g) continue;
      void this.deliver(s, note).catch(() => {});
    }
  }

  private async deliver(s: Stream, note: Note): Promise<void> {
    let seat = s.seats.get(note.g);
    // Who reads may have changed (a seat taken, given, left; a game made public): ask again.
    if (seat === undefined || note.k === 'players' || note.k === 'game') {
      seat = await this.seatOf(note.g, s);
      s.seats.set(note.g, seat);
    }
    if (seat === null && !s.game) return; // "my games": only games one moderates or has a seat in
    if (note.to) {
      const told =
        seat && ((seat.moderator && note.k !== 'press') || (seat.role !== null && note.to.includes(seat.role)));
      if (!told) return;
    }
    s.send(note);
  }

  /** The reader's place in a game; null: an observer (or, for "my games", none). */
  private async seatOf(gameId: string, s: Stream): Promise<{ moderator: boolean; role: string | null } | null> {
    if (!s.accountId) return null;
    const r = await this.ctx.pool.query<{ moderator: boolean; role: string | null; seated: boolean }>(
      `SELECT g."moderatorId" = $2 AS moderator,
              (SELECT p.role FROM "GamePlayer" p WHERE p."gameId" = g.id AND p."accountId" = $2 AND p.status = 'playing' AND p.role IS NOT NULL LIMIT 1) AS role,
              EXISTS (SELECT 1 FROM "GamePlayer" p WHERE p."gameId" = g.id AND p."accountId" = $2) AS seated
         FROM "Game" g WHERE g.id = $1`,
      [gameId, s.accountId],
    );
    const row = r.rows[0];
    if (!row) return s.game ? null : (s.seats.get(gameId) ?? null); // deleted: those who had it are told
    if (!row.moderator && !row.seated) return null;
    return { moderator: row.moderator, role: row.role };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    for (const s of [...this.streams]) s.end();
    await this.connecting?.catch(() => {});
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

const EventStream = z
  .string()
  .describe(
    'A text/event-stream (Server-Sent Events). Each event: `event: <kind>` and `data: {"game": "<id>", "kind": "<kind>", "seq": <phase seq or null>}`. ' +
      "Kinds: phase (a phase opened, was adjudicated, its deadline moved), readiness, players, game (status, public, deleted), event (the game's log), press, votes, resync (fetch everything again). " +
      'An event carries no content: fetch the game (and what else you show) again. A comment line every 20 s keeps the stream open.',
  );

export function liveRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const listener = new Listener(ctx);
    const open = new Map<string, number>();
    app.addHook('preClose', async () => {
      await listener.close();
    });

    /** Opens the stream on the hijacked reply; the first comment says it is live. */
    async function stream(
      req: FastifyRequest,
      reply: FastifyReply,
      key: string,
      s: Omit<Stream, 'send' | 'end' | 'key'>,
    ): Promise<void> {
      const n = open.get(key) ?? 0;
      if (n >= STREAMS_PER_CLIENT)
        throw new AppError(
          429,
          'Too many requests',
          `At most ${STREAMS_PER_CLIENT} live streams at once; close one (another tab) first.`,
        );
      await listener.listen().catch((err) => {
        throw Object.assign(
          new AppError(
            503,
            'Service unavailable',
            'Live updates are not available right now; reload the page to see changes.',
          ),
          { cause: err },
        );
      });
      open.set(key, n + 1);
      reply.hijack();
      const res = reply.raw;
      req.raw.socket.setTimeout(0);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
        'x-accel-buffering': 'no',
      });
      let ended = false;
      const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const entry: Stream = {
        ...s,
        key,
        send: (note) => {
          if (!ended)
            res.write(
              `event: ${note.k}\ndata: ${JSON.stringify({ game: note.g || s.game || null, kind: note.k, seq: note.s })}\n\n`,
            );
        },
        // The connection goes with the stream: shutdown never waits on it.
        end: () => {
          if (!ended) {
            ended = true;
            res.end(() => res.socket?.destroy());
          }
        },
      };
      const done = () => {
        if (!listener.streams.delete(entry)) return;
        ended = true;
        clearInterval(heartbeat);
        const left = (open.get(key) ?? 1) - 1;
        if (left <= 0) open.delete(key);
        else open.set(key, left);
      };
      res.on('close', done);
      listener.streams.add(entry);
      res.write('retry: 3000\n: live\n\n');
    }

    app.get(
      '/games/:gameId/live',
      {
        schema: {
          tags: ['games'],
          summary:
            'Follow a game live (Server-Sent Events): who may read the game may follow it; each event says what changed, never its content',
          ...optionalBearer,
          params: z.object({ gameId: Uuid }),
          produces: ['text/event-stream'],
          response: { 200: EventStream, ...problems(400, 401, 404, 429) },
        },
      },
      async (req, reply) => {
        const who = await optionalAuth(ctx, req);
        const a = await access(ctx.db, req.params.gameId, who?.account.id);
        const seat =
          a.viewer.kind === 'moderator'
            ? { moderator: true, role: null }
            : a.viewer.kind === 'player'
              ? { moderator: false, role: a.viewer.role }
              : null;
        await stream(req, reply, who ? `account:${who.account.id}` : `address:${req.ip}`, {
          game: a.game.id,
          accountId: who?.account.id,
          seats: new Map([[a.game.id, seat]]),
        });
      },
    );

    app.get(
      '/games/live',
      {
        schema: {
          tags: ['games'],
          summary: 'Follow your games live (Server-Sent Events): the games you moderate or have a seat in',
          security: [{ bearer: [] }],
          produces: ['text/event-stream'],
          response: { 200: EventStream, ...problems(401, 429) },
        },
      },
      async (req, reply) => {
        const { account } = await requireAuth(ctx, req);
        await stream(req, reply, `account:${account.id}`, { accountId: account.id, seats: new Map() });
      },
    );
  };
}
