#!/usr/bin/env node
// @ts-check
/**
 * `npm run mutation:status` (issue 29): each committed mutation report's score and whether it still describes the
 * code: a report keeps the source of every file it mutated, so a file changed since is named, and that machine
 * wants `npm run test:mutation -- <machine>` again. Runs no tests and takes a second. Exits 1 when a report is
 * missing, stale or under the 90% target, so the proof ("every machine at 90% or more") can be checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { changedFiles, defaultFolders, reportPath, scoreOf } from './mutation-report.mjs';

const root = join(import.meta.dirname, '..');
const TARGET = 90;
const folders = defaultFolders(root).sort();

let ok = true;
const lines = [];
for (const machine of folders) {
  const file = reportPath(root, machine);
  if (!existsSync(file)) {
    ok = false;
    lines.push(`${machine.padEnd(24)}    no report`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = scoreOf(report);
  const changed = changedFiles(report, root).map((p) => relative(`machines/${machine}`, p));
  if (changed.length > 0 || s.score < TARGET) ok = false;
  lines.push(
    `${machine.padEnd(24)} ${s.score.toFixed(1).padStart(5)}%  ${String(s.detected).padStart(5)} killed, ${String(s.undetected).padStart(4)} survived${
      changed.length ? `  STALE: ${changed.join(', ')} changed since` : ''
    }`,
  );
}
process.stdout.write(
  `mutation reports (target ${TARGET}%, killed and timed out over valid mutants):\n${lines.join('\n')}\n${
    ok
      ? 'every machine is at the target, and every report is current\n'
      : 'not every report is current and at the target\n'
  }`,
);
process.exit(ok ? 0 : 1);
