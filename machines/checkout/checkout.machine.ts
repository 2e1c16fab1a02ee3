/**
 * Checkout submit for a guest paying by card (spec 2 §2 "Checkout screen", §4 "Checkout submit", §5, §8).
 *
 * Steps, in the spec's order: (1) validate the identity form and terms; (2) gift-recipient check (a gift is
 * made the recipient's, who may not be the purchaser, before any card step); (3) card confirmation by the payment adapter (skipped when nothing is
 * due: gateway free) in parallel with the captcha (a guest's checkout while the seller configures one; never a
 * member's: spec 2 §5, §6); (4) the captcha again when its token expired meanwhile; (5) store the purchaser
 * when the identity form is shown; (6) the pending gift card payments first (gateway ledger, one at a time; a refusal stops the submit
 * and no card pays), then the card for what they leave, or free checkout when nothing is left (spec 2 §4:
 * the card step confirms only what the gift cards leave). HTTP 402 intent_requires_action asks the customer to confirm, then pays
 * again with the payment-intent id as the source.
 *
 * Captcha (spec 2 §4 "The last payment carries an invisible captcha token"): one token per payment. The token of
 * the submit goes with its last payment (the card's, the free checkout, or the gift card that pays all that is
 * left) and is spent with it; the payment again with the confirmed intent id is the same payment (the server
 * created the intent under that token) and carries none; every submit solves the captcha anew. A dismissed
 * challenge goes back to the form saying nothing; closed, expired or unavailable is the captcha error (§8).
 *
 * Before the form: a logged-in member's zip code that matches the seller's discount pattern (spec 2 §4; the route
 * decides with `zipCodeToApply`) is applied as a code, once; whatever the server answers, the form follows (a
 * zip that is no code gives no discount, and says nothing: the member typed no code).
 *
 * No I/O: applyZipCode, applyGift, confirmCard, storePurchaser, payGiftCard, pay, freeCheckout and confirmAction are provided
 * by the route; zipCodeApplied, beginCheckout, refreshCart, giftCardSpent, completed and pending are injected actions.
 *
 * Gift cards never go stale: the machine keeps the applied cards (with their balances) and spreads them over the
 * cart it follows whenever it acts (the card's amount, the next gift card payment), so a ticket added or removed
 * or a code applied after a card was applied changes what each card pays. A card spent elsewhere meanwhile is
 * refused by the server at (6), before any card payment: the submit stops with the gift card message.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CartModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { selectCart } from '../cart/current';
import type { CartSnapshot } from '../cart/selectors';
import { errorOf } from '../shared/flow-error';
import { type FollowInput, followActor } from '../shared/follow';
import { type Message, message } from '../shared/messages';
import { notProvided } from '../shared/not-provided';
import {
  amountToPayCents,
  bookedOrderIdFrom,
  cardAmountCents,
  cardStepMessage,
  changedValues,
  emptyValues,
  giftCardPaymentMessage,
  giftCardShares,
  hasErrors,
  identityFields,
  isBlocked,
  isDebitMethod,
  isIntentProcessing,
  isPaymentProviderError,
  isProviderUnavailable,
  partialPaymentOf,
  paymentIntentFrom,
  purchaserOf,
  submitErrorMessage,
  validateCheckout,
  walletValues,
} from './rules';
import type {
  ApplyGiftInput,
  ApplyZipCodeInput,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
  CheckoutResult,
  ConfirmActionInput,
  ConfirmCardInput,
  ConfirmCardOutput,
  FreeCheckoutInput,
  PayGiftCardInput,
  PayInput,
  SolveCaptchaInput,
  SolveCaptchaOutput,
  StorePurchaserInput,
} from './types';

/** A payment's result: a gift card's, the card's or wallet's, or the free checkout's. */
function paymentResult(event: CheckoutEvent): CheckoutResult {
  assertEvent(event, [
    'xstate.done.actor.pay',
    'xstate.done.actor.payGiftCard',
    'xstate.done.actor.freeCheckout',
  ]);
  return event.output;
}
/** The cart the zip code answered. */
function zipCart(event: CheckoutEvent): CartModel {
  assertEvent(event, 'xstate.done.actor.applyZipCode');
  return event.output;
}
/** What the card pays: the amount to pay less the pending gift card payments (spec 2 §4). */
const amountDue = (context: CheckoutContext): number =>
  cardAmountCents(context.cart, context.giftCards, context.instalmentCents, context.paidNowCents);
/**
 * The pending gift card payments spread over the amount to pay of the cart as it is now (the panel's choice, else
 * the outstanding balance; never over the total of the moment a card was applied): the first one is the next to
 * post.
 */
const giftCardPayments = (context: CheckoutContext) =>
  giftCardShares(context.cart, context.giftCards, context.instalmentCents, context.paidNowCents);
/**
 * The checkout once the first gift card's payment was posted: it leaves the pending payments, what it paid counts
 * towards the amount to pay, and the cart is the answer's fresh one (a partial payment), else the same cart with
 * what the card paid gone from what is outstanding.
 */
function afterGiftCard(context: CheckoutContext, event: CheckoutEvent) {
  const paidCents = giftCardPayments(context)[0]?.paymentCents ?? 0;
  const fresh = paymentResult(event).partial;
  const outstandingCents = context.cart.totals.outstandingCents - paidCents;
  return {
    giftCards: context.giftCards.slice(1),
    paidNowCents: context.paidNowCents + paidCents,
    cart: fresh ?? { ...context.cart, totals: { ...context.cart.totals, outstandingCents } },
  };
}

/**
 * The gift card posted next is the submit's last payment: it pays all that is left of the amount to pay (no card,
 * no later gift card), so it carries the captcha token.
 */
const lastGiftCardPayment = (context: CheckoutContext): boolean =>
  amountDue(context) === 0 && giftCardPayments(context).filter((p) => p.paymentCents > 0).length === 1;

/* Named mappers for the initial context and the actors' input. */
export function initialCheckoutContext({ input }: { input: CheckoutInput }): CheckoutContext {
  return {
    cart: input.cart,
    identityFormShown: input.identityFormShown,
    gift: input.gift === true,
    cartActor: input.cartActor ?? null,
    termsShown: input.termsShown,
    zipCode: input.zipCode ?? null,
    values: { ...emptyValues(), ...input.prefill },
    termsAccepted: false,
    fieldErrors: {},
    formError: input.paymentFailed ? message('cardErrorGeneric') : null,
    status: null,
    source: null,
    methodType: null,
    wallet: false,
    paymentIntent: null,
    actionConfirmed: false,
    orderIds: [],
    checkoutBegun: false,
    refusals: 0,
    error: null,
    giftCards: input.giftCards ?? [],
    instalmentCents: input.instalmentCents ?? null,
    paidNowCents: 0,
    partialPayment: null,
    partialPayments: 0,
    captchaRequired: input.captcha === true,
    captchaToken: null,
    captchaAnswered: false,
  };
}
function followCartInput({ context }: { context: CheckoutContext }): FollowInput {
  return { actor: context.cartActor };
}
function applyZipCodeInput({ context }: { context: CheckoutContext }): ApplyZipCodeInput {
  return { cartId: context.cart.id, code: context.zipCode ?? '' };
}
function applyGiftInput({ context }: { context: CheckoutContext }): ApplyGiftInput {
  return { cartId: context.cart.id };
}
function confirmCardInput({ context }: { context: CheckoutContext }): ConfirmCardInput {
  return { amountCents: amountDue(context) };
}
function storePurchaserInput({ context }: { context: CheckoutContext }): StorePurchaserInput {
  return { cartId: context.cart.id, purchaser: purchaserOf(context.values, identityFields(context.cart)) };
}
function payInput({ context }: { context: CheckoutContext }): PayInput {
  return {
    cartId: context.cart.id,
    amountCents: amountDue(context),
    source: context.source ?? '',
    captchaToken: context.captchaToken,
  };
}
function payGiftCardInput({ context }: { context: CheckoutContext }): PayGiftCardInput {
  const card = giftCardPayments(context)[0];
  return {
    cartId: context.cart.id,
    cardNumber: card?.cardNumber ?? '',
    amountCents: card?.paymentCents ?? 0,
    captchaToken: lastGiftCardPayment(context) ? context.captchaToken : null,
  };
}
function freeCheckoutInput({ context }: { context: CheckoutContext }): FreeCheckoutInput {
  return { cartId: context.cart.id, captchaToken: context.captchaToken };
}
function solveCaptchaInput({ context }: { context: CheckoutContext }): SolveCaptchaInput {
  return { cartId: context.cart.id };
}
function confirmActionInput({ context }: { context: CheckoutContext }): ConfirmActionInput {
  return context.paymentIntent ?? { clientSecret: '', paymentIntentId: '' };
}

type StatusKey = 'processing' | 'confirming' | 'completed' | 'pending';
const STATUS_TEXT: Record<StatusKey, Message> = {
  processing: message('statusProcessing'),
  confirming: message('statusConfirming'),
  completed: message('statusCompleted'),
  pending: message('statusPending'),
};

const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** The app cart's current cart, as `cart.updated` whenever it is another object. */
    followCart: followActor((snapshot: CartSnapshot) => {
      const cart = selectCart(snapshot);
      return cart ? { type: 'cart.updated' as const, cart } : null;
    }),
    /** apply_code with the zip code, errors ignored: answers the fresh cart. */
    applyZipCode: fromPromise<CartModel, ApplyZipCodeInput>(notProvided('applyZipCode')),
    applyGift: fromPromise<unknown, ApplyGiftInput>(notProvided('applyGift')),
    confirmCard: fromPromise<ConfirmCardOutput, ConfirmCardInput>(notProvided('confirmCard')),
    storePurchaser: fromPromise<unknown, StorePurchaserInput>(notProvided('storePurchaser')),
    pay: fromPromise<CheckoutResult, PayInput>(notProvided('pay')),
    /** POST pay with gateway ledger: one gift card payment (answers order ids when it completes the order). */
    payGiftCard: fromPromise<CheckoutResult, PayGiftCardInput>(notProvided('payGiftCard')),
    freeCheckout: fromPromise<CheckoutResult, FreeCheckoutInput>(notProvided('freeCheckout')),
    confirmAction: fromPromise<unknown, ConfirmActionInput>(notProvided('confirmAction')),
    /** The captcha's challenge (invisible unless the provider asks): its token, or why there is none. */
    solveCaptcha: fromPromise<SolveCaptchaOutput, SolveCaptchaInput>(notProvided('solveCaptcha')),
  },
  actions: {
    /** Injected: the cart after the zip code was applied goes to the app cart (`cart.updated`). */
    zipCodeApplied: (_args, _params: { cart: CartModel }) => {},
    /** Injected: analytics "begin checkout" (sent once, on first input focus). */
    beginCheckout: () => {},
    /**
     * Injected: a partial payment was made (spec 2 §4): the fresh cart goes to the app cart, the page scrolls to
     * the top and the card element is cleared.
     */
    partPaid: (_args, _params: { cart: CartModel }) => {},
    /** Injected: refresh the cart (after a payment provider error). */
    refreshCart: () => {},
    /** Injected: the order is complete; the route goes to /checkout/complete?orderIds=a,b and clears the cart. */
    completed: (_args, _params: { orderIds: string[] }) => {},
    /**
     * Injected: the payment is processing; the route goes to /checkout/pending/{cartId} (a bank debit: with
     * the debit wording).
     */
    pending: (_args, _params: { cartId: string; debit: boolean }) => {},
    markCheckoutBegun: assign({ checkoutBegun: true }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: changedValues(context.values, event.name, event.value), fieldErrors };
    }),
    changeTerms: assign(({ context, event }) => {
      assertEvent(event, 'terms.change');
      const { terms: _cleared, ...fieldErrors } = context.fieldErrors;
      return { termsAccepted: event.accepted, fieldErrors };
    }),
    storeZipCart: assign(({ event }) => ({ cart: zipCart(event) })),
    updateCart: assign(({ event }) => {
      assertEvent(event, 'cart.updated');
      return { cart: event.cart };
    }),
    changeInstalment: assign(({ event }) => {
      assertEvent(event, 'instalment.change');
      return { instalmentCents: Math.max(0, Math.round(event.amountCents)), paidNowCents: 0 };
    }),
    /**
     * Spec 2 §4: a partial payment stays on the page with the success message (what was paid now: the gift cards
     * posted and the card), the cart refreshed (the answer's), the terms unticked.
     */
    takePartialPayment: assign(({ context, event }) => {
      const fresh = paymentResult(event).partial ?? context.cart;
      return {
        cart: fresh,
        partialPayment: partialPaymentOf(context.paidNowCents + amountDue(context), fresh),
        partialPayments: context.partialPayments + 1,
        paidNowCents: 0,
        termsAccepted: false,
        source: null,
        methodType: null,
        wallet: false,
        paymentIntent: null,
        actionConfirmed: false,
        status: null,
      };
    }),
    changeGiftCards: assign(({ event }) => {
      assertEvent(event, 'giftCards.change');
      return { giftCards: event.cards };
    }),
    /** Injected: a gift card's payment was posted: the field and the app cart forget it (it is spent). */
    giftCardSpent: (_args, _params: { cardNumber: string }) => {},
    /**
     * The first gift card was paid: it leaves the pending payments, what it paid counts towards the amount to pay,
     * and leaves what is outstanding (the answer's fresh cart when it is a partial payment).
     */
    giftCardPaid: assign(({ context, event }) => afterGiftCard(context, event)),
    startSubmit: assign({
      formError: null,
      error: null,
      source: null,
      methodType: null,
      wallet: false,
      paymentIntent: null,
      actionConfirmed: false,
      partialPayment: null,
      captchaToken: null,
      captchaAnswered: false,
      status: STATUS_TEXT.processing,
    }),
    storeCaptchaToken: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.solveCaptcha');
      return { captchaToken: event.output.token, captchaAnswered: true };
    }),
    /** The token went with a payment (one token per payment), or expired: none is left to send. */
    spendCaptchaToken: assign({ captchaToken: null }),
    /** A gift card that was the last payment took the token with it; an earlier one leaves it. */
    spendGiftCardToken: assign(({ context }) => (lastGiftCardPayment(context) ? { captchaToken: null } : {})),
    /** Spec 2 §8: a dismissed challenge is ignored: back to the form, nothing shown. */
    dropSubmit: assign({ status: null }),
    /** The wallet's payment method is the source; its identity fills the empty fields of the form. */
    useWallet: assign(({ context, event }) => {
      assertEvent(event, 'wallet.approve');
      return {
        source: event.source,
        methodType: 'card',
        wallet: true,
        values: walletValues(context.values, event.identity),
      };
    }),
    showWalletCancelled: assign(({ context }) => ({
      formError: message('walletCancelled'),
      status: null,
      refusals: context.refusals + 1,
    })),
    clearFieldErrors: assign({ fieldErrors: {} }),
    refuseBlocked: assign(({ context }) => ({
      formError: message('codeRequired'),
      status: null,
      refusals: context.refusals + 1,
    })),
    showValidationErrors: assign(({ context }) => ({
      fieldErrors: validateCheckout(context.values, context.termsAccepted, context),
      formError: message('checkoutValidation'),
      status: null,
      refusals: context.refusals + 1,
    })),
    setStatus: assign((_args, params: { status: StatusKey }) => ({ status: STATUS_TEXT[params.status] })),
    storeSource: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.confirmCard');
      const { source, methodType } = event.output;
      return { source, methodType: methodType ?? null };
    }),
    storePaymentIntent: assign(({ event }) => ({ paymentIntent: paymentIntentFrom(errorOf(event)) })),
    useIntentAsSource: assign(({ context }) => ({
      source: context.paymentIntent?.paymentIntentId ?? null,
      actionConfirmed: true,
    })),
    storeOrderIds: assign(({ event }) => ({ orderIds: paymentResult(event).orderIds })),
    storeBookedOrderId: assign(({ context, event }) => {
      const orderId = bookedOrderIdFrom(errorOf(event));
      return { orderIds: orderId ? [orderId] : context.cart.orderIds };
    }),
    showCardError: assign(({ context, event }) => {
      const error = errorOf(event);
      return { error, formError: cardStepMessage(error), status: null, refusals: context.refusals + 1 };
    }),
    showProviderUnavailable: assign(({ context, event }) => ({
      error: errorOf(event),
      formError: message('providerUnavailable'),
      status: null,
      refusals: context.refusals + 1,
    })),
    showGiftCardError: assign(({ context, event }) => {
      const error = errorOf(event);
      return {
        error,
        formError: giftCardPaymentMessage(error),
        status: null,
        refusals: context.refusals + 1,
      };
    }),
    showError: assign(({ context, event }) => {
      const error = errorOf(event);
      return { error, formError: submitErrorMessage(error), status: null, refusals: context.refusals + 1 };
    }),
  },
  guards: {
    hasZipCode: ({ context }) => context.zipCode !== null,
    captchaRequired: ({ context }) => context.captchaRequired,
    captchaMissing: ({ context }) => context.captchaRequired && context.captchaToken === null,
    /** Step (3) in parallel: the other half is done (the card's source, the captcha's token). */
    captchaSolved: ({ context }) => context.captchaAnswered,
    cardConfirmed: ({ context }) => context.source !== null,
    captchaDismissed: ({ event }) => errorOf(event).code === ErrorCode.captcha_dismissed,
    lastGiftCardPayment: ({ context }) => lastGiftCardPayment(context),
    checkoutNotBegun: ({ context }) => !context.checkoutBegun,
    cartBlocked: ({ context }) => isBlocked(context.cart),
    formIsValid: ({ context }) =>
      !hasErrors(validateCheckout(context.values, context.termsAccepted, context)),
    paymentDue: ({ context }) => amountDue(context) > 0,
    walletPays: ({ context }) => context.wallet && context.source !== null && amountDue(context) > 0,
    walletPaysWithCaptcha: ({ context }) =>
      context.wallet && context.source !== null && amountDue(context) > 0 && context.captchaRequired,
    paymentDueWithCaptcha: ({ context }) => amountDue(context) > 0 && context.captchaRequired,
    walletPaysWithForm: ({ context }) =>
      context.wallet && context.source !== null && amountDue(context) > 0 && context.identityFormShown,
    /** A gift card pays something of the cart as it is now (none does once nothing is outstanding). */
    hasGiftCards: ({ context }) => (giftCardPayments(context)[0]?.paymentCents ?? 0) > 0,
    orderBooked: ({ event }) => paymentResult(event).orderIds.length > 0,
    /** The payment left something outstanding (spec 2 §4 result "partial"). */
    paidInPart: ({ event }) => paymentResult(event).partial !== undefined,
    /**
     * A gift card's partial payment (spec 2 §4 result "partial", e.g. the deposit of a payment plan) that leaves
     * nothing of the amount to pay: no next gift card, no card; the checkout stays on the page.
     */
    giftCardPaidInPart: ({ context, event }) => {
      if (paymentResult(event).partial === undefined) return false;
      const after = { ...context, ...afterGiftCard(context, event) };
      return amountToPayCents(after.cart, after.instalmentCents, after.paidNowCents) <= 0;
    },
    isGift: ({ context }) => context.gift,
    identityFormShown: ({ context }) => context.identityFormShown,
    requiresAction: ({ context, event }) =>
      !context.actionConfirmed && paymentIntentFrom(errorOf(event)) !== null,
    cartBooked: ({ event }) => errorOf(event).code === ErrorCode.cart_booked,
    intentProcessing: ({ event }) => isIntentProcessing(errorOf(event)),
    paymentProviderError: ({ event }) => isPaymentProviderError(errorOf(event)),
    providerUnavailable: ({ event }) => isProviderUnavailable(errorOf(event)),
  },
});

export const checkoutMachine = checkoutSetup
  .extend({
    actions: {
      notifyZipCodeApplied: checkoutSetup.enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'zipCodeApplied', params: { cart: zipCart(event) } });
      }),
      notifySpent: checkoutSetup.enqueueActions(({ context, enqueue }) => {
        const card = context.giftCards[0];
        if (card) enqueue({ type: 'giftCardSpent', params: { cardNumber: card.cardNumber } });
      }),
      notifyPartPaid: checkoutSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'partPaid', params: { cart: context.cart } });
      }),
      notifyCompleted: checkoutSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'completed', params: { orderIds: context.orderIds } });
      }),
      notifyPending: checkoutSetup.enqueueActions(({ context, enqueue }) => {
        enqueue({
          type: 'pending',
          params: { cartId: context.cart.id, debit: isDebitMethod(context.methodType) },
        });
      }),
    },
  })
  .createMachine({
    id: 'checkout',
    description:
      'Checkout submit for a guest paying by card: validate, confirm the card (with the captcha for a guest when the seller has one), store the purchaser, pay.',
    context: initialCheckoutContext,
    initial: 'checkingZipCode',
    invoke: { src: 'followCart', id: 'followCart', input: followCartInput },
    on: {
      'field.change': { actions: 'changeField' },
      'captcha.expired': { actions: 'spendCaptchaToken' },
      'field.focus': { guard: 'checkoutNotBegun', actions: ['beginCheckout', 'markCheckoutBegun'] },
    },
    states: {
      checkingZipCode: {
        description:
          "Spec 2 §4: a member's zip code that matches the discount pattern is applied as a code first.",
        always: [{ guard: 'hasZipCode', target: 'applyingZipCode' }, { target: 'editing' }],
      },
      applyingZipCode: {
        description:
          'The zip code goes to the cart as a code, errors ignored (no discount, no message); submits wait.',
        tags: ['loading'],
        invoke: {
          src: 'applyZipCode',
          id: 'applyZipCode',
          input: applyZipCodeInput,
          onDone: { target: 'editing', actions: ['storeZipCart', 'notifyZipCodeApplied'] },
          onError: { target: 'editing' },
        },
        on: {
          'cart.updated': { actions: 'updateCart' },
        },
      },
      editing: {
        // A cart a blocking rule holds is not paid until a code clears it (spec 2 §8): the first submit branch.
        description: 'The visitor fills in the form; errors of the last submit are shown; values are kept.',
        on: {
          'terms.change': { actions: 'changeTerms' },
          'cart.updated': { actions: 'updateCart' },
          'giftCards.change': { actions: 'changeGiftCards' },
          'instalment.change': { actions: 'changeInstalment' },
          submit: [
            { guard: 'cartBlocked', actions: 'refuseBlocked' },
            { target: 'submitting', actions: 'startSubmit' },
          ],
          'wallet.approve': [
            { guard: 'cartBlocked', actions: 'refuseBlocked' },
            { target: 'submitting', actions: ['startSubmit', 'useWallet'] },
          ],
          'wallet.cancel': { actions: 'showWalletCancelled' },
        },
      },
      submitting: {
        description: 'Submitting: further submits are ignored.',
        tags: ['submitting'],
        initial: 'validating',
        states: {
          validating: {
            description: '(1) Identity form and terms validation.',
            always: [
              { guard: 'formIsValid', target: 'checkingGiftRecipient', actions: 'clearFieldErrors' },
              { target: '#checkout.editing', actions: 'showValidationErrors' },
            ],
          },
          checkingGiftRecipient: {
            description: '(2) Gift-recipient check: only a gift has a recipient to check.',
            always: [{ guard: 'isGift', target: 'applyingGift' }, { target: 'choosingPayment' }],
          },
          applyingGift: {
            description:
              '(2) The cart becomes a gift to its recipient (giftee, gift_checkout) before any card step; the recipient may not be the purchaser (giftee_is_purchaser).',
            invoke: {
              src: 'applyGift',
              id: 'applyGift',
              input: applyGiftInput,
              onDone: { target: 'choosingPayment' },
              onError: { target: '#checkout.editing', actions: 'showError' },
            },
          },
          choosingPayment: {
            description:
              'A wallet approved: no card step. Something left for the card: the card first (with the captcha in parallel when there is one); else the captcha, then the purchaser (form shown), then the payments.',
            always: [
              { guard: 'walletPaysWithCaptcha', target: 'solvingCaptcha' },
              { guard: 'walletPaysWithForm', target: 'storingPurchaser' },
              { guard: 'walletPays', target: 'payingGiftCards' },
              { guard: 'paymentDueWithCaptcha', target: 'confirmingCardAndCaptcha' },
              { guard: 'paymentDue', target: 'confirmingCard' },
              { guard: 'captchaRequired', target: 'solvingCaptcha' },
              { guard: 'identityFormShown', target: 'storingPurchaser' },
              { target: 'payingGiftCards' },
            ],
          },
          confirmingCardAndCaptcha: {
            description:
              '(3) The card confirmation in parallel with the captcha: both run; the first to answer waits for the other; either failing stops the submit.',
            invoke: [
              {
                src: 'confirmCard',
                id: 'confirmCard',
                input: confirmCardInput,
                onDone: [
                  { guard: 'captchaSolved', target: 'checkingCaptcha', actions: 'storeSource' },
                  { actions: 'storeSource' },
                ],
                onError: [
                  {
                    guard: 'providerUnavailable',
                    target: '#checkout.editing',
                    actions: 'showProviderUnavailable',
                  },
                  { target: '#checkout.editing', actions: ['refreshCart', 'showCardError'] },
                ],
              },
              {
                src: 'solveCaptcha',
                id: 'solveCaptcha',
                input: solveCaptchaInput,
                onDone: [
                  { guard: 'cardConfirmed', target: 'checkingCaptcha', actions: 'storeCaptchaToken' },
                  { actions: 'storeCaptchaToken' },
                ],
                onError: [
                  { guard: 'captchaDismissed', target: '#checkout.editing', actions: 'dropSubmit' },
                  { target: '#checkout.editing', actions: 'showError' },
                ],
              },
            ],
          },
          solvingCaptcha: {
            description:
              '(3) The captcha, with no card to confirm (a wallet approved, or nothing due by card).',
            invoke: {
              src: 'solveCaptcha',
              id: 'solveCaptcha',
              input: solveCaptchaInput,
              onDone: { target: 'checkingCaptcha', actions: 'storeCaptchaToken' },
              onError: [
                { guard: 'captchaDismissed', target: '#checkout.editing', actions: 'dropSubmit' },
                { target: '#checkout.editing', actions: 'showError' },
              ],
            },
          },
          checkingCaptcha: {
            description:
              '(4) The captcha again when its token expired while the card was confirmed; then the purchaser (form shown), then the payments.',
            always: [
              { guard: 'captchaMissing', target: 'solvingCaptchaAgain' },
              { guard: 'identityFormShown', target: 'storingPurchaser' },
              { target: 'payingGiftCards' },
            ],
          },
          solvingCaptchaAgain: {
            description: '(4) The captcha again: a fresh token for the last payment.',
            invoke: {
              src: 'solveCaptcha',
              id: 'solveCaptcha',
              input: solveCaptchaInput,
              onDone: [
                { guard: 'identityFormShown', target: 'storingPurchaser', actions: 'storeCaptchaToken' },
                { target: 'payingGiftCards', actions: 'storeCaptchaToken' },
              ],
              onError: [
                { guard: 'captchaDismissed', target: '#checkout.editing', actions: 'dropSubmit' },
                { target: '#checkout.editing', actions: 'showError' },
              ],
            },
          },
          confirmingCard: {
            description: '(3) The payment adapter confirms the card and returns a source.',
            invoke: {
              src: 'confirmCard',
              id: 'confirmCard',
              input: confirmCardInput,
              onDone: [
                { guard: 'identityFormShown', target: 'storingPurchaser', actions: 'storeSource' },
                { target: 'payingGiftCards', actions: 'storeSource' },
              ],
              onError: [
                {
                  guard: 'providerUnavailable',
                  target: '#checkout.editing',
                  actions: 'showProviderUnavailable',
                },
                { target: '#checkout.editing', actions: ['refreshCart', 'showCardError'] },
              ],
            },
          },
          storingPurchaser: {
            description: '(5) Store the purchaser (identity form shown).',
            invoke: {
              src: 'storePurchaser',
              id: 'storePurchaser',
              input: storePurchaserInput,
              onDone: { target: 'payingGiftCards' },
              onError: [
                { guard: 'cartBooked', target: '#checkout.completed', actions: 'storeBookedOrderId' },
                { target: '#checkout.editing', actions: 'showError' },
              ],
            },
          },
          payingGiftCards: {
            description:
              '(6) The pending gift card payments are posted first, one at a time; then the card pays the rest, or free checkout when nothing is left.',
            initial: 'next',
            states: {
              next: {
                description:
                  'The next gift card; none left: the card for what is due, or free checkout (a fresh captcha token first when it needs one).',
                always: [
                  { guard: 'hasGiftCards', target: 'posting' },
                  { guard: 'captchaMissing', target: 'renewingCaptcha' },
                  { guard: 'paymentDue', target: '#checkout.submitting.paying' },
                  { target: '#checkout.submitting.checkingOutFree' },
                ],
              },
              renewingCaptcha: {
                description:
                  'The last payment needs a token and the one of this submit is gone (a gift card took it, or it expired): the captcha again, one token per payment.',
                invoke: {
                  src: 'solveCaptcha',
                  id: 'solveCaptcha',
                  input: solveCaptchaInput,
                  onDone: { target: 'next', actions: 'storeCaptchaToken' },
                  onError: [
                    { guard: 'captchaDismissed', target: '#checkout.editing', actions: 'dropSubmit' },
                    { target: '#checkout.editing', actions: 'showError' },
                  ],
                },
              },
              posting: {
                description:
                  'POST pay with gateway ledger (the last payment carries the captcha token); a partial payment goes on to what is left of the amount to pay, or, when nothing of it is left, back to the form with the success message; a refusal stops the submit with its message (no card payment).',
                exit: 'spendGiftCardToken',
                invoke: {
                  src: 'payGiftCard',
                  id: 'payGiftCard',
                  input: payGiftCardInput,
                  onDone: [
                    {
                      guard: 'giftCardPaidInPart',
                      target: '#checkout.editing',
                      actions: ['notifySpent', 'giftCardPaid', 'takePartialPayment', 'notifyPartPaid'],
                    },
                    { guard: 'paidInPart', target: 'next', actions: ['notifySpent', 'giftCardPaid'] },
                    { guard: 'orderBooked', target: '#checkout.completed', actions: 'storeOrderIds' },
                    { target: 'next', actions: ['notifySpent', 'giftCardPaid'] },
                  ],
                  onError: [
                    { guard: 'cartBooked', target: '#checkout.completed', actions: 'storeBookedOrderId' },
                    { target: '#checkout.editing', actions: ['refreshCart', 'showGiftCardError'] },
                  ],
                },
              },
            },
          },
          paying: {
            description:
              '(6) Pay the amount due with the card source (or the confirmed payment-intent id); a payment that leaves something outstanding is partial: back to the form with the success message.',
            exit: 'spendCaptchaToken',
            invoke: {
              src: 'pay',
              id: 'pay',
              input: payInput,
              onDone: [
                {
                  guard: 'paidInPart',
                  target: '#checkout.editing',
                  actions: ['takePartialPayment', 'notifyPartPaid'],
                },
                { target: '#checkout.completed', actions: 'storeOrderIds' },
              ],
              onError: [
                { guard: 'requiresAction', target: 'confirmingAction', actions: 'storePaymentIntent' },
                { guard: 'cartBooked', target: '#checkout.completed', actions: 'storeBookedOrderId' },
                { guard: 'intentProcessing', target: '#checkout.pending' },
                {
                  guard: 'paymentProviderError',
                  target: '#checkout.editing',
                  actions: ['refreshCart', 'showCardError'],
                },
                { target: '#checkout.editing', actions: 'showError' },
              ],
            },
          },
          confirmingAction: {
            description:
              'HTTP 402 intent_requires_action: customer confirmation, then pay again with the intent id.',
            entry: { type: 'setStatus', params: { status: 'confirming' } },
            invoke: {
              src: 'confirmAction',
              id: 'confirmAction',
              input: confirmActionInput,
              onDone: {
                target: 'paying',
                actions: ['useIntentAsSource', { type: 'setStatus', params: { status: 'processing' } }],
              },
              onError: { target: '#checkout.editing', actions: ['refreshCart', 'showCardError'] },
            },
          },
          checkingOutFree: {
            description: '(6) Nothing due: free checkout (gateway free), with the captcha token.',
            exit: 'spendCaptchaToken',
            invoke: {
              src: 'freeCheckout',
              id: 'freeCheckout',
              input: freeCheckoutInput,
              onDone: { target: '#checkout.completed', actions: 'storeOrderIds' },
              onError: [
                { guard: 'cartBooked', target: '#checkout.completed', actions: 'storeBookedOrderId' },
                { target: '#checkout.editing', actions: 'showError' },
              ],
            },
          },
        },
      },
      completed: {
        description: 'Paid: the route goes to /checkout/complete?orderIds=… and clears the cart.',
        type: 'final',
        entry: [{ type: 'setStatus', params: { status: 'completed' } }, 'notifyCompleted'],
      },
      pending: {
        description:
          'The payment is processing (intent_processing): the route goes to /checkout/pending/{cartId}.',
        type: 'final',
        entry: [{ type: 'setStatus', params: { status: 'pending' } }, 'notifyPending'],
      },
    },
  });

export type CheckoutMachine = typeof checkoutMachine;
