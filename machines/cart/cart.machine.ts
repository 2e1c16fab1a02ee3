/**
 * Cart lifecycle and expiry (spec 1 §4 "Cart lifecycle", spec 2 §2 "Cart widget", §4 "Cart", §9).
 *
 * The app-wide actor holding the visitor's cart. It restores the stored cart id, keeps the cart current as
 * reservations, payments and removals return fresh carts, watches the local expiry (server expires_in minus
 * 5 s, kept in context as epoch ms so it survives a reload) and opens the cart-expiry modal once.
 *
 * No I/O and no clock: `loadCart`, `removeTickets` and `discardCart` are provided by the route, and so is
 * `expiryWatcher` (`createExpiryWatcher(clock)`), the only reader of time: it arms the local expiry of a fresh
 * cart (`expiry.armed`) and ticks. `persist` (save the id in localStorage) and `clearUpsellChain` are
 * injected actions. The context is plain data.
 */
import type { EventObject } from 'xstate';
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CartModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import type { Clock } from '../shared/clock';
import { notProvided } from '../shared/not-provided';
import {
  type AddedTickets,
  addedTickets,
  extensionMessage,
  hasTooLittleTimeLeft,
  isCompletedOrder,
  isCurrent,
  isExpiredCart,
  isExtensionRefusal,
  isGoneError,
  keepLocalValues,
  localExpiry,
  TICK_MS,
  toFlowError,
} from './rules';
import type {
  CartContext,
  CartEvent,
  CartInput,
  DiscardCartInput,
  ExpiryWatcherInput,
  ExtendHoldInput,
  LoadCartInput,
  RemoveTicketsInput,
} from './types';

/** The cart carried by a `cart.updated` / `cart.inject` event or by a `loadCart` / `removeTickets` done event. */
function cartFromEvent(event: CartEvent): CartModel | null {
  assertEvent(event, [
    'cart.updated',
    'cart.inject',
    'xstate.done.actor.loadCart',
    'xstate.done.actor.removeTickets',
    'xstate.done.actor.extendHold',
  ]);
  const cart = 'cart' in event ? event.cart : event.output;
  return typeof cart === 'object' && cart !== null ? cart : null;
}

/** What a failed load, removal or extension rejected with. */
function errorFromEvent(event: CartEvent): unknown {
  assertEvent(event, [
    'xstate.error.actor.loadCart',
    'xstate.error.actor.removeTickets',
    'xstate.error.actor.extendHold',
  ]);
  return event.error;
}

/**
 * The expiry watcher, reading time from `clock` (the route passes the real clock, tests a SimulatedClock).
 * Given a cart's deadline it ticks at once and then every TICK_MS; given none but the server's expires_in (a
 * fresh cart), it first arms the local expiry, `clock.now()` + expires_in - 5 s, and sends it back as
 * `expiry.armed`. A cart that does not expire gets nothing. Ticks are a chain of `clock.setTimeout`, cleared
 * when the watcher stops.
 */
export function createExpiryWatcher(clock: Clock) {
  return fromCallback<EventObject, ExpiryWatcherInput>(({ sendBack, input }) => {
    let deadline = input.deadline;
    if (deadline === null && input.expiresInSeconds !== null) {
      deadline = localExpiry(input.expiresInSeconds, clock.now());
      sendBack({ type: 'expiry.armed', deadline } satisfies CartEvent);
    }
    if (deadline === null) return undefined;
    let timer: unknown;
    const tick = () => {
      sendBack({ type: 'tick', now: clock.now() } satisfies CartEvent);
      timer = clock.setTimeout(tick, TICK_MS);
    };
    tick();
    return () => clock.clearTimeout(timer);
  });
}

/** Placeholder: the route provides `createExpiryWatcher(clock)`; machines hold no clock. */
const silentExpiryWatcher = fromCallback<EventObject, ExpiryWatcherInput>(() => undefined);

/* Named mappers from context/event to actor input and initial context (data-free config references). */
export function initialCartContext({ input }: { input: CartInput }): CartContext {
  return {
    cartId: input.storedCartId,
    persistedCartId: input.storedCartId,
    cart: null,
    incoming: null,
    localExpiresAt: null,
    tickedAt: null,
    error: null,
    discardCartId: null,
    extension: { allowed: input.allowMoreTime === true, status: 'idle', message: null },
    injected: false,
  };
}
function loadCartInput({ context }: { context: CartContext }): LoadCartInput {
  return { cartId: context.cartId ?? '' };
}
function removeTicketsInput({
  context,
  event,
}: {
  context: CartContext;
  event: CartEvent;
}): RemoveTicketsInput {
  assertEvent(event, 'cart.remove');
  return { cartId: context.cartId ?? '', ticketIds: event.ticketIds };
}
function extendHoldInput({ context }: { context: CartContext }): ExtendHoldInput {
  return { cartId: context.cartId ?? '' };
}
function discardCartInput({ context }: { context: CartContext }): DiscardCartInput {
  return { cartId: context.discardCartId ?? '' };
}
function expiryWatcherInput({ context }: { context: CartContext }): ExpiryWatcherInput {
  return { deadline: context.localExpiresAt, expiresInSeconds: context.cart?.expiresIn ?? null };
}

/** Events for the app's modal stack (machines/modals), sent by system id. */
const OPEN_EXPIRY_MODAL: EventObject = { type: 'modal.open', name: 'cartExpiry' } as EventObject;
const CLOSE_EXPIRY_MODAL: EventObject = { type: 'modal.close', name: 'cartExpiry' } as EventObject;
const CLOSE_MOBILE_CART: EventObject = { type: 'modal.close', name: 'mobileCart' } as EventObject;
const CLOSE_ALL_MODALS: EventObject = { type: 'modal.closeAll' };

const cartSetup = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
  },
  actors: {
    loadCart: fromPromise<CartModel, LoadCartInput>(notProvided('loadCart')),
    removeTickets: fromPromise<CartModel, RemoveTicketsInput>(notProvided('removeTickets')),
    discardCart: fromPromise<unknown, DiscardCartInput>(notProvided('discardCart')),
    extendHold: fromPromise<CartModel, ExtendHoldInput>(notProvided('extendHold')),
    expiryWatcher: silentExpiryWatcher,
  },
  actions: {
    /**
     * Injected: save the cart id (null removes it). `previous` is the id persisted before: a removal removes
     * only that cart (another tab may have stored a new one meanwhile). The route tolerates storage errors.
     */
    persist: (_args, _params: { cartId: string | null; previous: string | null }) => {},
    /** Injected: clear the upsell chain (on cart expiry). */
    clearUpsellChain: () => {},
    /** Injected: the tracking step (analytics port) for tickets newly added compared with the previous cart. */
    track: (_args, _params: { added: AddedTickets[]; currency: string }) => {},
    /** Injected: an already completed order arrived: show its confirmation (`/checkout/complete`), not home. */
    showCompletedOrder: (_args, _params: { orderIds: string[] }) => {},

    takeIncomingCart: assign({
      incoming: ({ event }) => cartFromEvent(event),
      injected: ({ event }) => event.type === 'cart.inject',
    }),
    /**
     * The fresh cart becomes current; its local expiry is armed by the watcher (`expiry.armed`). 'More time'
     * starts over on another cart.
     */
    acceptCart: assign(({ context }) => ({
      cart: context.incoming && keepLocalValues(context.cart, context.incoming),
      cartId: context.incoming?.id ?? null,
      localExpiresAt: null,
      incoming: null,
      injected: false,
      error: null,
      extension:
        context.incoming?.id === context.cart?.id
          ? context.extension
          : { allowed: context.extension.allowed, status: 'idle' as const, message: null },
    })),
    /** An injected cart that has expired: an error (spec 2 §5 "Injecting an expired cart raises an error"). */
    raiseCartExpired: assign({
      error: { code: ErrorCode.cart_expired, description: null, status: 410 },
      injected: false,
    }),
    startExtension: assign({
      extension: ({ context }) => ({ ...context.extension, status: 'extending' as const, message: null }),
    }),
    extensionGranted: assign({
      extension: ({ context }) => ({
        ...context.extension,
        status: 'granted' as const,
        message: extensionMessage(null),
      }),
    }),
    extensionRefused: assign({
      extension: ({ context, event }) => {
        const error = toFlowError(errorFromEvent(event));
        return {
          ...context.extension,
          status: isExtensionRefusal(error) ? ('refused' as const) : ('failed' as const),
          message: extensionMessage(error),
        };
      },
    }),
    armExpiry: assign(({ event }) => {
      assertEvent(event, 'expiry.armed');
      return { localExpiresAt: event.deadline };
    }),
    forgetCart: assign({
      cartId: null,
      cart: null,
      incoming: null,
      localExpiresAt: null,
      tickedAt: null,
      error: null,
    }),
    /** Remembers which cart to delete in `empty.discarding`. */
    markForDiscard: assign({ discardCartId: ({ context }) => context.incoming?.id ?? context.cartId }),
    clearDiscard: assign({ discardCartId: null }),
    recordTick: assign(({ event }) => {
      assertEvent(event, 'tick');
      return { tickedAt: event.now };
    }),
    storeError: assign({ error: ({ event }) => toFlowError(errorFromEvent(event)) }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasStoredCart: ({ context }) => context.cartId !== null,
    isCompletedOrder: ({ context }) => context.incoming !== null && isCompletedOrder(context.incoming),
    isExpiredCart: ({ context }) => context.incoming !== null && isExpiredCart(context.incoming),
    hasTooLittleTimeLeft: ({ context }) =>
      context.incoming !== null && hasTooLittleTimeLeft(context.incoming),
    isGoneError: ({ event }) => isGoneError(toFlowError(errorFromEvent(event))),
    /** The fresh cart holds no ticket: the mobile cart modal closes (spec 2 §2, spec 3 §2 "Modals"). */
    incomingHasNoTickets: ({ context }) => context.incoming !== null && context.incoming.ticketCount === 0,
    /** A clear names no cart, or this one (a clear of another tab's old cart leaves this cart alone). */
    clearsThisCart: ({ context, event }) => {
      assertEvent(event, 'cart.clear');
      return event.cartId === undefined || event.cartId === context.cartId;
    },
    /**
     * The cart another tab sent would become this tab's active cart (not a completed order, not expired, not
     * about to be discarded): a tab showing the cart-expiry modal follows it.
     */
    carriesLiveCart: ({ event }) => {
      assertEvent(event, 'cart.updated');
      return !isCompletedOrder(event.cart) && !isExpiredCart(event.cart) && !hasTooLittleTimeLeft(event.cart);
    },
    deadlineReached: ({ context, event }) => {
      assertEvent(event, 'tick');
      return !isCurrent(context.localExpiresAt, event.now);
    },
    deadlineReachedWithEmptyCart: ({ context, event }) => {
      assertEvent(event, 'tick');
      return !isCurrent(context.localExpiresAt, event.now) && (context.cart?.ticketCount ?? 0) === 0;
    },
    /**
     * The current cart's local expiry is not armed yet. A watcher restored with a reloaded snapshot gets its
     * original input and arms again: the deadline already in context wins.
     */
    expiryNotArmed: ({ context }) => context.localExpiresAt === null,
    hasTicketIds: ({ event }) => {
      assertEvent(event, 'cart.remove');
      return event.ticketIds.length > 0;
    },
    isInjectedExpiredCart: ({ context }) =>
      context.injected && context.incoming !== null && isExpiredCart(context.incoming),
    /** The seller offers more time and the server has not refused it on this cart. */
    mayExtend: ({ context }) =>
      context.extension.allowed && context.extension.status !== 'refused' && context.cartId !== null,
  },
});

export const cartMachine = cartSetup
  .extend({
    actions: {
      /** Calls `persist` whenever the cart id differs from the one last persisted. */
      /** Opens the cart-expiry modal on the app's modal stack (systemId `modals`), when there is one. */
      openExpiryModal: cartSetup.enqueueActions(({ system, enqueue }) => {
        const modals = system.get('modals');
        if (modals) enqueue.sendTo(modals, OPEN_EXPIRY_MODAL);
      }),
      /** Another tab's live cart replaced the timed-out one: the cart-expiry modal closes. */
      closeExpiryModal: cartSetup.enqueueActions(({ system, enqueue }) => {
        const modals = system.get('modals');
        if (modals) enqueue.sendTo(modals, CLOSE_EXPIRY_MODAL);
      }),
      /** The ticket count dropped to 0: the mobile cart modal closes (spec 2 §2, spec 3 §2 "Modals"). */
      closeMobileCart: cartSetup.enqueueActions(({ system, enqueue }) => {
        const modals = system.get('modals');
        if (modals) enqueue.sendTo(modals, CLOSE_MOBILE_CART);
      }),
      /** The cart-expiry modal's one button closes all modals (spec 3 §2 "Modals"). */
      closeAllModals: cartSetup.enqueueActions(({ system, enqueue }) => {
        const modals = system.get('modals');
        if (modals) enqueue.sendTo(modals, CLOSE_ALL_MODALS);
      }),
      /** The tracking step: tickets newly added compared with the previous cart, when there are any. */
      trackAdded: cartSetup.enqueueActions(({ context, enqueue }) => {
        if (context.incoming === null) return;
        const added = addedTickets(context.cart, context.incoming);
        if (added.length > 0)
          enqueue({ type: 'track', params: { added, currency: context.incoming.currency } });
      }),
      /** Shows the confirmation of the already completed order that arrived. */
      completedOrder: cartSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'showCompletedOrder', params: { orderIds: context.incoming?.orderIds ?? [] } });
      }),
      persistCartId: cartSetup.enqueueActions(({ context, enqueue }) => {
        if (context.cartId === context.persistedCartId) return;
        enqueue({ type: 'persist', params: { cartId: context.cartId, previous: context.persistedCartId } });
        enqueue.assign({ persistedCartId: context.cartId });
      }),
    },
  })
  .createMachine({
    id: 'cart',
    description: 'The visitor’s cart: restore, keep current, remove tickets, watch expiry.',
    context: initialCartContext,
    initial: 'starting',
    // A fresh cart (an event's or an actor's) is held, then checked in `checking`. Written out at each of its
    // five places: a shared constant would hide them from Stately's code extractor (npm run machines:check).
    on: {
      'cart.updated': { target: '#cart.checking', actions: 'takeIncomingCart' },
      'cart.inject': { target: '#cart.checking', actions: 'takeIncomingCart' },
      'cart.clear': {
        guard: 'clearsThisCart',
        target: '#cart.empty',
        actions: ['forgetCart', 'persistCartId'],
      },
    },
    states: {
      starting: {
        description: 'Restore the stored cart id, if any.',
        always: [{ guard: 'hasStoredCart', target: 'loading' }, { target: 'empty' }],
      },
      loading: {
        description: 'Loading the stored cart.',
        invoke: {
          src: 'loadCart',
          id: 'loadCart',
          input: loadCartInput,
          onDone: { target: '#cart.checking', actions: 'takeIncomingCart' },
          onError: [
            { guard: 'isGoneError', target: 'empty', actions: ['forgetCart', 'persistCartId'] },
            { target: 'loadFailed', actions: 'storeError' },
          ],
        },
      },
      loadFailed: {
        description: 'The stored cart could not be loaded (network or server error); the id is kept.',
        on: { 'cart.refresh': { target: 'loading', actions: 'clearError' } },
      },
      checking: {
        description:
          'A fresh cart arrived: an already completed order or an expired cart is forgotten; one with fewer than 30 s left is deleted and the visitor starts fresh; otherwise it becomes the active cart.',
        always: [
          {
            guard: 'isCompletedOrder',
            target: 'empty',
            actions: ['completedOrder', 'forgetCart', 'persistCartId'],
          },
          {
            guard: 'isInjectedExpiredCart',
            target: 'empty',
            actions: ['forgetCart', 'persistCartId', 'raiseCartExpired'],
          },
          { guard: 'isExpiredCart', target: 'empty', actions: ['forgetCart', 'persistCartId'] },
          {
            guard: 'hasTooLittleTimeLeft',
            target: '#cart.empty.discarding',
            actions: ['markForDiscard', 'forgetCart', 'persistCartId'],
          },
          {
            guard: 'incomingHasNoTickets',
            target: 'active',
            actions: ['trackAdded', 'acceptCart', 'persistCartId', 'closeMobileCart'],
          },
          { target: 'active', actions: ['trackAdded', 'acceptCart', 'persistCartId'] },
        ],
      },
      empty: {
        description: 'No cart.',
        // No ticket: the mobile cart modal closes.
        entry: 'closeMobileCart',
        initial: 'idle',
        states: {
          idle: { description: 'No cart and nothing to delete: a reserve creates one.' },
          discarding: {
            description: 'Deleting the old cart in the background (best effort: a failure is ignored).',
            invoke: {
              src: 'discardCart',
              id: 'discardCart',
              input: discardCartInput,
              onDone: { target: 'idle', actions: 'clearDiscard' },
              onError: { target: 'idle', actions: 'clearDiscard' },
            },
          },
        },
      },
      active: {
        description:
          'A current cart; the expiry watcher arms the local expiry of a fresh cart, then ticks every second.',
        invoke: { src: 'expiryWatcher', id: 'expiryWatcher', input: expiryWatcherInput },
        on: {
          'expiry.armed': { guard: 'expiryNotArmed', actions: 'armExpiry' },
          tick: [
            {
              guard: 'deadlineReachedWithEmptyCart',
              target: 'empty',
              actions: ['forgetCart', 'persistCartId'],
            },
            { guard: 'deadlineReached', target: 'expired', actions: ['recordTick', 'clearUpsellChain'] },
            { actions: 'recordTick' },
          ],
        },
        initial: 'idle',
        states: {
          idle: {
            description:
              'The cart is shown and its timer runs; a removal, a refresh or the expiry starts from here.',
            on: {
              'cart.remove': { guard: 'hasTicketIds', target: 'removing', actions: 'clearError' },
              'cart.refresh': { target: 'refreshing', actions: 'clearError' },
              'cart.extend': { guard: 'mayExtend', target: 'extending', actions: 'startExtension' },
            },
          },
          extending: {
            description:
              "Asking the server for more time ('More time', WCAG 2.2.1): granted, the extended cart arrives; refused, the server allows no more on this cart.",
            invoke: {
              src: 'extendHold',
              id: 'extendHold',
              input: extendHoldInput,
              onDone: { target: '#cart.checking', actions: ['extensionGranted', 'takeIncomingCart'] },
              onError: [
                { guard: 'isGoneError', target: '#cart.empty', actions: ['forgetCart', 'persistCartId'] },
                { target: 'idle', actions: 'extensionRefused' },
              ],
            },
          },
          removing: {
            description: 'Removing tickets; the cart stays visible.',
            tags: ['submitting'],
            invoke: {
              src: 'removeTickets',
              id: 'removeTickets',
              input: removeTicketsInput,
              onDone: { target: '#cart.checking', actions: 'takeIncomingCart' },
              onError: [
                { guard: 'isGoneError', target: '#cart.empty', actions: ['forgetCart', 'persistCartId'] },
                { target: 'idle', actions: 'storeError' },
              ],
            },
          },
          refreshing: {
            description: 'Reloading the cart; the cart stays visible.',
            invoke: {
              src: 'loadCart',
              id: 'loadCart',
              input: loadCartInput,
              onDone: { target: '#cart.checking', actions: 'takeIncomingCart' },
              onError: [
                { guard: 'isGoneError', target: '#cart.empty', actions: ['forgetCart', 'persistCartId'] },
                { target: 'idle', actions: 'storeError' },
              ],
            },
          },
        },
      },
      expired: {
        // Start over clears the timed-out cart only; another tab's live cart closes the modal and is followed.
        description:
          'The cart-expiry modal is open on the modal stack (once); only its Start over leaves: every modal closes and the cart is cleared.',
        entry: 'openExpiryModal',
        on: {
          // Another tab ended the cart (its own expiry, a discard, a completed order): close this tab's modal.
          'cart.clear': {
            guard: 'clearsThisCart',
            target: '#cart.empty',
            actions: ['forgetCart', 'persistCartId', 'closeAllModals'],
          },
          // Another tab made a new cart (or got more time on this one): follow it, without clearing it.
          'cart.updated': [
            {
              guard: 'carriesLiveCart',
              target: '#cart.checking',
              actions: ['closeExpiryModal', 'takeIncomingCart'],
            },
            // A cart that would not become active (completed, expired, about to be discarded) does not replace
            // the timed-out one: the modal stays until Start over or a clear.
            {},
          ],
          'expiry.confirm': {
            target: '#cart.empty.discarding',
            actions: ['markForDiscard', 'forgetCart', 'persistCartId', 'closeAllModals'],
          },
        },
      },
    },
  });

export type CartMachine = typeof cartMachine;
