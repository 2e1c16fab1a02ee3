import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects on one set of options. `shared` (the server's, machines' and API clients' tests, all in node)
 * runs its files in one module graph per worker (isolate: false): a server test file imports the whole
 * server, and importing it afresh for each of 47 files cost 75 s of a 300 s pass (measured, `--no-isolate`
 * ran the same files in 175 s). The views' and routes' tests keep a fresh graph per file: they switch jsdom
 * environments, mock modules (`vi.mock`) and check fresh module instances (tests/ui/strings-split).
 */
const SHARED = ['tests/server/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'];

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...SHARED],
        },
      },
    ],
  },
});
