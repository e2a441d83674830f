// The Reply-To of outgoing game mail, decided when the mail is sent: a player of the game gets the
// personal address of their seat, the moderator the moderator's address. Computed from the signed
// token, so nothing secret is stored in the outbox. An open invitation gets the invited account's `join+` address.
// Any other mail (sign-in, mail
// to someone no longer in the game) gets the judge's own address: REGISTER, LIST, JOIN, HELP.
import type { Ctx } from '../context.ts';
import { judgeAddress, replyAddress } from './reply-address.ts';

export async function replyAddresses(ctx: Ctx, mailIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ctx.config.inbound.enabled || mailIds.length === 0) return out;
  const rows = await ctx.db.$queryRawUnsafe<
    {
      id: string;
      gameId: string;
      accountId: string;
      isMod: boolean;
      seatKey: string | null;
      inviteKey: string | null;
      kind: string;
    }[]
  >(
    `SELECT m.id::text, m.kind, g.id::text AS "gameId", a.id::text AS "accountId", g."moderatorId" = a.id AS "isMod",
            (SELECT gp."replyKey" FROM "GamePlayer" gp WHERE gp."gameId" = g.id AND gp."accountId" = a.id AND gp.status = 'invited') AS "inviteKey",
            (SELECT gp."replyKey" FROM "GamePlayer" gp WHERE gp."gameId" = g.id AND gp."accountId" = a.id AND gp.status = 'playing') AS "seatKey"
       FROM "OutboxMail" m JOIN "Game" g ON g.id = m."gameId" JOIN "Account" a ON a.email = m."toAddress"
      WHERE m.id = ANY($1::uuid[])`,
    mailIds,
  );
  for (const r of rows) {
    // An invitation still open: the invited account's own address for it (JOIN needs no other proof).
    if (r.kind === 'invite' && r.inviteKey) {
      out.set(r.id, replyAddress(ctx.config.inbound, 'invite', r.gameId, r.accountId, r.inviteKey));
      continue;
    }
    // As viewerFor decides: the moderator reads as the moderator even when also playing.
    if (r.isMod) out.set(r.id, replyAddress(ctx.config.inbound, 'moderator', r.gameId, r.accountId, ''));
    else if (r.seatKey) out.set(r.id, replyAddress(ctx.config.inbound, 'player', r.gameId, r.accountId, r.seatKey));
  }
  for (const id of mailIds) if (!out.has(id)) out.set(id, judgeAddress(ctx.config.inbound));
  return out;
}
