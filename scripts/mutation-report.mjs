// @ts-check
/**
 * Reading the committed mutation reports (issue 29), apart from scripts/mutation.mjs, which runs Stryker as soon as
 * it is loaded: importing it to reuse a function once ran Stryker on every machine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/**
 * Stryker's score from its JSON report (mutation-testing-report-schema): detected / valid. Killed and timed-out
 * mutants are detected; survivors and mutants no test covers are not; TypeScript-rejected (CompileError),
 * RuntimeError and Ignored ones are not valid.
 * @param {{ files: Record<string, { mutants: { status: string }[] }> }} report
 */
export function scoreOf(report) {
  const count = { detected: 0, undetected: 0, invalid: 0 };
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) {
      if (mutant.status === 'Killed' || mutant.status === 'Timeout') count.detected++;
      else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') count.undetected++;
      else count.invalid++;
    }
  const valid = count.detected + count.undetected;
  return { ...count, score: valid === 0 ? 100 : (100 * count.detected) / valid };
}

/**
 * The files of a report whose source is no longer what the report mutated (a report holds each file's source):
 * the report describes older code and its machine wants a rerun. A file that is gone counts as changed.
 * @param {{ files: Record<string, { source?: string }> }} report
 * @param {string} root the project folder the report's paths are relative to
 * @returns {string[]}
 */
export function changedFiles(report, root) {
  return Object.entries(report.files)
    .filter(([path, file]) => {
      const full = isAbsolute(path) ? path : join(root, path);
      return !existsSync(full) || readFileSync(full, 'utf8') !== file.source;
    })
    .map(([path]) => path);
}

/**
 * The machine folders `npm run test:mutation` runs by default, one report each: every folder of machines/ but
 * shared (helpers, no machine), and reserve/core, which has a report of its own (`reserve` leaves it out).
 * @param {string} root
 */
export function defaultFolders(root) {
  return [
    ...readdirSync(join(root, 'machines')).filter(
      (name) => statSync(join(root, 'machines', name)).isDirectory() && name !== 'shared',
    ),
    'reserve/core',
  ];
}

/**
 * A machine folder's committed report (also Stryker's incremental file: stryker.config.mjs names the same path).
 * @param {string} root
 * @param {string} machine e.g. `cart` or `reserve/core`
 */
export function reportPath(root, machine) {
  return join(root, 'reports/mutation', `${machine.replaceAll('/', '-')}.json`);
}
