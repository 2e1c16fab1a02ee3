#!/usr/bin/env node
// `npm test`: prepare what the run needs (scripts/prepare-test.mjs: a browser for Playwright, PostgreSQL for the
// server suite's second run; installed when possible, else one line says what to run), then typecheck, lint, the
// machines' extractor check, vitest, build, Playwright e2e. Every step runs even when an earlier one failed, so
// one run reports everything; the last line is `tests: N passed, N failed` (vitest plus Playwright; a failed
// typecheck, lint or build step counts as one failure; the extractor check counts as one test, passed or failed;
// no browser counts as one failure of e2e), followed on the same line by `(PostgreSQL run skipped: …)` when the
// server suite's PostgreSQL run did not happen.
// With TEST_DATABASE_URL (a PostgreSQL URL whose user may create databases) that database is used; without it a
// throwaway cluster is started with scripts/pg-test.sh on a free port (PG_PORT chooses one) and stopped at the
// end. PGlite runs one transaction at a time, so only PostgreSQL can reveal a race. TEST_PG=required (CI) makes a
// missing PostgreSQL a failure instead of a skip; TEST_PG=off skips it without trying.
// `npm test -- --prepare-only` does only the preparation, prints what it found and exits (0 when both are there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareBrowser, preparePostgres } from './prepare-test.mjs';
import { digest, playwrightFailures, vitestFailures } from './test-failures.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
const prepareOnly = process.argv.includes('--prepare-only');

const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node;
console.info(
  `node ${process.version} (package.json engines: node ${engines}), ${process.platform}-${process.arch}`,
);

const browser = prepareBrowser();
if (browser.ok)
  console.info(`Browser for Playwright: ${browser.chromiumPath || "Playwright's own"} (${browser.how})`);
else console.info(`Browser for Playwright: ${browser.instruction}`);
const pg = await preparePostgres();
// A cluster started here is stopped when the run ends, also on Ctrl-C: the steps run synchronously, so the
// signal reaches the step's process and step() ends the run when that process ends by it.
if (pg.stop) {
  process.on('exit', pg.stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
}
if (!pg.url)
  console.info(`PostgreSQL for the server suite: ${pg.skipped ? `skipped: ${pg.skipped}` : pg.failed}`);

if (prepareOnly) process.exit(browser.ok && pg.url ? 0 : 1);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];
/** Each failed test with the first lines of its error, printed before the summary (CI keeps only the log's tail). */
const failures = [];

function step(name, cmd, args, env = {}) {
  console.info(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (['SIGINT', 'SIGTERM'].includes(result.signal ?? '') || [130, 143].includes(result.status ?? 0)) {
    console.info(`\n${name} was interrupted: the run stops here`);
    process.exit(130);
  }
  const ok = result.status === 0;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

if (!step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) failed += 1;
if (!step('lint', 'npx', ['biome', 'check', '.'])) failed += 1;
// Stately's code extractor must read every machine's source as the runtime machine is (tools/extractor,
// installed on demand): one pass or one failure.
if (step('machines:check', 'npx', ['tsx', 'scripts/check-extractor.ts'])) passed += 1;
else failed += 1;

function vitest(name, files, env = {}) {
  const json = join(out, `${name}.json`);
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    env,
  );
  const v = readJson(json);
  const rel = (file) => (file.startsWith(root) ? file.slice(root.length) : file);
  if (v) failures.push(...vitestFailures(v, rel).map((f) => ({ ...f, name: `${name}: ${f.name}` })));
  if (v) {
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    if (!ok && (v.numFailedTests ?? 0) === 0) failed += 1; // suite-level failure (e.g. a file that did not load)
  } else if (!ok) failed += 1;
}

// The first pass is all of vitest on PGlite (TEST_DATABASE_URL cleared), the second the server suite on PostgreSQL.
// PGlite runs one transaction at a time, so a race passes there whatever the code does: when the PostgreSQL
// pass runs, the first one leaves the race files to it.
const RACES = [
  'tests/server/races.test.ts',
  'tests/server/promo-races.test.ts',
  'tests/server/membership-races.test.ts',
  'tests/server/reschedule-races.test.ts',
  'tests/server/gift-card-races.test.ts',
  'tests/server/instalment-races.test.ts',
  'tests/server/captcha-races.test.ts',
];
vitest('vitest', pg.url ? RACES.flatMap((f) => ['--exclude', f]) : [], { TEST_DATABASE_URL: '' });

let pgSkipped = null;
// Server tests that never open the test database are left out of the second pass: production(-services).test.ts start
// server processes of its own on PGlite (DATA_DIR) and oidc.test.ts checks ID tokens; on PostgreSQL they would
// run the same again (about 110 s, the longest file of the pass).
const NO_DATABASE = [
  'tests/server/production.test.ts',
  'tests/server/production-services.test.ts',
  'tests/server/oidc.test.ts',
];
if (pg.url)
  vitest('vitest-postgresql', ['tests/server', ...NO_DATABASE.flatMap((f) => ['--exclude', f])], {
    TEST_DATABASE_URL: pg.url,
  });
else if (process.env.TEST_PG === 'required' || pg.failed) {
  summary.push(`FAIL vitest-postgresql (${pg.failed ?? `TEST_PG=required: ${pg.skipped}`})`);
  failed += 1;
} else {
  pgSkipped = pg.skipped;
  summary.push(`skip vitest-postgresql (${pg.skipped})`);
}

// The e2e build keeps the story viewer (e2e/stories.spec.ts); production builds leave it out (flavour.mjs).
const buildOk = step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'], { VITE_STORIES: 'on' });
if (!buildOk) failed += 1;

if (buildOk && !browser.ok) {
  summary.push(`FAIL e2e (${browser.instruction})`);
  failed += 1;
} else if (buildOk) {
  const pwJson = join(out, 'playwright.json');
  const pwOk = step('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    CHROMIUM_PATH: browser.chromiumPath,
    // No traces (playwright.config.ts): half the e2e CPU time. A failure's error is printed at the end; its trace is
    // one `PW_TRACE=on npx playwright test <spec>` away.
    PW_TRACE: process.env.PW_TRACE ?? 'off',
  });
  const p = readJson(pwJson);
  if (p) failures.push(...playwrightFailures(p).map((f) => ({ ...f, name: `e2e: ${f.name}` })));
  if (p?.stats) {
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
    if (!pwOk && (p.stats.unexpected ?? 0) === 0) failed += 1;
  } else if (!pwOk) failed += 1;
} else if (existsSync(join(root, 'e2e'))) {
  summary.push('skip e2e (build failed)');
}

const failureLines = digest(failures);
if (failureLines.length > 0) console.info(`\n${failureLines.join('\n')}`);
console.info(`\n${summary.join('\n')}`);
console.info(
  `tests: ${passed} passed, ${failed} failed${pgSkipped ? ` (PostgreSQL run skipped: ${pgSkipped})` : ''}`,
);
process.exit(failed > 0 ? 1 : 0);
