import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, errorBody } from '../../api/schemas';
import * as t from '../../server/schema';
import { GA, GA_ADULT, GA_CHILD, gaSessions, startTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const doc = (body: unknown) => document.parse(body);
const err = (body: unknown) => errorBody.parse(body)._data[0];
const PURCHASER = { first_name: ' Ada ', last_name: 'Lovelace', email: 'ada@example.com' };

async function newCart(date = '2026-11-27', lines: string[] = [GA_ADULT, GA_ADULT, GA_CHILD]) {
  const [session] = await gaSessions(s, date);
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: lines.map((ticket_type_id) => ({ event_session_id: session?.id ?? null, ticket_type_id })) },
  });
  expect(r.status).toBe(200);
  const d = doc(r.body);
  return { id: d.cart?._data[0]?.id as string, sessionId: session?.id as string, doc: d };
}

const outstanding = (d: ReturnType<typeof doc>) =>
  d.cart_fees?._data[0]?.grand_totals.total_outstanding as string;

describe('checkout', () => {
  it('completes a purchase: purchaser, card payment, order, QR code, order fetch and email', async () => {
    const cart = await newCart();
    expect(outstanding(cart.doc)).toBe('65.00'); // 2 × 25 + 12 + 2 × 1.50

    const noPurchaser = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '65.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(noPurchaser.status).toBe(400);
    expect(err(noPurchaser.body)?._code).toBe('validation_failed');

    const badPurchaser = await s.json('POST', `cart/${cart.id}/purchaser`, {
      body: { ...PURCHASER, email: 'nope' },
    });
    expect(badPurchaser.status).toBe(400);

    const p = await s.json('POST', `cart/${cart.id}/purchaser`, { body: PURCHASER });
    expect(p.status).toBe(200);
    const ident = doc(p.body).identity?._data[0];
    expect(ident).toMatchObject({ type: 'guest', first_name: 'Ada', email: 'ada@example.com' });

    const wrongAmount = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '60.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(wrongAmount.status).toBe(400);
    expect(err(wrongAmount.body)?._code).toBe('validation_failed');

    const paid = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '65.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(paid.status).toBe(200);
    const d = doc(paid.body);
    const order = d.ticket_order?._data[0];
    expect(order?.order_number).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(d.cart?._data[0]?.state).toBe('completed');
    expect(d.cart?._data[0]?.expires_at).toBeNull();
    expect(d.ticket?._data.every((k) => k.state === 'booked' && k.ticket_order_id === order?.id)).toBe(true);
    expect(d.cart_fees?._data[0]?.grand_totals).toMatchObject({
      total_payments: '65.00',
      total_outstanding: '0.00',
    });

    const qr = await s.call('GET', `ticket_order/${order?.id}/qrcode`, {
      noHeader: true,
      query: { margin: '4' },
      prefix: '/cached/api/',
    });
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await qr.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // With the order's read token of the paid answer (server/payments/access.ts): the purchaser too.
    expect(order?.access_token).toBeTruthy();
    const one = await s.json('GET', `ticket_order/${order?.id}`, {
      query: {
        _embed: 'ticket,ticket_group,event_template,ticket_type,ticket.event_session',
        token: order?.access_token ?? '',
      },
    });
    expect(one.status).toBe(200);
    const od = doc(one.body);
    expect(od.ticket?._count).toBe(3);
    expect(od.event_template?._data[0]?.id).toBe(GA);
    expect(od.event_session?._data[0]?.id).toBe(cart.sessionId);
    expect(od.seller?._data[0]?.slug).toBe('demo-museum');
    expect(od.identity?._data[0]?.email).toBe('ada@example.com');

    const many = await s.json('GET', 'ticket_order', {
      query: { 'id._in': `${order?.id}` },
      prefix: '/cached/api/',
    });
    expect(doc(many.body).ticket_order?._count).toBe(1);

    const outbox = await s.json('GET', '__outbox');
    expect(outbox.status).toBe(200);
    const mail = outbox.body.outbox._data.at(-1);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toContain(order?.order_number);

    const modifyBooked = await s.json('POST', `my/cart/${cart.id}/modify`, {
      body: { add: [{ event_session_id: cart.sessionId, ticket_type_id: GA_ADULT }] },
    });
    expect(modifyBooked.status).toBe(409);
    expect(err(modifyBooked.body)?._code).toBe('incorrect_cart_state');

    const again = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '0.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(again.status).toBe(409);
    expect(err(again.body)).toMatchObject({ _code: 'cart_booked', _extra: { ticket_order_id: order?.id } });
  });

  it('an injected checkout may suppress the email (spec 2 §4): send_email false queues no confirmation', async () => {
    const mailsTo = async (to: string) =>
      (await s.handle.db.select().from(t.outbox).where(eq(t.outbox.to, to))).length;
    const payAs = async (email: string, extra: Record<string, unknown>) => {
      const cart = await newCart('2026-11-27', [GA_ADULT]);
      const who = { ...PURCHASER, email };
      expect((await s.json('POST', `cart/${cart.id}/purchaser`, { body: who })).status).toBe(200);
      return s.json('POST', `cart/${cart.id}/pay`, {
        body: { amount: '26.50', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' }, ...extra },
      });
    };
    const quiet = await payAs('quiet.staff@example.com', { send_email: false });
    expect(quiet.status).toBe(200);
    expect(doc(quiet.body).cart?._data[0]?.state).toBe('completed');
    expect(await mailsTo('quiet.staff@example.com')).toBe(0);
    // Absent or true: the confirmation is queued.
    expect((await payAs('loud.guest@example.com', {})).status).toBe(200);
    expect(await mailsTo('loud.guest@example.com')).toBe(1);
    expect((await payAs('loud.guest2@example.com', { send_email: true })).status).toBe(200);
    expect(await mailsTo('loud.guest2@example.com')).toBe(1);
    // Anything but a boolean is refused at the boundary.
    expect((await payAs('odd@example.com', { send_email: 'no' })).status).toBe(400);
  });

  it('stores the identity form (spec 2 §3): the purchaser details as the guest identity meta, strict', async () => {
    const cart = await newCart();
    // The demo's General Admission asks the address fields (meta identity_form): the cart carries the ask.
    const asked = cart.doc.meta?._data.find(
      (m) => m.key === 'identity_form' && m.resource === 'event_template',
    );
    expect(JSON.parse(asked?.value ?? '[]')).toContainEqual({ key: 'state', required: true });
    const refused = async (extra: Record<string, unknown>) =>
      (await s.json('POST', `cart/${cart.id}/purchaser`, { body: { ...PURCHASER, ...extra } })).status;
    expect(await refused({ nickname: 'Ada' })).toBe(400); // strict: nothing but the form
    expect(await refused({ zip_code: '12' })).toBe(400);
    expect(await refused({ country: 'Narnia' })).toBe(400);
    expect(await refused({ country: 'US', state: 'ON' })).toBe(400);
    expect(await refused({ phone: 'x'.repeat(51) })).toBe(400);
    const details = {
      phone: '+1 555 0100',
      address: '1 Main St',
      address_more: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      zip_code: '62701',
    };
    const detailsOf = (body: unknown, identityId: string) =>
      Object.fromEntries(
        (doc(body).meta?._data ?? [])
          .filter((m) => m.resource === 'identity' && m.resource_id === identityId)
          .map((m) => [m.key, m.value]),
      );
    const p = await s.json('POST', `cart/${cart.id}/purchaser`, { body: { ...PURCHASER, ...details } });
    expect(p.status).toBe(200);
    const guest = doc(p.body).identity?._data[0]?.id as string;
    expect(detailsOf(p.body, guest)).toEqual(details);
    // Given again, the purchaser is replaced whole: a field left out is gone.
    const again = await s.json('POST', `cart/${cart.id}/purchaser`, {
      body: { ...PURCHASER, country: 'CA', state: 'ON', zip_code: 'K1A 0B1' },
    });
    expect(again.status).toBe(200);
    const got = await s.json('GET', `cart/${cart.id}`);
    expect(detailsOf(got.body, guest)).toEqual({ country: 'CA', state: 'ON', zip_code: 'K1A 0B1' });
  });

  it('reports a declined card and leaves the cart payable', async () => {
    const cart = await newCart('2026-11-28', [GA_CHILD]);
    await s.json('POST', `cart/${cart.id}/purchaser`, { body: PURCHASER });
    const r = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '12.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_chargeDeclined' } },
    });
    expect(r.status).toBe(400);
    expect(err(r.body)).toMatchObject({
      _code: 'card_declined',
      _context: 'payment',
      _extra: { type: 'card_error', message: 'Your card was declined.' },
    });
    const ok = await s.json('POST', `cart/${cart.id}/pay`, {
      body: { amount: '12.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    });
    expect(ok.status).toBe(200);
  });

  it('handles 3-D Secure: 402, then confirmation, then success with the intent id', async () => {
    const cart = await newCart('2026-11-29', [GA_ADULT]);
    await s.json('POST', `cart/${cart.id}/purchaser`, { body: PURCHASER });
    const pay = (source: string) =>
      s.json('POST', `cart/${cart.id}/pay`, {
        body: { amount: '26.50', gateway_id: 'stripe', gateway_data: { source } },
      });
    const first = await pay('pm_card_authenticationRequired');
    expect(first.status).toBe(402);
    const e = err(first.body);
    expect(e?._code).toBe('intent_requires_action');
    const { payment_intent_id, client_secret } = (e?._extra ?? {}) as {
      payment_intent_id: string;
      client_secret: string;
    };
    expect(client_secret).toContain(payment_intent_id);

    const early = await pay(payment_intent_id);
    expect(early.status).toBe(402);

    const confirm = await s.json('POST', `sandbox/payment_intents/${payment_intent_id}/confirm`);
    expect(confirm.status).toBe(200);
    const done = await pay(payment_intent_id);
    expect(done.status).toBe(200);
    expect(doc(done.body).ticket_order?._count).toBe(1);
  });

  it('never books twice under concurrent double submits', async () => {
    const cart = await newCart('2026-11-30', [GA_ADULT, GA_CHILD]);
    await s.json('POST', `cart/${cart.id}/purchaser`, { body: PURCHASER });
    const body = { amount: '38.50', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => s.json('POST', `cart/${cart.id}/pay`, { body })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const orderId = doc(ok[0]?.body).ticket_order?._data[0]?.id;
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(err(r.body)).toMatchObject({ _code: 'cart_booked', _extra: { ticket_order_id: orderId } });
    }
    const orders = await s.handle.db.select().from(t.ticketOrder).where(eq(t.ticketOrder.cartId, cart.id));
    expect(orders).toHaveLength(1);
    const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cart.id));
    expect(payments).toHaveLength(1);
  });

  it('expires carts after 15 minutes, releasing capacity; modifying then gives 410', async () => {
    const cart = await newCart('2026-12-01', [GA_ADULT, GA_ADULT]);
    const used = async () =>
      (await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, cart.sessionId)))[0]
        ?.usedCapacity;
    expect(await used()).toBe(2);
    s.clock.now += 14 * 60 * 1000;
    const still = await s.json('GET', `my/cart/${cart.id}`);
    expect(doc(still.body).cart?._data[0]?.expires_in).toBe(60);
    s.clock.now += 61 * 1000;
    try {
      const modify = await s.json('POST', `my/cart/${cart.id}/modify`, {
        body: { add: [{ event_session_id: cart.sessionId, ticket_type_id: GA_ADULT }] },
      });
      expect(modify.status).toBe(410);
      expect(err(modify.body)?._code).toBe('cart_expired');
      expect(await used()).toBe(0);
      const got = await s.json('GET', `cart/${cart.id}`);
      expect(doc(got.body).cart?._data[0]?.state).toBe('expired');
      const pay = await s.json('POST', `cart/${cart.id}/pay`, {
        body: { amount: '53.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(pay.status).toBe(410);
    } finally {
      s.clock.now -= 15 * 60 * 1000 + 1000;
    }
  });

  it('sweeps expired carts lazily on availability requests', async () => {
    const cart = await newCart('2026-12-02', [GA_CHILD]);
    s.clock.now += 16 * 60 * 1000;
    try {
      const list = await gaSessions(s, '2026-12-02');
      const session = list.find((x) => x.id === cart.sessionId) as unknown as { used_capacity: number };
      expect(session.used_capacity).toBe(0);
    } finally {
      s.clock.now -= 16 * 60 * 1000;
    }
  });

  it('checks out free carts only through guest_checkout', async () => {
    const cart = await newCart('2026-12-03', [GA_CHILD]);
    const r = await s.json('POST', `cart/${cart.id}/guest_checkout`, { body: { send_email: false } });
    expect(r.status).toBe(400);
    expect(err(r.body)?._code).toBe('validation_failed');
    // Make the ticket free to exercise the free path.
    await s.handle.db.update(t.ticket).set({ adjustedValueCents: 0 }).where(eq(t.ticket.cartId, cart.id));
    const free = await s.json('POST', `cart/${cart.id}/guest_checkout`, {
      body: { send_email: false, gateway_id: 'free' },
    });
    expect(free.status).toBe(200);
    expect(doc(free.body).cart?._data[0]?.state).toBe('completed');
  });
});

describe('capacity under concurrency', () => {
  it('50 concurrent single-ticket reservations on a session with 10 places left: exactly 10 succeed', async () => {
    const [session] = await gaSessions(s, '2026-11-25');
    expect(session).toBeDefined();
    const id = session?.id as string;
    const [row] = await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, id));
    const capacity = row?.capacity as number;
    await s.handle.db
      .update(t.eventSession)
      .set({ usedCapacity: capacity - 10 })
      .where(eq(t.eventSession.id, id));

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.json('POST', 'my/cart/modify', {
          body: { add: [{ event_session_id: id, ticket_type_id: GA_ADULT }] },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const soldOut = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(soldOut).toHaveLength(40);
    for (const r of soldOut) {
      const err = errorBody.parse(r.body);
      expect(err._data[0]?._code).toBe('event_session_sold_out');
      expect(err._data[0]?._extra).toMatchObject({
        event_session_id: id,
        start_datetime: session?.start_datetime,
      });
    }
    const [after] = await s.handle.db.select().from(t.eventSession).where(eq(t.eventSession.id, id));
    expect(after?.usedCapacity).toBe(capacity);
    // Nothing held by the failed attempts: exactly 10 live tickets and 10 carts.
    const tickets = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.eventSessionId, id));
    expect(tickets.filter((k) => k.state === 'in_cart')).toHaveLength(10);
    expect(new Set(tickets.map((k) => k.cartId)).size).toBe(10);

    const sessions = await s.json('GET', `events/${GA}/sessions`, { query: { _ondate: '2026-11-25' } });
    expect(sessions.body.event_session._data.find((x: { id: string }) => x.id === id)?.sold_out).toBe(true);
  });
});
