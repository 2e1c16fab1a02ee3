/**
 * Edit order's rules and view model (issue 29), written from spec 2 §2 "Edit-order page" (a card per session with
 * its ticket count and price, each ticket's name and price or its label, a remove button on zero-price tickets, a
 * session's Cancel only when all its tickets are free and Reschedule only for non-single events, 'Cancel order',
 * the sticky footer while changes are unsaved) and §4 "Edit order" (cancelled is cancelled or unbooked; the order
 * can be cancelled when all tickets have face_value '0'; Confirm pays an outstanding total above 0; the success
 * message): examples, and fast-check properties for money.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EditCart } from '../../api/models';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import {
  isOpenEdit,
  orderCancelIds,
  owesPayment,
  removableIds,
  sessionCancelIds,
  successOf,
} from '../../machines/editOrder/rules';
import type { EditOrderContext } from '../../machines/editOrder/types';
import { selectEditOrderView } from '../../machines/editOrder/view';
import {
  ACCESS,
  FREE_ADULT,
  FREE_CHILD,
  NOW_MS,
  ORDER,
  PAID_ADULT,
} from '../../stories/fixtures/cancelFreeOrder';
import { COSTS_MORE, REMOVED_ADULT, RESCHEDULED } from '../../stories/fixtures/editOrder';

const HOUR = 3_600_000;
const ALL_FREE = { ...ORDER, tickets: [FREE_ADULT, FREE_CHILD] };
const edit = (over: Partial<EditCart>): EditCart => ({ ...RESCHEDULED, ...over });

describe('edit order rules (spec 2 §2, §4)', () => {
  it('a change is open while its cart is pending and bound to this order', () => {
    expect(isOpenEdit(RESCHEDULED, 'order-24')).toBe(true);
    expect(isOpenEdit(RESCHEDULED, 'order-7')).toBe(false);
    for (const state of ['completed', 'expired', 'deleted'])
      expect(isOpenEdit(edit({ state }), 'order-24'), state).toBe(false);
    expect(isOpenEdit(null, 'order-24')).toBe(false);
  });

  it('removable: valid free tickets the change has not removed yet', () => {
    expect(removableIds(ORDER, null, NOW_MS, ACCESS)).toEqual([FREE_ADULT.id, FREE_CHILD.id]);
    expect(removableIds(ORDER, REMOVED_ADULT, NOW_MS, ACCESS)).toEqual([FREE_CHILD.id]);
    expect(removableIds(ORDER, RESCHEDULED, NOW_MS, ACCESS)).toEqual([FREE_ADULT.id]);
    const start = Date.parse(FREE_ADULT.start as string);
    expect(removableIds(ORDER, null, start - 2 * HOUR, ACCESS)).toEqual([FREE_CHILD.id]);
    expect(removableIds(null, null, NOW_MS, ACCESS)).toEqual([]);
  });

  it("a session's Cancel: only when every ticket of it has face value 0; its removable ones", () => {
    expect(sessionCancelIds(ORDER, null, 'session-a', NOW_MS, ACCESS)).toEqual([]);
    expect(sessionCancelIds(ORDER, null, 'session-b', NOW_MS, ACCESS)).toEqual([FREE_CHILD.id]);
    expect(sessionCancelIds(ORDER, RESCHEDULED, 'session-b', NOW_MS, ACCESS)).toEqual([]);
    const discounted = { ...FREE_CHILD, id: 'd', faceValue: '20.00', adjustedValue: '0.00' };
    const order = { ...ORDER, tickets: [FREE_CHILD, discounted] };
    expect(sessionCancelIds(order, null, 'session-b', NOW_MS, ACCESS)).toEqual([]);
    const twoFree = { ...ORDER, tickets: [FREE_CHILD, { ...FREE_CHILD, id: 'c2' }, FREE_ADULT] };
    expect(sessionCancelIds(twoFree, null, 'session-b', NOW_MS, ACCESS)).toEqual([FREE_CHILD.id, 'c2']);
    const pass = { ...FREE_CHILD, id: 'pass', sessionId: null, start: null, eventName: 'Pass' };
    expect(sessionCancelIds({ ...ORDER, tickets: [pass] }, null, 'event:Pass', NOW_MS, ACCESS)).toEqual([]);
    expect(sessionCancelIds(null, null, 'session-b', NOW_MS, ACCESS)).toEqual([]);
  });

  it("'Cancel order': only when all the order's tickets have face value 0 and some are still removable", () => {
    expect(orderCancelIds(ORDER, null, NOW_MS, ACCESS)).toEqual([]);
    expect(orderCancelIds(ALL_FREE, null, NOW_MS, ACCESS)).toEqual([FREE_ADULT.id, FREE_CHILD.id]);
    expect(orderCancelIds(ALL_FREE, REMOVED_ADULT, NOW_MS, ACCESS)).toEqual([FREE_CHILD.id]);
    expect(orderCancelIds(ALL_FREE, null, Date.parse('2026-12-06T00:00:00Z'), ACCESS)).toEqual([]);
    expect(orderCancelIds(null, null, NOW_MS, ACCESS)).toEqual([]);
  });

  it('Confirm pays an outstanding total above 0 (spec 2 §4)', () => {
    expect(owesPayment(COSTS_MORE)).toBe(true);
    expect(owesPayment(edit({ outstanding: '0.01' }))).toBe(true);
    expect(owesPayment(edit({ outstanding: '0.00' }))).toBe(false);
    expect(owesPayment(edit({ outstanding: '-5.00' }))).toBe(false);
    expect(owesPayment(null)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (cents) => {
        expect(owesPayment(edit({ outstanding: (cents / 100).toFixed(2) }))).toBe(cents > 0);
      }),
    );
  });

  it("the success message is 'rescheduled' when the change added tickets, else 'cancelled'", () => {
    expect(successOf(RESCHEDULED)).toBe('rescheduled');
    expect(successOf(REMOVED_ADULT)).toBe('cancelled');
    expect(successOf(null)).toBe('cancelled');
  });
});

// ---- the view model, from snapshots the machine resolves ---------------------------------------------------------

const ctx = (over: Partial<EditOrderContext> = {}): EditOrderContext => ({
  orderId: 'order-24',
  token: 'tok-24',
  cartId: null,
  order: ORDER,
  access: ACCESS,
  edit: null,
  nowMs: NOW_MS,
  pending: [],
  success: null,
  expired: false,
  error: null,
  ...over,
});
const view = (value: string, over: Partial<EditOrderContext> = {}) =>
  selectEditOrderView(editOrderMachine.resolveState({ value, context: ctx(over) }));

describe('the edit-order view (spec 2 §2)', () => {
  it('the saved order: a card per session, its count and price, remove buttons, Cancel and Reschedule', () => {
    expect(view('saved')).toEqual({
      phase: 'ready',
      orderNumber: 'ABCD-1234',
      sessions: [
        {
          key: 'session-a',
          eventName: FREE_ADULT.eventName,
          start: FREE_ADULT.start,
          timezone: 'America/New_York',
          count: 2,
          priceCents: 2500,
          tickets: [
            {
              id: FREE_ADULT.id,
              name: 'Adult',
              price: '0.00',
              status: 'booked',
              removable: true,
              validity: null,
            },
            {
              id: PAID_ADULT.id,
              name: 'Adult',
              price: '25.00',
              status: 'booked',
              removable: false,
              validity: null,
            },
          ],
          cancelShown: false,
          rescheduleSessionId: 'session-a',
        },
        {
          key: 'session-b',
          eventName: FREE_CHILD.eventName,
          start: FREE_CHILD.start,
          timezone: 'America/New_York',
          count: 1,
          priceCents: 0,
          tickets: [
            {
              id: FREE_CHILD.id,
              name: 'Child',
              price: '0.00',
              status: 'booked',
              removable: true,
              validity: null,
            },
          ],
          cancelShown: true,
          rescheduleSessionId: 'session-b',
        },
      ],
      cancelOrderShown: false,
      unsaved: false,
      outstandingCents: 0,
      busy: false,
      success: null,
      expired: false,
      error: null,
    });
  });

  it('an unsaved change: removed tickets leave the count, added ones join their session’s card or a new one', () => {
    const v = view('unsaved', { edit: COSTS_MORE, cartId: COSTS_MORE.cartId });
    expect(v.unsaved).toBe(true);
    expect(v.outstandingCents).toBe(500);
    expect(
      v.sessions.map((s) => [s.key, s.count, s.priceCents, s.cancelShown, s.rescheduleSessionId]),
    ).toEqual([
      ['session-a', 2, 2500, false, 'session-a'],
      ['session-b', 0, 0, false, null],
      ['session-c', 1, 500, false, null],
    ]);
    expect(v.sessions[1]?.tickets.map((t) => [t.status, t.removable])).toEqual([['removed', false]]);
    expect(v.sessions[2]).toMatchObject({
      eventName: FREE_CHILD.eventName,
      start: '2026-12-06T11:00:00-05:00',
      timezone: 'America/New_York',
      tickets: [{ id: 'ticket-new-child', name: 'Child', price: '5.00', status: 'added', removable: false }],
    });
    // An added ticket of a session the order already has joins that card.
    const joined = view('unsaved', {
      edit: edit({
        removed: [],
        added: [{ ...RESCHEDULED.added[0], sessionId: 'session-b', price: '12.50' } as never],
      }),
    });
    expect(joined.sessions.map((s) => [s.key, s.count, s.priceCents])).toEqual([
      ['session-a', 2, 2500],
      ['session-b', 2, 1250],
    ]);
    // One without a session makes a card of its event.
    const eventCard = view('unsaved', {
      edit: edit({
        removed: [],
        added: [{ ...RESCHEDULED.added[0], sessionId: null, start: null } as never],
      }),
    });
    expect(eventCard.sessions.map((s) => s.key)).toEqual([
      `event:${FREE_CHILD.eventName}`,
      'session-a',
      'session-b',
    ]);
    // A new card that starts with one of the order's sessions sorts beside it by its key, not last.
    const sameStart = view('unsaved', {
      edit: edit({
        removed: [],
        added: [{ ...RESCHEDULED.added[0], sessionId: 'session-0', start: FREE_CHILD.start } as never],
      }),
    });
    expect(sameStart.sessions.map((s) => s.key)).toEqual(['session-a', 'session-0', 'session-b']);
  });

  it('labels: Cancelled (cancelled or unbooked), removed, Redeemed, Past Event; cancelled tickets are not counted', () => {
    const order = {
      ...ORDER,
      tickets: [
        { ...PAID_ADULT, state: 'cancelled' },
        { ...FREE_ADULT, id: 'u', state: 'unbooked' },
        { ...FREE_ADULT, id: 'r', state: 'redeemed', start: '2026-11-01T10:00:00-05:00' },
        { ...FREE_ADULT, id: 'p', start: new Date(NOW_MS).toISOString() },
        { ...FREE_ADULT, id: 'x', state: 'cancelled' },
        FREE_ADULT,
      ],
    };
    const v = view('unsaved', { order, edit: edit({ removed: [FREE_ADULT.id, 'x'], added: [] }) });
    const card = v.sessions.find((s) => s.key === 'session-a');
    expect(card?.tickets.map((t) => t.status)).toEqual([
      'cancelled',
      'cancelled',
      'redeemed',
      'past',
      'cancelled',
      'removed',
    ]);
    // A remove button only on a free ticket that is still valid and kept: none of these.
    expect(card?.tickets.map((t) => t.removable)).toEqual([false, false, false, false, false, false]);
    expect(card?.count).toBe(2);
    expect(card?.priceCents).toBe(0);
    expect(card?.rescheduleSessionId).toBeNull();
  });

  it('Reschedule: only for a repeating event’s session with a ticket that may still move', () => {
    const single = { ...ORDER, tickets: [{ ...FREE_CHILD, eventType: 'single' }] };
    expect(view('saved', { order: single }).sessions[0]?.rescheduleSessionId).toBeNull();
    const late = view('saved', { nowMs: Date.parse(FREE_ADULT.start as string) - 2 * HOUR });
    expect(late.sessions.map((s) => s.rescheduleSessionId)).toEqual([null, 'session-b']);
    // A ticket the unsaved change gives up moves nowhere: session-b's only ticket removed, no Reschedule.
    const removedChild = edit({ removed: [FREE_CHILD.id], added: [] });
    expect(view('unsaved', { edit: removedChild }).sessions.map((s) => s.rescheduleSessionId)).toEqual([
      'session-a',
      null,
    ]);
  });

  it('money in cents, rounded; a price that is not money counts 0', () => {
    const priced = (price: string) =>
      view('saved', { order: { ...ORDER, tickets: [{ ...PAID_ADULT, adjustedValue: price }] } }).sessions[0]
        ?.priceCents;
    expect(priced('19.99')).toBe(1999);
    expect(priced('0.29')).toBe(29);
    expect(priced('not money')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(priced((cents / 100).toFixed(2))).toBe(cents);
        expect(
          view('unsaved', { edit: edit({ outstanding: (cents / 100).toFixed(2) }) }).outstandingCents,
        ).toBe(cents);
      }),
      { numRuns: 50 },
    );
  });

  it("'Cancel order' shows when every ticket is free; sessions sort by start", () => {
    const v = view('saved', { order: { ...ALL_FREE, tickets: [FREE_CHILD, FREE_ADULT] } });
    expect(v.cancelOrderShown).toBe(true);
    expect(v.sessions.map((s) => s.key)).toEqual(['session-a', 'session-b']);
    const sameStart = { ...FREE_CHILD, id: 'z', sessionId: 'session-0', start: FREE_CHILD.start };
    expect(
      view('saved', { order: { ...ORDER, tickets: [FREE_CHILD, sameStart] } }).sessions.map((s) => s.key),
    ).toEqual(['session-0', 'session-b']);
    // A pass (no session, no start) comes before the sessions; two of them by their card's key.
    const pass = (id: string, eventName: string) => ({
      ...FREE_CHILD,
      id,
      sessionId: null,
      start: null,
      eventName,
    });
    const passes = { ...ORDER, tickets: [FREE_CHILD, pass('p2', 'Zoo Pass'), pass('p1', 'Art Pass')] };
    expect(view('saved', { order: passes }).sessions.map((s) => s.key)).toEqual([
      'event:Art Pass',
      'event:Zoo Pass',
      'session-b',
    ]);
  });

  it('the phase, the footer and the work in flight as the states say', () => {
    const phases = (
      [
        ['loadFailed', 'loadFailed'],
        ['refused', 'refused'],
        ['logOut', 'logOut'],
        ['cancelFreeOrder', 'cancelFreeOrder'],
        ['paying', 'paying'],
        ['saved', 'ready'],
        ['unsaved', 'ready'],
        ['removing', 'ready'],
        ['confirming', 'ready'],
        ['discarding', 'ready'],
        ['loading', 'ready'],
      ] as const
    ).map(([state]) => [state, view(state, { edit: RESCHEDULED }).phase]);
    expect(phases).toEqual([
      ['loadFailed', 'loadFailed'],
      ['refused', 'refused'],
      ['logOut', 'logOut'],
      ['cancelFreeOrder', 'cancelFreeOrder'],
      ['paying', 'paying'],
      ['saved', 'ready'],
      ['unsaved', 'ready'],
      ['removing', 'ready'],
      ['confirming', 'ready'],
      ['discarding', 'ready'],
      ['loading', 'ready'],
    ]);
    expect(view('loading', { order: null }).phase).toBe('loading');
    expect(view('loading', { edit: RESCHEDULED }).unsaved).toBe(false);
    expect(view('removing', { edit: RESCHEDULED }).unsaved).toBe(true);
    expect(view('saved').unsaved).toBe(false);
    for (const state of ['loading', 'removing', 'confirming', 'discarding'])
      expect(view(state).busy, state).toBe(true);
    for (const state of ['saved', 'unsaved', 'loadFailed']) expect(view(state).busy, state).toBe(false);
    const error = { key: 'errorOops' } as const;
    expect(view('saved', { success: 'rescheduled', expired: true, error })).toMatchObject({
      success: 'rescheduled',
      expired: true,
      error,
    });
  });
});
