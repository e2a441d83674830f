// The SMTP server refuses, or accepts the connection and never answers: mail is retried with
// backoff, never lost, never sent twice; after the retry budget it is marked failed, the game's
// moderator (only) sees it and can send it again, and it is then delivered once.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, MAX_ATTEMPTS, sendPendingMail } from '../../src/service/mail-sending/sender.ts';
import { smtpTransport } from '../../src/service/mail-sending/transport.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame, type Client } from '../helpers/api.ts';
import { freePort } from './procs.ts';
import { startSmtp } from './smtp.ts';

let t: TestService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let silent: net.Server;
let silentUrl = '';
const sockets: net.Socket[] = [];
beforeAll(async () => {
  t = await startTestService();
  smtp = await startSmtp();
  // Accepts connections and never says a word.
  silent = net.createServer((s) => {
    sockets.push(s);
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
  silentUrl = `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
  await smtp?.close();
  await t?.close();
});

let mod: Client, a: Client, b: Client, otherMod: Client;
let gameId = '';

describe('SMTP faults', () => {
  it('a refusing server: the attempt is counted with backoff, the rest of the batch is released untouched', async () => {
    mod = await signUp(t, 'mod@example.org');
    a = await signUp(t, 'a@example.org');
    b = await signUp(t, 'b@example.org');
    otherMod = await signUp(t, 'othermod@example.org');
    // Everything queued so far goes out first.
    const ok = smtpTransport(smtp.url);
    await sendPendingMail(t.ctx, ok);
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Mail',
      variant: 'heiau',
      scenario: 'race',
      deadlines: { reminderMinutes: 0 },
    });
    gameId = game.id;
    const pending = await t.db.outboxMail.findMany({ where: { status: 'pending' }, orderBy: { seq: 'asc' } });
    expect(pending.length).toBeGreaterThanOrEqual(3);

    const refused = smtpTransport(`smtp://127.0.0.1:${await freePort()}`, { timeoutMs: 1000 });
    expect(await sendPendingMail(t.ctx, refused)).toEqual({ sent: 0, failed: 1 });
    const rows = await t.db.outboxMail.findMany({
      where: { id: { in: pending.map((p) => p.id) } },
      orderBy: { seq: 'asc' },
    });
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(rows[0].lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[0].nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + backoffMs(1));
    for (const r of rows.slice(1)) expect(r).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    refused.close();
  });

  it('a server that never answers times out instead of stalling the sender', async () => {
    const hanging = smtpTransport(silentUrl, { timeoutMs: 300 });
    const start = Date.now();
    const r = await sendPendingMail(t.ctx, hanging);
    expect(r).toEqual({ sent: 0, failed: 1 }); // the first mail not waiting out its backoff
    expect(Date.now() - start).toBeLessThan(5000);
    const row = await t.db.outboxMail.findFirstOrThrow({
      where: { gameId, attempts: 1, lastError: { not: null }, NOT: { lastError: { contains: 'ECONNREFUSED' } } },
    });
    expect(row.lastError).toMatch(/timeout|timed out|greeting never received/i);
    hanging.close();
  });

  it('retries with growing backoff, gives up after the budget, and the moderator sees it', async () => {
    const failing = smtpTransport(`smtp://127.0.0.1:${await freePort()}`, { timeoutMs: 1000 });
    const target = await t.db.outboxMail.findFirstOrThrow({
      where: { gameId, status: 'pending' },
      orderBy: { seq: 'asc' },
    });
    const gaps: number[] = [];
    for (let i = 0; i < 40; i++) {
      const before = await t.db.outboxMail.findUniqueOrThrow({ where: { id: target.id } });
      if (before.status === 'failed') break;
      if (before.nextAttemptAt > t.clock.now()) t.clock.set(before.nextAttemptAt);
      await sendPendingMail(t.ctx, failing);
      const after = await t.db.outboxMail.findUniqueOrThrow({ where: { id: target.id } });
      if (after.attempts > before.attempts && after.status === 'pending')
        gaps.push(after.nextAttemptAt.getTime() - t.clock.now().getTime());
    }
    failing.close();
    const dead = await t.db.outboxMail.findUniqueOrThrow({ where: { id: target.id } });
    expect(dead).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // 1, 2, 4 ... minutes after each failure (the first attempt failed in the first test).
    const from = target.attempts + 1;
    expect(gaps).toEqual(Array.from({ length: MAX_ATTEMPTS - from }, (_, i) => backoffMs(from + i)));
    expect(gaps[1]).toBeGreaterThan(gaps[0]);

    const list = await mod.ok('GET', `/games/${gameId}/mail?status=failed`);
    expect(list.counts.failed).toBeGreaterThanOrEqual(1);
    const entry = list.mail.find((m: any) => m.id === target.id);
    expect(entry).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, to: target.toAddress, kind: target.kind });
    expect(entry.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(JSON.stringify(list)).not.toContain(target.body); // bodies are never shown
    // Only this game's moderator.
    expect((await a.req('GET', `/games/${gameId}/mail`)).status).toBe(403);
    expect((await otherMod.req('GET', `/games/${gameId}/mail`)).status).toBe(404); // a private game is not found by a stranger
    expect((await a.req('POST', `/games/${gameId}/mail/${target.id}/resend`)).status).toBe(403);
    const otherGame = await otherMod.ok('POST', '/games', { name: 'Other', variant: 'heiau', scenario: 'race' }, 201);
    expect((await otherMod.req('POST', `/games/${otherGame.id}/mail/${target.id}/resend`)).status).toBe(404);
    expect((await t.db.outboxMail.findUniqueOrThrow({ where: { id: target.id } })).status).toBe('failed');
  });

  it('the moderator resends it; it is delivered once, and nothing was ever sent twice', async () => {
    const target = await t.db.outboxMail.findFirstOrThrow({ where: { gameId, status: 'failed' } });
    const r = await mod.ok('POST', `/games/${gameId}/mail/${target.id}/resend`);
    expect(r).toMatchObject({ id: target.id, status: 'pending', attempts: 0 });
    const again = await mod.req('POST', `/games/${gameId}/mail/${target.id}/resend`);
    expect(again.status).toBe(409);
    // One message refused by the server (4xx), then everything goes out.
    smtp.rejectNext(1);
    const ok = smtpTransport(smtp.url);
    for (let i = 0; i < 20 && (await t.db.outboxMail.count({ where: { status: 'pending' } })) > 0; i++) {
      await sendPendingMail(t.ctx, ok);
      t.clock.advance(backoffMs(MAX_ATTEMPTS));
    }
    ok.close();
    expect(await t.db.outboxMail.count({ where: { status: { not: 'sent' } } })).toBe(0);
    const all = await t.db.outboxMail.findMany();
    const ids = smtp.received.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length); // never twice
    expect(ids.sort()).toEqual(all.map((m) => m.id).sort()); // never lost
    expect(smtp.received.filter((m) => m.id === target.id)).toHaveLength(1);
    const events = await mod.ok('GET', `/games/${gameId}/events`);
    expect(events.events.map((e: any) => e.kind)).toContain('mail-resent');
  });
});
