#!/usr/bin/env node
// `npm run bench:api`: a load benchmark of the reference server (not a test). Starts `server/main.ts` on PGlite
// and, when a PostgreSQL URL is available (BENCH_DATABASE_URL or TEST_DATABASE_URL, a user that may create
// databases), on a fresh PostgreSQL database; drives it with autocannon at BENCH_CONNECTIONS (50) for
// BENCH_SECONDS (20) per scenario; prints req/s and p50/p95/p99 latency per scenario and database.
// Scenarios: GET events/available (the listing), the same with the listing's embeds, and reserve
// (POST my/cart/modify, one ticket, spread over the sessions of the next weeks so nothing sells out).
// Only valid requests are sent: reserve lines are of ticket types a probe reserve accepted (not seated
// groups, which need a seat), on sessions with places left. req/s and the latencies count 2xx answers only;
// any other answer is reported apart (`failed`, by status) and is a fault of the benchmark or the server.
// BENCH_SCENARIOS=reserve (comma-separated names) runs only some; BENCH_CPU_PROF=<dir> writes V8 CPU profiles
// of the server there (node --cpu-prof) when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = process.env.BENCH_DB; // pglite | postgresql
// Comma-separated scenario names to run (listing, listing+embeds, reserve); default all.
const onlyScenarios = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
// A folder for V8 CPU profiles of the server (node --cpu-prof), written when it stops.
const cpuProfDir = process.env.BENCH_CPU_PROF;

function startServer(env) {
  // Node itself with the tsx loader (not the tsx wrapper): the pid is the server's, so SIGKILL reaches it.
  const profile = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_REQUESTS: '0', NODE_ENV: 'production', TIX_DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (d) => {
      if (out === null) return;
      out += d.toString();
      const m = /listening on port (\d+)/.exec(out);
      if (m) {
        out = null;
        child.removeAllListeners('exit');
        resolve({ child, port: Number(m[1]) });
      }
    });
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * Runs autocannon. Successes (2xx) and failures are counted apart: `ok` and `okPerSecond` count 2xx answers
 * only, and the latency percentiles are of 2xx answers (autocannon has no p95, and its own averages count
 * every answer); `failed` counts the other answers by status.
 */
function run(opts) {
  return new Promise((resolve, reject) => {
    const times = [];
    const failed = {};
    const instance = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      const pct = (p) =>
        times.length
          ? Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))])
          : null;
      const seconds = (new Date(res.finish) - new Date(res.start)) / 1000 || res.duration;
      resolve({
        ...res,
        ok: times.length,
        okPerSecond: Math.round(times.length / seconds),
        failed,
        pct: { p50: pct(50), p95: pct(95), p99: pct(99) },
      });
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
      else failed[status] = (failed[status] ?? 0) + 1;
    });
  });
}

async function request(port, path, sellerId, init = {}) {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`http://127.0.0.1:${port}${path}${sep}seller_id=${sellerId}`, {
    ...init,
    headers: { 'Tix-App': 'ecomm', 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await res.json() };
}

const json = async (port, path, sellerId, init) => (await request(port, path, sellerId, init)).body;

/** One ticket of `line` in a new cart, then the cart discarded: does the server accept such a reserve? */
async function probeReserve(port, sellerId, line) {
  const r = await request(port, '/api/my/cart/modify', sellerId, {
    method: 'POST',
    body: JSON.stringify({ add: [line] }),
  });
  const cart = r.body?.cart?._data?.[0]?.id;
  if (cart) await request(port, `/api/cart/${cart}`, sellerId, { method: 'DELETE' });
  return r.status >= 200 && r.status < 300 ? null : `${r.status} ${r.body?._data?.[0]?._code ?? ''}`;
}

async function bench(label, env) {
  const { child, port } = await startServer(env);
  const results = [];
  try {
    const cfg = await (await fetch(`http://127.0.0.1:${port}/__config?slug=demo-museum`)).json();
    const seller = cfg.sellerId;
    const events = await json(port, '/api/events/available?_embed=ticket_group,ticket_type', seller);
    // Every repeating event's sessions of the next weeks, so that nothing sells out at over 1000 reserves/s
    // (General Admission alone has about 23,000 places in 45 days).
    const repeating = events.event_template._data.filter((e) => e.event_type === 'repeating');
    const from = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const to = new Date(Date.now() + 58 * 24 * 3600 * 1000).toISOString();
    // Ticket groups sold without a seat (a seated group's line needs handler_data naming a seat).
    const plainGroups = new Set(
      events.ticket_group._data.filter((g) => g.handler !== 'seated').map((g) => g.id),
    );
    const lines = [];
    for (const ev of repeating.length ? repeating : events.event_template._data.slice(0, 1)) {
      const type = events.ticket_type._data.find(
        (ty) => ty.event_template_id === ev.id && plainGroups.has(ty.ticket_group_id),
      );
      if (!type) {
        console.info(`reserve: skipping ${ev.name} (no ticket type sold without a seat)`);
        continue;
      }
      const sessions = await json(
        port,
        `/api/events/${ev.id}/sessions?start_datetime._gte=${encodeURIComponent(from)}&start_datetime._lt=${encodeURIComponent(to)}`,
        seller,
      );
      // Places left, not capacity: the seed sells some sessions out (or nearly).
      const open = sessions.event_session._data
        .map((s) => ({
          id: s.id,
          left: s.capacity + s.oversell_capacity - s.used_capacity,
          soldOut: s.sold_out,
        }))
        .filter((s) => !s.soldOut && s.left >= 20);
      if (!open.length) continue;
      const refused = await probeReserve(port, seller, {
        event_session_id: open[0].id,
        ticket_type_id: type.id,
      });
      if (refused) {
        console.info(`reserve: skipping ${ev.name} (a probe reserve answered ${refused})`);
        continue;
      }
      for (const s of open) lines.push({ event_session_id: s.id, ticket_type_id: type.id, places: s.left });
    }
    if (!lines.length) throw new Error('reserve: no ticket type and session accepted a reserve');
    // Spread by places left: a session with twice the places gets twice the share, so that no session sells
    // out before the others (one share per 20 places left; sessions with fewer are left out).
    const line = [];
    for (const l of lines)
      for (let k = 0; k < Math.floor(l.places / 20); k++)
        line.push({ event_session_id: l.event_session_id, ticket_type_id: l.ticket_type_id });
    const headers = { 'Tix-App': 'ecomm', 'Content-Type': 'application/json' };
    const base = `http://127.0.0.1:${port}`;
    // The listing's embeds, as the storefront asks for them (api/events.ts).
    const embeds = 'hidden_type._in=public_browsable&_embed=meta,config,venue,ticket_type,ticket_group';
    // The cart embeds and config keys the storefront asks for (api/cart.ts).
    const cartQuery =
      '_embed=identity,ticket,ticket_type,ticket_group,event_session,event_template,venue,config,meta,' +
      'scheduled_payment,seller,cart_fees,ticket_order&config.key._in=image,web.session_picker_tabs&_limit=1000';
    const scenarios = [
      ['listing', { url: `${base}/cached/api/events/available?seller_id=${seller}`, headers }],
      [
        'listing+embeds',
        { url: `${base}/cached/api/events/available?seller_id=${seller}&${embeds}`, headers },
      ],
      [
        'reserve',
        (() => {
          let i = 0;
          return {
            url: `${base}/api/my/cart/modify?seller_id=${seller}&${cartQuery}`,
            method: 'POST',
            headers,
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  body: JSON.stringify({ add: [line[i++ % line.length]] }),
                }),
              },
            ],
          };
        })(),
      ],
    ];
    for (const [name, opts] of scenarios) {
      if (onlyScenarios && !onlyScenarios.includes(name)) continue;
      // A short warm-up (JIT, connection pools), then the measured run.
      await run({ ...opts, duration: Math.min(3, SECONDS) });
      const r = await run(opts);
      results.push({
        db: label,
        scenario: name,
        // 2xx answers per second; failures are not throughput.
        'req/s': r.okPerSecond,
        ...r.pct,
        ok: r.ok,
        // e.g. { 409: 3 }: answers other than 2xx, by status (none expected)
        failed: r.failed,
        errors: r.errors + r.timeouts,
      });
      console.info(JSON.stringify(results.at(-1)));
    }
  } finally {
    await stop(child);
  }
  return results;
}

const all = [];
if (!only || only === 'pglite') {
  const dir = mkdtempSync(join(tmpdir(), 'tix-bench-'));
  try {
    all.push(...(await bench('pglite', { DATA_DIR: dir })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if ((!only || only === 'postgresql') && pgAdmin) {
  const name = `tix_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  try {
    all.push(
      ...(await bench('postgresql', {
        DATABASE_URL: url.toString(),
        PG_POOL_MAX: process.env.PG_POOL_MAX ?? '10',
      })),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else if (!pgAdmin)
  console.info('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (scripts/pg-test.sh start).');

console.info(
  `\n${CONNECTIONS} connections, ${SECONDS} s per scenario; req/s and latency (ms) of 2xx answers only`,
);
console.info('database    scenario         req/s    p50    p95    p99        ok  failed  errors');
for (const r of all) {
  const failed = Object.values(r.failed).reduce((a, b) => a + b, 0);
  console.info(
    `${r.db.padEnd(11)} ${r.scenario.padEnd(15)} ${String(r['req/s']).padStart(6)} ${String(r.p50).padStart(6)} ${String(r.p95).padStart(6)} ${String(r.p99).padStart(6)} ${String(r.ok).padStart(9)} ${String(failed).padStart(7)} ${String(r.errors).padStart(7)}${failed ? `  ${JSON.stringify(r.failed)}` : ''}`,
  );
}
