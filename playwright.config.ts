import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
// Debian's Chromium by default (Playwright cannot download browsers here): its headless shell where installed
// (lighter: scripts/prepare-test.mjs), else the full browser. CHROMIUM_PATH overrides it (npm test sets it),
// and an empty CHROMIUM_PATH uses Playwright's own browser where one is installed.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '';

type TraceMode = 'on' | 'off' | 'retain-on-failure';
function traceMode(): TraceMode {
  const wanted = process.env.PW_TRACE;
  return wanted === 'on' || wanted === 'off' ? wanted : 'retain-on-failure';
}

export default defineConfig({
  testDir: 'e2e',
  // Its own folder under test-results/: Playwright empties it on start, and test-results/walked/ (the path
  // tests' coverage for the story viewer) must survive an e2e run.
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every step of every test to keep a failing one's: it about doubles a run's CPU time (0.51×
    // the CPU and 0.64× the wall time without, medians of 3 runs of 3 specs; scripts/bench-e2e-trace.mjs). `npm
    // test` (and so CI, which keeps only the log) records none, PW_TRACE=off; playwright run directly keeps them.
    trace: traceMode(),
    launchOptions: {
      executablePath: chromium || undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/demo-museum/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // PUBLIC_URL: emailed links and the sandbox identity provider's issuer on the origin the tests browse.
    env: {
      PORT: String(port),
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
