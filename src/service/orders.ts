// Sealed orders: a player submits, replaces or clears the orders of their power for the current
// phase. Every submission is stored as written with how each line was read and a receipt.
import crypto from 'node:crypto';
import type { ReadLine } from '../games/types.ts';
import { queueMail } from '../mail/outbox.ts';
import { receiptMail } from '../mail/game-mail.ts';
import { access, activePlayers, lockGame, policyOf, requirePlayer } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { conflict, unprocessable } from './errors.ts';
import { asStored } from './phases.ts';

export const MAX_LINES = 200;

export interface SubmitInput {
  lines: string[];
  /** Mark the power ready (default: unchanged; clearing orders makes it not ready). */
  ready?: boolean;
  /** Store the readable lines even when others were rejected (default: reject the whole submission). */
  acceptPartial?: boolean;
}

export interface SubmitResult {
  phase: { key: string; label: string; deadlineAt: Date | null };
  role: string;
  lines: ReadLine[];
  accepted: number;
  rejected: number;
  ready: boolean;
  receipt: { hash: string; at: Date };
}

function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x && typeof x === 'object') {
    return `{${Object.keys(x).sort().filter((k) => (x as any)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((x as any)[k])}`).join(',')}}`;
  }
  return JSON.stringify(x ?? null);
}

/** The receipt: SHA-256 of the game, phase, role, accepted orders and the time of receipt. */
export function receiptHash(gameId: string, phaseKey: string, role: string, accepted: unknown, at: Date): string {
  return crypto.createHash('sha256').update(canonical({ gameId, phase: phaseKey, role, accepted: asStored(accepted), at: at.toISOString() })).digest('hex');
}

export function splitText(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
}

/** Re-arm or clear early processing after readiness changed (inside the transaction). */
async function updateEarly(tx: any, game: any, phaseId: string, now: Date): Promise<Date | null> {
  const policy = policyOf(game);
  const phase = await tx.phase.findUniqueOrThrow({ where: { id: phaseId }, include: { readiness: true } });
  const played = new Set(activePlayers(game).map((p) => p.role!));
  const expected = phase.expected.filter((r: string) => played.has(r));
  const allReady = expected.length > 0 && expected.every((r: string) => phase.readiness.find((x: any) => x.role === r)?.ready);
  const earlyAt = policy.earlyProcessing && allReady ? phase.earlyAt ?? new Date(now.getTime() + policy.earlyDelayMinutes * 60_000) : null;
  if ((earlyAt?.getTime() ?? null) !== (phase.earlyAt?.getTime() ?? null)) await tx.phase.update({ where: { id: phaseId }, data: { earlyAt } });
  return earlyAt;
}

export async function submitOrders(ctx: Ctx, gameId: string, accountId: string, input: SubmitInput): Promise<SubmitResult> {
  let wake: { phaseId: string; at: Date }[] = [];
  const result = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    const role = player.role!;
    if (a.game.status !== 'active' && a.game.status !== 'paused') throw conflict(a.game.status === 'forming' ? 'The game has not started yet.' : 'The game is over.');
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    if (!phase) throw conflict('No phase is open for orders right now.');
    const now = ctx.clock.now();
    const read = a.module.readSubmission(phase.state as any, role, input.lines);
    const bad = read.lines.filter((l) => !l.ok);
    if (bad.length && !input.acceptPartial) {
      throw unprocessable(
        `${bad.length} of ${read.lines.length} order line(s) could not be accepted; nothing was stored. Fix them, or resend with "acceptPartial": true to keep the others.`,
        bad.map((l) => ({ field: 'body.orders', line: l.line, text: l.text, message: l.error ?? 'not understood' })),
        { lines: read.lines },
      );
    }
    const hash = receiptHash(gameId, phase.key, role, read.accepted, now);
    await tx.submission.updateMany({ where: { phaseId: phase.id, role, supersededAt: null }, data: { supersededAt: now } });
    await tx.submission.create({
      data: { phaseId: phase.id, role, accountId, lines: input.lines, readings: asStored(read.lines) as any, accepted: asStored(read.accepted) as any, receipt: hash, createdAt: now },
    });
    const expected = phase.expected.includes(role);
    const current = await tx.phaseRole.findUnique({ where: { phaseId_role: { phaseId: phase.id, role } } });
    const ready = !expected ? true : input.lines.length === 0 ? (input.ready ?? false) : (input.ready ?? current?.ready ?? false);
    await tx.phaseRole.upsert({
      where: { phaseId_role: { phaseId: phase.id, role } },
      create: { phaseId: phase.id, role, ready, submitted: input.lines.length > 0, updatedAt: now },
      update: { ready, submitted: input.lines.length > 0, updatedAt: now },
    });
    const earlyAt = await updateEarly(tx, a.game, phase.id, now);
    if (earlyAt) wake = [{ phaseId: phase.id, at: earlyAt }];
    await queueMail(tx, receiptMail(ctx.config, a.game, { email: player.account.email, timeZone: player.account.timeZone, viewer: a.viewer }, phase, read.lines, hash, now, ready), now);
    return {
      phase: { key: phase.key, label: phase.label, deadlineAt: phase.deadlineAt },
      role,
      lines: read.lines,
      accepted: read.lines.filter((l) => l.ok).length,
      rejected: bad.length,
      ready,
      receipt: { hash, at: now },
    };
  });
  await afterCommit(ctx, { deadlines: wake, mail: true });
  return result;
}

export async function setReady(ctx: Ctx, gameId: string, accountId: string, ready: boolean) {
  let wake: { phaseId: string; at: Date }[] = [];
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    if (!phase || (a.game.status !== 'active' && a.game.status !== 'paused')) throw conflict('No phase is open right now.');
    const now = ctx.clock.now();
    const role = player.role!;
    const value = phase.expected.includes(role) ? ready : true;
    await tx.phaseRole.update({ where: { phaseId_role: { phaseId: phase.id, role } }, data: { ready: value, updatedAt: now } });
    const earlyAt = await updateEarly(tx, a.game, phase.id, now);
    if (earlyAt) wake = [{ phaseId: phase.id, at: earlyAt }];
    return { role, ready: value, phase: { key: phase.key, label: phase.label }, earlyAt };
  });
  await afterCommit(ctx, { deadlines: wake });
  return r;
}

/** The reader's own orders for the current phase (sealed from everyone else). */
export async function myOrders(ctx: Ctx, gameId: string, accountId: string) {
  const a = await access(ctx.db, gameId, accountId);
  const player = requirePlayer(a);
  const phase = await ctx.db.phase.findFirst({ where: { gameId, status: 'open' }, include: { readiness: { where: { role: player.role! } } } });
  if (!phase) throw conflict('No phase is open right now.');
  const sub = await ctx.db.submission.findFirst({ where: { phaseId: phase.id, role: player.role!, supersededAt: null } });
  return {
    phase: { key: phase.key, label: phase.label, deadlineAt: phase.deadlineAt },
    role: player.role!,
    expected: phase.expected.includes(player.role!),
    ready: phase.readiness[0]?.ready ?? false,
    lines: (sub?.readings as ReadLine[] | undefined) ?? [],
    receipt: sub ? { hash: sub.receipt, at: sub.createdAt } : null,
  };
}
