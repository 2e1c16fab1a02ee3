import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import {
  loadStripe,
  type Stripe,
  type StripeElements,
  type StripeExpressCheckoutElementConfirmEvent,
  type StripeExpressCheckoutElementOptions,
} from '@stripe/stripe-js';
import { useEffect } from 'react';
import { ErrorCode } from '../../domain/codes';
import { cardError, type PaymentAdapter, type WalletHandlers } from './types';

interface Handles {
  stripe: Stripe | null;
  elements: StripeElements | null;
}

/** Hands the Stripe and Elements instances of the rendered form to the adapter. */
function BindHandles({ handles }: { handles: Handles }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    handles.stripe = stripe;
    handles.elements = elements;
  }, [handles, stripe, elements]);
  return null;
}

/** The wallet's name as first and last name (the last word is the last name). */
function splitName(name: string | null | undefined): { firstName?: string; lastName?: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  if (words.length === 1) return { firstName: words[0] };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) };
}

/** The wallets only, Apple Pay first (spec 2 §9's order); one object, so the element is never re-optioned. */
const WALLET_OPTIONS: StripeExpressCheckoutElementOptions = {
  paymentMethodOrder: ['apple_pay', 'google_pay'],
  paymentMethods: {
    applePay: 'auto',
    googlePay: 'auto',
    link: 'never',
    paypal: 'never',
    amazonPay: 'never',
    klarna: 'never',
  },
};

/**
 * Apple Pay and Google Pay through Stripe's Express Checkout Element, where the browser offers them (spec 2
 * §4): the customer approves in the wallet, the approval makes a payment method, and the checkout pays with it
 * through the same completion as a card; the wallet gives the identity (name, email). A wallet closed without
 * paying is the checkout's cancellation error.
 */
function WalletButtons({ handlers, disabled }: { handlers: WalletHandlers; disabled: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    const submitted = await elements.submit();
    const made = submitted.error ? null : await stripe.createPaymentMethod({ elements });
    if (!made || made.error || !made.paymentMethod) {
      event.paymentFailed({ reason: 'fail' });
      handlers.onCancel();
      return;
    }
    const details = event.billingDetails;
    handlers.onApprove({
      source: made.paymentMethod.id,
      identity: {
        ...splitName(details?.name),
        ...(details?.email ? { email: details.email } : {}),
      },
    });
  };
  return (
    <div className="form-section" style={disabled ? { pointerEvents: 'none', opacity: 0.6 } : undefined}>
      <ExpressCheckoutElement
        options={WALLET_OPTIONS}
        onClick={(event) => event.resolve({ emailRequired: true, billingAddressRequired: true })}
        onConfirm={confirm}
        onCancel={() => handlers.onCancel()}
      />
    </div>
  );
}

/**
 * The Stripe adapter (seller configuration `paymentMode: 'stripe'`): the Payment Element in accordion layout
 * with the method order apple_pay, google_pay, card; tokenises to a PaymentMethod id; a 402 is confirmed with
 * `handleNextAction`. Stripe.js loads only from Stripe, and only on the checkout screen. Without wallets (the
 * seller's zip-code discount option is on, spec 2 §4) Apple Pay and Google Pay are never offered: card only.
 */
export function createStripeAdapter(options: {
  publishableKey: string;
  stripeAccount?: string;
  amountCents: number;
  currency: string;
  /** Apple Pay and Google Pay may be offered (false: card only). Default true. */
  wallets?: boolean;
}): PaymentAdapter {
  const stripePromise = loadStripe(
    options.publishableKey,
    options.stripeAccount ? { stripeAccount: options.stripeAccount } : undefined,
  );
  // Elements never sees the rejection of a Stripe.js that could not load (it would be unhandled: a blocker is
  // not an error of the page); it gets null, and confirmCard says the provider is unavailable.
  const forElements = stripePromise.catch(() => null);
  const handles: Handles = { stripe: null, elements: null };
  const unavailable = { code: ErrorCode.payment_provider_unavailable };

  return {
    renderCardForm: ({ disabled, wallets }) => (
      <Elements
        stripe={forElements}
        options={{
          mode: 'payment',
          amount: Math.max(50, options.amountCents),
          currency: options.currency.toLowerCase(),
          paymentMethodCreation: 'manual',
        }}
      >
        <BindHandles handles={handles} />
        {wallets && options.wallets !== false ? (
          <WalletButtons handlers={wallets} disabled={disabled} />
        ) : null}
        <PaymentElement
          options={{
            layout: 'accordion',
            paymentMethodOrder: options.wallets === false ? ['card'] : ['apple_pay', 'google_pay', 'card'],
            ...(options.wallets === false ? { wallets: { applePay: 'never', googlePay: 'never' } } : {}),
            readOnly: disabled,
            fields: { billingDetails: { name: 'never', email: 'never', address: 'if_required' } },
          }}
        />
      </Elements>
    ),
    async confirmCard() {
      const stripe = handles.stripe ?? (await stripePromise.catch(() => null));
      if (!stripe || !handles.elements) throw unavailable;
      const submitted = await handles.elements.submit();
      if (submitted.error)
        throw cardError(submitted.error.code ?? ErrorCode.card_error, submitted.error.message ?? '');
      const { paymentMethod, error } = await stripe.createPaymentMethod({ elements: handles.elements });
      if (error || !paymentMethod) throw cardError(error?.code ?? ErrorCode.card_error, error?.message ?? '');
      return { source: paymentMethod.id, methodType: paymentMethod.type };
    },
    async confirmAction({ clientSecret }) {
      const stripe = handles.stripe ?? (await stripePromise.catch(() => null));
      if (!stripe) throw unavailable;
      const { error } = await stripe.handleNextAction({ clientSecret });
      if (error)
        throw cardError(error.code ?? ErrorCode.payment_intent_authentication_failure, error.message ?? '');
    },
    async retrieveIntent(clientSecret) {
      const stripe = handles.stripe ?? (await stripePromise.catch(() => null));
      if (!stripe) throw unavailable;
      const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
      if (error || !paymentIntent) throw cardError(error?.code ?? ErrorCode.card_error, error?.message ?? '');
      return { id: paymentIntent.id, status: paymentIntent.status };
    },
  };
}
