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
import { badRequest, conflict, forbidden } from './errors.ts';
import { recordEvent } from './games.ts';
import { scenarioRoles } from './phases.ts';

export type PressLevel = 'none' | 'public' | 'full';
export interface EmailSettings { partialOrders: boolean; press: PressLevel; pressPublicAfterGame: boolean }
export const DEFAULT_SETTINGS: EmailSettings = { partialOrders: false, press: 'full', pressPublicAfterGame: true };
export const MAX_PRESS_CHARS = 10_000;

/**
 * The powers named in `words`, by id or by name, in any case; a name of several words may come
 * split ("PRESS TO Allied Chiefs" is read as the words Allied, Chiefs): the longest run of words
 * that names a power wins.
 */
export function readRoles(words: string[], roles: string[], nameOf: (role: string) => string): { found: string[]; unknown: string[] } {
  const found: string[] = [];
  const unknown: string[] = [];
  const byKey = new Map<string, string>();
  for (const r of roles) { byKey.set(squashName(r), r); byKey.set(squashName(nameOf(r)), r); }
  for (let i = 0; i < words.length;) {
    let hit = 0;
    for (let j = words.length; j > i && !hit; j--) if (byKey.has(squashName(words.slice(i, j).join(' ')))) hit = j;
    if (hit) { found.push(byKey.get(squashName(words.slice(i, hit).join(' ')))!); i = hit; } else unknown.push(words[i++]!);
  }
  return { found, unknown };
}

export async function emailSettings(db: Ctx['db'] | Tx, gameId: string): Promise<EmailSettings> {
  const s = await db.gameEmailSettings.findUnique({ where: { gameId } });
  return s ? { partialOrders: s.partialOrders, press: s.press as PressLevel, pressPublicAfterGame: s.pressPublicAfterGame } : { ...DEFAULT_SETTINGS };
}

export async function updateEmailSettings(ctx: Ctx, gameId: string, moderatorId: string, input: Partial<EmailSettings>): Promise<EmailSettings> {
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, moderatorId);
    requireModerator(a);
    const now = ctx.clock.now();
    const next = { ...(await emailSettings(tx, gameId)), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as EmailSettings;
    await tx.gameEmailSettings.upsert({ where: { gameId }, create: { gameId, ...next, updatedAt: now }, update: { ...next, updatedAt: now } });
    const press = next.press === 'none' ? 'no press' : next.press === 'public' ? 'press to ALL only' : 'press between any powers';
    await recordEvent(tx, ctx, a.game, moderatorId, 'settings',
      `The moderator set: ${press}${next.pressPublicAfterGame ? ', all press public after the game' : ''}; partial orders by email ${next.partialOrders ? 'kept' : 'not kept'}.`, { ...next }, { mail: true });
    return next;
  });
  await afterCommit(ctx, { mail: true });
  return r;
}

export interface PressInput { to: string[] | 'ALL'; text: string }

function pressMail(ctx: Ctx, a: Access, reader: { email: string; timeZone: string; viewer: Viewer }, from: string, toLine: string, body: string, phaseLabel: string | null, at: Date): OutgoingMail {
  let text = headerLines(ctx.config, a.game, reader, [['Press-From', from], ['Press-To', toLine], ['At', isoUtc(at)]]);
  const fromName = roleNameOf(a.game, from);
  text += `Press from ${fromName} to ${toLine}${phaseLabel ? ` during ${phaseLabel}` : ''}, ${formatTime(at, reader.timeZone)}:\n\n`;
  text += body.split('\n').map((l) => `  ${l}`).join('\n') + '\n';
  if (ctx.config.inbound.enabled && reader.viewer.kind === 'player') text += `\nTo answer, reply with\n  PRESS TO ${fromName}\n  ...\n  END\n`;
  return { to: reader.email, kind: 'press', gameId: a.game.id, subject: `${a.game.name}: press from ${fromName}`, body: text + signature(ctx.config) };
}

/** Send press from the caller's power. */
export async function sendPress(ctx: Ctx, gameId: string, accountId: string, input: PressInput) {
  const r = await ctx.db.$transaction(async (tx) => {
    await lockGame(tx, gameId);
    const a = await access(tx, gameId, accountId);
    const player = requirePlayer(a);
    if (a.game.status !== 'active' && a.game.status !== 'paused') throw conflict(a.game.status === 'forming' ? 'The game has not started yet.' : 'The game is over: no more press.');
    const settings = await emailSettings(tx, gameId);
    if (settings.press === 'none') throw forbidden('This game is played without press.');
    const text = input.text.trim();
    if (!text) throw badRequest('The press message is empty.', [{ field: 'body.text', message: 'empty' }]);
    if (text.length > MAX_PRESS_CHARS) throw badRequest(`Press is at most ${MAX_PRESS_CHARS} characters.`, [{ field: 'body.text', message: 'too long' }]);
    const roles = scenarioRoles(a.module, a.game.scenario);
    const from = player.role!;
    let toRoles: string[];
    const toAll = input.to === 'ALL';
    if (toAll) toRoles = roles.filter((r) => r !== from);
    else {
      if (settings.press === 'public') throw forbidden('This game allows press to ALL only.');
      const { found, unknown } = readRoles(input.to as string[], roles, (r) => roleNameOf(a.game, r));
      if (unknown.length || found.length === 0) throw badRequest(`Not powers of this game: ${unknown.join(', ') || '(none given)'}. Powers: ${roleNamesOf(a.game, roles)}, or ALL.`, [{ field: 'body.to', message: 'unknown power' }]);
      toRoles = [...new Set(found)].filter((r) => r !== from);
      if (toRoles.length === 0) throw badRequest('Press to yourself only: name another power.', [{ field: 'body.to', message: 'no other power' }]);
    }
    const now = ctx.clock.now();
    const phase = await tx.phase.findFirst({ where: { gameId, status: 'open' } });
    const row = await tx.press.create({ data: { gameId, phaseLabel: phase?.label ?? null, fromRole: from, fromAccountId: accountId, toRoles, toAll, body: text, createdAt: now } });
    const toLine = toAll ? 'ALL' : roleNamesOf(a.game, toRoles);
    const readers: { email: string; timeZone: string; viewer: Viewer }[] = activePlayers(a.game).filter((p) => p.role !== from && toRoles.includes(p.role!)).map((p) => ({ email: p.account.email, timeZone: p.account.timeZone, viewer: { kind: 'player', role: p.role! } }));
    if (toAll) readers.push({ email: a.game.moderator.email, timeZone: a.game.moderator.timeZone, viewer: { kind: 'moderator' } });
    await queueMail(tx, readers.map((rd) => pressMail(ctx, a, rd, from, toLine, text, phase?.label ?? null, now)), now);
    return { id: row.id, seq: row.seq, from, to: toAll ? ['ALL'] : toRoles, toAll, text, phase: phase?.label ?? null, sentAt: now, delivered: readers.length };
  });
  await afterCommit(ctx, { mail: true });
  return r;
}

/** The press a reader may see, oldest first. */
export async function listPress(ctx: Ctx, a: Access) {
  const settings = await emailSettings(ctx.db, a.game.id);
  const rows = await ctx.db.press.findMany({ where: { gameId: a.game.id }, orderBy: { seq: 'asc' } });
  const allPublic = a.game.status === 'finished' && settings.pressPublicAfterGame;
  const role = a.viewer.kind === 'player' ? a.viewer.role : null;
  return rows
    .filter((p) => allPublic || (p.toAll && a.viewer.kind !== 'observer') || (role !== null && (p.fromRole === role || p.toRoles.includes(role))))
    .map((p) => ({ id: p.id, seq: p.seq, from: p.fromRole, to: p.toAll ? ['ALL'] : p.toRoles, toAll: p.toAll, text: p.body, phase: p.phaseLabel, sentAt: p.createdAt }));
}
