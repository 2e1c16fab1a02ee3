#!/usr/bin/env node
// `npm start`: build the SPA when it is missing, older than its sources or of the other flavour (the production
// build leaves the story viewer out unless TIX_STORIES=1 or VITE_STORIES=on; see flavour.mjs), then start the
// reference server (embedded database) in production mode as the demo: TIX_DEMO=1 seeds the demo seller and runs
// the sandbox payment gateway (TIX_DEMO=0 starts production without them). Honours PORT, DATABASE_URL and DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtWithStories, productionBuildEnv, storiesWanted } from './flavour.mjs';

const root = new URL('..', import.meta.url).pathname;
const sources = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'api',
  'machines',
  'ui',
  'routes',
  'stories',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const built = join(root, 'dist', 'index.html');
const stale =
  !existsSync(built) ||
  sources.some((s) => newest(join(root, s)) > statSync(built).mtimeMs) ||
  builtWithStories(join(root, 'dist')) !== storiesWanted();
if (stale) {
  console.info('Building the storefront…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: productionBuildEnv(),
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const demo = process.env.TIX_DEMO ?? '1';
if (demo === '1')
  console.info(
    'Starting the demo (TIX_DEMO=1): the demo seller and sandbox payments (test cards only, nothing is charged)',
  );
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', TIX_DEMO: demo },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
