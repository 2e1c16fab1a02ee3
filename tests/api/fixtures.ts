/** Hand-built relational documents matching api/schemas.ts. */
import type {
  CartFees,
  Config,
  EventSession,
  EventTemplate,
  Meta,
  Ticket,
  TicketGroup,
  TicketOrder,
  TicketType,
} from '../../api/schemas';

export const coll = <T>(items: T[]) => ({ _count: items.length, _data: items });

export const eventTemplate = (over: Partial<EventTemplate> = {}): EventTemplate => ({
  id: 'ev-1',
  seller_id: 'seller-1',
  name: 'General Admission',
  subtitle: 'Timed entry',
  summary: 'See the collection',
  description: '<p>Welcome</p>',
  category: 'admission',
  event_type: 'repeating',
  hidden_type: 'public_browsable',
  venue_id: 'venue-1',
  _rank: 1,
  ...over,
});

export const venue = { id: 'venue-1', name: 'Museum of Things', timezone: 'America/New_York' };

export const ticketGroup = (over: Partial<TicketGroup> = {}): TicketGroup => ({
  id: 'tg-1',
  event_template_id: 'ev-1',
  name: 'Admission',
  description: null,
  handler: 'tickets',
  hidden_type: 'public_browsable',
  min_tickets_per_order: null,
  max_tickets_per_order: 10,
  capacity: 100,
  oversell_capacity: 5,
  used_capacity: 40,
  exclude_from_event_capacity: false,
  sold_out: false,
  _rank: 1,
  ...over,
});

export const ticketType = (over: Partial<TicketType> = {}): TicketType => ({
  id: 'tt-adult',
  ticket_group_id: 'tg-1',
  event_template_id: 'ev-1',
  name: 'Adult',
  description: null,
  summary: null,
  currency_amount: '25.00',
  currency_amount_min: null,
  currency_amount_max: null,
  discounted_amount: null,
  fee_fixed_outside: null,
  fee_percent_outside: null,
  _rank: 1,
  ...over,
});

export const session = (over: Partial<EventSession> = {}): EventSession => ({
  id: 'ses-1',
  event_template_id: 'ev-1',
  start_datetime: '2026-11-22T15:00:00.000Z',
  end_datetime: '2026-11-22T16:00:00.000Z',
  capacity: 50,
  oversell_capacity: 2,
  used_capacity: 10,
  sold_out: false,
  sales_start: null,
  sales_end: null,
  ...over,
});

export const meta = (resourceId: string, key: string, value: string, resource = 'event_template'): Meta => ({
  id: `meta-${resourceId}-${key}`,
  resource,
  resource_id: resourceId,
  key,
  value,
});

export const config = (
  resourceId: string,
  key: string,
  value: unknown,
  resource = 'event_template',
): Config => ({
  id: `config-${resourceId}-${key}`,
  resource,
  resource_id: resourceId,
  key,
  value,
});

export const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 't-1',
  cart_id: 'cart-1',
  state: 'in_cart',
  event_session_id: 'ses-1',
  event_template_id: 'ev-1',
  ticket_type_id: 'tt-adult',
  ticket_group_id: 'tg-1',
  ticket_order_id: null,
  handler: 'tickets',
  face_value: '25.00',
  adjusted_value: '25.00',
  valid_from: null,
  valid_to: null,
  admit_name: null,
  admit_email: null,
  ...over,
});

export const cartFees = (totals: Partial<CartFees['grand_totals']> = {}): CartFees => ({
  cart_id: 'cart-1',
  gateway_id: 'stripe',
  account_id: null,
  face_value: '0.00',
  grand_totals: {
    total_before_cartmod_price: '0.00',
    total_fee_fixed_outside: '0.00',
    total_fee_percent_outside: '0.00',
    total_cartmod_amount: '0.00',
    total_payments: '0.00',
    total_outstanding: '0.00',
    ...totals,
  },
});

export const ticketOrder = (over: Partial<TicketOrder> = {}): TicketOrder => ({
  id: 'ord-1',
  order_number: '1001',
  cart_id: 'cart-1',
  identity_id: 'id-1',
  seller_id: 'seller-1',
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

export const seller = {
  id: 'seller-1',
  name: 'Museum',
  slug: 'museum',
  timezone: 'America/New_York',
  currency: 'USD',
};

/** GET events/{id} for a museum admission event with public, members and hidden groups. */
export function eventDetailDocument() {
  return {
    event_template: coll([eventTemplate()]),
    venue: coll([venue]),
    meta: coll([
      meta('ev-1', 'image_profile', 'img-profile'),
      meta('ev-1', 'image_cover', 'img-cover'),
      meta('ev-1', 'reserve_flow', 'date_first'),
      meta('ev-2', 'reserve_flow', 'quantity_first'),
    ]),
    config: coll([
      config('ev-1', 'image', { alt_text: 'The great hall' }),
      config('ev-1', 'web.session_picker_tabs', [12, 17]),
    ]),
    ticket_group: coll([
      ticketGroup({
        id: 'tg-members',
        name: 'Members',
        hidden_type: 'public_member_only',
        _rank: 2,
        capacity: -1,
      }),
      ticketGroup({ id: 'tg-1', _rank: 1 }),
      ticketGroup({ id: 'tg-staff', name: 'Staff comps', hidden_type: 'admin_only', _rank: 0 }),
    ]),
    ticket_type: coll([
      ticketType({ id: 'tt-child', name: 'Child', currency_amount: '12.50', _rank: 2 }),
      ticketType({
        id: 'tt-adult',
        name: 'Adult',
        currency_amount: '25.00',
        discounted_amount: '19.99',
        fee_fixed_outside: '1.50',
        fee_percent_outside: '2.50',
        _rank: 1,
      }),
      ticketType({
        id: 'tt-member',
        ticket_group_id: 'tg-members',
        name: 'Member',
        currency_amount: '0.00',
        _rank: 1,
      }),
      ticketType({
        id: 'tt-staff',
        ticket_group_id: 'tg-staff',
        name: 'Staff',
        currency_amount: '0.00',
        _rank: 1,
      }),
    ]),
  };
}

/** GET my/cart/{id}: two sessions of one event plus an undated gift card, one cancelled ticket. */
export function cartDocument(withFees = true) {
  return {
    cart: coll([
      {
        id: 'cart-1',
        cart_number: 'C-1001',
        identity_id: 'id-1',
        state: 'pending',
        expires_at: '2026-11-21T10:20:00.000Z',
        expires_in: 900,
        seller_id: 'seller-1',
      },
    ]),
    seller: coll([seller]),
    venue: coll([venue]),
    event_template: coll([
      eventTemplate(),
      eventTemplate({ id: 'ev-gift', name: 'Gift card', event_type: 'other' }),
    ]),
    event_session: coll([
      session(),
      session({
        id: 'ses-2',
        start_datetime: '2026-11-22T14:00:00.000Z',
        end_datetime: '2026-11-22T15:00:00.000Z',
      }),
    ]),
    ticket_group: coll([
      ticketGroup(),
      ticketGroup({ id: 'tg-gift', event_template_id: 'ev-gift', handler: 'codes' }),
    ]),
    ticket_type: coll([
      ticketType({
        id: 'tt-adult',
        name: 'Adult',
        currency_amount: '25.00',
        fee_fixed_outside: '1.00',
        fee_percent_outside: '3.00',
        _rank: 1,
      }),
      ticketType({ id: 'tt-child', name: 'Child', currency_amount: '12.50', _rank: 2 }),
      ticketType({
        id: 'tt-gift',
        ticket_group_id: 'tg-gift',
        event_template_id: 'ev-gift',
        name: 'Gift card $50',
      }),
    ]),
    meta: coll([meta('ev-1', 'image_profile', 'img-profile')]),
    ticket: coll([
      ticket({ id: 't-1' }),
      ticket({ id: 't-2', ticket_type_id: 'tt-child', face_value: '12.50', adjusted_value: '12.50' }),
      ticket({ id: 't-3' }),
      ticket({ id: 't-4', state: 'cancelled' }),
      ticket({ id: 't-5', event_session_id: 'ses-2', adjusted_value: '20.00' }),
      ticket({
        id: 't-6',
        event_template_id: 'ev-gift',
        event_session_id: null,
        ticket_type_id: 'tt-gift',
        ticket_group_id: 'tg-gift',
        handler: 'codes',
        face_value: '50.00',
        adjusted_value: '50.00',
      }),
    ]),
    ...(withFees
      ? {
          cart_fees: coll([
            cartFees({
              total_before_cartmod_price: '137.50',
              total_fee_fixed_outside: '3.00',
              total_fee_percent_outside: '2.25',
              total_cartmod_amount: '-5.00',
              total_payments: '10.00',
              total_outstanding: '127.75',
            }),
          ]),
        }
      : {}),
  };
}
