// Mail is written to the outbox table in the same transaction as the change it reports, and sent
// later by the mail job (src/jobs/mail.ts), so no mail is lost or sent for a rolled-back change.
import type { Tx } from '../db/client.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  gameId?: string | null;
  /** The reader's map of this phase, drawn when the mail is sent and shown inline above the text. */
  map?: { phaseId: string; viewer: string };
}

export async function queueMail(tx: Tx, mails: OutgoingMail | OutgoingMail[], now: Date): Promise<number> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return 0;
  const r = await tx.outboxMail.createMany({
    data: list.map((m) => ({ toAddress: m.to, subject: m.subject, body: m.body, kind: m.kind, gameId: m.gameId ?? null, mapPhaseId: m.map?.phaseId ?? null, mapViewer: m.map?.viewer ?? null, createdAt: now, nextAttemptAt: now })),
  });
  return r.count;
}
