import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Starts one PostgreSQL (embedded unless DATABASE_URL is set); service tests create a database per file.
    globalSetup: ['test/setup/global.ts'],
  },
});
