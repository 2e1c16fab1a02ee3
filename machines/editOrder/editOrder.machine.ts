/**
 * Edit order (spec 2 §2 "Edit-order page", §4 "Edit order", §6, §8; issue 24). The order, the access answer and
 * the order's pending change (an order-bound cart this tab made, e.g. on the reschedule page) load together;
 * with the seller's self-edit off the page is the cancel-free-order page instead (spec 2 §2); a member's session is told to log out (spec 2 §6), a refusal shows its message. A zero-price ticket's remove
 * button, a session's Cancel (all its tickets free) and 'Cancel order' put removals into the order-bound cart
 * (unsaved changes). Confirm Changes: with something to pay, on to /manage/{id}/confirm (the checkout of that
 * cart); otherwise the free checkout and the update email, then the order again with the success message
 * ('rescheduled' when the change added tickets, else 'cancelled'). Cancel discards the change (deletes the cart).
 * An unsaved change expires with its cart (spec 2 §2 "Cart widget": the manage screen then reloads): the order
 * loads again as it is, with 'Unfortunately your cart has timed out'.
 *
 * No I/O: `loadEdit`, `removeTickets`, `confirmChange`, `discardChange` and `changeExpiry` (the clock's watch of
 * the cart's expires_at) are provided by the route, and so are the injected `editKept`, `editClosed` (keep or
 * forget the change's cart in this tab) and `editPay` (on to /manage/{id}/confirm).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { EditCart } from '../../api/models';
import { outcomeMessage } from '../../domain/error-messages/base';
import { cancelOrderOutcome, rescheduleOutcome } from '../../domain/error-messages/order';
import { orderLoadMachine } from '../orderLoad/orderLoad.machine';
import { loadErrorOf, loadedOf, loadStatusOf } from '../orderLoad/rules';
import type { OrderLoadInput } from '../orderLoad/types';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { isOpenEdit, orderCancelIds, owesPayment, removableIds, sessionCancelIds, successOf } from './rules';
import type {
  ChangeExpiryInput,
  ConfirmChangeInput,
  DiscardChangeInput,
  EditChange,
  EditClosed,
  EditOrderContext,
  EditOrderEvent,
  EditOrderInput,
  RemoveTicketsInput,
} from './types';

export function initialEditOrderContext({ input }: { input: EditOrderInput }): EditOrderContext {
  return {
    orderId: input.orderId,
    token: input.token,
    cartId: input.cartId,
    order: null,
    access: null,
    edit: null,
    nowMs: 0,
    pending: [],
    success: input.success,
    expired: false,
    error: null,
  };
}

export function loadEditInput({ context }: { context: EditOrderContext }): OrderLoadInput {
  return { orderId: context.orderId, token: context.token, cartId: context.cartId };
}
export function removeTicketsInput({ context }: { context: EditOrderContext }): RemoveTicketsInput {
  return {
    orderId: context.orderId,
    token: context.token,
    cartId: context.cartId,
    ticketIds: context.pending,
  };
}
export function confirmChangeInput({ context }: { context: EditOrderContext }): ConfirmChangeInput {
  return { orderId: context.orderId, token: context.token, cartId: context.cartId ?? '' };
}
export function discardChangeInput({ context }: { context: EditOrderContext }): DiscardChangeInput {
  return { cartId: context.cartId ?? '' };
}
export function changeExpiryInput({ context }: { context: EditOrderContext }): ChangeExpiryInput {
  return { expiresAt: context.edit?.expiresAt ?? null };
}

/** The edit events that give tickets up: a ticket's remove, a session's Cancel, 'Cancel order'. */
const EDIT_EVENTS = ['ticket.remove', 'session.cancel', 'order.cancel'] as const;

/** The tickets an edit event gives up (empty: the event does nothing). */
function idsOf(context: EditOrderContext, event: EditOrderEvent): string[] {
  assertEvent(event, [...EDIT_EVENTS]);
  const { order, edit, nowMs, access } = context;
  if (event.type === 'ticket.remove')
    return removableIds(order, edit, nowMs, access).includes(event.ticketId) ? [event.ticketId] : [];
  if (event.type === 'session.cancel') return sessionCancelIds(order, edit, event.sessionKey, nowMs, access);
  return orderCancelIds(order, edit, nowMs, access);
}

const editOrderSetup = setup({
  types: {
    context: {} as EditOrderContext,
    events: {} as EditOrderEvent,
    input: {} as EditOrderInput,
  },
  actors: {
    orderLoad: orderLoadMachine,
    removeTickets: fromPromise<EditCart, RemoveTicketsInput>(notProvided('removeTickets')),
    confirmChange: fromPromise<unknown, ConfirmChangeInput>(notProvided('confirmChange')),
    discardChange: fromPromise<unknown, DiscardChangeInput>(notProvided('discardChange')),
    changeExpiry: fromPromise<unknown, ChangeExpiryInput>(notProvided('changeExpiry')),
  },
  actions: {
    storeLoaded: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      const { order, access, edit, nowMs } = loadedOf(event.output);
      const open = isOpenEdit(edit, context.orderId) ? edit : null;
      // The timed-out message stays with the order as it is, not with a change still open.
      const expired = context.expired && open === null;
      return { order, access, nowMs, edit: open, cartId: open?.cartId ?? null, pending: [], expired };
    }),
    askRemove: assign(({ context, event }) => ({
      pending: idsOf(context, event),
      success: null,
      expired: false,
      error: null,
    })),
    storeEdit: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.removeTickets');
      return { edit: event.output, cartId: event.output.cartId, pending: [] };
    }),
    /** Injected: the change is in this order-bound cart (the route keeps its id for this tab). */
    editKept: (_args, _params: EditChange) => {},
    /** Injected: the change must be paid (the route goes on to /manage/{id}/confirm). */
    editPay: (_args, _params: EditChange) => {},
    /** Injected: the change is confirmed, discarded or expired (the route forgets its cart). */
    editClosed: (_args, _params: EditClosed) => {},
    markConfirmed: assign(({ context }) => ({
      success: successOf(context.edit),
      expired: false,
      edit: null,
      cartId: null,
      error: null,
    })),
    dropEdit: assign({ edit: null, cartId: null }),
    markExpired: assign({ edit: null, cartId: null, success: null, expired: true, error: null }),
    showLoadError: assign({ error: ({ event }) => loadErrorOf(event) }),
    showRemoveError: assign({
      error: ({ event }) => outcomeMessage(cancelOrderOutcome(errorOf(event)), 'cancelOrder'),
      pending: [],
    }),
    showConfirmError: assign({
      error: ({ event }) => outcomeMessage(rescheduleOutcome(errorOf(event)), 'reschedule'),
    }),
    clearError: assign({ error: null }),
  },
  guards: {
    orderRefused: ({ event }) => loadStatusOf(event) === 'refused',
    orderLoadFailed: ({ event }) => loadStatusOf(event) === 'failed',
    selfEditOff: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      return !loadedOf(event.output).access.rules.enabled;
    },
    memberSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      return loadedOf(event.output).access.via === 'session';
    },
    openEdit: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.orderLoad');
      return isOpenEdit(loadedOf(event.output).edit, context.orderId);
    },
    givesUpTickets: ({ context, event }) => idsOf(context, event).length > 0,
    owesPayment: ({ context }) => owesPayment(context.edit),
  },
});

export const editOrderMachine = editOrderSetup
  .extend({
    actions: {
      /** Tells the route the cart the removal answered (read from its done event). */
      notifyKept: editOrderSetup.enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'xstate.done.actor.removeTickets');
        enqueue({ type: 'editKept', params: { orderId: context.orderId, cartId: event.output.cartId } });
      }),
      notifyPay: editOrderSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'editPay', params: { orderId: context.orderId, cartId: context.cartId ?? '' } });
      }),
      notifyClosed: editOrderSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'editClosed', params: { orderId: context.orderId } });
      }),
    },
  })
  .createMachine({
    id: 'editOrder',
    description:
      'Edit order: remove free tickets or take a change made on the reschedule page; Confirm Changes pays the difference at /manage/{id}/confirm or completes for free; Cancel discards it.',
    context: initialEditOrderContext,
    initial: 'loading',
    states: {
      loading: {
        description:
          'The order, whether this visitor may change it (the link token), and its pending change (the order-bound cart this tab made), by the orderLoad child.',
        tags: ['loading'],
        invoke: {
          id: 'orderLoad',
          src: 'orderLoad',
          input: loadEditInput,
          onDone: [
            { guard: 'orderRefused', target: 'refused', actions: 'showLoadError' },
            { guard: 'orderLoadFailed', target: 'loadFailed', actions: 'showLoadError' },
            { guard: 'selfEditOff', target: 'cancelFreeOrder', actions: 'storeLoaded' },
            { guard: 'memberSession', target: 'logOut', actions: 'storeLoaded' },
            { guard: 'openEdit', target: 'unsaved', actions: 'storeLoaded' },
            { target: 'saved', actions: 'storeLoaded' },
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
          "No manage link token, or the seller's rules: 'You must contact us to cancel this order.'",
      },
      cancelFreeOrder: {
        description:
          'Self-edit off (spec 2 §2): /manage/{id} is the cancel-free-order page (the cancelFreeOrder flow) instead.',
        type: 'final',
      },
      logOut: {
        description: "A logged-in member (spec 2 §6): 'Please log-out to edit your tickets'.",
      },
      saved: {
        description:
          "'Your Order': a card per session; remove on zero-price tickets, a session's Cancel and Reschedule, 'Cancel order'.",
        on: {
          'ticket.remove': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
          'session.cancel': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
          'order.cancel': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
        },
      },
      unsaved: {
        description:
          "Unsaved changes: the sticky footer with Cancel and Confirm Changes, 'You have unsaved changes to your order that must be confirmed.'; when the change's cart expires (its expires_at), the order loads again as it is, with the timed-out message.",
        on: {
          'ticket.remove': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
          'session.cancel': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
          'order.cancel': { guard: 'givesUpTickets', target: 'removing', actions: 'askRemove' },
          confirm: [{ guard: 'owesPayment', target: 'paying' }, { target: 'confirming' }],
          discard: { target: 'discarding' },
        },
        invoke: {
          id: 'changeExpiry',
          src: 'changeExpiry',
          input: changeExpiryInput,
          onDone: { target: 'loading', actions: ['markExpired', 'notifyClosed'] },
        },
      },
      removing: {
        description:
          'The removal into the order-bound cart (a new one when none: POST ticket_order/{id}/edit), POST cart/{cartId}/modify { remove }.',
        tags: ['submitting'],
        invoke: {
          id: 'removeTickets',
          src: 'removeTickets',
          input: removeTicketsInput,
          onDone: { target: 'unsaved', actions: ['storeEdit', 'notifyKept'] },
          onError: { target: 'loading', actions: 'showRemoveError' },
        },
      },
      confirming: {
        description:
          'Nothing to pay: the free checkout (POST cart/{cartId}/guest_checkout, gateway free), then POST ticket_order/{id}/email (order_update).',
        tags: ['submitting'],
        invoke: {
          id: 'confirmChange',
          src: 'confirmChange',
          input: confirmChangeInput,
          onDone: { target: 'loading', actions: ['markConfirmed', 'notifyClosed'] },
          onError: { target: 'loading', actions: 'showConfirmError' },
        },
      },
      discarding: {
        description: 'Cancel: DELETE cart/{cartId}; the order stays as it was.',
        tags: ['submitting'],
        invoke: {
          id: 'discardChange',
          src: 'discardChange',
          input: discardChangeInput,
          onDone: { target: 'loading', actions: ['dropEdit', 'notifyClosed'] },
          onError: { target: 'loading', actions: ['dropEdit', 'notifyClosed'] },
        },
      },
      paying: {
        description: 'Something to pay: on to /manage/{id}/confirm, the checkout of the order-bound cart.',
        type: 'final',
        entry: 'notifyPay',
      },
    },
  });

export type EditOrderMachine = typeof editOrderMachine;
