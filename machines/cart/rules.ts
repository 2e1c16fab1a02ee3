import type { CartModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { message } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import type { FlowError } from './types';

/** Local expiry is the server's expires_in minus this margin (spec 1 §4, spec 2 §9). */
export const EXPIRY_MARGIN_MS = 5_000;
/** A cart received with fewer seconds than this left is deleted and the visitor starts fresh. */
export const MIN_SECONDS_LEFT = 30;
/** The watcher's tick. */
export const TICK_MS = 1_000;
/** Expiry timer thresholds, in seconds left (spec 2 §4, §9). */
export const TIMER_SHOWN_UNDER_S = 20 * 60;
export const TIMER_WARNING_UNDER_S = 5 * 60;
export const TIMER_ERROR_UNDER_S = 2 * 60;
/** 'More time' is offered from this many seconds before the local expiry (ours, WCAG 2.2.1). */
export const MORE_TIME_FROM_S = 2 * 60;

/** Error codes meaning the stored cart no longer exists. */
const GONE_CODES: ReadonlySet<string> = new Set(['not_found', 'cart_not_found', 'cart_expired', 'expired']);

/** Local expiry (epoch ms) of a cart whose response said `expiresInSeconds`, armed at `armedAt`. */
export function localExpiry(expiresInSeconds: number, armedAt: number): number {
  return armedAt + expiresInSeconds * 1000 - EXPIRY_MARGIN_MS;
}

/** A cart counts as current while its local expiry is absent or in the future. */
export function isCurrent(localExpiresAt: number | null, now: number): boolean {
  return localExpiresAt === null || localExpiresAt > now;
}

/**
 * No expiry, no held ticket and nothing outstanding: an already completed order (spec 2 §4). Its booked tickets
 * still count in `ticketCount` (a paid cart whose pay answer was lost is still stored): only held ones matter.
 */
export function isCompletedOrder(cart: CartModel): boolean {
  return (
    cart.expiresIn === null &&
    cart.expiresAt === null &&
    cart.heldTicketCount === 0 &&
    cart.totals.outstandingCents <= 0
  );
}

/** The server reports the cart as expired. */
export function isExpiredCart(cart: CartModel): boolean {
  return cart.state === 'expired';
}

/** Fewer than 30 seconds of server expiry left: delete the cart and start fresh. */
export function hasTooLittleTimeLeft(cart: CartModel): boolean {
  return cart.expiresIn !== null && cart.expiresIn < MIN_SECONDS_LEFT;
}

export { toFlowError } from '../shared/flow-error';

/** The server allows no more time on this cart ('more time', ours). */
export function isExtensionRefusal(error: FlowError): boolean {
  return error.code === ErrorCode.hold_extension_limit;
}

/** The message for the outcome of asking for more time. */
export function extensionMessage(error: FlowError | null): Message {
  if (error === null) return message('moreTimeGranted');
  return isExtensionRefusal(error) ? message('holdExtensionLimit') : message('errorUnexpected');
}

/**
 * A cart may be modified only while pending and owned by the seller's public identity or by the logged-in
 * member (spec 2 §4 "Cart"). `ownerIds`: the public identity and, when logged in, the member's identity.
 */
export function isModifiable(cart: CartModel, ownerIds: readonly string[]): boolean {
  return cart.state === 'pending' && ownerIds.includes(cart.identityId);
}

/** Tickets of one ticket type newly added to the cart (what the tracking step reports). */
export interface AddedTickets {
  ticketTypeId: string;
  eventName: string;
  name: string;
  count: number;
  unitCents: number;
}

function lineCounts(cart: CartModel): Map<string, AddedTickets> {
  const m = new Map<string, AddedTickets>();
  for (const item of cart.items)
    for (const line of item.lines) {
      const key = `${item.key}|${line.ticketTypeId}`;
      const had = m.get(key);
      const count = (had?.count ?? 0) + line.count;
      const unitCents = line.count > 0 ? Math.round(line.totalCents / line.count) : 0;
      m.set(key, {
        ticketTypeId: line.ticketTypeId,
        eventName: item.eventName,
        name: line.name,
        count,
        unitCents,
      });
    }
  return m;
}

/**
 * Tickets newly added compared with the previous cart, per event item and ticket type. A different cart
 * (a new one after expiry or discard) starts from nothing.
 */
export function addedTickets(previous: CartModel | null, next: CartModel): AddedTickets[] {
  const before = previous !== null && previous.id === next.id ? lineCounts(previous) : new Map();
  const out: AddedTickets[] = [];
  for (const [key, now] of lineCounts(next)) {
    const added = now.count - (before.get(key)?.count ?? 0);
    if (added > 0) out.push({ ...now, count: added });
  }
  return out;
}

/** The stored cart no longer exists on the server (not found or expired). */
export function isGoneError(error: FlowError): boolean {
  return GONE_CODES.has(error.code) || error.status === 404 || error.status === 410;
}

/**
 * A fresh copy of the current cart (a refresh, a removal, a payment's answer) keeps the cart's local values the
 * server does not send (spec 1 §3 "Local values": the pending gift card payments); another cart starts without.
 */
export function keepLocalValues(current: CartModel | null, incoming: CartModel): CartModel {
  if (!current || current.id !== incoming.id || incoming.giftCards || !current.giftCards) return incoming;
  return current.giftCardLimitCents === undefined
    ? { ...incoming, giftCards: current.giftCards }
    : { ...incoming, giftCards: current.giftCards, giftCardLimitCents: current.giftCardLimitCents };
}
