/** Real server processes (`server/main.ts`) for the multi-process and restart tests, on loopback only. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { SELLER } from './helpers';

const root = join(import.meta.dirname, '../..');

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** API calls of this process for another seller. */
  callAs: (sellerId: string) => ServerProcess['call'];
  // biome-ignore lint/suspicious/noExplicitAny: responses are inspected loosely
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** What the process printed so far (stdout and stderr, the last 20,000 characters). */
  logs: () => string;
}

/** Starts `tsx server/main.ts` on a free port; resolves when it listens. */
export function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  // Node itself with the tsx loader (not the tsx wrapper): the pid is the server's, so SIGKILL reaches it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', NODE_ENV: 'test', DIST_DIR: join(root, 'no-dist'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let logs = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
    logs = (logs + d.toString()).slice(-20_000);
  });
  child.stdout?.on('data', (d: Buffer) => {
    logs = (logs + d.toString()).slice(-20_000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 60_000);
    let out = '';
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${err}`));
    });
    // Keep draining stdout (one log line per request), or the child blocks on a full pipe.
    child.stdout?.on('data', (d: Buffer) => {
      if (out === null) return;
      out += d.toString();
      const m = /listening on port (\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      out = null as unknown as string;
      const port = Number(m[1]);
      const callAs = (sellerId: string) => async (method: string, path: string, body?: unknown) => {
        const sep = path.includes('?') ? '&' : '?';
        const res = await fetch(`http://127.0.0.1:${port}/api/${path}${sep}seller_id=${sellerId}`, {
          method,
          headers: {
            'Tix-App': 'ecomm',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : null };
      };
      const call = callAs(SELLER);
      const kill = (signal: NodeJS.Signals = 'SIGTERM') =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      resolve({ port, child, call, callAs, kill, logs: () => logs });
    });
  });
}

/** A fresh database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function freshDatabase(adminUrl: string) {
  const name = `tix_proc_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
