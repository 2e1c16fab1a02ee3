import { createApp } from '../../server/app';
import type { DbHandle } from '../../server/db';
import { DEMO_SELLER_ID, demoIds } from '../../server/seed/demo';
import { SEED_NOW, seededDb } from './seeded-db';

export const SELLER = DEMO_SELLER_ID;
export const GA = demoIds.event('general-admission');
export const PLANETARIUM = demoIds.event('planetarium');
export const GARDEN = demoIds.event('sculpture-garden');
export const LECTURE = demoIds.event('lecture-restoration');
export const GA_ADULT = demoIds.type('general-admission', 'Adult');
export const GA_CHILD = demoIds.type('general-admission', 'Child');
export const GA_SENIOR = demoIds.type('general-admission', 'Senior');
export const PLANETARIUM_ADULT = demoIds.type('planetarium', 'Adult');
/** 2026-11-21 10:00 in New York: the seed's instant. */
export const START = SEED_NOW;
export const TZ = 'America/New_York';

export interface TestServer {
  handle: DbHandle;
  app: ReturnType<typeof createApp>;
  clock: { now: number };
  call: (method: string, path: string, opts?: CallOptions) => Promise<Response>;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely, then parsed with the wire schemas
  json: <T = any>(
    method: string,
    path: string,
    opts?: CallOptions,
  ) => Promise<{ status: number; body: T; res: Response }>;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  noHeader?: boolean;
  noSeller?: boolean;
  prefix?: string;
}

export async function startTestServer(
  options: {
    distDir?: string;
    production?: boolean;
    members?: Parameters<typeof createApp>[0]['members'];
    /** The app's payment gateway (default: the sandbox); built over the test database. */
    gateway?: (db: DbHandle['db'], now: () => number) => Parameters<typeof createApp>[0]['gateway'];
    applePayDomainAssociation?: string | null;
    /** The sellers' Apple Wallet pass certificates by slug (server/wallet/config.ts). */
    walletPasses?: Parameters<typeof createApp>[0]['walletPasses'];
    /** Serve the e2e suite's `/__test/sellers` routes (server/seed/test-sellers.ts). */
    testSellers?: boolean;
  } = {},
): Promise<TestServer> {
  // Seeded at START (tests/server/seeded-db.ts: built once per run, a copy for each file).
  const handle = await seededDb();
  const clock = { now: START };
  const app = createApp({
    db: handle.db,
    now: () => clock.now,
    distDir: options.distDir,
    production: options.production,
    members: options.members,
    applePayDomainAssociation: options.applePayDomainAssociation,
    walletPasses: options.walletPasses,
    ...(options.testSellers ? { testSellers: true } : {}),
    ...(options.gateway ? { gateway: options.gateway(handle.db, () => clock.now) } : {}),
  });
  const call = (method: string, path: string, opts: CallOptions = {}) => {
    const params = new URLSearchParams(opts.query ?? {});
    if (!opts.noSeller) params.set('seller_id', SELLER);
    const qs = params.toString();
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (!opts.noHeader) headers['Tix-App'] = 'ecomm';
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return Promise.resolve(
      app.request(`${opts.prefix ?? '/api/'}${path}${qs ? `?${qs}` : ''}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      }),
    );
  };
  const json = async (method: string, path: string, opts: CallOptions = {}) => {
    const res = await call(method, path, opts);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, res };
  };
  return { handle, app, clock, call, json };
}

/** Ids of bookable General Admission sessions on a venue date. */
export async function gaSessions(s: TestServer, date: string) {
  const r = await s.json('GET', `events/${GA}/sessions`, { query: { _ondate: date } });
  return r.body.event_session._data as Array<{ id: string; start_datetime: string; sold_out: boolean }>;
}
