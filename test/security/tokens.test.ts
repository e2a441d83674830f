// API tokens expire (TOKEN_TTL_DAYS after issue, TOKEN_IDLE_DAYS unused), are listed with their
// expiry, and leave no trace in the outbox once their mail is sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPendingMail } from '../../src/service/mail-sending/sender.ts';
import { fileTransport } from '../../src/service/mail-sending/transport.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ env: { TOKEN_TTL_DAYS: '90', TOKEN_IDLE_DAYS: '30' } });
});
afterAll(async () => {
  await t?.close();
});

describe('API tokens', () => {
  it('expire after TOKEN_IDLE_DAYS unused, and after TOKEN_TTL_DAYS whatever the use', async () => {
    t.clock.set('2025-03-03T00:00:00Z');
    const idle = await signUp(t, 'idle@example.org');
    const busy = await signUp(t, 'busy@example.org');
    const listed = (await busy.ok('GET', '/accounts/me/tokens')).tokens[0];
    expect(new Date(listed.expiresAt).toISOString()).toBe('2025-04-02T00:00:00.000Z');
    // Busy uses its token every 20 days; idle never.
    for (let d = 20; d < 90; d += 20) {
      t.clock.set(new Date(Date.parse('2025-03-03T00:00:00Z') + d * 86_400_000));
      expect((await busy.req('GET', '/accounts/me')).status, `day ${d}`).toBe(200);
    }
    const refused = await idle.req('GET', '/accounts/me');
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/expired \(tokens last 90 days, or 30 days unused\)/);
    t.clock.set(new Date(Date.parse('2025-03-03T00:00:00Z') + 90 * 86_400_000));
    expect((await busy.req('GET', '/accounts/me')).status).toBe(401);
    // Order submission (its own fast path) applies the same rule.
    expect(
      (await busy.req('PUT', '/games/00000000-0000-4000-8000-000000000000/orders', { orders: ['B Puna H'] })).status,
    ).toBe(401);
  });

  it('a sent token mail keeps no token in the outbox', async () => {
    t.clock.set('2026-01-01T00:00:00Z');
    const c = await signUp(t, 'sent@example.org');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-sent-'));
    await sendPendingMail(t.ctx, fileTransport(dir), { limit: 10_000 });
    const rows = await t.db.outboxMail.findMany({ where: { toAddress: 'sent@example.org', kind: 'token' } });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.status).toBe('sent');
      expect(r.body).not.toContain(c.token);
      expect(r.body).toContain('kahu_[removed once sent]');
    }
    // The mail itself carried it.
    expect(
      fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
        .join('\n'),
    ).toContain(c.token.slice(0, 20));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a sent sign-in or registration link keeps no code in the outbox, and the code still worked from the mail', async () => {
    t.clock.set('2026-01-02T00:00:00Z');
    await signUp(t, 'link@example.org');
    for (const email of ['link@example.org', 'newcomer@example.org']) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/accounts/sign-in', payload: { email, web: true } })).statusCode,
      ).toBe(202);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-sent-'));
    await sendPendingMail(t.ctx, fileTransport(dir), { limit: 10_000 });
    const sentText = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const codes = [...sentText.matchAll(/#signin=([A-Za-z0-9_-]{20,})/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const rows = await t.db.outboxMail.findMany({
      where: { toAddress: { in: ['link@example.org', 'newcomer@example.org'] } },
    });
    const stored = rows.map((r) => r.body).join('\n');
    expect(stored).toContain('#signin=[removed once sent]');
    for (const code of codes) expect(stored).not.toContain(code);
    // The code read from the mail (not the database) is what signs in.
    const redeemed = await t.app.inject({ method: 'POST', url: '/accounts/session', payload: { code: codes[0] } });
    expect(redeemed.statusCode, redeemed.body).toBeLessThan(300);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the migration blanks the codes of links sent before it', async () => {
    t.clock.set('2026-01-03T00:00:00Z');
    const code = 'C'.repeat(43);
    const row = await t.db.outboxMail.create({
      data: {
        toAddress: 'old@example.org',
        kind: 'token',
        subject: 'old',
        body: `open ${t.config.publicUrl}/#signin=${code}&next=x\nkahu_${'T'.repeat(43)}`,
        status: 'sent',
        createdAt: new Date(),
        nextAttemptAt: new Date(),
      } as any,
    });
    await t.db.$executeRawUnsafe(
      fs.readFileSync('prisma/migrations/20261128010000_blank_sent_codes/migration.sql', 'utf8'),
    );
    const after = await t.db.outboxMail.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.body).not.toContain(code);
    expect(after.body).not.toContain('T'.repeat(43));
    expect(after.body).toContain('#signin=[removed once sent]&next=x');
  });
});
