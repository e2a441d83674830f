// Play-by-email test rig: the real service with its SMTP listener, players who send real SMTP
// messages with nodemailer, and the outbox delivered as .eml files that are read back like a
// mailbox (Reply-To and all). DNS is the rig's own zone (`dns`): the listener checks SPF, DKIM and
// DMARC against it, never the network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { simpleParser } from 'mailparser';
import type { DNSResolver } from 'mailauth';
import { startInboundSmtp, type InboundSmtp } from '../../src/pbem/inbound/listener.ts';
import { sendPendingMail } from '../../src/service/mail-sending/sender.ts';
import { fileTransport } from '../../src/service/mail-sending/transport.ts';
import { loadDkimKey } from '../../src/service/secrets.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

export const DOMAIN = 'play.kahu.test';
export const WEBHOOK_SECRET = 'webhook-secret-for-tests-0123456789';

export interface Received {
  seq: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  replyTo: string | null;
  messageId: string;
  /** The HTML alternative, if any, and the images it shows inline (by Content-ID). */
  html: string | null;
  images: { cid: string; contentType: string; content: Buffer }[];
  autoSubmitted: string;
  inReplyTo: string | null;
  references: string[];
  /** The message as written to the outbox, DKIM-Signature and all. */
  raw: Buffer;
}

/** TXT records by lowercase name: what the listener's DNS answers. */
export type Zone = Map<string, string[]>;

export function zoneResolver(zone: Zone): DNSResolver {
  return async (name, type) => {
    const key = name.toLowerCase().replace(/\.$/, '');
    const records = type === 'TXT' ? zone.get(key) : undefined;
    if (!records)
      throw Object.assign(new Error(`${type} ${name}: no record`), { code: zone.has(key) ? 'ENODATA' : 'ENOTFOUND' });
    return records.map((r) => [r]);
  };
}

export interface EmailRig {
  t: TestService;
  smtp: InboundSmtp;
  /** The DNS the listener sees; tests add and remove records. */
  dns: Zone;
  /** Send over real SMTP to the listener. */
  send(mail: SendMailOptions): Promise<void>;
  /** Deliver the outbox and read what an address received (oldest first). */
  inbox(address: string, kind?: string): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startEmailRig(env: Record<string, string> = {}): Promise<EmailRig> {
  const t = await startTestService({
    env: {
      INBOUND_SMTP_PORT: '0',
      INBOUND_DOMAIN: DOMAIN,
      INBOUND_WEBHOOK_SECRET: WEBHOOK_SECRET,
      REPLY_SECRET: 'reply-secret-for-tests-0123456789',
      MAIL_FROM: 'kahu judge <judge@kahu.test>',
      ...env,
    },
  });
  const dns: Zone = new Map();
  const smtp = await startInboundSmtp(t.ctx, { port: 0, host: '127.0.0.1', resolver: zoneResolver(dns) });
  await loadDkimKey(t.config, t.ctx.pool);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-email-'));
  const outbox = fileTransport(dir, { dkim: t.config.dkim });
  const client = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
  const read = new Map<string, Received>();
  return {
    t,
    smtp,
    dns,
    async send(mail) {
      await client.sendMail(mail);
    },
    async inbox(address, kind) {
      await sendPendingMail(t.ctx, outbox, { limit: 10_000 });
      for (const f of fs.readdirSync(dir)) {
        if (read.has(f) || !f.endsWith('.eml')) continue;
        const raw = fs.readFileSync(path.join(dir, f));
        const p = await simpleParser(raw, { keepCidLinks: true });
        const id = String(p.headers.get('x-kahu-mail-id'));
        const row = await t.db.outboxMail.findUniqueOrThrow({ where: { id } });
        const replyTo = p.replyTo && 'value' in p.replyTo ? (p.replyTo.value[0]?.address ?? null) : null;
        const images = p.attachments
          .filter((a) => a.contentId)
          .map((a) => ({
            cid: String(a.contentId).replace(/^<|>$/g, ''),
            contentType: a.contentType,
            content: a.content,
          }));
        read.set(f, {
          seq: row.seq,
          kind: row.kind,
          to: row.toAddress,
          subject: p.subject ?? '',
          text: p.text ?? '',
          replyTo,
          messageId: p.messageId ?? '',
          html: typeof p.html === 'string' ? p.html : null,
          images,
          autoSubmitted: String(p.headers.get('auto-submitted') ?? ''),
          inReplyTo: p.inReplyTo ?? null,
          references: Array.isArray(p.references) ? p.references : p.references ? [p.references] : [],
          raw,
        });
      }
      return [...read.values()]
        .filter((m) => m.to === address.toLowerCase() && (!kind || m.kind === kind))
        .sort((a, b) => a.seq - b.seq);
    },
    async close() {
      client.close();
      await smtp.close();
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest mail of a kind to an address. */
export async function last(rig: EmailRig, address: string, kind: string): Promise<Received> {
  const list = await rig.inbox(address, kind);
  if (!list.length) throw new Error(`no ${kind} mail to ${address}`);
  return list[list.length - 1];
}
