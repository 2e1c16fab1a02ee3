import type { ReactNode } from 'react';
import { ErrorCode } from '../../domain/codes';

/** A payment port: the route provides its functions to the checkout machine's actors. */
/** What a wallet payment the customer approved gives: its payment method and the wallet's identity. */
export interface WalletApproval {
  source: string;
  identity: { firstName?: string; lastName?: string; email?: string };
}

/** The checkout's answers to the wallet buttons (Apple Pay, Google Pay; spec 2 §4). */
export interface WalletHandlers {
  onApprove(approval: WalletApproval): void;
  /** The customer closed the wallet without paying. */
  onCancel(): void;
}

export interface PaymentAdapter {
  /**
   * Renders the card fields (sandbox inputs, or Stripe's element); with `wallets`, the wallet buttons too where
   * the provider and the browser offer them (Stripe's Express Checkout Element).
   */
  renderCardForm(props: { disabled: boolean; wallets?: WalletHandlers | null }): ReactNode;
  /** Tokenises the card: resolves a source for `POST cart/{id}/pay`, rejects with `{ code, description }`. */
  confirmCard(input: { amountCents: number }): Promise<{ source: string }>;
  /** The customer's confirmation after HTTP 402 intent_requires_action (3-D Secure and similar). */
  confirmAction(input: { clientSecret: string; paymentIntentId: string }): Promise<void>;
  /**
   * After an external payment redirect (spec 2 §2 "Return from an external payment redirect"): the intent of
   * the returned client secret, its id and status. Only a provider with redirects has it (Stripe).
   */
  retrieveIntent?(clientSecret: string): Promise<{ id: string; status: string }>;
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
