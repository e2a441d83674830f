// pg-boss queues: `deadline` (adjudicate a phase at its due time), `mail` (send the outbox),
// `sweep` (cron safety net), `digest` (hourly: the daily digests whose local day is due). Jobs only say "look at this"; the handlers re-check everything in
// the database, so a duplicate or early job does no harm and a lost one is caught by the sweep.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobQueue } from '../service/context.ts';

export const QUEUES = { deadline: 'deadline', mail: 'mail', sweep: 'sweep', digest: 'digest' } as const;

/** Advisory lock key held while a process sets up pg-boss (the migrations use 72707369). */
const BOSS_SETUP_LOCK = 72707370;

export async function createBoss(
  url: string,
  opts: { worker: boolean; max?: number; onError?: (err: Error) => void },
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: opts.max ?? 4,
    supervise: opts.worker,
    schedule: opts.worker,
    migrate: true,
  });
  // pg-boss reports lost connections and failed maintenance as 'error' events: log them, never crash.
  boss.on('error', opts.onError ?? (() => {}));
  // Processes starting together deadlock in pg-boss's queue creation: one at a time.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [BOSS_SETUP_LOCK]);
    await boss.start();
    await boss.createQueue(QUEUES.deadline, {
      name: QUEUES.deadline,
      policy: 'standard',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
    });
    await boss.createQueue(QUEUES.mail, { name: QUEUES.mail, policy: 'stately', retryLimit: 3, retryDelay: 30 });
    await boss.createQueue(QUEUES.sweep, { name: QUEUES.sweep, policy: 'stately' });
    await boss.createQueue(QUEUES.digest, { name: QUEUES.digest, policy: 'stately', retryLimit: 3, retryDelay: 60 });
  } finally {
    await lock.end();
  }
  return boss;
}

/** The service's view of the queue: what to wake after a commit. */
export function bossQueue(boss: PgBoss): JobQueue {
  // Mail wake-ups are coalesced: at most one job a second per process (the sender drains the
  // whole outbox, and the sweep flushes it too), instead of one per submission.
  let lastMail = 0;
  let trailing: NodeJS.Timeout | null = null;
  const sendMail = () => boss.send(QUEUES.mail, {}, { singletonKey: 'outbox' });
  return {
    async deadline(phaseId, at) {
      await boss.send(QUEUES.deadline, { phaseId }, { startAfter: at, singletonKey: `${phaseId}:${at.getTime()}` });
    },
    async deadlines(list) {
      await boss.insert(
        list.map((d) => ({
          name: QUEUES.deadline,
          data: { phaseId: d.phaseId },
          startAfter: d.at,
          singletonKey: `${d.phaseId}:${d.at.getTime()}`,
        })),
      );
    },
    async mail() {
      const now = Date.now();
      if (now - lastMail >= 1000) {
        lastMail = now;
        await sendMail();
      } else if (!trailing) {
        trailing = setTimeout(
          () => {
            trailing = null;
            lastMail = Date.now();
            sendMail().catch(() => {});
          },
          1000 - (now - lastMail),
        );
        trailing.unref();
      }
    },
  };
}
