// The SMTP listener for operators who point an MX record at kahu (INBOUND_SMTP_PORT). It accepts
// mail for the inbound domain only (it is no relay), reads at most INBOUND_MAX_BYTES of a message,
// and answers 250 once the message is recorded, or 451 (try again later) when it could not be.
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Ctx } from '../../service/context.ts';
import { receiveMessage } from './receive.ts';

export interface InboundSmtp { port: number; close(): Promise<void> }

export async function startInboundSmtp(ctx: Ctx, opts: { port: number; host: string }): Promise<InboundSmtp> {
  const cfg = ctx.config.inbound;
  const server = new SMTPServer({
    name: cfg.domain,
    banner: 'kahu judge',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // A cap on clients and a socket timeout: slow or many connections cannot tie the listener up.
    maxClients: Math.max(10, Math.floor(ctx.config.maxConnections / 10)),
    // Declared sizes above twice the limit are refused at MAIL FROM; up to that we answer by mail.
    size: cfg.maxBytes * 2,
    logger: false,
    socketTimeout: 60_000,
    onRcptTo(address, _session, cb) {
      const domain = address.address.split('@')[1]?.toLowerCase();
      if (domain !== cfg.domain) return cb(Object.assign(new Error(`5.7.1 kahu accepts mail for @${cfg.domain} only`), { responseCode: 550 }));
      cb();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (c: Buffer) => {
        // Keep one byte more than the limit: enough to know it is too large and to read its headers.
        if (kept <= cfg.maxBytes) { chunks.push(c); kept += c.length; }
      });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        receiveMessage(ctx, raw, { mailFrom, rcptTo })
          .then(() => cb())
          .catch((err) => {
            ctx.log.error({ err: err?.message }, 'inbound SMTP message could not be recorded');
            cb(Object.assign(new Error('4.3.0 temporary failure, try again later'), { responseCode: 451 }));
          });
      });
    },
  });
  server.on('error', (err) => ctx.log.warn({ err: err.message }, 'inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
