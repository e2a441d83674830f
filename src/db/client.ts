// The Prisma 7 client over node-postgres (driver adapter: no engine binary at run time).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from './generated/client.ts';

export { Prisma };
export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;

/** A connection attempt gives up after this long, so requests fail (503) instead of hanging when the database is gone. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function createDb(url: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  return new PrismaClient({ adapter });
}

import pg from 'pg';
export function createPool(url: string, max = 10, lifetimeSeconds = 300): pg.Pool {
  // Connections are renewed every five minutes: the hot statements are prepared once per connection,
  // and PostgreSQL keeps a generic plan made from the statistics of that moment until the next
  // ANALYZE. One made while Submission was nearly empty scanned the whole table for every write as
  // it grew (a batch went from 3 ms to 50 ms within 15 s); autovacuum re-analyses in time, a server
  // without it never would, and a new connection plans from the table's size as it is then.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    maxLifetimeSeconds: lifetimeSeconds,
  });
  pool.on('error', () => {}); // an idle client lost its connection: the pool replaces it
  return pool;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|server closed the connection|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|DatabaseNotReachable|ConnectionClosed|Connection is closed/i;

/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections, pool exhausted) rather than a fault of the request: the API answers 503 with
 * Retry-After, and the worker simply tries again later.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: any = err; e && typeof e === 'object' && !seen.has(e); e = e.cause ?? e.originalError) {
    seen.add(e);
    const code = typeof e.code === 'string' ? e.code : undefined;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash, cannot connect now).
    if (code && (UNAVAILABLE_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code))) return true;
    if (
      typeof e.kind === 'string' &&
      /DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections/.test(e.kind)
    )
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((x: unknown) => isDatabaseUnavailable(x))) return true; // AggregateError (connect to several addresses)
  }
  return false;
}
