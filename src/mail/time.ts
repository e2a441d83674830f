// Every time shown in an email is absolute: the reader's own zone first, named, then UTC.
import { DateTime } from 'luxon';

export function formatUtc(d: Date): string {
  return DateTime.fromJSDate(d, { zone: 'UTC' }).toFormat("ccc d LLL yyyy HH:mm 'UTC'");
}

// Receipts and deadline storms format the same few instants for many readers (luxon showed in both
// profiles); a text depends only on the minute and the zone.
const formatted = new Map<string, string>();

export function formatTime(d: Date | null | undefined, zone = 'UTC'): string {
  if (!d) return 'none';
  const key = `${Math.floor(d.getTime() / 60_000)} ${zone}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(key, (text = formatTimeNow(d, zone)));
  }
  return text;
}

function formatTimeNow(d: Date, zone: string): string {
  const utc = formatUtc(d);
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return utc;
  const local = DateTime.fromJSDate(d, { zone });
  if (!local.isValid) return utc;
  return `${local.toFormat('ccc d LLL yyyy HH:mm ZZZZ')} (${zone}; ${utc})`;
}

/** ISO-8601 UTC to the second, for machine-readable lines. */
export function isoUtc(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
