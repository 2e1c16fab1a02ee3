/**
 * The return from an external payment redirect (spec 2 §2, §4 "Checkout submit"): `/checkout?cartId=…&purchaser=…
 * &payment_intent_client_secret=…`. The intent's status must be requires_capture, processing or succeeded;
 * otherwise an error carrying that status is raised. Going on pays the cart with the intent as the source (the
 * server checks the intent is this cart's, for what is owed): its orders, or intent_processing (pending).
 */
import { type Api, ErrorCode, isApiError } from '../../api';
import { type CardError, cardError } from '../payment/types';
import type { RedirectReturn } from './redirect-query';

export { type RedirectReturn, redirectReturnFrom } from './redirect-query';

/** The statuses a returned payment goes on from (spec 2 §4). */
export const RETURNED_INTENT_OK: readonly string[] = ['requires_capture', 'processing', 'succeeded'];

/** The error of a returned intent in another status: a card error whose extra carries the status. */
export function returnedIntentError(status: string): CardError & { extra: { status: string } } {
  const error = cardError(ErrorCode.card_error, `The payment was not completed (status: ${status}).`);
  return { ...error, extra: { type: ErrorCode.card_error, message: error.description, status } };
}

export type ReturnOutcome = { kind: 'completed'; orderIds: string[] } | { kind: 'pending'; cartId: string };

/** Checks the returned intent, then pays the cart with it; rejects with the status error or the API's. */
export async function resumeRedirect(deps: {
  api: Pick<Api, 'cart'>;
  retrieveIntent: (clientSecret: string) => Promise<{ id: string; status: string }>;
  back: RedirectReturn;
  amountCents: number;
  signal?: AbortSignal;
}): Promise<ReturnOutcome> {
  const intent = await deps.retrieveIntent(deps.back.clientSecret);
  if (!RETURNED_INTENT_OK.includes(intent.status)) throw returnedIntentError(intent.status);
  try {
    const { orderIds } = await deps.api.cart.pay(
      deps.back.cartId,
      { amountCents: deps.amountCents, source: intent.id },
      { signal: deps.signal },
    );
    return { kind: 'completed', orderIds };
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.intent_processing)
      return { kind: 'pending', cartId: deps.back.cartId };
    throw error;
  }
}
