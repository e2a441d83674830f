// Mail is written to the outbox table in the same transaction as the change it reports, and sent
// later by the mail job (src/jobs/mail.ts), so no mail is lost or sent for a rolled-back change.
import type { Tx } from '../db/client.ts';
import { insertRows } from '../db/rows.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  gameId?: string | null;
  /** The reader's map of this phase, drawn when the mail is sent and shown inline above the text. */
  map?: { phaseId: string; viewer: string };
  /** The account whose request made the judge write to someone else (an invitation): limits count these, and they outlive the game. */
  requestedBy?: string | null;
}

export async function queueMail(tx: Tx, mails: OutgoingMail | OutgoingMail[], now: Date): Promise<number> {
  const list = Array.isArray(mails) ? mails : [mails];
  if (list.length === 0) return 0;
  // One statement for any number of mails (a deadline storm queues thousands).
  return insertRows(
    tx,
    'OutboxMail',
    {
      toAddress: 'text',
      subject: 'text',
      body: 'text',
      kind: 'text',
      gameId: 'uuid',
      mapPhaseId: 'uuid',
      mapViewer: 'text',
      requestedBy: 'uuid',
      createdAt: 'timestamp',
      nextAttemptAt: 'timestamp',
    },
    list.map((m) => ({
      toAddress: m.to,
      subject: m.subject,
      body: m.body,
      kind: m.kind,
      gameId: m.gameId ?? null,
      mapPhaseId: m.map?.phaseId ?? null,
      mapViewer: m.map?.viewer ?? null,
      requestedBy: m.requestedBy ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}
