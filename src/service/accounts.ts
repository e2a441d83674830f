// Accounts are email addresses. A token is only ever sent by email (it proves the address);
// only its SHA-256 is stored, and it can be revoked.
import type { Config } from '../config.ts';
import crypto from 'node:crypto';
import { DateTime } from 'luxon';
import type { Tx } from '../db/client.ts';
import { queueMail } from '../mail/outbox.ts';
import { tokenMail, noAccountMail, signInLinkMail } from '../mail/templates.ts';
import { limitMailTo, mailAllowed } from './mail-limits.ts';
import { afterCommit, type Ctx } from './context.ts';
import { createBatcher } from './batcher.ts';
import { badRequest, notFound, unauthorized } from './errors.ts';

export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** Constant-time comparison of two hex digests (or any two secrets of the same kind). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function newToken(): string {
  return `kahu_${crypto.randomBytes(32).toString('base64url')}`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validTimeZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/** A zone as IANA spells it ("pacific/honolulu" → "Pacific/Honolulu"); a zone Intl does not know stays as written. */
export function canonicalZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

export interface AccountInfo {
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
}

export const SIGN_IN_LINK_MINUTES = 15;
/** A registration link is read in the mail client that sent REGISTER, maybe later: longer. */
export const REGISTRATION_LINK_MINUTES = 60;

/**
 * Sign-in mails an address may still get this hour. Past the limit the request is answered as
 * always (202) and nothing is sent: a stranger asking for the owner's address limits the mail,
 * never locks the owner out (their links already sent still work).
 */
const signInMailAllowed = (ctx: Ctx, tx: Tx, address: string, now: Date) =>
  mailAllowed(tx, {
    address,
    kinds: ['token', 'no-account'],
    limit: ctx.config.signInMailLimit,
    windowMs: 3600_000,
    now,
  });

async function issueToken(
  ctx: Ctx,
  tx: Tx,
  account: AccountInfo,
  reason: 'register' | 'sign-in',
  web?: { next?: string },
): Promise<void> {
  const now = ctx.clock.now();
  if (!(await signInMailAllowed(ctx, tx, account.email, now))) return;
  if (web) {
    // The browser gets a one-time link, never a long-lived token in a URL.
    const code = crypto.randomBytes(32).toString('base64url');
    await tx.signInLink.create({
      data: {
        accountId: account.id,
        codeHash: hashToken(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
      },
    });
    await queueMail(tx, signInLinkMail(ctx.config, account, code, SIGN_IN_LINK_MINUTES, now, web.next), now);
    return;
  }
  const token = newToken();
  await tx.apiToken.create({
    data: { accountId: account.id, tokenHash: hashToken(token), prefix: token.slice(0, 9), createdAt: now },
  });
  await queueMail(tx, tokenMail(ctx.config, account, token, reason, now), now);
}

/** Register (or, for a known address, sign in): a new token is emailed. Same answer either way. */
export async function register(
  ctx: Ctx,
  input: { email: string; name?: string; timeZone?: string; web?: boolean; next?: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  if (input.timeZone && !validTimeZone(input.timeZone)) {
    throw badRequest(`"${input.timeZone}" is not an IANA time zone such as "Pacific/Honolulu" or "UTC".`, [
      { field: 'body.timeZone', message: 'unknown time zone' },
    ]);
  }
  await ctx.db.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const account = await tx.account.upsert({
      where: { email },
      create: { email, name: input.name ?? null, timeZone: input.timeZone ?? 'UTC', createdAt: now },
      update: {},
    });
    await issueToken(ctx, tx, account, 'register', input.web ? { next: input.next } : undefined);
  });
  await afterCommit(ctx, { mail: true });
}

/** Sign in: a new token is emailed to a known address; an unknown one is told so by email. */
export async function signIn(ctx: Ctx, input: { email: string; web?: boolean; next?: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await ctx.db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { email } });
    const now = ctx.clock.now();
    if (account) await issueToken(ctx, tx, account, 'sign-in', input.web ? { next: input.next } : undefined);
    else if (!(await signInMailAllowed(ctx, tx, email, now))) return;
    else if (input.web) {
      // A newcomer in the browser who did not press "register": the link creates the account when followed.
      const code = await registrationLink(ctx, tx, email);
      await queueMail(
        tx,
        noAccountMail(ctx.config, email, { code, minutes: REGISTRATION_LINK_MINUTES, next: input.next }),
        now,
      );
    } else {
      await queueMail(tx, noAccountMail(ctx.config, email), now);
    }
  });
  await afterCommit(ctx, { mail: true });
}

export interface Authenticated {
  account: AccountInfo;
  tokenId: string;
}

/**
 * Use a sign-in link: once, before it expires. Gives a new token for the browser's session cookie.
 * A registration link (REGISTER by email) creates its account now, unless the address got one
 * since. A used, expired or unknown code is refused alike.
 */
export async function redeemSignInLink(ctx: Ctx, code: string): Promise<{ token: string; account: AccountInfo }> {
  const now = ctx.clock.now();
  return ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ accountId: string | null; email: string | null }[]>(
      `UPDATE "SignInLink" SET "usedAt" = $2::timestamptz AT TIME ZONE 'UTC'
        WHERE "codeHash" = $1 AND "usedAt" IS NULL AND "expiresAt" > $2::timestamptz AT TIME ZONE 'UTC' RETURNING "accountId"::text, email`,
      hashToken(code),
      now.toISOString(),
    );
    if (!rows[0])
      throw badRequest(
        `This sign-in link was used already or has expired (links work once, within ${SIGN_IN_LINK_MINUTES} minutes; a registration link within ${REGISTRATION_LINK_MINUTES}). Ask for a new one.`,
        [{ field: 'body.code', message: 'used or expired' }],
      );
    const a = rows[0].accountId
      ? await tx.account.findUniqueOrThrow({ where: { id: rows[0].accountId } })
      : await tx.account.upsert({
          where: { email: rows[0].email! },
          create: { email: rows[0].email!, createdAt: now },
          update: {},
        });
    const token = newToken();
    await tx.apiToken.create({
      data: { accountId: a.id, tokenHash: hashToken(token), prefix: token.slice(0, 9), createdAt: now },
    });
    return { token, account: { id: a.id, email: a.email, name: a.name, timeZone: a.timeZone } };
  });
}

/**
 * Register by email (REGISTER to the judge's address): a one-time link for the address, which
 * creates the account only when followed. Counted with the sign-in mails of the address (a 429
 * over the limit); the caller mails the link, in the same transaction, as a `token` mail, and has
 * established that the message came from `email`.
 */
export async function registrationLink(ctx: Ctx, tx: Tx, email: string): Promise<string> {
  const e = normalizeEmail(email);
  const now = ctx.clock.now();
  await limitMailTo(tx, {
    address: e,
    kinds: ['token', 'no-account'],
    limit: ctx.config.signInMailLimit,
    windowMs: 3600_000,
    now,
    what: 'Sign-in mails',
  });
  const code = crypto.randomBytes(32).toString('base64url');
  await tx.signInLink.create({
    data: {
      email: e,
      codeHash: hashToken(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + REGISTRATION_LINK_MINUTES * 60_000),
    },
  });
  return code;
}

const lastUsedWritten = new Map<string, number>();

// Under load the first uses of many tokens come together: their lastUsedAt writes share one
// statement (and one commit) instead of one each.
const touchBatchers = new WeakMap<Ctx['pool'], ReturnType<typeof touchBatcher>>();
function touchBatcher(ctx: Ctx) {
  return createBatcher<{ id: string; at: string }, void>(
    async (items) => {
      await ctx.pool.query({
        name: 'touch-tokens',
        text: `UPDATE "ApiToken" t SET "lastUsedAt" = v.at AT TIME ZONE 'UTC' FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at) WHERE t.id = v.id`,
        values: [items.map((x) => x.id), items.map((x) => x.at)],
      });
      return items.map(() => undefined);
    },
    { maxSize: 500, maxInFlight: 1, key: (x) => x.id },
  );
}

/** Record a token's use, at most once a minute per token. */
export async function touchToken(ctx: Ctx, tokenId: string, lastUsedAt: Date | null): Promise<void> {
  const now = ctx.clock.now().getTime();
  const last = Math.max(lastUsedAt?.getTime() ?? 0, lastUsedWritten.get(tokenId) ?? 0);
  if (now - last > 60_000) {
    lastUsedWritten.set(tokenId, now);
    if (lastUsedWritten.size > 100_000) lastUsedWritten.clear();
    let b = touchBatchers.get(ctx.pool);
    if (!b) touchBatchers.set(ctx.pool, (b = touchBatcher(ctx)));
    await b.run({ id: tokenId, at: new Date(now).toISOString() });
  }
}

/** When a token stops working: TOKEN_TTL_DAYS after it was issued, or TOKEN_IDLE_DAYS after its last use. */
export function tokenExpiry(config: Config, t: { createdAt: Date; lastUsedAt: Date | null }): Date {
  const ttl = t.createdAt.getTime() + config.tokenTtlDays * 86_400_000;
  const idle = (t.lastUsedAt ?? t.createdAt).getTime() + config.tokenIdleDays * 86_400_000;
  return new Date(Math.min(ttl, idle));
}

/** The 401 for a token that exists but may no longer be used, or null. */
export function tokenRefusal(ctx: Ctx, t: { revokedAt: Date | null; createdAt: Date; lastUsedAt: Date | null }) {
  if (t.revokedAt) return unauthorized('This API token was revoked. Ask for a new one with POST /accounts/sign-in.');
  if (ctx.clock.now().getTime() >= tokenExpiry(ctx.config, t).getTime())
    return unauthorized(
      `This API token has expired (tokens last ${ctx.config.tokenTtlDays} days, or ${ctx.config.tokenIdleDays} days unused). Ask for a new one with POST /accounts/sign-in.`,
    );
  return null;
}

interface TokenRow {
  token_id: string;
  tokenHash: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
}

// Requests that arrive together (a page asks for six answers at once) are looked up in one
// statement; each lookup starts after its request arrived, so revocation stays immediate.
const tokenBatchers = new WeakMap<Ctx['pool'], ReturnType<typeof tokenBatcher>>();
function tokenBatcher(ctx: Ctx) {
  return createBatcher<string, TokenRow | undefined>(
    async (hashes) => {
      const r = await ctx.pool.query<TokenRow>({
        name: 'authenticate',
        text: `SELECT t.id AS token_id, t."tokenHash", t."revokedAt" AT TIME ZONE 'UTC' AS "revokedAt", t."lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt", t."createdAt" AT TIME ZONE 'UTC' AS "createdAt", a.id, a.email, a.name, a."timeZone"
       FROM "ApiToken" t JOIN "Account" a ON a.id = t."accountId" WHERE t."tokenHash" = ANY($1::text[])`,
        values: [[...new Set(hashes)]],
      });
      const byHash = new Map(r.rows.map((x) => [x.tokenHash, x]));
      return hashes.map((h) => byHash.get(h));
    },
    { maxSize: 200, maxInFlight: 2 },
  );
}

/** The account a bearer token belongs to, or a 401. One indexed lookup; revocation is immediate. */
export async function authenticate(ctx: Ctx, token: string): Promise<Authenticated> {
  const hash = hashToken(token);
  let b = tokenBatchers.get(ctx.pool);
  if (!b) tokenBatchers.set(ctx.pool, (b = tokenBatcher(ctx)));
  const row = await b.run(hash);
  // The database compared SHA-256 digests of a 256-bit random token (timing tells nothing about the
  // token itself); compare once more in constant time before trusting the row.
  if (row && !sameDigest(row.tokenHash, hash)) throw unauthorized();
  if (!row)
    throw unauthorized('This API token is unknown or was revoked. Ask for a new one with POST /accounts/sign-in.');
  const refused = tokenRefusal(ctx, row);
  if (refused) throw refused;
  await touchToken(ctx, row.token_id, row.lastUsedAt);
  return { account: { id: row.id, email: row.email, name: row.name, timeZone: row.timeZone }, tokenId: row.token_id };
}

/** How often results mail comes: each phase's results, one digest a day (src/service/digest.ts), or deadline reminders only. */
export const NOTIFY = ['every-phase', 'digest', 'reminders'] as const;
export type Notify = (typeof NOTIFY)[number];
export interface AccountSettings extends AccountInfo {
  notify: Notify;
  receiptsByMail: boolean;
}

const settingsOf = (a: {
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
  notify: string;
  receiptsByMail: boolean;
}): AccountSettings => ({
  id: a.id,
  email: a.email,
  name: a.name,
  timeZone: a.timeZone,
  notify: (NOTIFY as readonly string[]).includes(a.notify) ? (a.notify as Notify) : 'every-phase',
  receiptsByMail: a.receiptsByMail,
});

export async function accountSettings(ctx: Ctx, accountId: string): Promise<AccountSettings> {
  return settingsOf(await ctx.db.account.findUniqueOrThrow({ where: { id: accountId } }));
}

export async function updateAccount(
  ctx: Ctx,
  accountId: string,
  input: { name?: string | null; timeZone?: string; notify?: Notify; receiptsByMail?: boolean },
): Promise<AccountSettings> {
  if (input.timeZone !== undefined && !validTimeZone(input.timeZone)) {
    throw badRequest(`"${input.timeZone}" is not an IANA time zone such as "Pacific/Honolulu" or "UTC".`, [
      { field: 'body.timeZone', message: 'unknown time zone' },
    ]);
  }
  // A reader who turns to the digest has had every result until now: their first digest starts here.
  if (input.notify === 'digest')
    await ctx.db.account.updateMany({
      where: { id: accountId, notify: { not: 'digest' } },
      data: { digestSentAt: ctx.clock.now() },
    });
  const a = await ctx.db.account.update({
    where: { id: accountId },
    data: {
      name: input.name,
      timeZone: input.timeZone === undefined ? undefined : canonicalZone(input.timeZone),
      notify: input.notify,
      receiptsByMail: input.receiptsByMail,
    },
  });
  return settingsOf(a);
}

export async function listTokens(ctx: Ctx, accountId: string) {
  const rows = await ctx.db.apiToken.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows.map((t) => ({ ...t, expiresAt: tokenExpiry(ctx.config, t) }));
}

export async function revokeToken(ctx: Ctx, accountId: string, tokenId: string): Promise<void> {
  const r = await ctx.db.apiToken.updateMany({
    where: { id: tokenId, accountId, revokedAt: null },
    data: { revokedAt: ctx.clock.now() },
  });
  if (r.count === 0) {
    const exists = await ctx.db.apiToken.findFirst({ where: { id: tokenId, accountId } });
    if (!exists) throw notFound('You have no token with this id.');
  }
}
