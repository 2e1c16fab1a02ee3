/**
 * Reschedule (spec 2 §2 "Reschedule page", §4 "Reschedule", §5, §6, §8 "Reschedule"; issue 24). The order, the
 * access answer and the event's days load together; a member's session is told to log out (spec 2 §6), a refusal
 * shows its message. The visitor picks a day (up to 8 buttons, then 'Show more dates', which opens the 'Choose
 * date' calendar on the app's modal stack, as date-first does: the route's concern), the day's sessions load
 * (tabs by time of day), then a session; Update (only with both, never twice at once) makes the change in one cart
 * modification of an order-bound cart (remove the session's tickets, add their types in the chosen session) and
 * returns to the manage page, which confirms it. A failure clears the chosen date: an expired cart or tickets that
 * cannot move show the message with 'Click here to start again.'; otherwise the generic text (the wiring deleted
 * the cart).
 *
 * No I/O: `loadReschedule`, `loadSessions` and `updateOrder` are provided by the route, and so is the injected
 * `rescheduled` (the change's cart, back to the manage page).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { outcomeMessage } from '../../domain/error-messages/base';
import { rescheduleOutcome } from '../../domain/error-messages/order';
import { orderLoadMachine } from '../orderLoad/orderLoad.machine';
import { loadErrorOf, loadedOf, loadStatusOf } from '../orderLoad/rules';
import type { OrderLoadInput } from '../orderLoad/types';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { canUpdate, quantitiesOf, ticketsToMove } from './rules';
import type {
  LoadSessionsInput,
  RescheduleContext,
  Rescheduled,
  RescheduleEvent,
  RescheduleInput,
  RescheduleSession,
  UpdateOrderInput,
  UpdateOrderOutput,
} from './types';

export function initialRescheduleContext({ input }: { input: RescheduleInput }): RescheduleContext {
  return {
    orderId: input.orderId,
    sessionId: input.sessionId,
    token: input.token,
    order: null,
    access: null,
    nowMs: 0,
    days: [],
    selectedDate: null,
    sessions: null,
    selectedSessionId: null,
    cartId: null,
    error: null,
    startAgain: false,
  };
}

export function loadRescheduleInput({ context }: { context: RescheduleContext }): OrderLoadInput {
  return { orderId: context.orderId, sessionId: context.sessionId, token: context.token };
}
export function loadSessionsInput({ context }: { context: RescheduleContext }): LoadSessionsInput {
  const moving = ticketsToMove(context.order, context.sessionId, context.nowMs, context.access);
  return {
    eventId: moving[0]?.eventId ?? '',
    date: context.selectedDate ?? '',
    quantities: quantitiesOf(moving),
  };
}
export function updateOrderInput({ context }: { context: RescheduleContext }): UpdateOrderInput {
  const moving = ticketsToMove(context.order, context.sessionId, context.nowMs, context.access);
  return {
    orderId: context.orderId,
    token: context.token,
    remove: moving.map((t) => t.id),
    add: moving.map((t) => ({ sessionId: context.selectedSessionId ?? '', ticketTypeId: t.ticketTypeId })),
  };
}

const rescheduleSetup = setup({
  types: {
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
    input: {} as RescheduleInput,
  },
  actors: {
    orderLoad: orderLoadMachine,
    loadSessions: fromPromise<RescheduleSession[], LoadSessionsInput>(notProvided('loadSessions')),
    updateOrder: fromPromise<UpdateOrderOutput, UpdateOrderInput>(notProvided('updateOrder')),
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      const { order, access, days, nowMs } = loadedOf(event.output);
      return { order, access, days, nowMs, error: null, startAgain: false };
    }),
    selectDate: assign(({ event }) => {
      assertEvent(event, 'date.select');
      return {
        selectedDate: event.date,
        sessions: null,
        selectedSessionId: null,
        error: null,
        startAgain: false,
      };
    }),
    storeSessions: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadSessions');
      return { sessions: event.output };
    }),
    selectSession: assign(({ event }) => {
      assertEvent(event, 'session.select');
      return { selectedSessionId: event.sessionId };
    }),
    storeCart: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.updateOrder');
      return { cartId: event.output.cartId };
    }),
    /** Injected: the change is in this order-bound cart (the route keeps its id and goes back to the order). */
    rescheduled: (_args, _params: Rescheduled) => {},
    showLoadError: assign({ error: ({ event }) => loadErrorOf(event) }),
    showSessionsError: assign({
      error: ({ event }) => outcomeMessage(rescheduleOutcome(errorOf(event)), 'reschedule'),
      selectedDate: null,
    }),
    showUpdateError: assign(({ event }) => {
      const outcome = rescheduleOutcome(errorOf(event));
      return {
        error: outcomeMessage(outcome, 'reschedule'),
        startAgain: outcome.kind === 'message' && outcome.message.key === 'rescheduleStartAgain',
        selectedDate: null,
        sessions: null,
        selectedSessionId: null,
      };
    }),
    clearError: assign({ error: null, startAgain: false }),
  },
  guards: {
    orderRefused: ({ event }) => loadStatusOf(event) === 'refused',
    orderLoadFailed: ({ event }) => loadStatusOf(event) === 'failed',
    memberSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      return loadedOf(event.output).access.via === 'session';
    },
    nothingToMove: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      const { order, access, nowMs } = loadedOf(event.output);
      return ticketsToMove(order, context.sessionId, nowMs, access).length === 0;
    },
    dayOpen: ({ context, event }) => {
      assertEvent(event, 'date.select');
      return context.days.some((d) => d.date === event.date && !d.soldOut);
    },
    sessionOpen: ({ context, event }) => {
      assertEvent(event, 'session.select');
      return (context.sessions ?? []).some(
        (s) => s.id === event.sessionId && s.id !== context.sessionId && !s.soldOut,
      );
    },
    canUpdate: ({ context }) => canUpdate(context.selectedDate, context.selectedSessionId),
  },
});

export const rescheduleMachine = rescheduleSetup
  .extend({
    actions: {
      notifyRescheduled: rescheduleSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'rescheduled', params: { orderId: context.orderId, cartId: context.cartId ?? '' } });
      }),
    },
  })
  .createMachine({
    id: 'reschedule',
    description:
      'Reschedule: choose a new date and time for a session of the order; Update puts the change in the order-bound cart and returns to the manage page.',
    context: initialRescheduleContext,
    initial: 'loading',
    states: {
      loading: {
        description:
          'The order, whether this visitor may change it (the link token), and the event’s days, by the orderLoad child.',
        tags: ['loading'],
        invoke: {
          id: 'orderLoad',
          src: 'orderLoad',
          input: loadRescheduleInput,
          onDone: [
            { guard: 'orderRefused', target: 'refused', actions: 'showLoadError' },
            { guard: 'orderLoadFailed', target: 'loadFailed', actions: 'showLoadError' },
            { guard: 'memberSession', target: 'logOut', actions: 'storeLoaded' },
            { guard: 'nothingToMove', target: 'unavailable', actions: 'storeLoaded' },
            { target: 'choosing', actions: 'storeLoaded' },
          ],
        },
      },
      loadFailed: {
        description:
          "'We could not find that order.' (404) or 'Oops! Sorry, something went wrong. Please try again.'",
        on: { restart: { target: 'loading', actions: 'clearError' } },
      },
      refused: {
        description:
          "No manage link token, or the seller's rules: 'You must contact us to cancel this order.'",
      },
      logOut: {
        description: "A logged-in member (spec 2 §6): 'Please log-out to edit your tickets'.",
      },
      unavailable: {
        description:
          'No ticket of this session may be rescheduled (past the horizon, cancelled, another category).',
      },
      choosing: {
        description: 'Day buttons, then the day’s sessions as tabs; Update enabled once both are chosen.',
        on: {
          'date.select': { guard: 'dayOpen', target: 'loadingSessions', actions: 'selectDate' },
          'session.select': { guard: 'sessionOpen', actions: 'selectSession' },
          update: { guard: 'canUpdate', target: 'updating' },
        },
      },
      loadingSessions: {
        description: 'GET events/{id}/sessions on the chosen day.',
        tags: ['loading'],
        invoke: {
          id: 'loadSessions',
          src: 'loadSessions',
          input: loadSessionsInput,
          onDone: { target: 'choosing', actions: 'storeSessions' },
          onError: { target: 'choosing', actions: 'showSessionsError' },
        },
        on: {
          'date.select': {
            guard: 'dayOpen',
            target: 'loadingSessions',
            reenter: true,
            actions: 'selectDate',
          },
        },
      },
      updating: {
        description:
          'A new order-bound cart (POST ticket_order/{id}/edit), then one POST cart/{cartId}/modify: remove the session’s tickets, add their types in the chosen session.',
        tags: ['submitting'],
        invoke: {
          id: 'updateOrder',
          src: 'updateOrder',
          input: updateOrderInput,
          onDone: { target: 'done', actions: 'storeCart' },
          onError: { target: 'failed', actions: 'showUpdateError' },
        },
      },
      failed: {
        description:
          "The change was refused; the date is cleared. 'Click here to start again.' for an expired cart or tickets that cannot move.",
        on: {
          'date.select': { guard: 'dayOpen', target: 'loadingSessions', actions: 'selectDate' },
          restart: { target: 'loading', actions: 'clearError' },
        },
      },
      done: {
        description: 'Back to /manage/{orderId}, where the change waits to be confirmed.',
        type: 'final',
        entry: 'notifyRescheduled',
      },
    },
  });

export type RescheduleMachine = typeof rescheduleMachine;
