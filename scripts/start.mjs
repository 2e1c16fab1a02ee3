#!/usr/bin/env node
// `npm start`: build the SPA when it is missing, older than its sources or of the other flavour (the production
// build leaves the story viewer out unless TIX_STORIES=1 or VITE_STORIES=on; see flavour.mjs), then start the
// reference server (embedded database, demo seller). Honours PORT, DATABASE_URL and DATA_DIR.
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

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
