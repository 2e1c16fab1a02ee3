/**
 * Wiring of the checkout screen: the checkout machine with its real implementations. The payment adapter
 * loads on demand (sandbox, or Stripe by seller configuration); while it loads the pay button stays usable,
 * and a provider that cannot load answers the card step with `payment_provider_unavailable`, whose spec
 * message shows alone (spec 2 §8).
 */

import type { Api, CartModel } from '../../api';
import type { RuntimeConfig } from '../../api/schemas';
import { ErrorCode } from '../../domain/codes';
import { GIFT_CARD_LEDGER_TYPE } from '../../domain/gift-card-rule';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { Strings } from '../../ui/strings';
import { fromPromise } from '../actors';
import type { AnalyticsPort } from '../app/analytics';
import type { AppClock } from '../app/clock';
import { createSandboxAdapter } from '../payment/sandbox';
import type { PaymentAdapter } from '../payment/types';
import { createUnavailableAdapter } from '../payment/unavailable';
import type { CaptchaPort } from './captcha/port';

export interface CheckoutWiring {
  api: Pick<Api, 'cart'>;
  /** The payment adapter, loading or loaded (memoised by the caller). */
  payment: () => Promise<PaymentAdapter>;
  refreshCart: () => void;
  completed: (orderIds: string[]) => void;
  /** Analytics (spec 2 §4): "begin checkout" on the first input focus, the purchase on completion. */
  analytics?: Pick<AnalyticsPort, 'beginCheckout' | 'purchase'>;
  /** The cart as the checkout has it now (what analytics reports). */
  currentCart?: () => CartModel | null;
  /** The payment clears later: on to the pending page (a bank debit: with the debit wording). */
  pending: (cartId: string, debit: boolean) => void;
  /** Hands a fresh cart to the app cart (`cart.updated`): the cart after the member's zip code was applied. */
  cartUpdated?: (cart: CartModel) => void;
  /** Remembers that the zip code was tried on this cart (see `zipCodeTried`), whatever the answer. */
  zipCodeTriedOn?: (cartId: string, code: string) => void;
  /** A gift: makes the cart a gift to its recipient (POST giftee, gift_checkout): the machine's applyGift. */
  gift?: ((cartId: string, signal?: AbortSignal) => Promise<unknown>) | null;
  /**
   * A logged-in member's gift (./gift.ts `memberGiftFreeCheckout`): the free checkout names the giftee and the
   * giver (POST my/cart/{id}/guest_checkout, spec 2 §7) instead of the plain one. Absent: the plain one.
   */
  giftFreeCheckout?:
    | ((
        cartId: string,
        options: { signal?: AbortSignal; sendEmail?: boolean },
      ) => Promise<{ orderIds: string[] }>)
    | null;
  /** A gift card's payment was posted (spec 2 §4): the gift card field forgets the spent card. */
  giftCardSpent?: (cardNumber: string) => void;
  /** A partial payment was made (spec 2 §4): the fresh cart of the answer; the page goes to its top. */
  partPaid?: (cart: CartModel) => void;
  /** The seller's captcha (issue 23; ./captcha/port.ts): the machine's solveCaptcha; null or absent: none. */
  captcha?: CaptchaPort | null;
  /**
   * An injected (staff-style) checkout that suppresses the email notification (spec 2 §3 checkout options
   * `injected`, `suppressEmailNotification`; §4): the payments and the free checkout send `send_email: false`.
   */
  suppressEmail?: boolean;
}

/**
 * Whether this checkout suppresses the email notification (spec 2 §3 checkout options `injected`,
 * `suppressEmailNotification`; §4 "An injected (staff-style) checkout may suppress the email notification"): only a
 * cart the route injects (/checkout/{cartId}), and only when its link says `?suppressEmailNotification=true` (or 1).
 */
export function suppressEmailFrom(search: string, injectedCartId: string | undefined): boolean {
  if (!injectedCartId) return false;
  const value = new URLSearchParams(search).get('suppressEmailNotification');
  return value === 'true' || value === '1';
}

/** The payment payload's `captcha` for a token (spec 2 §3), or nothing. */
const proof = (captcha: CaptchaPort | null | undefined, token: string | null) =>
  captcha && token ? { provider: captcha.provider, token } : null;

/** What the card steps reject with when the provider cannot be had. */
export const providerUnavailable = () => ({ code: ErrorCode.payment_provider_unavailable });

async function adapterOf(payment: CheckoutWiring['payment']): Promise<PaymentAdapter> {
  try {
    return await payment();
  } catch {
    throw providerUnavailable();
  }
}

export function provideCheckout({
  api,
  payment,
  refreshCart,
  completed,
  pending,
  gift,
  giftFreeCheckout,
  analytics,
  currentCart,
  cartUpdated,
  zipCodeTriedOn,
  giftCardSpent,
  partPaid,
  captcha,
  suppressEmail = false,
}: CheckoutWiring) {
  const email = suppressEmail ? { sendEmail: false } : {};
  return checkoutMachine.provide({
    actors: {
      // Spec 2 §4: the member's zip code as a code, errors ignored (a zip that is no code gives no discount).
      applyZipCode: fromPromise(async ({ input, signal }) => {
        try {
          return await api.cart.applyCode(input.cartId, [input.code], {
            requireBenefit: true,
            ignoreErrors: true,
            signal,
          });
        } finally {
          zipCodeTriedOn?.(input.cartId, input.code);
        }
      }),
      applyGift: fromPromise(async ({ input, signal }) => {
        await gift?.(input.cartId, signal);
      }),
      confirmCard: fromPromise(async ({ input }) => (await adapterOf(payment)).confirmCard(input)),
      storePurchaser: fromPromise(({ input, signal }) =>
        api.cart.setPurchaser(input.cartId, input.purchaser, { signal }),
      ),
      pay: fromPromise(({ input, signal }) =>
        api.cart.pay(
          input.cartId,
          {
            amountCents: input.amountCents,
            source: input.source,
            captcha: proof(captcha, input.captchaToken),
            ...email,
          },
          { signal },
        ),
      ),
      // Spec 2 §4: the pending gift card payments go first, gateway ledger.
      payGiftCard: fromPromise(({ input, signal }) =>
        api.cart.payWithLedger(
          input.cartId,
          {
            ledgerType: GIFT_CARD_LEDGER_TYPE,
            cardNumber: input.cardNumber,
            amountCents: input.amountCents,
            captcha: proof(captcha, input.captchaToken),
            ...email,
          },
          { signal },
        ),
      ),
      freeCheckout: fromPromise(({ input, signal }) =>
        giftFreeCheckout
          ? giftFreeCheckout(input.cartId, { signal, ...email })
          : api.cart.guestCheckout(input.cartId, {
              signal,
              captcha: proof(captcha, input.captchaToken),
              ...email,
            }),
      ),
      solveCaptcha: fromPromise(async ({ signal }) => {
        if (!captcha) throw { code: ErrorCode.captcha_unavailable };
        return { token: await captcha.solve(signal) };
      }),
      confirmAction: fromPromise(async ({ input }) => (await adapterOf(payment)).confirmAction(input)),
    },
    actions: {
      zipCodeApplied: (_, { cart }) => cartUpdated?.(cart),
      beginCheckout: () => {
        const cart = currentCart?.();
        if (cart) analytics?.beginCheckout?.(cart);
      },
      refreshCart: () => refreshCart(),
      completed: (_, { orderIds }) => {
        const cart = currentCart?.();
        if (cart) analytics?.purchase?.(orderIds, cart);
        completed(orderIds);
      },
      pending: (_, { cartId, debit }) => pending(cartId, debit),
      giftCardSpent: (_, { cardNumber }) => giftCardSpent?.(cardNumber),
      partPaid: (_, { cart }) => partPaid?.(cart),
    },
  });
}

/** Loads the payment adapter the seller's configuration names, once per checkout. */
export interface PaymentSource {
  /** The adapter, loading it the first time. */
  (): Promise<PaymentAdapter>;
  /** The adapter when it is already at hand (the sandbox is at once), else null. */
  current(): PaymentAdapter | null;
}

export function paymentLoader(
  load: () => Promise<PaymentAdapter>,
  ready: PaymentAdapter | null = null,
): PaymentSource {
  let loaded = ready;
  let loading: Promise<PaymentAdapter> | null = ready ? Promise.resolve(ready) : null;
  const source = () => {
    loading ??= load().then((adapter) => {
      loaded = adapter;
      return adapter;
    });
    return loading;
  };
  return Object.assign(source, { current: () => loaded });
}

/**
 * The payment adapter the seller's configuration names: Stripe (loaded on demand, with its publishable key and
 * connected account), the sandbox, or none (the seller takes no card payments); memoised, so a checkout loads
 * it once. A Stripe mode without a key cannot load.
 */
export function sellerPayment(deps: {
  config: Pick<RuntimeConfig, 'paymentMode' | 'stripePublishableKey' | 'stripeAccount'>;
  api: Api;
  strings: Strings;
  clock: AppClock;
  cart: { currency: CartModel['currency']; totals: Pick<CartModel['totals'], 'outstandingCents'> };
  /** Wallets may be offered (false when the seller's zip-code discount option is on, spec 2 §4). Default true. */
  wallets?: boolean;
}): PaymentSource {
  const { config, api, strings, clock, cart, wallets = true } = deps;
  // The sandbox form is at hand at once: the card fields render with the page (no shift when they arrive).
  if (config.paymentMode === 'unavailable') {
    const none = createUnavailableAdapter();
    return paymentLoader(async () => none, none);
  }
  if (config.paymentMode !== 'stripe') {
    const sandbox = createSandboxAdapter(api, strings, clock.now);
    return paymentLoader(async () => sandbox, sandbox);
  }
  return paymentLoader(async () => {
    const key = config.stripePublishableKey;
    if (!key) throw new Error('No publishable key');
    const { createStripeAdapter } = await import('../payment/stripe');
    return createStripeAdapter({
      publishableKey: key,
      ...(config.stripeAccount ? { stripeAccount: config.stripeAccount } : {}),
      amountCents: cart.totals.outstandingCents,
      currency: cart.currency,
      wallets,
    });
  });
}

/**
 * "Your information" shows (spec 2 §2) on the public identity's cart, and on a guest's cart that already has its
 * purchaser (issue 19: back from a payment that failed, the form shows what was given, prefilled); never on a
 * cart whose order is booked (a payment plan's later instalment).
 */
export function identityFormShownFor(cart: CartModel, publicIdentityId: string | null, loggedIn: boolean) {
  // A later instalment of a booked order (issue 22): the purchaser is the order's, nothing to ask again.
  if (cart.orderIds.length > 0) return false;
  return (
    ownedByPublicIdentity(cart, publicIdentityId, loggedIn) || (!loggedIn && cart.purchaser !== undefined)
  );
}

/**
 * The cart is the public identity's (a guest's cart): its id when the configuration names it; without it, a
 * visitor who is not logged in (whose carts are the public identity's).
 */
export function ownedByPublicIdentity(
  cart: CartModel,
  publicIdentityId: string | null,
  loggedIn: boolean,
): boolean {
  return publicIdentityId ? cart.identityId === publicIdentityId : !loggedIn;
}
