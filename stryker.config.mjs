// @ts-check
/**
 * Mutation testing of one machine folder at a time (issue 29): `npm run test:mutation -- <machine> …`
 * (scripts/mutation.mjs sets STRYKER_MACHINE). Not part of `npm test`: a machine takes minutes. The reports
 * are kept in reports/mutation/ so each machine's score has a history.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const machine = process.env.STRYKER_MACHINE;
if (!machine || !/^[A-Za-z]+(\/[A-Za-z]+)*$/.test(machine))
  throw new Error('STRYKER_MACHINE: a folder of machines/');
const slug = machine.replaceAll('/', '-');
/** Subfolders of a machine folder that are mutated and reported on their own. */
export const SEPARATE = ['reserve/core'];

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // The machine's own modules: its config, rules and view model (not its tests, fixtures or types alone).
  // A subfolder with a report of its own (reserve/core: the shared core, 3,751 mutants with its variants) is left
  // out of its parent's run, so `reserve` and `reserve/core` are two reports that together cover the folder.
  mutate: [
    `machines/${machine}/**/*.ts`,
    '!**/*.d.ts',
    `!machines/${machine}/**/types.ts`,
    `!machines/${machine}/**/*.types.ts`,
    ...SEPARATE.filter((sub) => sub.startsWith(`${machine}/`)).map((sub) => `!machines/${sub}/**`),
  ],
  coverageAnalysis: 'perTest',
  // TypeScript-rejected mutants are not counted (issue 29: "as Stryker does"): the checker removes them.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  concurrency: 2,
  incremental: true,
  // The incremental file is a whole mutation-testing report: it is the report kept in the repository.
  incrementalFile: `reports/mutation/${slug}.json`,
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { logTests: false, allowEmojis: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // The sandbox copies the project: not the build, the test output, the server or the browser tests.
  ignorePatterns: [
    'dist',
    'test-results',
    'playwright-report',
    '.data',
    'coverage',
    'e2e',
    'server',
    'routes',
    'public',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
