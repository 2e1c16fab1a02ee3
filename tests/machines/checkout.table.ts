/**
 * The checkout machine's independent transition table (issue 29; checkout.table.test.ts holds the machine to
 * it): the checkout machine held to an independent transition table (issue 29), written from spec 2 §4 "Checkout
 * submit" (the steps in order: validation, gift-recipient check, card confirmation, purchaser, payments: gift
 * cards first, then the card for what they leave or free checkout; 402 intent_requires_action confirmed by the
 * customer then paid again with the intent id; completed, pending), §2 (blocked cart), §8 (the messages), not
 * read from the machine. Every stable state × every world below × every event sample: the states the machine
 * passes through, its whole context after, and its calls (the injected actions with their params, the actors it
 * invokes with their input, in order) must be the table's. The guard conditions are the spec's, over the
 * context: each world separates them (a stale gift card applied on a larger total, a wallet approved earlier,
 * a confirmed intent, a bank debit).
 */
import type { CartModel, GiftCardPayment } from '../../api/models';
import { checkoutOutcome } from '../../domain/error-messages/checkout';
import type {
  CheckoutContext,
  CheckoutEvent,
  CoreIdentityField,
  IdentityValues,
} from '../../machines/checkout/types';
import type { Message } from '../../machines/shared/messages';
import { blockedCart, makeCart } from '../../stories/fixtures/checkout';
import type { Call, EventSample, Table, World } from './transition-table';

type C = CheckoutContext;
type ActorId =
  | 'applyZipCode'
  | 'applyGift'
  | 'confirmCard'
  | 'storePurchaser'
  | 'payGiftCard'
  | 'pay'
  | 'confirmAction'
  | 'freeCheckout'
  | 'solveCaptcha';
type ActorEvent =
  | { type: `xstate.done.actor.${ActorId}`; output: unknown }
  | { type: `xstate.error.actor.${ActorId}`; error: unknown };
type E = CheckoutEvent | ActorEvent;

export const msg = (key: string, params?: Record<string, string | number>): Message =>
  (params ? { key, params } : { key }) as Message;

// ---- the spec's conditions, over the context ---------------------------------------------------------------

/** Spec 2 §8: a blocking rule holds the cart until a code clears it. */
const blocked = (c: C) => (c.cart.cartMods ?? []).some((m) => m.blocking);

/** Spec 2 §5, for the worlds' values (names and email required, a plausible email, the confirmation equal). */
function fieldErrors(c: C): C['fieldErrors'] {
  const errors: C['fieldErrors'] = {};
  if (c.identityFormShown) {
    const v = c.values;
    if (v.firstName.trim() === '') errors.firstName = msg('firstNameRequired');
    if (v.lastName.trim() === '') errors.lastName = msg('lastNameRequired');
    if (v.email.trim() === '') errors.email = msg('emailRequired');
    else if (!/^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(v.email.trim())) errors.email = msg('emailInvalid');
    if (v.email.trim().toLowerCase() !== v.emailConfirm.trim().toLowerCase())
      errors.emailConfirm = msg('emailsMustMatch');
  }
  if (c.termsShown && !c.termsAccepted) errors.terms = msg('termsRequired');
  return errors;
}
const valid = (c: C) => Object.keys(fieldErrors(c)).length === 0;

/**
 * Spec 2 §4 scheduled payments: the amount to pay is the panel's choice less what this payment's gift cards
 * already paid of it (never above the outstanding balance, never below 0), else the outstanding balance.
 */
const toPay = (c: C) => {
  const outstanding = Math.max(0, c.cart.totals.outstandingCents);
  if (c.instalmentCents === null) return outstanding;
  return Math.max(0, Math.min(outstanding, Math.max(0, c.instalmentCents) - c.paidNowCents));
};
/**
 * Spec 2 §4 gift cards: each pending card pays from its whole balance (what it pays plus what stays on it) as
 * much as is still left of the amount to pay (a gift card pays at most what was chosen), in order, over the cart
 * as it is now.
 */
function shares(c: C): { cardNumber: string; cents: number }[] {
  let left = toPay(c);
  return c.giftCards.map((card) => {
    const cents = Math.min(card.paymentCents + card.remainingBalanceCents, left);
    left -= cents;
    return { cardNumber: card.cardNumber, cents };
  });
}
/** What the card pays: what the gift cards leave of the amount to pay. */
function due(c: C): number {
  let left = toPay(c);
  for (const card of c.giftCards) left -= Math.min(card.paymentCents + card.remainingBalanceCents, left);
  return Math.max(0, left);
}
/** Spec 2 §4 "Your next payment of {amount} is due on {date}": the earliest scheduled payment still owing. */
function nextPayment(cart: CartModel): { amountCents: number; dueDate: string } | null {
  const owing = (cart.scheduledPayments ?? []).filter((p) => p.amountCents > 0);
  const first = owing.reduce<(typeof owing)[number] | null>(
    (a, p) => (a === null || Date.parse(p.dueDate) < Date.parse(a.dueDate) ? p : a),
    null,
  );
  return first ? { amountCents: first.amountCents, dueDate: first.dueDate } : null;
}
const firstCardPays = (c: C) => (shares(c)[0]?.cents ?? 0) > 0;
/**
 * Spec 2 §4 "The last payment carries an invisible captcha token": the gift card posted next is the last payment
 * when it is the only one that pays something and leaves nothing for the card.
 */
const lastGiftCard = (c: C) => due(c) === 0 && shares(c).filter((p) => p.cents > 0).length === 1;
const walletPays = (c: C) => c.wallet && c.source !== null && due(c) > 0;

// ---- the errors as the machine keeps them, and their messages (spec 2 §8) ----------------------------------

interface ErrorLike {
  code: string;
  description?: string | null;
  extra?: unknown;
  status?: number;
}
const errorOf = (e: unknown): ErrorLike => {
  const { code, description, extra, status } = e as ErrorLike;
  return { code, description: description ?? null, extra, ...(status === undefined ? {} : { status }) };
};
const errorIn = (event: E) => errorOf((event as { error: unknown }).error);
const extra = (event: E) => (errorIn(event).extra ?? {}) as Record<string, string>;
const code = (event: E) => errorIn(event).code;

const CARD_KEYS = ['cardError', 'cardErrorGeneric'];
/** The outcome of the one error mapping (domain/error-messages), the spec's §8 table. */
const outcome = (event: E) => checkoutOutcome(errorIn(event));
function submitMessage(event: E): Message | null {
  const o = outcome(event);
  return o.kind === 'ignore' ? null : (o.message as Message);
}
function cardMessage(event: E): Message {
  const o = outcome(event);
  if (o.kind === 'message' && CARD_KEYS.includes(o.message.key)) return o.message as Message;
  const description = errorIn(event).description;
  return description ? msg('cardError', { message: description }) : msg('cardErrorGeneric');
}
const isCardError = (event: E) => {
  const o = outcome(event);
  return o.kind === 'message' && CARD_KEYS.includes(o.message.key);
};
function giftCardMessage(event: E): Message {
  if (['ledger_balance_insufficient', 'ledger_inactive'].includes(code(event))) return msg('giftCardEmpty');
  return msg(code(event) === 'not_found' ? 'giftCardNotFound' : 'giftCardTrouble');
}
/** A 402 intent_requires_action with its intent: the customer confirms it (once per submit). */
const intentOf = (event: E) => {
  const x = extra(event);
  const e = errorIn(event);
  const clientSecret = x.client_secret ?? x.clientSecret;
  const paymentIntentId = x.payment_intent_id ?? x.paymentIntentId ?? x.id;
  return e.code === 'intent_requires_action' &&
    (e.status === undefined || e.status === 402) &&
    clientSecret &&
    paymentIntentId
    ? { clientSecret, paymentIntentId }
    : null;
};
const outputOf = <T>(event: E) => (event as { output: T }).output;
/** The fresh cart of a partial payment's answer (spec 2 §4 result "partial"), or undefined. */
const partialOf = (event: E) => outputOf<{ partial?: CartModel }>(event).partial;

// ---- effects ---------------------------------------------------------------------------------------------

const refused = (c: C, formError: Message | null, error?: ErrorLike): Partial<C> => ({
  formError,
  status: null,
  refusals: c.refusals + 1,
  ...(error ? { error: error as C['error'] } : {}),
});
const showError = (c: C, event: E) => refused(c, submitMessage(event), errorIn(event));
const showCardError = (c: C, event: E) => refused(c, cardMessage(event), errorIn(event));
const bookedOrder = (c: C, event: E): Partial<C> => {
  const x = extra(event);
  const id = x.ticket_order_id ?? x.ticketOrderId;
  return { orderIds: id ? [id] : c.cart.orderIds };
};
const startSubmit: Partial<C> = {
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
  status: msg('statusProcessing'),
};
/**
 * A gift card's payment posted: the card is spent (it leaves the pending payments), what it paid counts towards
 * the amount to pay, and the cart is the answer's fresh one (a partial payment), else the same cart with what the
 * card paid gone from what is outstanding.
 */
function spent(c: C, e: E): Pick<C, 'cart' | 'giftCards' | 'paidNowCents'> {
  const paid = shares(c)[0]?.cents ?? 0;
  return {
    giftCards: c.giftCards.slice(1),
    paidNowCents: c.paidNowCents + paid,
    cart: partialOf(e) ?? {
      ...c.cart,
      totals: { ...c.cart.totals, outstandingCents: c.cart.totals.outstandingCents - paid },
    },
  };
}
const spentCalls = (c: C): Call[] =>
  c.giftCards[0] ? [{ action: 'giftCardSpent', params: { cardNumber: c.giftCards[0].cardNumber } }] : [];
const omit = <T extends object>(o: T, key: string): T =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key)) as T;

/**
 * Leaving a payment (whatever its answer): the captcha token it carried is spent, one token per payment (spec 2
 * §4; `carried` says whether this payment carried it).
 */
function spending<R extends { effect?: (c: C, e: never) => Partial<C> }>(
  rows: R[],
  carried: (c: C) => boolean = () => true,
): R[] {
  return rows.map((row) => ({
    ...row,
    effect: (c: C, e: never) => ({ ...row.effect?.(c, e), ...(carried(c) ? { captchaToken: null } : {}) }),
  }));
}
/** Spec 2 §8: a dismissed challenge is ignored (back to the form, nothing shown); any other a captcha error. */
const captchaRefused = [
  {
    when: (_: C, e: E) => code(e) === 'captcha_dismissed',
    target: 'editing',
    effect: () => ({ status: null }),
  },
  { target: 'editing', effect: (c: C, e: E) => refused(c, msg('captchaError'), errorIn(e)) },
];
const tokenOf = (e: E) => outputOf<{ token: string }>(e).token;
const solved = (e: E): Partial<C> => ({ captchaToken: tokenOf(e), captchaAnswered: true });
const NEXT = 'submitting.payingGiftCards.next';
const booked = 'cart_booked';
const refresh: Call[] = [{ action: 'refreshCart' }];

export const table: Table<C, E, S> = {
  initial: 'checkingZipCode',
  states: {
    checkingZipCode: {
      always: [{ when: (c) => c.zipCode !== null, target: 'applyingZipCode' }, { target: 'editing' }],
    },
    applyingZipCode: {
      entry: { calls: (c) => [{ invoke: 'applyZipCode', input: { cartId: c.cart.id, code: c.zipCode } }] },
    },
    editing: {},
    'submitting.validating': {
      always: [
        { when: valid, target: 'submitting.checkingGiftRecipient', effect: () => ({ fieldErrors: {} }) },
        {
          target: 'editing',
          effect: (c) => ({ ...refused(c, msg('checkoutValidation')), fieldErrors: fieldErrors(c) }),
        },
      ],
    },
    'submitting.checkingGiftRecipient': {
      always: [
        { when: (c) => c.gift, target: 'submitting.applyingGift' },
        { target: 'submitting.choosingPayment' },
      ],
    },
    'submitting.applyingGift': {
      entry: { calls: (c) => [{ invoke: 'applyGift', input: { cartId: c.cart.id } }] },
    },
    'submitting.choosingPayment': {
      always: [
        // Spec 2 §4 step (3): a wallet's payment needs no card step, the captcha still runs (a guest, a key).
        { when: (c) => walletPays(c) && c.captchaRequired, target: 'submitting.solvingCaptcha' },
        { when: (c) => walletPays(c) && c.identityFormShown, target: 'submitting.storingPurchaser' },
        { when: walletPays, target: NEXT },
        // Step (3): the card confirmation in parallel with the captcha.
        { when: (c) => due(c) > 0 && c.captchaRequired, target: 'submitting.confirmingCardAndCaptcha' },
        { when: (c) => due(c) > 0, target: 'submitting.confirmingCard' },
        { when: (c) => c.captchaRequired, target: 'submitting.solvingCaptcha' },
        { when: (c) => c.identityFormShown, target: 'submitting.storingPurchaser' },
        { target: NEXT },
      ],
    },
    'submitting.confirmingCard': {
      entry: { calls: (c) => [{ invoke: 'confirmCard', input: { amountCents: due(c) } }] },
    },
    'submitting.confirmingCardAndCaptcha': {
      entry: {
        calls: (c) => [
          { invoke: 'confirmCard', input: { amountCents: due(c) } },
          { invoke: 'solveCaptcha', input: { cartId: c.cart.id } },
        ],
      },
    },
    'submitting.solvingCaptcha': {
      entry: { calls: (c) => [{ invoke: 'solveCaptcha', input: { cartId: c.cart.id } }] },
    },
    // Step (4): the captcha again when the token expired meanwhile; then (5) the purchaser, (6) the payments.
    'submitting.checkingCaptcha': {
      always: [
        {
          when: (c) => c.captchaRequired && c.captchaToken === null,
          target: 'submitting.solvingCaptchaAgain',
        },
        { when: (c) => c.identityFormShown, target: 'submitting.storingPurchaser' },
        { target: NEXT },
      ],
    },
    'submitting.solvingCaptchaAgain': {
      entry: { calls: (c) => [{ invoke: 'solveCaptcha', input: { cartId: c.cart.id } }] },
    },
    'submitting.storingPurchaser': {
      entry: {
        calls: (c) => [
          {
            invoke: 'storePurchaser',
            input: {
              cartId: c.cart.id,
              purchaser: {
                firstName: c.values.firstName.trim(),
                lastName: c.values.lastName.trim(),
                email: c.values.email.trim(),
              },
            },
          },
        ],
      },
    },
    [NEXT]: {
      always: [
        { when: firstCardPays, target: 'submitting.payingGiftCards.posting' },
        // One token per payment: the last payment's token is gone (a gift card took it, or it expired).
        {
          when: (c) => c.captchaRequired && c.captchaToken === null,
          target: 'submitting.payingGiftCards.renewingCaptcha',
        },
        { when: (c) => due(c) > 0, target: 'submitting.paying' },
        { target: 'submitting.checkingOutFree' },
      ],
    },
    'submitting.payingGiftCards.renewingCaptcha': {
      entry: { calls: (c) => [{ invoke: 'solveCaptcha', input: { cartId: c.cart.id } }] },
    },
    'submitting.payingGiftCards.posting': {
      entry: {
        calls: (c) => [
          {
            invoke: 'payGiftCard',
            input: {
              cartId: c.cart.id,
              cardNumber: shares(c)[0]?.cardNumber,
              amountCents: shares(c)[0]?.cents,
              captchaToken: lastGiftCard(c) ? c.captchaToken : null,
            },
          },
        ],
      },
    },
    'submitting.paying': {
      entry: {
        calls: (c) => [
          {
            invoke: 'pay',
            input: {
              cartId: c.cart.id,
              amountCents: due(c),
              source: c.source ?? '',
              captchaToken: c.captchaToken,
            },
          },
        ],
      },
    },
    'submitting.confirmingAction': {
      entry: {
        effect: () => ({ status: msg('statusConfirming') }),
        calls: (c) => [{ invoke: 'confirmAction', input: c.paymentIntent }],
      },
    },
    'submitting.checkingOutFree': {
      entry: {
        calls: (c) => [
          { invoke: 'freeCheckout', input: { cartId: c.cart.id, captchaToken: c.captchaToken } },
        ],
      },
    },
    completed: {
      final: true,
      entry: {
        effect: () => ({ status: msg('statusCompleted') }),
        calls: (c) => [{ action: 'completed', params: { orderIds: c.orderIds } }],
      },
    },
    pending: {
      final: true,
      entry: {
        effect: () => ({ status: msg('statusPending') }),
        calls: (c) => [
          {
            action: 'pending',
            params: {
              cartId: c.cart.id,
              debit: ['us_bank_account', 'sepa_debit', 'bacs_debit', 'acss_debit', 'au_becs_debit'].includes(
                c.methodType ?? '',
              ),
            },
          },
        ],
      },
    },
  },
  on: {
    'field.change': {
      '*': [
        {
          target: null,
          effect: (c, e) => ({
            values: { ...c.values, [e.name]: e.value },
            fieldErrors: omit(c.fieldErrors, e.name),
          }),
        },
      ],
    },
    // hCaptcha's onExpire: the token not yet sent is gone; step (4) asks for another.
    'captcha.expired': { '*': [{ target: null, effect: () => ({ captchaToken: null }) }] },
    'field.focus': {
      '*': [
        {
          when: (c) => !c.checkoutBegun,
          target: null,
          effect: () => ({ checkoutBegun: true }),
          calls: () => [{ action: 'beginCheckout' }],
        },
      ],
    },
    'terms.change': {
      editing: [
        {
          target: null,
          effect: (c, e) => ({ termsAccepted: e.accepted, fieldErrors: omit(c.fieldErrors, 'terms') }),
        },
      ],
    },
    'cart.updated': {
      applyingZipCode: [{ target: null, effect: (_, e) => ({ cart: e.cart }) }],
      editing: [{ target: null, effect: (_, e) => ({ cart: e.cart }) }],
    },
    'giftCards.change': { editing: [{ target: null, effect: (_, e) => ({ giftCards: e.cards }) }] },
    'instalment.change': {
      editing: [
        {
          target: null,
          // A new choice: what gift cards paid of the earlier one no longer counts against it.
          effect: (_, e) => ({ instalmentCents: Math.max(0, Math.round(e.amountCents)), paidNowCents: 0 }),
        },
      ],
    },
    submit: {
      editing: [
        { when: blocked, target: null, effect: (c) => refused(c, msg('codeRequired')) },
        { target: 'submitting.validating', effect: () => startSubmit },
      ],
    },
    'wallet.approve': {
      editing: [
        { when: blocked, target: null, effect: (c) => refused(c, msg('codeRequired')) },
        {
          target: 'submitting.validating',
          effect: (c, e) => {
            // Spec 2 §3 "Wallet-derived identity": the wallet fills the empty fields; the email confirms itself.
            const fill = (f: CoreIdentityField) =>
              c.values[f].trim() === '' ? (e.identity[f] ?? '').trim() : c.values[f];
            const email = fill('email');
            return {
              ...startSubmit,
              source: e.source,
              methodType: 'card',
              wallet: true,
              values: {
                firstName: fill('firstName'),
                lastName: fill('lastName'),
                email,
                emailConfirm: c.values.emailConfirm.trim() === '' ? email : c.values.emailConfirm,
              },
            };
          },
        },
      ],
    },
    'wallet.cancel': { editing: [{ target: null, effect: (c) => refused(c, msg('walletCancelled')) }] },
    'xstate.done.actor.applyZipCode': {
      applyingZipCode: [
        {
          target: 'editing',
          effect: (_, e) => ({ cart: outputOf<CartModel>(e) }),
          calls: (_, e) => [{ action: 'zipCodeApplied', params: { cart: outputOf<CartModel>(e) } }],
        },
      ],
    },
    'xstate.error.actor.applyZipCode': { applyingZipCode: [{ target: 'editing' }] },
    'xstate.done.actor.applyGift': { 'submitting.applyingGift': [{ target: 'submitting.choosingPayment' }] },
    'xstate.error.actor.applyGift': { 'submitting.applyingGift': [{ target: 'editing', effect: showError }] },
    'xstate.done.actor.confirmCard': {
      'submitting.confirmingCardAndCaptcha': [
        {
          // The captcha answered first (its token may have expired since: step 4 asks again).
          when: (c) => c.captchaAnswered,
          target: 'submitting.checkingCaptcha',
          effect: (_, e) => sourceOf(e),
        },
        { target: null, effect: (_, e) => sourceOf(e) },
      ],
      'submitting.confirmingCard': [
        {
          when: (c) => c.identityFormShown,
          target: 'submitting.storingPurchaser',
          effect: (_, e) => sourceOf(e),
        },
        { target: NEXT, effect: (_, e) => sourceOf(e) },
      ],
    },
    'xstate.done.actor.solveCaptcha': {
      // Step (3) in parallel: the token waits for the card, or the card was there first.
      'submitting.confirmingCardAndCaptcha': [
        {
          when: (c) => c.source !== null,
          target: 'submitting.checkingCaptcha',
          effect: (_, e) => solved(e),
        },
        { target: null, effect: (_, e) => solved(e) },
      ],
      'submitting.solvingCaptcha': [{ target: 'submitting.checkingCaptcha', effect: (_, e) => solved(e) }],
      'submitting.payingGiftCards.renewingCaptcha': [{ target: NEXT, effect: (_, e) => solved(e) }],
      'submitting.solvingCaptchaAgain': [
        {
          when: (c) => c.identityFormShown,
          target: 'submitting.storingPurchaser',
          effect: (_, e) => solved(e),
        },
        { target: NEXT, effect: (_, e) => solved(e) },
      ],
    },
    'xstate.error.actor.solveCaptcha': {
      'submitting.confirmingCardAndCaptcha': captchaRefused,
      'submitting.solvingCaptcha': captchaRefused,
      'submitting.solvingCaptchaAgain': captchaRefused,
      'submitting.payingGiftCards.renewingCaptcha': captchaRefused,
    },
    'xstate.error.actor.confirmCard': {
      'submitting.confirmingCardAndCaptcha': [
        {
          when: (_, e) => code(e) === 'payment_provider_unavailable',
          target: 'editing',
          effect: (c, e) => refused(c, msg('providerUnavailable'), errorIn(e)),
        },
        { target: 'editing', effect: showCardError, calls: () => refresh },
      ],
      'submitting.confirmingCard': [
        {
          when: (_, e) => code(e) === 'payment_provider_unavailable',
          target: 'editing',
          effect: (c, e) => refused(c, msg('providerUnavailable'), errorIn(e)),
        },
        { target: 'editing', effect: showCardError, calls: () => refresh },
      ],
    },
    'xstate.done.actor.storePurchaser': { 'submitting.storingPurchaser': [{ target: NEXT }] },
    'xstate.error.actor.storePurchaser': {
      'submitting.storingPurchaser': [
        { when: (_, e) => code(e) === booked, target: 'completed', effect: bookedOrder },
        { target: 'editing', effect: showError },
      ],
    },
    'xstate.done.actor.payGiftCard': {
      'submitting.payingGiftCards.posting': spending(
        [
          {
            // Spec 2 §4 result "partial": the gift card paid all that was left of the amount to pay (a payment
            // plan's deposit) while a balance stays outstanding: back on the page with the success message (what was
            // paid now, gift cards included), the answer's cart, the terms unticked; the outside is told the card
            // is spent, then the partial payment.
            when: (c, e) => {
              const fresh = partialOf(e);
              return fresh !== undefined && toPay({ ...c, ...spent(c, e) }) === 0;
            },
            target: 'editing',
            effect: (c, e) => {
              const fresh = partialOf(e) as CartModel;
              return {
                ...spent(c, e),
                cart: fresh,
                partialPayment: {
                  amountCents: c.paidNowCents + (shares(c)[0]?.cents ?? 0),
                  next: nextPayment(fresh),
                },
                partialPayments: c.partialPayments + 1,
                paidNowCents: 0,
                termsAccepted: false,
                source: null,
                methodType: null,
                wallet: false,
                paymentIntent: null,
                actionConfirmed: false,
                status: null,
              };
            },
            calls: (c, e) => [...spentCalls(c), { action: 'partPaid', params: { cart: partialOf(e) } }],
          },
          {
            // A partial payment with something of the amount to pay still due: the next gift card, or the card.
            when: (_, e) => partialOf(e) !== undefined,
            target: NEXT,
            calls: spentCalls,
            effect: spent,
          },
          {
            when: (_, e) => outputOf<{ orderIds: string[] }>(e).orderIds.length > 0,
            target: 'completed',
            effect: (_, e) => ({ orderIds: outputOf<{ orderIds: string[] }>(e).orderIds }),
          },
          { target: NEXT, calls: spentCalls, effect: spent },
        ],
        lastGiftCard,
      ),
    },
    'xstate.error.actor.payGiftCard': {
      'submitting.payingGiftCards.posting': spending(
        [
          { when: (_, e) => code(e) === booked, target: 'completed', effect: bookedOrder },
          {
            target: 'editing',
            effect: (c, e) => refused(c, giftCardMessage(e), errorIn(e)),
            calls: () => refresh,
          },
        ],
        lastGiftCard,
      ),
    },
    'xstate.done.actor.pay': {
      'submitting.paying': spending([
        {
          // Spec 2 §4 result "partial": back on the page with the success message, the cart the answer's, the
          // terms unticked and the card forgotten; the outside is told (scroll up, clear the card element).
          when: (_, e) => outputOf<{ partial?: CartModel }>(e).partial !== undefined,
          target: 'editing',
          effect: (c, e) => {
            const fresh = outputOf<{ partial: CartModel }>(e).partial;
            return {
              cart: fresh,
              // What was paid now: the gift cards posted before the card, and the card.
              partialPayment: { amountCents: c.paidNowCents + due(c), next: nextPayment(fresh) },
              partialPayments: c.partialPayments + 1,
              paidNowCents: 0,
              termsAccepted: false,
              source: null,
              methodType: null,
              wallet: false,
              paymentIntent: null,
              actionConfirmed: false,
              status: null,
            };
          },
          calls: (_, e) => [
            { action: 'partPaid', params: { cart: outputOf<{ partial: CartModel }>(e).partial } },
          ],
        },
        {
          target: 'completed',
          effect: (_, e) => ({ orderIds: outputOf<{ orderIds: string[] }>(e).orderIds }),
        },
      ]),
    },
    'xstate.error.actor.pay': {
      'submitting.paying': spending([
        {
          when: (c, e) => !c.actionConfirmed && intentOf(e) !== null,
          target: 'submitting.confirmingAction',
          effect: (_, e) => ({ paymentIntent: intentOf(e) }),
        },
        { when: (_, e) => code(e) === booked, target: 'completed', effect: bookedOrder },
        { when: (_, e) => code(e) === 'intent_processing', target: 'pending' },
        { when: (_, e) => isCardError(e), target: 'editing', effect: showCardError, calls: () => refresh },
        { target: 'editing', effect: showError },
      ]),
    },
    'xstate.done.actor.confirmAction': {
      'submitting.confirmingAction': [
        {
          target: 'submitting.paying',
          effect: (c) => ({
            source: c.paymentIntent?.paymentIntentId ?? null,
            actionConfirmed: true,
            status: msg('statusProcessing'),
          }),
        },
      ],
    },
    'xstate.error.actor.confirmAction': {
      'submitting.confirmingAction': [{ target: 'editing', effect: showCardError, calls: () => refresh }],
    },
    'xstate.done.actor.freeCheckout': {
      'submitting.checkingOutFree': spending([
        {
          target: 'completed',
          effect: (_, e) => ({ orderIds: outputOf<{ orderIds: string[] }>(e).orderIds }),
        },
      ]),
    },
    'xstate.error.actor.freeCheckout': {
      'submitting.checkingOutFree': spending([
        { when: (_, e) => code(e) === booked, target: 'completed', effect: bookedOrder },
        { target: 'editing', effect: showError },
      ]),
    },
  },
};
function sourceOf(event: E): Partial<C> {
  const o = outputOf<{ source: string; methodType?: string }>(event);
  return { source: o.source, methodType: o.methodType ?? null };
}
type S =
  | 'checkingZipCode'
  | 'applyingZipCode'
  | 'editing'
  | 'submitting.validating'
  | 'submitting.checkingGiftRecipient'
  | 'submitting.applyingGift'
  | 'submitting.choosingPayment'
  | 'submitting.confirmingCard'
  | 'submitting.confirmingCardAndCaptcha'
  | 'submitting.solvingCaptcha'
  | 'submitting.checkingCaptcha'
  | 'submitting.solvingCaptchaAgain'
  | 'submitting.storingPurchaser'
  | 'submitting.payingGiftCards.next'
  | 'submitting.payingGiftCards.renewingCaptcha'
  | 'submitting.payingGiftCards.posting'
  | 'submitting.paying'
  | 'submitting.confirmingAction'
  | 'submitting.checkingOutFree'
  | 'completed'
  | 'pending';

// ---- the worlds: contexts that tell the conditions apart ----------------------------------------------------

export const FILLED: IdentityValues = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com ',
  emailConfirm: 'ADA@Example.com',
};
export const EMPTY: IdentityValues = { firstName: '', lastName: '', email: '', emailConfirm: '' };
export const card = (
  cardNumber: string,
  paymentCents: number,
  remainingBalanceCents: number,
): GiftCardPayment => ({
  cardNumber,
  paymentCents,
  remainingBalanceCents,
});
export const cart = (outstandingCents: number, orderIds: string[] = []): CartModel => ({
  ...makeCart(outstandingCents),
  id: `cart-${outstandingCents}`,
  orderIds,
});
/** A cart on a payment plan: two instalments still scheduled, the later one listed first. */
export const planCart = (outstandingCents: number): CartModel => ({
  ...cart(outstandingCents),
  scheduledPayments: [
    { id: 'sp-3', dueDate: '2026-12-10T00:00:00.000Z', amountCents: 7500, status: 'upcoming' },
    { id: 'sp-2', dueDate: '2026-12-03T00:00:00.000Z', amountCents: 7500, status: 'upcoming' },
    { id: 'sp-0', dueDate: '2026-11-20T00:00:00.000Z', amountCents: 0, status: 'paid' },
  ],
});
export const context = (over: Partial<C>): C => ({
  cart: cart(4999),
  identityFormShown: true,
  gift: false,
  cartActor: null,
  termsShown: true,
  zipCode: null,
  values: FILLED,
  termsAccepted: true,
  fieldErrors: {},
  formError: null,
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
  giftCards: [],
  instalmentCents: null,
  paidNowCents: 0,
  partialPayment: null,
  partialPayments: 0,
  captchaRequired: false,
  captchaToken: null,
  captchaAnswered: false,
  ...over,
});

export const worlds: World<C>[] = [
  { name: 'a card for 49.99, form and terms', context: context({}) },
  {
    name: 'a guest with a captcha: a card for 49.99, form and terms',
    context: context({ captchaRequired: true }),
  },
  {
    name: 'a captcha solved (t-1) while the card still confirms, no form',
    context: context({
      captchaRequired: true,
      captchaToken: 't-1',
      captchaAnswered: true,
      identityFormShown: false,
      termsShown: false,
    }),
  },
  {
    name: 'the captcha answered, its token expired while the card confirms, the form',
    context: context({ captchaRequired: true, captchaAnswered: true, termsShown: false }),
  },
  {
    name: 'a card confirmed (pm_1) while the captcha still runs, the form',
    context: context({ captchaRequired: true, source: 'pm_1', methodType: 'card', termsShown: false }),
  },
  {
    name: 'a captcha, free, no form',
    context: context({
      captchaRequired: true,
      cart: cart(0),
      identityFormShown: false,
      termsShown: false,
      values: EMPTY,
    }),
  },
  {
    name: 'a captcha, 25.01 due, a wallet approved before, no form',
    context: context({
      captchaRequired: true,
      cart: cart(2501),
      identityFormShown: false,
      wallet: true,
      source: 'pm_w',
      methodType: 'card',
    }),
  },
  {
    name: 'a captcha solved (t-3), a 10.00 gift card pays all of 10.00: it is the last payment',
    context: context({
      captchaRequired: true,
      captchaToken: 't-3',
      captchaAnswered: true,
      cart: cart(1000),
      identityFormShown: false,
      termsShown: false,
      giftCards: [card('7000000000000010', 1000, 0)],
    }),
  },
  {
    name: 'a captcha solved (t-4), two gift cards cover 25.01: the first is not the last payment',
    context: context({
      captchaRequired: true,
      captchaToken: 't-4',
      captchaAnswered: true,
      cart: cart(2501),
      identityFormShown: false,
      giftCards: [card('7000000000000010', 1000, 0), card('7000000000000200', 1500, 18500)],
    }),
  },
  {
    name: 'a captcha solved (t-5), a confirmed intent pi_5: the payment again carries the token left',
    context: context({
      captchaRequired: true,
      captchaToken: 't-5',
      captchaAnswered: true,
      identityFormShown: false,
      termsShown: false,
      source: 'pm_5',
      paymentIntent: { clientSecret: 'pi_5_secret', paymentIntentId: 'pi_5' },
    }),
  },
  {
    name: 'the form empty, terms unticked, a field error shown',
    context: context({ values: EMPTY, termsAccepted: false, fieldErrors: { email: msg('emailRequired') } }),
  },
  {
    name: 'free, no form, no terms',
    context: context({ cart: cart(0), identityFormShown: false, termsShown: false, values: EMPTY }),
  },
  { name: 'free, with the form', context: context({ cart: cart(0), termsShown: false }) },
  {
    name: 'no form, 25.01 due, a wallet approved before (a submit forgets it)',
    context: context({
      cart: cart(2501),
      identityFormShown: false,
      wallet: true,
      source: 'pm_w',
      methodType: 'card',
    }),
  },
  { name: 'a gift, 49.99', context: context({ gift: true, termsShown: false }) },
  {
    name: 'blocked until a code',
    context: context({ cart: blockedCart(2501), identityFormShown: false, termsShown: false }),
  },
  {
    name: 'a 10.00 gift card on 49.99: the card pays 39.99',
    context: context({ termsShown: false, giftCards: [card('7000000000000010', 1000, 0)] }),
  },
  {
    name: 'two gift cards cover 25.01, no form',
    context: context({
      cart: cart(2501),
      identityFormShown: false,
      giftCards: [card('7000000000000010', 1000, 0), card('7000000000000200', 1500, 18500)],
    }),
  },
  {
    name: 'a stale 30.00 gift card applied on a larger total, 20.00 due now, the form',
    context: context({ cart: cart(2000), termsShown: false, giftCards: [card('7000000000000300', 3000, 0)] }),
  },
  {
    name: 'an empty gift card first, then one with 5.00 left, on 12.34',
    context: context({
      cart: cart(1234),
      identityFormShown: false,
      termsShown: false,
      giftCards: [card('7000000000000000', 0, 0), card('7000000000000500', 100, 400)],
    }),
  },
  {
    name: "a member's zip code",
    context: context({ zipCode: '10024', identityFormShown: false, termsShown: false }),
  },
  {
    name: 'a bank debit after a confirmed intent, begun, refused three times, booked order o7',
    context: context({
      cart: cart(4999, ['o7']),
      methodType: 'us_bank_account',
      actionConfirmed: true,
      paymentIntent: { clientSecret: 'pi_7_secret', paymentIntentId: 'pi_7' },
      source: 'pi_7',
      checkoutBegun: true,
      refusals: 3,
      formError: msg('cardErrorGeneric'),
      fieldErrors: { terms: msg('termsRequired') },
      status: msg('statusProcessing'),
      error: { code: 'card_declined', description: null, extra: undefined },
      orderIds: ['o6'],
      giftCards: [card('7000000000000700', 700, 0)],
    }),
  },
  {
    name: 'a payment plan: 200.00 outstanding, the due 50.00 chosen, a partial payment made before',
    context: context({
      cart: planCart(20000),
      termsShown: false,
      instalmentCents: 5000,
      partialPayment: { amountCents: 5000, next: { amountCents: 7500, dueDate: '2026-12-03T00:00:00.000Z' } },
      partialPayments: 1,
    }),
  },
  {
    name: 'a payment plan with a 60.00 gift card: the card pays nothing of the 50.00 chosen; a custom 250.00 above the balance',
    context: context({
      cart: planCart(20000),
      identityFormShown: false,
      instalmentCents: 25000,
      giftCards: [card('7000000000000600', 6000, 0)],
    }),
  },
  {
    name: 'a payment plan, the due 50.00 chosen, a 60.00 gift card: it pays the 50.00 (not 60.00), the card nothing',
    context: context({
      cart: planCart(20000),
      identityFormShown: false,
      termsShown: false,
      instalmentCents: 5000,
      giftCards: [card('7000000000000600', 6000, 0)],
    }),
  },
  {
    name: 'a payment plan, the due 50.00 chosen, 30.00 of it paid by a gift card before the card failed, a 10.00 gift card left: the card pays 10.00',
    context: context({
      cart: planCart(17000),
      identityFormShown: false,
      instalmentCents: 5000,
      paidNowCents: 3000,
      giftCards: [card('7000000000000100', 1000, 0)],
    }),
  },
  {
    name: 'the form half filled (a wallet fills the rest), a card for 1.00',
    context: context({
      cart: cart(100),
      values: { firstName: 'Ann', lastName: ' ', email: '', emailConfirm: '' },
      termsShown: false,
      paymentIntent: { clientSecret: 'pi_8_secret', paymentIntentId: 'pi_8' },
    }),
  },
];

// ---- the event samples: every event type, every outcome the spec tells apart ---------------------------------

const declined = { code: 'card_declined', status: 402, extra: { message: 'Your card was declined.' } };
const bookedO9 = { code: booked, status: 409, extra: { ticket_order_id: 'o9' } };
const bookedNoId = { code: booked, status: 409 };
export const events: EventSample<E>[] = [
  { name: 'a first name typed', event: { type: 'field.change', name: 'firstName', value: 'Grace' } },
  { name: 'the email cleared', event: { type: 'field.change', name: 'email', value: '' } },
  { name: 'a focus', event: { type: 'field.focus', name: 'firstName' } },
  { name: 'terms ticked', event: { type: 'terms.change', accepted: true } },
  { name: 'terms unticked', event: { type: 'terms.change', accepted: false } },
  { name: 'submit', event: { type: 'submit' } },
  { name: 'the app cart at 30.00', event: { type: 'cart.updated', cart: cart(3000) } },
  {
    name: 'a wallet approved',
    event: {
      type: 'wallet.approve',
      source: 'pm_wallet',
      identity: { firstName: 'Mary ', lastName: 'Jackson', email: ' mary@example.com' },
    },
  },
  { name: 'a wallet cancelled', event: { type: 'wallet.cancel' } },
  {
    name: 'a 7.00 gift card applied',
    event: { type: 'giftCards.change', cards: [card('7000000000000777', 700, 0)] },
  },
  { name: 'the outstanding 150.00 chosen', event: { type: 'instalment.change', amountCents: 15000 } },
  { name: 'a custom 62.505 typed', event: { type: 'instalment.change', amountCents: 6250.5 } },
  { name: 'a negative amount', event: { type: 'instalment.change', amountCents: -100 } },
  { name: 'captcha solved t-9', event: { type: 'xstate.done.actor.solveCaptcha', output: { token: 't-9' } } },
  {
    name: 'captcha dismissed',
    event: { type: 'xstate.error.actor.solveCaptcha', error: { code: 'captcha_dismissed' } },
  },
  {
    name: 'captcha challenge closed',
    event: { type: 'xstate.error.actor.solveCaptcha', error: { code: 'captcha_closed' } },
  },
  {
    name: 'captcha challenge expired',
    event: { type: 'xstate.error.actor.solveCaptcha', error: { code: 'captcha_expired' } },
  },
  {
    name: 'captcha unavailable',
    event: { type: 'xstate.error.actor.solveCaptcha', error: { code: 'captcha_unavailable' } },
  },
  { name: 'the captcha token expired', event: { type: 'captcha.expired' } },
  { name: 'zip code applied', event: { type: 'xstate.done.actor.applyZipCode', output: cart(2300) } },
  {
    name: 'zip code refused',
    event: { type: 'xstate.error.actor.applyZipCode', error: { code: 'code_not_found' } },
  },
  { name: 'gift applied', event: { type: 'xstate.done.actor.applyGift', output: undefined } },
  {
    name: 'gift refused',
    event: { type: 'xstate.error.actor.applyGift', error: { code: 'giftee_is_purchaser', status: 400 } },
  },
  { name: 'card confirmed', event: { type: 'xstate.done.actor.confirmCard', output: { source: 'pm_card' } } },
  {
    name: 'a debit confirmed',
    event: {
      type: 'xstate.done.actor.confirmCard',
      output: { source: 'pm_debit', methodType: 'sepa_debit' },
    },
  },
  {
    name: 'card declined',
    event: {
      type: 'xstate.error.actor.confirmCard',
      error: { code: 'card_declined', description: 'Declined.' },
    },
  },
  {
    name: 'card step failed, described',
    event: {
      type: 'xstate.error.actor.confirmCard',
      error: { code: 'unexpected', description: 'Timed out.' },
    },
  },
  {
    name: 'card step failed',
    event: { type: 'xstate.error.actor.confirmCard', error: { code: 'unexpected' } },
  },
  {
    name: 'provider unavailable',
    event: { type: 'xstate.error.actor.confirmCard', error: { code: 'payment_provider_unavailable' } },
  },
  { name: 'purchaser stored', event: { type: 'xstate.done.actor.storePurchaser', output: undefined } },
  {
    name: 'purchaser refused',
    event: {
      type: 'xstate.error.actor.storePurchaser',
      error: { code: 'validate_not_email', description: 'That is not an email address.', status: 400 },
    },
  },
  { name: 'purchaser: booked o9', event: { type: 'xstate.error.actor.storePurchaser', error: bookedO9 } },
  { name: 'gift card posted', event: { type: 'xstate.done.actor.payGiftCard', output: { orderIds: [] } } },
  {
    name: 'gift card completed o4',
    event: { type: 'xstate.done.actor.payGiftCard', output: { orderIds: ['o4'] } },
  },
  {
    name: 'gift card paid in part: 150.00 left, the next 75.00 on Dec 3',
    event: {
      type: 'xstate.done.actor.payGiftCard',
      output: { orderIds: ['o5'], partial: planCart(15000) },
    },
  },
  {
    name: 'gift card paid in part, no order yet: 15.01 left',
    event: { type: 'xstate.done.actor.payGiftCard', output: { orderIds: [], partial: cart(1501) } },
  },
  {
    name: 'gift card empty',
    event: {
      type: 'xstate.error.actor.payGiftCard',
      error: { code: 'ledger_balance_insufficient', status: 400 },
    },
  },
  {
    name: 'gift card inactive',
    event: { type: 'xstate.error.actor.payGiftCard', error: { code: 'ledger_inactive' } },
  },
  {
    name: 'gift card unknown',
    event: { type: 'xstate.error.actor.payGiftCard', error: { code: 'not_found' } },
  },
  {
    name: 'gift card trouble',
    event: { type: 'xstate.error.actor.payGiftCard', error: { code: 'unexpected' } },
  },
  { name: 'gift card: booked, no id', event: { type: 'xstate.error.actor.payGiftCard', error: bookedNoId } },
  { name: 'paid o1 o2', event: { type: 'xstate.done.actor.pay', output: { orderIds: ['o1', 'o2'] } } },
  {
    name: 'paid in part: 150.00 left, the next 75.00 on Dec 3',
    event: { type: 'xstate.done.actor.pay', output: { orderIds: ['o5'], partial: planCart(15000) } },
  },
  {
    name: 'paid in part: nothing scheduled left',
    event: { type: 'xstate.done.actor.pay', output: { orderIds: [], partial: cart(1000) } },
  },
  {
    name: '402 intent_requires_action',
    event: {
      type: 'xstate.error.actor.pay',
      error: {
        code: 'intent_requires_action',
        status: 402,
        extra: { client_secret: 'pi_1_secret', payment_intent_id: 'pi_1' },
      },
    },
  },
  {
    name: 'intent_requires_action (camel case, no status)',
    event: {
      type: 'xstate.error.actor.pay',
      error: { code: 'intent_requires_action', extra: { clientSecret: 'pi_2_secret', id: 'pi_2' } },
    },
  },
  {
    name: 'intent_requires_action with a 400',
    event: {
      type: 'xstate.error.actor.pay',
      error: {
        code: 'intent_requires_action',
        status: 400,
        extra: { client_secret: 's', payment_intent_id: 'p' },
      },
    },
  },
  {
    name: 'intent_requires_action without its intent',
    event: {
      type: 'xstate.error.actor.pay',
      error: { code: 'intent_requires_action', status: 402, extra: { client_secret: 's' } },
    },
  },
  { name: 'pay: booked o9', event: { type: 'xstate.error.actor.pay', error: bookedO9 } },
  {
    name: 'pay: booked (camel case)',
    event: { type: 'xstate.error.actor.pay', error: { code: booked, extra: { ticketOrderId: 'o8' } } },
  },
  {
    name: 'pay: processing',
    event: { type: 'xstate.error.actor.pay', error: { code: 'intent_processing', status: 402 } },
  },
  { name: 'pay: declined', event: { type: 'xstate.error.actor.pay', error: declined } },
  {
    name: 'pay: a provider error type',
    event: {
      type: 'xstate.error.actor.pay',
      error: { code: 'other', extra: { type: 'card_error', message: 'No.' } },
    },
  },
  { name: 'pay: 500', event: { type: 'xstate.error.actor.pay', error: { code: 'unexpected', status: 500 } } },
  {
    name: 'pay: incorrect_cart_state',
    event: { type: 'xstate.error.actor.pay', error: { code: 'incorrect_cart_state' } },
  },
  { name: 'customer confirmed', event: { type: 'xstate.done.actor.confirmAction', output: undefined } },
  {
    name: 'customer not authenticated',
    event: {
      type: 'xstate.error.actor.confirmAction',
      error: {
        code: 'payment_intent_authentication_failure',
        description: 'We are unable to authenticate you.',
      },
    },
  },
  {
    name: 'free checkout o3',
    event: { type: 'xstate.done.actor.freeCheckout', output: { orderIds: ['o3'] } },
  },
  { name: 'free checkout: booked o9', event: { type: 'xstate.error.actor.freeCheckout', error: bookedO9 } },
  {
    name: 'free checkout: not found',
    event: {
      type: 'xstate.error.actor.freeCheckout',
      error: { code: 'not_found', description: 'Cart not found.' },
    },
  },
];

export const strip = ({ cartActor: _, ...rest }: C) => rest;
