// Every time shown in an email is absolute: UTC, and the reader's own zone.
import { DateTime } from 'luxon';

export function formatUtc(d: Date): string {
  return DateTime.fromJSDate(d, { zone: 'UTC' }).toFormat("ccc d LLL yyyy HH:mm 'UTC'");
}

export function formatTime(d: Date | null | undefined, zone = 'UTC'): string {
  if (!d) return 'none';
  const utc = formatUtc(d);
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return utc;
  const local = DateTime.fromJSDate(d, { zone });
  if (!local.isValid) return utc;
  return `${utc} (${local.toFormat('ccc d LLL yyyy HH:mm ZZZZ')}, ${zone})`;
}

/** ISO-8601 UTC to the second, for machine-readable lines. */
export function isoUtc(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
