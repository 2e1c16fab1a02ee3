#!/usr/bin/env node
// `npm run dev`: the reference server (API only, port API_PORT, default 8787) plus Vite with hot reload,
// which proxies /api and /cached to it and injects the server's runtime configuration into index.html.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? '8787';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
