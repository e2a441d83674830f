// What every service function gets: the database, the clock, the configuration, a logger, and
// a way to wake the job worker after a commit (jobs are also found by the sweep, so a lost wake-up
// only delays work).
import type { Logger } from 'pino';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

export interface JobQueue {
  /** A phase should be looked at (adjudicated) at `at`. */
  deadline(phaseId: string, at: Date): Promise<void>;
  /** Many phases at once (a batch of adjudications): one statement instead of one per phase. */
  deadlines?(list: { phaseId: string; at: Date }[]): Promise<void>;
  /** New mail is waiting in the outbox. */
  mail(): Promise<void>;
}

export interface Ctx {
  db: Db;
  /** node-postgres pool for the hot paths written in SQL (order submission, authentication). */
  pool: pg.Pool;
  clock: Clock;
  config: Config;
  log: Logger;
  jobs?: JobQueue;
}

/** Wake the worker for what a transaction produced, after it committed. Never throws. */
export async function afterCommit(
  ctx: Ctx,
  wake: { deadlines?: { phaseId: string; at: Date }[]; mail?: boolean },
): Promise<void> {
  if (!ctx.jobs) return;
  try {
    const deadlines = wake.deadlines ?? [];
    if (deadlines.length > 1 && ctx.jobs.deadlines) await ctx.jobs.deadlines(deadlines);
    else for (const d of deadlines) await ctx.jobs.deadline(d.phaseId, d.at);
    if (wake.mail) await ctx.jobs.mail();
  } catch (err) {
    ctx.log.warn({ err }, 'could not queue a job; the sweep will catch up');
  }
}
