import { defineConfig } from 'vitest/config';

// Tests provoke failures on purpose; their expected error logs would bury the real output.
const QUIET = { LOG_LEVEL: 'silent' };

// Three groups, one after the other (vitest runs groups in `sequence.groupOrder` order): unit and
// integration files two at a time (they wait on PGlite, Postgres and child servers as much as on the
// CPU), then the browser files one at a time, then the load test alone. Without explicit orders the
// default of one worker on a two-core machine ran every file one by one, and the load test first.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['reflect-metadata'],
          env: QUIET,
          maxWorkers: 2,
          // A worker keeps its modules from file to file instead of loading them again for each:
          // the unit files undo what they stub (globals, timers, spies) and set the stores they read.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // tsyringe's decorators need the Reflect polyfill that the server entry loads.
          setupFiles: ['reflect-metadata'],
          globalSetup: ['tests/support/postgres-server.ts'],
          env: QUIET,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // As for unit: each suite opens databases, servers and fakes of its own and closes them.
          isolate: false,
        },
      },
      {
        test: {
          // The built server under autocannon on loopback (needs `astro build`); bounded well under a minute.
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After the other projects, alone: its figures are not skewed and it does not slow their browsers.
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/server.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
