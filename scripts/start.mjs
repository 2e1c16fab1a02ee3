#!/usr/bin/env node
// `npm start`: say so and stop when PORT (default 8080) is taken; build the SPA when it is missing, older than its
// sources or of the other flavour (build-state.mjs; the production build leaves the story viewer out unless
// TIX_STORIES=1 or VITE_STORIES=on, see flavour.mjs), then start the reference server (embedded database) in
// production mode as the demo: TIX_DEMO=1 seeds the demo seller and runs the sandbox payment gateway (TIX_DEMO=0
// starts production without them). Honours PORT, DATABASE_URL and DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { rebuildReason } from './build-state.mjs';
import { productionBuildEnv } from './flavour.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 8080);

// A busy port is said in one line before the build (the server says the same if it loses a race for the port).
const portError = await new Promise((resolve) => {
  const probe = createServer();
  probe.once('error', (err) => resolve(err));
  probe.listen(port, () => probe.close(() => resolve(null)));
});
if (portError) {
  console.error(
    portError.code === 'EADDRINUSE'
      ? `port ${port} is in use; set PORT (e.g. PORT=${port + 1} npm start)`
      : `cannot listen on port ${port} (${portError.code ?? portError.message}); set PORT`,
  );
  process.exit(1);
}

const reason = rebuildReason(root);
if (reason) {
  console.info(`Building the storefront (${reason})…`);
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
