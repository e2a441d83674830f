// Configuration from the environment. Every variable is documented in docs/operations.md and .env.example.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('kahu judge <judge@kahu.localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client on the account routes (register / sign-in). */
  ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests per minute per client on all other routes. */
  RATE_LIMIT: z.coerce.number().int().min(1).default(6000),
  /** Order submissions per minute per API token (PUT/DELETE /games/{id}/orders, PUT /ready). */
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** SMTP connection, greeting and socket timeouts in milliseconds. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Seconds a client is asked to wait (Retry-After) when the database does not answer. */
  RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(5),
  /** Seconds between sweeps for due phases, reminders and unsent mail. */
  SWEEP_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Deadline jobs one worker adjudicates at once. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(8),
  /** Size of the database connection pool of one process. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(12),
  /** Play by email: SMTP listener port (unset: no listener). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().optional(),
  /** Domain of the personal reply addresses (default: the domain of MAIL_FROM). */
  INBOUND_DOMAIN: z.string().optional(),
  /** Shared secret of the raw-message webhook (unset: no webhook). */
  INBOUND_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Signs reply addresses. Unset: derived from DATABASE_URL / DATA_DIR (development only). */
  REPLY_SECRET: z.string().min(16).optional(),
  /** Largest inbound message read, in bytes. */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /**
   * The authserv-ids (RFC 8601) of the MX in front of kahu whose Authentication-Results it trusts,
   * comma-separated: for webhook mail, and for mail the SMTP listener gets from INBOUND_TRUSTED_MX.
   * Mail to the judge's own address (REGISTER, LIST, JOIN) is answered only with a DKIM or DMARC pass
   * for the sender's domain: the listener's own check, or one of these.
   */
  INBOUND_AUTHSERV_ID: z.string().optional(),
  /**
   * Addresses (or CIDRs) of that MX when it relays to the SMTP listener, comma-separated. Only mail
   * from them keeps their Authentication-Results; from anywhere else every such header is removed
   * and the listener checks SPF, DKIM and DMARC itself.
   */
  INBOUND_TRUSTED_MX: z
    .string()
    .regex(/^[0-9a-fA-F:.,/ ]+$/, { message: 'must be comma-separated addresses or CIDRs' })
    .optional(),
  /** SMTP sessions one client address may hold open at once. */
  INBOUND_SMTP_MAX_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  /** A session that delivers no message for this long is closed (NOOP, RSET and the like do not count). */
  INBOUND_SMTP_IDLE_SECONDS: z.coerce.number().int().min(1).max(300).default(60),
  /** DKIM selector of the judge's mail: publish selector._domainkey.<MAIL_FROM domain> (start log, npm run dkim-record). */
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/i, { message: 'must be a DNS label' })
    .default('kahu'),
  /** Inbound messages per hour per sender address. */
  INBOUND_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Proxy headers (X-Forwarded-For) are believed only when set: `true`, a number of hops, or comma-separated addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F:.,/ ]+)$/, {
      message: 'must be true, false, a number of hops or a list of addresses/CIDRs',
    })
    .default('false'),
  /** Whole-request time limit (headers and body), and idle time of a keep-alive connection, in ms. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Open HTTP connections at most (the SMTP listener takes at most a tenth of it). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  /** Open HTTP connections from one client address at most (not applied behind TRUST_PROXY, where every connection is the proxy's). */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(64),
  /** Sign-in and registration mails per target address per hour. */
  SIGN_IN_MAIL_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Invitations an account may send per day, and invitation mails one address may receive per hour. */
  INVITE_DAILY_LIMIT: z.coerce.number().int().min(1).default(50),
  INVITE_ADDRESS_HOURLY_LIMIT: z.coerce.number().int().min(1).default(5),
  /** An API token expires this many days after it was issued, or after this many days unused. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TOKEN_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Scheduled backups (docs/backup.md): the folder the worker writes them to (unset: none). */
  BACKUP_DIR: z.string().optional(),
  /** How often: a number and s, m, h or d (default 1d). */
  BACKUP_EVERY: z
    .string()
    .regex(/^[1-9]\d*[smhd]$/, { message: 'must be a number and a unit: 30m, 6h, 1d (s, m, h, d)' })
    .optional(),
  /** How many of the newest backups are kept in BACKUP_DIR. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /**
   * PNG maps waiting or being drawn, at most, for signed-in readers and (as many again) for signed-out
   * visitors; past it a new map is refused with 503 and Retry-After. Mail maps have their own turn.
   */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(1).default(8),
  /** PNG maps one client (an account, or a signed-out address) may have being drawn at once; past it 429. */
  RENDER_PER_CLIENT: z.coerce.number().int().min(1).default(2),
});

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `6h`, `1d` in milliseconds. */
export function durationMs(text: string): number {
  return Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS];
}

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  accountRateLimit: number;
  rateLimit: number;
  orderRateLimit: number;
  smtpTimeoutMs: number;
  retryAfterSeconds: number;
  sweepSeconds: number;
  workerConcurrency: number;
  dbPoolSize: number;
  trustProxy: boolean | number | string[];
  requestTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  signInMailLimit: number;
  inviteDailyLimit: number;
  inviteAddressHourlyLimit: number;
  tokenTtlDays: number;
  tokenIdleDays: number;
  /** Outgoing mail is signed with a key generated on first start and kept in the database (loadDkimKey). */
  dkim: { selector: string; domain: string; privateKey: string };
  /** Scheduled backups, when BACKUP_DIR is set. */
  backup?: { dir: string; everyMs: number; keep: number };
  renderQueueMax: number;
  renderPerClient: number;
  inbound: InboundConfig;
}

export interface InboundConfig {
  /** Email play is on when the SMTP listener or the webhook is. */
  enabled: boolean;
  smtpPort?: number;
  smtpHost: string;
  domain: string;
  webhookSecret?: string;
  /** Never logged. */
  replySecret: string;
  maxBytes: number;
  ratePerHour: number;
  /** Authserv-ids whose Authentication-Results prove a sender (lowercase). */
  trustedAuthServ: string[];
  /** Addresses and CIDRs of the MX in front of the SMTP listener: only its mail keeps those headers. */
  trustedMx: string[];
  maxSessionsPerClient: number;
  idleSeconds: number;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.BACKUP_EVERY && !e.BACKUP_DIR)
    throw new Error(
      'Invalid configuration:\n  BACKUP_EVERY: set BACKUP_DIR too (the folder the backups are written to)',
    );
  // Links in mail must reach the judge: listening beyond this machine without PUBLIC_URL would
  // send every player links to localhost.
  if (!e.PUBLIC_URL && !['127.0.0.1', 'localhost', '::1'].includes(e.HOST)) {
    throw new Error(
      `Invalid configuration:\n  PUBLIC_URL: must be set when HOST is ${e.HOST} (the address players reach the judge at, e.g. https://kahu.example.org); mail would otherwise link to localhost`,
    );
  }
  const trustedMx = (e.INBOUND_TRUSTED_MX ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const badMx = trustedMx.filter((a) => !validCidr(a));
  if (badMx.length)
    throw new Error(`Invalid configuration:\n  INBOUND_TRUSTED_MX: ${badMx.join(', ')} is not an IP address or CIDR`);
  // Mail from the MX is judged by its verdict alone (its address is not the sender's: SPF cannot be checked here).
  if (trustedMx.length && !e.INBOUND_AUTHSERV_ID)
    throw new Error(
      'Invalid configuration:\n  INBOUND_TRUSTED_MX: needs INBOUND_AUTHSERV_ID (the authserv-id that MX writes in Authentication-Results)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    accountRateLimit: e.ACCOUNT_RATE_LIMIT,
    rateLimit: e.RATE_LIMIT,
    orderRateLimit: e.ORDER_RATE_LIMIT,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    retryAfterSeconds: e.RETRY_AFTER_SECONDS,
    sweepSeconds: e.SWEEP_SECONDS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    dbPoolSize: e.DB_POOL_SIZE,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY.split(',')
                .map((x) => x.trim())
                .filter(Boolean),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    signInMailLimit: e.SIGN_IN_MAIL_LIMIT,
    inviteDailyLimit: e.INVITE_DAILY_LIMIT,
    inviteAddressHourlyLimit: e.INVITE_ADDRESS_HOURLY_LIMIT,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    tokenIdleDays: e.TOKEN_IDLE_DAYS,
    // The key is read from the database at start (loadDkimKey); empty until then.
    dkim: {
      selector: e.DKIM_SELECTOR.toLowerCase(),
      domain: (e.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? 'kahu.localhost').toLowerCase(),
      privateKey: '',
    },
    ...(e.BACKUP_DIR
      ? {
          backup: { dir: path.resolve(e.BACKUP_DIR), everyMs: durationMs(e.BACKUP_EVERY ?? '1d'), keep: e.BACKUP_KEEP },
        }
      : {}),
    renderQueueMax: e.RENDER_QUEUE_MAX,
    renderPerClient: e.RENDER_PER_CLIENT,
    inbound: {
      enabled: e.INBOUND_SMTP_PORT !== undefined || e.INBOUND_WEBHOOK_SECRET !== undefined,
      smtpPort: e.INBOUND_SMTP_PORT,
      smtpHost: e.INBOUND_SMTP_HOST ?? e.HOST,
      domain: (e.INBOUND_DOMAIN ?? e.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? 'kahu.localhost').toLowerCase(),
      webhookSecret: e.INBOUND_WEBHOOK_SECRET,
      // Without REPLY_SECRET, a random secret generated on first start and kept in the database
      // (loadReplySecret); never one derived from configuration.
      replySecret: e.REPLY_SECRET ?? '',
      maxBytes: e.INBOUND_MAX_BYTES,
      ratePerHour: e.INBOUND_RATE_LIMIT,
      trustedAuthServ: (e.INBOUND_AUTHSERV_ID ?? '')
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
      trustedMx,
      maxSessionsPerClient: e.INBOUND_SMTP_MAX_PER_CLIENT,
      idleSeconds: e.INBOUND_SMTP_IDLE_SECONDS,
    },
  };
}

function validCidr(a: string): boolean {
  const [ip, bits, ...rest] = a.split('/');
  const family = net.isIP(ip ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * The settings of a `.env` file (KEY=value lines; `#` comments; optional quotes). Every key must be
 * one of ours and the file well formed: a mistake is refused with its line, never ignored.
 */
export function parseDotEnv(text: string, file = '.env'): Record<string, string> {
  const known = new Set(Object.keys(Env.shape));
  const out: Record<string, string> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) return problems.push(`  ${file}:${i + 1}: not KEY=value`);
    const [, key, rawValue] = m;
    if (!known.has(key!))
      return problems.push(`  ${file}:${i + 1}: unknown setting ${key} (known: ${[...known].join(', ')})`);
    let value = rawValue!.trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    out[key!] = value;
  });
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return out;
}

/** The environment with `.env` (if any) under it: real environment variables win. */
export function environment(
  cwd = process.cwd(),
  env: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const file = path.join(cwd, '.env');
  const fromFile = fs.existsSync(file) ? parseDotEnv(fs.readFileSync(file, 'utf8'), file) : {};
  return { ...fromFile, ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) };
}
