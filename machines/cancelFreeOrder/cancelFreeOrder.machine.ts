/**
 * Cancel free order (spec 2 §2 "Cancel-free-order page", §4 "Cancel-free-order", §8 "Cancel order"; issue 24).
 * The order and the access answer load together (GET ticket_order/{id}, POST ticket_order/{id}/manage with the
 * link's token); a refusal shows 'You must contact us to cancel this order.'; an order without tickets, or without
 * valid ones, shows its empty state. Otherwise the visitor ticks valid tickets (one by one or all of a session);
 * 'Cancel order' asks to cancel every valid ticket, 'Cancel selected' the selection (never without one); Confirm
 * cancels them (POST ticket_order/{id}/cancel), asks for the cancel email (POST ticket_order/{id}/email,
 * order_cancel), reloads the order and shows the success message. A refused cancel shows its message and keeps
 * the page. The order loads again through `loading`, as edit order's does: the view tells a reload (an order
 * already shown) from the first load.
 *
 * No I/O: `loadOrder`, `cancelTickets` and `sendEmail` are provided by the route (with the clock's time).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { outcomeMessage } from '../../domain/error-messages/base';
import { cancelOrderOutcome, isNotManageable } from '../../domain/error-messages/order';
import { orderLoadMachine } from '../orderLoad/orderLoad.machine';
import { loadErrorOf, loadedOf, loadStatusOf } from '../orderLoad/rules';
import type { OrderLoadInput } from '../orderLoad/types';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { emptyKind, sessionKeyOf, toggleSession, toggleTicket, validTicketIds } from './rules';
import type {
  CancelFreeOrderContext,
  CancelFreeOrderEvent,
  CancelFreeOrderInput,
  CancelTicketsInput,
  SendEmailInput,
} from './types';

export function initialCancelFreeOrderContext({
  input,
}: {
  input: CancelFreeOrderInput;
}): CancelFreeOrderContext {
  return {
    orderId: input.orderId,
    token: input.token,
    order: null,
    access: null,
    nowMs: 0,
    selected: [],
    pending: [],
    notice: null,
    error: null,
  };
}

const validOf = (context: CancelFreeOrderContext): string[] =>
  context.order ? validTicketIds(context.order.tickets, context.nowMs, context.access) : [];

export function loadOrderInput({ context }: { context: CancelFreeOrderContext }): OrderLoadInput {
  return { orderId: context.orderId, token: context.token };
}
export function cancelTicketsInput({ context }: { context: CancelFreeOrderContext }): CancelTicketsInput {
  return { orderId: context.orderId, token: context.token, ticketIds: context.pending };
}
export function sendEmailInput({ context }: { context: CancelFreeOrderContext }): SendEmailInput {
  return { orderId: context.orderId, token: context.token, logContext: 'order_cancel' };
}

export const cancelFreeOrderMachine = setup({
  types: {
    context: {} as CancelFreeOrderContext,
    events: {} as CancelFreeOrderEvent,
    input: {} as CancelFreeOrderInput,
  },
  actors: {
    orderLoad: orderLoadMachine,
    cancelTickets: fromPromise<unknown, CancelTicketsInput>(notProvided('cancelTickets')),
    sendEmail: fromPromise<unknown, SendEmailInput>(notProvided('sendEmail')),
  },
  actions: {
    storeOrder: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      const { order, access, nowMs } = loadedOf(event.output);
      return { order, access, nowMs, selected: [], pending: [] };
    }),
    toggleTicket: assign(({ context, event }) => {
      assertEvent(event, 'ticket.toggle');
      return { selected: toggleTicket(context.selected, event.ticketId), notice: null };
    }),
    toggleSession: assign(({ context, event }) => {
      assertEvent(event, 'session.toggleAll');
      const valid = validOf(context);
      const ofSession = (context.order?.tickets ?? [])
        .filter((t) => sessionKeyOf(t) === event.sessionKey && valid.includes(t.id))
        .map((t) => t.id);
      return { selected: toggleSession(context.selected, ofSession), notice: null };
    }),
    askAll: assign(({ context }) => ({ pending: validOf(context), error: null, notice: null })),
    askSelected: assign(({ context }) => ({ pending: [...context.selected], error: null, notice: null })),
    clearPending: assign({ pending: [] }),
    markCancelled: assign({ notice: 'cancelled' as const, selected: [], pending: [] }),
    showLoadError: assign({ error: ({ event }) => loadErrorOf(event) }),
    showCancelError: assign({
      error: ({ event }) => outcomeMessage(cancelOrderOutcome(errorOf(event)), 'cancelOrder'),
      pending: [],
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    orderRefused: ({ event }) => loadStatusOf(event) === 'refused',
    orderLoadFailed: ({ event }) => loadStatusOf(event) === 'failed',
    loadedEmpty: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      const { order, access, nowMs } = loadedOf(event.output);
      return emptyKind(order.tickets, nowMs, access) !== null;
    },
    refused: ({ event }) => isNotManageable(errorOf(event)),
    validTicket: ({ context, event }) => {
      assertEvent(event, 'ticket.toggle');
      return validOf(context).includes(event.ticketId);
    },
    hasValidTickets: ({ context }) => validOf(context).length > 0,
    hasSelection: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'cancelFreeOrder',
  description:
    'Cancel free order: tick free tickets of upcoming sessions, confirm, cancel them, email, reload with a success message.',
  context: initialCancelFreeOrderContext,
  initial: 'loading',
  states: {
    loading: {
      description:
        'The order (GET ticket_order/{orderId}) and whether this visitor may manage it (the link token or the session), by the orderLoad child; again after a cancel (its success message stays) or a refused one (its message stays).',
      tags: ['loading'],
      invoke: {
        id: 'orderLoad',
        src: 'orderLoad',
        input: loadOrderInput,
        onDone: [
          { guard: 'orderRefused', target: 'refused', actions: 'showLoadError' },
          { guard: 'orderLoadFailed', target: 'loadFailed', actions: 'showLoadError' },
          { guard: 'loadedEmpty', target: 'empty', actions: 'storeOrder' },
          { target: 'ready', actions: 'storeOrder' },
        ],
      },
    },
    loadFailed: {
      description:
        "'We could not find that order.' (404) or 'Oops! Sorry, something went wrong. Please try again.'",
      on: { retry: { target: 'loading', actions: 'clearError' } },
    },
    refused: {
      description:
        "No manage link token, not the owner's session, or the seller's rules: 'You must contact us to cancel this order.'",
    },
    empty: {
      description: 'No tickets, or no free tickets of upcoming sessions: the empty state with a link home.',
    },
    ready: {
      description:
        "Tickets by date and session, a checkbox per valid ticket and select-all per session; 'Cancel order' and 'Cancel selected'.",
      on: {
        'ticket.toggle': { guard: 'validTicket', actions: 'toggleTicket' },
        'session.toggleAll': { actions: 'toggleSession' },
        cancelOrder: { guard: 'hasValidTickets', target: 'confirming', actions: 'askAll' },
        cancelSelected: { guard: 'hasSelection', target: 'confirming', actions: 'askSelected' },
      },
    },
    confirming: {
      description: 'The confirm modal: Confirm cancels the pending tickets; Cancel keeps them.',
      on: {
        confirm: { target: 'cancelling' },
        dismiss: { target: 'ready', actions: 'clearPending' },
      },
    },
    cancelling: {
      description: 'POST ticket_order/{orderId}/cancel with the pending tickets; the buttons wait.',
      tags: ['submitting'],
      invoke: {
        id: 'cancelTickets',
        src: 'cancelTickets',
        input: cancelTicketsInput,
        onDone: { target: 'emailing', actions: 'markCancelled' },
        onError: [
          { guard: 'refused', target: 'refused', actions: 'showCancelError' },
          { target: 'loading', actions: 'showCancelError' },
        ],
      },
    },
    emailing: {
      description:
        'POST ticket_order/{orderId}/email (order_cancel); the tickets are cancelled whatever it answers.',
      tags: ['submitting'],
      invoke: {
        id: 'sendEmail',
        src: 'sendEmail',
        input: sendEmailInput,
        onDone: { target: 'loading' },
        onError: { target: 'loading' },
      },
    },
  },
});

export type CancelFreeOrderMachine = typeof cancelFreeOrderMachine;
