// The worker: deadline jobs, the mail sender and the sweep. Several workers may run at once.
import type PgBoss from 'pg-boss';
import { sendPendingMail } from '../mail/sender.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Ctx } from '../service/context.ts';
import { processPhase } from '../service/phases.ts';
import { sweep } from '../service/sweep.ts';
import { QUEUES } from './queues.ts';

/** Deadline job: adjudicate if due; if the phase's time moved later, re-arm for the new time. */
export async function handleDeadlineJob(ctx: Ctx, data: { phaseId: string }): Promise<string> {
  const r = await processPhase(ctx, data.phaseId);
  if (r.status === 'not-due' && r.wakeAt && ctx.jobs) await ctx.jobs.deadline(data.phaseId, r.wakeAt);
  return r.status;
}

export async function handleMailJob(ctx: Ctx, transport: MailTransport): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await sendPendingMail(ctx, transport, { limit: 100 });
    total += r.sent;
    if (r.sent + r.failed < 100) return total;
  }
}

export interface Worker { stop(): Promise<void> }

export async function startWorker(ctx: Ctx, boss: PgBoss, transport: MailTransport): Promise<Worker> {
  const concurrency = ctx.config.workerConcurrency;
  for (let i = 0; i < concurrency; i++) {
    await boss.work<{ phaseId: string }>(QUEUES.deadline, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await handleDeadlineJob(ctx, job.data);
    });
  }
  await boss.work(QUEUES.mail, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    await handleMailJob(ctx, transport);
  });
  await boss.work(QUEUES.sweep, { batchSize: 1 }, async () => {
    await runSweep(ctx, transport);
  });
  await boss.schedule(QUEUES.sweep, '* * * * *');

  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runSweep(ctx, transport);
    } catch (err) {
      ctx.log.error({ err }, 'sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, ctx.config.sweepSeconds * 1000);
  void tick();
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}

export async function runSweep(ctx: Ctx, transport: MailTransport) {
  const r = await sweep(ctx, { concurrency: ctx.config.workerConcurrency });
  if (r.processed || r.reminders) ctx.log.info(r, 'sweep');
  await handleMailJob(ctx, transport);
  return r;
}
