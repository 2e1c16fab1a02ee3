import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../../api/errors';
import { parseDocument } from '../../api/join';
import { toCart, toOrderIds } from '../../api/join-cart';
import { toCalendar, toEventDetail, toSessionGroups, toSessions, toTicketType } from '../../api/join-event';
import { toConfirmationPage, toOrders } from '../../api/join-orders';
import { toEventSummaries } from '../../api/join-summary';
import {
  cartDocument,
  coll,
  config,
  eventDetailDocument,
  eventTemplate,
  meta,
  session,
  ticket,
  ticketGroup,
  ticketOrder,
  ticketType,
  venue,
} from './fixtures';
import { SETTINGS } from './helpers';

const NOW = Date.parse('2026-11-21T10:05:00.000Z');

describe('parseDocument', () => {
  it('accepts a document and ignores unknown keys', () => {
    const doc = parseDocument({ venue: coll([venue]), not_a_collection_yet: coll([{ anything: 1 }]) });
    expect(doc.venue?._data[0]?.timezone).toBe('America/New_York');
  });

  it.each([
    ['a string where a number is due', { ticket_group: coll([{ ...ticketGroup(), capacity: '100' }]) }],
    ['a missing field', { venue: coll([{ id: 'v', name: 'x' }]) }],
    ['a collection that is not a collection', { event_template: [eventTemplate()] }],
    ['an unknown handler', { ticket_group: coll([{ ...ticketGroup(), handler: 'bogus' }]) }],
    ['not an object', 'oops'],
    ['null', null],
  ])('rejects %s as ApiError unexpected without echoing values', (_label, raw) => {
    let error: unknown;
    try {
      parseDocument(raw);
    } catch (e) {
      error = e;
    }
    expect(isApiError(error, 'unexpected')).toBe(true);
    expect((error as ApiError).context).toBe('invalid_document');
    expect(JSON.stringify((error as ApiError).extra)).not.toContain('100');
  });

  it('every join rejects a malformed document', () => {
    const bad = { event_template: coll([{ ...eventTemplate(), _rank: 'first' }]) };
    expect(() => toEventSummaries(bad, SETTINGS)).toThrow(ApiError);
    expect(() => toEventDetail(bad, SETTINGS)).toThrow(ApiError);
    expect(() => toCalendar({ calendar: coll([{ date: '2026-11-21' }]) })).toThrow(ApiError);
    expect(() => toSessions({ event_session: coll([{ ...session(), capacity: null }]) })).toThrow(ApiError);
    expect(() => toSessionGroups({ ticket_type: coll([{ ...ticketType(), currency_amount: 25 }]) })).toThrow(
      ApiError,
    );
    expect(() => toCart({ cart: coll([{ id: 'c' }]) }, { now: NOW })).toThrow(ApiError);
    expect(() => toOrders({ ticket_order: coll([{ id: 'o' }]) }, SETTINGS)).toThrow(ApiError);
  });

  it('rejects a money string that is not a decimal number', () => {
    const doc = {
      ticket_group: coll([ticketGroup()]),
      ticket_type: coll([ticketType({ currency_amount: '25,00' })]),
    };
    expect(() => toSessionGroups(doc)).toThrow(ApiError);
  });
});

describe('toTicketType', () => {
  it('prices in cents from the discounted amount, with the original price and fixed + percent fees', () => {
    const model = toTicketType(
      ticketType({
        currency_amount: '25.00',
        discounted_amount: '19.99',
        fee_fixed_outside: '1.50',
        fee_percent_outside: '2.50',
      }),
    );
    // 2.5 % of 1999 = 49.975 → 50; plus 150 fixed.
    expect(model).toMatchObject({ priceCents: 1999, originalPriceCents: 2500, feeCents: 200 });
  });

  it('has no original price without a discount and no fee without fee fields', () => {
    expect(toTicketType(ticketType({ currency_amount: '0.10' }))).toMatchObject({
      priceCents: 10,
      originalPriceCents: null,
      feeCents: 0,
    });
  });

  it('does no float drift: 0.29 and 1.15 are exact, percent fees round half up', () => {
    expect(toTicketType(ticketType({ currency_amount: '0.29' })).priceCents).toBe(29);
    expect(toTicketType(ticketType({ currency_amount: '1.15' })).priceCents).toBe(115);
    expect(toTicketType(ticketType({ currency_amount: '10.00', fee_percent_outside: '5.00' })).feeCents).toBe(
      50,
    );
    expect(toTicketType(ticketType({ currency_amount: '0.10', fee_percent_outside: '5.00' })).feeCents).toBe(
      1,
    ); // 0.5 → 1
    expect(toTicketType(ticketType({ currency_amount: '0.09', fee_percent_outside: '5.00' })).feeCents).toBe(
      0,
    ); // 0.45 → 0
  });

  it('a flexible price carries its fee parts (the percent is taken of the amount chosen); a fixed price none', () => {
    const flexible = toTicketType(
      ticketType({
        currency_amount: '5.00',
        currency_amount_min: '5.00',
        currency_amount_max: '100.00',
        fee_fixed_outside: '0.50',
        fee_percent_outside: '10.00',
      }),
    );
    expect(flexible).toMatchObject({ feeCents: 100, feeFixedCents: 50, feePercentHundredths: 1000 });
    const fixed = toTicketType(ticketType({ currency_amount: '5.00', fee_percent_outside: '10.00' }));
    expect(fixed.feePercentHundredths).toBeUndefined();
  });
});

describe('toEventSummaries', () => {
  it('joins venue, profile image with alt text, by _rank', () => {
    const doc = {
      event_template: coll([
        eventTemplate({ id: 'ev-2', name: 'Late', _rank: 5, venue_id: 'venue-2', subtitle: null }),
        eventTemplate({ id: 'ev-1', _rank: 1 }),
      ]),
      venue: coll([venue, { id: 'venue-2', name: 'Annex', timezone: 'Europe/London' }]),
      meta: coll([meta('ev-1', 'image_profile', 'img 7')]),
      config: coll([config('ev-1', 'image', { alt_text: 'Great hall' })]),
    };
    const events = toEventSummaries(doc, SETTINGS);
    expect(events.map((e) => e.id)).toEqual(['ev-1', 'ev-2']);
    expect(events[0]).toEqual({
      id: 'ev-1',
      name: 'General Admission',
      subtitle: 'Timed entry',
      summary: 'See the collection',
      category: 'admission',
      eventType: 'repeating',
      venue: { id: 'venue-1', name: 'Museum of Things', timezone: 'America/New_York' },
      image: {
        src: '/api/image/img%207?sizex=272&sizey=216&shrinkonly=true&seller_id=seller-1',
        alt: 'Great hall',
        width: 272,
        height: 216,
      },
    });
    expect(events[1]).toMatchObject({ image: null, subtitle: null, venue: { timezone: 'Europe/London' } });
  });

  it('rejects an event whose venue is missing', () => {
    expect(() => toEventSummaries({ event_template: coll([eventTemplate()]) }, SETTINGS)).toThrow(ApiError);
  });

  it('returns [] for an empty listing', () => {
    expect(toEventSummaries({ event_template: coll([]) }, SETTINGS)).toEqual([]);
    expect(toEventSummaries({}, SETTINGS)).toEqual([]);
  });
});

describe('toEventDetail', () => {
  const detail = toEventDetail(eventDetailDocument(), SETTINGS, 'ev-1');

  it('reads meta, config, reserve flow, hidden type and description of the event only', () => {
    expect(detail.meta).toEqual({
      image_profile: 'img-profile',
      image_cover: 'img-cover',
      reserve_flow: 'date_first',
    });
    expect(detail.config).toEqual({
      image: { alt_text: 'The great hall' },
      'web.session_picker_tabs': [12, 17],
    });
    expect(detail.reserveFlow).toBe('date_first');
    expect(detail.hiddenType).toBe('public_browsable');
    expect(detail.description).toBe('<p>Welcome</p>');
  });

  it('builds card and cover images', () => {
    expect(detail.image).toEqual({
      src: '/api/image/img-profile?sizex=272&sizey=216&shrinkonly=true&seller_id=seller-1',
      alt: 'The great hall',
      width: 272,
      height: 216,
    });
    expect(detail.cover?.src).toBe(
      '/api/image/img-cover?sizex=1500&sizey=600&shrinkonly=true&seller_id=seller-1',
    );
    expect(detail.cover?.width).toBe(1500);
  });

  it('drops groups whose hidden type is not public, orders groups and types by _rank', () => {
    expect(detail.ticketGroups.map((g) => g.id)).toEqual(['tg-1', 'tg-members']);
    expect(detail.ticketGroups[0]?.types.map((t) => t.id)).toEqual(['tt-adult', 'tt-child']);
    expect(detail.ticketGroups[1]?.types.map((t) => t.id)).toEqual(['tt-member']);
  });

  it('computes remaining group capacity (null when unlimited) and type prices', () => {
    const [admission, members] = detail.ticketGroups;
    expect(admission).toMatchObject({
      name: 'Admission',
      handler: 'tickets',
      hiddenType: 'public_browsable',
      minPerOrder: null,
      maxPerOrder: 10,
      remaining: 65, // 100 + 5 - 40
      excludeFromEventCapacity: false,
      soldOut: false,
    });
    expect(members?.remaining).toBeNull();
    expect(admission?.types[0]).toEqual({
      id: 'tt-adult',
      groupId: 'tg-1',
      name: 'Adult',
      description: null,
      priceCents: 1999,
      originalPriceCents: 2500,
      feeCents: 200,
      rank: 1,
    });
    expect(admission?.types[1]).toMatchObject({ priceCents: 1250, originalPriceCents: null, feeCents: 0 });
  });

  it('never reports negative remaining capacity', () => {
    const doc = {
      ...eventDetailDocument(),
      ticket_group: coll([ticketGroup({ capacity: 10, oversell_capacity: 0, used_capacity: 12 })]),
    };
    expect(toEventDetail(doc, SETTINGS).ticketGroups[0]?.remaining).toBe(0);
  });

  it("reads the city-pass config: the event's groups with the seller's formats; none without the event's row", () => {
    expect(detail.citypass).toBeUndefined();
    const formats = [
      { adult_regexp: '^CP-A\\d{6}$', child_regexp: '^CP-C\\d{6}$', child_ticket_type_keywords: ['kid'] },
    ];
    const doc = {
      ...eventDetailDocument(),
      config: coll([
        config('ev-1', 'web.ecommerce.citypass', { ticket_group_ids: ['g-1'] }),
        config('seller-1', 'citypass_code_groups', formats, 'seller'),
      ]),
    };
    expect(toEventDetail(doc, SETTINGS).citypass).toEqual({ ticketGroupIds: ['g-1'], codeGroups: formats });
    const sellerOnly = {
      ...eventDetailDocument(),
      config: coll([config('seller-1', 'citypass_code_groups', formats, 'seller')]),
    };
    expect(toEventDetail(sellerOnly, SETTINGS).citypass).toBeUndefined();
  });

  it('has a null reserve flow, cover and image when the meta is absent or unknown', () => {
    const doc = { ...eventDetailDocument(), meta: coll([meta('ev-1', 'reserve_flow', 'seat_first')]) };
    const model = toEventDetail(doc, SETTINGS);
    expect(model).toMatchObject({ reserveFlow: null, cover: null, image: null });
  });

  it('throws event_not_found when the document has no such event', () => {
    expect(() => toEventDetail({ event_template: coll([]) }, SETTINGS)).toThrow(
      expect.objectContaining({ code: 'event_not_found', status: 404 }),
    );
    expect(() => toEventDetail(eventDetailDocument(), SETTINGS, 'ev-9')).toThrow(
      expect.objectContaining({ code: 'event_not_found' }),
    );
  });
});

describe('toSessionGroups', () => {
  it('returns the public groups of a session document with their types', () => {
    const doc = eventDetailDocument();
    const groups = toSessionGroups({ ticket_group: doc.ticket_group, ticket_type: doc.ticket_type });
    expect(groups.map((g) => [g.id, g.types.map((t) => t.id)])).toEqual([
      ['tg-1', ['tt-adult', 'tt-child']],
      ['tg-members', ['tt-member']],
    ]);
  });
});

describe('toCalendar', () => {
  it('maps days, min price in cents and availability; unknown statuses become other', () => {
    const doc = {
      calendar: coll([
        {
          date: '2026-11-21',
          status: 'available',
          min_price: '12.50',
          min_price_fees: { outside: '1.00' },
          availability: 7,
        },
        { date: '2026-11-22', status: 'sold_out', min_price: null, min_price_fees: null, availability: 0 },
        { date: '2026-11-23', status: 'closed', min_price: '0.00', min_price_fees: null, availability: null },
      ]),
    };
    expect(toCalendar(doc)).toEqual([
      { date: '2026-11-21', status: 'available', minPriceCents: 1250, availability: 7 },
      { date: '2026-11-22', status: 'sold_out', minPriceCents: null, availability: 0 },
      { date: '2026-11-23', status: 'other', minPriceCents: 0, availability: null },
    ]);
  });
});

describe('toSessions', () => {
  const doc = {
    event_session: coll([
      session(),
      session({ id: 'ses-unlimited', capacity: -1, used_capacity: 400 }),
      session({ id: 'ses-sold', capacity: 20, oversell_capacity: 0, used_capacity: 20, sold_out: true }),
      session({ id: 'ses-later-sales', sales_start: '2026-11-22T00:00:00.000Z' }),
      session({ id: 'ses-sales-over', sales_end: '2026-11-21T10:00:00.000Z' }),
      session({
        id: 'ses-in-window',
        sales_start: '2026-11-20T00:00:00.000Z',
        sales_end: '2026-11-22T00:00:00.000Z',
      }),
    ]),
  };

  it('computes availableCapacity = capacity + oversell - used, null when unlimited', () => {
    const sessions = toSessions(doc);
    expect(sessions[0]).toEqual({
      id: 'ses-1',
      eventId: 'ev-1',
      start: '2026-11-22T15:00:00.000Z',
      end: '2026-11-22T16:00:00.000Z',
      availableCapacity: 42, // 50 + 2 - 10
      soldOut: false,
    });
    expect(sessions[1]?.availableCapacity).toBeNull();
    expect(sessions[2]).toMatchObject({ availableCapacity: 0, soldOut: true });
    expect(sessions).toHaveLength(6);
  });

  it('leaves out sessions outside their sales window when given now', () => {
    expect(toSessions(doc, { now: NOW }).map((s) => s.id)).toEqual([
      'ses-1',
      'ses-unlimited',
      'ses-sold',
      'ses-in-window',
    ]);
  });
});

describe('toCart', () => {
  it('reads the guest purchaser the cart’s identity holds; none for the public identity', () => {
    const withIdentity = (type: string) => ({
      ...cartDocument(),
      identity: coll([
        { id: 'id-1', first_name: 'Kat', last_name: 'Johnson', email: 'kat@example.com', type },
      ]),
    });
    expect(toCart(withIdentity('guest'), { now: NOW }).purchaser).toEqual({
      firstName: 'Kat',
      lastName: 'Johnson',
      email: 'kat@example.com',
    });
    expect(toCart(withIdentity('public'), { now: NOW }).purchaser).toBeUndefined();
    expect(toCart(cartDocument(), { now: NOW }).purchaser).toBeUndefined();
  });

  it('reads the cart header, expiry and currency', () => {
    const cart = toCart(cartDocument(), { now: NOW });
    expect(cart).toMatchObject({
      id: 'cart-1',
      number: 'C-1001',
      state: 'pending',
      identityId: 'id-1',
      expiresAt: Date.parse('2026-11-21T10:20:00.000Z'),
      expiresIn: 900,
      currency: 'USD',
      orderIds: [],
    });
  });

  it('groups live tickets by event + session, with lines per ticket type, ordered by start time', () => {
    const cart = toCart(cartDocument(), { now: NOW, urls: SETTINGS });
    expect(cart.ticketCount).toBe(5); // t-4 is cancelled
    expect(cart.items.map((i) => i.key)).toEqual(['ev-1:ses-2', 'ev-1:ses-1', 'ev-gift:']);
    const [early, late, gift] = cart.items;
    expect(early).toMatchObject({
      eventId: 'ev-1',
      eventName: 'General Admission',
      sessionId: 'ses-2',
      start: '2026-11-22T14:00:00.000Z',
      timezone: 'America/New_York',
      ticketIds: ['t-5'],
      lines: [{ ticketTypeId: 'tt-adult', name: 'Adult', count: 1, unitCents: 2500, totalCents: 2500 }],
    });
    expect(late?.ticketIds).toEqual(['t-1', 't-2', 't-3']);
    expect(late?.lines).toEqual([
      { ticketTypeId: 'tt-adult', name: 'Adult', count: 2, unitCents: 2500, totalCents: 5000 },
      { ticketTypeId: 'tt-child', name: 'Child', count: 1, unitCents: 1250, totalCents: 1250 },
    ]);
    expect(late?.image).toEqual({
      src: '/api/image/img-profile?sizex=128&sizey=102&shrinkonly=true&seller_id=seller-1',
      alt: '',
      width: 64,
      height: 51,
    });
    expect(gift).toMatchObject({ sessionId: null, start: null, image: null, ticketIds: ['t-6'] });
    expect(gift?.lines).toEqual([
      { ticketTypeId: 'tt-gift', name: 'Gift card $50', count: 1, unitCents: 5000, totalCents: 5000 },
    ]);
  });

  it("gives each line its tickets' attendee names (admit_name), trimmed, in ticket order; none without", () => {
    const doc = {
      ...cartDocument(),
      ticket: coll([
        ticket({ id: 't-1', admit_name: 'Ada Lovelace' }),
        ticket({ id: 't-2', ticket_type_id: 'tt-child', face_value: '12.50', adjusted_value: '12.50' }),
        ticket({ id: 't-3', admit_name: ' Alan Turing ' }),
      ]),
    };
    const [item] = toCart(doc, { now: NOW }).items;
    expect(item?.lines.map((l) => [l.name, l.admitNames])).toEqual([
      ['Adult', ['Ada Lovelace', 'Alan Turing']],
      ['Child', undefined],
    ]);
  });

  it("gives a pass's line its tickets' validity, and no other line one", () => {
    const validity = { valid_from: '2026-11-21T05:00:00.000Z', valid_to: '2026-12-21T04:59:59.000Z' };
    const doc = {
      ...cartDocument(),
      ticket: coll([
        ticket({ id: 't-1', handler: 'passes', ...validity }),
        ticket({
          id: 't-2',
          ticket_type_id: 'tt-child',
          face_value: '12.50',
          adjusted_value: '12.50',
          ...validity,
        }),
      ]),
    };
    const [item] = toCart(doc, { now: NOW }).items;
    expect(item?.lines.map((l) => [l.name, l.validity])).toEqual([
      ['Adult', { from: validity.valid_from, to: validity.valid_to }],
      ['Child', undefined],
    ]);
  });

  it("gives a donation's line its ticket ids (checkout's donation form removes them), and no other line any", () => {
    const doc = {
      ...cartDocument(),
      ticket: coll([
        ticket({ id: 't-1', handler: 'donation' }),
        ticket({ id: 't-2', ticket_type_id: 'tt-child', face_value: '12.50', adjusted_value: '12.50' }),
        ticket({ id: 't-3', handler: 'donation' }),
      ]),
    };
    const [item] = toCart(doc, { now: NOW }).items;
    expect(item?.lines.map((l) => [l.name, l.ticketIds])).toEqual([
      ['Adult', ['t-1', 't-3']],
      ['Child', undefined],
    ]);
  });

  it("gives each line its tickets' survey answers once, in the survey's order, by title; none without", () => {
    const survey = JSON.stringify({
      properties: {
        youngest: { title: 'Age of the youngest', type: 'integer', propertyOrder: 2 },
        heard: { title: 'How did you hear about us?', type: 'string', propertyOrder: 1 },
      },
    });
    const doc = {
      ...cartDocument(),
      ticket: coll([
        ticket({ id: 't-1', additional_info: { youngest: 7, heard: 'A friend' } }),
        ticket({ id: 't-2', additional_info: { youngest: 7, heard: 'A friend' } }),
        ticket({ id: 't-3', ticket_type_id: 'tt-child', face_value: '12.50', adjusted_value: '12.50' }),
        ticket({ id: 't-5', additional_info: { heard: 'Web', gone: 'x' } }),
      ]),
      meta: coll([meta('tg-1', 'additional_info_spec', survey, 'ticket_group')]),
    };
    const [item] = toCart(doc, { now: NOW }).items;
    expect(item?.lines.map((l) => [l.name, l.answers])).toEqual([
      [
        'Adult',
        [
          { question: 'How did you hear about us?', answer: 'A friend' },
          { question: 'Age of the youngest', answer: '7' },
          { question: 'How did you hear about us?', answer: 'Web' },
          { question: 'gone', answer: 'x' },
        ],
      ],
      ['Child', undefined],
    ]);
  });

  it('counts held tickets apart: booked ones still count as tickets, but a paid cart holds none', () => {
    expect(toCart(cartDocument(), { now: NOW }).heldTicketCount).toBe(5); // in_cart; t-4 is cancelled
    const doc = cartDocument();
    const paid = {
      ...doc,
      ticket: {
        ...doc.ticket,
        _data: doc.ticket._data.map((t) => ({ ...t, state: t.state === 'cancelled' ? t.state : 'booked' })),
      },
    };
    const cart = toCart(paid, { now: NOW });
    expect(cart.ticketCount).toBe(5);
    expect(cart.heldTicketCount).toBe(0);
  });

  it('takes totals from cart_fees.grand_totals', () => {
    expect(toCart(cartDocument(), { now: NOW }).totals).toEqual({
      subtotalCents: 13750,
      feesFixedCents: 300,
      feesPercentCents: 225,
      discountCents: 500,
      paymentsCents: 1000,
      outstandingCents: 12775,
    });
  });

  it('falls back to sums over live tickets without cart_fees', () => {
    // Faces 25 + 12.50 + 25 + 25 + 50 = 137.50; t-5 adjusted to 20 → discount 5.
    // Adult fees: 1.00 fixed + 3 % of adjusted (0.75, 0.75, 0.60) on t-1, t-3, t-5.
    expect(toCart(cartDocument(false), { now: NOW }).totals).toEqual({
      subtotalCents: 13750,
      feesFixedCents: 300,
      feesPercentCents: 210,
      discountCents: 500,
      paymentsCents: 0,
      outstandingCents: 13750 - 500 + 300 + 210,
    });
  });

  it('dates expiry from now + expires_in when expires_at is absent, null when neither is given', () => {
    const doc = cartDocument();
    const header = doc.cart._data[0];
    if (!header) throw new Error('fixture');
    expect(toCart({ ...doc, cart: coll([{ ...header, expires_at: null }]) }, { now: NOW }).expiresAt).toBe(
      NOW + 900_000,
    );
    const none = toCart(
      { ...doc, cart: coll([{ ...header, expires_at: null, expires_in: null }]) },
      { now: NOW },
    );
    expect(none).toMatchObject({ expiresAt: null, expiresIn: null });
  });

  it('collects order ids of booked tickets and ticket_order rows of the cart', () => {
    const doc = cartDocument();
    const booked = {
      ...doc,
      ticket: coll([
        ticket({ id: 't-1', state: 'booked', ticket_order_id: 'ord-1' }),
        ticket({ id: 't-2', ticket_order_id: 'ord-1' }),
      ]),
      ticket_order: coll([ticketOrder({ id: 'ord-2' }), ticketOrder({ id: 'ord-x', cart_id: 'other' })]),
    };
    expect(toCart(booked, { now: NOW }).orderIds).toEqual(['ord-1', 'ord-2']);
  });

  it('rejects a cart document without a cart or with a ticket of an unknown event', () => {
    expect(() => toCart({}, { now: NOW })).toThrow(ApiError);
    const doc = cartDocument();
    expect(() =>
      toCart({ ...doc, event_template: coll([eventTemplate({ id: 'ev-gift' })]) }, { now: NOW }),
    ).toThrow(expect.objectContaining({ code: 'unexpected', context: 'missing_event_template' }));
  });

  it('is empty for a cart without tickets', () => {
    const doc = cartDocument();
    const cart = toCart({ cart: doc.cart, ticket: coll([]) }, { now: NOW });
    expect(cart).toMatchObject({ ticketCount: 0, items: [], currency: 'USD' });
    expect(cart.totals.outstandingCents).toBe(0);
  });

  it('reads the scheduled payments (the widget shows a partial total with them), none without', () => {
    const doc = cartDocument();
    expect('scheduledPayments' in toCart(doc, { now: NOW })).toBe(false);
    const withSchedule = toCart(
      {
        ...doc,
        scheduled_payment: coll([
          { id: 'sp-1', due: '2026-12-01T00:00:00Z', amount: '40.25', status: 'upcoming' },
        ]),
      },
      { now: NOW },
    );
    expect(withSchedule.scheduledPayments).toEqual([
      { id: 'sp-1', dueDate: '2026-12-01T00:00:00Z', amountCents: 4025, status: 'upcoming' },
    ]);
  });
  it('reads the completed payments as their gateway audits, oldest first (spec 2 §3); none without', () => {
    const doc = cartDocument();
    expect('completedPayments' in toCart(doc, { now: NOW })).toBe(false);
    const payment = (id: string, amount: string, on: string) => ({
      id,
      cart_id: 'cart-1',
      ticket_order_id: 'ord-1',
      gateway_id: 'stripe',
      amount,
      status: 'succeeded',
      occurred_on: on,
    });
    const cart = toCart(
      {
        ...doc,
        payment: coll([
          payment('pay-1', '50.00', '2026-11-01T10:00:00Z'),
          payment('pay-2', '75.00', '2026-11-08T10:00:00Z'),
          { ...payment('pay-other', '9.00', '2026-11-02T10:00:00Z'), cart_id: 'cart-other' },
        ]),
        gateway_audit: coll([
          {
            id: 'au-2',
            payment_id: 'pay-1',
            occurred_on: '2026-11-03T10:00:00Z',
            audit_action: 'refund',
            amount: '5.00',
          },
          {
            id: 'au-1',
            payment_id: 'pay-1',
            occurred_on: '2026-11-01T10:00:00Z',
            audit_action: 'capture',
            amount: '50.00',
          },
        ]),
      },
      { now: NOW },
    );
    // pay-2 has no audit row: it is its own capture; another cart's payment is not this cart's.
    expect(cart.completedPayments).toEqual([
      { id: 'au-1', occurredDate: '2026-11-01T10:00:00Z', amountCents: 5000, status: 'capture' },
      { id: 'au-2', occurredDate: '2026-11-03T10:00:00Z', amountCents: 500, status: 'refund' },
      { id: 'pay-2', occurredDate: '2026-11-08T10:00:00Z', amountCents: 7500, status: 'capture' },
    ]);
  });
});

describe('toOrders / toOrderIds', () => {
  const doc = {
    ticket_order: coll([
      ticketOrder({ id: 'ord-1', order_number: '1001' }),
      ticketOrder({ id: 'ord-2', order_number: '1002', identity_id: 'id-2' }),
      ticketOrder({ id: 'ord-3', order_number: '1003' }),
      ticketOrder({ id: 'ord-4', order_number: '1004' }),
    ]),
    identity: coll([
      { id: 'id-1', first_name: 'Ada', last_name: 'L', email: 'ada@example.com', type: 'guest' },
      { id: 'id-2', first_name: null, last_name: null, email: null, type: 'public' },
    ]),
    ticket_group: coll([
      ticketGroup(),
      ticketGroup({ id: 'tg-mem', handler: 'membership' }),
      ticketGroup({ id: 'tg-codes', handler: 'codes' }),
      ticketGroup({ id: 'tg-don', handler: 'donation' }),
    ]),
    ticket_type: coll([
      ticketType(),
      ticketType({ id: 'tt-mem', ticket_group_id: 'tg-mem', name: 'Family' }),
      ticketType({ id: 'tt-code', ticket_group_id: 'tg-codes', name: 'Gift' }),
      ticketType({ id: 'tt-don', ticket_group_id: 'tg-don', name: 'Donation' }),
    ]),
    event_template: coll([eventTemplate()]),
    event_session: coll([session()]),
    venue: coll([venue]),
    ticket: coll([
      ticket({ id: 't-1', state: 'booked', ticket_order_id: 'ord-1' }),
      ticket({
        id: 't-2',
        state: 'booked',
        ticket_order_id: 'ord-1',
        ticket_type_id: 'tt-don',
        ticket_group_id: 'tg-don',
        face_value: '5.00',
      }),
      ticket({ id: 't-3', state: 'cancelled', ticket_order_id: 'ord-1' }),
      ticket({
        id: 't-4',
        state: 'booked',
        ticket_order_id: 'ord-2',
        event_session_id: null,
        ticket_type_id: 'tt-mem',
        ticket_group_id: 'tg-mem',
      }),
      ticket({
        id: 't-5',
        state: 'booked',
        ticket_order_id: 'ord-2',
        ticket_type_id: 'tt-code',
        ticket_group_id: 'tg-codes',
      }),
      ticket({
        id: 't-6',
        state: 'booked',
        ticket_order_id: 'ord-3',
        event_session_id: null,
        ticket_type_id: 'tt-code',
        ticket_group_id: 'tg-codes',
      }),
      ticket({
        id: 't-7',
        state: 'booked',
        ticket_order_id: 'ord-4',
        event_session_id: null,
        ticket_type_id: 'tt-don',
        ticket_group_id: 'tg-don',
        face_value: '5.00',
      }),
    ]),
  };

  it('joins orders with QR code URL, kind, purchaser email and items', () => {
    const orders = toOrders(doc, SETTINGS);
    expect(orders.map((o) => [o.id, o.number, o.kind, o.ticketCount, o.purchaserEmail])).toEqual([
      ['ord-1', '1001', 'tickets', 2, 'ada@example.com'],
      ['ord-2', '1002', 'membership', 2, null],
      ['ord-3', '1003', 'gift', 1, 'ada@example.com'],
      ['ord-4', '1004', 'tickets', 1, 'ada@example.com'],
    ]);
    // Only an order with groups other than donation or ledger has a block on the confirmation (spec 2 §2).
    expect(orders.map((o) => o.admits)).toEqual([true, true, true, false]);
    expect(orders[0]?.qrCodeUrl).toBe('/cached/api/ticket_order/ord-1/qrcode?margin=4&seller_id=seller-1');
    // The calendar file: uncached, for orders whose tickets have sessions only.
    expect(orders[0]?.calendarUrl).toBe('/api/ticket_order/ord-1/calendar.ics?seller_id=seller-1');
    expect(orders.map((o) => o.calendarUrl !== null)).toEqual(
      orders.map((o) => o.items.some((item) => item.start !== null)),
    );
    expect(orders[0]?.cartId).toBe('cart-1');
    expect(orders[0]?.items).toHaveLength(1);
    expect(orders[0]?.items[0]?.lines.map((l) => [l.name, l.count, l.totalCents])).toEqual([
      ['Adult', 1, 2500],
      ['Donation', 1, 500],
    ]);
    expect(orders[0]?.items[0]?.image).toBeNull();
  });

  it('links the Apple Wallet pass where the server says wallet_pass and the order has a dated visit, with the known token', () => {
    // Without wallet_pass (a seller without passes, or an order id alone): no link.
    expect(toOrders(doc, SETTINGS).map((o) => o.walletUrl)).toEqual([null, null, null, null]);
    const marked = {
      ...doc,
      ticket_order: coll(doc.ticket_order._data.map((o) => ({ ...o, wallet_pass: true }))),
    };
    const tokens: Record<string, string> = { 'ord-1': 'tok_ord-1' };
    const orders = toOrders(marked, SETTINGS, (id) => tokens[id] ?? null);
    expect(orders[0]?.walletUrl).toBe(
      '/api/ticket_order/ord-1/wallet.pkpass?seller_id=seller-1&token=tok_ord-1',
    );
    // No token known (the owner's session lets it through); only orders with a dated visit have a pass.
    expect(orders.map((o) => o.walletUrl)).toEqual(
      orders.map((o) =>
        o.items.some((item) => item.start !== null)
          ? `/api/ticket_order/${o.id}/wallet.pkpass?seller_id=seller-1${o.id === 'ord-1' ? '&token=tok_ord-1' : ''}`
          : null,
      ),
    );
  });

  it('gives each order the discount codes it bought (issued_promo_code), none to the others', () => {
    const code = (id: string, value: string, order: string, ticketId: string) => ({
      id,
      code: value,
      code_group_id: 'cg-1',
      description: '50% off General Admission',
      ticket_id: ticketId,
      ticket_order_id: order,
    });
    const orders = toOrders(
      {
        ...doc,
        issued_promo_code: coll([
          code('pc-1', 'ABCDEFGHJKMN', 'ord-3', 't-6'),
          code('pc-2', 'PQRSTUVWXYZ2', 'ord-2', 't-5'),
        ]),
      },
      SETTINGS,
    );
    expect(orders.map((o) => o.codes.map((c) => c.code))).toEqual([
      [],
      ['PQRSTUVWXYZ2'],
      ['ABCDEFGHJKMN'],
      [],
    ]);
    expect(orders[2]?.codes[0]?.description).toBe('50% off General Admission');
    // Without the collection (not the owner), no codes.
    expect(toOrders(doc, SETTINGS).every((o) => o.codes.length === 0)).toBe(true);
  });

  it('reads order ids of a payment answer', () => {
    expect(toOrderIds(doc)).toEqual(['ord-1', 'ord-2', 'ord-3', 'ord-4']);
    expect(
      toOrderIds({ ticket: coll([ticket({ ticket_order_id: 'ord-9' }), ticket({ id: 't-2' })]) }),
    ).toEqual(['ord-9']);
    expect(toOrderIds({})).toEqual([]);
  });
});

describe('toConfirmationPage (spec 2 §2 "Confirmation screen")', () => {
  const sellerMeta = (key: string, value: string) => ({
    id: `m-${key}`,
    resource: 'seller',
    resource_id: 'seller-1',
    key,
    value,
  });
  const config = (value: unknown) => ({
    config: coll([{ id: 'c', resource: 'seller', resource_id: 'seller-1', key: 'external_urls', value }]),
  });

  it('reads the seller’s message, links, images, offsets and external URL', () => {
    const orders = {
      meta: coll([
        sellerMeta('completed_order_message', '<p>Thanks! Sent to {{email}}.</p>'),
        sellerMeta(
          'completed_order_links',
          JSON.stringify([
            { text: 'Plan your visit', url: 'https://venue.example/visit' },
            { label: 'Shop', url: '/demo/events' },
            { text: 'Bad', url: 'javascript:alert(1)' },
            { text: '', url: 'https://venue.example/empty' },
          ]),
        ),
        sellerMeta('completed_image', 'https://cdn.example/done.jpg'),
        sellerMeta('completed_mobile_image', 'https://cdn.example/done-small.jpg'),
        sellerMeta('completed_image_alternate_text', 'The museum at dusk'),
        sellerMeta('completed_content_offset', '12rem'),
        sellerMeta('completed_content_mobile_offset', '8rem; background:url(x)'),
        sellerMeta('show_tickets_link', 'true'),
        { ...sellerMeta('completed_order_message', 'another seller'), resource_id: 'seller-2' },
      ]),
    };
    expect(
      toConfirmationPage(orders, config({ completed_order: 'https://venue.example/thanks' }), 'seller-1'),
    ).toEqual({
      message: '<p>Thanks! Sent to {{email}}.</p>',
      links: [
        { text: 'Plan your visit', url: 'https://venue.example/visit' },
        { text: 'Shop', url: '/demo/events' },
      ],
      image: {
        desktop: 'https://cdn.example/done.jpg',
        mobile: 'https://cdn.example/done-small.jpg',
        alt: 'The museum at dusk',
      },
      contentOffset: '12rem',
      contentMobileOffset: null,
      externalUrl: 'https://venue.example/thanks',
      showTicketsLink: true,
    });
  });

  it('nothing configured, or unsafe values: nothing shown and no redirect', () => {
    const empty = {
      message: null,
      links: [],
      image: null,
      contentOffset: null,
      contentMobileOffset: null,
      externalUrl: null,
      showTicketsLink: false,
    };
    expect(toConfirmationPage({ meta: coll([]) }, { config: coll([]) }, 'seller-1')).toEqual(empty);
    expect(
      toConfirmationPage(
        null,
        config(JSON.stringify({ completed_order: 'javascript:alert(1)' })),
        'seller-1',
      ),
    ).toEqual(empty);
    expect(toConfirmationPage(null, config({ completed_order: '/relative' }), 'seller-1')).toEqual(empty);
  });
});
