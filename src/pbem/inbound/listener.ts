// The SMTP listener for operators who point an MX record at kahu (INBOUND_SMTP_PORT). It accepts
// mail for the inbound domain only (it is no relay), reads at most INBOUND_MAX_BYTES of a message,
// and answers 250 once the message is recorded, or 451 (try again later) when it could not be.
// Who sent a message is decided here: every Authentication-Results header it did not write is
// removed (RFC 8601 §5) and SPF, DKIM and DMARC are checked with mailauth, except for mail relayed
// by the MX named in INBOUND_TRUSTED_MX, whose own verdict (INBOUND_AUTHSERV_ID) stands.
import net from 'node:net';
import { authenticate, type DNSResolver } from 'mailauth';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Ctx } from '../../service/context.ts';
import { receiveMessage } from './receive.ts';

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/** The address without its IPv4-mapped IPv6 prefix. */
const plain = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** Whose sessions count together: an IPv4 address, or an IPv6 /64 (one subscriber's network). */
export function clientKey(ip: string): string {
  if (net.isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${full
    .slice(0, 4)
    .map((x) => x.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function blockList(cidrs: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const c of cidrs) {
    const [ip, bits] = c.split('/');
    const type = net.isIP(ip!) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip!, type);
    else list.addSubnet(ip!, Number(bits), type);
  }
  return list;
}

/**
 * The message with every Authentication-Results header removed but those of `keep` (authserv-ids),
 * and `prepend` put in front. Only the header block is touched; header fields may be folded.
 */
export function rewriteAuthResults(raw: Buffer, keep: string[], prepend = ''): Buffer {
  const s = raw.toString('latin1');
  const m = /\r?\n\r?\n/.exec(s);
  const headEnd = m ? m.index : s.length;
  const fields = s.slice(0, headEnd).split(/\r?\n(?![ \t])/);
  const kept = fields.filter((f) => {
    const h = /^authentication-results\s*:\s*([^;\s]*)/i.exec(f);
    return !h || keep.includes(h[1]!.toLowerCase());
  });
  return Buffer.concat([Buffer.from(prepend, 'latin1'), Buffer.from(kept.join('\r\n') + s.slice(headEnd), 'latin1')]);
}

export async function startInboundSmtp(
  ctx: Ctx,
  opts: { port: number; host: string; resolver?: DNSResolver },
): Promise<InboundSmtp> {
  const cfg = ctx.config.inbound;
  const mx = blockList(cfg.trustedMx);
  const idleMs = cfg.idleSeconds * 1000;
  // Sessions open per client address, and each session's timer (reset only by a delivered message).
  const perClient = new Map<string, number>();
  const counted = new Set<string>();
  const idle = new Map<string, NodeJS.Timeout>();
  const arm = (session: SMTPServerSession) => {
    clearTimeout(idle.get(session.id));
    idle.set(
      session.id,
      setTimeout(() => {
        for (const c of (
          server as unknown as {
            connections: Set<{ session: SMTPServerSession; send(code: number, text: string): void }>;
          }
        ).connections) {
          if (c.session === session)
            c.send(421, `4.4.2 ${cfg.domain} no mail delivered for ${cfg.idleSeconds} s, closing`);
        }
      }, idleMs).unref(),
    );
  };

  /** The message as receiveMessage reads it, and whose Authentication-Results it is to believe. */
  const proveSender = async (
    raw: Buffer,
    session: SMTPServerSession,
    mailFrom: string,
  ): Promise<{ raw: Buffer; trusted: string[] }> => {
    const ip = plain(session.remoteAddress);
    if (cfg.trustedMx.length && mx.check(ip, net.isIP(ip) === 6 ? 'ipv6' : 'ipv4'))
      return { raw: rewriteAuthResults(raw, cfg.trustedAuthServ), trusted: cfg.trustedAuthServ };
    const own = rewriteAuthResults(raw, []);
    const verdict = await authenticate(own, {
      ip,
      helo: session.hostNameAppearsAs || undefined,
      sender: mailFrom,
      mta: cfg.domain,
      disableArc: true,
      disableBimi: true,
      ...(opts.resolver ? { resolver: opts.resolver } : {}),
    });
    return { raw: rewriteAuthResults(own, [], verdict.headers), trusted: [cfg.domain] };
  };

  const server = new SMTPServer({
    name: cfg.domain,
    banner: 'kahu judge',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // The client's name is never used: no reverse lookup (one less DNS query per connection).
    disableReverseLookup: true,
    // A cap on clients and a socket timeout: slow or many connections cannot tie the listener up.
    maxClients: Math.max(10, Math.floor(ctx.config.maxConnections / 10)),
    // Declared sizes above twice the limit are refused at MAIL FROM; up to that we answer by mail.
    size: cfg.maxBytes * 2,
    logger: false,
    socketTimeout: idleMs,
    onConnect(session, cb) {
      // One client cannot take every session: the cap is per address.
      const ip = clientKey(plain(session.remoteAddress));
      const open = perClient.get(ip) ?? 0;
      if (open >= cfg.maxSessionsPerClient)
        return cb(
          Object.assign(new Error(`4.7.0 ${cfg.domain} too many sessions from ${ip}, try again later`), {
            responseCode: 421,
          }),
        );
      perClient.set(ip, open + 1);
      counted.add(session.id);
      arm(session);
      cb();
    },
    onClose(session) {
      clearTimeout(idle.get(session.id));
      idle.delete(session.id);
      if (!counted.delete(session.id)) return;
      const ip = clientKey(plain(session.remoteAddress));
      const open = (perClient.get(ip) ?? 1) - 1;
      if (open > 0) perClient.set(ip, open);
      else perClient.delete(ip);
    },
    onRcptTo(address, _session, cb) {
      const domain = address.address.split('@')[1]?.toLowerCase();
      if (domain !== cfg.domain)
        return cb(Object.assign(new Error(`5.7.1 kahu accepts mail for @${cfg.domain} only`), { responseCode: 550 }));
      cb();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, cb) {
      // The message gets one idle period of its own to arrive.
      arm(session);
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (c: Buffer) => {
        // Keep one byte more than the limit: enough to know it is too large and to read its headers.
        if (kept <= cfg.maxBytes) {
          chunks.push(c);
          kept += c.length;
        }
      });
      stream.on('end', () => {
        // While it is read and recorded the client waits for us: no idle timer.
        clearTimeout(idle.get(session.id));
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        const delivered = Buffer.concat(chunks);
        proveSender(delivered, session, mailFrom)
          .then(({ raw, trusted }) =>
            receiveMessage(ctx, raw, { mailFrom, rcptTo }, { trustedAuthServ: trusted, size: delivered.length }),
          )
          .then(() => {
            arm(session);
            cb();
          })
          .catch((err) => {
            ctx.log.error({ err: err?.message }, 'inbound SMTP message could not be recorded');
            arm(session);
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
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          for (const t of idle.values()) clearTimeout(t);
          resolve();
        }),
      ),
  };
}
