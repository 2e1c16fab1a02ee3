// What `npm test` needs besides node_modules, prepared before its first step (scripts/test.mjs; `.ci/run` is
// `npm ci` plus `npm test`):
// - a browser for Playwright: CHROMIUM_PATH when set; else Chromium's headless shell on PATH (Debian's
//   chromium-headless-shell; installed through apt-get under CI as root when only the full Chromium is there);
//   else a Chromium on PATH (Debian's /usr/bin/chromium); else Playwright's own when installed or when
//   `playwright install chromium` can download it; else Debian's headless shell through apt-get when we are
//   root; else one line naming the command to run. The headless shell (the old headless mode, no browser UI
//   behind it) ran the same e2e specs in 128 s where the full Chromium took 175 s, two workers on two cores.
// - PostgreSQL for the server suite's second run: TEST_DATABASE_URL when set; else a throwaway cluster started
//   by scripts/pg-test.sh on a free port (it installs PostgreSQL from Debian as root); else a skip with one line
//   naming the command to run (a failure with TEST_PG=required, as CI sets; TEST_PG=off skips without trying).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

const HEADLESS_SHELL = 'chromium-headless-shell';
const debianShell = `/usr/bin/${HEADLESS_SHELL}`;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found as an executable on `env.PATH`, or null. */
export function onPath(names, env = process.env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) if (executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Where Playwright's own Chromium is (or would be) installed, read in a child with `env`. */
function playwrightChromium(env) {
  const r = spawnSync(
    process.execPath,
    ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"],
    { cwd: root, env, encoding: 'utf8' },
  );
  return r.status === 0 && r.stdout ? r.stdout : null;
}

// Playwright's own Chromium needs the system's libraries (`playwright install --with-deps`): a binary that does
// not even print its version would fail every test.
function runs(browser) {
  if (!browser || !existsSync(browser)) return false;
  return spawnSync(browser, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

function aptInstall(pkg, env, log) {
  const logFile = join(tmpdir(), `tix-apt-${pkg}.log`);
  const r = spawnSync(
    'sh',
    ['-c', `(apt-get update -qq && apt-get install -y -qq ${pkg}) > "${logFile}" 2>&1`],
    { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 15 * 60_000 },
  );
  if (r.status !== 0) log(`apt-get install ${pkg} failed (see ${logFile})`);
  return r.status === 0;
}

/** The one command that gets a browser where nothing else could. */
function browserCommand(env) {
  if (onPath(['apt-get'], env)) return `${isRoot() ? '' : 'sudo '}apt-get install -y ${HEADLESS_SHELL}`;
  return 'npx playwright install --with-deps chromium';
}

/**
 * Finds or installs a browser for Playwright. Returns `{ ok: true, chromiumPath, how }` (chromiumPath '' means
 * Playwright's own browser, as playwright.config.ts reads CHROMIUM_PATH) or `{ ok: false, instruction }`.
 */
export function prepareBrowser({ env = process.env, log = console.info } = {}) {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH))
      return { ok: true, chromiumPath: env.CHROMIUM_PATH, how: 'CHROMIUM_PATH' };
    return {
      ok: false,
      instruction: `CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable: point it at a Chromium binary or unset it`,
    };
  }
  const own = playwrightChromium(env);
  const canApt = isRoot() && onPath(['apt-get'], env);
  const installShell = () => {
    log(`Installing Debian's Chromium headless shell (apt-get install ${HEADLESS_SHELL})…`);
    if (!aptInstall(HEADLESS_SHELL, env, log)) return null;
    return onPath([HEADLESS_SHELL], env) ?? (executable(debianShell) ? debianShell : null);
  };
  // An empty CHROMIUM_PATH asks for Playwright's own browser.
  if (env.CHROMIUM_PATH === undefined) {
    const shell = onPath([HEADLESS_SHELL], env);
    if (shell) return { ok: true, chromiumPath: shell, how: 'on PATH' };
    const system = onPath(['chromium', 'chromium-browser'], env);
    if (system && env.CI && canApt) {
      const installed = installShell();
      if (installed) return { ok: true, chromiumPath: installed, how: "Debian's, installed" };
    }
    if (system) return { ok: true, chromiumPath: system, how: 'on PATH' };
  }
  if (runs(own)) return { ok: true, chromiumPath: '', how: "Playwright's own, installed" };

  log("No browser for Playwright: trying Playwright's own download (`playwright install chromium`)…");
  const cli = join(require.resolve('playwright-core/package.json'), '..', 'cli.js');
  const download = spawnSync(process.execPath, [cli, 'install', 'chromium'], {
    cwd: root,
    env: { PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: '15000', ...env },
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (download.status === 0 && runs(own))
    return { ok: true, chromiumPath: '', how: "Playwright's own, downloaded" };
  const why = `${download.stderr ?? ''}${download.stdout ?? ''}`
    .split('\n')
    .find((l) => /^Error: /.test(l.trim()));
  if (download.status === 0)
    log("Playwright's Chromium was downloaded but does not start (missing libraries?)");
  else log(`Playwright's download failed${why ? ` (${why.trim()})` : ''}`);

  if (canApt) {
    const installed = installShell();
    if (installed) return { ok: true, chromiumPath: installed, how: "Debian's, installed" };
  }
  return {
    ok: false,
    instruction: `no browser for the e2e suite: run \`${browserCommand(env)}\`, then npm test again`,
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Finds or starts PostgreSQL for the server suite's second run. Returns `{ url, stop }` (stop: a function that
 * stops a cluster this call started, or null), or `{ url: null, skipped }` / `{ url: null, failed }` (one line).
 */
export async function preparePostgres({ env = process.env, log = console.info } = {}) {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, stop: null };
  if (env.TEST_PG === 'off') return { url: null, skipped: 'TEST_PG=off' };
  const port = env.PG_PORT ?? String(await freePort());
  const dir = env.PG_DIR ?? `/tmp/tix-pg-${port}`;
  const running = existsSync(join(dir, 'data', 'postmaster.pid'));
  const pgEnv = { ...env, PG_PORT: port, PG_DIR: dir };
  const script = join(root, 'scripts', 'pg-test.sh');
  const r = spawnSync('bash', [script, 'start'], {
    cwd: root,
    env: pgEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 15 * 60_000,
  });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('TEST_DATABASE_URL='));
  if (r.status === 0 && line) {
    const url = line.slice('TEST_DATABASE_URL='.length);
    log(`PostgreSQL for the server suite: ${url}${running ? ' (already running)' : ''}`);
    const stop = running
      ? null
      : () => {
          spawnSync('bash', [script, 'stop'], { cwd: root, env: pgEnv, stdio: 'ignore' });
        };
    return { url, stop };
  }
  const said = (r.stderr ?? '').trim().split('\n').filter(Boolean);
  if (r.status === 3) return { url: null, skipped: said.at(-1) ?? 'PostgreSQL is not installed' };
  if (said.length > 1) log(said.join('\n'));
  spawnSync('bash', [script, 'stop'], { cwd: root, env: pgEnv, stdio: 'ignore' });
  return {
    url: null,
    failed: `PostgreSQL did not start (scripts/pg-test.sh start: ${said.at(-1) ?? `exit ${r.status ?? r.signal}`})`,
  };
}
