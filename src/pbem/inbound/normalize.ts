// Reading an inbound message: mailparser for MIME (HTML-only mail becomes text, attachments are
// ignored), then the commands are cut from quoted reply text and signatures, and automated mail
// (auto-replies, bounces, lists, our own mail) is recognised so that it is never answered.
import crypto from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';

export interface InboundMessage {
  messageId: string | null;
  /** Sender address (From), lowercase. */
  from: string | null;
  /** Recipients: the SMTP envelope when there is one, else To, Cc, Delivered-To, X-Original-To. */
  to: string[];
  subject: string;
  date: Date | null;
  /** The text as written, before quote and signature stripping. */
  fullText: string;
  /** The part the judge reads. */
  text: string;
  /** Why this is automated mail that must not be answered, or null. */
  automated: string | null;
  /** Why the receiving MX's Authentication-Results say the sender is forged (DKIM/SPF/DMARC fail for the From domain), or null. */
  authFailure: string | null;
  /** Positive proof of the From address: a DKIM or DMARC pass for its domain from a trusted MX, or null. */
  authPass: string | null;
  contentHash: string;
}

export interface Envelope {
  /** SMTP MAIL FROM; '' for a bounce (null return path). */
  mailFrom?: string | null;
  rcptTo?: string[];
}

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list
    .flatMap((x) => x.value.flatMap((v) => (v.address ? [v.address] : (v.group ?? []).map((g) => g.address ?? ''))))
    .filter(Boolean)
    .map((s) => s.toLowerCase());
}

function header(h: Map<string, unknown>, name: string): string {
  const v = h.get(name);
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
  return String(v);
}

/** Automated mail, by RFC 3834, Precedence, DSN/MDN reports, list headers and the null sender. */
export function automatedReason(
  h: Map<string, unknown>,
  from: string | null,
  envelope: Envelope | undefined,
  ownDomains: string[],
): string | null {
  const auto = header(h, 'auto-submitted').trim().toLowerCase();
  if (auto && auto !== 'no') return `Auto-Submitted: ${auto}`;
  const prec = header(h, 'precedence').trim().toLowerCase();
  if (/^(bulk|junk|list|auto_reply)$/.test(prec)) return `Precedence: ${prec}`;
  if (h.has('x-autoreply') || h.has('x-autorespond') || h.has('x-auto-reply')) return 'auto-reply header';
  if (/\b(all|oof|autoreply)\b/i.test(header(h, 'x-auto-response-suppress'))) return 'X-Auto-Response-Suppress';
  const ct = header(h, 'content-type').toLowerCase();
  if (
    ct.startsWith('multipart/report') ||
    ct.startsWith('message/delivery-status') ||
    ct.startsWith('message/disposition-notification')
  )
    return 'delivery or read report';
  // mailparser files List-* headers under `list`.
  if (h.has('list') || h.has('list-id') || h.has('list-unsubscribe')) return 'mailing list';
  if (
    envelope &&
    envelope.mailFrom !== undefined &&
    (envelope.mailFrom === '' || envelope.mailFrom === null || envelope.mailFrom === '<>')
  )
    return 'null return path (bounce)';
  if (!from) return 'no sender address';
  const local = from.split('@')[0];
  if (/^(mailer-daemon|postmaster|no-?reply|bounces?)$/.test(local)) return `sender ${local}`;
  if (ownDomains.includes(from.split('@')[1] ?? '')) return 'mail from the judge itself';
  return null;
}

/**
 * The verdict of the MX that received the message (RFC 8601 Authentication-Results), for the
 * From domain: DMARC fail, or DKIM / SPF fail for that domain without a DKIM pass for it.
 * Without the header (a direct SMTP delivery, a webhook without verdicts) nothing is concluded.
 */
export function authFailure(h: Map<string, unknown>, from: string | null): string | null {
  const raw = h.get('authentication-results');
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) =>
    String(typeof v === 'object' && v && 'value' in (v as object) ? (v as { value: unknown }).value : v).toLowerCase(),
  );
  if (!values.length || !from) return null;
  const domain = from.split('@')[1] ?? '';
  const all = values.join(';');
  const results = [...all.matchAll(/\b(dkim|spf|dmarc)=(\w+)([^;]*)/g)].map((m) => ({
    method: m[1]!,
    result: m[2]!,
    props: m[3]!,
  }));
  const forDomain = (props: string) => props.includes(domain);
  if (results.some((r) => r.method === 'dkim' && r.result === 'pass' && forDomain(r.props))) return null;
  const dmarc = results.find((r) => r.method === 'dmarc' && r.result === 'fail');
  if (dmarc) return 'DMARC fail';
  const bad = results.find(
    (r) =>
      (r.method === 'dkim' || r.method === 'spf') &&
      (r.result === 'fail' || r.result === 'softfail' || r.result === 'permerror') &&
      (forDomain(r.props) || !r.props.includes('.')),
  );
  return bad ? `${bad.method.toUpperCase()} ${bad.result} for ${domain}` : null;
}

/**
 * Proof that the From address is the sender's, for mail that carries no personal reply token (to
 * the judge's own address): an Authentication-Results header written by a trusted MX (its
 * authserv-id is in `trusted`; an MX strips such headers from incoming mail, RFC 8601 §5) with
 * dmarc=pass for the From domain, or dkim=pass signed by it. Anything less proves nothing.
 */
export function authPass(h: Map<string, unknown>, from: string | null, trusted: string[]): string | null {
  if (!from || !trusted.length) return null;
  const raw = h.get('authentication-results');
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) =>
    String(typeof v === 'object' && v && 'value' in (v as object) ? (v as { value: unknown }).value : v).toLowerCase(),
  );
  const domain = from.split('@')[1] ?? '';
  for (const v of values) {
    const [servId, ...rest] = v.split(';');
    if (!trusted.includes(servId.trim().split(/\s+/)[0] ?? '')) continue;
    for (const r of rest) {
      const m = /^\s*(dkim|dmarc)=pass\b(.*)$/s.exec(r);
      if (!m) continue;
      const prop =
        m[1] === 'dmarc'
          ? /header\.from=([^\s;()]+)/.exec(m[2])
          : (/header\.d=([^\s;()]+)/.exec(m[2]) ?? /header\.i=[^@\s]*@([^\s;()]+)/.exec(m[2]));
      if (prop && prop[1] === domain) return `${m[1].toUpperCase()} pass for ${domain} (${servId.trim()})`;
    }
  }
  return null;
}

/** Cut quoted text, reply headers and signatures: what is left is what the player wrote now. */
export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.trim();
    if (/^--\s*$/.test(l) || /^(-{2,}|_{2,})\s*(original message|forwarded message)/i.test(t) || /^_{20,}$/.test(t))
      break;
    if (/^(sent from my|get outlook for)\b/i.test(t)) break;
    // "On Mon, 3 Mar 2025 at 10:00, kahu judge <...> wrote:" (possibly wrapped onto two lines)
    if (/^(on|le|am|el|il)\s.+(wrote|écrit|schrieb|escribió|scritto)\s*:$/i.test(t)) break;
    if (
      /^(on|le|am|el|il)\s/i.test(t) &&
      i + 1 < lines.length &&
      /(wrote|écrit|schrieb|escribió|scritto)\s*:$/i.test(lines[i + 1].trim()) &&
      !lines[i + 1].trim().startsWith('>')
    )
      break;
    // Outlook: a "From:" block followed by "Sent:"/"Date:".
    if (/^from:\s/i.test(t) && i + 1 < lines.length && /^(sent|date):\s/i.test(lines[i + 1].trim())) break;
    if (t.startsWith('>')) continue;
    kept.push(l);
  }
  return kept.join('\n');
}

export async function readMessage(
  raw: Buffer,
  envelope: Envelope | undefined,
  ownDomains: string[],
  trustedAuthServ: string[] = [],
): Promise<InboundMessage> {
  const m = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const from = addresses(m.from)[0] ?? null;
  const h = m.headers as Map<string, unknown>;
  const headerTo = [
    ...addresses(m.to),
    ...addresses(m.cc),
    ...[header(h, 'delivered-to'), header(h, 'x-original-to')]
      .filter(Boolean)
      .map((s) => s.toLowerCase().replace(/[<>]/g, '').trim()),
  ];
  const to = envelope?.rcptTo?.length ? envelope.rcptTo.map((s) => s.toLowerCase()) : [...new Set(headerTo)];
  // HTML-only mail: mailparser turns the HTML into text (m.text); attachments are never read.
  const fullText = (m.text ?? '').replace(/\r\n?/g, '\n');
  const subject = m.subject ?? '';
  const date = m.date && !Number.isNaN(m.date.getTime()) ? m.date : null;
  const messageId = m.messageId ? m.messageId.replace(/^<|>$/g, '').trim().slice(0, 500) || null : null;
  const contentHash = crypto
    .createHash('sha256')
    .update(JSON.stringify([from, [...to].sort(), subject, date?.toISOString() ?? null, fullText]))
    .digest('hex');
  return {
    messageId,
    from,
    to,
    subject,
    date,
    fullText,
    text: stripReply(fullText),
    automated: automatedReason(h, from, envelope, ownDomains),
    authFailure: authFailure(h, from),
    authPass: authPass(h, from, trustedAuthServ),
    contentHash,
  };
}

/** Only the header block, for a message too large to read: who sent it and whether it is automated. */
export async function readHeadersOnly(
  raw: Buffer,
  envelope: Envelope | undefined,
  ownDomains: string[],
  trustedAuthServ: string[] = [],
): Promise<InboundMessage> {
  const s = raw.toString('latin1');
  const end = s.search(/\r?\n\r?\n/);
  const head = Buffer.from((end >= 0 ? s.slice(0, end) : s.slice(0, 64 * 1024)) + '\r\n\r\n', 'latin1');
  const msg = await readMessage(head, envelope, ownDomains, trustedAuthServ);
  const contentHash = crypto.createHash('sha256').update(raw).digest('hex');
  return { ...msg, text: '', fullText: '', contentHash };
}
