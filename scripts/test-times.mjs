#!/usr/bin/env node
// Where the test run's time goes: reads the JSON reports scripts/test.mjs writes (test-results/vitest.json,
// test-results/playwright.json) and prints the totals, the slowest vitest files and tests, Playwright's time
// per project and per spec file (summed test time; the run's wall time beside it), and the slowest e2e tests.
//
//   node scripts/test-times.mjs [--top N] [--vitest FILE] [--playwright FILE] [--before DIR]
//
// --before DIR reads the same two file names from DIR (an earlier run's copy) and adds a before column and the
// difference, so a change is measured file by file. A missing report is said in one line and skipped. Times on
// a loaded machine move together: compare ranks and ratios, not absolute seconds.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { playwrightTests } from './playwright-report.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const top = Number(opt('--top', 15));
const vitestPath = opt('--vitest', join(root, 'test-results/vitest.json'));
const playwrightPath = opt('--playwright', join(root, 'test-results/playwright.json'));
const beforeDir = opt('--before', null);

const read = (path) => (path && existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, n) => String(text).padStart(n);
const rel = (file) =>
  (file.startsWith('/') ? relative(root, file) : file).replace(/^.*?\b(tests|e2e)\//, '$1/');

/** vitest's JSON: per file its duration (end - start) and its tests; the run's wall time from the first start. */
function vitestTimes(report) {
  if (!report) return null;
  const files = new Map();
  const tests = [];
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const f of report.testResults ?? []) {
    const name = rel(f.name);
    files.set(name, (f.endTime ?? 0) - (f.startTime ?? 0));
    first = Math.min(first, f.startTime ?? first);
    last = Math.max(last, f.endTime ?? 0);
    for (const t of f.assertionResults ?? [])
      tests.push({ name: `${name} > ${t.fullName}`, ms: t.duration ?? 0 });
  }
  const start = report.startTime ?? first;
  return {
    files,
    tests,
    wall: last - start,
    sum: [...files.values()].reduce((a, b) => a + b, 0),
    counts: `${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed, ${report.numPendingTests ?? 0} skipped`,
  };
}

/** Playwright's JSON: every test result with its project and spec file, summed per project and per file. */
function playwrightTimes(report) {
  if (!report) return null;
  const tests = playwrightTests(report).flatMap(({ spec, test }) =>
    (test.results ?? []).map((r) => ({
      file: rel(spec.file),
      project: test.projectName,
      name: `${rel(spec.file)} > ${spec.title} [${test.projectName}]`,
      ms: r.duration ?? 0,
      status: r.status,
    })),
  );
  const sumBy = (key) => {
    const m = new Map();
    for (const t of tests) m.set(key(t), (m.get(key(t)) ?? 0) + t.ms);
    return m;
  };
  const st = report.stats ?? {};
  return {
    tests,
    files: sumBy((t) => t.file),
    projects: sumBy((t) => t.project),
    wall: st.duration ?? 0,
    sum: tests.reduce((a, t) => a + t.ms, 0),
    counts: `${st.expected ?? 0} passed, ${st.unexpected ?? 0} failed, ${st.flaky ?? 0} flaky, ${st.skipped ?? 0} skipped`,
  };
}

function table(title, now, before, limit = top) {
  console.info(`\n${title}`);
  const rows = [...now.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  for (const [name, ms] of rows) {
    const was = before?.get(name);
    const delta =
      was === undefined ? (before ? '     (new)' : '') : `${pad(s(was), 9)} ${pad(s(ms - was), 9)}`;
    console.info(`${pad(s(ms), 9)} ${delta}  ${name}`);
  }
  if (before) {
    const gone = [...before.keys()].filter((k) => !now.has(k));
    if (gone.length && limit === Number.POSITIVE_INFINITY)
      for (const name of gone) console.info(`${pad('(gone)', 9)} ${pad(s(before.get(name)), 9)}  ${name}`);
  }
}

const beforeRead = (name) => (beforeDir ? read(join(beforeDir, name)) : null);

const v = vitestTimes(read(vitestPath));
const vb = vitestTimes(beforeRead('vitest.json'));
if (!v) console.info(`no vitest report at ${vitestPath}`);
else {
  console.info(`vitest: ${v.counts}; wall ${s(v.wall)}, files summed ${s(v.sum)}, ${v.files.size} files`);
  if (vb)
    console.info(
      `  before: ${vb.counts}; wall ${s(vb.wall)}, files summed ${s(vb.sum)}, ${vb.files.size} files`,
    );
  if (beforeDir) console.info('     now     before      diff');
  table(`vitest: slowest files (of ${v.files.size})`, v.files, vb?.files);
  table(
    'vitest: slowest tests',
    new Map(v.tests.map((t) => [t.name, t.ms])),
    vb ? new Map(vb.tests.map((t) => [t.name, t.ms])) : null,
  );
}

const p = playwrightTimes(read(playwrightPath));
const pb = playwrightTimes(beforeRead('playwright.json'));
if (!p) console.info(`\nno Playwright report at ${playwrightPath}`);
else {
  console.info(`\ne2e: ${p.counts}; wall ${s(p.wall)}, tests summed ${s(p.sum)}, ${p.tests.length} results`);
  if (pb)
    console.info(
      `  before: ${pb.counts}; wall ${s(pb.wall)}, tests summed ${s(pb.sum)}, ${pb.tests.length} results`,
    );
  table('e2e: per project (summed)', p.projects, pb?.projects, Number.POSITIVE_INFINITY);
  table('e2e: per spec file (summed over projects)', p.files, pb?.files, Number.POSITIVE_INFINITY);
  table(
    'e2e: slowest tests',
    new Map(p.tests.map((t) => [t.name, t.ms])),
    pb ? new Map(pb.tests.map((t) => [t.name, t.ms])) : null,
  );
  const failed = p.tests.filter((t) => !['passed', 'skipped'].includes(t.status));
  for (const t of failed) console.info(`  ${t.status}: ${t.name}`);
}
