import type { ReactNode } from 'react';
import { ErrorCode } from '../../api/codes';

/** A payment port: the route provides its functions to the checkout machine's actors. */
export interface PaymentAdapter {
  /** Renders the card fields (sandbox inputs, or Stripe's element). */
  renderCardForm(props: { disabled: boolean }): ReactNode;
  /** Tokenises the card: resolves a source for `POST cart/{id}/pay`, rejects with `{ code, description }`. */
  confirmCard(input: { amountCents: number }): Promise<{ source: string }>;
  /** The customer's confirmation after HTTP 402 intent_requires_action (3-D Secure and similar). */
  confirmAction(input: { clientSecret: string; paymentIntentId: string }): Promise<void>;
}

export interface CardError {
  code: string;
  description: string;
  extra?: { type: typeof ErrorCode.card_error; message: string };
}

export const cardError = (code: string, message: string): CardError => ({
  code,
  description: message,
  extra: { type: ErrorCode.card_error, message },
});
