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
 * The config holds no inline functions: actors, guards and actions are named in `setup` (the reserve core's,
 * and this chart's own from singleEventReserve.impl.ts), as are the mappers.
 */
import { setup } from 'xstate';
import { blockingActions, reserveCoreActions, ticketFormActions } from './core/actions';
import { reserveCoreGuards, voucherGuards } from './core/guards';
import { reserveIntoCartMachine } from './core/reserveIntoCart.machine';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import type {
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from './single-event-types';
import {
  singleEventActions,
  singleEventActors,
  singleEventContext,
  singleEventGuards,
  singleGroupsInput,
  singleReserveInput,
  singleSessionInput,
} from './singleEventReserve.impl';

export const singleEventReserveMachine = setup({
  types: {
    context: {} as SingleEventReserveContext,
    events: {} as SingleEventReserveEvent,
    input: {} as SingleEventReserveInput,
    output: {} as ReserveOutput,
  },
  actors: { ...singleEventActors, reserveIntoCart: reserveIntoCartMachine },
  guards: { ...reserveCoreGuards, ...voucherGuards, ...singleEventGuards },
  actions: {
    ...reserveCoreActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...blockingActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...ticketFormActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...singleEventActions,
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
