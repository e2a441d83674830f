// Sends what waits in the outbox: claims a batch (SKIP LOCKED + a lease, so several workers never
// send the same mail), sends, and records the result; failures are retried with backoff.
import type { Ctx } from '../service/context.ts';
import type { MailTransport } from './transport.ts';

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

/** Delay before attempt n+1 after n failures: 1, 2, 4 ... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

interface Claimed { id: string; seq: number; toAddress: string; subject: string; body: string; attempts: number; createdAt: Date }

export async function sendPendingMail(ctx: Ctx, transport: MailTransport, opts: { limit?: number } = {}): Promise<{ sent: number; failed: number }> {
  const now = ctx.clock.now();
  const limit = opts.limit ?? 100;
  const rows = await ctx.db.$queryRawUnsafe<Claimed[]>(
    `UPDATE "OutboxMail" SET "lockedUntil" = $1
       WHERE id IN (SELECT id FROM "OutboxMail"
                     WHERE status = 'pending' AND "nextAttemptAt" <= $2 AND ("lockedUntil" IS NULL OR "lockedUntil" < $2)
                     ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, seq, "toAddress", subject, body, attempts, "createdAt"`,
    new Date(now.getTime() + LEASE_MS),
    now,
    limit,
  );
  let sent = 0;
  let failed = 0;
  for (const m of rows.sort((a, b) => a.seq - b.seq)) {
    try {
      await transport.send({ id: m.id, from: ctx.config.mailFrom, to: m.toAddress, subject: m.subject, text: m.body, date: m.createdAt });
      await ctx.db.outboxMail.update({ where: { id: m.id }, data: { status: 'sent', sentAt: ctx.clock.now(), attempts: m.attempts + 1, lockedUntil: null, lastError: null } });
      sent++;
    } catch (err: any) {
      failed++;
      const attempts = m.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      ctx.log.warn({ mailId: m.id, attempts, err: err?.message }, giveUp ? 'mail failed for good' : 'mail failed, will retry');
      await ctx.db.outboxMail.update({
        where: { id: m.id },
        data: {
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError: String(err?.message ?? err).slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: new Date(ctx.clock.now().getTime() + backoffMs(attempts)),
        },
      });
    }
  }
  return { sent, failed };
}
