// The safety net, run by every worker every SWEEP_SECONDS: adjudicate phases whose time passed
// without their job, send reminders before deadlines, and wake the mail sender.
import { queueMail } from '../mail/outbox.ts';
import { reminderMail } from '../mail/game-mail.ts';
import { activePlayers, loadGame, policyOf } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { BATCH_SIZE, duePhaseIds, processPhases, type ProcessResult } from './phases.ts';

/**
 * One reminder per phase to each player without orders, `reminderMinutes` before the deadline but
 * never earlier than the last third of the phase: a 3-minute phase reminds once, a minute before
 * its deadline. Never after the deadline (nor, so, after the results), never in a paused game.
 */
export async function sendReminders(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db.$queryRawUnsafe<{ id: string; gameId: string }[]>(
    `SELECT p.id, p."gameId" FROM "Phase" p JOIN "Game" g ON g.id = p."gameId"
      WHERE p.status = 'open' AND g.status = 'active' AND p."remindedAt" IS NULL AND p."deadlineAt" > $1
        AND p."deadlineAt" <= $1::timestamp + LEAST(make_interval(mins => COALESCE((g.deadlines->>'reminderMinutes')::int, 60)), (p."deadlineAt" - p."openedAt") / 3)
        AND COALESCE((g.deadlines->>'reminderMinutes')::int, 60) > 0
      LIMIT 500`,
    now,
  );
  let sent = 0;
  for (const c of candidates) {
    sent += await ctx.db.$transaction(async (tx) => {
      const claimed = await tx.phase.updateMany({
        where: { id: c.id, remindedAt: null, status: 'open' },
        data: { remindedAt: now },
      });
      if (claimed.count === 0) return 0; // another worker did it
      const phase = await tx.phase.findUniqueOrThrow({ where: { id: c.id }, include: { readiness: true } });
      const game = await loadGame(tx, c.gameId);
      void policyOf(game);
      const missing = activePlayers(game).filter(
        (p) => phase.expected.includes(p.role!) && !phase.readiness.find((r) => r.role === p.role)?.submitted,
      );
      await queueMail(
        tx,
        missing.map((p) =>
          reminderMail(
            ctx.config,
            game,
            { email: p.account.email, timeZone: p.account.timeZone, viewer: { kind: 'player', role: p.role! } },
            phase,
          ),
        ),
        now,
      );
      return missing.length;
    });
  }
  if (sent) await afterCommit(ctx, { mail: true });
  return sent;
}

export interface SweepResult {
  processed: number;
  reminders: number;
}

export async function sweep(ctx: Ctx, opts: { concurrency?: number } = {}): Promise<SweepResult> {
  const ids = await duePhaseIds(ctx);
  const results = await adjudicateInBatches(ctx, ids, opts.concurrency ?? 4);
  const processed = [...results.values()].filter((r) => r.status === 'processed').length;
  const reminders = await sendReminders(ctx);
  return { processed, reminders };
}

/** Adjudicate these phases in batches of BATCH_SIZE, `concurrency` batches at a time. */
export async function adjudicateInBatches(
  ctx: Ctx,
  phaseIds: string[],
  concurrency: number,
): Promise<Map<string, ProcessResult>> {
  const ids = [...new Set(phaseIds)];
  // Enough batches to keep every slot busy, none larger than BATCH_SIZE.
  const size = Math.max(1, Math.min(BATCH_SIZE, Math.ceil(ids.length / concurrency)));
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  const results = new Map<string, ProcessResult>();
  const queue = [...batches];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let b = queue.shift(); b; b = queue.shift()) {
        try {
          for (const [id, r] of await processPhases(ctx, b)) results.set(id, r);
        } catch (err) {
          ctx.log.error({ err, phases: b.length }, 'sweep: adjudication failed');
        }
      }
    }),
  );
  return results;
}
