/**
 * Helpers of the manage e2e specs (issue 24): the emailed manage link, a workshop session's places taken, a guest's
 * free workshop order booked through the API, and where an order's first ticket is.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { sessionsOn, venueDay } from './date-first-helpers';
import { eventId, expect, type Seller } from './fixtures';
import { emailedLink } from './members';

/** The manage link (path and query) emailed to `to` for the newest order. */
export const manageLink = (request: APIRequestContext, seller: Seller, to: string) =>
  emailedLink(request, seller, to, /\/manage\/[0-9a-f-]{36}\?token=/);

/** Places taken of the workshop's (or the event `eventKey`'s) session `sessionId` on `date` (uncached API). */
export async function usedOf(
  page: Page,
  seller: Seller,
  date: string,
  sessionId: string,
  eventKey = 'family-workshop',
): Promise<number> {
  const all = await sessionsOn(page, eventId(seller, eventKey), date);
  const session = all.find((s) => s.id === sessionId);
  if (!session) throw new Error('no such session');
  return session.used_capacity;
}

/** A guest's free order of `n` Adult places, booked through the API (the phone test needs no browser purchase). */
export const bookFree = (
  request: APIRequestContext,
  seller: Seller,
  email: string,
  n: number,
  dayOffset = 3,
) => bookThroughApi(request, seller, email, { n, dayOffset });

/**
 * A guest's order of `n` Adult places of the event `eventKey` (default the free workshop) in the first session
 * `dayOffset` days out (or in the first session of each of several days: `n` places in each), booked through the
 * API: free, or paid with the sandbox's test card (`amount`).
 */
export async function bookThroughApi(
  request: APIRequestContext,
  seller: Seller,
  email: string,
  {
    n,
    dayOffset = 3,
    eventKey = 'family-workshop',
    amount = '0.00',
  }: { n: number; dayOffset?: number | number[]; eventKey?: string; amount?: string },
) {
  const api = (path: string, data: unknown) =>
    request.post(`/api/${path}?seller_id=${seller.id}`, { data, headers: { 'Tix-App': 'ecomm' } });
  const sessions: string[] = [];
  for (const offset of typeof dayOffset === 'number' ? [dayOffset] : dayOffset) {
    const res = await request.get(`/api/events/${eventId(seller, eventKey)}/sessions`, {
      params: { _ondate: venueDay(offset), seller_id: seller.id },
      headers: { 'Tix-App': 'ecomm' },
    });
    sessions.push(((await res.json()).event_session._data[0] as { id: string }).id);
  }
  const types = await request.get(`/api/events/${eventId(seller, eventKey)}`, {
    params: {
      _embed: 'ticket_type',
      'hidden_type._in': 'public_browsable,public_link_only',
      seller_id: seller.id,
    },
    headers: { 'Tix-App': 'ecomm' },
  });
  const adult = ((await types.json()).ticket_type._data as Array<{ id: string; name: string }>).find(
    (t) => t.name === 'Adult',
  );
  const cart = await api('my/cart/modify', {
    add: sessions.flatMap((id) =>
      Array.from({ length: n }, () => ({ event_session_id: id, ticket_type_id: adult?.id })),
    ),
  });
  expect(cart.ok()).toBe(true);
  const cartId = (await cart.json()).cart._data[0].id as string;
  expect((await api(`cart/${cartId}/purchaser`, { first_name: 'Pia', last_name: 'Phone', email })).ok()).toBe(
    true,
  );
  const pay =
    amount === '0.00'
      ? { amount, gateway_id: 'free' }
      : { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
  expect((await api(`cart/${cartId}/pay`, pay)).ok()).toBe(true);
}

/** The session id and venue date of an order's first ticket (the order's id read from its manage link). */
export async function firstTicketOf(page: Page, seller: Seller, link: string) {
  const orderId = /\/manage\/([0-9a-f-]{36})/.exec(link)?.[1] as string;
  const order = await page.request.get(`/api/ticket_order/${orderId}`, {
    params: { seller_id: seller.id, _embed: 'ticket,event_session' },
    headers: { 'Tix-App': 'ecomm' },
  });
  const body = await order.json();
  const sessionId = body.ticket._data[0].event_session_id as string;
  const start = body.event_session._data[0].start_datetime as string;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start));
  return { orderId, sessionId, date };
}
