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
