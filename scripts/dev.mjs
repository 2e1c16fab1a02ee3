#!/usr/bin/env node
// `npm run dev`: the reference server (API only, port API_PORT, default 8787, restarted on change) plus Vite
// with hot reload (port VITE_PORT, default 5173), which proxies /api and /cached to it and injects the server's
// runtime configuration into index.html. When both are up it prints the one address to open, the storefront
// under the seller's slug on Vite's port, on a line of its own. The server's own storefront address (it
// serves no SPA in development) and Vite's banner are left out: neither is the page to open.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createServer } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? '8787';
process.env.API_PORT = apiPort; // read by vite.config.ts (the proxy and the runtime configuration)

/** Vite's port once it listens; until then the demo visitor's order links wait in `pendingOrders`. */
let storefrontPort = null;
const pendingOrders = [];
/** A demo order's manage link (server/seed/demo-orders.ts) points at the API server: shown on Vite's port. */
const orderLine = (line) => {
  const order = /^\[server\] {3}order (\S+): https?:\/\/localhost:\d+(\/\S*)$/.exec(line);
  if (order) return (port) => `[server]   order ${order[1]}: http://localhost:${port}${order[2]}`;
  return line.startsWith("[server] the demo visitor's orders to manage") ? () => line : null;
};

/** The server's start-up lines, as dev mode should show them (null: left out). */
function serverLine(line) {
  const order = orderLine(line);
  if (order) {
    if (storefrontPort !== null) return order(storefrontPort);
    pendingOrders.push(order);
    return null;
  }
  const listening = /^Storefront \((\w+)\) listening on port (\d+)$/.exec(line);
  if (listening)
    return `API server (${listening[1]}) on http://127.0.0.1:${listening[2]} (Vite proxies to it)`;
  if (/^https?:\/\/localhost:\d+\/[^/\s]*\/?$/.test(line)) return null;
  return line;
}

let serverUp;
const serverReady = new Promise((resolve) => {
  serverUp = resolve;
});
const server = spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
});
createInterface({ input: server.stdout }).on('line', (line) => {
  const shown = serverLine(line);
  if (shown !== null) console.info(shown);
  if (shown?.startsWith('API server')) serverUp();
});

const vitePort = process.env.VITE_PORT;
const vite = await createServer({
  root,
  clearScreen: false,
  // An explicit VITE_PORT is kept (a test or a second checkout relies on it); the default may move on.
  server: vitePort ? { port: Number(vitePort), strictPort: true } : {},
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await vite.close().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
server.on('exit', (code) => stop(code ?? 0));

try {
  await vite.listen();
} catch (error) {
  console.error(`Vite could not start: ${error.message}`);
  await stop(1);
}
await serverReady;
const config = await fetch(`http://127.0.0.1:${apiPort}/__config`)
  .then((response) => response.json())
  .catch(() => null);
const address = vite.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : Number(vitePort ?? 5173);
const slug = config?.slug ?? 'demo-museum';
console.info(`\nStorefront (development, hot reload): open\n\nhttp://localhost:${port}/${slug}/\n`);
storefrontPort = port;
for (const order of pendingOrders.splice(0)) console.info(order(port));
