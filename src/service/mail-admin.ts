// The moderator's view of a game's outgoing mail: what was sent, what waits, what failed for good
// after the retry budget, and a way to send a failed mail again. Bodies are never shown: a
// player's mail may carry sealed orders (receipts) or a view of the position meant for them alone.
import { access, lockGame, requireModerator } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { conflict, notFound } from './errors.ts';

export interface GameMailEntry {
  id: string;
  seq: number;
  to: string;
  kind: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

const select = {
  id: true,
  seq: true,
  toAddress: true,
  kind: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  createdAt: true,
  nextAttemptAt: true,
  sentAt: true,
} as const;

function entry(m: {
  id: string;
  seq: number;
  toAddress: string;
  kind: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
}): GameMailEntry {
  return {
    id: m.id,
    seq: m.seq,
    to: m.toAddress,
    kind: m.kind,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    createdAt: m.createdAt,
    nextAttemptAt: m.nextAttemptAt,
    sentAt: m.sentAt,
  };
}

export async function listGameMail(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  opts: { status?: 'pending' | 'sent' | 'failed'; limit?: number } = {},
) {
  requireModerator(await access(ctx.db, gameId, moderatorId));
  const where = { gameId, ...(opts.status ? { status: opts.status } : {}) };
  const [rows, counts] = await Promise.all([
    ctx.db.outboxMail.findMany({ where, orderBy: { seq: 'desc' }, take: opts.limit ?? 200, select }),
    ctx.db.outboxMail.groupBy({ by: ['status'], where: { gameId }, _count: true }),
  ]);
  const totals = { pending: 0, sent: 0, failed: 0 } as Record<string, number>;
  for (const c of counts) totals[c.status] = c._count;
  return { counts: totals, mail: rows.map(entry) };
}

/** Queue a failed mail again with a fresh retry budget (moderator of its game only). */
export async function resendMail(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  mailId: string,
): Promise<GameMailEntry> {
  const row = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    requireModerator(await access(tx, gameId, moderatorId));
    const m = await tx.outboxMail.findFirst({ where: { id: mailId, gameId }, select });
    if (!m) throw notFound('This game has no mail with this id.');
    if (m.status !== 'failed')
      throw conflict(`Only a mail that failed for good can be resent; this one is ${m.status}.`);
    const now = ctx.clock.now();
    const r = await tx.outboxMail.updateMany({
      where: { id: mailId, status: 'failed' },
      data: { status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null },
    });
    if (r.count === 0) throw conflict('The mail changed meanwhile; look again.');
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: 'mail-resent',
        actorId: moderatorId,
        text: `The moderator queued a ${m.kind} mail again after it failed.`,
        data: { mailId },
        createdAt: now,
      },
    });
    return tx.outboxMail.findUniqueOrThrow({ where: { id: mailId }, select });
  });
  await afterCommit(ctx, { mail: true });
  ctx.log.info({ gameId, mailId }, 'failed mail queued again by the moderator');
  return entry(row);
}
