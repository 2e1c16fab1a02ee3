import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The machine tests, for mutation testing (`npm run test:mutation`, scripts/mutation.mjs): node only, no seeded
 * database, no jsdom. With STRYKER_MACHINE set, only the test files that import that machine folder (its paths,
 * rules and view tests) and the registry's: Stryker's first, unmutated run is of every included file, and then each mutant runs
 * the tests that covered it.
 */
const machine = process.env.STRYKER_MACHINE;
const dir = join(import.meta.dirname, 'tests/machines');
const include = machine
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .filter(
        (f) =>
          // the registry's checks over every machine (ids, descriptions, initial states, data-only configs)
          f === 'registry.test.ts' || readFileSync(join(dir, f), 'utf8').includes(`machines/${machine}/`),
      )
      .map((f) => `tests/machines/${f}`)
  : ['tests/machines/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/setup.ts'],
    include,
  },
});
