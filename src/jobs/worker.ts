// The worker: deadline jobs, the mail sender, the sweep and the hourly digests. Several workers may run at once.
import type PgBoss from 'pg-boss';
import { sendPendingMail } from '../service/mail-sending/sender.ts';
import type { MailTransport } from '../service/mail-sending/transport.ts';
import type { Ctx } from '../service/context.ts';
import { sendDigests } from '../service/digest.ts';
import { processPhase } from '../service/phases.ts';
import { adjudicateInBatches, sweep } from '../service/sweep.ts';
import { BATCH_SIZE } from '../service/phases.ts';
import { scheduleBackups } from './backups.ts';
import { QUEUES } from './queues.ts';

// Deadlines come first: while this process adjudicates (and for a second after, when the next
// fetch of a storm may come), its mail (drawing maps costs CPU) waits before each message, for at
// most MAIL_YIELD_MS in all, so a storm of deadlines is not slowed by the mail it produces.
let adjudicating = 0;
let lastAdjudication = 0;
export const MAIL_YIELD_MS = 20_000;

async function deadlinesFirst(until: number): Promise<void> {
  while ((adjudicating > 0 || Date.now() - lastAdjudication < 1000) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 50));
}

/** Deadline job: adjudicate if due; if the phase's time moved later, re-arm for the new time. */
export async function handleDeadlineJob(ctx: Ctx, data: { phaseId: string }): Promise<string> {
  adjudicating++;
  try {
    const r = await processPhase(ctx, data.phaseId);
    if (r.status === 'not-due' && r.wakeAt && ctx.jobs) await ctx.jobs.deadline(data.phaseId, r.wakeAt);
    return r.status;
  } finally {
    adjudicating--;
    lastAdjudication = Date.now();
  }
}

/** Deadline jobs fetched together: adjudicated in batches; a phase whose time moved later is re-armed. */
export async function handleDeadlineJobs(ctx: Ctx, phaseIds: string[]): Promise<void> {
  adjudicating++;
  try {
    const results = await adjudicateInBatches(ctx, phaseIds, ctx.config.workerConcurrency);
    for (const [phaseId, r] of results)
      if (r.status === 'not-due' && r.wakeAt && ctx.jobs) await ctx.jobs.deadline(phaseId, r.wakeAt);
  } finally {
    adjudicating--;
    lastAdjudication = Date.now();
  }
}

export async function handleMailJob(ctx: Ctx, transport: MailTransport): Promise<number> {
  const until = Date.now() + MAIL_YIELD_MS;
  await deadlinesFirst(until);
  let total = 0;
  for (;;) {
    const r = await sendPendingMail(ctx, transport, { limit: 100, beforeEach: () => deadlinesFirst(until) });
    total += r.sent;
    if (r.sent + r.failed < 100) return total;
  }
}

export interface Worker {
  stop(): Promise<void>;
}

export async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let x = queue.shift(); x !== undefined; x = queue.shift()) await fn(x);
    }),
  );
}

export async function startWorker(ctx: Ctx, boss: PgBoss, transport: MailTransport): Promise<Worker> {
  const concurrency = ctx.config.workerConcurrency;
  let stopped = false;
  // Every handler run is tracked, so stop() can wait for them all. A batch that pg-boss fetched while
  // stop() ran is refused at once: its jobs fail back to the queue for a retry (the sweep covers
  // them too) instead of staying "active" under a process that is leaving.
  const inFlight = new Set<Promise<unknown>>();
  const guarded =
    <J>(fn: (jobs: J) => Promise<void>) =>
    async (jobs: J) => {
      if (stopped) throw new Error('kahu is shutting down: retry elsewhere');
      const p = fn(jobs);
      inFlight.add(p);
      try {
        await p;
      } finally {
        inFlight.delete(p);
      }
    };
  // pg-boss waits out its polling interval after a quick fetch, so fetch many jobs at once and
  // adjudicate them in batches, `concurrency` batches at a time. A failing phase is logged; the
  // sweep retries it.
  await boss.work<{ phaseId: string }>(
    QUEUES.deadline,
    { batchSize: concurrency * BATCH_SIZE, pollingIntervalSeconds: 0.5 },
    guarded(async (jobs) => {
      await handleDeadlineJobs(
        ctx,
        jobs.map((j) => j.data.phaseId),
      );
    }),
  );
  await boss.work(
    QUEUES.mail,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    guarded(async () => {
      await handleMailJob(ctx, transport);
    }),
  );
  await boss.work(
    QUEUES.sweep,
    { batchSize: 1 },
    guarded(async () => {
      await runSweep(ctx, transport);
    }),
  );
  await boss.schedule(QUEUES.sweep, '* * * * *');
  // Every hour: each digest reader whose local digest hour has passed since their last one. A
  // digest is claimed in the database, so several workers (or a retried job) send it once.
  await boss.work(
    QUEUES.digest,
    { batchSize: 1 },
    guarded(async () => {
      const r = await sendDigests(ctx);
      if (r.claimed) ctx.log.info(r, 'digests');
    }),
  );
  await boss.schedule(QUEUES.digest, '0 * * * *');

  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || stopped) return running;
    running = (async () => {
      try {
        await runSweep(ctx, transport);
      } catch (err) {
        ctx.log.error({ err }, 'sweep failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(tick, ctx.config.sweepSeconds * 1000);
  void tick();
  const backups = scheduleBackups(ctx);
  return {
    /** No new fetch, sweep or handler starts; those under way (adjudications, mail) finish first. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(Object.values(QUEUES).map((q) => boss.offWork(q)));
      await Promise.all([running, backups.stop()]);
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export async function runSweep(ctx: Ctx, transport: MailTransport) {
  adjudicating++;
  let r: Awaited<ReturnType<typeof sweep>>;
  try {
    r = await sweep(ctx, { concurrency: ctx.config.workerConcurrency });
  } finally {
    adjudicating--;
  }
  if (r.processed) lastAdjudication = Date.now();
  if (r.processed || r.reminders) ctx.log.info(r, 'sweep');
  await handleMailJob(ctx, transport);
  return r;
}
