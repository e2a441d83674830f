// A real SMTP server for the tests (smtp-server) that records every message by kahu's mail id.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface Received {
  id: string;
  to: string;
  subject: string;
  text: string;
}

export async function startSmtp(): Promise<{
  url: string;
  received: Received[];
  rejectNext: (n: number) => void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let reject = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_a, _s, cb) {
      if (reject > 0) {
        reject--;
        return cb(Object.assign(new Error('try later'), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        const to = parsed.to && 'text' in parsed.to ? parsed.to.text : '';
        received.push({
          id: String(parsed.headers.get('x-kahu-mail-id') ?? ''),
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        cb();
      });
    },
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.server.address() as any).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: (n) => {
      reject = n;
    },
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}
