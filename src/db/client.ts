// The Prisma 7 client over node-postgres (driver adapter: no engine binary at run time).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from './generated/client.ts';

export { Prisma };
export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;

export function createDb(url: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize });
  return new PrismaClient({ adapter });
}

import pg from 'pg';
export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // an idle client lost its connection: the pool replaces it
  return pool;
}
