// Carrying out the commands of one message with the same service functions the HTTP routes call:
// orders, readiness, views, history, press and the moderator's actions. A refused command is
// reported with the service's own reason; the others go ahead.
import { updateAccount } from '../service/accounts.ts';
import { DateTime } from 'luxon';
import type { ReadLine } from '../contract/types.ts';
import { gameTitle, roleNameOf, roleNamesOf } from '../mail/game-mail.ts';
import { formatTime } from '../mail/time.ts';
import { access, type GameWithPlayers } from '../service/access.ts';
import type { Ctx } from '../service/context.ts';
import { AppError } from '../service/errors.ts';
import { gameView } from '../service/games.ts';
import { allHistory, phaseDetail } from '../service/history.ts';
import { castVote } from '../service/votes.ts';
import * as mod from '../service/moderator.ts';
import { myOrders, setReady, submitOrders } from '../service/orders.ts';
import { sendPress } from '../service/press.ts';
import { MODERATOR_COMMANDS, setDone, type Command } from './commands.ts';
import { helpText } from './help.ts';
import { judgeAddress, type Purpose } from '../service/mail-sending/reply-address.ts';

export interface LineResult {
  line: number;
  text: string;
  outcome: 'accepted' | 'rejected' | 'done';
  detail: string;
}
export interface Executed {
  lines: LineResult[];
  /** Longer answers (STATUS, HISTORY, HELP), in the order asked. */
  sections: { title: string; text: string }[];
  /** rejectedLines: the message's line numbers of the rejected orders (any one refuses the whole submission). */
  orders?: { stored: boolean; rejectedLines: number[]; receipt?: string; ready?: boolean; phase?: string };
}

export interface Sender {
  accountId: string;
  timeZone: string;
  purpose: Purpose;
  game: GameWithPlayers;
}

const problem = (err: unknown): string | null => (err instanceof AppError ? err.message : null);

function indent(s: string): string {
  return s
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
}

export async function execute(ctx: Ctx, who: Sender, commands: Command[]): Promise<Executed> {
  const out: Executed = { lines: [], sections: [] };
  const gameId = who.game.id;
  const result = (c: Command, outcome: LineResult['outcome'], detail: string) =>
    out.lines.push({ line: c.line, text: c.text, outcome, detail });
  const isMod = who.purpose === 'moderator';
  const name = (role: string) => roleNameOf(who.game, role);

  // 1. Orders, CLEAR, READY / WAIT: one submission, as PUT /orders would make it.
  const orderCmds = commands.filter((c) => c.kind === 'order');
  const clear = commands.find((c) => c.kind === 'clear');
  const readyCmds = commands.filter((c) => c.kind === 'ready' || c.kind === 'wait');
  const ready = readyCmds.length ? readyCmds[readyCmds.length - 1].kind === 'ready' : undefined;
  const rest = commands.filter((c) => !['order', 'clear', 'ready', 'wait'].includes(c.kind));
  if (isMod) {
    for (const c of [...orderCmds, ...(clear ? [clear] : []), ...readyCmds]) {
      result(
        c,
        'rejected',
        c.kind === 'order'
          ? "not a command (this is the moderator's address: moderators send no orders; HELP lists the commands)"
          : `${c.kind.toUpperCase()} is for players; this is the moderator's address`,
      );
    }
  } else if (orderCmds.length || clear) {
    const lines = orderCmds.map((c) => c.text);
    try {
      // The reply to the message carries the receipt: one message, one answer.
      const r = await submitOrders(ctx, gameId, who.accountId, {
        lines,
        ready: lines.length ? ready : false,
        noReceiptMail: true,
      });
      r.lines.forEach((l: ReadLine) => {
        const c = orderCmds[l.line - 1];
        if (c)
          result(
            c,
            l.ok ? 'accepted' : 'rejected',
            l.ok ? `read as: ${l.reading ?? l.text}` : (l.error ?? 'not understood'),
          );
      });
      if (clear)
        result(
          clear,
          'done',
          lines.length
            ? 'your earlier orders are replaced by the orders of this message'
            : `your orders for ${r.phase.label} are cleared; you are not ready`,
        );
      for (const c of readyCmds) result(c, 'done', `ready: ${r.ready ? 'yes' : 'no'}`);
      out.orders = { stored: true, rejectedLines: [], receipt: r.receipt.hash, ready: r.ready, phase: r.phase.label };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const read = (err.extra?.lines as ReadLine[] | undefined) ?? [];
      if (read.length)
        read.forEach((l) => {
          const c = orderCmds[l.line - 1];
          if (c)
            result(
              c,
              l.ok ? 'accepted' : 'rejected',
              l.ok ? `read as: ${l.reading ?? l.text} (not stored)` : (l.error ?? 'not understood'),
            );
        });
      else for (const c of orderCmds) result(c, 'rejected', err.message);
      if (clear)
        result(clear, 'rejected', read.length ? 'not done: the orders of this message were not stored' : err.message);
      for (const c of readyCmds) result(c, 'rejected', 'not done: the orders of this message were not stored');
      out.orders = {
        stored: false,
        rejectedLines: read.filter((l) => !l.ok).map((l) => orderCmds[l.line - 1]?.line ?? l.line),
      };
    }
  } else if (readyCmds.length) {
    try {
      const r = await setReady(ctx, gameId, who.accountId, ready!);
      for (const c of readyCmds)
        result(
          c,
          'done',
          `${name(r.role)} is ${r.ready ? 'ready' : 'not ready'} for ${r.phase.label}` +
            (r.ready && !ready ? ' (it has nothing to order in this phase)' : ''),
        );
    } catch (err) {
      const p = problem(err);
      if (p === null) throw err;
      for (const c of readyCmds) result(c, 'rejected', p);
    }
  }

  // 2. Everything else, in the order written.
  for (const c of rest) {
    try {
      if (c.kind === 'error') {
        result(c, 'rejected', c.error);
        continue;
      }
      if (MODERATOR_COMMANDS.has(c.kind) && !isMod) {
        result(
          c,
          'rejected',
          `${c.kind.toUpperCase()} is a moderator's command: send it to the moderator's reply address`,
        );
        continue;
      }
      switch (c.kind) {
        case 'help':
          out.sections.push({ title: 'HELP', text: helpText(ctx.config, who.purpose, who.game.variant) });
          result(c, 'done', 'the commands are listed below');
          break;
        case 'status':
          out.sections.push({ title: 'STATUS', text: await statusText(ctx, who) });
          result(c, 'done', 'your status is below');
          break;
        case 'history': {
          out.sections.push({
            title: c.phase ? `HISTORY ${c.phase}` : 'HISTORY',
            text: await historyText(ctx, who, c.phase),
          });
          result(c, 'done', 'the history is below');
          break;
        }
        case 'press': {
          const r = await sendPress(ctx, gameId, who.accountId, { to: c.to, text: c.body });
          result(c, 'done', `press sent to ${r.to.map(name).join(', ')} (${c.body.split('\n').length} line(s))`);
          break;
        }
        case 'process': {
          const r = await mod.processNow(ctx, gameId, who.accountId);
          result(
            c,
            'done',
            r.status === 'processed'
              ? `processed${r.next ? `; next: ${r.next.label}` : ''}`
              : `not processed (${r.status})`,
          );
          break;
        }
        case 'extend': {
          const r = await mod.setDeadline(ctx, gameId, who.accountId, { extendMinutes: c.minutes });
          result(c, 'done', `deadline extended by ${c.minutes} minutes, to ${formatTime(r.deadlineAt, who.timeZone)}`);
          break;
        }
        case 'deadline': {
          const at = parseTime(c.at, who.timeZone);
          if (!at) {
            result(
              c,
              'rejected',
              `"${c.at}" is not a time; write e.g. DEADLINE 2025-03-04 20:00 (in your time zone, ${who.timeZone}) or DEADLINE 2025-03-04T20:00Z`,
            );
            break;
          }
          const r = await mod.setDeadline(ctx, gameId, who.accountId, { at });
          result(c, 'done', `deadline set to ${formatTime(r.deadlineAt, who.timeZone)}`);
          break;
        }
        case 'pause':
          await mod.pause(ctx, gameId, who.accountId, 'by email');
          result(c, 'done', 'the game is paused');
          break;
        case 'resume':
          await mod.resume(ctx, gameId, who.accountId);
          result(c, 'done', 'the game is running again');
          break;
        case 'rollback': {
          const seq = await phaseSeq(ctx, who, c.phase, true);
          if (seq === null) {
            result(
              c,
              'rejected',
              `no adjudicated phase "${c.phase}" in this game (HISTORY lists them with their numbers)`,
            );
            break;
          }
          const r = await mod.rollback(ctx, gameId, who.accountId, seq);
          result(
            c,
            'done',
            `rolled back to ${r.phase.label}; new deadline ${formatTime(r.phase.deadlineAt, who.timeZone)}`,
          );
          break;
        }
        case 'draw':
        case 'nodraw': {
          const r = await castVote(ctx, gameId, who.accountId, { draw: c.kind === 'draw' });
          result(
            c,
            'done',
            r.ended
              ? `the game is over: ${r.ended.text}`
              : r.awaitingModerator
                ? 'every power agreed to a draw; the moderator confirms it'
                : c.kind === 'draw'
                  ? 'you vote for a draw (NODRAW withdraws it)'
                  : 'your draw vote is withdrawn',
          );
          break;
        }
        case 'concede':
        case 'noconcede': {
          const r = await castVote(ctx, gameId, who.accountId, { concedeTo: c.kind === 'concede' ? c.to : null });
          result(
            c,
            'done',
            r.ended
              ? `the game is over: ${r.ended.text}`
              : c.kind === 'concede'
                ? `you concede to ${name(r.vote.mine?.concedeTo ?? '')} (NOCONCEDE withdraws it)`
                : 'your concession is withdrawn',
          );
          break;
        }
        case 'set': {
          const r = await updateAccount(ctx, who.accountId, {
            notify: c.notify,
            receiptsByMail: c.receiptsByMail,
            timeZone: c.timeZone,
          });
          result(c, 'done', setDone(c, r));
          break;
        }
        case 'register':
        case 'list':
        case 'join':
          result(
            c,
            'rejected',
            `${c.kind.toUpperCase()} is for the judge's own address: send it to ${judgeAddress(ctx.config.inbound)}`,
          );
          break;
        case 'resign': {
          // Resigning cannot be taken back: the power must be named, so a stray line does not do it.
          const role = who.game.players.find((p) => p.accountId === who.accountId && p.status === 'playing')?.role;
          if (isMod || !role) {
            result(c, 'rejected', 'RESIGN is for a player of this game');
            break;
          }
          const mine = name(role);
          if (!c.power) {
            result(
              c,
              'rejected',
              `nothing done. To leave the game for good, write RESIGN ${mine}: ${mine} then goes into civil disorder (its units hold) until the moderator finds a new player`,
            );
            break;
          }
          if (![role, mine].some((n) => n.toLowerCase() === c.power!.trim().toLowerCase())) {
            result(c, 'rejected', `nothing done: you play ${mine}, not "${c.power}". To resign, write RESIGN ${mine}`);
            break;
          }
          await mod.resign(ctx, gameId, who.accountId);
          result(
            c,
            'done',
            `you resigned from ${mine}; it is in civil disorder until the moderator finds a new player, who is told. Mail to this address is no longer read`,
          );
          break;
        }
        default:
          result(c, 'rejected', 'not understood');
      }
    } catch (err) {
      // A command that fails is a rejected line of the reply: the message is still read exactly
      // once, and the commands before it stand (an SMTP 451 would make the sender deliver it again).
      const p = problem(err);
      if (p === null) ctx.log.error({ err, command: c.kind }, 'email command failed');
      result(
        c,
        'rejected',
        p ??
          'could not be carried out because of an error on the judge; nothing was changed by this line. Try it again later.',
      );
    }
  }
  out.lines.sort((a, b) => a.line - b.line);
  return out;
}

/** An ISO time with a zone, or "YYYY-MM-DD HH:MM" in the writer's own zone. */
export function parseTime(s: string, zone: string): Date | null {
  const t = s.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(t)) {
    const d = new Date(t);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  for (const f of ['yyyy-MM-dd HH:mm', "yyyy-MM-dd'T'HH:mm", 'yyyy-MM-dd HH:mm:ss']) {
    const d = DateTime.fromFormat(t, f, { zone });
    if (d.isValid) return d.toJSDate();
  }
  return null;
}

async function statusText(ctx: Ctx, who: Sender): Promise<string> {
  const a = await access(ctx.db, who.game.id, who.accountId);
  const v = await gameView(ctx, a);
  let s = `${v.name} (${gameTitle(who.game)}) is ${v.status}. You are ${a.viewer.kind === 'player' ? roleNameOf(who.game, a.viewer.role) : a.viewer.kind}.\n`;
  if (v.phase) {
    s += `Phase: ${v.phase.label}. Deadline: ${formatTime(v.phase.deadlineAt, who.timeZone)}.\n`;
    s += `Ready: ${
      v.phase.readiness
        .filter((r) => r.expected && r.played)
        .map(
          (r) =>
            `${roleNameOf(who.game, r.role)} ${r.ready ? 'ready' : r.submitted ? 'orders in, not ready' : 'no orders'}`,
        )
        .join('; ') || 'nobody has to order'
    }.\n`;
  }
  if (a.viewer.kind === 'player' && v.phase) {
    const mine = await myOrders(ctx, who.game.id, who.accountId);
    // What a player who is not expected may still send (Hawaii 1795: standing instructions).
    let note: string | null = null;
    if (!mine.expected && a.module.waitingNote) {
      const open = await ctx.db.phase.findFirst({
        where: { gameId: who.game.id, status: 'open' },
        select: { state: true },
      });
      note = open ? a.module.waitingNote(open.state, mine.role) : null;
    }
    s += mine.lines.length
      ? `\nYour orders for ${mine.phase.label} (receipt ${mine.receipt?.hash}):\n${mine.lines.map((l) => `  ${l.text}${l.ok ? '' : `   [REJECTED: ${l.error}]`}`).join('\n')}\n`
      : `\nYou have no orders for ${mine.phase.label}${mine.expected || note ? '' : ' (you have nothing to order in this phase)'}.\n`;
    if (note) s += `${note}.\n`;
  }
  if (v.position) s += `\nPosition:\n\n${indent(v.position)}\n`;
  return s;
}

async function phaseSeq(ctx: Ctx, who: Sender, name: string, adjudicatedOnly: boolean): Promise<number | null> {
  const phases = await ctx.db.phase.findMany({
    where: { gameId: who.game.id, status: adjudicatedOnly ? 'adjudicated' : { not: 'rolled_back' } },
    orderBy: { seq: 'asc' },
    select: { seq: true, key: true, label: true },
  });
  const t = name.trim().toLowerCase();
  if (/^\d+$/.test(t)) return phases.find((p) => p.seq === Number(t))?.seq ?? null;
  const hit = phases.filter((p) => p.label.toLowerCase() === t || p.key.toLowerCase() === t);
  return hit.length ? hit[hit.length - 1].seq : null;
}

async function historyText(ctx: Ctx, who: Sender, phase?: string): Promise<string> {
  const a = await access(ctx.db, who.game.id, who.accountId);
  if (!phase) {
    const h = await allHistory(ctx, a);
    return (
      h
        .map(
          (p) =>
            `  ${String(p.seq).padStart(3)}. ${p.label} [${p.status}]${p.missed.length ? ` no orders from ${roleNamesOf(who.game, p.missed)}` : ''}`,
        )
        .join('\n') + '\n\nHISTORY <number or phase name> shows one phase: its orders and results.\n'
    );
  }
  const seq = await phaseSeq(ctx, who, phase, false);
  if (seq === null) return `There is no phase "${phase}" in this game. HISTORY without a phase lists them.\n`;
  const p = await phaseDetail(ctx, a, seq);
  let s = `${p.seq}. ${p.label} [${p.status}]\n`;
  for (const o of p.orders)
    s += `\nOrders of ${roleNameOf(who.game, o.role)}:\n${o.lines.map((l) => `  ${l}`).join('\n') || '  (none)'}\n`;
  if (p.report) s += `\nResults:\n\n${indent(p.report)}\n`;
  s += `\nPosition at the start of ${p.label}:\n\n${indent(p.position ?? '')}\n`;
  return s;
}
