/**
 * The single-event form's independent transition table (issue 29; singleEventReserve.table.test.ts holds the
 * machine to it), written from spec 1 §2 layout 4, §4 "Single-event flow" and "Quantities", §5 (quantity rules,
 * seats, attendees, surveys, flexible price, city-pass vouchers), §8 and §9, not read from the machine:
 *
 * checking: every group a discount-code purchase (and one at least) -> ready with the event's own groups, no
 * session; else loadingSession (the event's one session): none on sale -> unavailable ('Sorry, tickets are not
 * available for this event.'), one -> loadingGroups (its groups, those of this page, in the session's order) ->
 * ready; a failed load -> loadError with its message (sold out names the session's time), retry checks again.
 * Once the groups are known, the form (the child `ticketForm`, its own table in ticketForm.table.ts) gets them
 * at the default quantities (the query's `select` at its group's first step when it can be booked, else the
 * only bookable type at its first step, else none). ready: the form's valid submit (`form.submitted`) ->
 * reserving what it asked for (the last submit's notices cleared). reserving: reserved -> done; sold out -> the
 * message with the session's time, the session and groups cleared, the form emptied, the session loaded
 * again; a refusal naming a voucher the form sent -> the form gets it back (beside its field), no notice; else
 * the message and the form gets the refusal back (a lost seat race's seats dropped there); the child's own
 * failure -> the message, the form back.
 *
 * What the form does with its fields (quantities, seats, attendees, surveys, amounts, vouchers) and when it
 * submits is the ticketForm table's; this table reads the events the flow sends it.
 */
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import type { ReserveIntoCartInput } from '../../machines/reserve/core/types';
import type {
  SingleEventReserveContext,
  SingleEventReserveEvent,
} from '../../machines/reserve/singleEventReserve.types';
import type { MessageParams } from '../../machines/shared/messages';
import {
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
  seatedGroup,
  seatTakenError,
  soldOutError,
  VOUCHERS,
  voucherUsedError,
} from '../../stories/fixtures/singleEventReserve';
import {
  besideTheField,
  dismissRow,
  flowError,
  formRefused,
  isSoldOut,
  notice,
  type Quantities,
  RESERVE_ERROR,
  refused,
  refusedError,
  reserved,
  reservedRow,
  reserveText,
  SUBMIT_NOTICES,
  sentVouchers,
  stepped,
  withNotice,
  without,
} from './reserve.oracle';
import {
  type Call,
  doneSamples,
  type EventSample,
  type Row,
  type Table,
  type World,
} from './transition-table';

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
/** The form gets the groups (and the session) at their default quantities. */
const formReset = (c: C): Call => ({
  sendTo: 'ticketForm',
  event: {
    type: 'form.reset',
    groups: c.groups,
    session: c.session,
    quantities: defaults(c.groups, c.session, c.select),
  },
});
/** The session's groups this page offers (the event's own), in the session's order. */
const offered = (c: C, groups: readonly TicketGroupModel[]) =>
  groups.filter((g) => c.event.ticketGroups.some((own) => own.id === g.id));
/** Spec 1 §8: sold out names the session's time. */
const params = (c: C): MessageParams =>
  c.session ? { time: { time: c.session.start, zone: c.event.venue.timezone } } : {};

const loadFailed: Row<C, E> = {
  target: 'loadError',
  effect: (c, e) => ({ blocking: reserveText(flowError((e as { error: unknown }).error), params(c)) }),
};
const noted = (c: C, e: E) => ({
  messages: withNotice(c.messages, notice(RESERVE_ERROR, reserveText(refusedError(e), params(c)))),
});
export const table: Table<C, E, S> = {
  initial: 'checking',
  states: {
    checking: {
      always: [
        {
          label: 'discount codes only: no session',
          when: sessionless,
          target: 'ready',
          effect: (c) => ({ groups: c.event.ticketGroups }),
          calls: (_c, _e, after) => [formReset(after)],
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
    reserving: { entry: { calls: (c): Call[] => [{ invoke: 'reserveIntoCart', input: c.request }] } },
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
          effect: (c, e) => ({ groups: offered(c, e.output) }),
          calls: (_c, _e, after) => [formReset(after)],
        },
      ],
    },
    'xstate.error.actor.loadSessionGroups': { loadingGroups: [loadFailed] },
    retry: { loadError: [{ target: 'checking', effect: () => ({ blocking: null }) }] },
    submit: {},
    'form.submitted': {
      ready: [
        {
          label: 'the form holds: reserve what it asks for',
          target: 'reserving',
          effect: (c, e) => ({ messages: without(c.messages, SUBMIT_NOTICES), request: e.request }),
        },
      ],
    },
    'xstate.done.actor.reserveIntoCart': {
      reserving: [
        reservedRow<C, Extract<E, { type: 'xstate.done.actor.reserveIntoCart' }>>(),
        {
          label: 'sold out: the session again, the choice cleared',
          when: (_c, e) => isSoldOut(e),
          target: 'loadingSession',
          effect: (c, e) => ({ ...noted(c, e), session: null, groups: [] }),
          calls: () => [{ sendTo: 'ticketForm', event: { type: 'form.reset', groups: [], session: null } }],
        },
        {
          label: 'a voucher the form sent refused: back to the form, beside its field',
          when: (c, e) => besideTheField(refusedError(e), sentVouchers(c)) !== null,
          target: 'ready',
          calls: (_c, e) => [formRefused(e)],
        },
        {
          label: 'refused: the message, the form back (a lost seat race’s seats dropped there)',
          target: 'ready',
          effect: noted,
          calls: (_c, e) => [formRefused(e)],
        },
      ],
    },
    'xstate.error.actor.reserveIntoCart': {
      reserving: [{ target: 'ready', effect: noted, calls: (_c, e) => [formRefused(e)] }],
    },
    'message.dismiss': { '*': [dismissRow] },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (event: EventDetail): C => ({
  event,
  select: null,
  presetPriceCents: null,
  session: null,
  groups: [],
  request: null,
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
/** What the form asks to reserve (its `form.submitted`). */
const ask = (quantities: Quantities, vouchers?: Record<string, string[]>): ReserveIntoCartInput => ({
  request: {
    kind: 'tickets',
    tickets: {
      eventId: lecture.id,
      sessionId: lectureSession.id,
      quantities,
      ...(vouchers ? { vouchers: { byType: vouchers, visitDatetime: lectureSession.start } } : {}),
    },
  },
});
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
    name: 'lecture loaded, blocked',
    context: at(lecture, [lectureGroup], { blocking: { key: 'eventUnavailable' } }),
  },
  {
    name: 'lecture, 2 general asked, old notices, ?select=t-pair',
    context: at(lecture, [lectureGroup], {
      request: ask({ 't-general': 2 }),
      messages: oldNotices,
      select: 't-pair',
    }),
  },
  { name: 'pairs, a session with 1 place', context: at(lecture, [pairGroup], { session: tightSession }) },
  {
    name: 'city pass, 1 adult asked with its voucher (lower case)',
    context: at(citypassLecture, [lectureGroup, citypassGroup], {
      request: ask({ 't-cp-adult': 1 }, { 't-cp-adult': [` ${VOUCHERS.adult.toLowerCase()} `] }),
    }),
  },
  {
    name: 'city pass, 1 adult asked with a wrong voucher',
    context: at(citypassLecture, [lectureGroup, citypassGroup], {
      request: ask({ 't-cp-adult': 1 }, { 't-cp-adult': [VOUCHERS.wrong] }),
      presetPriceCents: 1250,
    }),
  },
];

const child = doneSamples<E>('reserveIntoCart');
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
  { name: 'submit (the form’s own)', event: { type: 'submit' } },
  {
    name: 'the form asks for 2 general',
    event: { type: 'form.submitted', request: ask({ 't-general': 2 }) },
  },
  {
    name: 'the form asks for 1 adult with its voucher',
    event: { type: 'form.submitted', request: ask({ 't-cp-adult': 1 }, { 't-cp-adult': [VOUCHERS.adult] }) },
  },
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
