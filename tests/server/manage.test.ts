/**
 * Order self-service (issue 24; spec 2 §4 "Cancel-free-order", §6, §7, §8): the confirmation email's manage link
 * and its signed token, who may manage an order (token holder, the owning member's session), cancelling free
 * tickets (capacity back, all or nothing, the self-edit rules: horizon and categories), the order-cancel email,
 * the boundary, the token-guessing limit, and a double cancel racing (meaningful on PostgreSQL: TEST_DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import * as t from '../../server/schema';
import { GA_ADULT, gaSessions, startTestServer, type TestServer } from './helpers';
import { capacityBaseline, ledgerProblems } from './invariants';
import { manageHelpers, WORKSHOP, WORKSHOP_ADULT } from './manage-helpers';
import { browser, outbox, passwordLogin } from './members-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.handle.close();
});

const err = (body: unknown) => errorBody.parse(body)._data[0];

const { workshopSession, usedOf, buyFree, cancel } = manageHelpers(() => s);

describe('the manage link', () => {
  it('the confirmation email links to /manage/{id} with a token that opens it; the id alone, or another order’s token, does not', async () => {
    const a = await buyFree();
    const b = await buyFree();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ok = await s.json('POST', `ticket_order/${a.orderId}/manage`, { body: { token: a.token } });
    expect(ok.status).toBe(200);
    expect(ok.body.manage_access._data[0]).toEqual({
      ticket_order_id: a.orderId,
      via: 'token',
      self_edit_rules: {
        enabled: true,
        anon_editing: true,
        horizon_days: 0,
        horizon_hours: 2,
        categories: ['Workshops'],
      },
    });
    for (const body of [{}, { token: b.token }, { token: `${a.token.slice(0, -2)}AA` }]) {
      const refused = await s.json('POST', `ticket_order/${a.orderId}/manage`, { body });
      expect(refused.status).toBe(403);
      expect(err(refused.body)).toMatchObject({
        _code: ErrorCode.order_not_manageable,
        _description: 'You must contact us to cancel this order.',
      });
    }
    // Nothing changes without the token.
    const refused = await cancel(a, [a.ticketIds[0] as string], null);
    expect(refused.status).toBe(403);
    const still = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, a.orderId));
    expect(still.every((k) => k.state === 'booked')).toBe(true);
  });
});

describe('cancel free tickets', () => {
  it('cancels one ticket: its place comes back, the rest of the order stays booked, once only', async () => {
    const a = await buyFree('2026-12-05');
    const baseline = await capacityBaseline(s.handle.db);
    const before = await usedOf(a.sessionId);
    const one = a.ticketIds[0] as string;
    const r = await cancel(a, [one]);
    expect(r.status).toBe(200);
    expect(r.body.ticket._data).toEqual([{ id: one, state: 'cancelled', ticket_order_id: a.orderId }]);
    expect(await usedOf(a.sessionId)).toBe((before as number) - 1);
    const order = await s.json('GET', `ticket_order/${a.orderId}`, { query: { _embed: 'ticket' } });
    const states = Object.fromEntries(
      order.body.ticket._data.map((k: { id: string; state: string }) => [k.id, k.state]),
    );
    expect(states[one]).toBe('cancelled');
    expect(Object.values(states).filter((x) => x === 'booked')).toHaveLength(2);
    // Again: refused, nothing given back twice.
    const again = await cancel(a, [one]);
    expect(again.status).toBe(400);
    expect(err(again.body)).toMatchObject({
      _code: ErrorCode.no_valid_tickets,
      _description: 'No valid tickets found on this order',
      _extra: { ticket_ids: [one] },
    });
    expect(await usedOf(a.sessionId)).toBe((before as number) - 1);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('all or nothing: with one invalid ticket in the list nothing is cancelled', async () => {
    const a = await buyFree('2026-12-06');
    const b = await buyFree('2026-12-06');
    const before = await usedOf(a.sessionId);
    // Another order's ticket, and an id that is no ticket at all.
    for (const other of [b.ticketIds[0] as string, '00000000-0000-4000-8000-000000000000']) {
      const r = await cancel(a, [a.ticketIds[0] as string, other]);
      expect(r.status).toBe(400);
      expect(err(r.body)?._code).toBe(ErrorCode.no_valid_tickets);
      expect(err(r.body)?._extra).toEqual({ ticket_ids: [other] });
    }
    expect(await usedOf(a.sessionId)).toBe(before);
  });

  it('refuses paid tickets, tickets of other categories, and sessions inside the horizon', async () => {
    // A paid General Admission ticket, in an order of its own.
    const [ga] = await gaSessions(s, '2026-12-07');
    const r = await s.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: ga?.id, ticket_type_id: GA_ADULT }] },
    });
    const cartId = r.body.cart._data[0].id as string;
    await s.json('POST', `cart/${cartId}/purchaser`, {
      body: { first_name: 'Pat', last_name: 'Paid', email: 'pat.paid@example.com' },
    });
    const amount = r.body.cart_fees._data[0].grand_totals.total_outstanding as string;
    const paid = await s.json('POST', `cart/${cartId}/pay`, {
      body: { amount, gateway_id: 'stripe', gateway_data: { source: 'pm_card_visa' } },
      query: { _embed: 'ticket_order' },
    });
    expect(paid.status).toBe(200);
    const orderId = paid.body.ticket_order._data[0].id as string;
    const mail = (await outbox(s)).find((m) => m.to === 'pat.paid@example.com');
    const token = new RegExp(`/manage/${orderId}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.body ?? '')?.[1];
    const [paidTicket] = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const refusedPaid = await s.json('POST', `ticket_order/${orderId}/cancel`, {
      body: { tickets: [paidTicket?.id], token },
    });
    expect(refusedPaid.status).toBe(400);
    expect(err(refusedPaid.body)?._code).toBe(ErrorCode.no_valid_tickets);

    // Free, but its session starts within the seller's 2-hour horizon.
    const a = await buyFree('2026-12-08');
    const startMs = Date.parse((await workshopSession('2026-12-08')).start_datetime);
    const saved = s.clock.now;
    try {
      s.clock.now = startMs - 2 * 3_600_000 + 60_000;
      const late = await cancel(a, [a.ticketIds[0] as string]);
      expect(late.status).toBe(400);
      expect(err(late.body)?._code).toBe(ErrorCode.no_valid_tickets);
      s.clock.now = startMs - 2 * 3_600_000 - 60_000;
      expect((await cancel(a, [a.ticketIds[0] as string])).status).toBe(200);
    } finally {
      s.clock.now = saved;
    }

    // A category the rules do not name: the workshop's category changed, its free tickets are no longer self-service.
    const b = await buyFree('2026-12-09');
    await s.handle.db
      .update(t.eventTemplate)
      .set({ category: 'Talks' })
      .where(eq(t.eventTemplate.id, WORKSHOP));
    try {
      const r2 = await cancel(b, [b.ticketIds[0] as string]);
      expect(r2.status).toBe(400);
      expect(err(r2.body)?._code).toBe(ErrorCode.no_valid_tickets);
    } finally {
      await s.handle.db
        .update(t.eventTemplate)
        .set({ category: 'Workshops' })
        .where(eq(t.eventTemplate.id, WORKSHOP));
    }
  });

  it('a member cancels their own order with their session; another member may not', async () => {
    const owner = browser(s);
    expect((await passwordLogin(owner, 'ada.member@example.com')).status).toBe(200);
    const session = await workshopSession('2026-12-10');
    const r = await owner.json('POST', 'my/cart/modify', {
      body: { add: [{ event_session_id: session.id, ticket_type_id: WORKSHOP_ADULT }] },
    });
    expect(r.status).toBe(200);
    const cartId = r.body.cart._data[0].id as string;
    const paid = await owner.json('POST', `my/cart/${cartId}/pay`, {
      body: { amount: '0.00', gateway_id: 'free' },
      query: { _embed: 'ticket_order' },
    });
    expect(paid.status).toBe(200);
    const orderId = paid.body.ticket_order._data[0].id as string;
    const [ticket] = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, orderId));
    const other = browser(s);
    expect((await passwordLogin(other, 'nico.visitor@example.com')).status).toBe(200);
    const refused = await other.json('POST', `ticket_order/${orderId}/cancel`, {
      body: { tickets: [ticket?.id] },
    });
    expect(refused.status).toBe(403);
    const access = await owner.json('POST', `ticket_order/${orderId}/manage`, { body: {} });
    expect(access.body.manage_access._data[0].via).toBe('session');
    const ok = await owner.json('POST', `ticket_order/${orderId}/cancel`, {
      body: { tickets: [ticket?.id] },
    });
    expect(ok.status).toBe(200);
  });

  it('with anon_editing off a token alone is refused', async () => {
    const a = await buyFree('2026-12-11');
    const rules = and(eq(t.config.resource, 'seller'), eq(t.config.key, 'self_edit_rules'));
    const [row] = await s.handle.db.select().from(t.config).where(rules);
    await s.handle.db
      .update(t.config)
      .set({ value: { ...(row?.value as object), anon_editing: false } })
      .where(rules);
    try {
      expect((await cancel(a, [a.ticketIds[0] as string])).status).toBe(403);
    } finally {
      await s.handle.db.update(t.config).set({ value: row?.value }).where(rules);
    }
    expect((await cancel(a, [a.ticketIds[0] as string])).status).toBe(200);
  });
});

describe('the order email', () => {
  it('order_cancel lists what was cancelled and what remains, through the outbox', async () => {
    const a = await buyFree('2026-12-12');
    expect((await cancel(a, [a.ticketIds[0] as string])).status).toBe(200);
    const sent = await s.json('POST', `ticket_order/${a.orderId}/email`, {
      body: { log_context: 'order_cancel', token: a.token },
    });
    expect(sent.status).toBe(200);
    const rows = await s.handle.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.subject, `Tickets cancelled: order ${a.orderNumber}`));
    expect(rows).toHaveLength(1);
    const body = rows[0]?.body ?? '';
    expect(body).toMatch(/Cancelled:\n\nFamily Workshop: Drop-in Drawing, .*\n1 × (Adult|Child)/);
    const remaining = body.split('Your tickets:')[1]?.split('View and print')[0] ?? '';
    expect(remaining).toMatch(/^\n\nFamily Workshop: Drop-in Drawing, /);
    const counts = [...remaining.matchAll(/(\d+) × (Adult|Child)/g)].map((m) => Number(m[1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(body).toContain(`/manage/${a.orderId}?token=${a.token}`);
    const refused = await s.json('POST', `ticket_order/${a.orderId}/email`, {
      body: { log_context: 'order_cancel' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('the boundary', () => {
  it('refuses malformed bodies with 400 (or 413) before anything changes', async () => {
    const a = await buyFree('2026-12-13');
    const one = a.ticketIds[0] as string;
    const bad: unknown[] = [
      { tickets: [] },
      { tickets: ['not-a-uuid'], token: a.token },
      { tickets: [one], token: a.token, extra: 1 },
      { tickets: [one], token: `${a.token}\u0000` },
      { tickets: [one], token: a.token, gateway_data: { source: '\ud800' } },
      { tickets: [one], token: 'short' },
    ];
    for (const body of bad)
      expect((await s.json('POST', `ticket_order/${a.orderId}/cancel`, { body })).status).toBe(400);
    const huge = await s.call('POST', `ticket_order/${a.orderId}/cancel`, {
      body: { tickets: [one], token: a.token, pad: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    for (const body of [
      { log_context: 'other', token: a.token },
      { log_context: 'order_update', token: a.token, x: 1 },
    ])
      expect((await s.json('POST', `ticket_order/${a.orderId}/email`, { body })).status).toBe(400);
    expect((await s.json('POST', 'ticket_order/not-an-id/cancel', { body: { tickets: [one] } })).status).toBe(
      404,
    );
    const states = await s.handle.db.select().from(t.ticket).where(eq(t.ticket.ticketOrderId, a.orderId));
    expect(states.every((k) => k.state === 'booked')).toBe(true);
  });
});

describe('races (meaningful on PostgreSQL)', () => {
  it('10 concurrent cancels of the same ticket: cancelled once, its place given back once', async () => {
    const a = await buyFree('2026-12-14');
    const baseline = await capacityBaseline(s.handle.db);
    const before = (await usedOf(a.sessionId)) as number;
    const one = a.ticketIds[0] as string;
    const results = await Promise.all(Array.from({ length: 10 }, () => cancel(a, [one])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(err(r.body)?._code).toBe(ErrorCode.no_valid_tickets);
    expect(await usedOf(a.sessionId)).toBe(before - 1);
    expect(await ledgerProblems(s.handle.db, baseline)).toEqual([]);
  });

  it('concurrent cancels of overlapping selections: every ticket cancelled once, capacity back once each', async () => {
    const a = await buyFree('2026-12-15');
    const before = (await usedOf(a.sessionId)) as number;
    const [x, y, z] = a.ticketIds as [string, string, string];
    const results = await Promise.all([
      cancel(a, [x, y]),
      cancel(a, [y, z]),
      cancel(a, [x, z]),
      cancel(a, [z]),
    ]);
    const ok = results
      .filter((r) => r.status === 200)
      .flatMap((r) => r.body.ticket._data.map((k: { id: string }) => k.id));
    expect(new Set(ok).size).toBe(ok.length);
    expect(await usedOf(a.sessionId)).toBe(before - ok.length);
  });
});

describe('token guessing', () => {
  it('wrong tokens count per address: over 20 an hour answers 429, the right token too; a right one never counts', async () => {
    const a = await buyFree('2026-12-16');
    const wrong = `${a.token.slice(0, 10)}${'A'.repeat(a.token.length - 10)}`;
    // Right tokens before: they gave their slots back (the earlier tests used them many times).
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await s.json('POST', `ticket_order/${a.orderId}/manage`, { body: { token: wrong } })).status,
      );
    expect(statuses.slice(0, 20).every((x) => x === 403)).toBe(true);
    expect(statuses[20]).toBe(429);
    const right = await s.json('POST', `ticket_order/${a.orderId}/manage`, { body: { token: a.token } });
    expect(right.status).toBe(429);
    expect(err(right.body)?._code).toBe(ErrorCode.too_many_attempts);
    // An hour after the window opened (the horizon test above ran the clock to 2026-12-08): the limit is lifted.
    s.clock.now = Date.parse('2026-12-10T00:00:00Z');
    expect(
      (await s.json('POST', `ticket_order/${a.orderId}/manage`, { body: { token: a.token } })).status,
    ).toBe(200);
  });
});
