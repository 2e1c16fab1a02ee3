/**
 * The ticket form child's independent transition table (issue 17; ticketForm.table.test.ts holds the machine to
 * it), written from spec 1 §2 "Date-first reserve screen" (quantities, surveys, attendees, seats, submit), §4
 * "Quantities" and the flows' submit rules, §5 (quantity rules, seats, attendees, surveys, flexible price,
 * city-pass vouchers) and §8, not read from the machine:
 *
 * opening: a form with groups opens (editing); without any (its parent's not loaded yet, or gone with a sold-out
 * session) it is closed and ignores every edit. editing: the steppers (attendees and vouchers kept in step), the seats, attendees, surveys, amounts and
 * vouchers typed (a typed voucher ends the server's refusal of one); submit with at least one ticket, every
 * group within its limits, the seats matching and the attendee, voucher, survey and price rules holding ->
 * submitted, the voucher refusal cleared, the parent told `form.submitted` with the reserve's request (the
 * session's id and start as the city passes' visit, none without a session); the same without the field rules
 * -> the fields show their problems. submitted: the form waits as it is; a refusal naming a typed voucher ->
 * editing, beside its field; any other (or the reserve's own failure) -> editing, a lost seat race's seats
 * dropped. Any state: new groups -> open again (closed without any) with them, their quantities (fields in step), no seats, nothing of
 * the old tickets' attendees and vouchers; the survey answers and amounts typed stay. Any state: the session
 * the tickets are for (quantity-first chooses it after the quantities) -> kept, another session's seats
 * dropped, the rest as it was. editing: 'Find tickets' (quantity-first) with at least one ticket, every group
 * within its limits and every chosen amount fitting -> the parent told `form.quantities`; the same with an
 * amount that does not fit -> the amounts show their problem.
 *
 * As in the variants' tables, the field rules (core/admits.ts, core/vouchers.ts, core/surveys.ts) have their
 * own tables from the spec; this one reads whether they hold, their fields kept in step and their request
 * parts through them.
 */
import type { EventDetail, SessionModel, TicketGroupModel } from '../../api/models';
import { admitsHold, admitsInStep, requestAdmits } from '../../machines/reserve/core/admits';
import { requestSurveys, surveysHold } from '../../machines/reserve/core/surveys';
import type { TicketFormChildContext, TicketFormChildEvent } from '../../machines/reserve/core/ticket-form';
import { requestVouchers, vouchersHold, vouchersInStep } from '../../machines/reserve/core/vouchers';
import { wishGroup } from '../../stories/fixtures/dateFirstReserve';
import {
  attendeeLecture,
  capacityError,
  citypassFailureError,
  citypassGroup,
  citypassLecture,
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
  faceValues,
  flowError,
  pricesFit,
  type Quantities,
  requiredQuestion,
  seatsAfter,
  seatsFit,
  seatsPart,
  selectionValid,
  stepped,
  surveysTyped,
  vouchersTyped,
} from './reserve.oracle';
import type { Call, EventSample, Row, Table, World } from './transition-table';

type C = TicketFormChildContext;
type E = TicketFormChildEvent;
type S = 'opening' | 'closed' | 'editing' | 'submitted';

/** The quantities with the attendee and voucher fields kept in step. */
const withQuantities = (c: C, groups: readonly TicketGroupModel[], quantities: Quantities) => ({
  quantities,
  admits: admitsInStep(c.event, groups, quantities, c.admits),
  vouchers: vouchersInStep(c.event, groups, quantities, c.vouchers),
});

const ticketsReady = (c: C) =>
  selectionValid(c.groups, c.quantities) && seatsFit(c.groups, c.quantities, c.seats);
const canSubmit = (c: C) =>
  ticketsReady(c) &&
  admitsHold(c.event, c.groups, c.quantities, c.admits) &&
  vouchersHold(c.event, c.groups, c.quantities, c.vouchers) &&
  surveysHold(c.groups, c.quantities, c.surveys) &&
  pricesFit(c.groups, c.quantities, c);

/** Spec 1 §7's reserve of the form's tickets, what the parent is asked to reserve. */
function submitted(c: C) {
  const byType = requestVouchers(c.event, c.groups, c.quantities, c.vouchers);
  const admits = requestAdmits(c.event, c.groups, c.quantities, c.admits);
  const info = requestSurveys(c.groups, c.quantities, c.surveys);
  const fv = faceValues(c.groups, c.quantities, c);
  return {
    request: {
      kind: 'tickets' as const,
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

const change = (f: (c: C, e: E) => Partial<C>): Partial<Record<S, Row<C, E>[]>> => ({
  editing: [{ target: null, effect: f }],
});
const stepper = change((c, e) => withQuantities(c, c.groups, stepped(c, e as Parameters<typeof stepped>[1])));
const refusal = (e: E) => (e as Extract<E, { type: 'form.refused' }>).error;

export const table: Table<C, E, S> = {
  initial: 'opening',
  states: {
    opening: {
      always: [
        { label: 'groups to offer: the form opens', when: (c) => c.groups.length > 0, target: 'editing' },
        { label: 'no groups: closed', target: 'closed' },
      ],
    },
    closed: {},
    editing: {},
    submitted: {},
  },
  on: {
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
      editing: [
        {
          label: 'every rule holds: the parent is told',
          when: canSubmit,
          target: 'submitted',
          effect: (c) => ({ voucherRefusal: null, request: submitted(c) }),
          calls: (): Call[] => [{ action: 'submitted' }],
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
    'quantities.confirm': {
      editing: [
        {
          label: 'the quantities and amounts hold: the parent is told',
          when: (c) => selectionValid(c.groups, c.quantities) && pricesFit(c.groups, c.quantities, c),
          target: null,
          calls: (): Call[] => [{ action: 'quantitiesConfirmed' }],
        },
        {
          label: 'an amount does not fit: the amounts show their problem',
          when: (c) => selectionValid(c.groups, c.quantities),
          target: null,
          effect: () => ({ pricesChecked: true }),
        },
      ],
    },
    'form.session': {
      '*': [
        {
          label: 'the session the tickets are for: another one’s seats dropped',
          target: null,
          effect: (c, e) => {
            const session = (e as Extract<E, { type: 'form.session' }>).session;
            return { session, seats: session?.id === c.session?.id ? c.seats : {} };
          },
        },
      ],
    },
    'form.refused': {
      submitted: [
        {
          label: 'a typed voucher refused: beside its field',
          when: (c, e) => besideTheField(refusal(e), c.vouchers) !== null,
          target: 'editing',
          effect: (c, e) => ({ request: null, voucherRefusal: besideTheField(refusal(e), c.vouchers) }),
        },
        {
          label: 'refused: the form as it was, a lost seat race’s seats dropped',
          target: 'editing',
          effect: (c, e) => ({ request: null, seats: seatsAfter(c.seats, refusal(e)) }),
        },
      ],
    },
    'form.reset': {
      '*': [
        {
          label: 'new groups: open again (closed without any)',
          target: 'opening',
          effect: (c, e) => {
            const r = e as Extract<E, { type: 'form.reset' }>;
            const emptied: C = { ...c, admits: {}, vouchers: {} };
            return {
              groups: r.groups,
              session: r.session,
              request: null,
              seats: {},
              admitsChecked: false,
              vouchersChecked: false,
              voucherRefusal: null,
              ...withQuantities(emptied, r.groups, r.quantities ?? {}),
            };
          },
        },
      ],
    },
  },
};

// ---- worlds and event samples --------------------------------------------------------------------------

export const base = (event: EventDetail): C => ({
  event,
  session: null,
  request: null,
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

export const worlds: World<C>[] = [
  { name: 'lecture, no groups yet', context: base(lecture) },
  { name: 'lecture, nothing chosen', context: at(lecture, [lectureGroup]) },
  {
    name: 'lecture, 2 general, checked fields',
    context: at(lecture, [lectureGroup], {
      quantities: { 't-general': 2 },
      admitsChecked: true,
      surveysChecked: true,
      pricesChecked: true,
      vouchersChecked: true,
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
    name: 'city pass, 1 adult, its voucher typed, the server refused it (used)',
    context: at(citypassLecture, [lectureGroup, citypassGroup], {
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [VOUCHERS.adult] },
      voucherRefusal: {
        code: VOUCHERS.adult,
        message: { key: 'errorDescription', params: { description: 'Already used.' } },
      },
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
    name: 'city pass, flexible (no session), 1 adult, its voucher typed',
    context: at(citypassLecture, [citypassGroup], {
      session: null,
      quantities: { 't-cp-adult': 1 },
      vouchers: { 't-cp-adult': [VOUCHERS.adult] },
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

const reset = (
  name: string,
  groups: TicketGroupModel[],
  session: SessionModel | null,
  quantities?: Quantities,
) => ({
  name: `new groups: ${name}`,
  event: { type: 'form.reset', groups, session, ...(quantities ? { quantities } : {}) } as E,
});
const refused = (name: string, error: unknown): EventSample<E> => ({
  name: `refused: ${name}`,
  event: { type: 'form.refused', error: error === null ? null : flowError(error) },
});
const types = ['t-general', 't-student', 't-pair', 't-stalls', 't-cp-adult', 't-wish', 't-unknown'];
export const events = [
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
  refused('sold out', soldOutError),
  refused('capacity', capacityError),
  refused('a seat taken', seatTakenError),
  refused('a seat taken, none named', { ...seatTakenError, extra: {} }),
  refused('the adult voucher used', voucherUsedError),
  refused('City Pass down', citypassFailureError),
  refused('the reserve failed itself', null),
  reset('the lecture, 2 general', [lectureGroup], lectureSession, { 't-general': 2 }),
  reset('city pass and lecture, nothing', [citypassGroup, lectureGroup], lectureSession),
  reset('flexible, 1 adult', [citypassGroup], null, { 't-cp-adult': 1 }),
  reset('seats, 2 stalls', [seatedGroup], lectureSession, { 't-stalls': 2 }),
  reset('none (sold out)', [], null),
  { name: 'find tickets', event: { type: 'quantities.confirm' } },
  { name: 'the session: the lecture’s', event: { type: 'form.session', session: lectureSession } },
  {
    name: 'the session: another one',
    event: { type: 'form.session', session: { ...lectureSession, id: 's-other' } },
  },
  { name: 'the session: none', event: { type: 'form.session', session: null } },
] as EventSample<E>[];
