// Sends what waits in the outbox: claims a batch (SKIP LOCKED + a lease, so several workers never
// send the same mail), sends, and records the result; failures are retried with backoff. After
// MAX_ATTEMPTS a mail is marked failed: the game's moderator sees it (GET /games/{id}/mail) and
// can send it again (POST /games/{id}/mail/{mailId}/resend).
import crypto from 'node:crypto';
import type { Ctx } from '../context.ts';
import type { MailTransport } from './transport.ts';
import { replyAddresses } from './reply-to.ts';
import { mailMap } from '../maps.ts';
import { viewerOfKey } from '../../mail/game-mail.ts';

export const MAX_ATTEMPTS = 8;
export const LEASE_MS = 5 * 60_000;

/** Delay before attempt n+1 after n failures: 1, 2, 4 ... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** The server could not be reached at all (refused, timed out, DNS): the rest of the batch would fail too. */
export function isConnectionFailure(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  const code = String(e?.code ?? '');
  return (
    [
      'ECONNECTION',
      'ETIMEDOUT',
      'ESOCKET',
      'ECONNREFUSED',
      'ECONNRESET',
      'EDNS',
      'ETLS',
      'EHOSTUNREACH',
      'ENOTFOUND',
      'EPIPE',
    ].includes(code) || /timeout|ECONNREFUSED/i.test(String(e?.message ?? ''))
  );
}

/** What an error says, for the log and the outbox's lastError. */
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

interface Claimed {
  id: string;
  seq: number;
  toAddress: string;
  subject: string;
  body: string;
  kind: string;
  attempts: number;
  createdAt: Date;
  gameId: string | null;
  mapPhaseId: string | null;
  mapViewer: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A write after a successful send: retried for a while, so a database hiccup does not make the mail go out twice. */
async function persist(fn: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fn();
      return;
    } catch (err) {
      if (attempt >= 12) throw err;
      await sleep(Math.min(250 * attempt, 5_000));
    }
  }
}

export async function sendPendingMail(
  ctx: Ctx,
  transport: MailTransport,
  opts: { limit?: number; beforeEach?: () => Promise<void> } = {},
): Promise<{ sent: number; failed: number }> {
  const now = ctx.clock.now();
  const limit = opts.limit ?? 100;
  const claimedAt = performance.now();
  const rows = await ctx.db.$queryRawUnsafe<Claimed[]>(
    `UPDATE "OutboxMail" SET "lockedUntil" = $1
       WHERE id IN (SELECT id FROM "OutboxMail"
                     WHERE status = 'pending' AND "nextAttemptAt" <= $2 AND ("lockedUntil" IS NULL OR "lockedUntil" < $2)
                     ORDER BY seq LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, seq, "toAddress", subject, body, kind, attempts, "createdAt", "gameId", "mapPhaseId", "mapViewer"`,
    new Date(now.getTime() + LEASE_MS),
    now,
    limit,
  );
  let sent = 0;
  let failed = 0;
  const queue = rows.sort((a, b) => a.seq - b.seq);
  const replyTo = await replyAddresses(
    ctx,
    queue.map((r) => r.id),
  );
  // One drawing per phase and reader in a batch: a results mail goes to every player at once.
  const maps = new Map<string, Promise<{ png: Buffer; title: string; width: number } | null>>();
  for (let i = 0; i < queue.length; i++) {
    const m = queue[i];
    // Never send past half the lease: another worker may claim the mail once it runs out.
    if (performance.now() - claimedAt > LEASE_MS / 2) {
      await release(ctx, queue.slice(i));
      break;
    }
    // The worker's deadlines first (src/jobs/worker.ts): drawing the map costs CPU.
    if (opts.beforeEach) await opts.beforeEach();
    try {
      const pictured = await withMap(ctx, m, maps);
      const threading = threadOf(ctx.config.mailFrom, m);
      await transport.send({
        id: m.id,
        from: ctx.config.mailFrom,
        to: m.toAddress,
        subject: m.subject,
        text: m.body,
        date: m.createdAt,
        replyTo: replyTo.get(m.id),
        autoSubmitted: m.kind === 'email-reply' || m.kind === 'email-refused' ? 'auto-replied' : 'auto-generated',
        ...threading,
        ...pictured,
      });
    } catch (err) {
      failed++;
      const attempts = m.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      ctx.log.warn(
        { mailId: m.id, attempts, err: messageOf(err) },
        giveUp ? 'mail failed for good; the moderator can resend it' : 'mail failed, will retry',
      );
      await ctx.db.outboxMail.update({
        where: { id: m.id },
        data: {
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError: messageOf(err).slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: new Date(ctx.clock.now().getTime() + backoffMs(attempts)),
        },
      });
      // The server is unreachable: the rest of the batch would only wait out the same timeout.
      // Release it untouched (no attempt counted); the next run tries again.
      if (isConnectionFailure(err)) {
        await release(ctx, queue.slice(i + 1));
        break;
      }
      continue;
    }
    // A sent mail keeps no secret: every token and sign-in or registration code in it is blanked in the outbox.
    const blanked = blankSecrets(m.body);
    const body = blanked !== m.body ? blanked : undefined;
    await persist(() =>
      ctx.db.outboxMail.update({
        where: { id: m.id },
        data: {
          status: 'sent',
          sentAt: ctx.clock.now(),
          attempts: m.attempts + 1,
          lockedUntil: null,
          lastError: null,
          ...(body !== undefined ? { body } : {}),
        },
      }),
    );
    sent++;
  }
  return { sent, failed };
}

async function release(ctx: Ctx, rows: Claimed[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.outboxMail.updateMany({
    where: { id: { in: rows.map((r) => r.id) }, status: 'pending' },
    data: { lockedUntil: null },
  });
}

/**
 * Every mail of one game to one reader is one thread: the start mail's Message-ID is the thread's
 * root, and every later mail names it in References (and In-Reply-To); an answer to a player's mail
 * replies to that mail too.
 */
export function threadOf(
  mailFrom: string,
  m: { id: string; kind: string; gameId: string | null; toAddress: string; body: string },
) {
  const domain = (mailFrom.match(/@([^>\s]+)/)?.[1] ?? 'kahu.localhost').toLowerCase();
  const answered = /^:: In-Reply-To: (<[^>\s]+>)\s*$/m.exec(m.body)?.[1];
  const root = m.gameId
    ? `<game-${m.gameId}.${crypto.createHash('sha256').update(m.toAddress.toLowerCase()).digest('hex').slice(0, 16)}@${domain}>`
    : undefined;
  if (root && m.kind === 'start') return { messageId: root };
  const references = [root, answered].filter((x): x is string => !!x);
  return references.length ? { inReplyTo: answered ?? root, references } : {};
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML alternative of a game mail: its map inline, a link to the game's page, then the full text. */
async function withMap(
  ctx: Ctx,
  m: Claimed,
  maps: Map<string, Promise<{ png: Buffer; title: string; width: number } | null>>,
): Promise<{ html?: string; inline?: { cid: string; filename: string; contentType: string; content: Buffer }[] }> {
  if (!m.mapPhaseId || !m.mapViewer) return {};
  const key = `${m.mapPhaseId} ${m.mapViewer}`;
  if (!maps.has(key))
    maps.set(
      key,
      mailMap(ctx, m.mapPhaseId, viewerOfKey(m.mapViewer)).catch((err) => {
        // A map that cannot be drawn must not hold the mail back: the text is complete without it.
        ctx.log.warn({ mailId: m.id, err: err?.message }, 'could not draw the map for a mail; sending the text alone');
        return null;
      }),
    );
  const map = await maps.get(key)!;
  if (!map) return {};
  const page = `${ctx.config.publicUrl}/#/games/${m.gameId}`;
  const html =
    '<!doctype html><html><body>' +
    `<p><a href="${escapeHtml(page)}"><img src="cid:map@kahu" alt="${escapeHtml(`Map: ${map.title}`)}" width="${map.width}" style="max-width:100%;height:auto"></a></p>` +
    `<p><a href="${escapeHtml(page)}">Open the game in your browser</a></p>` +
    `<pre style="font-family:monospace;white-space:pre-wrap">${escapeHtml(m.body)}</pre>` +
    '</body></html>';
  return { html, inline: [{ cid: 'map@kahu', filename: 'map.png', contentType: 'image/png', content: map.png }] };
}

/**
 * The mail text with every credential replaced: API tokens and the codes of sign-in and
 * registration links (`#signin=…`). What the outbox keeps once the mail is sent; the migration
 * 20261128010000_blank_sent_codes applies the same patterns to mail sent before.
 */
export function blankSecrets(body: string): string {
  return body
    .replace(/kahu_[A-Za-z0-9_-]{43}/g, 'kahu_[removed once sent]')
    .replace(/#signin=[A-Za-z0-9_-]+/g, '#signin=[removed once sent]');
}
