// Personal reply addresses: `orders+<token>@<domain>` for a player of a game, `moderator+<token>@`
// for its moderator. The token is the game id and an HMAC over (purpose, game, account, seat key)
// with the server's reply secret — random, generated on first start and kept in the database
// (src/service/secrets.ts), never derived from configuration — in lowercase base32 (mail systems
// may change the case of a local part). The seat key is random per seat and changes when the seat
// is given to someone else, which revokes the old address. The address is a bearer credential:
// with the sender's address it lets anyone act for that seat.
import crypto from 'node:crypto';
import type { InboundConfig } from '../../config.ts';

// An invitation's reply address (`join+`) is keyed by the invited seat's key: JOIN to it joins that game.
export type Purpose = 'player' | 'moderator' | 'invite';
const LOCAL: Record<Purpose, string> = { player: 'orders', moderator: 'moderator', invite: 'join' };
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const MAC_CHARS = 16; // 80 bits

function base32(buf: Buffer): string {
  let bits = 0,
    value = 0,
    out = '';
  for (const b of buf) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(s: string): Buffer | null {
  let bits = 0,
    value = 0;
  const out: number[] = [];
  for (const ch of s.toLowerCase()) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const bytesUuid = (b: Buffer) => b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function mac(secret: string, purpose: Purpose, gameId: string, accountId: string, seatKey: string): string {
  if (secret.length < 16) throw new Error('the reply secret is not loaded (loadReplySecret at start)');
  return base32(
    crypto.createHmac('sha256', secret).update(`kahu-reply:v2:${purpose}:${gameId}:${accountId}:${seatKey}`).digest(),
  ).slice(0, MAC_CHARS);
}

/** `seatKey`: the player's seat's random key (GamePlayer.replyKey); '' for the moderator. */
export function replyToken(
  cfg: InboundConfig,
  purpose: Purpose,
  gameId: string,
  accountId: string,
  seatKey: string,
): string {
  return base32(uuidBytes(gameId)) + mac(cfg.replySecret, purpose, gameId, accountId, seatKey);
}

export function replyAddress(
  cfg: InboundConfig,
  purpose: Purpose,
  gameId: string,
  accountId: string,
  seatKey: string,
): string {
  return `${LOCAL[purpose]}+${replyToken(cfg, purpose, gameId, accountId, seatKey)}@${cfg.domain}`;
}

export interface ParsedAddress {
  purpose: Purpose;
  gameId: string;
  mac: string;
}

/**
 * Read a recipient address. `null` when it is not one of ours at all; `{ bad }` when it looks like
 * a reply address but the token cannot be read (never echo the token back).
 */
export function parseReplyAddress(cfg: InboundConfig, address: string): ParsedAddress | { bad: true } | null {
  const m = /^([^@+]+)\+([^@]*)@(.+)$/.exec(address.trim().toLowerCase());
  if (!m || m[3] !== cfg.domain) return null;
  const purpose = Object.entries(LOCAL).find(([, l]) => l === m[1])?.[0] as Purpose | undefined;
  if (!purpose) return null;
  const token = m[2];
  if (token.length !== 26 + MAC_CHARS) return { bad: true };
  const game = unbase32(token.slice(0, 26));
  if (!game || game.length < 16) return { bad: true };
  return { purpose, gameId: bytesUuid(game.subarray(0, 16)), mac: token.slice(26) };
}

/** Whether the token was issued to this account for this game and purpose (constant time). */
export function tokenMatches(cfg: InboundConfig, p: ParsedAddress, accountId: string, seatKey: string): boolean {
  const want = Buffer.from(mac(cfg.replySecret, p.purpose, p.gameId, accountId, seatKey));
  const got = Buffer.from(p.mac);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/** The judge's own address at the inbound domain (HELP, or mail without a personal address). */
export function judgeAddress(cfg: InboundConfig): string {
  return `judge@${cfg.domain}`;
}
