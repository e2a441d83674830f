// Times in mail: the reader's zone first, then UTC. formatTime keeps what it wrote (a deadline storm writes
// the same instants for thousands of readers); what it keeps must never leak across zones or instants.
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../src/mail/time.ts';

describe('formatTime', () => {
  it("writes the same instant in each reader's zone, and again the same when asked again", () => {
    const d = new Date('2026-11-26T02:30:00Z');
    const utc = 'Thu 26 Nov 2026 02:30 UTC';
    expect(formatTime(d)).toBe(utc);
    expect(formatTime(d, 'Pacific/Honolulu')).toBe(`Wed 25 Nov 2026 16:30 HST (Pacific/Honolulu; ${utc})`);
    expect(formatTime(d, 'Pacific/Auckland')).toBe(`Thu 26 Nov 2026 15:30 GMT+13 (Pacific/Auckland; ${utc})`);
    expect(formatTime(d, 'Pacific/Honolulu')).toBe(`Wed 25 Nov 2026 16:30 HST (Pacific/Honolulu; ${utc})`);
    expect(formatTime(new Date(d.getTime() + 60_000), 'Pacific/Honolulu')).toBe(
      'Wed 25 Nov 2026 16:31 HST (Pacific/Honolulu; Thu 26 Nov 2026 02:31 UTC)',
    );
    expect(formatTime(d, 'Not/AZone')).toBe(utc);
    expect(formatTime(null)).toBe('none');
  });
});
