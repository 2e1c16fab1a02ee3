#!/usr/bin/env node
// What Playwright's traces cost (playwright.config.ts, PW_TRACE): runs the same e2e specs without traces and with
// them (retain-on-failure, which records every test), in turn, and prints each side's median wall seconds and
// their ratio. Alternating keeps a machine whose speed drifts from favouring one side.
//
//   node scripts/bench-e2e-trace.mjs [--runs N] [spec …]   (default: 3 runs, purchase, seatmap, promo-codes)
//
// Needs the e2e build (VITE_STORIES=on npx vite build) and a free port 4173, like `npx playwright test`.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const specs = args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1);
const files =
  specs.length > 0 ? specs : ['e2e/purchase.spec.ts', 'e2e/seatmap.spec.ts', 'e2e/promo-codes.spec.ts'];

/** One run's wall seconds; a failing run ends the benchmark (a failure's time measures nothing). */
function run(trace) {
  const started = process.hrtime.bigint();
  const result = spawnSync('npx', ['playwright', 'test', ...files, '--reporter=dot'], {
    env: { ...process.env, CI: 'true', PW_TRACE: trace },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`playwright exited ${result.status} with PW_TRACE=${trace}`);
  return wall;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const off = [];
const on = [];
for (let i = 0; i < runs; i += 1) {
  off.push(run('off'));
  on.push(run('retain-on-failure'));
  console.info(`run ${i + 1}: off ${off.at(-1).toFixed(1)} s, retain-on-failure ${on.at(-1).toFixed(1)} s`);
}
console.info(
  `median wall: off ${median(off).toFixed(1)} s, retain-on-failure ${median(on).toFixed(1)} s, ratio ${(median(off) / median(on)).toFixed(2)}`,
);
