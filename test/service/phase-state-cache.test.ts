// The submission path keeps phase states it read, but not for ever: a state unused for 10
// minutes leaves (its phase is adjudicated), and never more than 2,000 stay. Kept by count alone,
// an hour's soak grew with every adjudicated phase's state (issue 28).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedPhaseStates, phaseState } from '../../src/service/orders.ts';
import { startTestService, type TestService } from '../helpers/app.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('the phase states kept for submissions', () => {
  it('leave after 10 minutes unused, and at most 2,000 stay', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const start = cachedPhaseStates();
    for (let i = 0; i < 50; i++) await phaseState(t.ctx, crypto.randomUUID());
    expect(cachedPhaseStates()).toBe(start + 50);
    vi.advanceTimersByTime(11 * 60_000);
    await phaseState(t.ctx, crypto.randomUUID());
    expect(cachedPhaseStates()).toBe(1);
    for (let i = 0; i < 2_100; i++) await phaseState(t.ctx, crypto.randomUUID());
    expect(cachedPhaseStates()).toBe(2_000);
  });
});
