// The commands of a message, one per line, case-insensitive. A line that is not a command is an
// order line: all order lines of a message form one submission, read by the game's engine.
import type { AccountSettings, Notify } from '../service/accounts.ts';
import { MAX_DEADLINE_DAYS } from '../service/deadlines.ts';

export type Command =
  | { kind: 'order'; line: number; text: string }
  | {
      kind: 'help' | 'clear' | 'ready' | 'wait' | 'status' | 'process' | 'pause' | 'resume';
      line: number;
      text: string;
    }
  | { kind: 'history'; line: number; text: string; phase?: string }
  | { kind: 'press'; line: number; text: string; to: string[] | 'ALL'; body: string; lines: number }
  | { kind: 'extend'; line: number; text: string; minutes: number }
  | { kind: 'deadline'; line: number; text: string; at: string }
  | { kind: 'rollback'; line: number; text: string; phase: string }
  | { kind: 'draw' | 'nodraw' | 'noconcede'; line: number; text: string }
  | { kind: 'concede'; line: number; text: string; to: string }
  | { kind: 'register' | 'list'; line: number; text: string }
  | { kind: 'join'; line: number; text: string; game: string }
  | { kind: 'resign'; line: number; text: string; power?: string }
  | { kind: 'set'; line: number; text: string; notify?: Notify; receiptsByMail?: boolean; timeZone?: string }
  | { kind: 'error'; line: number; text: string; error: string };

export const MODERATOR_COMMANDS = new Set(['process', 'extend', 'deadline', 'pause', 'resume', 'rollback']);
/** What the judge's own address reads (no game: registering, finding and joining games). */
export const JUDGE_COMMANDS = new Set(['register', 'list', 'join', 'help', 'set']);
/** SET: the reader's mail settings (as PATCH /accounts/me). */
export const SET_USAGE =
  "write SET NOTIFY EVERY PHASE (every phase's results by mail), SET NOTIFY DIGEST (one mail a day of what happened), SET NOTIFY REMINDERS (deadline reminders only), SET RECEIPTS ON or SET RECEIPTS OFF (receipts by mail of orders sent from the web page or the API), or SET ZONE and your time zone (e.g. SET ZONE Pacific/Honolulu)";

/** What a SET did, in the reader's words: the answer to the command. */
export function setDone(
  c: { notify?: Notify; receiptsByMail?: boolean; timeZone?: string },
  r: AccountSettings,
): string {
  if (c.timeZone) return `every time in your mail is now given in ${r.timeZone} first`;
  if (c.notify) {
    return r.notify === 'reminders'
      ? 'from now on you get deadline reminders only, no results mail (SET NOTIFY EVERY PHASE undoes it)'
      : r.notify === 'digest'
        ? "from now on you get one mail a day of what happened in your games, instead of each phase's results (SET NOTIFY EVERY PHASE undoes it)"
        : "from now on you get every phase's results by mail";
  }
  return r.receiptsByMail
    ? 'orders you send from the web page or the API are now also receipted by mail'
    : 'orders you send from the web page or the API are receipted on the page only (mail is always answered by mail)';
}
export const MAX_COMMAND_LINES = 300;

const UNITS: Record<string, number> = {
  m: 1,
  min: 1,
  mins: 1,
  minute: 1,
  minutes: 1,
  h: 60,
  hr: 60,
  hrs: 60,
  hour: 60,
  hours: 60,
  d: 1440,
  day: 1440,
  days: 1440,
};

/** `90m`, `2h`, `1 day`, `1d 6h`, `1h30m` → minutes; null when not a duration. */
export function parseDuration(s: string): number | null {
  const re = /(\d+)\s*([a-z]+)/gy;
  const t = s
    .trim()
    .toLowerCase()
    .replace(/\s+and\s+|,\s*/g, ' ');
  if (!t) return null;
  let total = 0;
  let pos = 0;
  for (;;) {
    while (t[pos] === ' ') pos++;
    if (pos >= t.length) break;
    re.lastIndex = pos;
    const m = re.exec(t);
    if (!m || UNITS[m[2]] === undefined) return null;
    total += Number(m[1]) * UNITS[m[2]];
    pos = re.lastIndex;
  }
  return total > 0 ? total : null;
}

/** Split the text of a message into commands. Reading stops at SIGNOFF (or a lone END). */
export function parseCommands(text: string): Command[] {
  const raw = text.split(/\r?\n/);
  const out: Command[] = [];
  for (let i = 0; i < raw.length; i++) {
    const line = i + 1;
    const t = raw[i].trim();
    if (!t) continue;
    if (out.length >= MAX_COMMAND_LINES) {
      out.push({
        kind: 'error',
        line,
        text: t,
        error: `a message holds at most ${MAX_COMMAND_LINES} lines; the rest was not read`,
      });
      break;
    }
    const [word0, ...rest] = t.split(/\s+/);
    const word = word0.toUpperCase().replace(/[.:]$/, '');
    const arg = rest.join(' ');
    const simple = (kind: 'help' | 'clear' | 'ready' | 'wait' | 'status' | 'process' | 'pause' | 'resume') => {
      out.push(
        arg ? { kind: 'error', line, text: t, error: `${word} takes nothing after it` } : { kind, line, text: t },
      );
    };
    switch (word) {
      case 'SIGNOFF':
      case 'END':
        return out;
      case 'HELP':
        simple('help');
        break;
      case 'CLEAR':
        simple('clear');
        break;
      case 'READY':
        simple('ready');
        break;
      case 'WAIT':
      case 'UNREADY':
        simple('wait');
        break;
      case 'STATUS':
        simple('status');
        break;
      case 'PROCESS':
        simple('process');
        break;
      case 'PAUSE':
        simple('pause');
        break;
      case 'RESUME':
        simple('resume');
        break;
      case 'DRAW':
        out.push(
          arg
            ? {
                kind: 'error',
                line,
                text: t,
                error: 'DRAW takes nothing after it (it votes for a draw; NODRAW withdraws the vote)',
              }
            : { kind: 'draw', line, text: t },
        );
        break;
      case 'NODRAW':
        out.push({ kind: 'nodraw', line, text: t });
        break;
      case 'CONCEDE':
        out.push(
          arg
            ? { kind: 'concede', line, text: t, to: arg }
            : { kind: 'error', line, text: t, error: 'CONCEDE needs the power you concede to, e.g. CONCEDE Sunset' },
        );
        break;
      case 'NOCONCEDE':
        out.push({ kind: 'noconcede', line, text: t });
        break;
      case 'REGISTER':
        out.push(
          arg
            ? {
                kind: 'error',
                line,
                text: t,
                error: 'REGISTER takes nothing after it: the account is for the address you write from',
              }
            : { kind: 'register', line, text: t },
        );
        break;
      case 'LIST':
        out.push(
          arg
            ? { kind: 'error', line, text: t, error: 'LIST takes nothing after it' }
            : { kind: 'list', line, text: t },
        );
        break;
      case 'JOIN':
        out.push({ kind: 'join', line, text: t, game: arg });
        break; // no name: the invitation's own game
      case 'SET': {
        const a = arg
          .toUpperCase()
          .replace(/[\s_-]+/g, ' ')
          .trim();
        // An IANA zone keeps its case and its underscores (America/Los_Angeles).
        const zone = /^(?:TIME\s*)?ZONE\s+(\S+)$/i.exec(arg.trim())?.[1];
        const set =
          a === 'NOTIFY EVERY PHASE' || a === 'NOTIFY ALL'
            ? { notify: 'every-phase' as const }
            : a === 'NOTIFY REMINDERS' || a === 'NOTIFY REMINDERS ONLY'
              ? { notify: 'reminders' as const }
              : a === 'NOTIFY DIGEST' || a === 'NOTIFY DAILY' || a === 'NOTIFY DAILY DIGEST'
                ? { notify: 'digest' as const }
                : a === 'RECEIPTS ON'
                  ? { receiptsByMail: true }
                  : a === 'RECEIPTS OFF'
                    ? { receiptsByMail: false }
                    : zone
                      ? { timeZone: zone }
                      : null;
        out.push(
          set
            ? { kind: 'set', line, text: t, ...set }
            : { kind: 'error', line, text: t, error: `"${arg}" is not a setting: ${SET_USAGE}` },
        );
        break;
      }
      case 'RESIGN':
        out.push({ kind: 'resign', line, text: t, power: arg || undefined });
        break;
      case 'HISTORY':
        out.push({ kind: 'history', line, text: t, phase: arg || undefined });
        break;
      case 'EXTEND': {
        const minutes = parseDuration(arg);
        if (minutes && minutes > MAX_DEADLINE_DAYS * 1440)
          out.push({
            kind: 'error',
            line,
            text: t,
            error: `"${arg}" is too long: a deadline may be at most ${MAX_DEADLINE_DAYS} days ahead`,
          });
        else
          out.push(
            minutes
              ? { kind: 'extend', line, text: t, minutes }
              : {
                  kind: 'error',
                  line,
                  text: t,
                  error: `"${arg}" is not a duration; write e.g. EXTEND 2h, EXTEND 90m or EXTEND 1d`,
                },
          );
        break;
      }
      case 'DEADLINE':
        out.push(
          arg
            ? { kind: 'deadline', line, text: t, at: arg }
            : {
                kind: 'error',
                line,
                text: t,
                error:
                  'DEADLINE needs a time, e.g. DEADLINE 2025-03-04 20:00 (your time zone) or DEADLINE 2025-03-04T20:00Z',
              },
        );
        break;
      case 'ROLLBACK':
        out.push(
          arg
            ? { kind: 'rollback', line, text: t, phase: arg }
            : {
                kind: 'error',
                line,
                text: t,
                error: 'ROLLBACK needs a phase: its number in HISTORY, or its name (e.g. ROLLBACK Spring 1 Movement)',
              },
        );
        break;
      case 'PRESS': {
        const m = /^TO\s+(.+)$/i.exec(arg);
        if (!m) {
          out.push({
            kind: 'error',
            line,
            text: t,
            error:
              'write PRESS TO <power>[, <power>...] or PRESS TO ALL, then the message, then END on a line of its own',
          });
          break;
        }
        const names = m[1].split(/\s*,\s*|\s+and\s+|\s+/i).filter(Boolean);
        const to = names.length === 1 && names[0].toUpperCase() === 'ALL' ? 'ALL' : names;
        const body: string[] = [];
        let j = i + 1;
        for (; j < raw.length && raw[j].trim().toUpperCase() !== 'END'; j++) body.push(raw[j].replace(/\s+$/, ''));
        if (j >= raw.length) {
          out.push({ kind: 'error', line, text: t, error: 'this PRESS has no END line; nothing after it was read' });
          return out;
        }
        out.push({ kind: 'press', line, text: t, to, body: body.join('\n').trim(), lines: j - i + 1 });
        i = j;
        break;
      }
      default:
        out.push({ kind: 'order', line, text: t });
    }
  }
  return out;
}
