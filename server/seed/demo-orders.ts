/**
 * The demo visitor's orders (issue 24, "Seed and proof"): booked orders of the demo seller to try the manage page
 * on, made only with the demo (server/main.ts: outside production, or production with TIX_DEMO=1; never for
 * another seller, never by `seed()`, so test sellers and the recorded answers are unchanged). They are bought
 * through the API itself (reserve, purchaser, pay), so capacity, the order numbers and the confirmation emails
 * with their manage links are the real ones: the links are in the outbox (`GET /api/__outbox` in development)
 * and server/main.ts prints them at start.
 *
 * - Family Workshop (free, category Workshops): 2 Adult + 1 Child in 3 days at 11:00, to cancel;
 * - Watercolour Workshop: 1 Adult in 4 days at 10:00, paid with the sandbox's test card, to reschedule (an
 *   afternoon costs more, so the change goes through checkout); without the sandbox gateway (Stripe keys set) a
 *   free Family Workshop place in 4 days at 15:00 instead;
 * - Family Workshop on two days: 1 Adult in 5 days at 11:00 and 1 Child in 6 days at 15:00 (two sessions).
 *
 * Idempotent per process start: while one of the demo visitor's orders still has a booked ticket more than a day
 * ahead, nothing new is bought and the existing orders are answered; else a new set is bought.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { linkKey, manageLink, orderToken } from '../manage/token';
import * as t from '../schema';
import { dayjs } from '../util';
import type { SellerIds } from './demo';

/** The demo visitor's address: a guest, not a member (the edit-order page asks members to log out). */
export const DEMO_VISITOR = { first_name: 'Demo', last_name: 'Visitor', email: 'demo.visitor@example.com' };

/** What the demo visitor's orders are for, in the order they are bought. */
export type DemoOrderKind = 'cancel' | 'reschedule' | 'two_sessions';

export interface DemoOrder {
  kind: DemoOrderKind;
  orderId: string;
  orderNumber: string;
  /** The manage link with its signed token (what the confirmation email links to). */
  link: string;
}

/** An app to call (server/app.ts createApp's answer, or anything with its `request`). */
interface Requester {
  request: (url: string, init: RequestInit) => Response | Promise<Response>;
}

interface Options {
  db: Db;
  ids: SellerIds;
  now: () => number;
  /** The storefront origin of the emailed and printed links (PUBLIC_URL, else the server's own address). */
  origin: string;
  /** The key of order links (TIX_LINK_SECRET), else the database's. */
  linkSecret?: string;
  /** Whether paid orders may be bought (the sandbox gateway: test cards, nothing charged). */
  sandbox: boolean;
}

interface Line {
  event: string;
  type: string;
  daysAhead: number;
  time: string;
}

const ORDERS = (ids: SellerIds, sandbox: boolean): Array<{ kind: DemoOrderKind; lines: Line[] }> => {
  const family = (type: 'Adult' | 'Child', daysAhead: number, time: string): Line => ({
    event: ids.event('family-workshop'),
    type: ids.type('family-workshop', type),
    daysAhead,
    time,
  });
  return [
    {
      kind: 'cancel',
      lines: [family('Adult', 3, '11:00'), family('Adult', 3, '11:00'), family('Child', 3, '11:00')],
    },
    {
      kind: 'reschedule',
      lines: sandbox
        ? [
            {
              event: ids.event('watercolour-workshop'),
              type: ids.type('watercolour-workshop', 'Adult'),
              daysAhead: 4,
              time: '10:00',
            },
          ]
        : [family('Adult', 4, '15:00')],
    },
    { kind: 'two_sessions', lines: [family('Adult', 5, '11:00'), family('Child', 6, '15:00')] },
  ];
};

/** The demo visitor's orders that still have a booked ticket more than a day ahead. */
async function currentOrders(options: Options): Promise<Array<{ id: string; orderNumber: string }>> {
  const { db, ids, now } = options;
  const rows = await db
    .selectDistinct({
      id: t.ticketOrder.id,
      orderNumber: t.ticketOrder.orderNumber,
      createdAt: t.ticketOrder.createdAt,
    })
    .from(t.ticketOrder)
    .innerJoin(t.identity, eq(t.identity.id, t.ticketOrder.identityId))
    .innerJoin(t.ticket, eq(t.ticket.ticketOrderId, t.ticketOrder.id))
    .innerJoin(t.eventSession, eq(t.eventSession.id, t.ticket.eventSessionId))
    .where(
      and(
        eq(t.ticketOrder.sellerId, ids.seller),
        eq(t.identity.email, DEMO_VISITOR.email),
        inArray(t.ticket.state, ['booked']),
        gt(t.eventSession.startAt, new Date(now() + 86_400_000)),
      ),
    );
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Buys the demo visitor's orders when none is current (see the file's comment) and answers the current ones with
 * their manage links; `kind` is known for the ones bought now (null for earlier ones).
 */
export async function seedDemoOrders(
  app: Requester,
  options: Options,
): Promise<Array<Omit<DemoOrder, 'kind'> & { kind: DemoOrderKind | null }>> {
  const { db, ids, origin } = options;
  const key = await linkKey(db, options.linkSecret);
  const linkOf = (orderId: string) =>
    manageLink(origin, ids.slug, orderId, orderToken(key, 'manage', orderId));
  const existing = await currentOrders(options);
  if (existing.length)
    return existing.map((o) => ({
      kind: null,
      orderId: o.id,
      orderNumber: o.orderNumber,
      link: linkOf(o.id),
    }));

  const [seller] = await db.select().from(t.seller).where(eq(t.seller.id, ids.seller)).limit(1);
  if (!seller) throw new Error('demo orders: the demo seller is not seeded');
  const call = async (method: string, path: string, body?: unknown) => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await app.request(`${origin}/api/${path}${sep}seller_id=${ids.seller}`, {
      method,
      headers: { 'Tix-App': 'ecomm', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: the API's own answers, read loosely
    const json: any = text ? JSON.parse(text) : null;
    if (res.status !== 200)
      throw new Error(`demo orders: ${method} ${path.split('?')[0]} answered ${res.status}`);
    return json;
  };
  const sessionOf = async (line: Line) => {
    const day = dayjs(options.now()).tz(seller.timezone).add(line.daysAhead, 'day').format('YYYY-MM-DD');
    const r = await call('GET', `events/${line.event}/sessions?_ondate=${day}`);
    const sessions = r.event_session._data as Array<{ id: string; start_datetime: string }>;
    const session = sessions.find(
      (x) => dayjs(x.start_datetime).tz(seller.timezone).format('HH:mm') === line.time,
    );
    if (!session) throw new Error(`demo orders: no ${line.time} session on ${day}`);
    return session.id;
  };

  // The demo seller asks guests for the sandbox captcha (issue 23): each payment answers it as a visitor would
  // (`POST sandbox/captcha`, served only where the sandbox captcha is); no token where there is none.
  const sandboxCaptcha = async (): Promise<{ provider: string; token: string } | undefined> => {
    const res = await app.request(`${origin}/api/sandbox/captcha?seller_id=${ids.seller}`, {
      method: 'POST',
      headers: { 'Tix-App': 'ecomm' },
    });
    if (res.status !== 200) return undefined;
    const json = (await res.json()) as { captcha: { _data: Array<{ provider: string; token: string }> } };
    return json.captcha._data[0];
  };

  const made: DemoOrder[] = [];
  for (const { kind, lines } of ORDERS(ids, options.sandbox)) {
    const add = [];
    for (const line of lines)
      add.push({ event_session_id: await sessionOf(line), ticket_type_id: line.type });
    const cart = await call('POST', 'my/cart/modify', { add });
    const cartId = cart.cart._data[0].id as string;
    await call('POST', `cart/${cartId}/purchaser`, DEMO_VISITOR);
    const amount = cart.cart_fees._data[0].grand_totals.total_outstanding as string;
    const captcha = await sandboxCaptcha();
    const paid = await call('POST', `cart/${cartId}/pay?_embed=ticket_order`, {
      ...(amount === '0.00'
        ? { amount, gateway_id: 'free' }
        : { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } }),
      ...(captcha ? { captcha } : {}),
    });
    const order = paid.ticket_order._data[0] as { id: string; order_number: string };
    made.push({ kind, orderId: order.id, orderNumber: order.order_number, link: linkOf(order.id) });
  }
  return made;
}
