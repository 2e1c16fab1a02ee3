import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CartModel } from '../../api/models';

import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';

export type { FlowError };

export interface CartInput {
  /** The cart id saved by the route (localStorage), or null. */
  storedCartId: string | null;
  /**
   * The seller lets visitors ask for more time on a hold (WCAG 2.2.1; the server bounds how often). Absent:
   * no 'more time'.
   */
  allowMoreTime?: boolean;
}

/** 'More time' on the expiry timer: where the last request for more time stands. */
export interface CartExtension {
  /** The seller allows it (from the input). */
  allowed: boolean;
  /** idle: never asked (or asked on an earlier cart); refused: the server allows no more on this cart. */
  status: 'idle' | 'extending' | 'granted' | 'refused' | 'failed';
  /** The outcome to announce: granted, the refusal, or the failure. */
  message: Message | null;
}

export interface CartContext {
  /** The current cart id (null when there is no cart). */
  cartId: string | null;
  /** The id last handed to the injected `persist` action (or read from storage at start). */
  persistedCartId: string | null;
  cart: CartModel | null;
  /** A cart just received (load, remove, update), held while it is checked. */
  incoming: CartModel | null;
  /**
   * Local expiry as epoch ms: the time the watcher armed it (as the cart became current) + server expires_in
   * - 5 s; null when the cart does not expire, and until the watcher arms it.
   */
  localExpiresAt: number | null;
  /** Epoch ms of the last watcher tick (lets subscribers re-render every second). */
  tickedAt: number | null;
  /** The last failed load, refresh or remove. */
  error: FlowError | null;
  /** The cart being deleted in the background (`empty.discarding`). */
  discardCartId: string | null;
  /** 'More time' (WCAG 2.2.1). */
  extension: CartExtension;
  /** The cart in `incoming` was injected by the route (an expired one is an error, not silently dropped). */
  injected: boolean;
}

export type CartEvent =
  /** A reservation or payment returned a fresh cart. */
  | { type: 'cart.updated'; cart: CartModel }
  | { type: 'cart.remove'; ticketIds: string[] }
  | { type: 'cart.refresh' }
  /**
   * Forget the cart, e.g. after the order completed. `cartId`: the cart that ended (another tab says which);
   * a clear naming another cart than this one is ignored. Absent: whatever cart this is.
   */
  | { type: 'cart.clear'; cartId?: string }
  /** The visitor asks for more time on the hold ('More time' on the expiry timer). */
  | { type: 'cart.extend' }
  /** A cart injected by the route (e.g. a link to a cart): an expired one raises an error. */
  | { type: 'cart.inject'; cart: CartModel }
  /** The visitor closed the cart-expiry modal. */
  | { type: 'expiry.confirm' }
  /** From the expiry watcher when a fresh cart becomes current: its local expiry, epoch ms. */
  | { type: 'expiry.armed'; deadline: number }
  /** From the expiry watcher, every second. */
  | { type: 'tick'; now: number }
  /** A load, removal or extension answered with the cart, or failed. */
  | DoneActorEvent<CartModel, 'loadCart'>
  | DoneActorEvent<CartModel, 'removeTickets'>
  | DoneActorEvent<CartModel, 'extendHold'>
  | ErrorActorEvent<unknown, 'loadCart'>
  | ErrorActorEvent<unknown, 'removeTickets'>
  | ErrorActorEvent<unknown, 'extendHold'>;

export interface LoadCartInput {
  cartId: string;
}
export interface RemoveTicketsInput {
  cartId: string;
  ticketIds: string[];
}
export interface ExtendHoldInput {
  cartId: string;
}
export interface DiscardCartInput {
  cartId: string;
}
export interface ExpiryWatcherInput {
  /** The armed local expiry (epoch ms), or null when not armed yet (a fresh cart) or the cart never expires. */
  deadline: number | null;
  /** The current cart's server expires_in (seconds): with no deadline, the watcher arms one from it. */
  expiresInSeconds: number | null;
}
