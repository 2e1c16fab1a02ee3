/**
 * The pending order page (spec 2 §2 "Pending page", issue 19): a payment that clears later (Stripe's
 * `processing`, the server's intent_processing) leaves the cart without orders until its webhook books it.
 * The page checks the cart at once and then every PENDING_POLL_MS; once the cart has orders it goes to the
 * confirmation (the injected `completed`). A cart with neither orders nor a payment in flight had its payment
 * fail (Stripe's payment_intent.payment_failed, or recovery found the intent failed): polling stops and the
 * visitor goes back to checkout with the card error (the injected `paymentFailed`), the cart payable again. A
 * cart that is not there shows the missing outcome; failures in a row (network, server) are tolerated up to
 * PENDING_MAX_FAILURES, then the page offers a retry.
 *
 * No I/O: `checkCart` is provided by the route; `completed` and `paymentFailed` are injected.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorOf } from '../shared/flow-error';
import { notProvided } from '../shared/not-provided';
import { checkOutcome, isCartMissing, PENDING_MAX_FAILURES, PENDING_POLL_MS } from './rules';
import type {
  CheckCartInput,
  CheckCartOutput,
  PendingOrderContext,
  PendingOrderEvent,
  PendingOrderInput,
} from './types';

export function initialPendingOrderContext({ input }: { input: PendingOrderInput }): PendingOrderContext {
  return { cartId: input.cartId, cartNumber: null, debit: input.debit === true, orderIds: [], failures: 0 };
}
export function checkCartInput({ context }: { context: PendingOrderContext }): CheckCartInput {
  return { cartId: context.cartId };
}

const pendingOrderSetup = setup({
  types: {
    context: {} as PendingOrderContext,
    events: {} as PendingOrderEvent,
    input: {} as PendingOrderInput,
  },
  actors: {
    checkCart: fromPromise<CheckCartOutput, CheckCartInput>(notProvided('checkCart')),
  },
  actions: {
    /** Injected: the cart has orders; the route goes to /checkout/complete?orderIds=a,b. */
    completed: (_args, _params: { orderIds: string[] }) => {},
    /** Injected: the payment failed; the route goes back to checkout of the cart with the card error. */
    paymentFailed: (_args, _params: { cartId: string }) => {},
    storeOrderIds: assign(({ event }) => ({ orderIds: checked(event).orderIds })),
    /** The cart's number, the reference the page shows (spec 2 §2), from each check. */
    storeCartNumber: assign(({ event }) => ({ cartNumber: checked(event).cartNumber })),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0 }),
  },
  guards: {
    hasOrders: ({ event }) => checkOutcome(checked(event)) === 'booked',
    paymentStopped: ({ event }) => checkOutcome(checked(event)) === 'paymentFailed',
    cartMissing: ({ event }) => isCartMissing(errorOf(event)),
    lastFailure: ({ context }) => context.failures + 1 >= PENDING_MAX_FAILURES,
  },
  delays: {
    poll: PENDING_POLL_MS,
  },
});

/** What a check of the cart answered. */
function checked(event: PendingOrderEvent): CheckCartOutput {
  assertEvent(event, 'xstate.done.actor.checkCart');
  return event.output;
}

export const pendingOrderMachine = pendingOrderSetup
  .extend({
    actions: {
      notifyCompleted: pendingOrderSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'completed', params: { orderIds: context.orderIds } });
      }),
      notifyPaymentFailed: pendingOrderSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'paymentFailed', params: { cartId: context.cartId } });
      }),
    },
  })
  .createMachine({
    id: 'pendingOrder',
    description:
      'Pending order: the cart is checked until its processing payment books it, then the confirmation.',
    context: initialPendingOrderContext,
    initial: 'checking',
    states: {
      checking: {
        description: "The cart is read: its orders, if the payment's webhook has booked it.",
        invoke: {
          id: 'checkCart',
          src: 'checkCart',
          input: checkCartInput,
          onDone: [
            { guard: 'hasOrders', target: 'completed', actions: ['storeCartNumber', 'storeOrderIds'] },
            { guard: 'paymentStopped', target: 'paymentFailed', actions: 'storeCartNumber' },
            { target: 'waiting', actions: ['storeCartNumber', 'resetFailures'] },
          ],
          onError: [
            { guard: 'cartMissing', target: 'missing' },
            { guard: 'lastFailure', target: 'failed', actions: 'countFailure' },
            { target: 'waiting', actions: 'countFailure' },
          ],
        },
      },
      waiting: {
        description:
          'Still processing: the title, the message and the reference; the next check after a while.',
        after: { poll: { target: 'checking' } },
      },
      failed: {
        description: 'Checks failed too often in a row: a message and a retry (the payment may still clear).',
        on: { retry: { target: 'checking', actions: 'resetFailures' } },
      },
      missing: {
        type: 'final',
        description: 'No such cart, or not one of this visitor: nothing to wait for.',
      },
      paymentFailed: {
        type: 'final',
        description:
          'No orders and no payment in flight: the payment failed. Back to checkout with the card error; the cart is payable again.',
        entry: 'notifyPaymentFailed',
      },
      completed: {
        type: 'final',
        description: 'The cart has orders: on to /checkout/complete.',
        entry: 'notifyCompleted',
      },
    },
  });

export type PendingOrderMachine = typeof pendingOrderMachine;
