/**
 * Seats in the cart and order joins: a seated ticket's `seat` (section, row, seat name) goes into its item's
 * `seats`, in seat order; items without seated tickets have no `seats`; a cancelled ticket's seat is left out.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { toCart } from '../../api/join-cart';
import { toOrders } from '../../api/join-orders';
import { cartDocument, coll, ticket, ticketOrder } from './fixtures';
import { SETTINGS } from './helpers';

const NOW = Date.parse('2026-11-21T10:05:00.000Z');
const seat = (row: string, name: string, section = 'Stalls Centre') => ({
  seat_template_id: `seat-${section}-${name}`,
  section,
  row,
  name,
});
const seated = (id: string, s: ReturnType<typeof seat> | null, over: Parameters<typeof ticket>[0] = {}) =>
  ticket({ id, handler: 'seated', seat: s, ...over });

describe('seats in the cart join', () => {
  it('lists the seats of an item in seat order (A2 before A10, section and row first)', () => {
    const doc = {
      ...cartDocument(),
      ticket: coll([
        seated('t-1', seat('A', 'A10')),
        seated('t-2', seat('A', 'A2')),
        seated('t-3', seat('B', 'B1', 'Balcony')),
        seated('t-4', seat('A', 'A1'), { state: 'cancelled' }),
        ticket({ id: 't-5', event_session_id: 'ses-2' }),
      ]),
    };
    const cart = toCart(doc, { now: NOW });
    const [early, late] = cart.items;
    expect(early?.sessionId).toBe('ses-2');
    expect(early && 'seats' in early).toBe(false);
    expect(late?.seats).toEqual([
      { section: 'Balcony', row: 'B', name: 'B1' },
      { section: 'Stalls Centre', row: 'A', name: 'A2' },
      { section: 'Stalls Centre', row: 'A', name: 'A10' },
    ]);
    // The 'count × type' lines are as before.
    expect(late?.lines.map((l) => [l.name, l.count])).toEqual([['Adult', 3]]);
  });

  it('a seated ticket without a seat (null) or without the key adds none', () => {
    const doc = { ...cartDocument(), ticket: coll([seated('t-1', null), ticket({ id: 't-2' })]) };
    expect(toCart(doc, { now: NOW }).items[0]?.seats).toBeUndefined();
  });

  it('rejects a seat without its names', () => {
    const doc = {
      ...cartDocument(),
      ticket: coll([{ ...ticket({ id: 't-1', handler: 'seated' }), seat: { seat_template_id: 's' } }]),
    };
    expect(() => toCart(doc, { now: NOW })).toThrow(ApiError);
  });
});

describe('seats in the order join', () => {
  it('an order’s items carry their seats', () => {
    const base = cartDocument();
    const doc = {
      ...base,
      ticket_order: coll([ticketOrder({ id: 'ord-1' })]),
      ticket: coll([
        seated('t-1', seat('C', 'C13'), { state: 'booked', ticket_order_id: 'ord-1' }),
        seated('t-2', seat('C', 'C12'), { state: 'booked', ticket_order_id: 'ord-1' }),
      ]),
    };
    const [order] = toOrders(doc, SETTINGS);
    expect(order?.items[0]?.seats).toEqual([
      { section: 'Stalls Centre', row: 'C', name: 'C12' },
      { section: 'Stalls Centre', row: 'C', name: 'C13' },
    ]);
  });
});
