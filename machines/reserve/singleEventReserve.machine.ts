/**
 * Single-event reserve flow (spec 1 §2 layout 4, §4 "Single-event flow").
 *
 * checking -> ready when every group is a discount-code purchase (no session is needed: the event's own
 * groups are the form); otherwise loadingSession (the event's one session) -> loadingGroups (its ticket
 * groups) -> ready; no session on sale -> unavailable; a failed load -> loadError (retry). Once the groups are
 * known the form gets them at their default quantities (`form.reset`).
 *
 * The ticket form is the child `ticketForm` (core/ticketForm.machine.ts), invoked at the root so it lives
 * across the reserve: the view sends the visitor's edits and submit straight to it, and it tells this flow
 * `form.submitted` (with the request) once every rule holds. ready --form.submitted--> reserving (the core's
 * `reserveIntoCart`) -> done (output { cart }). A refused reserve gives the form back (`form.refused`): a sold-out
 * session empties it and reloads the session; a refused voucher is shown beside its field, any other refusal is
 * the form's notice too.
 *
 * No I/O: the promise actors are provided by the route; `reserved` is the injected after-reserve action.
 * The config holds no inline functions: actors, guards and actions are named in `setup` (the reserve core's,
 * and this chart's own from singleEventReserve.impl.ts), as are the mappers.
 */
import { setup } from 'xstate';
import { blockingActions } from './core/actions';
import { formFlowActions, formFlowActors, formFlowGuards, tellForm } from './core/form-flow';
import { cartOutput } from './core/rules';
import type { ReserveOutput } from './core/types';
import * as impl from './singleEventReserve.impl';
import type {
  SingleEventReserveContext,
  SingleEventReserveEvent,
  SingleEventReserveInput,
} from './singleEventReserve.types';

export const singleEventReserveMachine = setup({
  types: {
    context: {} as SingleEventReserveContext,
    events: {} as SingleEventReserveEvent,
    input: {} as SingleEventReserveInput,
    output: {} as ReserveOutput,
  },
  actors: { ...impl.singleEventActors, ...formFlowActors },
  guards: { ...formFlowGuards, ...impl.singleEventGuards },
  actions: {
    ...formFlowActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...blockingActions<SingleEventReserveContext, SingleEventReserveEvent>(),
    ...impl.singleEventActions,
    /** The form gets the groups just loaded, at their default quantities. */
    resetForm: tellForm(impl.singleFormReset),
    /** Sold out: the form is emptied while the session loads again. */
    emptyForm: tellForm(impl.emptyFormReset),
  },
}).createMachine({
  id: 'singleEventReserve',
  description:
    'Single event (spec 1): an event with one session shows it, then its tickets, and reserves them into the cart.',
  context: impl.singleEventContext,
  output: cartOutput,
  invoke: { id: 'ticketForm', src: 'ticketForm', input: impl.singleFormInput },
  initial: 'checking',
  on: {
    'message.dismiss': { actions: 'dismissMessage' },
  },
  states: {
    checking: {
      description: 'When every group is a discount-code purchase no session is needed.',
      always: [
        { guard: 'isSessionless', target: 'ready', actions: ['assignEventGroups', 'resetForm'] },
        { target: 'loadingSession' },
      ],
    },
    loadingSession: {
      description: "The event's one session is loading.",
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: impl.singleSessionInput,
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
        input: impl.singleGroupsInput,
        onDone: { target: 'ready', actions: ['assignGroups', 'resetForm'] },
        onError: { target: 'loadError', actions: 'noteLoadError' },
      },
    },
    loadError: {
      description: 'The session or its groups could not be loaded: the error and a retry.',
      on: { retry: { target: 'checking', actions: 'clearBlocking' } },
    },
    unavailable: { description: 'The event has no session that can be booked: the unavailable message.' },
    ready: {
      description: 'The ticket form (the child) is open; its valid submit reserves what it holds.',
      on: {
        'form.submitted': { target: 'reserving', actions: ['clearReserveNotices', 'assignRequest'] },
      },
    },
    reserving: {
      description: 'The reserve core puts the tickets in the cart (a new cart, once, when the cart is gone).',
      invoke: {
        id: 'reserveIntoCart',
        src: 'reserveIntoCart',
        input: impl.singleReserveInput,
        onDone: [
          { guard: 'isReserved', target: 'done', actions: ['assignCart', 'reserved'] },
          {
            guard: 'isSessionSoldOut',
            target: 'loadingSession',
            actions: ['noteReserveError', 'clearSelection', 'emptyForm'],
          },
          { guard: 'isVoucherRefusal', target: 'ready', actions: 'refuseForm' },
          { target: 'ready', actions: ['noteReserveError', 'refuseForm'] },
        ],
        onError: { target: 'ready', actions: ['noteReserveError', 'refuseForm'] },
      },
    },
    done: { description: 'The tickets are in the cart.', type: 'final' },
  },
});

export type SingleEventReserveMachine = typeof singleEventReserveMachine;
