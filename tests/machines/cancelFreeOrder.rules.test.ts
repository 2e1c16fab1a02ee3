/**
 * Cancel free order's rules and view model (issue 29), written from spec 2 §2 "Cancel-free-order page" (tickets by
 * date then session, collapsed when the order spans more than one session, a checkbox per ticket with select-all
 * per session, the labels, the empty states), §4 "Cancel-free-order" (a valid ticket; 'Cancel selected' disabled
 * with no selection or while submitting) and §5 ("Free ticket", "Upcoming ticket"): examples and fast-check
 * properties for the rules with a domain (times, horizons, selections).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManageAccess, ManageTicket } from '../../api/models';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import {
  emptyKind,
  groupTickets,
  horizonMsOf,
  isCancelledTicket,
  isFreeTicket,
  isPastTicket,
  isUpcoming,
  isValidTicket,
  sessionKeyOf,
  toggleSession,
  toggleTicket,
  validTicketIds,
} from '../../machines/cancelFreeOrder/rules';
import type { CancelFreeOrderContext } from '../../machines/cancelFreeOrder/types';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import {
  ACCESS,
  FREE_ADULT,
  FREE_CHILD,
  NOW_MS,
  ORDER,
  PAID_ADULT,
} from '../../stories/fixtures/cancelFreeOrder';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const t = (over: Partial<ManageTicket> & Pick<ManageTicket, 'id'>): ManageTicket => ({
  ...FREE_ADULT,
  ...over,
});
const access = (over: Partial<ManageAccess['rules']>, via: ManageAccess['via'] = 'token'): ManageAccess => ({
  via,
  rules: { ...ACCESS.rules, ...over },
});

describe('a ticket (spec 2 §4, §5)', () => {
  it('is cancelled when cancelled or unbooked, and only then', () => {
    for (const state of ['cancelled', 'unbooked'])
      expect(isCancelledTicket(t({ id: 'x', state }))).toBe(true);
    for (const state of ['booked', 'redeemed', 'in_cart', 'held'])
      expect(isCancelledTicket(t({ id: 'x', state }))).toBe(false);
  });

  it('is free when its adjusted value is 0, whatever its face value', () => {
    expect(isFreeTicket(t({ id: 'x', adjustedValue: '0.00', faceValue: '20.00' }))).toBe(true);
    expect(isFreeTicket(t({ id: 'x', adjustedValue: '0', faceValue: '0' }))).toBe(true);
    expect(isFreeTicket(t({ id: 'x', adjustedValue: '0.01', faceValue: '0.00' }))).toBe(false);
    expect(isFreeTicket(t({ id: 'x', adjustedValue: '-1.00' }))).toBe(false);
  });

  it('is upcoming when its session starts after now plus the horizon (strictly), never without a start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -10 * HOUR, max: 10 * HOUR }),
        fc.integer({ min: 0, max: 48 * HOUR }),
        (now, offset, horizon) => {
          const ticket = t({ id: 'x', start: at(now + horizon + offset) });
          expect(isUpcoming(ticket, now, horizon)).toBe(offset > 0);
        },
      ),
    );
    expect(isUpcoming(t({ id: 'x', start: null }), 0)).toBe(false);
    expect(isUpcoming(t({ id: 'x', start: 'not a time' }), 0)).toBe(false);
    expect(isUpcoming(t({ id: 'x', start: at(NOW_MS + 1) }), NOW_MS)).toBe(true);
    expect(isUpcoming(t({ id: 'x', start: at(NOW_MS) }), NOW_MS)).toBe(false);
  });

  it('is past once its session started; a pass once its last valid instant has gone by', () => {
    expect(isPastTicket(t({ id: 'x', start: at(NOW_MS) }), NOW_MS)).toBe(true);
    expect(isPastTicket(t({ id: 'x', start: at(NOW_MS + 1) }), NOW_MS)).toBe(false);
    const pass = (to: number) =>
      t({ id: 'p', start: null, sessionId: null, validity: { from: at(NOW_MS - HOUR), to: at(to) } });
    expect(isPastTicket(pass(NOW_MS), NOW_MS)).toBe(true);
    expect(isPastTicket(pass(NOW_MS + 1), NOW_MS)).toBe(false);
    expect(isPastTicket(pass(NOW_MS - 1), NOW_MS)).toBe(true);
  });

  it('the horizon is the seller’s days and hours (none without an access answer)', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(23), (days, hours) => {
        expect(horizonMsOf(access({ horizonDays: days, horizonHours: hours }))).toBe(
          (days * 24 + hours) * HOUR,
        );
      }),
    );
    expect(horizonMsOf(null)).toBe(0);
  });

  it('is valid when booked, free and beyond the horizon, of a named category when self-edit names some', () => {
    const start = Date.parse(FREE_ADULT.start as string);
    expect(isValidTicket(FREE_ADULT, start - 2 * HOUR - 1, ACCESS)).toBe(true);
    expect(isValidTicket(FREE_ADULT, start - 2 * HOUR, ACCESS)).toBe(false);
    expect(isValidTicket(PAID_ADULT, NOW_MS, ACCESS)).toBe(false);
    for (const state of ['cancelled', 'unbooked', 'redeemed', 'in_cart', 'held'])
      expect(isValidTicket({ ...FREE_ADULT, state }, NOW_MS, ACCESS), state).toBe(false);
    const talk = { ...FREE_CHILD, category: 'Talks' };
    expect(isValidTicket(talk, NOW_MS, ACCESS)).toBe(false);
    expect(isValidTicket({ ...FREE_CHILD, category: null }, NOW_MS, ACCESS)).toBe(false);
    expect(isValidTicket(talk, NOW_MS, access({ enabled: false }))).toBe(true);
    expect(isValidTicket(talk, NOW_MS, access({ categories: [] }))).toBe(true);
    expect(isValidTicket({ ...talk, category: null }, NOW_MS, access({ categories: [] }))).toBe(true);
    expect(isValidTicket(talk, NOW_MS, null)).toBe(true);
    expect(isValidTicket({ ...FREE_ADULT, start: at(NOW_MS + 1) }, NOW_MS, null)).toBe(true);
    expect(validTicketIds(ORDER.tickets, NOW_MS, ACCESS)).toEqual([FREE_ADULT.id, FREE_CHILD.id]);
  });
});

describe('the page’s groups and selection (spec 2 §2)', () => {
  it('a session key is the session, or the event for a ticket without one', () => {
    expect(sessionKeyOf(FREE_ADULT)).toBe('session-a');
    expect(sessionKeyOf(t({ id: 'p', sessionId: null, eventName: 'Pass' }))).toBe('event:Pass');
  });

  it('groups by the venue date, then by session sorted by start (then key), tickets in the order’s order', () => {
    const late = t({ id: 'late', sessionId: 's-late', start: '2026-12-04T18:00:00-05:00' });
    const sameStartB = t({ id: 'b', sessionId: 's-b', start: '2026-12-04T09:00:00-05:00' });
    const sameStartA = t({ id: 'a', sessionId: 's-a', start: '2026-12-04T09:00:00-05:00' });
    const pass = t({ id: 'pass', sessionId: null, start: null, eventName: 'Pass', timezone: null });
    const groups = groupTickets([late, FREE_CHILD, sameStartB, FREE_ADULT, sameStartA, pass, PAID_ADULT]);
    expect(groups.map((d) => [d.date, d.sessions.map((s) => [s.key, s.tickets.map((x) => x.id)])])).toEqual([
      ['', [['event:Pass', ['pass']]]],
      [
        '2026-12-04',
        [
          ['s-a', ['a']],
          ['s-b', ['b']],
          ['session-a', [FREE_ADULT.id, PAID_ADULT.id]],
          ['s-late', ['late']],
        ],
      ],
      ['2026-12-05', [['session-b', [FREE_CHILD.id]]]],
    ]);
    const [first] = groups[2]?.sessions ?? [];
    expect(first).toEqual({
      key: 'session-b',
      eventName: FREE_CHILD.eventName,
      start: FREE_CHILD.start,
      timezone: 'America/New_York',
      date: '2026-12-05',
      tickets: [FREE_CHILD],
    });
    expect(groupTickets([])).toEqual([]);
  });

  it('grouping keeps every ticket once, dates ascending, each session within one date', () => {
    const ticketArb = fc.record({
      session: fc.constantFrom('s1', 's2', 's3', null),
      day: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 12 }), (specs) => {
        const tickets = specs.map((s, i) =>
          t({
            id: `t${i}`,
            sessionId: s.session && `${s.session}-${s.day}`,
            start: s.session ? `2026-12-0${s.day}T10:00:00-05:00` : null,
          }),
        );
        const groups = groupTickets(tickets);
        const ids = groups.flatMap((d) => d.sessions.flatMap((s) => s.tickets.map((x) => x.id)));
        expect([...ids].sort()).toEqual(tickets.map((x) => x.id).sort());
        const dates = groups.map((d) => d.date);
        expect(dates).toEqual([...new Set(dates)].sort());
        for (const d of groups) for (const s of d.sessions) expect(s.date).toBe(d.date);
      }),
    );
  });

  it('a ticket’s checkbox adds or removes it; twice is nothing', () => {
    expect(toggleTicket([], 'a')).toEqual(['a']);
    expect(toggleTicket(['a', 'b'], 'a')).toEqual(['b']);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd')),
        fc.constantFrom('a', 'b', 'c', 'd'),
        (s, id) => {
          expect(toggleTicket(s, id).includes(id)).toBe(!s.includes(id));
          expect(toggleTicket(toggleTicket(s, id), id).sort()).toEqual([...s].sort());
        },
      ),
    );
  });

  it('select-all ticks every valid ticket of the session, or unticks them when all are ticked', () => {
    expect(toggleSession([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleSession(['c', 'a'], ['a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(toggleSession(['a', 'b', 'c'], ['a', 'b'])).toEqual(['c']);
    expect(toggleSession(['c'], [])).toEqual(['c']);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom<string>('a', 'b', 'c', 'd', 'e')),
        fc.uniqueArray(fc.constantFrom<string>('a', 'b', 'c'), { minLength: 1 }),
        (selected, session) => {
          const next = toggleSession(selected, session);
          const all = session.every((id) => selected.includes(id));
          for (const id of session) expect(next.includes(id)).toBe(!all);
          for (const id of selected.filter((x) => !session.includes(x))) expect(next).toContain(id);
          expect(new Set(next).size).toBe(next.length);
        },
      ),
    );
  });

  it('the empty states: no tickets at all, or none free and cancellable', () => {
    expect(emptyKind([], NOW_MS, ACCESS)).toBe('noTickets');
    expect(emptyKind([PAID_ADULT], NOW_MS, ACCESS)).toBe('noFreeTickets');
    expect(emptyKind(ORDER.tickets, NOW_MS, ACCESS)).toBeNull();
  });
});

// ---- the view model, from snapshots the machine resolves ---------------------------------------------------------

const ctx = (over: Partial<CancelFreeOrderContext> = {}): CancelFreeOrderContext => ({
  orderId: 'order-24',
  token: 'tok-24',
  order: ORDER,
  access: ACCESS,
  nowMs: NOW_MS,
  selected: [],
  pending: [],
  notice: null,
  error: null,
  ...over,
});
const view = (value: string, over: Partial<CancelFreeOrderContext> = {}) =>
  selectCancelFreeOrderView(cancelFreeOrderMachine.resolveState({ value, context: ctx(over) }));

describe('the cancel-free-order view (spec 2 §2, §4)', () => {
  it('the page: dates, sessions collapsed for more than one, each ticket’s line, select-all per session', () => {
    const v = view('ready', { selected: [FREE_ADULT.id] });
    expect(v).toEqual({
      phase: 'ready',
      orderNumber: 'ABCD-1234',
      dates: [
        {
          date: '2026-12-04',
          sessions: [
            {
              key: 'session-a',
              eventName: FREE_ADULT.eventName,
              start: FREE_ADULT.start,
              timezone: 'America/New_York',
              initiallyOpen: false,
              tickets: [
                {
                  id: FREE_ADULT.id,
                  name: 'Adult',
                  price: '0.00',
                  status: 'booked',
                  selectable: true,
                  selected: true,
                  validity: null,
                },
                {
                  id: PAID_ADULT.id,
                  name: 'Adult',
                  price: '25.00',
                  status: 'notFree',
                  selectable: false,
                  selected: false,
                  validity: null,
                },
              ],
              selectAllOffered: true,
              allSelected: true,
            },
          ],
        },
        {
          date: '2026-12-05',
          sessions: [
            {
              key: 'session-b',
              eventName: FREE_CHILD.eventName,
              start: FREE_CHILD.start,
              timezone: 'America/New_York',
              initiallyOpen: false,
              tickets: [
                {
                  id: FREE_CHILD.id,
                  name: 'Child',
                  price: '0.00',
                  status: 'booked',
                  selectable: true,
                  selected: false,
                  validity: null,
                },
              ],
              selectAllOffered: true,
              allSelected: false,
            },
          ],
        },
      ],
      empty: null,
      cancelOrderShown: true,
      cancelSelectedDisabled: false,
      confirmOpen: false,
      pendingCount: 0,
      busy: false,
      succeeded: false,
      error: null,
    });
  });

  it('one session is open at first; the labels Cancelled, Redeemed, Past Event; a pass’s validity', () => {
    const validity = { from: at(NOW_MS - 2 * HOUR), to: at(NOW_MS - 1) };
    const order = {
      ...ORDER,
      tickets: [
        { ...FREE_ADULT, state: 'cancelled' },
        { ...FREE_ADULT, id: 'u', state: 'unbooked' },
        { ...FREE_ADULT, id: 'r', state: 'redeemed' },
        { ...PAID_ADULT, state: 'cancelled' },
        { ...FREE_ADULT, id: 'p', start: at(NOW_MS) },
        { ...FREE_ADULT, id: 'rp', state: 'redeemed', start: at(NOW_MS - HOUR) },
        { ...PAID_ADULT, id: 'cp', state: 'unbooked', start: at(NOW_MS - HOUR) },
        { ...PAID_ADULT, id: 'pp', start: at(NOW_MS - HOUR) },
      ],
    };
    const [day] = view('ready', { order }).dates;
    expect(day?.sessions).toHaveLength(1);
    const [session] = day?.sessions ?? [];
    expect(session?.initiallyOpen).toBe(true);
    expect(session?.tickets.map((x) => x.status)).toEqual([
      'cancelled',
      'cancelled',
      'redeemed',
      'cancelled',
      'past',
      'redeemed',
      'cancelled',
      'past',
    ]);
    expect(session?.selectAllOffered).toBe(false);
    expect(session?.allSelected).toBe(false);
    const pass = { ...FREE_ADULT, id: 'pass', sessionId: null, start: null, validity };
    const [passLine] =
      view('ready', { order: { ...ORDER, tickets: [pass] } }).dates[0]?.sessions[0]?.tickets ?? [];
    expect(passLine).toMatchObject({ status: 'past', validity, selectable: false });
    const current = { ...pass, validity: { ...validity, to: at(NOW_MS + 1) } };
    expect(
      view('ready', { order: { ...ORDER, tickets: [current] } }).dates[0]?.sessions[0]?.tickets[0]?.status,
    ).toBe('booked');
  });

  it('select-all is checked only when every valid ticket of the session is ticked', () => {
    const order = { ...ORDER, tickets: [FREE_ADULT, { ...FREE_ADULT, id: 'second' }, PAID_ADULT] };
    const sessionOf = (selected: string[]) => view('ready', { order, selected }).dates[0]?.sessions[0];
    expect(sessionOf([])?.allSelected).toBe(false);
    expect(sessionOf([FREE_ADULT.id])?.allSelected).toBe(false);
    expect(sessionOf([FREE_ADULT.id, 'second'])?.allSelected).toBe(true);
  });

  it('the empty states, and nothing before the order loads', () => {
    expect(view('empty', { order: { ...ORDER, tickets: [] } }).empty).toBe('noTickets');
    const noFree = view('empty', { order: { ...ORDER, tickets: [PAID_ADULT] } });
    expect(noFree.empty).toBe('noFreeTickets');
    expect(noFree.cancelOrderShown).toBe(false);
    const loading = view('loading', { order: null, access: null, nowMs: 0 });
    expect(loading).toMatchObject({
      phase: 'loading',
      orderNumber: null,
      dates: [],
      empty: null,
      cancelOrderShown: false,
      busy: true,
      cancelSelectedDisabled: true,
    });
  });

  it('Cancel selected is disabled with no selection, outside the page, or while submitting (spec 2 §4)', () => {
    expect(view('ready').cancelSelectedDisabled).toBe(true);
    expect(view('ready', { selected: [FREE_CHILD.id] }).cancelSelectedDisabled).toBe(false);
    for (const state of ['confirming', 'cancelling', 'emailing', 'loading'])
      expect(view(state, { selected: [FREE_CHILD.id] }).cancelSelectedDisabled, state).toBe(true);
  });

  it('the modal, the work in flight, the success message and the error as the states say', () => {
    const confirming = view('confirming', {
      selected: [FREE_CHILD.id],
      pending: [FREE_CHILD.id, FREE_ADULT.id],
    });
    expect(confirming).toMatchObject({
      phase: 'confirming',
      confirmOpen: true,
      pendingCount: 2,
      busy: false,
    });
    for (const state of ['cancelling', 'emailing', 'loading'])
      expect(view(state, { pending: [FREE_CHILD.id] }), state).toMatchObject({
        phase: 'cancelling',
        confirmOpen: false,
        busy: true,
      });
    expect(view('ready', { notice: 'cancelled' }).succeeded).toBe(true);
    expect(view('ready').succeeded).toBe(false);
    const error = { key: 'noValidTickets' } as const;
    expect(view('refused', { error })).toMatchObject({ phase: 'refused', error, busy: false });
    expect(view('loadFailed', { error }).phase).toBe('loadFailed');
  });
});
