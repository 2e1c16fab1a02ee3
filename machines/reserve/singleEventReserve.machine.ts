/**
 * Single-event reserve flow (spec 1 §2 layout 4, §4 "Single-event flow").
 *
 * checking -> ready when every group is a discount-code purchase (no session is needed: the event's own
 * groups are the form); otherwise loadingSession (the event's one session) -> loadingGroups (its ticket
 * groups, then the default quantities) -> ready; no session on sale -> unavailable; a failed load ->
 * loadError (retry). ready: quantities, attendees and city-pass vouchers; submit (only with at least one ticket,
 * every group within its limits, no seats left to choose, the attendee and voucher rules holding) -> reserving (the
 * core's `reserveIntoCart`) -> done (output { cart }). A sold-out session reloads it; a refused voucher
 * (invalid_citypass, code_exhausted) is shown beside its field.
 *
 * No I/O: the promise actors are provided by the route; `reserved` is the injected after-reserve action.
 * The config holds no inline functions (named guards, actions and mappers only).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionModel, TicketGroupModel } from '../../api/models';
import type { FlowError } from '../shared/flow-error';
import type { Message, MessageParams } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import { blockingActions, reserveCoreActions, ticketFormActions } from './core/actions';
import { admitsHold, admitsInStep, NO_ADMITS, requestAdmits } from './core/admits';
import { reserveCoreGuards, voucherGuards } from './core/guards';
import { noPrices, pricesHold, requestFaceValues } from './core/prices';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import {
  cartOutput,
  errorNotice,
  flowErrorOf,
  offeredGroups,
  RESERVE_ERROR,
  refusedErrorOf,
  reserveErrorText,
  ticketsReserveInput,
  withNotice,
} from './core/rules';
import { NO_SURVEYS, requestSurveys, surveysHold } from './core/surveys';
import type { ReserveIntoCartInput, ReserveOutput } from './core/types';
import { NO_VOUCHERS, requestVouchers, vouchersHold, vouchersInStep } from './core/vouchers';
import { type QuantityScope, quantitiesAfter } from './quantities';
import { canSubmitSingle, defaultQuantities, isSessionless } from './single-event';
import type {
  LoadSingleGroupsInput,
  LoadSingleSessionInput,
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from './single-event-types';

// ---- named mappers ----------------------------------------------------------------------------------

export function singleEventContext({ input }: { input: SingleEventReserveInput }): SingleEventReserveContext {
  return {
    event: input.event,
    select: input.select ?? null,
    session: null,
    groups: [],
    quantities: {},
    seats: {},
    ...NO_ADMITS,
    ...NO_SURVEYS,
    ...noPrices(input.presetPriceCents ?? null),
    ...NO_VOUCHERS,
    messages: [],
    blocking: null,
    cart: null,
  };
}

export function singleSessionInput({
  context,
}: {
  context: SingleEventReserveContext;
}): LoadSingleSessionInput {
  return { eventId: context.event.id };
}

export function singleGroupsInput({
  context,
}: {
  context: SingleEventReserveContext;
}): LoadSingleGroupsInput {
  return { eventId: context.event.id, sessionId: context.session?.id ?? '' };
}

export function singleReserveInput({
  context,
}: {
  context: SingleEventReserveContext;
}): ReserveIntoCartInput {
  const { event, session, groups, quantities, seats, admits, vouchers, surveys } = context;
  const byType = requestVouchers(event, groups, quantities, vouchers);
  return ticketsReserveInput(
    event.id,
    session?.id ?? null,
    groups,
    quantities,
    seats,
    requestAdmits(event, groups, quantities, admits),
    byType ? { byType, visitDatetime: session?.start ?? null } : undefined,
    requestSurveys(groups, quantities, surveys),
    requestFaceValues(groups, quantities, context),
  );
}

// ---- helpers ----------------------------------------------------------------------------------------

/** What the visitor reads for a failed load or reserve; sold out names the session's time. */
function errorText(error: FlowError | null, context: SingleEventReserveContext): Message {
  const session = context.session;
  const params: MessageParams = session
    ? { time: { time: session.start, zone: context.event.venue.timezone } }
    : {};
  return reserveErrorText(error, params);
}

export function singleQuantityScope(context: SingleEventReserveContext): QuantityScope {
  return { groups: context.groups, session: context.session, quantities: context.quantities };
}

/** The submit button's rule on context alone (being in `ready` is the rest of it). */
export function isSingleReadyToSubmit(context: SingleEventReserveContext): boolean {
  return canSubmitSingle(context.groups, context.quantities, context.seats);
}

/** The attendee rule (core/admits.ts) on the chosen tickets. */
export function singleAdmitsReady(context: SingleEventReserveContext): boolean {
  return admitsHold(context.event, context.groups, context.quantities, context.admits);
}

/** The attendees kept in step with new quantities. */
const singleAdmitsFor = (
  context: SingleEventReserveContext,
  quantities: SingleEventReserveContext['quantities'],
) => admitsInStep(context.event, context.groups, quantities, context.admits);

/** The city-pass voucher rule (core/vouchers.ts) on the chosen tickets. */
export function singleVouchersReady(context: SingleEventReserveContext): boolean {
  return vouchersHold(context.event, context.groups, context.quantities, context.vouchers);
}

/** The vouchers kept in step with new quantities. */
const singleVouchersFor = (
  context: SingleEventReserveContext,
  quantities: SingleEventReserveContext['quantities'],
) => vouchersInStep(context.event, context.groups, quantities, context.vouchers);

// ---- the machine ------------------------------------------------------------------------------------

export const singleEventReserveMachine = setup({
  types: {
    context: {} as SingleEventReserveContext,
    events: {} as SingleEventReserveEvent,
    input: {} as SingleEventReserveInput,
    output: {} as ReserveOutput,
  },
  actors: {
    loadSession: fromPromise<SessionModel | null, LoadSingleSessionInput>(notProvided('loadSession')),
    loadSessionGroups: fromPromise<TicketGroupModel[], LoadSingleGroupsInput>(
      notProvided('loadSessionGroups'),
    ),
    reserveIntoCart: reserveIntoCartMachine,
  },
  guards: {
    ...reserveCoreGuards,
    ...voucherGuards,
    isSessionless: ({ context }) => isSessionless(context.event),
    hasNoSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSession');
      return event.output === null;
    },
    /** The submit button's rule, the attendee, voucher, survey and price rules. */
    canSubmit: ({ context }) =>
      isSingleReadyToSubmit(context) &&
      singleAdmitsReady(context) &&
      singleVouchersReady(context) &&
      surveysHold(context.groups, context.quantities, context.surveys) &&
      pricesHold(context.groups, context.quantities, context),
    /** The spec's submit rule without the attendees: a submit then only shows what the attendees lack. */
    ticketsReady: ({ context }) => isSingleReadyToSubmit(context),
  },
  actions: {
    ...reserveCoreActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...blockingActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...ticketFormActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    assignEventGroups: assign({ groups: ({ context }) => context.event.ticketGroups }),
    assignSession: assign({
      session: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadSession');
        return event.output;
      },
    }),
    assignGroups: assign({
      groups: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.loadSessionGroups');
        return offeredGroups(context.event, event.output);
      },
    }),
    applyDefaultQuantities: assign(({ context }) => {
      const quantities = defaultQuantities(
        { groups: context.groups, session: context.session },
        context.select,
      );
      return {
        quantities,
        admits: singleAdmitsFor(context, quantities),
        vouchers: singleVouchersFor(context, quantities),
      };
    }),
    noteLoadError: assign({ blocking: ({ context, event }) => errorText(flowErrorOf(event), context) }),
    /** A stepper's increment, decrement or typed count, through the quantity rules; attendees follow. */
    changeQuantity: assign(({ context, event }) => {
      const quantities = quantitiesAfter(singleQuantityScope(context), event);
      return {
        quantities,
        admits: singleAdmitsFor(context, quantities),
        vouchers: singleVouchersFor(context, quantities),
      };
    }),
    /** Sold out names the session's time (the core's `noteReserveError` does not). */
    noteReserveError: assign({
      messages: ({ context, event }) =>
        withNotice(context.messages, errorNotice(RESERVE_ERROR, errorText(refusedErrorOf(event), context))),
    }),
    /** Sold out: the session and its groups are loaded again, the choice is cleared. */
    clearSelection: assign({ session: null, groups: [], quantities: {}, ...NO_ADMITS, ...NO_VOUCHERS }),
  },
}).createMachine({
  id: 'singleEventReserve',
  description:
    'Single event (spec 1): an event with one session shows it, then its tickets, and reserves them into the cart.',
  context: singleEventContext,
  output: cartOutput,
  initial: 'checking',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    checking: {
      description: 'When every group is a discount-code purchase no session is needed.',
      always: [
        {
          guard: 'isSessionless',
          target: 'ready',
          actions: ['assignEventGroups', 'applyDefaultQuantities'],
        },
        { target: 'loadingSession' },
      ],
    },
    loadingSession: {
      description: "The event's one session is loading.",
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: singleSessionInput,
        onDone: [
          { guard: 'hasNoSession', target: 'unavailable', actions: 'noteUnavailable' },
          { target: 'loadingGroups', actions: 'assignSession' },
        ],
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadingGroups: {
      description: "The session's ticket groups and prices are loading.",
      invoke: {
        id: 'loadSessionGroups',
        src: 'loadSessionGroups',
        input: singleGroupsInput,
        onDone: { target: 'ready', actions: ['assignGroups', 'applyDefaultQuantities'] },
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadError: {
      description: 'The session or its groups could not be loaded: the error and a retry.',
      on: { retry: { target: 'checking', actions: 'clearBlocking' } },
    },
    unavailable: { description: 'The event has no session that can be booked: the unavailable message.' },
    ready: {
      description:
        'The ticket form: quantities, seats, attendees, surveys and vouchers; submit reserves when they are valid.',
      on: {
        'quantity.increment': { actions: 'changeQuantity' },
        'quantity.decrement': { actions: 'changeQuantity' },
        'quantity.set': { actions: 'changeQuantity' },
        'seats.set': { actions: 'assignSeats' },
        'admit.change': { actions: 'changeAdmit' },
        'survey.change': { actions: 'changeSurvey' },
        'price.change': { actions: 'changePrice' },
        'voucher.change': { actions: 'changeVoucher' },
        submit: [
          {
            guard: 'canSubmit',
            target: 'reserving',
            actions: ['clearReserveNotices', 'clearVoucherRefusal'],
          },
          { guard: 'ticketsReady', actions: ['checkAdmits', 'checkSurveys', 'checkPrices', 'checkVouchers'] },
        ],
      },
    },
    reserving: {
      description: 'The reserve core puts the tickets in the cart (a new cart, once, when the cart is gone).',
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: singleReserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          {
            guard: 'isSessionSoldOut',
            target: 'loadingSession',
            actions: ['noteReserveError', 'clearSelection'],
          },
          { guard: 'isVoucherRefusal', target: 'ready', actions: 'noteVoucherRefusal' },
          { target: 'ready', actions: ['noteReserveError', 'dropTakenSeats'] },
        ],
        onError: { target: 'ready', actions: 'noteReserveError' },
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type SingleEventReserveMachine = typeof singleEventReserveMachine;
