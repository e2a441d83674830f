// Press: messages between the players of a game, where its moderator allows them. Stored, mailed
// to the recipients, and readable by the sender and the recipients (everyone once the game is
// over, if the settings say so). Press to ALL goes to every power and the moderator.
import type { Viewer } from '../contract/types.ts';
import type { Tx } from '../db/client.ts';
import { headerLines, roleNameOf, roleNamesOf } from '../mail/game-mail.ts';
import { queueMail, type OutgoingMail } from '../mail/outbox.ts';
import { signature } from '../mail/templates.ts';
import { formatTime, isoUtc } from '../mail/time.ts';
import { access, activePlayers, lockGame, requireModerator, requirePlayer, squashName, type Access } from './access.ts';
import { afterCommit, type Ctx } from './context.ts';
import { badRequest, conflict, forbidden, notFound } from './errors.ts';
import { recordEvent } from './games.ts';
import { scenarioRoles } from './phases.ts';

export type PressLevel = 'none' | 'public' | 'full';
export interface EmailSettings {
  press: PressLevel;
  pressPublicAfterGame: boolean;
}
export const DEFAULT_SETTINGS: EmailSettings = { press: 'full', pressPublicAfterGame: true };
export const MAX_PRESS_CHARS = 10_000;

/**
 * The powers named in `words`, by id or by name, in any case; a name of several words may come
 * split ("PRESS TO Allied Chiefs" is read as the words Allied, Chiefs): the longest run of words
 * that names a power wins.
 */
export function readRoles(
  words: string[],
  roles: string[],
  nameOf: (role: string) => string,
): { found: string[]; unknown: string[] } {
  const found: string[] = [];
  const unknown: string[] = [];
  const byKey = new Map<string, string>();
  for (const r of roles) {
    byKey.set(squashName(r), r);
    byKey.set(squashName(nameOf(r)), r);
  }
  for (let i = 0; i < words.length; ) {
    let hit = 0;
    for (let j = words.length; j > i && !hit; j--) if (byKey.has(squashName(words.slice(i, j).join(' ')))) hit = j;
    if (hit) {
      found.push(byKey.get(squashName(words.slice(i, hit).join(' ')))!);
      i = hit;
    } else unknown.push(words[i++]!);
  }
  return { found, unknown };
}

export async function emailSettings(db: Ctx['db'] | Tx, gameId: string): Promise<EmailSettings> {
  const s = await db.gameEmailSettings.findUnique({ where: { gameId } });
  return s ? { press: s.press as PressLevel, pressPublicAfterGame: s.pressPublicAfterGame } : { ...DEFAULT_SETTINGS };
}

export async function updateEmailSettings(
  ctx: Ctx,
  gameId: string,
  moderatorId: string,
  input: Partial<EmailSettings>,
): Promise<EmailSettings> {
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    const now = ctx.clock.now();
    const next = {
      ...(await emailSettings(tx, gameId)),
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    } as EmailSettings;
    await tx.gameEmailSettings.upsert({
      where: { gameId },
      create: { gameId, ...next, updatedAt: now },
      update: { ...next, updatedAt: now },
    });
    const press =
      next.press === 'none' ? 'no press' : next.press === 'public' ? 'press to ALL only' : 'press between any powers';
    await recordEvent(
      tx,
      ctx,
      a.game,
      moderatorId,
      'settings',
      `The moderator set: ${press}${next.pressPublicAfterGame ? ', all press public after the game' : ''}.`,
      { ...next },
      { mail: true },
    );
    return next;
  });
  await afterCommit(ctx, { mail: true });
  return r;
}

export interface PressInput {
  to: string[] | 'ALL';
  text: string;
}

function pressMail(
  ctx: Ctx,
  a: Access,
  reader: { email: string; timeZone: string; viewer: Viewer },
  from: string,
  toLine: string,
  body: string,
  phaseLabel: string | null,
  at: Date,
): OutgoingMail {
  let text = headerLines(ctx.config, a.game, reader, [
    ['Press-From', from],
    ['Press-To', toLine],
    ['At', isoUtc(at)],
  ]);
  const fromName = roleNameOf(a.game, from);
  text += `Press from ${fromName} to ${toLine}${phaseLabel ? ` during ${phaseLabel}` : ''}, ${formatTime(at, reader.timeZone)}:\n\n`;
  text +=
    body
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n') + '\n';
  if (ctx.config.inbound.enabled && reader.viewer.kind === 'player')
    text += `\nTo answer, reply with\n  PRESS TO ${fromName}\n  ...\n  END\n`;
  return {
    to: reader.email,
    kind: 'press',
    gameId: a.game.id,
    subject: `${a.game.name}: press from ${fromName}`,
    body: text + signature(ctx.config),
  };
}

/** Send press from the caller's power. */
export async function sendPress(ctx: Ctx, gameId: string, accountId: string, input: PressInput) {
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    if (a.game.status !== 'active' && a.game.status !== 'paused')
      throw conflict(
        a.game.status === 'forming' ? 'The game has not started yet.' : 'The game is over: no more press.',
      );
    const settings = await emailSettings(tx, gameId);
    if (settings.press === 'none') throw forbidden('This game is played without press.');
    const text = input.text.trim();
    if (!text) throw badRequest('The press message is empty.', [{ field: 'body.text', message: 'empty' }]);
    if (text.length > MAX_PRESS_CHARS)
      throw badRequest(`Press is at most ${MAX_PRESS_CHARS} characters.`, [
        { field: 'body.text', message: 'too long' },
      ]);
    const roles = scenarioRoles(a.module, a.game.scenario);
    const from = player.role!;
    let toRoles: string[];
    const toAll = input.to === 'ALL';
    if (toAll) toRoles = roles.filter((r) => r !== from);
    else {
      if (settings.press === 'public') throw forbidden('This game allows press to ALL only.');
      const { found, unknown } = readRoles(input.to as string[], roles, (r) => roleNameOf(a.game, r));
      if (unknown.length || found.length === 0)
        throw badRequest(
          `Not powers of this game: ${unknown.join(', ') || '(none given)'}. Powers: ${roleNamesOf(a.game, roles)}, or ALL.`,
          [{ field: 'body.to', message: 'unknown power' }],
        );
      toRoles = [...new Set(found)].filter((r) => r !== from);
      if (toRoles.length === 0)
        throw badRequest('Press to yourself only: name another power.', [
          { field: 'body.to', message: 'no other power' },
        ]);
    }
    const now = ctx.clock.now();
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    const row = await tx.press.create({
      data: {
        gameId,
        phaseLabel: phase?.label ?? null,
        fromRole: from,
        fromAccountId: accountId,
        toRoles,
        toAll,
        body: text,
        createdAt: now,
      },
    });
    const toLine = toAll ? 'ALL' : roleNamesOf(a.game, toRoles);
    const readers: { email: string; timeZone: string; viewer: Viewer }[] = activePlayers(a.game)
      .filter((p) => p.role !== from && toRoles.includes(p.role!))
      .map((p) => ({
        email: p.account.email,
        timeZone: p.account.timeZone,
        viewer: { kind: 'player', role: p.role! },
      }));
    if (toAll)
      readers.push({
        email: a.game.moderator.email,
        timeZone: a.game.moderator.timeZone,
        viewer: { kind: 'moderator' },
      });
    // Who answers has read what they answer: the thread is read up to their own message.
    await markReadTx(tx, accountId, gameId, threadOf(row), row.seq, now);
    await queueMail(
      tx,
      readers.map((rd) => pressMail(ctx, a, rd, from, toLine, text, phase?.label ?? null, now)),
      now,
    );
    return {
      id: row.id,
      seq: row.seq,
      from,
      to: toAll ? ['ALL'] : toRoles,
      toAll,
      thread: threadOf(row),
      text,
      phase: phase?.label ?? null,
      sentAt: now,
      delivered: readers.length,
    };
  });
  await afterCommit(ctx, { mail: true });
  return r;
}

/** Press to everyone is one thread; any other press is the thread of its powers, sender included. */
export const ALL_THREAD = 'ALL';

/** A message's thread: "ALL", or its powers (sender and recipients) sorted and joined by ",". */
export function threadOf(p: { fromRole: string; toRoles: string[]; toAll: boolean }): string {
  return p.toAll ? ALL_THREAD : [...new Set([p.fromRole, ...p.toRoles])].sort().join(',');
}

/** A thread named by a client, in its one spelling; a clear 400 if it names no thread of this game. */
export function parseThread(thread: string, roles: string[], nameOf: (role: string) => string): string {
  if (thread.trim().toUpperCase() === ALL_THREAD) return ALL_THREAD;
  const words = thread
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const byKey = new Map<string, string>();
  for (const r of roles) {
    byKey.set(squashName(r), r);
    byKey.set(squashName(nameOf(r)), r);
  }
  const unknown = words.filter((w) => !byKey.has(squashName(w)));
  if (unknown.length)
    throw badRequest(
      `Not powers of this game: ${unknown.join(', ')}. A thread is ALL, or two or more of ${roles.join(', ')} joined by commas.`,
      [{ field: 'body.thread', message: 'unknown power' }],
    );
  const found = [...new Set(words.map((w) => byKey.get(squashName(w))!))].sort();
  if (found.length < 2)
    throw badRequest('A thread is ALL, or two or more powers joined by commas (its sender and recipients).', [
      { field: 'body.thread', message: 'fewer than two powers' },
    ]);
  return found.join(',');
}

type PressRow = Awaited<ReturnType<Ctx['db']['press']['findMany']>>[number];

/**
 * Whether the reader may read a thread: its powers, everyone who plays or moderates for press to
 * ALL, and everyone once the game is over if the settings make press public then.
 */
function readsThread(a: Access, thread: string, allPublic: boolean): boolean {
  if (allPublic) return true;
  if (thread === ALL_THREAD) return a.viewer.kind !== 'observer';
  return a.viewer.kind === 'player' && thread.split(',').includes(a.viewer.role);
}

async function visiblePress(ctx: Ctx, a: Access): Promise<{ rows: PressRow[]; allPublic: boolean }> {
  const settings = await emailSettings(ctx.db, a.game.id);
  const allPublic = a.game.status === 'finished' && settings.pressPublicAfterGame;
  const rows = await ctx.db.press.findMany({ where: { gameId: a.game.id }, orderBy: { seq: 'asc' } });
  return { rows: rows.filter((p) => readsThread(a, threadOf(p), allPublic)), allPublic };
}

function pressItem(p: PressRow) {
  return {
    id: p.id,
    seq: p.seq,
    from: p.fromRole,
    to: p.toAll ? ['ALL'] : p.toRoles,
    toAll: p.toAll,
    thread: threadOf(p),
    text: p.body,
    phase: p.phaseLabel,
    sentAt: p.createdAt,
  };
}

/**
 * The press a reader may see, oldest first (only the thread's, when one is asked for), and the
 * threads it makes, newest first, each with what the reader has not read yet (their own messages
 * excepted; a visitor who is not signed in has nothing unread).
 */
export async function listPress(ctx: Ctx, a: Access, accountId?: string, onlyThread?: string) {
  const { rows } = await visiblePress(ctx, a);
  const roles = scenarioRoles(a.module, a.game.scenario);
  const only = onlyThread === undefined ? undefined : parseThread(onlyThread, roles, (r) => roleNameOf(a.game, r));
  const reads = accountId ? await ctx.db.pressRead.findMany({ where: { accountId, gameId: a.game.id } }) : [];
  const readUpTo = new Map(reads.map((r) => [r.thread, r.lastSeq]));
  const me = a.viewer.kind === 'player' ? a.viewer.role : null;
  const threads = new Map<string, { rows: PressRow[]; unread: number }>();
  for (const p of rows) {
    const key = threadOf(p);
    const t = threads.get(key) ?? { rows: [], unread: 0 };
    t.rows.push(p);
    if (accountId && p.fromRole !== me && p.seq > (readUpTo.get(key) ?? 0)) t.unread++;
    threads.set(key, t);
  }
  const inOrder = (list: string[]) => roles.filter((r) => list.includes(r));
  const list = [...threads.entries()]
    .map(([thread, t]) => {
      const last = t.rows[t.rows.length - 1]!;
      const powers = thread === ALL_THREAD ? roles : inOrder(thread.split(','));
      const others = powers.filter((r) => r !== me);
      return {
        thread,
        toAll: thread === ALL_THREAD,
        powers,
        title: thread === ALL_THREAD ? 'Everyone' : roleNamesOf(a.game, others),
        count: t.rows.length,
        unread: t.unread,
        lastReadSeq: readUpTo.get(thread) ?? 0,
        last: pressItem(last),
      };
    })
    .sort((x, y) => y.last.seq - x.last.seq);
  return {
    press: rows.filter((p) => only === undefined || threadOf(p) === only).map(pressItem),
    threads: list,
    unread: list.reduce((n, t) => n + t.unread, 0),
  };
}

async function markReadTx(
  tx: Tx | Ctx['db'],
  accountId: string,
  gameId: string,
  thread: string,
  seq: number,
  now: Date,
): Promise<number> {
  // Never backwards: an older page marking late does not make read press unread again.
  const rows = await tx.$queryRaw<{ lastSeq: number }[]>`
    INSERT INTO "PressRead" ("accountId", "gameId", thread, "lastSeq", "readAt") VALUES (${accountId}::uuid, ${gameId}::uuid, ${thread}, ${seq}, ${now})
    ON CONFLICT ("accountId", "gameId", thread) DO UPDATE SET "lastSeq" = GREATEST("PressRead"."lastSeq", EXCLUDED."lastSeq"), "readAt" = EXCLUDED."readAt"
    RETURNING "lastSeq"`;
  return rows[0]!.lastSeq;
}

/**
 * Mark a thread read by the caller, up to `seq` (a message of it they were shown) or to its newest
 * message. A thread the caller may not read is not found for them, whatever it holds.
 */
export async function markRead(ctx: Ctx, gameId: string, accountId: string, input: { thread: string; seq?: number }) {
  const a = await access(ctx.db, gameId, accountId);
  const roles = scenarioRoles(a.module, a.game.scenario);
  const thread = parseThread(input.thread, roles, (r) => roleNameOf(a.game, r));
  const { rows, allPublic } = await visiblePress(ctx, a);
  if (!readsThread(a, thread, allPublic))
    throw notFound(
      'You are not in this thread: you read the press sent to you or by you (and to everyone, when you play or moderate).',
    );
  const inThread = rows.filter((p) => threadOf(p) === thread);
  const newest = inThread.at(-1)?.seq ?? 0;
  const upTo = Math.min(input.seq ?? newest, newest);
  const lastReadSeq = await markReadTx(ctx.db, accountId, gameId, thread, upTo, ctx.clock.now());
  const me = a.viewer.kind === 'player' ? a.viewer.role : null;
  return { thread, lastReadSeq, unread: inThread.filter((p) => p.fromRole !== me && p.seq > lastReadSeq).length };
}
