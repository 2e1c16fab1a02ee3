/**
 * The failure digest `npm test` prints before its summary (scripts/test-failures.mjs): CI keeps only the log's
 * tail, so each failed test's name and error must be there. The reports are shaped as vitest's and Playwright's
 * JSON reporters write them (the fields read here, with a real run's values).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A plain .mjs script (run by node, no declarations): imported by path, as mutation-report.test.ts does.
const { digest, excerpt, playwrightFailures, vitestFailures } = await import(
  `${join(import.meta.dirname, '../..')}/scripts/test-failures.mjs`
);

const playwrightReport = (
  tests: { title: string; status: string; error?: string; resultStatus?: string }[],
) => ({
  config: {},
  stats: {},
  errors: [],
  suites: [
    {
      title: 'purchase.spec.ts',
      file: 'purchase.spec.ts',
      specs: [],
      suites: [
        {
          title: 'checkout',
          file: 'purchase.spec.ts',
          specs: tests.map((t, i) => ({
            title: t.title,
            file: 'purchase.spec.ts',
            line: 10 + i,
            tests: [
              {
                projectName: 'phone',
                status: t.status,
                results: [
                  {
                    status: t.resultStatus ?? (t.status === 'expected' ? 'passed' : 'failed'),
                    errors: t.error ? [{ message: t.error }] : [],
                  },
                ],
              },
            ],
          })),
        },
      ],
    },
  ],
});

describe('excerpt', () => {
  it('keeps the first non-blank lines, without terminal colours, each cut to the width', () => {
    const message = `\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\n  Locator: getByRole('heading')\n  Expected: visible\n  Received: hidden\n  at e2e/purchase.spec.ts:40`;
    expect(excerpt(message, 3)).toEqual([
      'Error: expect(locator).toBeVisible() failed',
      "  Locator: getByRole('heading')",
      '  Expected: visible',
    ]);
    expect(excerpt('x'.repeat(300), 1, 20)).toEqual([`${'x'.repeat(19)}…`]);
    expect(excerpt(undefined)).toEqual([]);
  });
});

describe('playwrightFailures', () => {
  it('names each unexpected test by project, file, line and titles, with its first error; passing tests are not named', () => {
    const failures = playwrightFailures(
      playwrightReport([
        { title: 'pays', status: 'expected' },
        {
          title: 'a new visitor buys two tickets',
          status: 'unexpected',
          error: 'Error: refused at pay\nmore',
        },
      ]),
    );
    expect(failures).toEqual([
      {
        name: '[phone] purchase.spec.ts:11 checkout > a new visitor buys two tickets',
        error: ['Error: refused at pay', 'more'],
      },
    ]);
  });

  it('says how a test without an error message ended (a timeout), and reports the run’s own errors', () => {
    const report = {
      ...playwrightReport([{ title: 'waits', status: 'unexpected', resultStatus: 'timedOut' }]),
      errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }],
    };
    expect(playwrightFailures(report)).toEqual([
      { name: '[phone] purchase.spec.ts:10 checkout > waits', error: ['ended timedOut'] },
      { name: 'Playwright', error: ['Error: Timed out waiting 120000ms from config.webServer.'] },
    ]);
  });

  it('finds nothing in a passing or a missing report', () => {
    expect(playwrightFailures(playwrightReport([{ title: 'pays', status: 'expected' }]))).toEqual([]);
    expect(playwrightFailures(null)).toEqual([]);
  });
});

describe('vitestFailures', () => {
  it('names each failed test by file and full name, and a file that failed to load by its message', () => {
    const report = {
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/tests/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'cart > keeps its tickets', status: 'passed', failureMessages: [] },
            {
              fullName: 'cart > expires',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: '/repo/tests/b.test.ts',
          status: 'failed',
          message: 'SyntaxError: bad import',
          assertionResults: [],
        },
        { name: '/repo/tests/c.test.ts', status: 'passed', message: '', assertionResults: [] },
      ],
    };
    expect(vitestFailures(report, (f: string) => f.replace('/repo/', ''))).toEqual([
      {
        name: 'tests/a.test.ts > cart > expires',
        error: ['AssertionError: expected 1 to be 2', '    at a.test.ts:3'],
      },
      { name: 'tests/b.test.ts', error: ['SyntaxError: bad import'] },
    ]);
  });
});

describe('digest', () => {
  it('prints nothing for no failure', () => {
    expect(digest([])).toEqual([]);
  });

  it('lists each failure with its error indented, and counts those past the limit', () => {
    const failures = ['a', 'b', 'c'].map((name) => ({ name, error: [`Error in ${name}`] }));
    expect(digest(failures, 2)).toEqual([
      'failures (3):',
      '  ✗ a',
      '      Error in a',
      '  ✗ b',
      '      Error in b',
      '  … and 1 more (test-results/*.json)',
    ]);
  });
});
