// The calendar feed: every deadline of the games an account plays or moderates, as iCalendar
// (RFC 5545) at a secret address a calendar app can poll without a token. The address holds a
// random key; only its digest is stored, and asking for a new address retires the old one.
import crypto from 'node:crypto';
import type { Ctx } from './context.ts';
import { hashToken, sameDigest } from './accounts.ts';
import { notFound } from './errors.ts';

export const CALENDAR_PATH = '/me/deadlines.ics';

/** A new secret address for the account's feed; the previous one stops working. */
export async function newCalendarAddress(ctx: Ctx, accountId: string): Promise<string> {
  const key = crypto.randomBytes(24).toString('base64url');
  await ctx.db.account.update({ where: { id: accountId }, data: { calendarKeyHash: hashToken(key) } });
  return `${ctx.config.publicUrl}${CALENDAR_PATH}?key=${key}`;
}

export async function dropCalendarAddress(ctx: Ctx, accountId: string): Promise<void> {
  await ctx.db.account.update({ where: { id: accountId }, data: { calendarKeyHash: null } });
}

/** The account a feed key belongs to; an unknown key is a 404, like an address that never existed. */
export async function accountByCalendarKey(ctx: Ctx, key: string): Promise<string> {
  const digest = hashToken(key);
  const a = await ctx.db.account.findUnique({
    where: { calendarKeyHash: digest },
    select: { id: true, calendarKeyHash: true },
  });
  if (!a?.calendarKeyHash || !sameDigest(a.calendarKeyHash, digest))
    throw notFound('There is no calendar at this address (it may have been replaced by a newer one).');
  return a.id;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
function text(s: string): string {
  return s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** Lines of at most 75 octets, continued with a leading space (RFC 5545 3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (octets + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
      octets = 0;
    }
    cur += ch;
    octets += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export async function calendarFor(ctx: Ctx, accountId: string): Promise<string> {
  const games = await ctx.db.game.findMany({
    where: {
      status: { in: ['active', 'paused'] },
      OR: [{ moderatorId: accountId }, { players: { some: { accountId, status: 'playing' } } }],
    },
    select: {
      id: true,
      name: true,
      status: true,
      moderatorId: true,
      phases: {
        where: { status: 'open', deadlineAt: { not: null } },
        select: { id: true, label: true, deadlineAt: true },
      },
      players: { where: { accountId, status: 'playing' }, select: { role: true } },
    },
    orderBy: { createdAt: 'asc' },
  });
  const now = stamp(ctx.clock.now());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//kahu//deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:kahu deadlines',
  ];
  for (const g of games) {
    const who = g.players[0]?.role
      ? `You play ${g.players[0].role}.`
      : g.moderatorId === accountId
        ? 'You moderate this game.'
        : '';
    const url = `${ctx.config.publicUrl}/games/${g.id}`;
    for (const p of g.phases) {
      const at = stamp(p.deadlineAt!);
      lines.push(
        'BEGIN:VEVENT',
        `UID:${p.id}@kahu`,
        `DTSTAMP:${now}`,
        `DTSTART:${at}`,
        `DTEND:${at}`,
        `SUMMARY:${text(`${g.name}: ${p.label} deadline${g.status === 'paused' ? ' (game paused)' : ''}`)}`,
        `DESCRIPTION:${text(`${who} Orders are due by this time.\n${url}`.trim())}`,
        `URL:${url}`,
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER:-PT1H',
        `DESCRIPTION:${text(`${g.name}: ${p.label} in an hour`)}`,
        'END:VALARM',
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
