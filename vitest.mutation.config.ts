import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The machine tests, for mutation testing (`npm run test:mutation`, scripts/mutation.mjs): node only, no seeded
 * database, no jsdom. With STRYKER_MACHINE set, only the test files that import that machine folder (its paths,
 * rules and view tests) and the registry's: Stryker's first, unmutated run is of every included file, and then each mutant runs
 * the tests that covered it. The hand-made mutants' file (transition-table.mutants.test.ts) tests the tests: it
 * is left out.
 */
const machine = process.env.STRYKER_MACHINE;
const dir = join(import.meta.dirname, 'tests/machines');
/**
 * The folder whose tests run: a subfolder reported on its own (reserve/core, stryker.config.mjs SEPARATE) is
 * tested mostly through its parent's machines (the variants invoke the core), so its parent's tests run too.
 */
const testedThrough = machine?.split('/')[0];
const include = machine
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.mutants.test.ts'))
      // scripts/mutation.mjs --without-paths: a lower bound of the score, in a fraction of the time
      .filter((f) => !(process.env.STRYKER_WITHOUT_PATHS === '1' && f.endsWith('.paths.test.ts')))
      .filter(
        (f) =>
          // the registry's checks over every machine (ids, descriptions, initial states, data-only configs)
          f === 'registry.test.ts' ||
          readFileSync(join(dir, f), 'utf8').includes(`machines/${testedThrough}/`),
      )
      .map((f) => `tests/machines/${f}`)
  : ['tests/machines/**/*.test.ts'];

/**
 * The transition tables first, the path tests last (vitest's own order runs the longest first): Stryker stops a
 * mutant's run at its first failing test, and the tables kill most mutants in a second where the path
 * tests take many.
 */
class TablesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      f.moduleId.endsWith('.table.test.ts') ? 0 : f.moduleId.endsWith('.paths.test.ts') ? 2 : 1;
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/setup.ts'],
    include,
    sequence: { sequencer: TablesFirst },
  },
});
