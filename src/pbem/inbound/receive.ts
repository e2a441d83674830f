// One inbound message, from the SMTP listener or the webhook: read it, recognise automated mail
// (never answered), record it once (Message-ID and content hash are unique), check the reply
// address and the sender, carry out the commands through the service, and queue one reply.
import type { Tx } from '../../db/client.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { parseCommands } from '../commands.ts';
import { execute, type Executed } from '../execute.ts';
import { commandSummary, helpText, judgeHelpText } from '../help.ts';
import {
  judgeAddress,
  parseReplyAddress,
  tokenMatches,
  type ParsedAddress,
} from '../../service/mail-sending/reply-address.ts';
import { executeJudge } from '../judge.ts';
import { REGISTRATION_LINK_MINUTES, registrationLink } from '../../service/accounts.ts';
import { AppError } from '../../service/errors.ts';
import { loadGame, type GameWithPlayers } from '../../service/access.ts';
import { afterCommit, type Ctx } from '../../service/context.ts';
import { headerLines } from '../../mail/game-mail.ts';
import { queueMail, type OutgoingMail } from '../../mail/outbox.ts';
import { signature } from '../../mail/templates.ts';
import { formatTime } from '../../mail/time.ts';
import { readHeadersOnly, readMessage, type Envelope, type InboundMessage } from './normalize.ts';

export type InboundStatus = 'answered' | 'refused' | 'ignored' | 'duplicate' | 'limited' | 'too-large';
export interface InboundResult {
  status: InboundStatus;
  id?: string;
  reason?: string;
}

const MAX_REPLY_CHARS = 200_000;

function ownDomains(ctx: Ctx): string[] {
  return [ctx.config.inbound.domain, (ctx.config.mailFrom.match(/@([^>\s]+)/)?.[1] ?? '').toLowerCase()].filter(
    Boolean,
  );
}

/** A reading that has not finished after this long died with its process. */
export const STALE_READING_MS = 120_000;

/**
 * Record the message; null when it was recorded before (a second delivery). A message whose
 * earlier reading never finished (the process died between recording it and replying; the
 * sender's server, given no answer, delivers it again) is claimed once more and read again.
 */
async function claim(
  ctx: Ctx,
  msg: InboundMessage,
  size: number,
  status: string,
  reason: string | null,
): Promise<string | null> {
  const now = ctx.clock.now();
  const rows = await ctx.db.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "InboundMail" ("messageId", "contentHash", "fromAddress", "toAddress", subject, size, status, reason, "receivedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id::text`,
    msg.messageId,
    msg.contentHash,
    msg.from ?? '',
    msg.to.join(', ').slice(0, 2000),
    msg.subject.slice(0, 500),
    size,
    status,
    reason,
    now,
  );
  if (rows[0] || status !== 'received') return rows[0]?.id ?? null;
  const again = await ctx.db.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE "InboundMail" SET "receivedAt" = $3
      WHERE ("messageId" = $1 OR "contentHash" = $2) AND status = 'received' AND "receivedAt" < $4
      RETURNING id::text`,
    msg.messageId,
    msg.contentHash,
    now,
    new Date(now.getTime() - STALE_READING_MS),
  );
  return again[0]?.id ?? null;
}

function reSubject(msg: InboundMessage, fallback: string): string {
  const s = msg.subject.trim();
  return s ? (/^re:/i.test(s) ? s : `Re: ${s}`).slice(0, 200) : fallback;
}

function plainReply(ctx: Ctx, msg: InboundMessage, kind: string, text: string, gameId?: string): OutgoingMail {
  const head = `:: Judge: kahu\n${msg.messageId ? `:: In-Reply-To: <${msg.messageId}>\n` : ''}\n`;
  return {
    to: msg.from!,
    kind,
    gameId: gameId ?? null,
    subject: reSubject(msg, 'kahu: your message'),
    body: head + text + signature(ctx.config),
  };
}

/** A reply written in the transaction that records the message (it may create what it mails). */
type Reply = OutgoingMail | null | ((tx: Tx) => Promise<OutgoingMail | null>);

/** Finish the record and queue its reply, in one transaction. */
async function finish(ctx: Ctx, id: string, data: Prisma.InboundMailUpdateInput, reply: Reply): Promise<boolean> {
  const now = ctx.clock.now();
  const sent = await ctx.db.$transaction(async (tx) => {
    const mail = typeof reply === 'function' ? await reply(tx) : reply;
    await tx.inboundMail.update({
      where: { id },
      data: {
        ...data,
        ...(typeof reply === 'function' && !mail ? { status: 'limited' } : {}),
        answeredAt: mail ? now : null,
      },
    });
    if (mail) await queueMail(tx, { ...mail, body: mail.body.slice(0, MAX_REPLY_CHARS) }, now);
    return !!mail;
  });
  if (sent) await afterCommit(ctx, { mail: true });
  return sent;
}

type Done = (
  status: InboundStatus,
  reason: string,
  reply: Reply,
  extra?: Prisma.InboundMailUpdateInput,
) => Promise<InboundResult>;

/**
 * `trustedAuthServ`: whose Authentication-Results prove the sender (the SMTP listener's own verdict,
 * or the MX's; the webhook: INBOUND_AUTHSERV_ID). `size`: as delivered, before the listener added
 * its verdict.
 */
export async function receiveMessage(
  ctx: Ctx,
  raw: Buffer,
  envelope?: Envelope,
  opts: { trustedAuthServ?: string[]; size?: number } = {},
): Promise<InboundResult> {
  const cfg = ctx.config.inbound;
  const trusted = opts.trustedAuthServ ?? cfg.trustedAuthServ;
  const size = opts.size ?? raw.length;
  const tooLarge = size > cfg.maxBytes;
  const msg = tooLarge
    ? await readHeadersOnly(raw, envelope, ownDomains(ctx), trusted)
    : await readMessage(raw, envelope, ownDomains(ctx), trusted);
  const log = ctx.log.child({ inbound: { messageId: msg.messageId, from: msg.from, size } });

  // Auto-replies, bounces, lists and our own mail are recorded and never answered: no mail loops.
  if (msg.automated) {
    const id = await claim(ctx, msg, size, 'ignored', msg.automated);
    log.info({ reason: msg.automated }, 'inbound mail ignored (automated)');
    return { status: id ? 'ignored' : 'duplicate', id: id ?? undefined, reason: msg.automated };
  }
  const id = await claim(ctx, msg, size, 'received', null);
  if (!id) {
    log.info('inbound mail already read (duplicate delivery)');
    return { status: 'duplicate' };
  }
  const done: Done = async (status, reason, reply, extra = {}) => {
    const sent = await finish(ctx, id, { status, reason, ...extra }, reply);
    // A reply that its writer withheld (a limit reached inside the transaction) leaves it limited.
    const final = typeof reply === 'function' && !sent ? 'limited' : status;
    log.info({ status: final, reason }, 'inbound mail');
    return { status: final, id, reason };
  };

  // Only mail that proves who sent it is answered: a valid personal reply address written to from
  // its owner's address, not contradicted by the DKIM/SPF/DMARC verdict. Anything else is recorded
  // and never answered (the From may be forged: no backscatter), and counts against nobody; except
  // that a sender proven by DKIM or DMARC is told once a day that the address is not theirs.
  const refuse = (reason: string, gameId?: string) =>
    msg.authPass
      ? explainOnce(ctx, msg, reason, done, gameId)
      : done('refused', reason, null, gameId ? { gameId } : {});
  if (msg.authFailure) return done('refused', `sender not authenticated (${msg.authFailure})`, null);
  const parsed = msg.to.map((a) => parseReplyAddress(cfg, a)).find((p) => p !== null) ?? null;
  if (parsed === null) {
    if (msg.to.includes(judgeAddress(cfg))) return judgeMail(ctx, msg, size, tooLarge, done);
    return refuse('no personal reply address');
  }
  if ('bad' in parsed) return refuse('unreadable reply token');
  const game = (await ctx.db.game.findUnique({ where: { id: parsed.gameId }, select: { id: true } }))
    ? await loadGame(ctx.db, parsed.gameId)
    : null;
  if (!game) return refuse('unknown game');
  const account = await ctx.db.account.findUnique({ where: { email: msg.from! } });
  if (parsed.purpose === 'invite') return inviteMail(ctx, msg, size, tooLarge, done, game, account, parsed, refuse);
  const seat = account
    ? game.players.find((p) => p.accountId === account.id && p.status === 'playing' && p.role)
    : undefined;
  const member = parsed.purpose === 'moderator' ? !!account && game.moderatorId === account.id : !!seat;
  if (
    !account ||
    !member ||
    !tokenMatches(cfg, parsed, account.id, parsed.purpose === 'player' ? seat!.replyKey : '')
  ) {
    // Someone else's address (a forwarded mail, a forged sender), a token we never issued, or a
    // seat given to someone else since.
    return refuse(
      otherOwner(ctx, game, parsed)
        ? 'sender is not the owner of the reply address'
        : 'reply token not valid for the sender',
      game.id,
    );
  }
  const who = { gameId: game.id, accountId: account.id, purpose: parsed.purpose };

  // Per account: only authenticated mail counts, and it is always answered, even when limited.
  const since = new Date(ctx.clock.now().getTime() - 3600_000);
  const recent = await ctx.db.inboundMail.count({
    where: {
      accountId: account.id,
      receivedAt: { gt: since },
      id: { not: id },
      status: { in: ['answered', 'limited', 'too-large'] },
    },
  });
  if (recent >= cfg.ratePerHour) {
    const text = `You sent more than ${cfg.ratePerHour} messages to the judge within an hour. This message was not read and\nnothing was changed; please wait and send again.\n`;
    return done(
      'limited',
      `over ${cfg.ratePerHour} messages an hour`,
      plainReply(ctx, msg, 'email-refused', text, game.id),
      who,
    );
  }
  if (tooLarge) {
    const text = `Your message is ${Math.ceil(size / 1024)} KiB; the judge reads messages of at most ${Math.round(cfg.maxBytes / 1024)} KiB.\nIt was not read and nothing was changed. Send the commands as plain text, without attachments or quoted mail.\n`;
    return done(
      'too-large',
      `larger than ${cfg.maxBytes} bytes`,
      plainReply(ctx, msg, 'email-refused', text, game.id),
      who,
    );
  }

  const commands = parseCommands(msg.text);
  const role = parsed.purpose === 'moderator' ? null : seat!.role!;
  let executed: Executed;
  if (commands.length === 0)
    executed = { lines: [], sections: [{ title: 'HELP', text: helpText(ctx.config, parsed.purpose, game.variant) }] };
  else
    executed = await execute(
      ctx,
      { accountId: account.id, timeZone: account.timeZone, purpose: parsed.purpose, game },
      commands,
    );
  const reader = {
    email: account.email,
    timeZone: account.timeZone,
    viewer: role ? ({ kind: 'player', role } as const) : ({ kind: 'moderator' } as const),
  };
  const reply = commandReply(ctx, game, reader, msg, executed, commands.length === 0);
  const rejected = executed.lines.filter((l) => l.outcome === 'rejected').length;
  // From now on this player's game mail names email commands (nextPhaseLine).
  if (role && !seat!.byMail) await ctx.db.gamePlayer.update({ where: { id: seat!.id }, data: { byMail: true } });
  return done('answered', `${executed.lines.length} line(s), ${rejected} rejected`, reply, {
    gameId: game.id,
    accountId: account.id,
    purpose: parsed.purpose,
    results: executed.lines as unknown as Prisma.InputJsonValue,
  });
}

/** Explanations of a refused address one proven sender gets at most, in 24 hours. */
export const EXPLANATIONS_PER_DAY = 1;

/**
 * A proven sender (DKIM or DMARC pass for the From domain) who wrote to an address that is not
 * theirs: an old seat, a forwarded mail, a mangled address. They are told so, once a day at most,
 * in words that say nothing of the address's game or owner; nothing of their mail is echoed.
 */
function explainOnce(
  ctx: Ctx,
  msg: InboundMessage,
  reason: string,
  done: Done,
  gameId?: string,
): Promise<InboundResult> {
  const cfg = ctx.config.inbound;
  return done(
    'refused',
    reason,
    async (tx: Tx) => {
      // One at a time per sender: two messages at once must not both see no earlier explanation.
      await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, `kahu explain ${msg.from}`);
      const since = new Date(ctx.clock.now().getTime() - 24 * 3600_000);
      const earlier = await tx.inboundMail.count({
        where: { fromAddress: msg.from!, status: 'refused', answeredAt: { gt: since } },
      });
      if (earlier >= EXPLANATIONS_PER_DAY) return null;
      const text =
        `The judge did not read your message: the address you wrote to is not a reply address of yours.\n` +
        `It may be the address of a seat you no longer hold, of someone else's mail forwarded to you, or it was\n` +
        `changed on the way. Nothing was changed.\n\n` +
        `To play, reply to the newest mail the judge sent you about your game, or use ${ctx.config.publicUrl}.\n` +
        `Mail to ${judgeAddress(cfg)} for HELP and LIST. This explanation is sent once a day at most; further mail\n` +
        `to such addresses is not answered.\n`;
      const head = `:: Judge: kahu\n${msg.messageId ? `:: In-Reply-To: <${msg.messageId}>\n` : ''}\n`;
      return {
        to: msg.from!,
        kind: 'email-refused',
        gameId: null,
        subject: 'kahu: your message was not read',
        body: head + text + signature(ctx.config),
      };
    },
    gameId ? { gameId } : {},
  );
}

/**
 * Mail to the judge's own address. No token proves its sender, so the MX's verdict must: without a
 * DKIM or DMARC pass for the From domain from a trusted MX it is recorded and never answered (a
 * forged REGISTER would otherwise mail a stranger). Limits: the sender's messages an hour, and the
 * sign-in mails of the address (a registration link is one).
 */
async function judgeMail(
  ctx: Ctx,
  msg: InboundMessage,
  size: number,
  tooLarge: boolean,
  done: Done,
): Promise<InboundResult> {
  const cfg = ctx.config.inbound;
  if (!msg.authPass)
    return done(
      'refused',
      `judge address: sender not proven (no DKIM or DMARC pass for the sender's domain from a trusted MX)`,
      null,
    );
  const since = new Date(ctx.clock.now().getTime() - 3600_000);
  const recent = await ctx.db.inboundMail.count({
    where: {
      fromAddress: msg.from!,
      purpose: 'judge',
      receivedAt: { gt: since },
      status: { in: ['answered', 'limited', 'too-large'] },
    },
  });
  const account = await ctx.db.account.findUnique({ where: { email: msg.from! } });
  const who = { purpose: 'judge', ...(account ? { accountId: account.id } : {}) };
  if (recent >= cfg.ratePerHour) {
    return done(
      'limited',
      `over ${cfg.ratePerHour} messages an hour`,
      plainReply(
        ctx,
        msg,
        'email-refused',
        `You sent more than ${cfg.ratePerHour} messages to the judge within an hour. This message was not read;\nplease wait and send again.\n`,
      ),
      who,
    );
  }
  if (tooLarge) {
    return done(
      'too-large',
      `larger than ${cfg.maxBytes} bytes`,
      plainReply(
        ctx,
        msg,
        'email-refused',
        `Your message is ${Math.ceil(size / 1024)} KiB; the judge reads messages of at most ${Math.round(cfg.maxBytes / 1024)} KiB.\nIt was not read. Send the commands as plain text.\n`,
      ),
      who,
    );
  }
  const commands = parseCommands(msg.text);
  const ex = commands.length
    ? await executeJudge(ctx, { email: msg.from!, account }, commands)
    : { lines: [], sections: [{ title: 'HELP', text: judgeHelpText(ctx.config) }], register: false };
  const rejected = ex.lines.filter((l) => l.outcome === 'rejected').length;
  const extra = { ...who, results: ex.lines as unknown as Prisma.InputJsonValue };
  const reason = `${ex.lines.length} line(s), ${rejected} rejected`;
  if (!ex.register) return done('answered', reason, judgeReply(ctx, msg, ex, commands.length === 0, null), extra);
  // The link is made and mailed in one transaction; over the address's limit nothing is sent.
  return done(
    'answered',
    reason,
    async (tx: Tx) => {
      try {
        const code = await registrationLink(ctx, tx, msg.from!);
        return { ...judgeReply(ctx, msg, ex, false, code), kind: 'token' };
      } catch (err) {
        if (err instanceof AppError && err.status === 429) return null;
        throw err;
      }
    },
    extra,
  );
}

/**
 * Mail to an invitation's own address (`join+<token>`): the token, issued to the invited account for
 * this game's invited seat, with the From of that account proves the sender, as a seat's address
 * does; no MX verdict is needed. JOIN (with or without the game's name) joins this game only.
 */
async function inviteMail(
  ctx: Ctx,
  msg: InboundMessage,
  size: number,
  tooLarge: boolean,
  done: Done,
  game: GameWithPlayers,
  account: { id: string; email: string } | null,
  parsed: ParsedAddress,
  refuse: (reason: string, gameId?: string) => Promise<InboundResult>,
): Promise<InboundResult> {
  const cfg = ctx.config.inbound;
  const seat = account ? game.players.find((p) => p.accountId === account.id && p.status === 'invited') : undefined;
  if (!account || !seat || !tokenMatches(cfg, parsed, account.id, seat.replyKey)) {
    const other = game.players.some(
      (p) => p.status === 'invited' && tokenMatches(cfg, parsed, p.accountId, p.replyKey),
    );
    return refuse(
      other ? 'sender is not the owner of the reply address' : 'reply token not valid for the sender',
      game.id,
    );
  }
  const who = { gameId: game.id, accountId: account.id, purpose: 'invite' };
  const since = new Date(ctx.clock.now().getTime() - 3600_000);
  const recent = await ctx.db.inboundMail.count({
    where: { accountId: account.id, receivedAt: { gt: since }, status: { in: ['answered', 'limited', 'too-large'] } },
  });
  if (recent >= cfg.ratePerHour)
    return done(
      'limited',
      `over ${cfg.ratePerHour} messages an hour`,
      plainReply(
        ctx,
        msg,
        'email-refused',
        `You sent more than ${cfg.ratePerHour} messages to the judge within an hour. This message was not read;\nplease wait and send again.\n`,
      ),
      who,
    );
  if (tooLarge)
    return done(
      'too-large',
      `larger than ${cfg.maxBytes} bytes`,
      plainReply(
        ctx,
        msg,
        'email-refused',
        `Your message is ${Math.ceil(size / 1024)} KiB; the judge reads messages of at most ${Math.round(cfg.maxBytes / 1024)} KiB.\nIt was not read. Send the commands as plain text.\n`,
      ),
      who,
    );
  const full = await ctx.db.account.findUniqueOrThrow({ where: { id: account.id } });
  const commands = parseCommands(msg.text);
  const ex = commands.length
    ? await executeJudge(ctx, { email: msg.from!, account: full }, commands, game.id)
    : { lines: [], sections: [{ title: 'HELP', text: judgeHelpText(ctx.config) }], register: false };
  // Joined by mail: an email player of this game from the start.
  if (ex.lines.some((l) => l.outcome === 'done' && /^JOIN\b/i.test(l.text)))
    await ctx.db.gamePlayer.updateMany({ where: { gameId: game.id, accountId: account.id }, data: { byMail: true } });
  const rejected = ex.lines.filter((l) => l.outcome === 'rejected').length;
  return done(
    'answered',
    `${ex.lines.length} line(s), ${rejected} rejected`,
    judgeReply(ctx, msg, ex, commands.length === 0, null),
    { ...who, results: ex.lines as unknown as Prisma.InputJsonValue },
  );
}

function judgeReply(ctx: Ctx, msg: InboundMessage, ex: Executed, empty: boolean, code: string | null): OutgoingMail {
  let body = empty
    ? `Your message${msg.subject ? ` "${msg.subject}"` : ''} had no commands in it.\n`
    : `Your message${msg.subject ? ` "${msg.subject}"` : ''} was read as follows:\n\n`;
  for (const l of ex.lines)
    body += `  ${String(l.line).padStart(3)}. ${l.text}\n       ${l.outcome === 'rejected' ? 'REJECTED' : l.outcome}: ${l.detail}\n`;
  if (code !== null) {
    body +=
      `\n== REGISTER ==\n\nTo create your kahu account for ${msg.from}, open this link in a browser:\n\n    ${ctx.config.publicUrl}/#signin=${code}\n\n` +
      `It works once, within ${REGISTRATION_LINK_MINUTES} minutes; the account exists only once you follow it. If you did not\nask for it, ignore this mail: nothing happens without the link. Once registered, scripts get an\nAPI token with POST ${ctx.config.publicUrl}/accounts/sign-in.\n`;
  }
  for (const s of ex.sections) body += `\n== ${s.title} ==\n\n${s.text.replace(/\s+$/, '')}\n`;
  const head = `:: Judge: kahu\n${msg.messageId ? `:: In-Reply-To: <${msg.messageId}>\n` : ''}\n`;
  return {
    to: msg.from!,
    kind: 'email-reply',
    gameId: null,
    subject: reSubject(msg, 'kahu: your message'),
    body: head + body + signature(ctx.config),
  };
}

function otherOwner(ctx: Ctx, game: GameWithPlayers, parsed: ParsedAddress): boolean {
  if (parsed.purpose === 'moderator') return tokenMatches(ctx.config.inbound, parsed, game.moderatorId, '');
  return game.players.some((p) => tokenMatches(ctx.config.inbound, parsed, p.accountId, p.replyKey));
}

function commandReply(
  ctx: Ctx,
  game: GameWithPlayers,
  reader: { email: string; timeZone: string; viewer: any },
  msg: InboundMessage,
  ex: Executed,
  empty: boolean,
): OutgoingMail {
  const extra: [string, string][] = [];
  if (msg.messageId) extra.push(['In-Reply-To', `<${msg.messageId}>`]);
  if (ex.orders?.receipt) extra.push(['Receipt', ex.orders.receipt]);
  let body = headerLines(ctx.config, game, reader, extra);
  body += empty
    ? `Your message${msg.subject ? ` "${msg.subject}"` : ''} had no commands in it (quoted text and signatures are not read).\n`
    : `Your message${msg.subject ? ` "${msg.subject}"` : ''}${msg.date ? ` of ${formatTime(msg.date, reader.timeZone)}` : ''} was read as follows:\n\n`;
  for (const l of ex.lines) {
    const tag = l.outcome === 'accepted' ? 'accepted' : l.outcome === 'done' ? 'done' : 'REJECTED';
    body += `  ${String(l.line).padStart(3)}. ${l.text}\n       ${tag}: ${l.detail}\n`;
  }
  const o = ex.orders;
  if (o) {
    body += '\n';
    const n = o.rejectedLines.length;
    if (o.stored) body += `Orders: stored for ${o.phase}.\n`;
    else if (n > 0)
      body += `Orders: NOT stored. ${n === 1 ? `Line ${o.rejectedLines[0]} was` : `Lines ${o.rejectedLines.join(', ')} were`} rejected, so nothing of this submission\nwas stored and your earlier orders stand. Fix ${n === 1 ? 'it' : 'them'} and send the whole submission again.\n`;
    else body += 'Orders: NOT stored (see the reason above); your earlier orders stand.\n';
    if (o.receipt)
      body += `Receipt: ${o.receipt}\n(SHA-256 of the accepted orders and the time of receipt.) Ready: ${o.ready ? 'yes' : 'no'}.\n`;
  }
  // A line the judge could not read: name the commands (the full HELP is one command away).
  if (ex.lines.some((l) => l.outcome === 'rejected') && !ex.sections.some((s) => s.title === 'HELP'))
    body += `\n${commandSummary(reader.viewer.kind === 'moderator' ? 'moderator' : 'player')}\n`;
  for (const s of ex.sections) body += `\n== ${s.title} ==\n\n${s.text.replace(/\s+$/, '')}\n`;
  return {
    to: reader.email,
    kind: 'email-reply',
    gameId: game.id,
    subject: reSubject(msg, `${game.name}: your message`),
    body: body + signature(ctx.config),
  };
}
