// Prisma CLI configuration (Prisma 7). Only `prisma generate` is used: migrations are applied
// by src/db/migrate.ts at start, the same way `prisma migrate deploy` records them.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
});
