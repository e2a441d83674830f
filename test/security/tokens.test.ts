// API tokens expire (TOKEN_TTL_DAYS after issue, TOKEN_IDLE_DAYS unused), are listed with their
// expiry, and leave no trace in the outbox once their mail is sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPendingMail } from '../../src/mail/sender.ts';
import { fileTransport } from '../../src/mail/transport.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => { t = await startTestService({ env: { TOKEN_TTL_DAYS: '90', TOKEN_IDLE_DAYS: '30' } }); });
afterAll(async () => { await t?.close(); });

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
    expect((await busy.req('PUT', '/games/00000000-0000-4000-8000-000000000000/orders', { orders: ['B Puna H'] })).status).toBe(401);
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
    expect(fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n')).toContain(c.token.slice(0, 20));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
