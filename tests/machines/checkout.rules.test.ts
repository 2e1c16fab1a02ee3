/** Focused tests of each documented checkout rule, on a real actor with fake actors. */

import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { CartModel } from '../../api/models';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { amountToPayCents, cardAmountCents, giftCardShares } from '../../machines/checkout/rules';
import {
  type CheckoutSnapshot,
  selectFieldErrors as fieldErrorMessages,
  selectFormError as formErrorMessage,
  selectCanSubmit,
  selectIsSubmitting,
  selectRefusals,
  selectValues,
  selectStatus as statusMessage,
} from '../../machines/checkout/selectors';
import type {
  ApplyGiftInput,
  CheckoutInput,
  CheckoutResult,
  ConfirmActionInput,
  ConfirmCardInput,
  ConfirmCardOutput,
  FreeCheckoutInput,
  IdentityValues,
  PayGiftCardInput,
  PayInput,
  StorePurchaserInput,
} from '../../machines/checkout/types';
import { selectCheckoutView } from '../../machines/checkout/view';
import { createStrings, fill, resolveMessage, type UiMessage } from '../../ui/strings';
import { makeCart } from './checkout.fixtures';

/** The catalogue's texts: messages are compared as the visitor reads them. */
const T = createStrings();
const textOf = (m: UiMessage | null) => (m ? resolveMessage(T, m) : null);
const selectFormError = (s: CheckoutSnapshot) => textOf(formErrorMessage(s));
const selectStatus = (s: CheckoutSnapshot) => textOf(statusMessage(s));
const selectFieldErrors = (s: CheckoutSnapshot) =>
  Object.fromEntries(Object.entries(fieldErrorMessages(s)).map(([k, m]) => [k, textOf(m ?? null)]));

const VALIDATION =
  'There were errors found in the information you submitted. Please address the errors and re-submit the form.';
const UNEXPECTED = 'Sorry, something unexpected happened. Please try again later.';

interface Fakes {
  applyGift?: (input: ApplyGiftInput) => Promise<unknown>;
  confirmCard?: (input: ConfirmCardInput) => Promise<ConfirmCardOutput>;
  storePurchaser?: (input: StorePurchaserInput) => Promise<unknown>;
  pay?: (input: PayInput) => Promise<CheckoutResult>;
  payGiftCard?: (input: PayGiftCardInput) => Promise<CheckoutResult>;
  freeCheckout?: (input: FreeCheckoutInput) => Promise<CheckoutResult>;
  confirmAction?: (input: ConfirmActionInput) => Promise<unknown>;
}

function start(input: Partial<CheckoutInput> = {}, fakes: Fakes = {}) {
  const calls: string[] = [];
  const track =
    <I, O>(name: string, fn: (input: I) => Promise<O>) =>
    (i: I) => {
      calls.push(name);
      return fn(i);
    };
  const confirmCard = vi.fn(
    track('confirmCard', fakes.confirmCard ?? (async () => ({ source: 'pm_card_visa', captchaToken: null }))),
  );
  const applyGift = vi.fn(track('applyGift', fakes.applyGift ?? (async () => undefined)));
  const storePurchaser = vi.fn(track('storePurchaser', fakes.storePurchaser ?? (async () => undefined)));
  const pay = vi.fn(track('pay', fakes.pay ?? (async () => ({ orderIds: ['o1', 'o2'] }))));
  const payGiftCard = vi.fn(track('payGiftCard', fakes.payGiftCard ?? (async () => ({ orderIds: [] }))));
  const freeCheckout = vi.fn(
    track('freeCheckout', fakes.freeCheckout ?? (async () => ({ orderIds: ['o3'] }))),
  );
  const confirmAction = vi.fn(track('confirmAction', fakes.confirmAction ?? (async () => undefined)));
  const beginCheckout = vi.fn();
  const refreshCart = vi.fn();
  const giftCardSpent = vi.fn<(cardNumber: string) => void>();
  const completed = vi.fn<(orderIds: string[]) => void>();
  const partPaid = vi.fn<(cart: CartModel) => void>();
  const pending = vi.fn<(cartId: string, debit: boolean) => void>();
  const machine = checkoutMachine.provide({
    actors: {
      applyGift: fromPromise<unknown, ApplyGiftInput>(({ input }) => applyGift(input)),
      confirmCard: fromPromise<ConfirmCardOutput, ConfirmCardInput>(({ input }) => confirmCard(input)),
      storePurchaser: fromPromise<unknown, StorePurchaserInput>(({ input }) => storePurchaser(input)),
      pay: fromPromise<CheckoutResult, PayInput>(({ input }) => pay(input)),
      payGiftCard: fromPromise<CheckoutResult, PayGiftCardInput>(({ input }) => payGiftCard(input)),
      freeCheckout: fromPromise<CheckoutResult, FreeCheckoutInput>(({ input }) => freeCheckout(input)),
      confirmAction: fromPromise<unknown, ConfirmActionInput>(({ input }) => confirmAction(input)),
    },
    actions: {
      beginCheckout: () => beginCheckout(),
      refreshCart: () => refreshCart(),
      giftCardSpent: (_args, params) => giftCardSpent(params.cardNumber),
      completed: (_args, params) => completed(params.orderIds),
      partPaid: (_args, params) => partPaid(params.cart),
      pending: (_args, params) => pending(params.cartId, params.debit),
    },
  });
  const actor = createActor(machine, {
    input: { cart: makeCart(5000), identityFormShown: true, termsShown: true, ...input },
  });
  actor.start();
  const fill = (values: Partial<IdentityValues>) => {
    for (const [name, value] of Object.entries(values)) {
      actor.send({ type: 'field.change', name: name as keyof IdentityValues, value });
    }
  };
  const fillValid = () => {
    fill({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'Ada@Example.com ',
      emailConfirm: 'ada@example.COM',
    });
    actor.send({ type: 'terms.change', accepted: true });
  };
  return {
    actor,
    calls,
    fill,
    fillValid,
    applyGift,
    confirmCard,
    storePurchaser,
    pay,
    payGiftCard,
    freeCheckout,
    confirmAction,
    beginCheckout,
    refreshCart,
    giftCardSpent,
    completed,
    partPaid,
    pending,
  };
}

const settle = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};

describe('checkout validation (step 1)', () => {
  it('an empty form shows every field error and the exact form error, and calls nothing', async () => {
    const t = start();
    t.actor.send({ type: 'submit' });
    await settle();
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(selectFormError(s)).toBe(VALIDATION);
    expect(selectFieldErrors(s)).toEqual({
      firstName: T.firstNameRequired,
      lastName: T.lastNameRequired,
      email: T.emailRequired,
      terms: T.termsRequired,
    });
    expect(t.calls).toEqual([]);
  });

  it('names at most 50, email at most 254 and valid; confirmation must match case-insensitively', async () => {
    const t = start();
    t.fill({
      firstName: 'a'.repeat(51),
      lastName: 'b'.repeat(51),
      email: `${'c'.repeat(250)}@x.io`,
      emailConfirm: 'other@example.com',
    });
    t.actor.send({ type: 'terms.change', accepted: true });
    t.actor.send({ type: 'submit' });
    expect(selectFieldErrors(t.actor.getSnapshot())).toEqual({
      firstName: fill(T.firstNameTooLong, { max: 50 }),
      lastName: fill(T.lastNameTooLong, { max: 50 }),
      email: fill(T.emailTooLong, { max: 254 }),
      emailConfirm: 'Email addresses must match.',
    });
    t.fill({
      firstName: 'a'.repeat(50),
      lastName: 'b'.repeat(50),
      email: 'not-an-email',
      emailConfirm: 'not-an-email',
    });
    t.actor.send({ type: 'submit' });
    expect(selectFieldErrors(t.actor.getSnapshot())).toEqual({ email: T.emailInvalid });
    expect(selectFormError(t.actor.getSnapshot())).toBe(VALIDATION);
    t.fill({ email: 'ada@example.com', emailConfirm: 'ADA@EXAMPLE.COM' });
    t.actor.send({ type: 'submit' });
    expect(selectFieldErrors(t.actor.getSnapshot())).toEqual({});
    expect(selectFormError(t.actor.getSnapshot())).toBeNull();
    expect(selectIsSubmitting(t.actor.getSnapshot())).toBe(true);
  });

  it('terms must be accepted only when shown; the identity form is validated only when shown', async () => {
    const noTerms = start({ termsShown: false });
    noTerms.fill({ firstName: 'Ada', lastName: 'L', email: 'a@b.co', emailConfirm: 'a@b.co' });
    noTerms.actor.send({ type: 'submit' });
    expect(selectIsSubmitting(noTerms.actor.getSnapshot())).toBe(true);

    const noIdentity = start({ identityFormShown: false });
    noIdentity.actor.send({ type: 'submit' });
    expect(selectFieldErrors(noIdentity.actor.getSnapshot())).toEqual({
      terms: T.termsRequired,
    });
    noIdentity.actor.send({ type: 'terms.change', accepted: true });
    noIdentity.actor.send({ type: 'submit' });
    expect(selectIsSubmitting(noIdentity.actor.getSnapshot())).toBe(true);
  });

  it('counts every refused submit, also when the message repeats, so the view can move focus each time', async () => {
    const t = start(
      {},
      { pay: async () => Promise.reject({ code: 'card_declined', extra: { message: 'No.' } }) },
    );
    expect(selectRefusals(t.actor.getSnapshot())).toBe(0);
    t.actor.send({ type: 'submit' });
    await settle();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(t.actor.getSnapshot())).toBe(VALIDATION);
    expect(selectRefusals(t.actor.getSnapshot())).toBe(2);
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(selectRefusals(t.actor.getSnapshot())).toBe(3);
  });

  it('changing a field clears its error and keeps the others', () => {
    const t = start();
    t.actor.send({ type: 'submit' });
    t.fill({ firstName: 'Ada' });
    const errors = selectFieldErrors(t.actor.getSnapshot());
    expect(errors.firstName).toBeUndefined();
    expect(errors.lastName).toBe(T.lastNameRequired);
  });
});

/**
 * Spec 2 §4 "Checkout submit" with gift cards, written from the spec: the card confirms what the gift cards
 * leave; the purchaser is stored; the gift card payments are posted first, then the card pays the rest; no card
 * at all when the gift cards cover everything; a refused gift card payment stops the submit with its message.
 */
const TEN = { cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 };
const TWO_HUNDRED = { cardNumber: '7000000000000200', paymentCents: 4000, remainingBalanceCents: 16000 };
const GIFT_CARD_TABLE: {
  name: string;
  cards: (typeof TEN)[];
  fakes?: Fakes;
  calls: string[];
  card: number | null;
  done: boolean;
}[] = [
  {
    name: 'a $10 card and the card for the rest',
    cards: [TEN],
    fakes: {},
    calls: ['confirmCard', 'storePurchaser', 'payGiftCard', 'pay'],
    card: 4000,
    done: true,
  },
  {
    name: 'two cards covering everything: no card at all',
    cards: [TEN, TWO_HUNDRED],
    fakes: {
      payGiftCard: async (i) => ({ orderIds: i.cardNumber === TWO_HUNDRED.cardNumber ? ['o4'] : [] }),
    },
    calls: ['storePurchaser', 'payGiftCard', 'payGiftCard'],
    card: null,
    done: true,
  },
  {
    name: 'a refused gift card payment stops the submit: no card payment',
    cards: [TEN],
    fakes: {
      payGiftCard: async () => {
        throw { code: 'ledger_balance_insufficient', status: 400, description: 'Gift Card balance is $0' };
      },
    },
    calls: ['confirmCard', 'storePurchaser', 'payGiftCard'],
    card: 4000,
    done: false,
  },
];

describe('checkout submit with gift cards (spec 2 §4)', () => {
  for (const row of GIFT_CARD_TABLE) {
    it(row.name, async () => {
      const t = start({ giftCards: row.cards }, row.fakes);
      t.fillValid();
      t.actor.send({ type: 'submit' });
      await settle();
      expect(t.calls).toEqual(row.calls);
      expect(t.payGiftCard.mock.calls.map(([i]) => i)).toEqual(
        row.cards.slice(0, t.payGiftCard.mock.calls.length).map((c) => ({
          cartId: 'cart-1',
          cardNumber: c.cardNumber,
          amountCents: c.paymentCents,
          captchaToken: null,
        })),
      );
      if (row.card === null) expect(t.confirmCard).not.toHaveBeenCalled();
      else expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: row.card });
      if (t.pay.mock.calls.length > 0) {
        expect(t.pay).toHaveBeenCalledWith({
          cartId: 'cart-1',
          amountCents: row.card,
          source: 'pm_card_visa',
          captchaToken: null,
        });
      }
      const s = t.actor.getSnapshot();
      expect(s.matches('completed')).toBe(row.done);
      if (!row.done) {
        expect(s.matches('editing')).toBe(true);
        expect(selectFormError(s)).toBe('Gift Card balance is $0');
      }
    });
  }

  it('the gift card field hands its pending payments on: the card pays what they leave', async () => {
    const t = start();
    t.actor.send({ type: 'giftCards.change', cards: [TEN] });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 4000 });
    expect(t.calls).toEqual(['confirmCard', 'storePurchaser', 'payGiftCard', 'pay']);
  });
});

/**
 * Spec 2 §3, §4: applied gift cards never go stale. What each card pays, and what the card pays, come from the
 * cart as it is when the checkout acts, never from the total of the moment the card was applied.
 */
describe('gift cards follow the cart (never stale)', () => {
  it('a ticket removed after a $10 card was applied on 50.00 (now 5.00 due): the card pays 5.00, no card step', async () => {
    const t = start();
    t.actor.send({ type: 'giftCards.change', cards: [TEN] });
    t.actor.send({ type: 'cart.updated', cart: makeCart(500) });
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(0);
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['storePurchaser', 'payGiftCard', 'freeCheckout']);
    expect(t.payGiftCard).toHaveBeenCalledWith({
      cartId: 'cart-1',
      cardNumber: TEN.cardNumber,
      amountCents: 500,
      captchaToken: null,
    });
    expect(t.confirmCard).not.toHaveBeenCalled();
  });

  it('a ticket added after a $200 card was applied on 50.00 (now 80.00 due): the card pays all 80.00', async () => {
    const t = start();
    t.actor.send({ type: 'giftCards.change', cards: [TWO_HUNDRED] });
    t.actor.send({ type: 'cart.updated', cart: makeCart(8000) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.payGiftCard).toHaveBeenCalledWith({
      cartId: 'cart-1',
      cardNumber: TWO_HUNDRED.cardNumber,
      amountCents: 8000,
      captchaToken: null,
    });
    expect(t.confirmCard).not.toHaveBeenCalled();
    expect(t.pay).not.toHaveBeenCalled();
  });

  it('a code applied after a $10 card (now 30.00 due): the card confirms and pays 20.00', async () => {
    const t = start({ giftCards: [TEN] });
    t.actor.send({ type: 'cart.updated', cart: makeCart(3000) });
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(2000);
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 2000 });
    expect(t.payGiftCard).toHaveBeenCalledWith({
      cartId: 'cart-1',
      cardNumber: TEN.cardNumber,
      amountCents: 1000,
      captchaToken: null,
    });
    expect(t.pay).toHaveBeenCalledWith({
      cartId: 'cart-1',
      amountCents: 2000,
      source: 'pm_card_visa',
      captchaToken: null,
    });
  });

  it('a card spent elsewhere meanwhile: the server refuses it, "Gift Card balance is $0", no card payment', async () => {
    const t = start(
      { giftCards: [TEN] },
      {
        payGiftCard: async () => {
          throw { code: 'ledger_balance_insufficient', status: 400, description: 'Insufficient balance' };
        },
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.pay).not.toHaveBeenCalled();
    expect(t.giftCardSpent).not.toHaveBeenCalled();
    expect(t.refreshCart).toHaveBeenCalled();
    expect(selectFormError(t.actor.getSnapshot())).toBe('Gift Card balance is $0');
  });

  it('the second card refused after the first was posted: the first is spent (told once), a new submit posts only the second', async () => {
    let refuse = true;
    const t = start(
      { giftCards: [TEN, TWO_HUNDRED] },
      {
        payGiftCard: async (i) => {
          if (i.cardNumber === TWO_HUNDRED.cardNumber && refuse) {
            refuse = false;
            throw { code: 'ledger_balance_insufficient', status: 400 };
          }
          return { orderIds: i.cardNumber === TWO_HUNDRED.cardNumber ? ['o5'] : [] };
        },
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.giftCardSpent.mock.calls).toEqual([[TEN.cardNumber]]);
    expect(t.actor.getSnapshot().matches('editing')).toBe(true);
    // The refreshed cart: the $10 card's payment is on it (40.00 outstanding).
    t.actor.send({
      type: 'cart.updated',
      cart: { ...makeCart(4000), totals: { ...makeCart(4000).totals, paymentsCents: 1000 } },
    });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.payGiftCard.mock.calls.map(([i]) => [i.cardNumber, i.amountCents])).toEqual([
      [TEN.cardNumber, 1000],
      [TWO_HUNDRED.cardNumber, 4000],
      [TWO_HUNDRED.cardNumber, 4000],
    ]);
    expect(t.pay).not.toHaveBeenCalled();
    expect(t.completed).toHaveBeenCalledWith(['o5']);
  });
});

/**
 * Spec 2 §4 "Checkout submit" and "Scheduled payments" together (issue 22): the amount to pay is the panel's
 * choice (the outstanding balance without a plan); the gift cards, posted first, pay at most that amount, and the
 * card pays what they leave of it. A payment below what is outstanding is partial: a gift card's partial payment
 * goes on to what is left of the chosen amount, or, when it paid all of it (a deposit), stays on the page with the
 * success message of what was paid now, gift cards included.
 */
const planOf = (outstandingCents: number, orderIds: string[] = []): CartModel => ({
  ...makeCart(outstandingCents),
  orderIds,
  scheduledPayments: [
    { id: 'sp-1', dueDate: '2026-12-05T10:05:00.000Z', amountCents: 7500, status: 'upcoming' },
    { id: 'sp-2', dueDate: '2026-11-28T10:05:00.000Z', amountCents: 7500, status: 'upcoming' },
  ],
});
const SIXTY = { cardNumber: '7000000000000600', paymentCents: 6000, remainingBalanceCents: 0 };
const THIRTY = { cardNumber: '7000000000000300', paymentCents: 3000, remainingBalanceCents: 0 };
const NEXT_DUE = { amountCents: 7500, dueDate: '2026-11-28T10:05:00.000Z' };

describe('gift cards with a payment plan (spec 2 §4; issue 22)', () => {
  it('the rule: the amount to pay is the choice within the balance, less what gift cards paid of it', () => {
    const plan = planOf(20000);
    expect(amountToPayCents(plan, 5000)).toBe(5000);
    expect(amountToPayCents(plan, 25000)).toBe(20000);
    expect(amountToPayCents(plan, 5000, 3000)).toBe(2000);
    expect(amountToPayCents(plan, 5000, 6000)).toBe(0);
    expect(amountToPayCents(plan, null, 3000)).toBe(20000);
    expect(cardAmountCents(plan, [SIXTY], 5000)).toBe(0);
    expect(cardAmountCents(plan, [THIRTY], 5000)).toBe(2000);
    expect(giftCardShares(plan, [SIXTY, THIRTY], 5000).map((c) => c.paymentCents)).toEqual([5000, 0]);
    expect(giftCardShares(plan, [SIXTY], 5000)[0]?.remainingBalanceCents).toBe(1000);
  });

  it('200.00 outstanding, 50.00 chosen, a 60.00 gift card: it pays 50.00, books the deposit and stays on the page', async () => {
    const fresh = planOf(15000, ['o1']);
    const t = start(
      { cart: planOf(20000), identityFormShown: false, instalmentCents: 5000, giftCards: [SIXTY] },
      { payGiftCard: async () => ({ orderIds: ['o1'], partial: fresh }) },
    );
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(0);
    t.actor.send({ type: 'terms.change', accepted: true });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.payGiftCard.mock.calls.map(([i]) => i)).toEqual([
      { cartId: 'cart-1', cardNumber: SIXTY.cardNumber, amountCents: 5000, captchaToken: null },
    ]);
    expect(t.calls).toEqual(['payGiftCard']);
    expect(t.completed).not.toHaveBeenCalled();
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.partialPayment).toEqual({ amountCents: 5000, next: NEXT_DUE });
    expect(s.context.cart).toBe(fresh);
    expect(s.context.termsAccepted).toBe(false);
    expect(s.context.giftCards).toEqual([]);
    expect(t.giftCardSpent.mock.calls).toEqual([[SIXTY.cardNumber]]);
    expect(t.partPaid.mock.calls).toEqual([[fresh]]);
  });

  it('50.00 chosen, a 30.00 gift card: the card confirms and pays 20.00; the message counts both', async () => {
    const t = start(
      { cart: planOf(20000), identityFormShown: false, instalmentCents: 5000, giftCards: [THIRTY] },
      {
        payGiftCard: async () => ({ orderIds: [], partial: planOf(17000) }),
        pay: async () => ({ orderIds: ['o1'], partial: planOf(15000, ['o1']) }),
      },
    );
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(2000);
    t.actor.send({ type: 'terms.change', accepted: true });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'payGiftCard', 'pay']);
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 2000 });
    expect(t.payGiftCard).toHaveBeenCalledWith({
      cartId: 'cart-1',
      cardNumber: THIRTY.cardNumber,
      amountCents: 3000,
      captchaToken: null,
    });
    expect(t.pay).toHaveBeenCalledWith({
      cartId: 'cart-1',
      amountCents: 2000,
      source: 'pm_card_visa',
      captchaToken: null,
    });
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(s.context.partialPayment).toEqual({ amountCents: 5000, next: NEXT_DUE });
    expect(t.partPaid).toHaveBeenCalledTimes(1);
  });

  it('the card refused after a 30.00 gift card paid: 20.00 is left of the 50.00 chosen, until the panel chooses again', async () => {
    let refuse = true;
    const t = start(
      { cart: planOf(20000), identityFormShown: false, instalmentCents: 5000, giftCards: [THIRTY] },
      {
        payGiftCard: async () => ({ orderIds: [], partial: planOf(17000) }),
        pay: async () => {
          if (refuse) {
            refuse = false;
            throw { code: 'card_declined', status: 402, extra: { message: 'Your card was declined.' } };
          }
          return { orderIds: ['o1'], partial: planOf(15000, ['o1']) };
        },
      },
    );
    t.actor.send({ type: 'terms.change', accepted: true });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(2000);
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.pay.mock.calls.map(([i]) => i.amountCents)).toEqual([2000, 2000]);
    expect(t.actor.getSnapshot().context.partialPayment).toEqual({ amountCents: 5000, next: NEXT_DUE });
    // The panel chooses again on the fresh cart: its choice is the amount to pay, whole.
    t.actor.send({ type: 'instalment.change', amountCents: 7500 });
    expect(selectCheckoutView(t.actor.getSnapshot()).totalCents).toBe(7500);
  });

  it('without a plan a gift card paying part of the balance goes on: the card pays the rest and completes', async () => {
    const t = start(
      { cart: makeCart(5000), identityFormShown: false, termsShown: false, giftCards: [THIRTY] },
      { payGiftCard: async () => ({ orderIds: [], partial: makeCart(2000) }) },
    );
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'payGiftCard', 'pay']);
    expect(t.pay).toHaveBeenCalledWith({
      cartId: 'cart-1',
      amountCents: 2000,
      source: 'pm_card_visa',
      captchaToken: null,
    });
    expect(t.completed).toHaveBeenCalledWith(['o1', 'o2']);
    expect(t.partPaid).not.toHaveBeenCalled();
  });
});

describe('checkout submit', () => {
  it('a gift: the gift-recipient check (step 2) comes before the card, and its refusal stops the payment', async () => {
    const ok = start({ gift: true });
    ok.fillValid();
    ok.actor.send({ type: 'submit' });
    await settle();
    expect(ok.calls).toEqual(['applyGift', 'confirmCard', 'storePurchaser', 'pay']);
    expect(ok.applyGift).toHaveBeenCalledWith({ cartId: 'cart-1' });

    const self = start(
      { gift: true },
      { applyGift: () => Promise.reject({ code: 'giftee_is_purchaser', status: 400 }) },
    );
    self.fillValid();
    self.actor.send({ type: 'submit' });
    await settle();
    // Spec 3 §8: the gift checkout's own wording; no card confirmed, nothing paid.
    expect(self.calls).toEqual(['applyGift']);
    expect(self.actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectFormError(self.actor.getSnapshot())).toBe(
      'You cannot gift a membership to yourself. Do you want to buy or renew a membership?',
    );
  });

  it('a cart that is not a gift has no gift-recipient check', async () => {
    const t = start();
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.applyGift).not.toHaveBeenCalled();
  });

  it('incorrect_cart_state is ignored (spec 2 §8): back to editing with no message', async () => {
    const t = start({}, { pay: () => Promise.reject({ code: 'incorrect_cart_state', status: 400 }) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(selectFormError(s)).toBeNull();
    expect(selectStatus(s)).toBeNull();
  });

  it('runs the steps in order: card, purchaser, pay; then completed with the order ids', async () => {
    const t = start();
    t.fillValid();
    t.actor.send({ type: 'submit' });
    expect(selectStatus(t.actor.getSnapshot())).toBe(T.statusProcessing);
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'storePurchaser', 'pay']);
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 5000 });
    expect(t.storePurchaser).toHaveBeenCalledWith({
      cartId: 'cart-1',
      purchaser: { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com' },
    });
    expect(t.pay).toHaveBeenCalledWith({
      cartId: 'cart-1',
      amountCents: 5000,
      source: 'pm_card_visa',
      captchaToken: null,
    });
    expect(t.completed.mock.calls).toEqual([[['o1', 'o2']]]);
    const s = t.actor.getSnapshot();
    expect(s.matches('completed')).toBe(true);
    expect(s.status).toBe('done');
    expect(selectStatus(s)).toBe(T.statusCompleted);
  });

  it('with nothing due no card is needed: free checkout', async () => {
    const t = start({ cart: makeCart(0) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['storePurchaser', 'freeCheckout']);
    expect(t.freeCheckout).toHaveBeenCalledWith({ cartId: 'cart-1', captchaToken: null });
    expect(t.completed.mock.calls).toEqual([[['o3']]]);
  });

  it('does not store the purchaser when the identity form is not shown', async () => {
    const t = start({ identityFormShown: false, termsShown: false });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'pay']);
  });

  it('follows the app cart actor itself: a change of its cart reaches the form (no route effect copies it)', async () => {
    const fakeCart = setup({
      types: {
        context: {} as { cart: CartModel },
        events: {} as { type: 'set'; cart: CartModel } | { type: 'tick' },
      },
    }).createMachine({
      initial: 'active',
      context: { cart: makeCart(5000) },
      states: {
        active: {
          on: {
            set: {
              actions: assign({ cart: ({ event }) => (event.type === 'set' ? event.cart : makeCart(0)) }),
            },
          },
        },
      },
    });
    const cartActor = createActor(fakeCart).start();
    const t = start({ identityFormShown: false, termsShown: false, cartActor });
    cartActor.send({ type: 'set', cart: makeCart(1234) });
    expect(t.actor.getSnapshot().context.cart.totals.outstandingCents).toBe(1234);
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 1234 });
    t.actor.stop();
    // Stopped: it no longer listens.
    cartActor.send({ type: 'set', cart: makeCart(99) });
    expect(t.actor.getSnapshot().context.cart.totals.outstandingCents).toBe(1234);
  });

  it('uses the amount of a cart updated while editing', async () => {
    const t = start({ identityFormShown: false, termsShown: false });
    t.actor.send({ type: 'cart.updated', cart: makeCart(1234) });
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.confirmCard).toHaveBeenCalledWith({ amountCents: 1234 });
    expect(t.pay).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 1234 }));
  });

  it('HTTP 402 intent_requires_action: customer confirmation, then pay again with the payment-intent id', async () => {
    let attempt = 0;
    const t = start(
      {},
      {
        pay: async () => {
          attempt++;
          if (attempt === 1) {
            return Promise.reject({
              code: 'intent_requires_action',
              status: 402,
              extra: { client_secret: 'pi_123_secret_abc', payment_intent_id: 'pi_123' },
            });
          }
          return { orderIds: ['o7'] };
        },
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'storePurchaser', 'pay', 'confirmAction', 'pay']);
    expect(t.confirmAction).toHaveBeenCalledWith({
      clientSecret: 'pi_123_secret_abc',
      paymentIntentId: 'pi_123',
    });
    expect(t.pay.mock.calls[0]?.[0].source).toBe('pm_card_visa');
    expect(t.pay.mock.calls[1]?.[0]).toEqual({
      cartId: 'cart-1',
      amountCents: 5000,
      source: 'pi_123',
      captchaToken: null,
    });
    expect(t.completed.mock.calls).toEqual([[['o7']]]);
  });

  it('a failed customer confirmation is a payment error: back to editing, not paid again', async () => {
    const t = start(
      {},
      {
        pay: async () =>
          Promise.reject({
            code: 'intent_requires_action',
            status: 402,
            extra: { client_secret: 's', payment_intent_id: 'pi_9' },
          }),
        confirmAction: async () =>
          Promise.reject({
            code: 'payment_intent_authentication_failure',
            description: 'Authentication failed.',
          }),
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(t.pay).toHaveBeenCalledTimes(1);
    expect(t.refreshCart).toHaveBeenCalledTimes(1);
    expect(selectFormError(s)).toBe(
      'Your card has not been charged. Authentication failed. Please edit your payment details and try again.',
    );
  });

  it('a second 402 after the customer confirmed is an error, not another confirmation', async () => {
    const t = start(
      { identityFormShown: false, termsShown: false },
      {
        pay: async () =>
          Promise.reject({
            code: 'intent_requires_action',
            status: 402,
            extra: { client_secret: 's', payment_intent_id: 'pi_9' },
          }),
      },
    );
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.calls).toEqual(['confirmCard', 'pay', 'confirmAction', 'pay']);
    expect(t.actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectFormError(t.actor.getSnapshot())).toBe(UNEXPECTED);
    // Not a card's refusal: focus does not go to the card section (ui/checkout/CheckoutView.tsx).
    expect(selectCheckoutView(t.actor.getSnapshot()).cardRefused).toBe(false);
  });

  it('a declined card keeps every form value and shows the exact prefixed message', async () => {
    const t = start(
      {},
      {
        pay: async () =>
          Promise.reject({
            code: 'card_declined',
            status: 402,
            extra: { message: 'Your card was declined.' },
          }),
      },
    );
    t.fillValid();
    const before = selectValues(t.actor.getSnapshot());
    expect(selectCheckoutView(t.actor.getSnapshot()).cardRefused).toBe(false);
    t.actor.send({ type: 'submit' });
    await settle();
    const s = t.actor.getSnapshot();
    expect(s.matches('editing')).toBe(true);
    expect(selectFormError(s)).toBe(
      'Your card has not been charged. Your card was declined. Please edit your payment details and try again.',
    );
    expect(selectValues(s)).toEqual(before);
    expect(selectValues(s).firstName).toBe(' Ada ');
    expect(s.context.termsAccepted).toBe(true);
    // The card was refused: the view sends focus to the card section; before the submit it did not.
    expect(selectCheckoutView(s).cardRefused).toBe(true);
    expect(t.refreshCart).toHaveBeenCalledTimes(1);
    expect(selectCanSubmit(s)).toBe(true);
    expect(selectStatus(s)).toBeNull();
  });

  it('card confirmation failures use the provider message or a generic one', async () => {
    const described = start(
      {},
      { confirmCard: async () => Promise.reject({ code: 'incorrect_cvc', description: 'Bad CVC.' }) },
    );
    described.fillValid();
    described.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(described.actor.getSnapshot())).toBe(
      'Your card has not been charged. Bad CVC. Please edit your payment details and try again.',
    );
    expect(described.refreshCart).toHaveBeenCalledTimes(1);
    expect(described.pay).not.toHaveBeenCalled();

    const bare = start({}, { confirmCard: async () => Promise.reject(new Error('boom')) });
    bare.fillValid();
    bare.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(bare.actor.getSnapshot())).toBe(T.cardErrorGeneric);
    expect(selectCheckoutView(described.actor.getSnapshot()).cardRefused).toBe(true);
    expect(selectCheckoutView(bare.actor.getSnapshot()).cardRefused).toBe(true);

    const unavailable = start(
      {},
      { confirmCard: async () => Promise.reject({ code: 'payment_provider_unavailable' }) },
    );
    unavailable.fillValid();
    unavailable.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(unavailable.actor.getSnapshot())).toBe(
      'Credit card payment can not be processed because the card payment provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
    );
  });

  it('other errors show the API description or the generic message, without refreshing the cart', async () => {
    const described = start(
      {},
      {
        storePurchaser: async () =>
          Promise.reject({ code: 'validate_not_email', description: 'Not an email.' }),
      },
    );
    described.fillValid();
    described.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(described.actor.getSnapshot())).toBe('Not an email.');
    expect(described.pay).not.toHaveBeenCalled();
    expect(described.refreshCart).not.toHaveBeenCalled();

    const bare = start({}, { pay: async () => Promise.reject({ code: 'unexpected', status: 500 }) });
    bare.fillValid();
    bare.actor.send({ type: 'submit' });
    await settle();
    expect(selectFormError(bare.actor.getSnapshot())).toBe(UNEXPECTED);
    expect(bare.refreshCart).not.toHaveBeenCalled();
    expect(selectValues(bare.actor.getSnapshot()).lastName).toBe('Lovelace');
  });

  it('never pays twice: submits while submitting are ignored, and nothing submits after completed', async () => {
    let release: (r: CheckoutResult) => void = () => {};
    const t = start({}, { pay: () => new Promise<CheckoutResult>((resolve) => (release = resolve)) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    t.actor.send({ type: 'submit' });
    await settle();
    t.actor.send({ type: 'submit' });
    expect(selectIsSubmitting(t.actor.getSnapshot())).toBe(true);
    expect(selectCanSubmit(t.actor.getSnapshot())).toBe(false);
    expect(t.pay).toHaveBeenCalledTimes(1);
    release({ orderIds: ['o1'] });
    await settle();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    t.actor.send({ type: 'submit' });
    await settle();
    expect(warn).toHaveBeenCalledTimes(1); // sent to a stopped (final) actor
    warn.mockRestore();
    expect(t.actor.getSnapshot().matches('completed')).toBe(true);
    expect(selectCanSubmit(t.actor.getSnapshot())).toBe(false);
    expect(t.confirmCard).toHaveBeenCalledTimes(1);
    expect(t.pay).toHaveBeenCalledTimes(1);
    expect(t.completed).toHaveBeenCalledTimes(1);
  });

  it('typing during a submit is kept', async () => {
    let fail: (e: unknown) => void = () => {};
    const t = start({}, { pay: () => new Promise<CheckoutResult>((_resolve, reject) => (fail = reject)) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    t.fill({ lastName: 'Byron' });
    fail({ code: 'unexpected' });
    await settle();
    expect(selectValues(t.actor.getSnapshot()).lastName).toBe('Byron');
  });

  it('cart_booked (already paid) is completed with the order id from the error', async () => {
    const t = start(
      {},
      {
        pay: async () =>
          Promise.reject({ code: 'cart_booked', status: 409, extra: { ticket_order_id: 'o42' } }),
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.actor.getSnapshot().matches('completed')).toBe(true);
    expect(t.completed.mock.calls).toEqual([[['o42']]]);
  });

  it('intent_processing is pending: the pending action gets the cart id', async () => {
    const t = start({}, { pay: async () => Promise.reject({ code: 'intent_processing', status: 402 }) });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.actor.getSnapshot().matches('pending')).toBe(true);
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.pending.mock.calls).toEqual([['cart-1', false]]);
    expect(t.completed).not.toHaveBeenCalled();
  });

  it('a bank debit still processing goes to the pending page with the debit wording (spec 2 §2)', async () => {
    const t = start(
      {},
      {
        confirmCard: async () => ({ source: 'pm_debit', methodType: 'us_bank_account' }),
        pay: async () => Promise.reject({ code: 'intent_processing', status: 402 }),
      },
    );
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.pending.mock.calls).toEqual([['cart-1', true]]);
  });

  it('a wallet approved: no card step, the wallet fills the empty identity fields, pays with its method', async () => {
    const t = start({ termsShown: false });
    t.fill({ firstName: 'Ada' });
    t.actor.send({
      type: 'wallet.approve',
      source: 'pm_wallet',
      identity: { firstName: 'Mary', lastName: 'Jackson', email: 'mary@example.com' },
    });
    await settle();
    expect(t.confirmCard).not.toHaveBeenCalled();
    expect(t.storePurchaser.mock.calls[0]?.[0]).toMatchObject({
      purchaser: { firstName: 'Ada', lastName: 'Jackson', email: 'mary@example.com' },
    });
    expect(t.pay.mock.calls[0]?.[0]).toMatchObject({ source: 'pm_wallet', amountCents: 5000 });
    expect(t.completed.mock.calls).toEqual([[['o1', 'o2']]]);
  });

  it('a wallet cancelled by the customer is the cancellation error (spec 2 §4), nothing called', async () => {
    const t = start();
    t.actor.send({ type: 'wallet.cancel' });
    await settle();
    expect(textOf(t.actor.getSnapshot().context.formError)).toBe(
      'Your card has not been charged. The payment was cancelled in your wallet. Please edit your payment details and try again.',
    );
    expect(t.calls).toEqual([]);
    expect(selectCheckoutView(t.actor.getSnapshot()).canSubmit).toBe(true);
    expect(selectCheckoutView(t.actor.getSnapshot()).cardRefused).toBe(true);
  });

  it('a wallet refused for its postcode gets the note; a card refused for it does not (spec 2 §8)', async () => {
    const zip = async () =>
      Promise.reject({
        code: 'incorrect_zip',
        status: 400,
        extra: { type: 'card_error', message: 'The zip code you supplied failed validation.' },
      });
    const byWallet = start({ termsShown: false }, { pay: zip });
    byWallet.actor.send({
      type: 'wallet.approve',
      source: 'pm_wallet',
      identity: { firstName: 'Mary', lastName: 'Jackson', email: 'mary@example.com' },
    });
    await settle();
    const view = selectCheckoutView(byWallet.actor.getSnapshot());
    expect(textOf(view.formError)).toBe(
      'Your card has not been charged. The zip code you supplied failed validation. Please edit your payment details and try again.',
    );
    expect(view.walletPostcodeNote).toBe(true);
    expect(T.walletPostcodeNote).toBe(
      'The zip code checked is the one in the billing address of your wallet.',
    );
    const byCard = start({}, { pay: zip });
    byCard.fillValid();
    byCard.actor.send({ type: 'submit' });
    await settle();
    expect(selectCheckoutView(byCard.actor.getSnapshot()).walletPostcodeNote).toBe(false);
  });

  it('back from the pending page after the payment failed: the form opens with the card error, payable', async () => {
    const t = start({ paymentFailed: true });
    const view = selectCheckoutView(t.actor.getSnapshot());
    expect(textOf(view.formError)).toBe(
      'Your card has not been charged. Your payment could not be processed. Please edit your payment details and try again.',
    );
    expect(view.canSubmit).toBe(true);
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    expect(t.completed.mock.calls).toEqual([[['o1', 'o2']]]);
    expect(t.actor.getSnapshot().context.formError).toBeNull();
  });

  it('sends begin checkout once, on the first input focus', async () => {
    const t = start({}, { pay: async () => Promise.reject({ code: 'card_declined' }) });
    expect(t.beginCheckout).not.toHaveBeenCalled();
    t.actor.send({ type: 'field.focus', name: 'firstName' });
    t.actor.send({ type: 'field.focus', name: 'lastName' });
    t.fillValid();
    t.actor.send({ type: 'submit' });
    await settle();
    t.actor.send({ type: 'field.focus', name: 'email' });
    expect(t.beginCheckout).toHaveBeenCalledTimes(1);
  });
});
