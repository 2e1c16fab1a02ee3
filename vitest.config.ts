import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: on CI's two cores that is one, and the second core
    // idles while the worker runs the files one after another. Two workers at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A directory of the run, where the server tests' seeded database is built once (tests/server/seeded-db.ts).
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
  },
});
