import { describe, expect, it, vi } from 'vitest';
import { CART_EMBED } from '../../api/cart';
import { ApiError, createApi } from '../../api/index';
import {
  cartDocument,
  coll,
  eventDetailDocument,
  eventTemplate,
  session,
  ticket,
  ticketOrder,
  venue,
} from './fixtures';
import { apiErrorBody, fakeFetch, json, pathOf, queryOf, recordingSleep, SETTINGS } from './helpers';

const NOW = Date.parse('2026-11-21T10:05:00.000Z');

function setup(...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  const { sleep } = recordingSleep();
  const api = createApi(SETTINGS, { fetch, sleep, now: () => NOW, logger: { warn: vi.fn() } });
  return { api, calls };
}

const PUBLIC = 'public_browsable,public_link_only,public_member_only';

describe('events', () => {
  const listing = {
    event_template: coll([eventTemplate()]),
    venue: coll([venue]),
  };

  it('listAvailable: GET events/available with hidden_type._in and embeds', async () => {
    const { api, calls } = setup(json(listing));
    const events = await api.events.listAvailable();
    expect(events.map((e) => e.id)).toEqual(['ev-1']);
    const call = calls[0];
    expect(call?.url.split('?')[0]).toBe('/api/events/available');
    expect(queryOf(call?.url ?? '')).toEqual({
      'hidden_type._in': 'public_browsable',
      'config.key._in': 'image',
      _embed: 'meta,config,venue,ticket_type,ticket_group',
      seller_id: 'seller-1',
    });
  });

  it('listAvailable for a member with metadata filters, session bounds and sessions embedded', async () => {
    const { api, calls } = setup(json(listing));
    await api.events.listAvailable({
      withMemberEvents: true,
      meta: { audience: ['family', 'all'], 'Bad Key': ['x'], empty: [] },
      sessionsFrom: '2026-11-21T15:00:00.000Z',
      sessionsTo: '2026-11-21T17:00:00.000Z',
      date: '2026-11-30',
      includeSessions: true,
    });
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _withmemberevents: 'true',
      'hidden_type._in': 'public_browsable,public_member_only',
      'config.key._in': 'image',
      'meta.audience._in': 'family,all',
      'event_session.start_datetime._gte': '2026-11-21T15:00:00.000Z',
      'event_session.start_datetime._lt': '2026-11-21T17:00:00.000Z',
      _embed: 'meta,config,venue,ticket_type,ticket_group,event_session',
      seller_id: 'seller-1',
    });
  });

  it('listAvailable with a date filters sessions on that venue-zone day (_gte/_lt) and categories', async () => {
    const { api, calls } = setup(json(listing));
    await api.events.listAvailable({
      date: '2026-11-21',
      timezone: 'America/New_York',
      categories: ['admission', 'tours'],
    });
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'event_session.start_datetime._gte': '2026-11-21T05:00:00.000Z',
      'event_session.start_datetime._lt': '2026-11-22T05:00:00.000Z',
      'category._in': 'admission,tours',
    });
  });

  it('listAvailable handles a DST day (25 hours in New York on 2026-11-01)', async () => {
    const { api, calls } = setup(json(listing));
    await api.events.listAvailable({ date: '2026-11-01', timezone: 'America/New_York' });
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'event_session.start_datetime._gte': '2026-11-01T04:00:00.000Z',
      'event_session.start_datetime._lt': '2026-11-02T05:00:00.000Z',
    });
  });

  it('listAvailable handles the spring DST day (23 hours) and defaults to UTC', async () => {
    const { api, calls } = setup(json(listing));
    await api.events.listAvailable({ date: '2026-03-08', timezone: 'America/New_York' });
    await api.events.listAvailable({ date: '2026-03-08' });
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({
      'event_session.start_datetime._gte': '2026-03-08T05:00:00.000Z',
      'event_session.start_datetime._lt': '2026-03-09T04:00:00.000Z',
    });
    expect(queryOf(calls[1]?.url ?? '')).toMatchObject({
      'event_session.start_datetime._gte': '2026-03-08T00:00:00.000Z',
      'event_session.start_datetime._lt': '2026-03-09T00:00:00.000Z',
    });
  });

  it('listAvailable rejects a date that is not YYYY-MM-DD without calling', async () => {
    const { api, calls } = setup(json(listing));
    await expect(api.events.listAvailable({ date: '21/11/2026' })).rejects.toThrow(RangeError);
    await expect(api.events.listAvailable({ date: '2026-02-31' })).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });

  it('get: GET events/{id} with public hidden types on event and groups, joined into the detail', async () => {
    const { api, calls } = setup(json(eventDetailDocument()));
    const detail = await api.events.get('ev-1');
    expect(detail.ticketGroups.map((g) => g.id)).toEqual(['tg-1', 'tg-members']);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/events/ev-1');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      'hidden_type._in': PUBLIC,
      'ticket_group.hidden_type._in': PUBLIC,
      _embed: 'meta,venue,ticket_group,ticket_type,message_rule,config',
      seller_id: 'seller-1',
    });
    // No message_rule collection in the answer: no rules.
    expect(detail.messageRules).toBeUndefined();
  });

  it('get: the event’s message rules (spec 1 §3, §7 embed message_rule) join the detail by rank; unreadable ones and other events’ are left out', async () => {
    const doc = {
      ...eventDetailDocument(),
      message_rule: {
        _count: 4,
        _data: [
          {
            id: 'r-2',
            event_template_id: 'ev-1',
            _rank: 2,
            actions: { date_message: 'Second' },
            triggers: {},
          },
          {
            id: 'r-1',
            event_template_id: 'ev-1',
            _rank: 1,
            actions: { date_annotation: 'First' },
            triggers: { dateOrSession: { weekdays: [6, 7] } },
          },
          {
            id: 'r-x',
            event_template_id: 'ev-other',
            _rank: 0,
            actions: { date_message: 'Other' },
            triggers: {},
          },
          { id: 'r-0', event_template_id: 'ev-1', _rank: 0, actions: { nothing: 'x' }, triggers: {} },
        ],
      },
    };
    const { api } = setup(json(doc));
    const detail = await api.events.get('ev-1');
    expect(detail.messageRules?.map((r) => [r.id, r.actions])).toEqual([
      ['r-1', { date_annotation: 'First' }],
      ['r-2', { date_message: 'Second' }],
    ]);
    expect(detail.messageRules?.[0]?.dateOrSession?.weekdays).toEqual([6, 7]);
  });

  it('get: a ticket group filter travels as ticket_group.id._in', async () => {
    const { api, calls } = setup(json(eventDetailDocument()));
    await api.events.get('ev-1', { ticketGroupIds: ['tg-1', 'tg-members'] });
    expect(queryOf(calls[0]?.url ?? '')['ticket_group.id._in']).toBe('tg-1,tg-members');
  });

  it.each([404, 400])('get: a %i becomes ApiError event_not_found', async (status) => {
    const { api } = setup(json(apiErrorBody('not_found'), status));
    const error = await api.events.get('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'event_not_found', status });
  });

  it('get: other errors pass through', async () => {
    const { api } = setup(json({}, 500));
    await expect(api.events.get('ev-1')).rejects.toMatchObject({ code: 'unexpected', status: 500 });
  });

  it('calendar: GET events/{id}/calendar?_format=extended&ticket_group_id._in=…', async () => {
    const { api, calls } = setup(
      json({
        calendar: coll([
          {
            date: '2026-11-21',
            status: 'available',
            min_price: '10.00',
            min_price_fees: null,
            availability: null,
          },
        ]),
      }),
    );
    const days = await api.events.calendar('ev-1', { ticketGroupIds: ['tg-1', 'tg-2'] });
    expect(days).toEqual([
      { date: '2026-11-21', status: 'available', minPriceCents: 1000, availability: null },
    ]);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/events/ev-1/calendar');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _format: 'extended',
      'ticket_group_id._in': 'tg-1,tg-2',
      seller_id: 'seller-1',
    });
  });

  it('sessions: GET events/{id}/sessions?_ondate=…&_sort=start_datetime, sales window from now', async () => {
    const { api, calls } = setup(
      json({
        event_session: coll([
          session(),
          session({ id: 'ses-future', sales_start: '2026-11-22T00:00:00.000Z' }),
        ]),
      }),
    );
    const sessions = await api.events.sessions('ev-1', { date: '2026-11-22' });
    expect(sessions.map((s) => s.id)).toEqual(['ses-1']);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/events/ev-1/sessions');
    expect(queryOf(calls[0]?.url ?? '')).toEqual({
      _ondate: '2026-11-22',
      _sort: 'start_datetime',
      seller_id: 'seller-1',
    });
  });

  it('sessionGroups: cached GET events/{eid}/sessions/{sid} embedding ticket_group and ticket_type', async () => {
    const doc = eventDetailDocument();
    const { api, calls } = setup(json({ ticket_group: doc.ticket_group, ticket_type: doc.ticket_type }));
    const groups = await api.events.sessionGroups('ev-1', 'ses-1');
    expect(groups.map((g) => g.id)).toEqual(['tg-1', 'tg-members']);
    expect(calls[0]?.url).toBe(
      `/cached/api/events/ev-1/sessions/ses-1?_embed=ticket_group,ticket_type,ticket_group.meta&seller_id=seller-1&ticket_group.hidden_type._in=${PUBLIC}`,
    );
  });

  it('session: cached GET events/{eid}/sessions/{sid}, the session as a model; 404 is null', async () => {
    const { api, calls } = setup(
      json({ event_session: coll([session({ used_capacity: 46, oversell_capacity: 0 })]) }),
    );
    const found = await api.events.session('ev-1', 'ses-1');
    expect(found).toMatchObject({ id: 'ses-1', start: '2026-11-22T15:00:00.000Z', availableCapacity: 4 });
    expect(calls[0]?.url).toBe('/cached/api/events/ev-1/sessions/ses-1?seller_id=seller-1');
    const missing = setup(json(apiErrorBody('not_found'), 404));
    expect(await missing.api.events.session('ev-1', 'nope')).toBeNull();
    const broken = setup(json(apiErrorBody('validation_failed'), 400));
    await expect(broken.api.events.session('ev-1', 'x')).rejects.toBeInstanceOf(ApiError);
  });

  it('passes the caller signal through', async () => {
    const { api } = setup('hang');
    const controller = new AbortController();
    const pending = api.events.listAvailable({}, { signal: controller.signal });
    controller.abort(new Error('bye'));
    await expect(pending).rejects.toThrow('bye');
  });

  it('encodes ids in paths', async () => {
    const { api, calls } = setup(json(eventDetailDocument()));
    await api.events.get('ev/1?x').catch(() => {});
    expect(calls[0]?.url.startsWith('/api/events/ev%2F1%3Fx?')).toBe(true);
  });
});

describe('cart', () => {
  it('reserve without a cart: POST my/cart/modify, one add line per ticket, quantities > 0, admits', async () => {
    const { api, calls } = setup(json(cartDocument()));
    const cart = await api.cart.reserve(null, {
      eventId: 'ev-1',
      sessionId: 'ses-1',
      quantities: { 'tt-adult': 2, 'tt-child': 1, 'tt-senior': 0 },
      admits: { 'tt-adult': [{ name: ' Ada Lovelace ', email: 'ada@example.com' }, {}] },
    });
    expect(cart.id).toBe('cart-1');
    expect(cart.expiresAt).toBe(Date.parse('2026-11-21T10:20:00.000Z'));
    expect(cart.items[0]?.image?.src).toContain('/api/image/img-profile');
    const call = calls[0];
    expect(call?.method).toBe('POST');
    expect(pathOf(call?.url ?? '')).toBe('/api/my/cart/modify');
    expect(call?.body).toEqual({
      add: [
        {
          event_session_id: 'ses-1',
          ticket_type_id: 'tt-adult',
          admit_name: 'Ada Lovelace',
          admit_email: 'ada@example.com',
        },
        { event_session_id: 'ses-1', ticket_type_id: 'tt-adult' },
        { event_session_id: 'ses-1', ticket_type_id: 'tt-child' },
      ],
    });
    expect(queryOf(call?.url ?? '')._limit).toBe('1000');
  });

  it('reserve with a cart: POST my/cart/{id}/modify; reloads the cart when the answer has none', async () => {
    const { api, calls } = setup(json({ ticket: coll([ticket()]) }), json(cartDocument()));
    const cart = await api.cart.reserve('cart-1', {
      eventId: 'ev-1',
      sessionId: null,
      quantities: { 'tt-adult': 1 },
    });
    expect(cart.ticketCount).toBe(5);
    expect(calls.map((c) => `${c.method} ${pathOf(c.url)}`)).toEqual([
      'POST /api/my/cart/cart-1/modify',
      'GET /api/my/cart/cart-1',
    ]);
    expect(calls[0]?.body).toEqual({ add: [{ event_session_id: null, ticket_type_id: 'tt-adult' }] });
  });

  it('reserve rejects with the API error (e.g. event_session_sold_out) and does not retry', async () => {
    const { api, calls } = setup(
      json(apiErrorBody('event_session_sold_out', null, 'reserve', 'Sold out'), 409),
    );
    await expect(
      api.cart.reserve('cart-1', { eventId: 'ev-1', sessionId: 'ses-1', quantities: { 'tt-adult': 1 } }),
    ).rejects.toMatchObject({ code: 'event_session_sold_out', status: 409 });
    expect(calls).toHaveLength(1);
  });

  it('get: uncached GET my/cart/{id} with _limit=1000 and the cart embeds', async () => {
    const { api, calls } = setup(json(cartDocument()));
    const cart = await api.cart.get('cart-1');
    expect(cart.totals.outstandingCents).toBe(12775);
    const url = calls[0]?.url ?? '';
    expect(url.startsWith('/api/my/cart/cart-1?')).toBe(true);
    const query = queryOf(url);
    expect(query._limit).toBe('1000');
    expect(query['config.key._in']).toBe('image,web.session_picker_tabs');
    expect(query._embed?.split(',')).toEqual(
      expect.arrayContaining([
        'identity',
        'ticket',
        'ticket_type',
        'ticket_group',
        'event_session',
        'event_template',
        'venue',
        'config',
        'meta',
        'scheduled_payment',
        'seller',
      ]),
    );
  });

  it('remove: POST my/cart/{id}/modify { remove }', async () => {
    const { api, calls } = setup(json(cartDocument()));
    await api.cart.remove('cart-1', ['t-1', 't-2']);
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/my/cart/cart-1/modify');
    expect(calls[0]?.body).toEqual({ remove: ['t-1', 't-2'] });
  });

  it('changeDonation: POST my/cart/{id}/modify { remove, add } in one call; add null removes only', async () => {
    const { api, calls } = setup(json(cartDocument()), json(cartDocument()));
    const line = { event_session_id: null, ticket_type_id: 'tt-own', face_value: '12.50' };
    await api.cart.changeDonation('cart-1', { remove: ['t-1'], add: line });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/my/cart/cart-1/modify');
    expect(calls[0]?.body).toEqual({ remove: ['t-1'], add: [line] });
    await api.cart.changeDonation('cart-1', { remove: ['t-2'], add: null });
    expect(calls[1]?.body).toEqual({ remove: ['t-2'] });
  });

  it('discard: DELETE cart/{id}', async () => {
    const { api, calls } = setup(new Response(null, { status: 204 }));
    await expect(api.cart.discard('cart-1')).resolves.toBeUndefined();
    expect(calls[0]?.method).toBe('DELETE');
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/cart/cart-1');
  });

  it('setPurchaser: POST cart/{id}/purchaser with trimmed wire names', async () => {
    const { api, calls } = setup(json({}));
    await api.cart.setPurchaser('cart-1', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.com ',
    });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/cart/cart-1/purchaser');
    expect(calls[0]?.body).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
  });

  it('pay: POST cart/{id}/pay with a two-decimal amount and the stripe source, resolving order ids', async () => {
    const { api, calls } = setup(json({ ticket_order: coll([ticketOrder({ id: 'ord-7' })]) }));
    await expect(api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' })).resolves.toEqual({
      orderIds: ['ord-7'],
    });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/cart/cart-1/pay');
    expect(calls[0]?.body).toEqual({
      amount: '50.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_visa' },
    });
  });

  it('pay: asks for the whole cart; an answer leaving something outstanding is a partial payment with the fresh cart', async () => {
    const doc = cartDocument();
    const { api, calls } = setup(json({ ...doc, ticket_order: coll([ticketOrder({ id: 'ord-7' })]) }));
    const answer = await api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' });
    // Spec 2 §7: query and embed present (partial payments).
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({ _embed: CART_EMBED.join(','), _limit: '1000' });
    expect(answer.orderIds).toEqual(['ord-7']);
    expect(answer.partial?.id).toBe('cart-1');
    expect(answer.partial?.totals.outstandingCents).toBe(12775);
  });

  it('pay: the payment that leaves nothing outstanding completes (no partial)', async () => {
    const doc = cartDocument();
    const fees = doc.cart_fees?._data[0];
    const paid = fees ? { ...fees, grand_totals: { ...fees.grand_totals, total_outstanding: '0.00' } } : null;
    const { api } = setup(
      json({
        ...doc,
        cart_fees: coll(paid ? [paid] : []),
        ticket_order: coll([ticketOrder({ id: 'ord-7' })]),
      }),
    );
    await expect(api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' })).resolves.toEqual({
      orderIds: ['ord-7'],
    });
  });

  it('pay: a 402 intent_requires_action rejects with its extra and is tried once', async () => {
    const { api, calls } = setup(
      json(apiErrorBody('intent_requires_action', { client_secret: 'pi_1_secret' }), 402),
    );
    await expect(api.cart.pay('cart-1', { amountCents: 1, source: 'pm_x' })).rejects.toMatchObject({
      code: 'intent_requires_action',
      status: 402,
      extra: { client_secret: 'pi_1_secret' },
    });
    expect(calls).toHaveLength(1);
  });

  it('payWithLedger: POST cart/{id}/pay with gateway ledger and the cart embeds; an answer leaving something outstanding is partial', async () => {
    const doc = cartDocument();
    const { api, calls } = setup(json({ ...doc, ticket_order: coll([ticketOrder({ id: 'ord-5' })]) }));
    const answer = await api.cart.payWithLedger('cart-1', {
      ledgerType: 'gift_card',
      cardNumber: '7000000000000600',
      amountCents: 5000,
    });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/cart/cart-1/pay');
    expect(calls[0]?.body).toEqual({
      amount: '50.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_type: 'gift_card', ledger_number: '7000000000000600' },
    });
    // Spec 2 §7: query and embed present (partial payments), as the card's pay.
    expect(queryOf(calls[0]?.url ?? '')).toMatchObject({ _embed: CART_EMBED.join(','), _limit: '1000' });
    // A payment plan's deposit paid by a gift card: the order is booked, the balance still outstanding.
    expect(answer.orderIds).toEqual(['ord-5']);
    expect(answer.partial?.id).toBe('cart-1');
    expect(answer.partial?.totals.outstandingCents).toBe(12775);
  });

  it('payWithLedger: the gift card payment that leaves nothing outstanding completes (no partial)', async () => {
    const doc = cartDocument();
    const fees = doc.cart_fees?._data[0];
    const paid = fees ? { ...fees, grand_totals: { ...fees.grand_totals, total_outstanding: '0.00' } } : null;
    const { api } = setup(
      json({
        ...doc,
        cart_fees: coll(paid ? [paid] : []),
        ticket_order: coll([ticketOrder({ id: 'ord-7' })]),
      }),
    );
    await expect(
      api.cart.payWithLedger('cart-1', { ledgerType: 'gift_card', cardNumber: '70', amountCents: 12775 }),
    ).resolves.toEqual({ orderIds: ['ord-7'] });
  });

  it('guestCheckout: POST cart/{id}/guest_checkout { gateway_id free, send_email true }', async () => {
    const { api, calls } = setup(
      json({ ticket: coll([ticket({ ticket_order_id: 'ord-3', state: 'booked' })]) }),
    );
    await expect(api.cart.guestCheckout('cart-1')).resolves.toEqual({ orderIds: ['ord-3'] });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/cart/cart-1/guest_checkout');
    expect(calls[0]?.body).toEqual({ gateway_id: 'free', send_email: true });
  });

  it('an injected checkout without the email (spec 2 §4): pay and guest_checkout carry send_email false', async () => {
    const { api, calls } = setup(
      json({ ticket_order: coll([ticketOrder({ id: 'ord-7' })]) }),
      json({ ticket: coll([ticket({ ticket_order_id: 'ord-3', state: 'booked' })]) }),
    );
    await api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa', sendEmail: false });
    expect(calls[0]?.body).toEqual({
      amount: '50.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_card_visa' },
      send_email: false,
    });
    await api.cart.guestCheckout('cart-1', { sendEmail: false });
    expect(calls[1]?.body).toEqual({ gateway_id: 'free', send_email: false });
  });

  it('the visitor’s locale travels with every payment (issue 26: the order’s emails are written in it)', async () => {
    const order = () => json({ ticket_order: coll([ticketOrder({ id: 'ord-7' })]) });
    const { fetch, calls } = fakeFetch(
      order(),
      json({ ticket: coll([ticket({ ticket_order_id: 'ord-3', state: 'booked' })]) }),
      order(),
    );
    let tag: string | null = 'es';
    const api = createApi(SETTINGS, { fetch, now: () => NOW, locale: () => tag });
    await api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' });
    await api.cart.guestCheckout('cart-1');
    expect(calls.map((c) => (c.body as { locale?: string }).locale)).toEqual(['es', 'es']);
    // Read at each call; none (a seller naming no locales) sends none.
    tag = null;
    await api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' });
    expect(calls[2]?.body).not.toHaveProperty('locale');
  });

  it('the manage page’s email carries the visitor’s locale too (issue 26), read at each call', async () => {
    const { fetch, calls } = fakeFetch(json({}), json({}));
    let tag: string | null = 'es';
    const api = createApi(SETTINGS, { fetch, now: () => NOW, locale: () => tag });
    await api.orders.email('ord-1', 'order_cancel', 'tok');
    tag = null;
    await api.orders.email('ord-1', 'order_update', null);
    expect(calls.map((c) => c.body)).toEqual([
      { log_context: 'order_cancel', token: 'tok', locale: 'es' },
      { log_context: 'order_update' },
    ]);
  });
});

describe('orders', () => {
  const doc = {
    ticket_order: coll([ticketOrder({ id: 'ord-1' }), ticketOrder({ id: 'ord-2', order_number: '1002' })]),
    identity: coll([{ id: 'id-1', first_name: 'A', last_name: 'B', email: 'ab@example.com', type: 'guest' }]),
  };

  it('confirmation: cached GET ticket_order?id._in=… with the embeds, in the order asked, and the config', async () => {
    const { api, calls } = setup(json(doc), json({ config: coll([]) }));
    const { orders } = await api.orders.confirmation(['ord-2', 'ord-1', 'ord-missing']);
    expect(orders.map((o) => o.id)).toEqual(['ord-2', 'ord-1']);
    expect(orders[1]?.purchaserEmail).toBe('ab@example.com');
    expect(calls[0]?.url).toBe(
      '/cached/api/ticket_order?_embed=ticket,ticket_group,ticket_type,event_template,event_session,venue,seller,identity,meta' +
        '&id._in=ord-2,ord-1,ord-missing&seller_id=seller-1',
    );
  });

  it('the read tokens of a paid cart’s answer go with the order calls, for those orders only (api/order-tokens.ts)', async () => {
    const token = 'T'.repeat(43);
    const { api, calls } = setup(
      json({ ticket_order: coll([ticketOrder({ id: 'ord-2', access_token: token })]) }),
      json(doc),
      json({ config: coll([]) }),
      json(doc),
      json(doc),
    );
    await api.cart.pay('cart-1', { amountCents: 5000, source: 'pm_card_visa' });
    await api.orders.confirmation(['ord-2', 'ord-1']);
    expect(new URL(calls[1]?.url ?? '', 'http://x').searchParams.get('token')).toBe(token);
    await api.orders.get('ord-2');
    expect(new URL(calls[3]?.url ?? '', 'http://x').searchParams.get('token')).toBe(token);
    // An order this browser holds no token of is asked for without one.
    await api.orders.get('ord-1');
    expect(new URL(calls[4]?.url ?? '', 'http://x').searchParams.has('token')).toBe(false);
  });

  it('keepToken: an order link’s token (the printable order’s ?token=) goes with that order’s calls', async () => {
    const token = 'L'.repeat(43);
    const { api, calls } = setup(json(doc));
    await api.orders.keepToken('ord-1', token);
    await api.orders.get('ord-1');
    expect(new URL(calls[0]?.url ?? '', 'http://x').searchParams.get('token')).toBe(token);
  });

  it('confirmation([]) asks for no orders', async () => {
    const { api, calls } = setup(json({ config: coll([]) }));
    await expect(api.orders.confirmation([])).resolves.toMatchObject({ orders: [] });
    expect(calls.map((c) => c.url.split('?')[0])).toEqual(['/cached/api/config']);
  });

  it('get: uncached GET ticket_order/{id}; not_found when absent', async () => {
    const { api, calls } = setup(json(doc), json({ ticket_order: coll([]) }));
    await expect(api.orders.get('ord-1')).resolves.toMatchObject({ id: 'ord-1', kind: 'tickets' });
    expect(pathOf(calls[0]?.url ?? '')).toBe('/api/ticket_order/ord-1');
    await expect(api.orders.get('ord-1')).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it("an order's QR code: cached prefix, margin 4, seller id", async () => {
    const { api } = setup(json(doc));
    const order = await api.orders.get('ord-1');
    expect(order.qrCodeUrl).toBe('/cached/api/ticket_order/ord-1/qrcode?margin=4&seller_id=seller-1');
  });
});
