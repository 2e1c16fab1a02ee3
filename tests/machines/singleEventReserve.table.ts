/**
 * The single-event form's independent transition table (issue 29; singleEventReserve.table.test.ts holds the
 * machine to it), written from spec 1 §2 layout 4, §4 "Single-event flow" and "Quantities", §5 (quantity rules,
 * seats, attendees, surveys, flexible price, city-pass vouchers), §8 and §9, not read from the machine:
 *
 * checking: every group a discount-code purchase (and one at least) -> ready with the event's own groups and
 * the default quantities, no session; else loadingSession (the event's one session): none on sale ->
 * unavailable ('Sorry, tickets are not available for this event.'), one -> loadingGroups (its groups, those of
 * this page, in the session's order) -> ready with the default quantities (the query's `select` at its group's
 * first step when it can be booked, else the only bookable type at its first step, else none); a failed load ->
 * loadError with its message (sold out names the session's time), retry checks again. ready: the steppers
 * (attendees and vouchers kept in step), the seats, attendees, surveys, amounts and vouchers typed (a typed
 * voucher ends the server's refusal of one); submit with at least one ticket, every group within its limits,
 * the seats matching and the attendee, voucher, survey and price rules holding -> reserving (the last submit's
 * notices and voucher refusal cleared); the same without the field rules -> the fields show their problems.
 * reserving: reserved -> done; sold out -> the message with the session's time, the choice cleared, the
 * session loaded again; a refusal naming a typed voucher -> beside its field; else the message, a lost seat
 * race's seats dropped; the child's own failure -> the message.
 *
 * The field rules of what a reserve carries (attendees, vouchers, surveys: core/admits.ts, core/vouchers.ts,
 * core/surveys.ts) have their own tables from the spec (reserve-admits, reserve-vouchers, reserve-surveys
 * tests); this table reads whether they hold, their fields kept in step and their request parts through them.
 */
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import { admitsHold, admitsInStep, requestAdmits } from '../../machines/reserve/core/admits';
import { requestSurveys, surveysHold } from '../../machines/reserve/core/surveys';
import { requestVouchers, vouchersHold, vouchersInStep } from '../../machines/reserve/core/vouchers';
import type {
  SingleEventReserveContext,
  SingleEventReserveEvent,
} from '../../machines/reserve/single-event-types';
import type { MessageParams } from '../../machines/shared/messages';
import { wishGroup } from '../../stories/fixtures/dateFirstReserve';
import {
  attendeeLecture,
  capacityError,
  cart,
  citypassFailureError,
  citypassGroup,
  citypassLecture,
  codesEvent,
  codesGroup,
  lecture,
  lectureGroup,
  lectureSession,
  pairGroup,
  seatedEvent,
  seatedGroup,
  seatTakenError,
  soldOutError,
  VOUCHERS,
  voucherUsedError,
  wishLecture,
} from '../../stories/fixtures/singleEventReserve';
import {
  above0,
  besideTheField,
  cartOf,
  dismissRow,
  faceValues,
  flowError,
  isSoldOut,
  notice,
  pricesFit,
  type Quantities,
  RESERVE_ERROR,
  refused,
  refusedError,
  requiredQuestion,
  reserved,
  reserveText,
  SUBMIT_NOTICES,
  seatsAfter,
  seatsFit,
  seatsPart,
  selectionValid,
  stepped,
  surveysTyped,
  vouchersTyped,
  withNotice,
  without,
} from './reserve.oracle';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = SingleEventReserveContext;
type E = SingleEventReserveEvent;
type S =
  | 'checking'
  | 'loadingSession'
  | 'loadingGroups'
  | 'loadError'
  | 'unavailable'
  | 'ready'
  | 'reserving'
  | 'done';

/** Spec 1 §4: every group is a discount-code purchase (handler codes), and there is one. */
const sessionless = (c: C) =>
  c.event.ticketGroups.length > 0 && c.event.ticketGroups.every((g) => g.handler === 'codes');

/** The first step of a type from nothing (spec 1 §4 "Quantities"), or {} when it cannot be booked. */
const firstOf = (groups: readonly TicketGroupModel[], session: SessionModel | null, id: string): Quantities =>
  stepped({ groups, session, quantities: {} }, { type: 'quantity.increment', ticketTypeId: id });
/** Spec 1 §4: the default quantities once the groups are known. */
function defaults(groups: readonly TicketGroupModel[], session: SessionModel | null, select: string | null) {
  if (select !== null) {
    const preset = firstOf(groups, session, select);
    if (Object.keys(preset).length > 0) return preset;
  }
  const bookable = groups.flatMap((g) =>
    g.types.filter((t) => Object.keys(firstOf(groups, session, t.id)).length > 0),
  );
  return bookable.length === 1 ? firstOf(groups, session, (bookable[0] as { id: string }).id) : {};
}
/** The quantities with the attendee and voucher fields kept in step. */
const withQuantities = (c: C, groups: readonly TicketGroupModel[], quantities: Quantities) => ({
  quantities,
  admits: admitsInStep(c.event, groups, quantities, c.admits),
  vouchers: vouchersInStep(c.event, groups, quantities, c.vouchers),
});
/** The session's groups this page offers (the event's own), in the session's order. */
const offered = (c: C, groups: readonly TicketGroupModel[]) =>
  groups.filter((g) => c.event.ticketGroups.some((own) => own.id === g.id));
/** Spec 1 §8: sold out names the session's time. */
const params = (c: C): MessageParams =>
  c.session ? { time: { time: c.session.start, zone: c.event.venue.timezone } } : {};

const ticketsReady = (c: C) =>
  selectionValid(c.groups, c.quantities) && seatsFit(c.groups, c.quantities, c.seats);
const canSubmit = (c: C) =>
  ticketsReady(c) &&
  admitsHold(c.event, c.groups, c.quantities, c.admits) &&
  vouchersHold(c.event, c.groups, c.quantities, c.vouchers) &&
  surveysHold(c.groups, c.quantities, c.surveys) &&
  pricesFit(c.groups, c.quantities, c);

function reserveInput(c: C) {
  const byType = requestVouchers(c.event, c.groups, c.quantities, c.vouchers);
  const admits = requestAdmits(c.event, c.groups, c.quantities, c.admits);
  const info = requestSurveys(c.groups, c.quantities, c.surveys);
  const fv = faceValues(c.groups, c.quantities, c);
  return {
    request: {
      kind: 'tickets',
      tickets: {
        eventId: c.event.id,
        sessionId: c.session?.id ?? null,
        quantities: above0(c.quantities),
        ...seatsPart(c.groups, c.quantities, c.seats),
        ...(admits ? { admits } : {}),
        ...(byType ? { vouchers: { byType, visitDatetime: c.session?.start ?? null } } : {}),
        ...(info ? { additionalInfo: info } : {}),
        ...(fv ? { faceValues: fv } : {}),
      },
    },
  };
}

const loadFailed: Row<C, E> = {
  target: 'loadError',
  effect: (c, e) => ({ blocking: reserveText(flowError((e as { error: unknown }).error), params(c)) }),
};
const noted = (c: C, e: E) => ({
  messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e), params(c)))),
});
const change = (f: (c: C, e: E) => Partial<C>): Partial<Record<S, Row<C, E>[]>> => ({
  ready: [{ target: null, effect: f }],
});
const stepper = change((c, e) => withQuantities(c, c.groups, stepped(c, e as Parameters<typeof stepped>[1])));

export const table: Table<C, E, S> = {
  initial: 'checking',
  states: {
    checking: {
      always: [
        {
          label: 'discount codes only: no session',
          when: sessionless,
          target: 'ready',
          effect: (c) => ({
            groups: c.event.ticketGroups,
            ...withQuantities(c, c.event.ticketGroups, defaults(c.event.ticketGroups, c.session, c.select)),
          }),
        },
        { target: 'loadingSession' },
      ],
    },
    loadingSession: {
      entry: { calls: (c): Call[] => [{ invoke: 'loadSession', input: { eventId: c.event.id } }] },
    },
    loadingGroups: {
      entry: {
        calls: (c): Call[] => [
          { invoke: 'loadSessionGroups', input: { eventId: c.event.id, sessionId: c.session?.id ?? '' } },
        ],
      },
    },
    loadError: {},
    unavailable: {},
    ready: {},
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: reserveInput(c) }] } },
    done: { final: true },
  },
  on: {
    'xstate.done.actor.loadSession': {
      loadingSession: [
        {
          label: 'no session on sale',
          when: (_c, e) => e.output === null,
          target: 'unavailable',
          effect: () => ({ blocking: { key: 'eventUnavailable' } }),
        },
        { target: 'loadingGroups', effect: (_c, e) => ({ session: e.output }) },
      ],
    },
    'xstate.error.actor.loadSession': { loadingSession: [loadFailed] },
    'xstate.done.actor.loadSessionGroups': {
      loadingGroups: [
        {
          target: 'ready',
          effect: (c, e) => {
            const groups = offered(c, e.output);
            return { groups, ...withQuantities(c, groups, defaults(groups, c.session, c.select)) };
          },
        },
      ],
    },
    'xstate.error.actor.loadSessionGroups': { loadingGroups: [loadFailed] },
    retry: { loadError: [{ target: 'checking', effect: () => ({ blocking: null }) }] },
    'quantity.increment': stepper,
    'quantity.decrement': stepper,
    'quantity.set': stepper,
    'seats.set': change((_c, e) => ({ seats: (e as { seats: C['seats'] }).seats })),
    'admit.change': change((c, e) => {
      const a = e as Extract<E, { type: 'admit.change' }>;
      const list = c.admits[a.ticketTypeId];
      if (!list?.[a.index]) return {};
      return {
        admits: {
          ...c.admits,
          [a.ticketTypeId]: list.map((v, i) => (i === a.index ? { ...v, [a.field]: a.value } : v)),
        },
      };
    }),
    'survey.change': change((c, e) => ({
      surveys: surveysTyped(c.surveys, e as Extract<E, { type: 'survey.change' }>),
    })),
    'price.change': change((c, e) => {
      const p = e as Extract<E, { type: 'price.change' }>;
      return { prices: { ...c.prices, [p.ticketTypeId]: p.value } };
    }),
    'voucher.change': change((c, e) => ({
      vouchers: vouchersTyped(c.vouchers, e as Extract<E, { type: 'voucher.change' }>),
      voucherRefusal: null,
    })),
    submit: {
      ready: [
        {
          label: 'every rule holds',
          when: canSubmit,
          target: 'reserving',
          effect: (c) => ({ messages: without(c.messages, SUBMIT_NOTICES), voucherRefusal: null }),
        },
        {
          label: 'the tickets are ready, a field is not: the fields show their problems',
          when: ticketsReady,
          target: null,
          effect: () => ({
            admitsChecked: true,
            surveysChecked: true,
            pricesChecked: true,
            vouchersChecked: true,
          }),
        },
      ],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        {
          when: (_c, e) => cartOf(e) !== null,
          target: 'done',
          effect: (_c, e) => ({ cart: cartOf(e) }),
          calls: () => [{ action: 'reserved' }],
        },
        {
          label: 'sold out: the session again, the choice cleared',
          when: (_c, e) => isSoldOut(e),
          target: 'loadingSession',
          effect: (c, e) => ({
            ...noted(c, e),
            session: null,
            groups: [],
            quantities: {},
            admits: {},
            admitsChecked: false,
            vouchers: {},
            vouchersChecked: false,
            voucherRefusal: null,
          }),
        },
        {
          label: 'a typed voucher refused: beside its field',
          when: (c, e) => besideTheField(refusedError(e), c.vouchers) !== null,
          target: 'ready',
          effect: (c, e) => ({ voucherRefusal: besideTheField(refusedError(e), c.vouchers) }),
        },
        {
          label: 'refused: the message, a lost seat race’s seats dropped',
          target: 'ready',
          effect: (c, e) => ({ ...noted(c, e), seats: seatsAfter(c.seats, refusedError(e)) }),
        },
      ],
    },
    'xstate.error.actor.reserveIntoCart': { reserving: [{ target: 'ready', effect: noted }] },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (event: EventDetail): C => ({
  event,
  select: null,
  session: null,
  groups: [],
  quantities: {},
  seats: {},
  admits: {},
  admitsChecked: false,
  surveys: {},
  surveysChecked: false,
  prices: {},
  presetPriceCents: null,
  pricesChecked: false,
  vouchers: {},
  vouchersChecked: false,
  voucherRefusal: null,
  messages: [],
  blocking: null,
  cart: null,
});
const at = (event: EventDetail, groups: TicketGroupModel[], over: Partial<C> = {}): C => ({
  ...base(event),
  session: lectureSession,
  groups,
  ...over,
});
const SURVEY_GROUP: TicketGroupModel = { ...lectureGroup, survey: [requiredQuestion('dietary')] };
const surveyLecture: EventDetail = { ...lecture, id: 'ev-survey', ticketGroups: [SURVEY_GROUP] };
const tightSession: SessionModel = { ...lectureSession, availableCapacity: 1 };
const mixedEvent: EventDetail = { ...codesEvent, id: 'ev-mixed', ticketGroups: [codesGroup, lectureGroup] };
const emptyEvent: EventDetail = { ...codesEvent, id: 'ev-none', ticketGroups: [] };
const oldNotices = [
  notice(RESERVE_ERROR, { key: 'errorUnexpected' }),
  notice('reserve.dateSoldOut', { key: 'errorUnexpected' }),
  notice('load.error', { key: 'errorUnexpected' }),
];

export const worlds: World<C>[] = [
  { name: 'lecture, nothing loaded', context: base(lecture) },
  { name: 'lecture, ?select=t-student, nothing loaded', context: { ...base(lecture), select: 't-student' } },
  { name: 'discount codes only', context: base(codesEvent) },
  { name: 'codes and a lecture group', context: { ...base(mixedEvent), select: 't-code' } },
  { name: 'no groups at all', context: base(emptyEvent) },
  {
    name: 'lecture loaded, nothing chosen, blocked',
    context: at(lecture, [lectureGroup], { blocking: { key: 'eventUnavailable' } }),
  },
  {
    name: 'lecture, 2 general, old notices, ?select=t-pair',
    context: at(lecture, [lectureGroup], {
      quantities: { 't-general': 2 },
      messages: oldNotices,
      select: 't-pair',
    }),
  },
  {
    name: 'lecture, 10 general (the max)',
    context: at(lecture, [lectureGroup], { quantities: { 't-general': 10 } }),
  },
  {
    name: 'pairs, 2 (the minimum), a session with 1 place',
    context: at(lecture, [pairGroup], { quantities: { 't-pair': 2 }, session: tightSession }),
  },
  {
    name: 'pairs, nothing, a session with 1 place',
    context: at(lecture, [pairGroup], { session: tightSession }),
  },
  {
    name: 'seated, 2 stalls, 1 seat',
    context: at(seatedEvent, [seatedGroup], {
      quantities: { 't-stalls': 2 },
      seats: { 'g-seated': ['seat-1'] },
    }),
  },
  {
    name: 'seated, 2 stalls, 2 seats',
    context: at(seatedEvent, [seatedGroup], {
      quantities: { 't-stalls': 2 },
      seats: { 'g-seated': ['seat-1', 'seat-2'] },
    }),
  },
  {
    name: 'attendees, 1 general, no name',
    context: at(attendeeLecture, [lectureGroup], {
      quantities: { 't-general': 1 },
      admits: { 't-general': [{ first: '', last: '', email: '' }] },
    }),
  },
  {
    name: 'attendees, 1 general, named',
    context: at(attendeeLecture, [lectureGroup], {
      quantities: { 't-general': 1 },
      admits: { 't-general': [{ first: 'Ada', last: 'Lovelace', email: '' }] },
      admitsChecked: true,
    }),
  },
  {
    name: 'city pass, 1 adult, a wrong voucher, a refusal shown',
    context: at(citypassLecture, [lectureGroup, citypassGroup], {
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [VOUCHERS.wrong] },
      voucherRefusal: { code: VOUCHERS.wrong, message: { key: 'citypassFormat' } },
    }),
  },
  {
    name: 'city pass, 1 adult, its voucher typed (lower case)',
    context: at(citypassLecture, [lectureGroup, citypassGroup], {
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [` ${VOUCHERS.adult.toLowerCase()} `] },
    }),
  },
  {
    name: 'survey, 1 general, unanswered',
    context: at(surveyLecture, [SURVEY_GROUP], { quantities: { 't-general': 1 } }),
  },
  {
    name: 'survey, 1 general, answered',
    context: at(surveyLecture, [SURVEY_GROUP], {
      quantities: { 't-general': 1 },
      surveys: { 'g-lecture': { dietary: 'none' } },
    }),
  },
  {
    name: 'pay what you wish, 1, $3 typed',
    context: at(wishLecture, [wishGroup], { quantities: { 't-wish': 1 }, prices: { 't-wish': '3' } }),
  },
  {
    name: 'pay what you wish, 1, price query 1250',
    context: at(wishLecture, [wishGroup], { quantities: { 't-wish': 1 }, presetPriceCents: 1250 }),
  },
];

const child = (name: string, output: unknown): EventSample<E> => ({
  name,
  event: { type: 'xstate.done.actor.reserveIntoCart', output } as E,
});
const types = ['t-general', 't-student', 't-pair', 't-stalls', 't-cp-adult', 't-wish', 't-code', 't-unknown'];
/** Sample events (actor events without an `actorId`: the machine does not read it). */
export const events = [
  { name: 'the session', event: { type: 'xstate.done.actor.loadSession', output: lectureSession } },
  {
    name: 'the session with 1 place',
    event: { type: 'xstate.done.actor.loadSession', output: tightSession },
  },
  { name: 'no session', event: { type: 'xstate.done.actor.loadSession', output: null } },
  { name: 'session failed', event: { type: 'xstate.error.actor.loadSession', error: capacityError } },
  {
    name: 'session failed: sold out',
    event: { type: 'xstate.error.actor.loadSession', error: soldOutError },
  },
  ...(
    [
      ['the lecture group', [lectureGroup]],
      ['pairs', [pairGroup]],
      ['seats', [seatedGroup]],
      ['another event’s group too, first', [codesGroup, lectureGroup]],
      ['city pass and lecture', [citypassGroup, lectureGroup]],
      ['none', []],
    ] as const
  ).map(([name, output]) => ({
    name: `groups: ${name}`,
    event: { type: 'xstate.done.actor.loadSessionGroups', output: [...output] } as E,
  })),
  { name: 'groups failed', event: { type: 'xstate.error.actor.loadSessionGroups', error: new Error('x') } },
  { name: 'retry', event: { type: 'retry' } },
  ...types.flatMap((id): EventSample<E>[] => [
    { name: `+ ${id}`, event: { type: 'quantity.increment', ticketTypeId: id } },
    { name: `- ${id}`, event: { type: 'quantity.decrement', ticketTypeId: id } },
  ]),
  { name: 'set general 3', event: { type: 'quantity.set', ticketTypeId: 't-general', quantity: 3 } },
  { name: 'set general 12', event: { type: 'quantity.set', ticketTypeId: 't-general', quantity: 12 } },
  { name: 'set pair 1', event: { type: 'quantity.set', ticketTypeId: 't-pair', quantity: 1 } },
  { name: 'set general 0', event: { type: 'quantity.set', ticketTypeId: 't-general', quantity: 0 } },
  {
    name: 'set general NaN',
    event: { type: 'quantity.set', ticketTypeId: 't-general', quantity: Number.NaN },
  },
  { name: 'seats: 2', event: { type: 'seats.set', seats: { 'g-seated': ['seat-1', 'seat-2'] } } },
  {
    name: 'name the first general',
    event: { type: 'admit.change', ticketTypeId: 't-general', index: 0, field: 'first', value: 'Grace' },
  },
  {
    name: 'name a general that is not there',
    event: { type: 'admit.change', ticketTypeId: 't-general', index: 3, field: 'last', value: 'Hopper' },
  },
  {
    name: 'answer the survey',
    event: { type: 'survey.change', ticketGroupId: 'g-lecture', question: 'dietary', value: 'vegan' },
  },
  { name: 'type 12.5 for wish', event: { type: 'price.change', ticketTypeId: 't-wish', value: '12.5' } },
  {
    name: 'type the adult voucher',
    event: { type: 'voucher.change', ticketTypeId: 't-cp-adult', index: 0, value: VOUCHERS.adult },
  },
  {
    name: 'type a voucher that has no field',
    event: { type: 'voucher.change', ticketTypeId: 't-cp-adult', index: 2, value: VOUCHERS.adult },
  },
  { name: 'submit', event: { type: 'submit' } },
  child('reserved', reserved(cart)),
  child('refused: sold out', refused(soldOutError)),
  child('refused: capacity', refused(capacityError)),
  child('refused: a seat taken', refused(seatTakenError)),
  child('refused: a seat taken, none named', refused({ ...seatTakenError, extra: {} })),
  child('refused: the adult voucher used', refused(voucherUsedError)),
  child('refused: City Pass down', refused(citypassFailureError)),
  { name: 'the child failed', event: { type: 'xstate.error.actor.reserveIntoCart', error: new Error('x') } },
  { name: 'dismiss the reserve error', event: { type: 'message.dismiss', key: RESERVE_ERROR } },
  { name: 'dismiss another', event: { type: 'message.dismiss', key: 'load.error' } },
] as EventSample<E>[];
