/**
 * Several server processes on one PostgreSQL (a venue behind a load balancer), and restarts after SIGKILL.
 * No correctness depends on process memory: holds, expiry, payment attempts and idempotency keys live in the
 * database. The multi-process tests need TEST_DATABASE_URL; the PGlite restart test runs without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db';
import * as t from '../../server/schema';
import { dayjs } from '../../server/util';
import { GA, GA_ADULT, GA_CHILD, TZ } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';
import { freshDatabase, type ServerProcess, startProcess } from './process-helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
const PURCHASER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const venueDate = (daysAhead: number) => dayjs().tz(TZ).add(daysAhead, 'day').format('YYYY-MM-DD');

async function sessionsOn(p: ServerProcess, daysAhead: number) {
  const r = await p.call('GET', `events/${GA}/sessions?_ondate=${venueDate(daysAhead)}`);
  expect(r.status).toBe(200);
  return r.body.event_session._data as Array<{ id: string }>;
}

async function cartFor(p: ServerProcess, sessionId: string, types = [GA_ADULT, GA_CHILD]) {
  const r = await p.call('POST', 'my/cart/modify', {
    add: types.map((ticket_type_id) => ({ event_session_id: sessionId, ticket_type_id })),
  });
  expect(r.status).toBe(200);
  const id = r.body.cart._data[0].id as string;
  expect((await p.call('POST', `cart/${id}/purchaser`, PURCHASER)).status).toBe(200);
  return { id, amount: r.body.cart_fees._data[0].grand_totals.total_outstanding as string };
}

const payBody = (amount: string) => ({
  amount,
  gateway_id: 'stripe',
  gateway_data: { source: 'pm_card_visa' },
});

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let handle: DbHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let baseline: Map<string, number>;

  beforeAll(async () => {
    db = await freshDatabase(adminUrl as string);
    [a, b] = await Promise.all([
      startProcess({ DATABASE_URL: db.url }),
      startProcess({ DATABASE_URL: db.url }),
    ]);
    handle = await createDb({ databaseUrl: db.url, poolMax: 2 });
    baseline = await capacityBaseline(handle.db);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await handle?.close();
    await db?.drop();
  });

  it('200 reserves across both processes at 10 places: exactly 10', async () => {
    const [session] = await sessionsOn(a, 4);
    const id = session?.id as string;
    const [row] = await handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, id));
    await handle.db
      .update(t.eventSession)
      .set({ usedCapacity: (row?.capacity as number) - 10 })
      .where(eq(t.eventSession.id, id));
    baseline = await capacityBaseline(handle.db);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? a : b).call('POST', 'my/cart/modify', {
          add: [{ event_session_id: id, ticket_type_id: GA_ADULT }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(190);
    expect(await ledgerProblems(handle.db, baseline)).toEqual([]);
  }, 60_000);

  it('50 pays of one cart across both processes: one order, one charge', async () => {
    const [session] = await sessionsOn(a, 5);
    const cart = await cartFor(a, session?.id as string);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).call('POST', `cart/${cart.id}/pay`, payBody(cart.amount)),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body._data[0]).toMatchObject({ _code: 'cart_booked' });
    const charges = await handle.db.select().from(t.gatewayCharge).where(eq(t.gatewayCharge.cartId, cart.id));
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    expect(await ledgerProblems(handle.db, baseline)).toEqual([]);
  }, 60_000);

  it('pay on one process racing modify on the other: the order matches what was paid', async () => {
    const sessions = await sessionsOn(b, 6);
    for (let i = 0; i < 16; i++) {
      const sessionId = sessions[i % sessions.length]?.id as string;
      const cart = await cartFor(b, sessionId);
      const change =
        i % 2
          ? { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] }
          : { remove: [] as string[] };
      if (!(i % 2)) {
        const doc = await b.call('GET', `my/cart/${cart.id}`);
        change.remove = [doc.body.ticket._data[0].id];
      }
      const [p, m] = await Promise.all([
        a.call('POST', `cart/${cart.id}/pay`, payBody(cart.amount)),
        b.call('POST', `my/cart/${cart.id}/modify`, change),
      ]);
      expect(p.status === 200 && m.status === 200).toBe(false);
      if (p.status !== 200) await b.call('DELETE', `cart/${cart.id}`);
    }
    expect(await ledgerProblems(handle.db, baseline)).toEqual([]);
  }, 60_000);

  it('an order acknowledged before SIGKILL is there after restart; nothing half-written', async () => {
    const [session] = await sessionsOn(a, 7);
    const carts = [];
    for (let i = 0; i < 12; i++) carts.push(await cartFor(a, session?.id as string, [GA_CHILD]));
    const acknowledged: string[] = [];
    let first: () => void = () => {};
    const firstAck = new Promise<void>((r) => {
      first = r;
    });
    const pays = carts.map((c) =>
      a
        .call('POST', `cart/${c.id}/pay`, payBody(c.amount))
        .then((r) => {
          if (r.status === 200) {
            acknowledged.push(r.body.ticket_order._data[0].id);
            first();
          }
        })
        .catch(() => {}),
    );
    await firstAck;
    await a.kill('SIGKILL');
    await Promise.all(pays);
    expect(acknowledged.length).toBeGreaterThan(0);
    a = await startProcess({ DATABASE_URL: db.url });
    for (const orderId of acknowledged) {
      const r = await a.call('GET', `ticket_order/${orderId}`);
      expect(r.status).toBe(200);
      expect(r.body.ticket._data.map((k: { state: string }) => k.state)).toEqual(['booked']);
    }
    // Attempts cut off by the kill stay `paying` until their lease runs out; then a retry replays the same
    // idempotency key (the gateway does not charge twice) and completes.
    await handle.db.execute(
      sql`update cart set pay_started_at = pay_started_at - interval '2 minutes' where state = 'paying'`,
    );
    for (const c of carts) {
      const r = await b.call('POST', `cart/${c.id}/pay`, payBody(c.amount));
      expect([200, 409]).toContain(r.status);
    }
    expect(await ledgerProblems(handle.db, baseline)).toEqual([]);
    const states = await handle.db.select({ state: t.cart.state }).from(t.cart);
    expect(states.filter((s) => s.state === 'paying')).toEqual([]);
  }, 120_000);
});

// PGlite only: the PostgreSQL run of the suite has its own restart test above.
describe.skipIf(adminUrl)('restart on PGlite', () => {
  it('an order acknowledged before SIGKILL is there after restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tix-pglite-'));
    try {
      let p = await startProcess({ DATA_DIR: dir });
      const [session] = await sessionsOn(p, 4);
      const cart = await cartFor(p, session?.id as string);
      const paid = await p.call('POST', `cart/${cart.id}/pay`, payBody(cart.amount));
      expect(paid.status).toBe(200);
      const orderId = paid.body.ticket_order._data[0].id as string;
      await p.kill('SIGKILL');
      p = await startProcess({ DATA_DIR: dir });
      try {
        const r = await p.call('GET', `ticket_order/${orderId}`);
        expect(r.status).toBe(200);
        expect(r.body.ticket._data).toHaveLength(2);
      } finally {
        await p.kill();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
