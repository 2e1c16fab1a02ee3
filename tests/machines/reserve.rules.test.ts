/**
 * The reserve rules the flows share (issue 29), held to examples from the spec and to properties over their
 * domains (fast-check): how a refusal reads (spec 1 §8), the 'code required' prompt's code (§4, §8, §9 trimmed),
 * the request a ticket reserve sends (§5: only counts above 0; seats per type), seats (§5 "Seats"), the
 * single-event rules (§4 "Single-event flow"), the one-ticket picker's exactly-one mode (§4 "Quantities"), the
 * sold-out notices (§8) and the venue day (§5 "Date format is YYYY-MM-DD only").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import {
  cartOutput,
  codeOf,
  codePromptError,
  flowErrorFrom,
  hasCode,
  isCartGone,
  offeredGroups,
  RESERVE_NOTICE_KEYS,
  refusalKind,
  refusalOf,
  refusedErrorOf,
  reservedCartOf,
  reserveErrorText,
  seatTakenMessage,
  ticketsReserveInput,
} from '../../machines/reserve/core/rules';
import {
  dateSoldOutNotice,
  sessionSoldOutNotice,
  soldOutSessionOf,
} from '../../machines/reserve/core/sold-out';
import { isIsoDay, venueDay, venueDayOfIso } from '../../machines/reserve/format';
import { chosenTickets } from '../../machines/reserve/message-rules';
import { hasNoChoice } from '../../machines/reserve/oneTicketReserve.machine';
import {
  canDecrementOne,
  canIncrementOne,
  chooseOne,
  chosenType,
  decrementOne,
  initialChoice,
  isChoosable,
  isDonationGroup,
} from '../../machines/reserve/oneTicketReserve.rules';
import { increment, remainingForGroup } from '../../machines/reserve/quantities';
import { seatSelectionsByType, seatsMatch, withoutTakenSeats } from '../../machines/reserve/seats';
import {
  canSubmitSingle,
  defaultQuantities,
  isSessionless,
  needsSeats,
} from '../../machines/reserve/singleEventReserve.rules';
import { cart, group, ticketType } from '../../stories/fixtures/dateFirstReserve';
import { donationGroup, ledgerGroup, soldOutDonation } from '../../stories/fixtures/oneTicketReserve';
import { codeRequiredError } from '../../stories/fixtures/reserveIntoCart';
import {
  codesEvent,
  lecture,
  lectureGroup,
  pairGroup,
  seatedGroup,
} from '../../stories/fixtures/singleEventReserve';
import { seatsFit, seatsPart, selectionValid } from './reserve.oracle';

const session = (availableCapacity: number | null): SessionModel => ({
  id: 's-1',
  eventId: 'ev-1',
  start: '2026-12-12T23:30:00Z',
  end: '2026-12-13T01:00:00Z',
  availableCapacity,
  soldOut: false,
});

describe('a refused reserve, read once (spec 1 §8)', () => {
  it('reads each refusal kind from its code', () => {
    expect(refusalKind({ code: 'event_session_sold_out' })).toBe('sessionSoldOut');
    expect(refusalKind({ code: 'seat_unavailable' })).toBe('seatTaken');
    expect(refusalKind({ ...codeRequiredError, description: null })).toBe('codeRequired');
    expect(refusalKind({ ...codeRequiredError, context: 'cart' })).toBe('other');
    expect(refusalKind({ ...codeRequiredError, extra: { reason: 'limit' } })).toBe('other');
    expect(refusalKind({ code: 'ticket_group_sold_out' })).toBe('other');
  });

  it('anything without a code is unexpected, with no description or context', () => {
    for (const error of [new Error('x'), null, undefined, 'text', { code: 7 }])
      expect(refusalOf(error)).toEqual({
        kind: 'other',
        error: { code: 'unexpected', description: null, context: null },
      });
    expect(flowErrorFrom({ code: 'x', context: 5 })).toEqual({
      code: 'x',
      description: null,
      extra: undefined,
      context: null,
    });
    expect(flowErrorFrom({ code: 'x', context: 'cart' })?.context).toBe('cart');
  });

  it('the cart is gone only when not_found or cart_expired', () => {
    expect(isCartGone({ code: 'not_found' })).toBe(true);
    expect(isCartGone({ code: 'cart_expired' })).toBe(true);
    expect(isCartGone({ code: 'cart_booked' })).toBe(false);
    expect(isCartGone(null)).toBe(false);
  });

  it('a lost seat race shows the server’s description, trimmed; other codes the reserve mapping', () => {
    const taken = { code: 'seat_unavailable', description: '  Taken.  ' };
    expect(seatTakenMessage(taken)).toEqual({ key: 'errorDescription', params: { description: 'Taken.' } });
    expect(seatTakenMessage({ code: 'seat_unavailable', description: '   ' })).toBeNull();
    expect(seatTakenMessage({ code: 'seat_unavailable', description: null })).toBeNull();
    expect(seatTakenMessage({ code: 'capacity', description: 'x' })).toBeNull();
    expect(seatTakenMessage(null)).toBeNull();
    expect(reserveErrorText(taken)).toEqual({ key: 'errorDescription', params: { description: 'Taken.' } });
    expect(reserveErrorText(null)).toEqual(reserveErrorText({ code: 'unexpected' }));
    expect(reserveErrorText({ code: 'event_session_sold_out' }, { time: 'T' })).toEqual({
      key: 'sessionSoldOut',
      params: { time: 'T' },
    });
  });

  it('reads the child’s done event without casts: the cart, or the refusal', () => {
    const done = (output: unknown) => ({ type: 'xstate.done.actor.reserveIntoCart', output });
    expect(reservedCartOf(done({ status: 'reserved', cart }))).toBe(cart);
    expect(reservedCartOf(done({ status: 'refused', refusal: refusalOf(null) }))).toBeNull();
    expect(
      reservedCartOf({ type: 'xstate.done.actor.other', output: { status: 'reserved', cart } } as never),
    ).toBeNull();
    expect(refusedErrorOf(done({ status: 'reserved', cart }))).toBeNull();
    expect(
      refusedErrorOf({ type: 'xstate.error.actor.reserveIntoCart', error: { code: 'c' } } as never)?.code,
    ).toBe('c');
    expect(refusedErrorOf({ type: 'submit' })).toBeNull();
  });

  it('submit clears the reserve notices (and no others)', () => {
    expect([...RESERVE_NOTICE_KEYS].sort()).toEqual([
      'reserve.dateSoldOut',
      'reserve.error',
      'reserve.sessionSoldOut',
    ]);
  });
});

describe('the code required prompt (spec 1 §4, §8; §9 codes trimmed)', () => {
  it('sends the code trimmed, and has one only when something is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(codeOf(typed)).toBe(typed.trim());
        expect(hasCode(typed)).toBe(typed.trim() !== '');
      }),
    );
  });

  it('a code that does not unlock the tickets reads "{code}" is not a valid promo code.', () => {
    expect(codePromptError(codeRequiredError, ' ABC ')).toEqual({
      key: 'promoInvalid',
      params: { code: 'ABC' },
    });
    expect(codePromptError({ code: 'code_not_found' }, 'ABC')).toEqual({
      key: 'promoInvalid',
      params: { code: 'ABC' },
    });
    expect(codePromptError({ code: 'no_code_benefit', description: 'None.' }, 'ABC')).toEqual({
      key: 'errorDescription',
      params: { description: 'None.' },
    });
    // A refusal naming this code (any case, padded) is about it; another code's is not.
    expect(codePromptError({ code: 'code_exhausted', extra: { code: ' abc ' } }, 'ABC')).not.toBeNull();
    expect(codePromptError({ code: 'code_exhausted', extra: { code: 'XYZ' } }, 'ABC')).toBeNull();
    expect(codePromptError({ code: 'code_exhausted', extra: { code: '' } }, 'ABC')).not.toBeNull();
    expect(codePromptError({ code: 'event_session_sold_out' }, 'ABC')).toBeNull();
    expect(codePromptError(new Error('x'), 'ABC')).toBeNull();
  });
});

describe('what a ticket reserve sends (spec 1 §5, §7)', () => {
  it('only counts above 0, and the parts that are given', () => {
    expect(ticketsReserveInput('ev', 's', [lectureGroup], { 't-general': 2, 't-student': 0 })).toEqual({
      request: {
        kind: 'tickets',
        tickets: { eventId: 'ev', sessionId: 's', quantities: { 't-general': 2 } },
      },
    });
    const admits = { 't-general': [{ name: 'A B', email: null }] };
    const full = ticketsReserveInput(
      'ev',
      null,
      [seatedGroup],
      { 't-stalls': 1 },
      { 'g-seated': ['x'] },
      admits as never,
      { byType: { t: ['V'] }, visitDatetime: null },
      [{ ticket_group_id: 'g', data: { q: 'a' } }],
      { t: '1.00' },
    );
    expect(full.request).toEqual({
      kind: 'tickets',
      tickets: {
        eventId: 'ev',
        sessionId: null,
        quantities: { 't-stalls': 1 },
        seats: { 't-stalls': [{ seat_template_id: 'x', ticket_group_id: 'g-seated' }] },
        admits,
        vouchers: { byType: { t: ['V'] }, visitDatetime: null },
        additionalInfo: [{ ticket_group_id: 'g', data: { q: 'a' } }],
        faceValues: { t: '1.00' },
      },
    });
  });

  it('a flow finishes only with a cart', () => {
    expect(cartOutput({ context: { cart } })).toEqual({ cart });
    expect(() => cartOutput({ context: { cart: null } })).toThrow();
  });

  it('a session’s groups: those this page offers, in the session’s order', () => {
    const other = { ...lectureGroup, id: 'g-other' };
    expect(
      offeredGroups({ ticketGroups: [pairGroup, lectureGroup] }, [lectureGroup, other, pairGroup]),
    ).toEqual([lectureGroup, pairGroup]);
  });
});

describe('quantities (spec 1 §4 "Quantities", §9)', () => {
  it('the first step is the minimum per order only for a group of one type, else 1', () => {
    const twoTypes = group({
      id: 'g-2',
      minPerOrder: 2,
      types: [ticketType('t-x', 'g-2', 'X', 1), ticketType('t-y', 'g-2', 'Y', 1)],
    });
    const scope = (groups: TicketGroupModel[]) => ({ groups, session: session(50), quantities: {} });
    expect(increment(scope([twoTypes]), 't-x')).toEqual({ 't-x': 1 });
    expect(increment(scope([pairGroup]), 't-pair')).toEqual({ 't-pair': 2 });
  });

  it('a group excluded from the event capacity is not held to the session’s', () => {
    const excluded = { ...lectureGroup, excludeFromEventCapacity: true, maxPerOrder: null };
    expect(remainingForGroup(excluded, [excluded], {}, session(1))).toBe(Number.POSITIVE_INFINITY);
    expect(remainingForGroup(lectureGroup, [lectureGroup], {}, session(1))).toBe(1);
    // Only groups held to the session count against it.
    const q = { 't-general': 1, 't-x': 3 };
    const other = group({
      id: 'g-o',
      excludeFromEventCapacity: true,
      types: [ticketType('t-x', 'g-o', 'X', 1)],
    });
    expect(remainingForGroup(lectureGroup, [lectureGroup, other], q, session(5))).toBe(4);
  });
});

describe('seats (spec 1 §5 "Seats")', () => {
  const two = group({
    id: 'g-s',
    handler: 'seated',
    types: [ticketType('t-a', 'g-s', 'A', 1), ticketType('t-b', 'g-s', 'B', 1)],
  });
  const arb = fc.record({
    a: fc.nat(4),
    b: fc.nat(4),
    seats: fc.uniqueArray(fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8', '9'), { maxLength: 9 }),
    other: fc.boolean(),
  });

  it('match exactly one seat per seated ticket, none for groups without tickets; handed to the types in order', () => {
    fc.assert(
      fc.property(arb, ({ a, b, seats, other }) => {
        const q = { 't-a': a, 't-b': b };
        const choice = { 'g-s': seats, ...(other ? { 'g-none': ['z'] } : {}) };
        expect(seatsMatch([two, lectureGroup], q, choice)).toBe(seatsFit([two, lectureGroup], q, choice));
        expect(seatsMatch([two], q, choice)).toBe(seats.length === a + b && !other);
        expect({ seats: seatSelectionsByType([two], q, choice) }).toEqual(seatsPart([two], q, choice));
      }),
    );
  });

  it('a lost race drops the seats named (all when none is named); other errors keep them', () => {
    const seats = { g: ['1', '2'], h: ['3'] };
    expect(
      withoutTakenSeats(seats, { code: 'seat_unavailable', extra: { seat_template_ids: ['2', '3'] } }),
    ).toEqual({ g: ['1'], h: [] });
    expect(withoutTakenSeats(seats, { code: 'seat_unavailable', extra: {} })).toEqual({});
    expect(withoutTakenSeats(seats, { code: 'seat_unavailable' })).toEqual({});
    expect(withoutTakenSeats(seats, { code: 'capacity' })).toBe(seats);
    expect(withoutTakenSeats(seats, null)).toBe(seats);
  });
});

describe('the single-event form (spec 1 §4 "Single-event flow")', () => {
  it('needs no session only when every group (one at least) is a discount-code purchase', () => {
    expect(isSessionless(codesEvent)).toBe(true);
    expect(isSessionless(lecture)).toBe(false);
    expect(isSessionless({ ticketGroups: [] })).toBe(false);
    expect(
      isSessionless({ ticketGroups: [codesEvent.ticketGroups[0] as TicketGroupModel, lectureGroup] }),
    ).toBe(false);
  });

  it('opens with the select type at its first step, else the only bookable type, else nothing', () => {
    const one = { groups: [pairGroup], session: session(100) };
    expect(defaultQuantities(one, null)).toEqual({ 't-pair': 2 });
    expect(defaultQuantities({ groups: [pairGroup], session: session(1) }, null)).toEqual({});
    expect(defaultQuantities({ groups: [lectureGroup], session: session(100) }, 't-student')).toEqual({
      't-student': 1,
    });
    expect(defaultQuantities({ groups: [lectureGroup], session: session(100) }, null)).toEqual({});
    expect(defaultQuantities({ groups: [lectureGroup, pairGroup], session: session(1) }, 't-pair')).toEqual(
      {},
    );
    expect(defaultQuantities({ groups: [pairGroup], session: session(100) }, 't-unknown')).toEqual({
      't-pair': 2,
    });
  });

  it('seats are needed while a seated group has more tickets than seats', () => {
    expect(needsSeats([seatedGroup], { 't-stalls': 2 }, { 'g-seated': ['a'] })).toBe(true);
    expect(needsSeats([seatedGroup], { 't-stalls': 1 }, { 'g-seated': ['a'] })).toBe(false);
    expect(needsSeats([lectureGroup], { 't-general': 3 }, {})).toBe(false);
  });

  it('submit: at least one ticket, every group within its limits, the seats matching', () => {
    const arb = fc.record({ general: fc.nat(12), pair: fc.nat(5), stalls: fc.nat(3), seats: fc.nat(3) });
    fc.assert(
      fc.property(arb, ({ general, pair, stalls, seats }) => {
        const groups = [lectureGroup, pairGroup, seatedGroup];
        const q = Object.fromEntries(
          Object.entries({ 't-general': general, 't-pair': pair, 't-stalls': stalls }).filter(
            ([, n]) => n > 0,
          ),
        );
        const choice = { 'g-seated': Array.from({ length: seats }, (_, i) => `s${i}`) };
        expect(canSubmitSingle(groups, q, choice)).toBe(
          selectionValid(groups, q) && seatsFit(groups, q, choice),
        );
      }),
    );
  });
});

describe('the one-ticket picker: exactly one ticket (spec 1 §2 layout 2, §4 "Quantities")', () => {
  it('chooses exactly one of a type with room; another type replaces it; no decrease', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('t-10', 't-25', 't-card', 't-none'),
        fc.constantFrom('t-10', 't-50'),
        (id, was) => {
          const groups = [donationGroup, ledgerGroup];
          const before = { [was]: 1 };
          const after = chooseOne(groups, before, id);
          expect(after).toEqual(id === 't-none' ? before : { [id]: 1 });
          expect(canIncrementOne(groups, before, id)).toBe(id !== was && id !== 't-none');
          expect(decrementOne(after)).toBe(after);
          expect(chosenType(after)).toBe(Object.keys(after)[0]);
        },
      ),
    );
    expect(canDecrementOne()).toBe(false);
    expect(chosenType({})).toBeNull();
    expect(isChoosable([soldOutDonation], 't-10')).toBe(false);
    expect(chooseOne([soldOutDonation], {}, 't-10')).toEqual({});
  });

  it('opens with select when it can be chosen, else the only choosable type; nothing choosable is unavailable', () => {
    expect(initialChoice([donationGroup], 't-50')).toEqual({ 't-50': 1 });
    expect(initialChoice([donationGroup], 't-card')).toEqual({});
    expect(initialChoice([ledgerGroup], null)).toEqual({ 't-card': 1 });
    expect(initialChoice([ledgerGroup, soldOutDonation], 't-10')).toEqual({ 't-card': 1 });
    expect(hasNoChoice([soldOutDonation])).toBe(true);
    expect(hasNoChoice([soldOutDonation, ledgerGroup])).toBe(false);
    expect(hasNoChoice([])).toBe(true);
    expect(isDonationGroup(donationGroup)).toBe(true);
    expect(isDonationGroup(ledgerGroup)).toBe(false);
  });
});

describe('sold out (spec 1 §8) and the venue day (§5)', () => {
  it('remembers the session only with a session and a day; the notices name its time and day', () => {
    const s = { id: 's-1', start: '2026-11-21T14:30:00Z' };
    expect(soldOutSessionOf(s, '2026-11-21')).toEqual({
      sessionId: 's-1',
      start: s.start,
      date: '2026-11-21',
    });
    expect(soldOutSessionOf(null, '2026-11-21')).toBeNull();
    expect(soldOutSessionOf(s, null)).toBeNull();
    const soldOut = { sessionId: 's-1', start: s.start, date: '2026-11-21' };
    expect(sessionSoldOutNotice(soldOut, 'America/New_York')).toEqual({
      key: 'reserve.sessionSoldOut',
      level: 'error',
      message: { key: 'sessionSoldOut', params: { time: { time: s.start, zone: 'America/New_York' } } },
    });
    expect(sessionSoldOutNotice(null, 'UTC').message).toEqual({
      key: 'sessionSoldOut',
      params: { time: '' },
    });
    expect(dateSoldOutNotice(soldOut)).toEqual({
      key: 'reserve.dateSoldOut',
      level: 'error',
      message: { key: 'dateSoldOut', params: { date: { day: '2026-11-21' } } },
    });
    expect(dateSoldOutNotice(null).message).toEqual({ key: 'dateSoldOut', params: { date: '' } });
  });

  it('the venue day of an instant, and YYYY-MM-DD days only', () => {
    expect(venueDay(Date.parse('2026-11-22T03:00:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(venueDayOfIso('2026-11-22T05:00:00Z', 'America/New_York')).toBe('2026-11-22');
    expect(isIsoDay('2026-02-28')).toBe(true);
    for (const bad of ['2026-02-30', '2026-2-28', '26-02-28', '2026-13-01', '2026-02-28T00:00', ''])
      expect(isIsoDay(bad)).toBe(false);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (d) => {
          expect(isIsoDay(d.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
  });

  it('the chosen tickets a quantity message counts: types above 0 with their group', () => {
    expect(chosenTickets([lectureGroup], { 't-general': 2, 't-student': 0 })).toEqual([
      {
        typeId: 't-general',
        typeName: 'General',
        groupId: 'g-lecture',
        groupName: 'Lecture tickets',
        quantity: 2,
      },
    ]);
  });
});
