import { defineConfig } from 'vitest/config';

/**
 * Three layers, run separately by scripts/test.sh:
 * - unit: pure rules, no I/O;
 * - integration: the server through inject and real HTTP on PGlite or PostgreSQL (FOYER_TEST_DB),
 *   and the sync layer on fake-indexeddb against a real server;
 * - e2e: the built app in Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: files run in two forks; each opens its own database.
          pool: 'forks',
          maxWorkers: 2,
          // A fork keeps its modules between files: every file would otherwise import the whole
          // server again (about four seconds each here) and rebuild the migrated PGlite snapshot
          // that tests/fixtures/db.ts keeps per process. Files share no state beyond those caches:
          // each starts its own server on its own database, and none mocks modules or globals
          // (tests/unit/integration-shared-forks.test.ts keeps it so).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The demo seeded once; each file's server starts on a copy of it.
          globalSetup: ['tests/e2e/fixtures/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Two files at a time, each with its own server and browser: a file spends much of its
          // time waiting on its server, its sync worker and its polls, so two share the two cores.
          fileParallelism: true,
          maxWorkers: 2,
          // One more try for a browser test. Two files share two cores with their servers, workers and
          // browsers, and at that load a walk now and then misses a moment it would catch alone (three
          // different tests in the last two clean-clone runs, each green alone). A test that fails twice
          // fails the run; one that passes on its second try is named, with its first failure, in the
          // stage's summary (scripts/vitest-counts.ts), so a flake stays in sight and gets fixed.
          retry: 1,
        },
      },
    ],
  },
});
