#!/usr/bin/env node
/**
 * `npm run test:mutation -- [machine …] [--force] [--without-paths]` (issue 29): Stryker on each machine folder in turn (default: every
 * folder of machines/ but shared, and reserve/core, which has a report of its own: `reserve` leaves it out), incremental (a rerun tests only the mutants whose code or
 * tests changed), then one line per machine: its mutation score, as Stryker counts it (killed and timed-out
 * mutants over every valid mutant; TypeScript-rejected ones are not valid), and the survivors' count. The JSON
 * reports stay in reports/mutation/ for the score's history. Not part of `npm test`: a machine takes minutes.
 *
 * After adding tests, rerun with --force: an incremental run reported the app machine's 7 static mutants (its
 * invoke list, evaluated once when the module loads) as surviving the new app.test.ts, which kills all of them in
 * a --force run (41.7% incremental, 100% forced).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultFolders, reportPath, scoreOf } from './mutation-report.mjs';

const root = join(import.meta.dirname, '..');
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
/**
 * `--without-paths`: leave the xstate/graph path tests out (minutes per mutant on a loaded machine). Every mutant
 * a subset of the tests kills the whole suite kills too: the score is then a lower bound of the whole suite's.
 */
const withoutPaths = process.argv.includes('--without-paths');
/** Options for Stryker itself, e.g. --force (test every mutant again, not only the changed ones). */
const options = process.argv.slice(2).filter((a) => a.startsWith('-') && a !== '--without-paths');
const folders = asked.length ? asked : defaultFolders(root);

const lines = [];
let failed = false;
for (const machine of folders) {
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...options], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      STRYKER_MACHINE: machine,
      ...(withoutPaths ? { STRYKER_WITHOUT_PATHS: '1' } : {}),
    },
  });
  const file = reportPath(root, machine);
  if (run.status !== 0 || !existsSync(file)) {
    failed = true;
    lines.push(`${machine.padEnd(24)} stryker failed (exit ${run.status})`);
    continue;
  }
  const s = scoreOf(JSON.parse(readFileSync(file, 'utf8')));
  lines.push(
    `${machine.padEnd(24)} ${s.score.toFixed(1).padStart(5)}%  ${s.detected} killed, ${s.undetected} survived, ${s.invalid} not valid`,
  );
}
process.stdout.write(`\nmutation scores (target 90%):\n${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
