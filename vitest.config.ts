import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { preactAlias } from './vite.config';

/**
 * Three projects on one set of options. `shared` (the server's, machines' and API clients' tests, all in node)
 * runs its files in one module graph per worker (isolate: false): a server test file imports the whole
 * server, and importing it afresh for each of 47 files cost 75 s of a 300 s pass (measured, `--no-isolate`
 * ran the same files in 175 s). The views' and routes' tests keep a fresh graph per file: they switch jsdom
 * environments, mock modules (`vi.mock`) and check fresh module instances (tests/ui/strings-split).
 */
const SHARED = ['tests/server/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'];
/** React's StrictMode double mount, which only React's development build does (`npm run dev` keeps React). */
const REACT = ['tests/routes/strict-mode.test.tsx'];

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
        // The views and routes render with what the build ships, preact/compat (vite.config.ts). Vite's alias
        // reaches our modules and the inlined ESM libraries; tests/preact-compat.ts sends Node's require('react')
        // of the CommonJS ones (Testing Library, use-sync-external-store) to the same preact/compat.
        resolve: { alias: preactAlias },
        test: {
          name: 'isolated',
          // after tests/setup.ts, before any test file's import; then the accessible-name rule after each test
          setupFiles: ['tests/preact-compat.ts', 'tests/names-check.ts'],
          sequence: { hooks: 'list' },
          server: { deps: { inline: [/@xstate\/react/, /wouter/, /@stripe\/react-stripe-js/] } },
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...SHARED, ...REACT],
        },
      },
      { extends: true, test: { name: 'react', include: REACT } },
    ],
  },
});
