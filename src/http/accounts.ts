import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as accounts from '../service/accounts.ts';
import type { Ctx } from '../service/context.ts';
import { requireAuth, SESSION_COOKIE, sessionCookie } from './auth.ts';
import { badRequest } from '../service/errors.ts';
import { Accepted, DisplayName, Email, problems, Uuid } from './schemas.ts';

const Account = z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), timeZone: z.string() });
const Notify = z
  .enum(accounts.NOTIFY)
  .describe(
    'Results mail: "every-phase" (each phase\'s results, the default), "digest" (one mail a day, after 07:00 in the account\'s time zone, of what happened in each game; deadline reminders still come) or "reminders" (only deadline reminders, and the mail of the game\'s start and end)',
  );
const ReceiptsByMail = z
  .boolean()
  .describe(
    'Whether orders sent from the web page or the API are also receipted by mail (the receipt is on the page either way; orders sent by mail are always answered by mail)',
  );
const Me = Account.extend({ notify: Notify, receiptsByMail: ReceiptsByMail });
const Token = z.object({
  id: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  expiresAt: z
    .date()
    .describe('It stops working then (TOKEN_TTL_DAYS after issue, or TOKEN_IDLE_DAYS after its last use)'),
});
/** For the web client: mail a one-time sign-in link (to `next`, a page of the client) instead of an API token. */
const WebLink = {
  web: z
    .boolean()
    .optional()
    .describe('Mail a one-time sign-in link for the browser (valid 15 minutes, once) instead of an API token'),
  next: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]{0,100}$/)
    .optional()
    .describe('The web page the link opens, e.g. /games/<id>'),
};

const SENT = (email: string) => ({
  message: `If ${email} can receive mail, a token is on its way there. The token is only ever sent by email.`,
});

export function accountRoutes(ctx: Ctx): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = { rateLimit: { max: ctx.config.accountRateLimit, timeWindow: '1 minute' } };
    app.post(
      '/accounts',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Register with an email address; an API token is emailed to it',
          body: z
            .object({
              email: Email,
              name: DisplayName(80).optional(),
              timeZone: z.string().max(64).optional().describe('IANA zone, e.g. Pacific/Honolulu'),
              ...WebLink,
            })
            .strict(),
          response: { 202: Accepted, ...problems(400, 429) },
        },
        config: limit,
      },
      async (req, reply) => {
        await accounts.register(ctx, req.body);
        return reply.code(202).send(SENT(req.body.email));
      },
    );
    app.post(
      '/accounts/sign-in',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign in: a new API token is emailed to a registered address',
          body: z.object({ email: Email, ...WebLink }).strict(),
          response: { 202: Accepted, ...problems(400, 429) },
        },
        config: limit,
      },
      async (req, reply) => {
        await accounts.signIn(ctx, req.body);
        return reply.code(202).send(SENT(req.body.email));
      },
    );
    app.post(
      '/accounts/session',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Use a one-time sign-in link: the browser gets a session cookie (HttpOnly, SameSite=Strict)',
          body: z.object({ code: z.string().min(20).max(100) }).strict(),
          response: { 200: Account, ...problems(400, 401, 429) },
        },
        config: limit,
      },
      async (req, reply) => {
        const { token, account } = await accounts.redeemSignInLink(ctx, req.body.code);
        const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${ctx.config.tokenTtlDays * 86_400}${secure}`,
        );
        return account;
      },
    );
    app.delete(
      '/accounts/session',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign out: the session ends and its cookie is cleared',
          security: [{ bearer: [] }],
          response: { 204: z.null(), ...problems(400, 401, 403) },
        },
      },
      async (req, reply) => {
        const { account, tokenId } = await requireAuth(ctx, req);
        // Only a browser session ends here; a script revokes a token with DELETE /accounts/me/tokens/{id}.
        if (req.headers.authorization || !sessionCookie(req))
          throw badRequest(
            'There is no browser session to end: scripts revoke a token with DELETE /accounts/me/tokens/{id}.',
          );
        await accounts.revokeToken(ctx, account.id, tokenId);
        reply.header('set-cookie', `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`);
        return reply.code(204).send(null);
      },
    );
    const auth = { security: [{ bearer: [] }] };
    app.get(
      '/accounts/me',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Your account, with your mail settings',
          ...auth,
          response: { 200: Me, ...problems(401) },
        },
      },
      async (req) => {
        return accounts.accountSettings(ctx, (await requireAuth(ctx, req)).account.id);
      },
    );
    app.patch(
      '/accounts/me',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Change your name, your time zone (used for times in your emails) or your mail settings',
          ...auth,
          body: z
            .object({
              name: DisplayName(80).nullable().optional(),
              timeZone: z.string().max(64).optional(),
              notify: Notify.optional(),
              receiptsByMail: ReceiptsByMail.optional(),
            })
            .strict(),
          response: { 200: Me, ...problems(400, 401) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return accounts.updateAccount(ctx, account.id, req.body);
      },
    );
    app.get(
      '/accounts/me/tokens',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Your API tokens (never the tokens themselves)',
          ...auth,
          response: { 200: z.object({ tokens: z.array(Token) }), ...problems(401) },
        },
      },
      async (req) => {
        const { account } = await requireAuth(ctx, req);
        return { tokens: await accounts.listTokens(ctx, account.id) };
      },
    );
    app.delete(
      '/accounts/me/tokens/:tokenId',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Revoke one of your tokens ("current" revokes the one in use: sign out)',
          ...auth,
          params: z.object({ tokenId: z.union([Uuid, z.literal('current')]) }),
          response: { 204: z.null(), ...problems(400, 401, 404) },
        },
      },
      async (req, reply) => {
        const { account, tokenId } = await requireAuth(ctx, req);
        await accounts.revokeToken(ctx, account.id, req.params.tokenId === 'current' ? tokenId : req.params.tokenId);
        return reply.code(204).send(null);
      },
    );
  };
}
