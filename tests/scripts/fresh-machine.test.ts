/**
 * The README's quick start on a fresh machine. The commands are read from the README's first code block, not
 * copied: `npm test`'s preparation (`-- --prepare-only`, scripts/prepare-test.mjs) runs in a clean environment
 * whose PATH has neither a browser nor PostgreSQL, nor apt-get, with CHROMIUM_PATH unset and Playwright's download
 * refused, and must end with one line per missing piece naming the command to run; given a Chromium and
 * PostgreSQL's binaries on PATH, it must set them up (a throwaway cluster, stopped again). `npm start` on a busy
 * port says so in one line, and `npm run machines:export`'s output does not count as a source of the build.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

/** The quick start: the README up to its first `##` heading. */
const quickStart = readme.slice(0, readme.indexOf('\n## '));

/** The commands of the quick start's first shell block, each `a && b` split, comments dropped. */
function quickStartCommands(): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/\s#.*$/, '').trim())
    .filter(Boolean)
    .flatMap((line) => line.split('&&').map((c) => c.trim()));
}

const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** Where a tool is on the test's own PATH. */
function which(name: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (r.status === 0) return r.stdout.trim();
  // runuser and useradd (pg-test.sh as root) live in sbin, which a non-login PATH may lack.
  return ['/usr/sbin', '/sbin'].map((d) => join(d, name)).find((p) => existsSync(p)) ?? null;
}

/** A folder of links to only these tools: node and npm, a shell and what scripts/pg-test.sh calls. */
function cleanBin(): string {
  const bin = tempDir('tix-clean-bin-');
  const tools = [
    'node',
    'npm',
    'sh',
    'bash',
    'ls',
    'sort',
    'tail',
    'id',
    'readlink',
    'dirname',
    'rm',
    'mkdir',
  ];
  tools.push('chown', 'chmod', 'cat', 'runuser', 'useradd');
  for (const tool of tools) {
    const path = tool === 'node' ? process.execPath : which(tool);
    if (path) symlinkSync(path, join(bin, tool));
  }
  for (const missing of [
    'chromium-headless-shell',
    'chromium',
    'chromium-browser',
    'initdb',
    'pg_ctl',
    'apt-get',
  ])
    expect(existsSync(join(bin, missing))).toBe(false);
  return bin;
}

/** A fresh machine's environment: nothing of this one's but the clean PATH. */
function cleanEnv(path: string): NodeJS.ProcessEnv {
  const home = tempDir('tix-clean-home-');
  return {
    PATH: path,
    HOME: home,
    // Nothing of Playwright's own is installed, and its download is refused at once (no network in a test).
    PLAYWRIGHT_BROWSERS_PATH: join(home, 'ms-playwright'),
    PLAYWRIGHT_DOWNLOAD_HOST: 'http://127.0.0.1:9',
    // Debian's PostgreSQL folder as on a machine without it.
    PG_LIB_DIR: join(home, 'no-postgresql'),
    // Logs of install attempts (apt-get) stay in the test's own folder.
    TMPDIR: home,
    npm_config_update_notifier: 'false',
  };
}

/** Runs a README command (`npm test`) as npm would, with more arguments, in `env`. */
function runReadmeCommand(command: string, args: string[], env: NodeJS.ProcessEnv) {
  expect(quickStartCommands()).toContain(command);
  const [tool, ...rest] = command.split(' ');
  expect(tool).toBe('npm');
  return spawnSync('npm', [...rest, '--', ...args], { cwd: root, env, encoding: 'utf8', timeout: 90_000 });
}

describe("the README's quick start", () => {
  it('names the commands, its Node version from engines and what `npm test` installs', () => {
    expect(quickStartCommands()).toEqual(['npm ci', 'npm start', 'npm ci', 'npm test']);
    const version = /(\d+\.\d+)/.exec(pkg.engines.node)?.[1] ?? '';
    expect(version).not.toBe('');
    expect(quickStart).toContain(`Node.js ${version}`);
    expect(quickStart).toMatch(/npm test[\s\S]*Chromium[\s\S]*PostgreSQL/);
    expect(quickStart).toContain('TIX_DEMO=1');
    expect(quickStart).toContain('npm run dev');
    // Each README command is a script of package.json.
    for (const command of quickStartCommands().filter((c) => c !== 'npm ci'))
      expect(pkg.scripts[command.replace(/^npm (run )?/, '')]).toBeTruthy();
  });
});

describe("`npm test`'s preparation on a machine without a browser or PostgreSQL", () => {
  it('fails with one line per missing piece, naming the command to run', () => {
    const r = runReadmeCommand('npm test', ['--prepare-only'], cleanEnv(cleanBin()));
    const lines = r.stdout.split('\n');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(lines).toContain(
      `node ${process.version} (package.json engines: node ${pkg.engines.node}), ${process.platform}-${process.arch}`,
    );
    // Playwright's download was tried and failed fast; then the one line.
    expect(r.stdout).toContain("Playwright's download failed");
    const browser = lines.filter((l) => l.startsWith('Browser for Playwright: '));
    expect(browser).toEqual([
      'Browser for Playwright: no browser for the e2e suite: run `npx playwright install --with-deps chromium`, then npm test again',
    ]);
    const pg = lines.filter((l) => l.startsWith('PostgreSQL for the server suite: '));
    expect(pg).toEqual([
      'PostgreSQL for the server suite: skipped: PostgreSQL is not installed: install its server (initdb, pg_ctl) and put it on PATH, or set PG_BIN',
    ]);
  }, 90_000);

  it('with apt-get on PATH: as root it tries it, otherwise it names the sudo apt-get commands', () => {
    const bin = cleanBin();
    const aptGet = join(bin, 'apt-get');
    // A stand-in for apt-get on a machine without network: every call fails. Only root may call it.
    writeFileSync(aptGet, '#!/bin/sh\necho "apt-get stand-in: called" >&2\nexit 99\n');
    chmodSync(aptGet, 0o755);
    const env = cleanEnv(bin);
    const asRoot = process.getuid?.() === 0;
    const r = runReadmeCommand('npm test', ['--prepare-only'], env);
    const lines = r.stdout.split('\n');
    expect(r.status, r.stdout + r.stderr).toBe(1);
    if (asRoot) {
      // As root it tries the installs: the stand-in fails them, and the lines say so.
      expect(lines).toContain(
        "Installing Debian's Chromium headless shell (apt-get install chromium-headless-shell)…",
      );
      expect(lines).toContain(
        'Browser for Playwright: no browser for the e2e suite: run `apt-get install -y chromium-headless-shell`, then npm test again',
      );
      expect(lines).toContain(
        `PostgreSQL for the server suite: skipped: PostgreSQL could not be installed (apt-get install postgresql failed, see ${env.TMPDIR}/tix-apt-postgresql.log)`,
      );
      expect(
        readFileSync(join(env.TMPDIR as string, 'tix-apt-chromium-headless-shell.log'), 'utf8'),
      ).toContain('apt-get stand-in: called');
    } else {
      expect(r.stderr + r.stdout).not.toContain('apt-get stand-in: called');
      expect(lines).toContain(
        'Browser for Playwright: no browser for the e2e suite: run `sudo apt-get install -y chromium-headless-shell`, then npm test again',
      );
      expect(lines).toContain(
        'PostgreSQL for the server suite: skipped: PostgreSQL is not installed: run `sudo apt-get install -y postgresql`',
      );
    }
  }, 90_000);

  it.skipIf(process.getuid?.() !== 0)(
    'under CI as root, a full Chromium on PATH: it tries to install the headless shell, else uses Chromium',
    () => {
      const bin = cleanBin();
      writeFileSync(join(bin, 'apt-get'), '#!/bin/sh\necho "apt-get stand-in: called" >&2\nexit 99\n');
      chmodSync(join(bin, 'apt-get'), 0o755);
      const chromium = join(bin, 'chromium');
      writeFileSync(chromium, '#!/bin/sh\necho "Chromium 1.0"\n');
      chmodSync(chromium, 0o755);
      const env = { ...cleanEnv(bin), CI: 'true', TEST_PG: 'off' };
      const lines = runReadmeCommand('npm test', ['--prepare-only'], env).stdout.split('\n');
      expect(lines).toContain(
        "Installing Debian's Chromium headless shell (apt-get install chromium-headless-shell)…",
      );
      expect(lines).toContain(`Browser for Playwright: ${chromium} (on PATH)`);
    },
    90_000,
  );
});

/** Debian's newest PostgreSQL binaries, when this machine has them. */
const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(base, v, 'bin')).find((b) => existsSync(join(b, 'initdb')));
  return found ?? (which('initdb') ? dirname(which('initdb') as string) : null);
})();

describe("`npm test`'s preparation with a browser and PostgreSQL's binaries on PATH", () => {
  it.skipIf(!pgBin)(
    'uses the browser and starts (then stops) a throwaway PostgreSQL',
    () => {
      const bin = cleanBin();
      const browsers = tempDir('tix-browser-');
      // The full Chromium and its headless shell: the lighter headless shell is taken.
      const chromium = join(browsers, 'chromium');
      const shell = join(browsers, 'chromium-headless-shell');
      for (const browser of [chromium, shell]) {
        writeFileSync(browser, '#!/bin/sh\necho "Chromium 1.0"\n');
        chmodSync(browser, 0o755);
      }
      const r = runReadmeCommand('npm test', ['--prepare-only'], cleanEnv(`${bin}:${browsers}:${pgBin}`));
      const lines = r.stdout.split('\n');
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(lines).toContain(`Browser for Playwright: ${shell} (on PATH)`);
      const url = lines
        .find((l) => l.startsWith('PostgreSQL for the server suite: '))
        ?.slice('PostgreSQL for the server suite: '.length);
      expect(url).toMatch(/^postgres:\/\/tix@127\.0\.0\.1:\d+\/postgres$/);
      // Stopped and removed when the run ended.
      const port = /:(\d+)\//.exec(url ?? '')?.[1];
      expect(existsSync(`/tmp/tix-pg-${port}`)).toBe(false);
    },
    90_000,
  );
});

describe('`npm start`', () => {
  function listen(server: Server): Promise<number> {
    return new Promise((resolve) =>
      server.listen(0, () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
  }

  it('on a busy port says so in one line, before building anything', async () => {
    expect(quickStartCommands()).toContain('npm start');
    const busy = createServer();
    const port = await listen(busy);
    try {
      const [cmd, ...args] = (pkg.scripts.start ?? '').split(' ');
      const child = spawn(cmd as string, args, {
        cwd: root,
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toEqual([
        `port ${port} is in use; set PORT (e.g. PORT=${port + 1} npm start)`,
      ]);
      // The README quotes the same line for the default port.
      expect(quickStart).toContain('`port 8080 is in use; set PORT (e.g. PORT=8081 npm start)`');
    } finally {
      busy.close();
    }
  });

  it('does not rebuild for what `npm run machines:export` wrote', () => {
    expect(pkg.scripts['machines:export']).toContain('scripts/export-machines.ts');
    const exporter = readFileSync(join(root, 'scripts/export-machines.ts'), 'utf8');
    expect(exporter).toContain("join(import.meta.dirname, '..', 'machines', 'export')");
    const fake = tempDir('tix-build-state-');
    const at = (rel: string, seconds: number, text = '') => {
      const path = join(fake, rel);
      mkdirSync(dirname(path), { recursive: true });
      if (!existsSync(path)) writeFileSync(path, text);
      utimesSync(path, seconds, seconds);
    };
    const reason = () => {
      const r = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { rebuildReason } from ${JSON.stringify(join(root, 'scripts/build-state.mjs'))};
           console.log(JSON.stringify(rebuildReason(${JSON.stringify(fake)})));`,
        ],
        { encoding: 'utf8', env: { ...process.env, TIX_STORIES: '', VITE_STORIES: '' } },
      );
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as string | null;
    };
    at('machines/cart/cart.ts', 1_000);
    at('dist/index.html', 2_000);
    at('machines/cart', 1_000);
    at('machines', 1_000);
    expect(reason()).toBeNull();
    // The export: a new folder under machines/ and files in it, all newer than the build.
    at('machines/export/cart.json', 3_000, '{}');
    at('machines/export', 3_000);
    utimesSync(join(fake, 'machines'), 3_000, 3_000);
    expect(reason()).toBeNull();
    // A real source change still rebuilds.
    at('machines/cart/cart.ts', 4_000);
    expect(reason()).toBe('machines changed since the last build');
  });
});
