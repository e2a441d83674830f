// Limits on mail the judge sends because someone asked (sign-in links, invitations), per target
// address and per account, so that the judge cannot be made to flood an inbox whatever address
// the request comes from. Counted from the outbox in the same transaction, under a per-address lock.
import type { Tx } from '../db/client.ts';
import { AppError } from './errors.ts';

export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'Too many requests', detail, undefined, { retryAfterSeconds });

interface MailLimit {
  address: string;
  kinds: string[];
  limit: number;
  windowMs: number;
  now: Date;
}

/** Whether `address` may get one more mail of these kinds (fewer than `limit` in the last `windowMs`). */
export async function mailAllowed(tx: Tx, opts: MailLimit): Promise<boolean> {
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `kahu-mail-to:${opts.address}`);
  const since = new Date(opts.now.getTime() - opts.windowMs);
  const n = await tx.outboxMail.count({
    where: { toAddress: opts.address, kind: { in: opts.kinds }, createdAt: { gt: since } },
  });
  return n < opts.limit;
}

/** Refuse (429) when `address` got `limit` mails of these kinds in the last `windowMs`. */
export async function limitMailTo(tx: Tx, opts: MailLimit & { what: string }): Promise<void> {
  if (!(await mailAllowed(tx, opts)))
    throw tooMany(
      `${opts.what}: at most ${opts.limit} in ${Math.round(opts.windowMs / 60_000)} minutes to one address. Nothing was sent; try again later.`,
      Math.ceil(opts.windowMs / 1000),
    );
}

/**
 * Refuse (429) when the account sent `limit` invitations in the last day, counted from the mail
 * the judge wrote for it (OutboxMail.requestedBy), not from rows that deleting the game removes.
 */
export async function limitInvitationsBy(tx: Tx, opts: { accountId: string; limit: number; now: Date }): Promise<void> {
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `kahu-invites-by:${opts.accountId}`);
  const since = new Date(opts.now.getTime() - 24 * 3600_000);
  const n = await tx.outboxMail.count({
    where: { requestedBy: opts.accountId, kind: 'invite', createdAt: { gt: since } },
  });
  if (n >= opts.limit)
    throw tooMany(
      `You sent ${n} invitations in the last 24 hours; at most ${opts.limit} a day. Nothing was sent.`,
      3600,
    );
}
