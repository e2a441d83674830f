// The deadline policy of a game, and when a phase's deadline falls.
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { PhaseInfo } from '../contract/types.ts';

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const Minutes = z
  .number()
  .int()
  .min(1)
  .max(60 * 24 * 60);

export const DeadlinePolicy = z
  .object({
    lengths: z
      .object({
        movement: Minutes.default(1440),
        retreat: Minutes.default(720),
        adjustment: Minutes.default(720),
        ballot: Minutes.default(1440),
        turn: Minutes.default(1440),
      })
      .strict()
      .default({ movement: 1440, retreat: 720, adjustment: 720, ballot: 1440, turn: 1440 })
      .describe('Minutes per phase type'),
    longerEachYear: z
      .object({ minutesPerYear: Minutes.default(3) })
      .strict()
      .nullable()
      .default(null)
      .describe(
        "Heiau's option: each phase lasts minutesPerYear × the number of the year (the rulebook: three minutes). Replaces `lengths`.",
      ),
    timeOfDay: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day as HH:MM (24-hour)' })
      .nullable()
      .default(null)
      .describe('Deadlines fall at this local time (after at least the phase length)'),
    timeZone: z.string().default('UTC').describe('IANA zone of timeOfDay and skipDays'),
    skipDays: z.array(z.enum(DAYS)).max(6).default([]).describe('Days of the week a deadline never falls on'),
    graceMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 14)
      .default(0)
      .describe('With nmrPolicy "wait": how long to wait for missing orders after the deadline'),
    earlyProcessing: z.boolean().default(true).describe('Process as soon as every player is ready'),
    earlyDelayMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24)
      .default(0)
      .describe('Wait this long after the last player is ready'),
    reminderMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 7)
      .default(60)
      .describe('Remind players without orders this long before the deadline (0: never)'),
  })
  .strict();

export type DeadlinePolicy = z.output<typeof DeadlinePolicy>;

export function validateZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

export function phaseLengthMinutes(policy: DeadlinePolicy, phase: PhaseInfo): number {
  if (policy.longerEachYear) return policy.longerEachYear.minutesPerYear * Math.max(1, phase.year ?? 1);
  return policy.lengths[phase.type];
}

/** The deadline of a phase opened at `from`: the length, then the time of day, then skipped days. */
export function computeDeadline(policy: DeadlinePolicy, phase: PhaseInfo, from: Date): Date {
  const zone = policy.timeZone || 'UTC';
  let t = DateTime.fromJSDate(from, { zone }).plus({ minutes: phaseLengthMinutes(policy, phase) });
  if (policy.timeOfDay) {
    const [h, m] = policy.timeOfDay.split(':').map(Number);
    let at = t.set({ hour: h, minute: m, second: 0, millisecond: 0 });
    if (at < t) at = at.plus({ days: 1 }).set({ hour: h, minute: m });
    t = at;
  }
  for (let i = 0; i < 7 && policy.skipDays.includes(DAYS[t.weekday - 1]); i++) t = t.plus({ days: 1 });
  return t.toJSDate();
}

/** The furthest a deadline may be set: a year ahead (one rule for HTTP and email). */
export const MAX_DEADLINE_DAYS = 366;

/** Refuse a deadline more than MAX_DEADLINE_DAYS ahead; null when it is within bounds. */
export function deadlineTooFar(at: Date, now: Date): string | null {
  const ahead = at.getTime() - now.getTime();
  // `!(… <= …)` so that an invalid date (NaN, from a duration past any calendar) is refused too.
  if (ahead <= MAX_DEADLINE_DAYS * 86_400_000) return null;
  return `A deadline may be at most ${MAX_DEADLINE_DAYS} days ahead (not ${Number.isFinite(ahead) ? at.toISOString() : 'a time past any calendar'}).`;
}
