/**
 * Order load's rules (spec 2 §8 "Order page"): what a failed load says and whether it is a refusal; and how a page
 * reads the child's answer from its done event.
 */
import type { EventObject } from 'xstate';
import { outcomeMessage } from '../../domain/error-messages/base';
import { isNotManageable, manageLoadOutcome } from '../../domain/error-messages/order';
import type { FlowError } from '../shared/flow-error';
import type { Message } from '../shared/messages';
import { ORDER_LOAD, type OrderLoadDoneEvent, type OrderLoaded, type OrderLoadOutput } from './types';

/**
 * A failed load (spec 2 §8 "Order page"): a refusal (order_not_manageable or a 403) ends the page with
 * 'You must contact us to cancel this order.'; a 404 'We could not find that order.' and anything else Oops can
 * be tried again.
 */
export function failedLoad(error: FlowError): OrderLoadOutput {
  const message = outcomeMessage(manageLoadOutcome(error), 'order');
  return isNotManageable(error)
    ? { status: 'refused', error: message }
    : { status: 'failed', error: message };
}

/** The page's done event of the child. */
export const isOrderLoadDone = (event: EventObject): event is OrderLoadDoneEvent =>
  event.type === `xstate.done.actor.${ORDER_LOAD}`;

/** How the child's load ended, read from the page's event (null: not the child's done event). */
export const loadStatusOf = (event: EventObject): OrderLoadOutput['status'] | null =>
  isOrderLoadDone(event) ? event.output.status : null;

/** What a refused or failed load says, read from the page's event (null: loaded, or not the child's event). */
export function loadErrorOf(event: EventObject): Message | null {
  if (!isOrderLoadDone(event) || event.output.status === 'loaded') return null;
  return event.output.error;
}

/** What the child loaded; only on the page's transitions taken for a loaded order (a refusal has nothing). */
export function loadedOf<T extends OrderLoaded>(output: OrderLoadOutput<T>): T {
  if (output.status !== 'loaded') throw new Error(`The order was not loaded (${output.status}).`);
  return output.loaded;
}
