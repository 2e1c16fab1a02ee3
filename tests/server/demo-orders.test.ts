/**
 * The demo visitor's orders (issue 24, "Seed and proof"; server/seed/demo-orders.ts): with the demo, booked orders
 * of the demo seller to try the manage page on: free Workshop tickets to cancel, a paid Workshop ticket to
 * reschedule, an order of two sessions; their manage links (the confirmation emails' links, signed) open the
 * order; bought once while current; never for another seller (a test seller, a production venue: `seed()` makes
 * none; server/main.ts buys them only with the demo, tests/server/production.test.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/schema';
import { demoIds, seed } from '../../server/seed/demo';
import { DEMO_VISITOR, seedDemoOrders } from '../../server/seed/demo-orders';
import { startTestServer, type TestServer } from './helpers';
import { outbox } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const ORIGIN = 'http://localhost:8080';
const make = () =>
  seedDemoOrders(s.app, {
    db: s.handle.db,
    ids: demoIds,
    now: () => s.clock.now,
    origin: ORIGIN,
    sandbox: true,
  });

/** The order's booked tickets: event key, type name, venue day and time. */
async function ticketsOf(orderId: string) {
  const rows = await s.handle.db
    .select({ ticket: t.ticket, session: t.eventSession })
    .from(t.ticket)
    .innerJoin(t.eventSession, eq(t.eventSession.id, t.ticket.eventSessionId))
    .where(eq(t.ticket.ticketOrderId, orderId));
  const name = (id: string, names: string[]) =>
    names.find(
      (n) => id === demoIds.type('family-workshop', n) || id === demoIds.type('watercolour-workshop', n),
    );
  return rows
    .map(({ ticket, session }) => ({
      event: ticket.eventTemplateId === demoIds.event('family-workshop') ? 'family' : 'watercolour',
      type: name(ticket.ticketTypeId, ['Adult', 'Child']),
      state: ticket.state,
      cents: ticket.adjustedValueCents,
      start: new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(session.startAt),
    }))
    .sort((a, b) => `${a.start}${a.type}`.localeCompare(`${b.start}${b.type}`));
}

describe('the demo visitor’s orders', () => {
  it('books three orders for the demo visitor: free Workshop tickets to cancel, a paid one to reschedule, two sessions', async () => {
    const orders = await make();
    expect(orders.map((o) => o.kind)).toEqual(['cancel', 'reschedule', 'two_sessions']);
    const [cancel, reschedule, two] = orders.map((o) => o.orderId) as [string, string, string];
    // The seed's instant is 2026-11-21 10:00 in New York: 3, 4, 5 and 6 days ahead.
    expect(await ticketsOf(cancel)).toEqual([
      { event: 'family', type: 'Adult', state: 'booked', cents: 0, start: '2026-11-24, 11:00' },
      { event: 'family', type: 'Adult', state: 'booked', cents: 0, start: '2026-11-24, 11:00' },
      { event: 'family', type: 'Child', state: 'booked', cents: 0, start: '2026-11-24, 11:00' },
    ]);
    expect(await ticketsOf(reschedule)).toEqual([
      { event: 'watercolour', type: 'Adult', state: 'booked', cents: 2000, start: '2026-11-25, 10:00' },
    ]);
    expect(await ticketsOf(two)).toEqual([
      { event: 'family', type: 'Adult', state: 'booked', cents: 0, start: '2026-11-26, 11:00' },
      { event: 'family', type: 'Child', state: 'booked', cents: 0, start: '2026-11-27, 15:00' },
    ]);
    const owners = await s.handle.db
      .select({ email: t.identity.email, seller: t.ticketOrder.sellerId })
      .from(t.ticketOrder)
      .innerJoin(t.identity, eq(t.identity.id, t.ticketOrder.identityId))
      .where(inArray(t.ticketOrder.id, [cancel, reschedule, two]));
    expect(owners).toEqual(Array(3).fill({ email: DEMO_VISITOR.email, seller: demoIds.seller }));
  });

  it('each manage link is the confirmation email’s and its token opens the order (GET ticket_order, manage); the id alone does not', async () => {
    const orders = await make();
    const mails = (await outbox(s)).filter((m) => m.to === DEMO_VISITOR.email);
    for (const o of orders) {
      const link = new URL(o.link);
      expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/${demoIds.slug}/manage/${o.orderId}`);
      const token = link.searchParams.get('token') as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mails.some((m) => m.body.includes(o.link))).toBe(true);
      const read = await s.json('GET', `ticket_order/${o.orderId}`, { query: { token } });
      expect(read.status).toBe(200);
      expect(read.body.ticket_order._data[0]).toMatchObject({ id: o.orderId, order_number: o.orderNumber });
      expect(read.body.ticket_order._data[0].cart_id).not.toBeNull();
      const bare = await s.json('GET', `ticket_order/${o.orderId}`);
      expect(bare.body.ticket_order._data[0].cart_id).toBeNull();
      const manage = await s.json('POST', `ticket_order/${o.orderId}/manage`, { body: { token } });
      expect(manage.status).toBe(200);
      expect(manage.body.manage_access._data[0]).toMatchObject({ ticket_order_id: o.orderId, via: 'token' });
      expect((await s.json('POST', `ticket_order/${o.orderId}/manage`, { body: {} })).status).toBe(403);
    }
  });

  it('is bought once while current: a second start answers the same orders and buys nothing', async () => {
    const before = await s.handle.db.select({ id: t.ticketOrder.id }).from(t.ticketOrder);
    const again = await make();
    expect(again.map((o) => o.kind)).toEqual([null, null, null]);
    expect((await s.handle.db.select({ id: t.ticketOrder.id }).from(t.ticketOrder)).length).toBe(
      before.length,
    );
    // Once they are within a day, the next start buys a new set.
    s.clock.now += 7 * 86_400_000;
    const next = await make();
    expect(next.map((o) => o.kind)).toEqual(['cancel', 'reschedule', 'two_sessions']);
    s.clock.now -= 7 * 86_400_000;
  });

  it('another seller seeded from the demo (a test seller, a production venue) has none of them: seed() buys none', async () => {
    const other = await seed(s.handle.db, { slug: 'city-venue', now: () => s.clock.now });
    // (The seed's members have membership orders of their own; none is the demo visitor's.)
    const orders = await s.handle.db
      .select({ email: t.identity.email })
      .from(t.ticketOrder)
      .innerJoin(t.identity, eq(t.identity.id, t.ticketOrder.identityId))
      .where(eq(t.ticketOrder.sellerId, other.seller));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((o) => o.email === DEMO_VISITOR.email)).toEqual([]);
  });
});
