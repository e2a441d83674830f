import { defineConfig } from 'vitest/config';
import { filesOf } from './test/setup/projects.ts';

// One project per thing a test needs (test/setup/projects.ts): `npm test` runs them all, `npm run
// test:pure` the engines and pure code alone (no database), .ci/run each as CI wants. The projects run
// one after the other (sequence.groupOrder), pure first, so each prints its own wall time
// (test/setup/project-times.ts) and a broken engine shows before the slow service tests start.
const generate = 'test/setup/generate.ts';
// Starts one PostgreSQL for the run (embedded unless DATABASE_URL is set), shared by the projects that
// need it; their test files each create a database on it.
const postgres = 'test/setup/global.ts';
// In CI a browser or mail test that fails is run once more (a 2-core machine shared with the
// database and Chromium has slow spells): the reporter names every test that needed it.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/setup/project-times.ts'],
    projects: [
      // CPU-bound files only: one worker per core (vitest's default leaves a core to its main process).
      { extends: true, test: { name: 'pure', include: filesOf('pure'), globalSetup: [generate], maxWorkers: '100%', sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'db', include: filesOf('db'), globalSetup: [generate, postgres], sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'mail', include: filesOf('mail'), globalSetup: [generate, postgres], retry, sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: 'web', include: filesOf('web'), globalSetup: [generate, postgres], retry, sequence: { groupOrder: 3 } } },
    ],
  },
});
