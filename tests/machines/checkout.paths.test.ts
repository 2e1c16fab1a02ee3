/**
 * Path tests of the checkout machine: paths built with xstate/graph from an events function (for five
 * inputs: identity form and terms shown or not, amount due or free, a gift), replayed on a real actor
 * (graph-helpers: controlled fake promise actors, SimulatedClock), and an edge-coverage check proving every
 * transition was walked on a real actor.
 *
 * Invariants after every step of every path, on the fake actors' call log (spec 2 §4 "Checkout submit"):
 * nothing is called before the first submit; per submit, at most one card confirmation and at most one
 * customer confirmation (402 intent_requires_action); `pay` at most once before the customer confirmation and
 * once after it, so at most twice, and the second time with the payment-intent id as the source; once the
 * customer confirmed, exactly two pay calls (the 402 path pays twice in total); nothing due: no card and no
 * pay at all; a gift: the gift-recipient check (applyGift) comes before any card, purchaser or pay call of the
 * submit, and a cart that is not a gift never calls it. A member's zip code (spec 2 §4) is applied once, first,
 * to the cart, and only when the input has one; a submit while it is applied calls nothing. Gift cards (spec 2
 * §4 submit order): no card payment before the gift card payments, each card posted at most once per submit for
 * its own amount, and never a card confirmation or card payment when the gift cards cover what is due.
 * Scheduled payments (spec 2 §4): the card pays the amount the scheduled payments panel chose at the submit
 * (never the whole outstanding balance unless chosen); a partial answer stays in the form with the success
 * message (what the pay call paid, the next payment the fresh cart lists), the fresh cart and the terms unticked.
 * Captcha (spec 2 §4, §5, §6): a checkout without one (a member's, or a seller without a key) never asks for it
 * and sends no token; with one, the captcha starts with the card confirmation (step 3, in parallel), before the
 * purchaser is stored; every token goes with at most one payment (one captcha token per payment), the card's
 * payment and the free checkout each carry the token solved last in their submit (the payment again with the
 * confirmed intent id, the same payment, carries none), and a gift card carries one only as the last payment.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { GiftCardPayment } from '../../api/models';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { CheckoutEvent, CheckoutInput } from '../../machines/checkout/types';
import {
  happyPathEvents,
  inputs,
  pathEvents,
  type Snap,
  serializeState,
  WALLET_SOURCE,
} from '../../stories/fixtures/checkout';
import { recordCoverage } from './coverage';
import {
  assertFullCoverage,
  invariant,
  type ReplayRunner,
  replayPath,
  walkMachinePaths,
} from './graph-helpers';

const traversal = (input: CheckoutInput) => ({ input, events: pathEvents, serializeState });

/** Per replayed actor: how many fake-actor calls there were after the previous step. */
const callsBefore = new WeakMap<object, number>();
/** Per replayed actor: where in the call log the current submit began (absent before the first submit). */
const submitStart = new WeakMap<object, number>();

/** Per replayed actor: the gift cards and the amount due it started with (before any is paid). */
const startingGiftCards = new WeakMap<object, GiftCardPayment[]>();
const startingDue = new WeakMap<object, number>();
/** Per replayed actor: the amount the scheduled payments panel had chosen when the current submit began. */
const instalmentAtSubmit = new WeakMap<object, number | null>();
const outstandingAtSubmit = new WeakMap<object, number>();
/** Per replayed actor: what gift cards paid since the panel last chose or the last partial payment. */
const giftPaidSinceChoice = new WeakMap<object, number>();
function startingCards(runner: ReplayRunner<typeof checkoutMachine>): GiftCardPayment[] {
  if (!startingGiftCards.has(runner)) {
    const { context } = runner.actor.getSnapshot();
    startingGiftCards.set(runner, context.giftCards);
    startingDue.set(runner, context.cart.totals.outstandingCents);
  }
  return startingGiftCards.get(runner) ?? [];
}

/** The invariants of the file comment, after a step. */
function checkInvariants(runner: ReplayRunner<typeof checkoutMachine>, _: unknown, event: EventObject): void {
  startingCards(runner);
  // The app cart's follower runs from the start (with no cart here): it is not a step of the submit.
  const follows = runner.controls.calls.filter((call) => call.src === 'followCart');
  invariant(follows, 'the app cart is followed once, for the whole checkout').toHaveLength(1);
  const zipCode = runner.actor.getSnapshot().context.zipCode;
  const zipCalls = runner.controls.calls.filter((call) => call.src === 'applyZipCode');
  invariant(zipCalls, 'the zip code is applied once, to the cart, only when there is one').toEqual(
    zipCode === null ? [] : [{ src: 'applyZipCode', input: { cartId: 'cart-1', code: zipCode } }],
  );
  const calls = runner.controls.calls.filter((call) => !['followCart', 'applyZipCode'].includes(call.src));
  const snapshot = runner.actor.getSnapshot();
  // Spec 2 §8: a blocking rule holds the cart: a submit stays in the form with the spec's warning and calls
  // nothing, until a code clears the rule (the app cart brings the cleared cart).
  const submits = event.type === 'submit' || event.type === 'wallet.approve';
  if (submits && (snapshot.context.cart.cartMods ?? []).some((m) => m.blocking)) {
    invariant(snapshot.value).toBe('editing');
    invariant(snapshot.context.formError?.key).toBe('codeRequired');
    invariant(calls.length, 'a blocked cart calls nothing').toBe(callsBefore.get(runner) ?? 0);
    return;
  }
  if (submits) {
    submitStart.set(runner, callsBefore.get(runner) ?? 0);
    instalmentAtSubmit.set(runner, snapshot.context.instalmentCents);
    outstandingAtSubmit.set(runner, snapshot.context.cart.totals.outstandingCents);
  }
  // Spec 2 §4: a wallet cancelled by the customer is a cancellation error, and nothing is called.
  if (event.type === 'wallet.cancel') {
    invariant(snapshot.value).toBe('editing');
    invariant(snapshot.context.formError?.key).toBe('walletCancelled');
  }
  callsBefore.set(runner, calls.length);
  const start = submitStart.get(runner);
  if (start === undefined) {
    invariant(calls, 'nothing is called before the first submit').toEqual([]);
    return;
  }
  const sinceSubmit = calls.slice(start);
  const log = sinceSubmit.map((call) => call.src).join(', ');
  const count = (src: string) => sinceSubmit.filter((call) => call.src === src).length;
  invariant(count('confirmCard'), `one card confirmation per submit: ${log}`).toBeLessThanOrEqual(1);
  invariant(count('confirmAction'), `one customer confirmation per submit: ${log}`).toBeLessThanOrEqual(1);
  const confirmation = sinceSubmit.findIndex((call) => call.src === 'confirmAction');
  const pays = sinceSubmit.flatMap((call, i) => (call.src === 'pay' ? [i] : []));
  const paysBefore = pays.filter((i) => confirmation === -1 || i < confirmation);
  const paysAfter = pays.filter((i) => confirmation !== -1 && i > confirmation);
  invariant(paysBefore.length, `one pay before the customer confirmation: ${log}`).toBeLessThanOrEqual(1);
  invariant(paysAfter.length, `one pay after the customer confirmation: ${log}`).toBeLessThanOrEqual(1);
  if (paysAfter.length === 1) {
    const retry = sinceSubmit[paysAfter[0] as number]?.input as { source: string };
    invariant(retry.source, 'the retry pays with the payment-intent id').toBe('pi_1');
  }
  if (event.type === 'xstate.done.actor.confirmAction') {
    invariant(pays.length, `the 402 path pays twice in total: ${log}`).toBe(2);
  }
  const gift = sinceSubmit.findIndex((call) => call.src === 'applyGift');
  const paymentSteps = sinceSubmit.findIndex((call) =>
    ['confirmCard', 'solveCaptcha', 'storePurchaser', 'payGiftCard', 'pay', 'freeCheckout'].includes(
      call.src,
    ),
  );
  checkCaptcha(snapshot.context.captchaRequired, calls, sinceSubmit, log);
  if (runner.actor.getSnapshot().context.gift) {
    if (paymentSteps !== -1) {
      invariant(gift, `the gift-recipient check before any payment step: ${log}`).toBeGreaterThan(-1);
      invariant(gift, `the gift-recipient check before any payment step: ${log}`).toBeLessThan(paymentSteps);
    }
  } else {
    invariant(gift, `no gift-recipient check without a gift: ${log}`).toBe(-1);
  }
  // A wallet approved: no card step; the pay (if any) uses the wallet's payment method (or, after the
  // customer's confirmation, the intent).
  if (snapshot.context.wallet) {
    invariant(count('confirmCard'), `a wallet needs no card step: ${log}`).toBe(0);
    const firstPay = sinceSubmit.find((call) => call.src === 'pay')?.input as { source: string } | undefined;
    if (firstPay) invariant(firstPay.source, 'the wallet pays with its payment method').toBe(WALLET_SOURCE);
  }
  // Spec 2 §4: earlier partial payments (gift cards) are posted first; the card pays only what they leave.
  const giftPays = sinceSubmit.flatMap((call, i) => (call.src === 'payGiftCard' ? [i] : []));
  const lastGiftPay = giftPays.at(-1) ?? -1;
  const cards = startingCards(runner);
  for (const i of pays)
    invariant(i, `no card payment before the gift card payments: ${log}`).toBeGreaterThan(lastGiftPay);
  const posted = giftPays.map((i) => {
    const { cartId, cardNumber, amountCents } = (sinceSubmit[i] as { input: unknown }).input as {
      cartId: string;
      cardNumber: string;
      amountCents: number;
    };
    return { cartId, cardNumber, amountCents };
  });
  // A card paid in an earlier submit (whose card step then failed) is not posted again: this submit goes on
  // from the first card not yet paid.
  const from = cards.findIndex((c) => c.cardNumber === posted[0]?.cardNumber);
  const inOrder = cards.slice(Math.max(0, from), Math.max(0, from) + posted.length);
  const chosen = instalmentAtSubmit.get(runner) ?? null;
  if (chosen === null) {
    invariant(posted, `each gift card posted once, in order, for its amount: ${log}`).toEqual(
      inOrder.map((c) => ({ cartId: 'cart-1', cardNumber: c.cardNumber, amountCents: c.paymentCents })),
    );
  } else {
    // Spec 2 §4 with scheduled payments (issue 22): the gift cards, in order, and the card pay at most what the
    // panel chose (within the balance), never the whole balance; each card at most its balance.
    invariant(
      posted.map((p) => p.cardNumber),
      `each gift card posted once, in order: ${log}`,
    ).toEqual(inOrder.map((c) => c.cardNumber));
    posted.forEach((p, i) => {
      const card = inOrder[i];
      if (card) invariant(p.amountCents).toBeLessThanOrEqual(card.paymentCents + card.remainingBalanceCents);
    });
    const lastCardPay = sinceSubmit[pays.at(-1) ?? -1]?.input as { amountCents: number } | undefined;
    const paidNow = posted.reduce((sum, p) => sum + p.amountCents, 0) + (lastCardPay?.amountCents ?? 0);
    const choice = Math.min(chosen, outstandingAtSubmit.get(runner) ?? 0);
    invariant(paidNow, `gift cards and card pay at most the amount chosen: ${log}`).toBeLessThanOrEqual(
      choice,
    );
  }
  const covered = cards.reduce((sum, c) => sum + c.paymentCents, 0) >= (startingDue.get(runner) ?? 0);
  if (covered) {
    invariant(
      count('confirmCard') + count('pay'),
      `never a card payment when the cards cover the total: ${log}`,
    ).toBe(0);
  }
  // Spec 2 §4: with scheduled payments the card pays the amount chosen in the panel.
  if (chosen !== null && cards.length === 0) {
    for (const i of pays) {
      const paid = sinceSubmit[i]?.input as { amountCents: number };
      // (never more than what is outstanding: a choice made before a partial payment is clamped to what is left)
      const left = outstandingAtSubmit.get(runner) ?? 0;
      invariant(paid.amountCents, `the card pays the amount chosen in the panel: ${log}`).toBe(
        Math.min(chosen, left),
      );
    }
  }
  const answer = (event as { output?: { partial?: unknown } }).output;
  if (event.type === 'instalment.change') giftPaidSinceChoice.set(runner, 0);
  if (event.type === 'xstate.done.actor.payGiftCard') {
    // The card it answers for (the next one may be posted already).
    const paid = posted.at(snapshot.matches({ submitting: { payingGiftCards: 'posting' } }) ? -2 : -1);
    giftPaidSinceChoice.set(runner, (giftPaidSinceChoice.get(runner) ?? 0) + (paid?.amountCents ?? 0));
  }
  const giftPaid = giftPaidSinceChoice.get(runner) ?? 0;
  if (answer?.partial && snapshot.matches('editing')) giftPaidSinceChoice.set(runner, 0);
  if (event.type === 'xstate.done.actor.pay' && answer?.partial) {
    const lastPay = sinceSubmit[pays.at(-1) as number]?.input as { amountCents: number };
    invariant(snapshot.value, 'a partial payment stays on the page').toBe('editing');
    invariant(snapshot.context.termsAccepted, 'the terms are unticked').toBe(false);
    invariant(snapshot.context.cart, 'the cart is the fresh one of the answer').toBe(answer.partial);
    // What was paid now: the card, and the gift cards posted towards the same choice (issue 22).
    invariant(snapshot.context.partialPayment).toEqual({
      amountCents: giftPaid + lastPay.amountCents,
      next: { amountCents: 7500, dueDate: '2026-11-28T10:05:00.000Z' },
    });
  }
  // A gift card that paid what was left of the amount chosen, with a balance still outstanding (a deposit): the
  // checkout stays on the page with the success message for all of the chosen amount, no card step.
  if (event.type === 'xstate.done.actor.payGiftCard' && answer?.partial && snapshot.matches('editing')) {
    invariant(chosen, 'only a payment plan stops short of the balance').not.toBeNull();
    invariant(snapshot.context.cart, 'the cart is the fresh one of the answer').toBe(answer.partial);
    invariant(snapshot.context.termsAccepted, 'the terms are unticked').toBe(false);
    invariant(count('confirmCard') + count('pay'), `the gift cards paid it all: ${log}`).toBe(0);
    invariant(snapshot.context.partialPayment?.amountCents, `what was paid now, the gift cards: ${log}`).toBe(
      giftPaid,
    );
    invariant(giftPaid, 'all that was chosen').toBe(
      Math.min(chosen ?? 0, outstandingAtSubmit.get(runner) ?? 0),
    );
  }
  if (runner.actor.getSnapshot().context.cart.totals.outstandingCents <= 0) {
    invariant(count('confirmCard') + count('pay'), `nothing due: no card, no pay: ${log}`).toBe(0);
  }
}

type Logged = { src: string; input: unknown };
const tokenIn = (call: Logged) => (call.input as { captchaToken?: string | null }).captchaToken ?? null;
const PAYMENTS = ['pay', 'payGiftCard', 'freeCheckout'];

/** The captcha invariants of the file comment, on the whole call log and on this submit's. */
function checkCaptcha(required: boolean, calls: Logged[], sinceSubmit: Logged[], log: string): void {
  const payments = calls.filter((call) => PAYMENTS.includes(call.src));
  if (!required) {
    invariant(
      calls.filter((call) => call.src === 'solveCaptcha'),
      `no captcha: ${log}`,
    ).toEqual([]);
    invariant(payments.map(tokenIn), `no captcha, no token: ${log}`).toEqual(payments.map(() => null));
    return;
  }
  const sent = payments.map(tokenIn).filter((token) => token !== null);
  invariant(new Set(sent).size, `one captcha token per payment: ${sent.join(', ')}`).toBe(sent.length);
  const card = sinceSubmit.findIndex((call) => call.src === 'confirmCard');
  const captcha = sinceSubmit.findIndex((call) => call.src === 'solveCaptcha');
  if (card !== -1) invariant(captcha, `the captcha in parallel with the card: ${log}`).toBe(card + 1);
  const purchaser = sinceSubmit.findIndex((call) => call.src === 'storePurchaser');
  if (purchaser !== -1) invariant(captcha, `the captcha before the purchaser: ${log}`).toBeGreaterThan(-1);
  const confirmation = sinceSubmit.findIndex((call) => call.src === 'confirmAction');
  sinceSubmit.forEach((call, i) => {
    if (!['pay', 'freeCheckout'].includes(call.src)) return;
    if (call.src === 'pay' && confirmation !== -1 && i > confirmation) {
      invariant(tokenIn(call), `the payment again with the intent carries no token: ${log}`).toBeNull();
      return;
    }
    invariant(tokenIn(call), `the last payment carries the captcha's token: ${log}`).not.toBeNull();
  });
}

const replay = (input: CheckoutInput, path: StatePath<Snap, CheckoutEvent>) =>
  replayPath(checkoutMachine, path, { input, serializeState, onStep: checkInvariants });

describe('checkout machine paths', () => {
  it('replays every shortest path on a real actor, checking the invariants at each step', async () => {
    for (const input of inputs) {
      for (const path of getShortestPaths(checkoutMachine, traversal(input))) await replay(input, path);
    }
  }, 120_000); // 14 inputs, 3,537 paths (6 s on CI before the captcha's three inputs; 48 s on a loaded machine)

  it('replays every simple path to completed for a card payment with the identity form and terms', async () => {
    const input = inputs[0] as CheckoutInput;
    const paths = getSimplePaths(checkoutMachine, {
      input,
      events: happyPathEvents,
      serializeState,
      toState: (s) => s.matches('completed'),
    });
    const viaAction = paths.filter((p) =>
      p.steps.some((s) => (s.event as EventObject).type === 'xstate.done.actor.confirmAction'),
    );
    expect(viaAction.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.state.matches('completed')).toBe(true);
      await replay(input, path);
    }
  });

  it('walks every transition of the machine on a real actor (edge coverage)', async () => {
    const report = await walkMachinePaths({
      machine: checkoutMachine,
      inputs,
      events: pathEvents,
      serializeState,
      onStep: checkInvariants,
    });
    assertFullCoverage(report);
    recordCoverage('checkout', report);
    console.info(
      `checkout paths: ${report.paths} paths, ${report.steps} steps, ${report.states} states, ${report.edges} edges, ${report.transitions} transitions, all walked`,
    );
  }, 180_000); // 25 s on CI before the captcha's three inputs (the 30 s default); 80 s on a loaded machine
});
