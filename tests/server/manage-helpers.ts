/**
 * Order self-service helpers shared by the manage and reschedule tests: a guest books free workshop tickets
 * through the API (the confirmation email's manage token read from the outbox), the order's manage calls.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as t from '../../server/schema';
import { demoIds } from '../../server/seed/demo';
import type { TestServer } from './helpers';
import { outbox } from './members-helpers';

export const WORKSHOP = demoIds.event('family-workshop');
export const WORKSHOP_ADULT = demoIds.type('family-workshop', 'Adult');
export const WORKSHOP_CHILD = demoIds.type('family-workshop', 'Child');

export interface Bought {
  orderId: string;
  orderNumber: string;
  ticketIds: string[];
  token: string;
  sessionId: string;
  email: string;
}

/** The helpers, on the test server `server()` returns (started in the file's beforeAll). */
export function manageHelpers(server: () => TestServer) {
  let buyer = 0;
  async function workshopSession(date: string) {
    const s = server();
    const r = await s.json('GET', `events/${WORKSHOP}/sessions`, { query: { _ondate: date } });
    expect(r.status).toBe(200);
    const session = r.body.event_session._data[0] as { id: string; start_datetime: string };
    expect(session).toBeDefined();
    return session;
  }

  const usedOf = async (sessionId: string) =>
    (await server().handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, sessionId)))[0]
      ?.usedCapacity;

  /** A guest books workshop tickets (free in the seed) on `date`; the order, its tickets and the email's token. */
  async function buyFree(
    date = '2026-12-04',
    types = [WORKSHOP_ADULT, WORKSHOP_ADULT, WORKSHOP_CHILD],
    /** What the order costs, paid by the sandbox's test card (default free). */
    amount = '0.00',
  ) {
    const s = server();
    const session = await workshopSession(date);
    const email = `free.${++buyer}@example.com`;
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: types.map((ticket_type_id) => ({ event_session_id: session.id, ticket_type_id })) },
    });
    expect(r.status).toBe(200);
    const cartId = r.body.cart._data[0].id as string;
    const p = await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Fran', last_name: 'Free', email },
    });
    expect(p.status).toBe(200);
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body:
        amount === '0.00'
          ? { amount, gateway_id: 'free' }
          : { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      query: { _embed: 'ticket_order' },
    });
    expect(paid.status).toBe(200);
    const order = paid.body.ticket_order._data[0] as { id: string; order_number: string };
    const tickets = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, order.id));
    const mail = (await outbox(s)).find((m) => m.to === email);
    const link = mail ? new RegExp(`/manage/${order.id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body) : null;
    expect(link?.[1]).toBeTruthy();
    return {
      orderId: order.id,
      orderNumber: order.order_number,
      ticketIds: tickets.map((k) => k.id).sort(),
      token: link?.[1] as string,
      sessionId: session.id,
      email,
    } satisfies Bought;
  }

  /** POST ticket_order/{id}/cancel with the order's token, another token, or none (null). */
  const cancel = (order: Bought, tickets: string[], token: string | null = order.token) =>
    server().json('POST', `ticket_order/${order.orderId}/cancel`, {
      body: { gateway_data: {}, tickets, ...(token === null ? {} : { token }) },
    });
  return { workshopSession, usedOf, buyFree, cancel };
}
