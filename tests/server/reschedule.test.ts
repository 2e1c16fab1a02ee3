/**
 * Editing and rescheduling an order (issue 24; spec 2 §4 "Edit order", "Reschedule", §6, §7, §8) through the
 * order-bound cart (server/manage/edit.ts): who may start one, a reschedule into another session of the same event
 * (the new place taken at once, the old one given back on confirm, the same order and number), discard and
 * expiry, price differences (more: a payment; less or the same: none), the self-edit rules, the boundary, and the
 * order_update email.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { GA_ADULT, gaSessions, SELLER, startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';
import { type Bought, manageHelpers, WORKSHOP_ADULT, WORKSHOP_CHILD } from './manage-helpers';
import { outbox } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const err = (body: unknown) => errorBody.parse(body)._data[0];
const { workshopSession, usedOf, buyFree } = manageHelpers(() => s);

/** POST ticket_order/{id}/edit: a new order-bound cart (with the order's token, another, or none: null). */
async function startEdit(order: Bought, token: string | null = order.token) {
  return s.json('POST', `ticket_order/${order.orderId}/edit`, { body: token === null ? {} : { token } });
}
async function editCart(order: Bought) {
  const r = await startEdit(order);
  expect(r.status).toBe(200);
  return r.body.cart._data[0].id as string;
}
const change = (cartId: string, body: unknown) => s.json('POST', `cart/${cartId}/modify`, { body });
const confirmFree = (cartId: string) =>
  s.json('POST', `cart/${cartId}/guest_checkout`, {
    body: { send_email: false, gateway_id: 'free', gateway_data: {} },
  });
const outstanding = (doc: { cart_fees: { _data: { grand_totals: { total_outstanding: string } }[] } }) =>
  doc.cart_fees._data[0]?.grand_totals.total_outstanding;
const ticketsOf = (orderId: string) =>
  s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
const typeOf = async (ticketId: string) =>
  (await s.handle.db.select().from(t.ticket).where(eq(t.ticket.id, ticketId)))[0]?.ticketTypeId as string;

/** Runs `body` with the workshop's Adult type priced at `cents` (the seed's is free), then restores it. */
async function withAdultPrice<T>(cents: number, body: () => Promise<T>): Promise<T> {
  const set = (amountCents: number) =>
    s.handle.db.update(t.ticketType).set({ amountCents }).where(eq(t.ticketType.id, WORKSHOP_ADULT));
  await set(cents);
  try {
    return await body();
  } finally {
    await set(0);
  }
}

describe('who may change an order', () => {
  it('an order-bound cart needs the manage token: the id alone and another order’s token are refused', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const b = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    for (const token of [null, b.token]) {
      const r = await startEdit(a, token);
      expect(r.status).toBe(403);
      expect(err(r.body)?._code).toBe(ErrorCode.order_not_manageable);
    }
    const ok = await startEdit(a);
    expect(ok.status).toBe(200);
    const cart = ok.body.cart._data[0];
    expect(cart).toMatchObject({ state: 'pending' });
    expect(cart.expires_at).toBeTruthy();
    // The cart names the order it changes, and holds nothing yet.
    expect(ok.body.ticket_order._data.map((o: { id: string }) => o.id)).toEqual([a.orderId]);
    expect(ok.body.ticket._data).toEqual([]);
  });

  it('self-edit off: no order-bound cart, even with the token', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const row = and(eq(t.config.resourceId, SELLER), eq(t.config.key, 'self_edit_rules'));
    const [before] = await s.handle.db.select().from(t.config).where(row);
    await s.handle.db
      .update(t.config)
      .set({ value: { enabled: false } })
      .where(row);
    try {
      const r = await startEdit(a);
      expect(r.status).toBe(403);
      expect(err(r.body)?._code).toBe(ErrorCode.order_not_manageable);
    } finally {
      await s.handle.db.update(t.config).set({ value: before?.value }).where(row);
    }
  });
});

describe('reschedule', () => {
  it('moves a ticket to another day: the new place is taken at once, the old one given back on confirm, same order', async () => {
    const baseline = await capacityBaseline(s.handle.db);
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT, WORKSHOP_CHILD]);
    const target = await workshopSession('2026-12-05');
    const [oldBefore, newBefore] = [await usedOf(a.sessionId), await usedOf(target.id)] as [number, number];
    const moving = a.ticketIds[0] as string;
    const cartId = await editCart(a);
    const r = await change(cartId, {
      remove: [moving],
      add: [{ event_session_id: target.id, ticket_type_id: await typeOf(moving) }],
    });
    expect(r.status).toBe(200);
    expect(outstanding(r.body)).toBe('0.00');
    expect(r.body.ticket._data).toHaveLength(1);
    expect(r.body.ticket._data[0]).toMatchObject({ event_session_id: target.id, state: 'in_cart' });
    // Taken at once; the old ticket still booked until the change is confirmed.
    expect(await usedOf(target.id)).toBe(newBefore + 1);
    expect(await usedOf(a.sessionId)).toBe(oldBefore);
    expect((await ticketsOf(a.orderId)).every((k) => k.state === 'booked')).toBe(true);

    const done = await confirmFree(cartId);
    expect(done.status).toBe(200);
    expect(done.body.cart._data[0].state).toBe('completed');
    expect(await usedOf(a.sessionId)).toBe(oldBefore - 1);
    expect(await usedOf(target.id)).toBe(newBefore + 1);
    const order = await s.json('GET', `ticket_order/${a.orderId}`, { query: { _embed: 'ticket' } });
    expect(order.body.ticket_order._data[0].order_number).toBe(a.orderNumber);
    const states = order.body.ticket._data.map(
      (k: { id: string; state: string; event_session_id: string }) => [
        k.id === moving ? 'moved' : k.event_session_id === target.id ? 'new' : 'kept',
        k.state,
      ],
    );
    expect(states.sort()).toEqual([
      ['kept', 'booked'],
      ['moved', 'cancelled'],
      ['new', 'booked'],
    ]);
    // The cart is done: no second confirm, no further change.
    expect((await confirmFree(cartId)).status).toBe(409);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);

    // The update email (spec 2 §4: after a free checkout the page asks for it).
    const mail = await s.json('POST', `ticket_order/${a.orderId}/email`, {
      body: { log_context: 'order_update', token: a.token },
    });
    expect(mail.status).toBe(200);
    const sent = (await outbox(s)).filter((m) => m.to === a.email);
    expect(sent.map((m) => m.subject)).toContain(`Your order ${a.orderNumber} has been updated`);
  });

  it('discard (DELETE cart) gives the new place back and leaves the order as it was; so does expiry', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const target = await workshopSession('2026-12-06');
    const newBefore = (await usedOf(target.id)) as number;
    const moving = a.ticketIds[0] as string;
    const body = { remove: [moving], add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }] };
    const first = await editCart(a);
    expect((await change(first, body)).status).toBe(200);
    expect(await usedOf(target.id)).toBe(newBefore + 1);
    expect((await s.call('DELETE', `cart/${first}`)).status).toBeLessThan(300);
    expect(await usedOf(target.id)).toBe(newBefore);
    expect((await ticketsOf(a.orderId)).map((k) => k.state)).toEqual(['booked']);

    const second = await editCart(a);
    expect((await change(second, body)).status).toBe(200);
    const was = s.clock.now;
    s.clock.now += 16 * 60_000;
    try {
      const late = await confirmFree(second);
      expect(late.status).toBe(410);
      expect(await usedOf(target.id)).toBe(newBefore);
      expect((await ticketsOf(a.orderId)).map((k) => k.state)).toEqual(['booked']);
    } finally {
      s.clock.now = was;
    }
  });

  it('a change that costs more leaves the difference to pay, and is booked once paid', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const target = await workshopSession('2026-12-07');
    await withAdultPrice(500, async () => {
      const cartId = await editCart(a);
      const r = await change(cartId, {
        remove: [a.ticketIds[0]],
        add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }],
      });
      expect(r.status).toBe(200);
      expect(outstanding(r.body)).toBe('5.00');
      // Not free: the free checkout is refused, nothing changes.
      expect((await confirmFree(cartId)).status).toBe(400);
      expect((await ticketsOf(a.orderId)).map((k) => k.state)).toEqual(['booked']);
      const paid = await s.json('POST', `cart/${cartId}/pay`, {
        body: { amount: '5.00', gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      });
      expect(paid.status).toBe(200);
      const tickets = await ticketsOf(a.orderId);
      expect(tickets.map((k) => [k.state, k.adjustedValueCents]).sort()).toEqual([
        ['booked', 500],
        ['cancelled', 0],
      ]);
      const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId));
      expect(payments.map((p) => [p.ticketOrderId, p.amountCents])).toEqual([[a.orderId, 500]]);
    });
  });

  it('a change that costs less or the same completes without a payment (nothing refunded)', async () => {
    const target = await workshopSession('2026-12-08');
    const a = await withAdultPrice(500, () => buyFree('2026-12-04', [WORKSHOP_ADULT], '5.00'));
    const cartId = await editCart(a);
    const r = await change(cartId, {
      remove: [a.ticketIds[0]],
      add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }],
    });
    expect(r.status).toBe(200);
    expect(outstanding(r.body)).toBe('0.00');
    expect((await confirmFree(cartId)).status).toBe(200);
    const payments = await s.handle.db.select().from(t.payment).where(eq(t.payment.cartId, cartId));
    expect(payments).toEqual([]);
    expect((await ticketsOf(a.orderId)).map((k) => k.state).sort()).toEqual(['booked', 'cancelled']);
  });

  it('removing a free ticket without adding one cancels it on confirm', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT, WORKSHOP_CHILD]);
    const before = (await usedOf(a.sessionId)) as number;
    const cartId = await editCart(a);
    expect((await change(cartId, { remove: [a.ticketIds[0]] })).status).toBe(200);
    expect((await confirmFree(cartId)).status).toBe(200);
    expect(await usedOf(a.sessionId)).toBe(before - 1);
    expect((await ticketsOf(a.orderId)).map((k) => k.state).sort()).toEqual(['booked', 'cancelled']);
  });
});

describe('the self-edit rules and refusals', () => {
  it('refuses another event’s session, the same session, unmatched types, others’ tickets, a full session', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const other = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const target = await workshopSession('2026-12-09');
    const [ga] = await gaSessions(s, '2026-12-09');
    const cartId = await editCart(a);
    const one = a.ticketIds[0] as string;
    const line = (event_session_id: string, ticket_type_id = WORKSHOP_ADULT) => ({
      event_session_id,
      ticket_type_id,
    });
    const cases: [unknown, number, string][] = [
      [{ remove: [one], add: [line(ga?.id as string, GA_ADULT)] }, 400, ErrorCode.validation_failed],
      [{ remove: [one], add: [line(ga?.id as string)] }, 400, ErrorCode.validation_failed],
      [{ remove: [one], add: [line(a.sessionId)] }, 400, ErrorCode.validation_failed],
      [{ remove: [one], add: [line(target.id, WORKSHOP_CHILD)] }, 400, ErrorCode.validation_failed],
      [{ remove: [one], add: [line(target.id), line(target.id)] }, 400, ErrorCode.validation_failed],
    ];
    for (const [body, status, code] of cases) {
      const r = await change(cartId, body);
      expect([r.status, err(r.body)?._code]).toEqual([status, code]);
    }
    // A full session: sold out, nothing taken.
    const full = eq(t.eventSession.id, target.id);
    const [row] = await s.handle.db.select().from(t.eventSession).where(full);
    await s.handle.db
      .update(t.eventSession)
      .set({ usedCapacity: (row?.capacity ?? 0) + (row?.oversellCapacity ?? 0) })
      .where(full);
    try {
      const r = await change(cartId, { remove: [one], add: [line(target.id)] });
      expect([r.status, err(r.body)?._code]).toEqual([409, ErrorCode.event_session_sold_out]);
    } finally {
      await s.handle.db
        .update(t.eventSession)
        .set({ usedCapacity: row?.usedCapacity ?? 0 })
        .where(full);
    }
    // Nothing of the refused changes stuck: the good one goes through.
    const ok = await change(cartId, { remove: [one], add: [line(target.id)] });
    expect(ok.status).toBe(200);
    // The same ticket twice in one change: refused as a ticket no longer to be given up (spec 2 §8 "Reschedule").
    const again = await change(cartId, { remove: [one], add: [line(target.id)] });
    expect([again.status, err(again.body)?._code, err(again.body)?._context]).toEqual([
      409,
      ErrorCode.ticket_state_incorrect,
      'cart_remove_tickets',
    ]);
  });

  it('a reschedule whose tickets cannot move answers in context cart_remove_tickets (spec 2 §8 "Reschedule")', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT, WORKSHOP_ADULT]);
    const other = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const target = await workshopSession('2026-12-09');
    const [one, two] = a.ticketIds as [string, string];
    const move = async (id: string) => {
      const r = await change(await editCart(a), {
        remove: [id],
        add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }],
      });
      const e = err(r.body);
      return [r.status, e?._code, e?._context, Boolean(e?._description)];
    };
    const targetBefore = await usedOf(target.id);
    // Another order's ticket is not on this order.
    expect(await move(other.ticketIds[0] as string)).toEqual([
      404,
      ErrorCode.ticket_not_found,
      'cart_remove_tickets',
      true,
    ]);
    // A ticket cancelled meanwhile (the cancel page, another tab) is no longer booked.
    const cancelled = await s.json('POST', `ticket_order/${a.orderId}/cancel`, {
      body: { tickets: [two], token: a.token },
    });
    expect(cancelled.status).toBe(200);
    expect(await move(two)).toEqual([409, ErrorCode.ticket_state_incorrect, 'cart_remove_tickets', true]);
    // Inside the seller's horizon (2 hours before the session): too old to move.
    const startMs = Date.parse((await workshopSession('2026-12-04')).start_datetime);
    const was = s.clock.now;
    s.clock.now = startMs - 3_600_000;
    try {
      expect(await move(one)).toEqual([400, ErrorCode.tickets_too_old, 'cart_remove_tickets', true]);
    } finally {
      s.clock.now = was;
    }
    // None of them took a place in the new session.
    expect(await usedOf(target.id)).toBe(targetBefore);
  });

  it('refuses tickets within the horizon and outside the self-edit categories', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const target = await workshopSession('2026-12-10');
    const cartId = await editCart(a);
    const startMs = Date.parse((await workshopSession('2026-12-04')).start_datetime);
    const was = s.clock.now;
    // 1 hour before the session (the seed's horizon: 2 hours). The cart's hold is renewed by a new one.
    s.clock.now = startMs - 3_600_000;
    try {
      const late = await editCart(a);
      const r = await change(late, {
        remove: [a.ticketIds[0]],
        add: [{ event_session_id: target.id, ticket_type_id: WORKSHOP_ADULT }],
      });
      expect(err(r.body)?._code).toBe(ErrorCode.tickets_too_old);
    } finally {
      s.clock.now = was;
    }
    expect(cartId).toBeTruthy();
    // A General Admission ticket (category Admission, not Workshops) cannot be rescheduled here.
    const [gaFrom, gaTo] = await gaSessions(s, '2026-12-11');
    const ga = await buyGa(gaFrom?.id as string);
    const gaCart = await editCart(ga);
    const r = await change(gaCart, {
      remove: [ga.ticketIds[0]],
      add: [{ event_session_id: gaTo?.id, ticket_type_id: GA_ADULT }],
    });
    expect(err(r.body)?._code).toBe(ErrorCode.no_valid_tickets);
  });

  it('validates the change at the boundary: unknown keys, NUL, not ids, nothing to remove, huge bodies', async () => {
    const a = await buyFree('2026-12-04', [WORKSHOP_ADULT]);
    const cartId = await editCart(a);
    const one = a.ticketIds[0] as string;
    for (const body of [
      { remove: [] },
      { remove: [one], extra: 1 },
      { remove: [one], add: [{ event_session_id: 'x\u0000', ticket_type_id: WORKSHOP_ADULT }] },
      { remove: ['not-an-id'] },
      { remove: [one], add: [{ event_session_id: one, ticket_type_id: WORKSHOP_ADULT, face_value: '1.00' }] },
      { remove: [one], preReservePromoCodes: ['X'] },
    ])
      expect((await change(cartId, body)).status).toBe(400);
    const huge = await s.call('POST', `cart/${cartId}/modify`, {
      body: { remove: [one], pad: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    for (const body of [{ token: `${a.token}\u0000` }, { token: a.token, x: 1 }])
      expect((await s.json('POST', `ticket_order/${a.orderId}/edit`, { body })).status).toBe(400);
    expect((await ticketsOf(a.orderId)).map((k) => k.state)).toEqual(['booked']);
  });
});

/** A guest's General Admission order (paid), with its manage token. */
async function buyGa(sessionId: string): Promise<Bought> {
  const email = `ga.${sessionId.slice(0, 8)}@example.com`;
  const r = await s.json('POST', 'my/cart/modify', {
    body: { add: [{ event_session_id: sessionId, ticket_type_id: GA_ADULT }] },
  });
  const cartId = r.body.cart._data[0].id as string;
  await s.json('POST', `cart/${cartId}/purchaser`, {
    body: { first_name: 'Gia', last_name: 'Guest', email },
  });
  const total = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
  const paid = await s.json('POST', `cart/${cartId}/pay`, {
    body: { amount: total, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
    query: { _embed: 'ticket_order' },
  });
  expect(paid.status).toBe(200);
  const order = paid.body.ticket_order._data[0] as { id: string; order_number: string };
  const mail = (await outbox(s)).find((m) => m.to === email);
  const token = mail ? new RegExp(`/manage/${order.id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body)?.[1] : null;
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    ticketIds: (await ticketsOf(order.id)).map((k) => k.id),
    token: token as string,
    sessionId,
    email,
  };
}
