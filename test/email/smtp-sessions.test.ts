// One client cannot block the SMTP listener: it holds at most INBOUND_SMTP_MAX_PER_CLIENT sessions
// while other addresses still connect, and a session that delivers nothing is closed after
// INBOUND_SMTP_IDLE_SECONDS however many NOOPs it sends. Raw SMTP over TCP to the real listener.
import net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clientKey } from '../../src/pbem/inbound/listener.ts';
import { startEmailRig, type EmailRig } from './helpers.ts';

interface Session {
  socket: net.Socket;
  greeting: Promise<string>;
  next(): Promise<string>;
  say(line: string): Promise<string>;
  closed: Promise<void>;
}

const open: net.Socket[] = [];

/** A session: each reply line as it comes (the greeting first), and when the server closed it. */
function connect(port: number, localAddress = '127.0.0.1'): Session {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  open.push(socket);
  const lines: string[] = [];
  const waiting: ((l: string) => void)[] = [];
  let buf = '';
  socket.on('data', (d) => {
    buf += d.toString('latin1');
    let i: number;
    while ((i = buf.indexOf('\r\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const w = waiting.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  socket.on('error', () => {});
  const next = () =>
    new Promise<string>((resolve) => {
      const l = lines.shift();
      if (l !== undefined) resolve(l);
      else waiting.push(resolve);
    });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    greeting: next(),
    next,
    say: (line) => {
      socket.write(`${line}\r\n`);
      return next();
    },
    closed,
  };
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
  ]);

let rig: EmailRig | undefined;
afterEach(async () => {
  for (const s of open.splice(0)) s.destroy();
  await rig?.close();
  rig = undefined;
});
afterAll(async () => {
  await rig?.close();
});

describe('SMTP sessions', () => {
  it('one address holds at most 5 sessions: the 6th is refused with 421, another address still connects', async () => {
    rig = await startEmailRig();
    const mine = Array.from({ length: 5 }, () => connect(rig!.smtp.port));
    for (const s of mine) expect(await within(s.greeting, 5000, 'greeting')).toMatch(/^220 /);
    // Idle but alive: each of them still answers.
    for (const s of mine) expect(await s.say('NOOP')).toMatch(/^250 /);
    const sixth = connect(rig.smtp.port);
    expect(await within(sixth.greeting, 5000, 'sixth')).toMatch(/^421 .*too many sessions from 127\.0\.0\.1/);
    await within(sixth.closed, 5000, 'sixth closed');
    const other = connect(rig.smtp.port, '127.0.0.2');
    expect(await within(other.greeting, 5000, 'other address')).toMatch(/^220 /);
    expect(await other.say('EHLO other.test')).toMatch(/^250[- ]/);
    // A closed session frees its place.
    mine[0]!.socket.write('QUIT\r\n');
    await within(mine[0]!.closed, 5000, 'quit');
    await new Promise((r) => setTimeout(r, 100));
    const again = connect(rig.smtp.port);
    expect(await within(again.greeting, 5000, 'again')).toMatch(/^220 /);
  });

  it('an IPv6 client is its /64: one subscriber cannot take more places by using more of its addresses', () => {
    expect(clientKey('2001:db8:aa:1::1')).toBe(clientKey('2001:0db8:00aa:0001:ffff:1:2:3'));
    expect(clientKey('2001:db8:aa:1::1')).not.toBe(clientKey('2001:db8:aa:2::1'));
    expect(clientKey('192.0.2.1')).not.toBe(clientKey('192.0.2.2'));
  });

  it('a session that only sends NOOPs is closed after the idle time; one that delivers mail is not', async () => {
    rig = await startEmailRig({ INBOUND_SMTP_IDLE_SECONDS: '2' });
    const idle = connect(rig.smtp.port);
    expect(await within(idle.greeting, 5000, 'greeting')).toMatch(/^220 /);
    expect(await idle.say('EHLO idle.test')).toMatch(/^250[- ]/);
    while (!(await idle.next()).startsWith('250 '));
    const began = Date.now();
    // A NOOP every 300 ms: each is answered, none keeps the session alive.
    const timer = setInterval(() => idle.socket.write('NOOP\r\n'), 300);
    try {
      let line = '';
      while (!(line = await within(idle.next(), 5000, 'idle close')).startsWith('421')) expect(line).toMatch(/^250 /);
      expect(line).toMatch(/^421 .*no mail delivered for 2 s/);
      await within(idle.closed, 5000, 'closed');
      expect(Date.now() - began).toBeGreaterThan(1000);
      expect(Date.now() - began).toBeLessThan(4000);
    } finally {
      clearInterval(timer);
    }
    // A session that delivers a message within each idle period stays open.
    const busy = connect(rig.smtp.port);
    expect(await within(busy.greeting, 5000, 'greeting')).toMatch(/^220 /);
    expect(await busy.say('HELO busy.test')).toMatch(/^250 /);
    for (let n = 0; n < 3; n++) {
      await new Promise((r) => setTimeout(r, 1200));
      expect(await busy.say('MAIL FROM:<someone@example.org>')).toMatch(/^250 /);
      expect(await busy.say('RCPT TO:<nobody@play.kahu.test>')).toMatch(/^250 /);
      expect(await busy.say('DATA')).toMatch(/^354 /);
      expect(
        await busy.say(
          `From: someone@example.org\r\nTo: nobody@play.kahu.test\r\nSubject: ${n}\r\n\r\nhello ${n}\r\n.`,
        ),
      ).toMatch(/^250 /);
    }
    expect(await busy.say('NOOP')).toMatch(/^250 /);
  });
});
