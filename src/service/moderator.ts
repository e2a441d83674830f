// Moderator actions. Each one is recorded as a game event that the players see (and are mailed).
import crypto from 'node:crypto';
import { queueMail } from '../mail/outbox.ts';
import { eventMail, gameOverMail, roleNameOf, roleNamesOf, startMail } from '../mail/game-mail.ts';
import { normalizeEmail } from './accounts.ts';
import {
  access,
  loadGame,
  lockGame,
  matchRole,
  playerOfRole,
  policyOf,
  refuseModeratorSeat,
  requireModerator,
  type Access,
} from './access.ts';
import type { Prisma } from '../db/generated/client.ts';
import { recipients } from './phases.ts';
import { personRef, redactFor, renderPeople, visibleAddresses } from './privacy.ts';
import { afterCommit, type Ctx } from './context.ts';
import { computeDeadline, deadlineTooFar } from './deadlines.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from './errors.ts';
import { MODERATOR_DECISION } from '../contract/types.ts';
import { receiptHash, splitText } from './orders.ts';
import { peopleOf, recordEvent } from './games.ts';
import { finishGame, stored, processPhase, type ProcessResult } from './phases.ts';
import type { Tx } from '../db/client.ts';

async function modTx<T>(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  fn: (tx: Tx, a: Access, now: Date) => Promise<T>,
): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    return fn(tx, a, ctx.clock.now());
  });
}

async function openPhaseOf(tx: Tx, gameId: string) {
  const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
  if (!phase) throw conflict('No phase is open: the game has not started or is over.');
  return phase;
}

/** Set the deadline of the current phase to `at`, or move it by `extendMinutes`. */
export async function setDeadline(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  input: { at?: Date; extendMinutes?: number },
) {
  let wake: { phaseId: string; at: Date }[] = [];
  const r = await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    const phase = await openPhaseOf(tx, gameId);
    if (a.module.phase(phase.state).moderatorDecides)
      throw conflict(`${phase.label} has no deadline: it waits for your decision (POST /games/${gameId}/decision).`);
    let at: Date;
    if (input.at) at = input.at;
    else at = new Date((phase.graceUntil ?? phase.deadlineAt ?? now).getTime() + (input.extendMinutes ?? 0) * 60_000);
    if (at.getTime() < now.getTime() - 1000 && input.at)
      throw badRequest('The new deadline is in the past. Use POST /games/{id}/process to process now.', [
        { field: 'body.at', message: 'in the past' },
      ]);
    const far = deadlineTooFar(at, now);
    if (far) throw badRequest(far, [{ field: input.at ? 'body.at' : 'body.extendMinutes', message: 'too far ahead' }]);
    await tx.phase.update({ where: { id: phase.id }, data: { deadlineAt: at, graceUntil: null, remindedAt: null } });
    // No time in the sentence: each reader's mail gives the new deadline in their own zone (eventMail's times).
    const text = input.at
      ? `The moderator set a new deadline for ${phase.label}.`
      : `The moderator extended the deadline of ${phase.label} by ${input.extendMinutes} minutes.`;
    await recordEvent(
      tx,
      ctx,
      a.game,
      moderatorId,
      'deadline',
      text,
      { phase: phase.key, deadlineAt: at },
      { mail: true, times: [['New deadline', at]] },
    );
    wake = [{ phaseId: phase.id, at }];
    return { phase: phase.key, deadlineAt: at };
  });
  await afterCommit(ctx, { deadlines: wake, mail: true });
  return r;
}

export async function pause(ctx: Ctx, gameId: string, moderatorId: string, reason?: string) {
  await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    if (a.game.status !== 'active') throw conflict(`Only an active game can be paused; this one is ${a.game.status}.`);
    await tx.game.update({
      where: { id: gameId },
      data: { status: 'paused', pausedAt: now, version: { increment: 1 } },
    });
    await recordEvent(
      tx,
      ctx,
      a.game,
      moderatorId,
      'paused',
      `The moderator paused the game${reason ? `: ${reason}` : ''}. The deadline will move by the time the game stays paused.`,
      {},
      { mail: true },
    );
  });
  await afterCommit(ctx, { mail: true });
}

export async function resume(ctx: Ctx, gameId: string, moderatorId: string) {
  let wake: { phaseId: string; at: Date }[] = [];
  await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    if (a.game.status !== 'paused' || !a.game.pausedAt) throw conflict('The game is not paused.');
    const paused = now.getTime() - a.game.pausedAt.getTime();
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    const shift = (d: Date | null) => (d ? new Date(d.getTime() + paused) : null);
    let deadline: Date | null = null;
    if (phase) {
      deadline = shift(phase.deadlineAt);
      await tx.phase.update({
        where: { id: phase.id },
        data: { deadlineAt: deadline, graceUntil: shift(phase.graceUntil), earlyAt: shift(phase.earlyAt) },
      });
      if (deadline) wake = [{ phaseId: phase.id, at: shift(phase.earlyAt) ?? shift(phase.graceUntil) ?? deadline }];
    }
    await tx.game.update({
      where: { id: gameId },
      data: { status: 'active', pausedAt: null, version: { increment: 1 } },
    });
    await recordEvent(
      tx,
      ctx,
      a.game,
      moderatorId,
      'resumed',
      `The moderator resumed the game after ${Math.round(paused / 60_000)} minute(s); the deadline moved by as much.`,
      { pausedMs: paused, deadlineAt: deadline },
      { mail: true, times: [['Deadline', deadline]] },
    );
  });
  await afterCommit(ctx, { deadlines: wake, mail: true });
}

export async function processNow(ctx: Ctx, gameId: string, moderatorId: string): Promise<ProcessResult> {
  const phase = await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    const p = await openPhaseOf(tx, gameId);
    if (a.module.phase(p.state).moderatorDecides)
      throw conflict(
        `${p.label} waits for your decision, not for a deadline: send it with POST /games/${gameId}/decision {"text": "..."}.`,
      );
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: 'process-now',
        actorId: moderatorId,
        text: `The moderator asked to process ${p.label} now.`,
        createdAt: now,
      },
    });
    return p;
  });
  return processPhase(ctx, phase.id, { force: true, actorId: moderatorId });
}

/**
 * The moderator's decision in a phase that waits for it (Heiau's Two Haoles: the natives' setup
 * when the kamaainas stay tied). Read by the engine like orders, stored as a submission of
 * MODERATOR_DECISION (so the replay replays it), then the phase is played at once.
 */
export async function decide(ctx: Ctx, gameId: string, moderatorId: string, text: string): Promise<ProcessResult> {
  const phase = await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    const p = await openPhaseOf(tx, gameId);
    if (!a.module.phase(p.state).moderatorDecides)
      throw conflict(`${p.label} is not waiting for a decision of the moderator.`);
    const lines = splitText(text);
    const read = a.module.readSubmission(p.state, MODERATOR_DECISION, lines);
    const bad = read.lines.filter((l) => !l.ok);
    if (!lines.length || bad.length)
      throw unprocessable(
        lines.length
          ? `${bad.length} line(s) could not be read; nothing was decided.`
          : 'The decision is empty; nothing was decided.',
        (bad.length ? bad : [{ line: 0, text: '', error: 'write the decision, e.g. the name of a setup' }]).map(
          (l) => ({ field: 'body.text', line: l.line, text: l.text, message: l.error ?? 'not understood' }),
        ),
        { lines: read.lines },
      );
    await tx.submission.create({
      data: {
        phaseId: p.id,
        role: MODERATOR_DECISION,
        accountId: moderatorId,
        lines: lines,
        readings: stored(read.lines),
        accepted: stored(read.accepted),
        receipt: receiptHash(gameId, p.key, MODERATOR_DECISION, read.accepted, now),
        createdAt: now,
      },
    });
    // What was decided is for the engine's report to tell, to those who may read it.
    await recordEvent(tx, ctx, a.game, moderatorId, 'decision', `The moderator has decided (${p.label}).`, {
      phase: p.key,
    });
    return p;
  });
  return processPhase(ctx, phase.id, { force: true, actorId: moderatorId });
}

/** Go back to the start of an earlier phase: later phases are kept as rolled back, the phase reopens with a new deadline. */
export async function rollback(ctx: Ctx, gameId: string, moderatorId: string, seq: number) {
  let wake: { phaseId: string; at: Date }[] = [];
  const r = await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    if (a.game.status !== 'active' && a.game.status !== 'paused')
      throw conflict('Only a running game can be rolled back.');
    const target = await tx.phase.findUnique({ where: { gameId_seq: { gameId, seq } } });
    if (target?.status !== 'adjudicated')
      throw badRequest(`Phase ${seq} is not an adjudicated phase of this game (see GET /games/${gameId}/history).`, [
        { field: 'body.seq', message: 'not an adjudicated phase' },
      ]);
    if (a.module.seats?.(target.state))
      throw conflict(
        `The powers were dealt after ${target.label}; it cannot be played again. Roll back to a later phase.`,
      );
    const last = await tx.phase.findFirstOrThrow({ where: { gameId }, orderBy: { seq: 'desc' } });
    await tx.phase.updateMany({
      where: { gameId, seq: { gte: seq }, status: { not: 'rolled_back' } },
      data: { status: 'rolled_back' },
    });
    const policy = policyOf(a.game);
    const info = a.module.phase(target.state);
    const deadlineAt = computeDeadline(policy, info, now);
    const phase = await tx.phase.create({
      data: {
        gameId,
        seq: last.seq + 1,
        key: target.key,
        label: target.label,
        type: target.type,
        year: target.year,
        state: target.state as Prisma.InputJsonValue,
        status: 'open',
        openedAt: now,
        deadlineAt,
        expected: target.expected,
      },
    });
    const roles = a.module.scenarios.find((s) => s.id === a.game.scenario)?.roles ?? [];
    await tx.phaseRole.createMany({
      data: roles.map((role) => ({
        phaseId: phase.id,
        role,
        ready: !target.expected.includes(role),
        submitted: false,
        updatedAt: now,
      })),
    });
    await tx.game.update({ where: { id: gameId }, data: { version: { increment: 1 } } });
    await recordEvent(
      tx,
      ctx,
      a.game,
      moderatorId,
      'rollback',
      `The moderator rolled the game back to ${target.label}. Orders must be sent again.`,
      { toSeq: seq, newSeq: phase.seq, phase: target.key },
      { mail: true, times: [['New deadline', deadlineAt]] },
    );
    wake = [{ phaseId: phase.id, at: deadlineAt }];
    return { phase: { seq: phase.seq, key: phase.key, label: phase.label, deadlineAt } };
  });
  await afterCommit(ctx, { deadlines: wake, mail: true });
  return r;
}

/** Replace the player of a power by someone else; the history is kept and the new player told. */
export async function replacePlayer(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  playerId: string,
  email: string,
  opts: { keepOrders?: boolean } = {},
) {
  await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    if (a.game.status === 'forming' || a.game.status === 'finished')
      throw conflict('Players can be replaced in a running game only; before the start, invite someone else.');
    const old = a.game.players.find((p) => p.id === playerId);
    if (!old?.role || (old.status !== 'playing' && old.status !== 'removed'))
      throw notFound('No player of a power with this id in this game.');
    if (playerOfRole(a.game, old.role) && old.status !== 'playing') throw conflict(`${old.role} has a player already.`);
    const e = normalizeEmail(email);
    const account = await tx.account.upsert({ where: { email: e }, create: { email: e, createdAt: now }, update: {} });
    if (account.id === old.accountId)
      throw badRequest('That is the same person.', [{ field: 'body.email', message: 'same player' }]);
    refuseModeratorSeat(a.game, account.id);
    const seat = a.game.players.find((p) => p.accountId === account.id);
    if (seat && seat.status === 'playing') throw conflict(`${e} already plays ${seat.role} in this game.`);
    if (old.status === 'playing')
      await tx.gamePlayer.update({ where: { id: old.id }, data: { status: 'replaced', leftAt: now } });
    // The replacement starts without the old player's sealed orders, unless the moderator keeps them.
    if (!opts.keepOrders) await supersedeOpenOrders(tx, gameId, old.role!, now);
    // A new reply key for the seat: addresses sent to anyone before stop working.
    if (seat)
      await tx.gamePlayer.update({
        where: { id: seat.id },
        data: {
          status: 'playing',
          role: old.role,
          leftAt: null,
          missedPhases: 0,
          replyKey: crypto.randomBytes(16).toString('hex'),
        },
      });
    else
      await tx.gamePlayer.create({
        data: { gameId, accountId: account.id, status: 'playing', role: old.role, createdAt: now },
      });
    const game = await loadGame(tx, gameId);
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    await recordEvent(
      tx,
      ctx,
      game,
      moderatorId,
      'replaced',
      `${personRef(account.id)} now plays ${roleNameOf(a.game, old.role)}, replacing ${personRef(old.account.id)}${opts.keepOrders ? '; the orders sent for this phase are kept' : '; orders sent for this phase no longer count'}.`,
      { role: old.role, from: old.accountId, to: account.id, keepOrders: !!opts.keepOrders },
      { mail: true },
    );
    if (phase) {
      const keep = visibleAddresses({ kind: 'player', email: account.email }, game.moderator.email);
      const who = Object.fromEntries(
        game.players
          .filter((p) => p.status === 'playing')
          .map((p) => [p.role!, redactFor(p.account.name ?? p.account.email, keep)]),
      );
      const mail = startMail(
        ctx.config,
        game,
        a.module,
        { email: account.email, timeZone: account.timeZone, viewer: { kind: 'player', role: old.role } },
        phase,
        phase.state,
        who,
      );
      await queueMail(
        tx,
        {
          ...mail,
          kind: 'replacement',
          subject: `${game.name}: you now play ${roleNameOf(game, old.role)}`,
          body:
            `You take over ${roleNameOf(game, old.role)} from ${redactFor(old.account.name ?? old.account.email, keep)}; the game's history is kept.\n\n` +
            mail.body,
        },
        now,
      );
    }
  });
  await afterCommit(ctx, { mail: true });
}

/**
 * The sealed orders of a seat that changes hands or is emptied no longer count: they are marked
 * superseded (kept for the record) and the power is neither submitted nor ready.
 */
async function supersedeOpenOrders(tx: Tx, gameId: string, role: string, now: Date): Promise<number> {
  const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
  if (!phase) return 0;
  const r = await tx.submission.updateMany({
    where: { phaseId: phase.id, role, supersededAt: null },
    data: { supersededAt: now },
  });
  await tx.phaseRole.updateMany({
    where: { phaseId: phase.id, role },
    data: { submitted: false, ready: !phase.expected.includes(role), updatedAt: now },
  });
  return r.count;
}

/** Remove a player: the power goes into civil disorder (its units hold) until replaced. */
export async function removePlayer(ctx: Ctx, gameId: string, moderatorId: string, playerId: string) {
  await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    const p = a.game.players.find((x) => x.id === playerId && x.status !== 'removed' && x.status !== 'replaced');
    if (!p) throw notFound('No current player with this id in this game.');
    if (a.game.status === 'finished') throw conflict('The game is over.');
    await tx.gamePlayer.update({ where: { id: p.id }, data: { status: 'removed', leftAt: now } });
    if (p.role) await supersedeOpenOrders(tx, gameId, p.role, now);
    const text = p.role
      ? `The moderator removed ${personRef(p.account.id)} from ${roleNameOf(a.game, p.role)}; ${roleNameOf(a.game, p.role)} is in civil disorder until replaced.`
      : `The moderator removed ${personRef(p.account.id)}.`;
    await recordEvent(tx, ctx, a.game, moderatorId, 'removed', text, { playerId, role: p.role }, { mail: true });
    await queueMail(
      tx,
      {
        to: p.account.email,
        kind: 'event:removed',
        gameId,
        subject: `${a.game.name}: you were removed`,
        body: `${renderPeople(text, peopleOf(a.game), [p.account.email, a.game.moderator.email])}\n`,
      },
      now,
    );
  });
  await afterCommit(ctx, { mail: true });
}

/**
 * A player resigns from a running game: as when the moderator removes them, the power goes into
 * civil disorder (its orders of the open phase no longer count, its units hold) until the
 * moderator replaces the player (replacePlayer). Everyone, the moderator included, is told by
 * the event mail; the moderator's copy says how to replace.
 */
export async function resign(ctx: Ctx, gameId: string, accountId: string): Promise<{ role: string }> {
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    if (a.game.status === 'forming')
      throw conflict('The game has not started: leave it instead (POST /games/{id}/leave).');
    if (a.game.status === 'finished') throw conflict('The game is over.');
    const p = a.player;
    if (!p?.role) throw forbidden('Only a player of this game can resign from it; you play no power here.');
    const now = ctx.clock.now();
    await tx.gamePlayer.update({ where: { id: p.id }, data: { status: 'removed', leftAt: now } });
    await supersedeOpenOrders(tx, gameId, p.role, now);
    const power = roleNameOf(a.game, p.role);
    const text = `${personRef(p.account.id)} resigned from ${power}; ${power} is in civil disorder (its units hold) until the moderator finds a replacement.`;
    await recordEvent(tx, ctx, a.game, accountId, 'resigned', text, { playerId: p.id, role: p.role }, { mail: true });
    const people = peopleOf(a.game);
    await queueMail(
      tx,
      {
        to: a.game.moderator.email,
        kind: 'event:resigned-moderator',
        gameId,
        subject: `${a.game.name}: ${power} needs a new player`,
        body: `${renderPeople(text, people, null)}\n\nTo give ${power} to someone else: "Replace" beside ${power} on the game's page, ${ctx.config.publicUrl}/#/games/${gameId}\n(for programs: POST ${ctx.config.publicUrl}/games/${gameId}/players/${p.id}/replace with {"email": "..."}).\n`,
      },
      now,
    );
    return { role: p.role };
  });
  await afterCommit(ctx, { mail: true });
  return r;
}

/** End the game (`draw` false) or declare a draw among `roles` (default: every power). */
export async function endGame(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  input: { draw: boolean; roles?: string[]; reason?: string },
) {
  await modTx(ctx, gameId, moderatorId, async (tx, a, now) => {
    if (a.game.status === 'finished') throw conflict('The game is over already.');
    if (a.game.status === 'forming') throw conflict('The game has not started; delete it instead of ending it.');
    const roles = a.module.scenarios.find((s) => s.id === a.game.scenario)?.roles ?? [];
    const unknown = (input.roles ?? []).filter((r) => !matchRole(roles, r));
    if (unknown.length)
      throw badRequest(`Not powers of this game: ${unknown.join(', ')}. Powers: ${roles.join(', ')}.`, [
        { field: 'body.roles', message: 'unknown power' },
      ]);
    const named = [...new Set((input.roles ?? []).map((r) => matchRole(roles, r)!))];
    const winners = input.draw ? (named.length ? named : roles) : [];
    const outcome = input.draw
      ? {
          kind: 'draw',
          winners,
          text: `draw declared by the moderator between ${roleNamesOf(a.game, winners)}${input.reason ? ` (${input.reason})` : ''}`,
          by: 'moderator',
        }
      : {
          kind: 'ended',
          winners: [],
          text: `ended by the moderator${input.reason ? `: ${input.reason}` : ''}`,
          by: 'moderator',
        };
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    if (phase) await tx.phase.update({ where: { id: phase.id }, data: { status: 'final' } });
    await finishGame(tx, a.game, outcome, now);
    await tx.gameEvent.create({
      data: {
        gameId,
        kind: input.draw ? 'draw' : 'ended',
        actorId: moderatorId,
        text: `The moderator ${input.draw ? 'declared a draw' : 'ended the game'}.`,
        data: outcome,
        createdAt: now,
      },
    });
    await queueMail(
      tx,
      recipients(a.game).map((r) => gameOverMail(ctx.config, a.game, a.module, r, outcome, phase?.state ?? null)),
      now,
    );
  });
  await afterCommit(ctx, { mail: true });
}

export { eventMail };
