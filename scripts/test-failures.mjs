// @ts-check
/**
 * The failures of a test run, in a few lines each, for the end of `npm test`'s output: CI keeps only the tail of
 * the log, and a failing test's error, printed minutes earlier among thousands of lines, was not in it (one e2e
 * failure was known only by its name). Reads the JSON reports scripts/test.mjs already writes (vitest's and
 * Playwright's); prints nothing of a passing run.
 */

import { playwrightTests } from './playwright-report.mjs';

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first `lines` non-blank lines of an error message, colours removed, each cut to `width` characters. */
export function excerpt(message, lines = 4, width = 200) {
  return String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
}

/**
 * vitest's JSON report: each failed test (name, then its first error's excerpt), and each file that failed with no
 * failed test (an import or a hook error: the file's message).
 * @param {any} report
 * @param {(file: string) => string} rel
 * @returns {{ name: string, error: string[] }[]}
 */
export function vitestFailures(report, rel = (f) => f) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed)
      out.push({ name: `${rel(file.name)} > ${t.fullName}`, error: excerpt(t.failureMessages?.[0]) });
    if (failed.length === 0 && file.status === 'failed')
      out.push({ name: rel(file.name), error: excerpt(file.message) });
  }
  return out;
}

/**
 * Playwright's JSON report: each test that did not end as expected ([project] file:line title, then its last
 * attempt's first error), and the run's own errors (a web server that did not start, a spec that does not load).
 * @param {any} report
 * @returns {{ name: string, error: string[] }[]}
 */
export function playwrightFailures(report) {
  const out = [];
  for (const { spec, test, titles } of playwrightTests(report)) {
    if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
    const last = test.results?.at(-1);
    const first = last?.errors?.[0] ?? last?.error;
    out.push({
      name: `[${test.projectName}] ${spec.file}:${spec.line} ${[...titles, spec.title].join(' > ')}${test.status === 'flaky' ? ' (flaky: passed on retry)' : ''}`,
      error: excerpt(first?.message ?? (last ? `ended ${last.status}` : 'did not run')),
    });
  }
  for (const error of report?.errors ?? []) out.push({ name: 'Playwright', error: excerpt(error.message) });
  return out;
}

/**
 * The lines to print: a heading and each failure with its excerpt indented, at most `most` failures (the count of
 * the others said); none for no failure.
 * @param {{ name: string, error: string[] }[]} failures
 */
export function digest(failures, most = 20) {
  if (failures.length === 0) return [];
  const shown = failures.slice(0, most);
  return [
    `failures (${failures.length}):`,
    ...shown.flatMap((f) => [`  ✗ ${f.name}`, ...f.error.map((line) => `      ${line}`)]),
    ...(failures.length > most ? [`  … and ${failures.length - most} more (test-results/*.json)`] : []),
  ];
}
