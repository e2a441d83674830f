// Where mail goes: real SMTP when SMTP_URL is set, otherwise .eml files in $DATA_DIR/outbox.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Message {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  date: Date;
  /** Personal reply address for play by email (src/service/mail-sending/reply-address.ts). */
  replyTo?: string;
  /** An HTML alternative (the text stays complete for plain-text readers) and its inline images. */
  html?: string;
  inline?: { cid: string; filename: string; contentType: string; content: Buffer }[];
  /** RFC 3834: 'auto-replied' for answers to a player's mail, otherwise 'auto-generated'. */
  autoSubmitted?: 'auto-replied' | 'auto-generated';
  /** Threading (RFC 5322): this mail's Message-ID when not `<id@domain>`, what it answers, its thread. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
}

/** DKIM signing of every mail (src/service/secrets.ts loadDkimKey); no key: unsigned. */
export interface Dkim {
  selector: string;
  domain: string;
  privateKey: string;
}

function dkimOption(dkim: Dkim | undefined) {
  return dkim?.privateKey
    ? { dkim: { domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey } }
    : {};
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  send(msg: Message): Promise<void>;
  close(): void;
}

function envelope(msg: Message) {
  const domain = (msg.from.match(/@([^>\s]+)/)?.[1] ?? 'kahu.localhost').toLowerCase();
  return {
    from: msg.from,
    to: msg.to,
    subject: msg.subject,
    // CRLF line ends: nodemailer's quoted-printable wrapping counts lines by CRLF, and with bare
    // LF it breaks short lines (the :: header lines) at odd places.
    text: msg.text.replace(/\r?\n/g, '\r\n'),
    date: msg.date,
    messageId: msg.messageId ?? `<${msg.id}@${domain}>`,
    ...(msg.inReplyTo ? { inReplyTo: msg.inReplyTo } : {}),
    ...(msg.references?.length ? { references: msg.references } : {}),
    ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
    ...(msg.html
      ? {
          html: msg.html,
          attachments: (msg.inline ?? []).map((a) => ({ ...a, contentDisposition: 'inline' as const })),
        }
      : {}),
    headers: { 'X-Kahu-Mail-Id': msg.id, 'Auto-Submitted': msg.autoSubmitted ?? 'auto-generated' },
  };
}

/**
 * SMTP through nodemailer. Every stage has a timeout (connecting, the greeting, an idle socket),
 * so a server that accepts the connection and then says nothing fails the attempt instead of
 * stalling the sender; the outbox then retries it with backoff.
 */
export function smtpTransport(url: string, opts: { timeoutMs?: number; dkim?: Dkim } = {}): MailTransport {
  const timeout = opts.timeoutMs ?? 30_000;
  const t = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...dkimOption(opts.dkim),
  } as any);
  return {
    kind: 'smtp',
    async send(msg) {
      await t.sendMail(envelope(msg));
    },
    close: () => t.close(),
  };
}

/** Writes each message as an RFC 5322 .eml file; the file name sorts by time. */
export function fileTransport(dir: string, opts: { dkim?: Dkim } = {}): MailTransport {
  fs.mkdirSync(dir, { recursive: true });
  const t = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...dkimOption(opts.dkim),
  });
  return {
    kind: 'file',
    async send(msg) {
      const info = (await t.sendMail(envelope(msg))) as unknown as { message: Buffer };
      const stamp = msg.date.toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${msg.id}.eml`);
      const tmp = `${file}.tmp`;
      await fs.promises.writeFile(tmp, info.message);
      await fs.promises.rename(tmp, file);
    },
    close: () => {},
  };
}

export function createTransport(opts: {
  smtpUrl?: string;
  dataDir: string;
  smtpTimeoutMs?: number;
  dkim?: Dkim;
}): MailTransport {
  return opts.smtpUrl
    ? smtpTransport(opts.smtpUrl, { timeoutMs: opts.smtpTimeoutMs, dkim: opts.dkim })
    : fileTransport(path.join(opts.dataDir, 'outbox'), { dkim: opts.dkim });
}
