// The mail path: outbox rows are sent over a real SMTP exchange (smtp-server) or written as .eml
// files; failures are retried with backoff; several senders never send the same mail twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/mail/outbox.ts';
import { backoffMs, MAX_ATTEMPTS, sendPendingMail } from '../../src/service/mail-sending/sender.ts';
import { fileTransport, smtpTransport } from '../../src/service/mail-sending/transport.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
let server: SMTPServer;
let port = 0;
const received: { from: string; to: string[]; raw: string }[] = [];
let rejectNext = 0;

beforeAll(async () => {
  t = await startTestService();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_addr, _s, cb) {
      if (rejectNext > 0) {
        rejectNext--;
        return cb(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({
          from: (session.envelope.mailFrom as any).address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        cb();
      });
    },
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  port = (server.server.address() as any).port;
});
afterAll(async () => {
  await new Promise<void>((res) => server.close(() => res()));
  await t?.close();
});

async function queue(to: string, subject: string) {
  await t.db.$transaction((tx) =>
    queueMail(tx, { to, subject, body: `Body of ${subject}\n:: Judge: kahu`, kind: 'test' }, t.clock.now()),
  );
}

describe('mail', () => {
  it('is delivered over real SMTP with the outbox content', async () => {
    await queue('p1@example.org', 'Hello over SMTP');
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const r = await sendPendingMail(t.ctx, transport);
    transport.close();
    expect(r).toEqual({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['p1@example.org']);
    const parsed = await simpleParser(received[0].raw);
    expect(parsed.subject).toBe('Hello over SMTP');
    expect(parsed.text).toContain(':: Judge: kahu');
    expect(parsed.from?.text).toContain('judge@kahu.localhost');
    const row = await t.db.outboxMail.findFirstOrThrow({ where: { subject: 'Hello over SMTP' } });
    expect(row.status).toBe('sent');
    expect(row.sentAt).toEqual(t.clock.now());
  });

  it('retries with backoff when the server refuses, then delivers', async () => {
    await queue('p2@example.org', 'Retry me');
    rejectNext = 1;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await sendPendingMail(t.ctx, transport)).toEqual({ sent: 0, failed: 1 });
    let row = await t.db.outboxMail.findFirstOrThrow({ where: { subject: 'Retry me' } });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/busy/);
    expect(row.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + backoffMs(1));
    // Not yet due: nothing is sent.
    expect(await sendPendingMail(t.ctx, transport)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(backoffMs(1));
    expect(await sendPendingMail(t.ctx, transport)).toEqual({ sent: 1, failed: 0 });
    transport.close();
    row = await t.db.outboxMail.findFirstOrThrow({ where: { subject: 'Retry me' } });
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt', async () => {
    await queue('p3@example.org', 'Never');
    const broken = {
      kind: 'smtp' as const,
      send: async () => {
        throw new Error('connection refused');
      },
      close() {},
    };
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await sendPendingMail(t.ctx, broken);
      t.clock.advance(backoffMs(i + 1));
    }
    const row = await t.db.outboxMail.findFirstOrThrow({ where: { subject: 'Never' } });
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('several senders at once send each mail once', async () => {
    for (let i = 0; i < 30; i++) await queue(`many${i}@example.org`, `Many ${i}`);
    const sent: string[] = [];
    const counting = {
      kind: 'file' as const,
      send: async (m: any) => {
        sent.push(m.id);
        await new Promise((r) => setTimeout(r, 2));
      },
      close() {},
    };
    await Promise.all([
      sendPendingMail(t.ctx, counting),
      sendPendingMail(t.ctx, counting),
      sendPendingMail(t.ctx, counting),
    ]);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('without SMTP, writes .eml files to the outbox directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-outbox-'));
    await queue('p4@example.org', 'To a file');
    const r = await sendPendingMail(t.ctx, fileTransport(dir));
    expect(r.sent).toBe(1);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0])));
    expect(parsed.subject).toBe('To a file');
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('p4@example.org');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
