/**
 * `npm run test:dev`: the development mode as a developer starts it (`npm run dev`: the reference server plus
 * Vite with hot reload and React's StrictMode) on ports of its own, API_PORT and VITE_PORT (default 18787 and
 * 15173, away from the ports `npm run dev`, the e2e server and `vite preview` use), and the checks in e2e/dev/
 * (`*.dev.ts`, which the main config does not pick up) against it.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const apiPort = process.env.API_PORT ?? '18787';
const vitePort = process.env.VITE_PORT ?? '15173';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '');

export default defineConfig({
  testDir: 'e2e/dev',
  testMatch: '**/*.dev.ts',
  outputDir: 'test-results/e2e-dev',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${vitePort}`,
    trace: 'retain-on-failure',
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
  projects: [{ name: 'dev', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/dev.mjs',
    url: `http://localhost:${vitePort}/demo-museum/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: { API_PORT: apiPort, VITE_PORT: vitePort, DATA_DIR: 'memory://' },
  },
});
