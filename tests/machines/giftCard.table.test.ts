/**
 * The gift card field held to its independent transition table (issue 29, ./giftCard.table.ts, written from spec 2
 * §3, §4, §5, §7, §8): every state × world × event sample, the start (cards applied before, spread again), the
 * followers of the app cart and of the checkout (what each snapshot tells the field), and the messages' texts.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor } from 'xstate';
import { giftCardMachine } from '../../machines/giftCard/giftCard.machine';
import type { GiftCardContext } from '../../machines/giftCard/types';
import '../../ui/checkout/gift-card-strings';
import { createStrings, resolveMessage } from '../../ui/strings';
import { CARD_A, CARD_B, events, MESSAGES, payments, table, worlds } from './giftCard.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

const followers = [
  { invoke: 'followCart', input: { actor: null } },
  { invoke: 'followCheckout', input: { actor: null } },
];
const start = (dueCents: number, limitCents: number | null, balances: Record<string, number>) => ({
  number: '',
  dueCents,
  limitCents,
  cards: payments(balances, dueCents, limitCents),
  fieldError: null,
  error: null,
  balances,
  refusals: 0,
  cartActor: null,
  checkoutActor: null,
});

/** A stand-in for a followed actor: its subscribers get each snapshot pushed. */
function fakeActor<T>() {
  const listeners: ((snapshot: T) => void)[] = [];
  const ref = {
    subscribe: (listener: (snapshot: T) => void) => {
      listeners.push(listener);
      return { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  };
  return {
    ref: ref as unknown as AnyActorRef,
    push: (s: T) => {
      for (const l of listeners) l(s);
    },
    listeners,
  };
}
const cartSnapshot = (state: string, outstandingCents: number) => ({
  matches: (value: string) => value === state,
  context: { cart: { totals: { outstandingCents } } },
});
const checkoutSnapshot = (
  outstandingCents: number,
  instalmentCents: number | null,
  paidNowCents: number,
) => ({
  context: { cart: { totals: { outstandingCents } }, instalmentCents, paidNowCents },
});

describe('gift card field held to its transition table (spec 2 §3, §4, §5, §7, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(giftCardMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: giftCardMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it('starts editing with nothing typed, following the app cart and the checkout', () => {
    expect(actualInitial(giftCardMachine, { dueCents: 2650 })).toEqual(
      expectedInitial(table, start(2650, null, {}), followers),
    );
    expect(actualInitial(giftCardMachine, { dueCents: -100, limitCents: null })).toEqual(
      expectedInitial(table, start(0, null, {}), followers),
    );
  });

  it('cards applied before keep their balance (payment + remaining) and are spread over what is due now', () => {
    const cards = [
      { cardNumber: CARD_A, paymentCents: 1000, remainingBalanceCents: 0 },
      { cardNumber: CARD_B, paymentCents: 1650, remainingBalanceCents: 18350 },
    ];
    const balances = { [CARD_A]: 1000, [CARD_B]: 20000 };
    expect(actualInitial(giftCardMachine, { dueCents: 1500, cards, limitCents: 1200 })).toEqual(
      expectedInitial(table, start(1500, 1200, balances), followers),
    );
    expect(start(1500, 1200, balances).cards).toEqual([
      { cardNumber: CARD_A, paymentCents: 1000, remainingBalanceCents: 0 },
      { cardNumber: CARD_B, paymentCents: 200, remainingBalanceCents: 19800 },
    ]);
  });

  it('follows the app cart’s outstanding balance while it shows a cart (active or expired), and nothing else', () => {
    const cart = fakeActor<ReturnType<typeof cartSnapshot>>();
    const actor = createActor(giftCardMachine, { input: { dueCents: 2650, cartActor: cart.ref } }).start();
    expect(actor.getSnapshot().context.cartActor).toBe(cart.ref);
    expect(cart.listeners).toHaveLength(1);
    cart.push(cartSnapshot('active', 1200));
    expect(actor.getSnapshot().context.dueCents).toBe(1200);
    cart.push(cartSnapshot('expired', 900));
    expect(actor.getSnapshot().context.dueCents).toBe(900);
    cart.push(cartSnapshot('loading', 300));
    expect(actor.getSnapshot().context.dueCents).toBe(900);
    actor.stop();
    expect(cart.listeners).toHaveLength(0);
  });

  it('follows the checkout’s amount to pay now: the plan’s choice less what gift cards paid, within the balance', () => {
    const checkout = fakeActor<ReturnType<typeof checkoutSnapshot>>();
    const actor = createActor(giftCardMachine, { input: { dueCents: 20000, checkoutActor: checkout.ref } });
    actor.start();
    expect(actor.getSnapshot().context.checkoutActor).toBe(checkout.ref);
    checkout.push(checkoutSnapshot(20000, null, 0));
    expect(actor.getSnapshot().context.limitCents).toBe(20000);
    checkout.push(checkoutSnapshot(20000, 5000, 1000));
    expect(actor.getSnapshot().context.limitCents).toBe(4000);
    checkout.push(checkoutSnapshot(3000, 5000, 0));
    expect(actor.getSnapshot().context.limitCents).toBe(3000);
    actor.stop();
  });

  it('its messages read as the spec writes them (spec 2 §5, §8; "required" is ours)', () => {
    const T = createStrings();
    const text = (m: (typeof MESSAGES)[keyof typeof MESSAGES]) => resolveMessage(T, m as never);
    expect(text(MESSAGES.duplicate)).toBe('Oops! You already applied this gift card');
    expect(text(MESSAGES.empty)).toBe('Gift Card balance is $0');
    expect(text(MESSAGES.notFound)).toBe('Gift card not found.');
    expect(text(MESSAGES.trouble)).toBe('We are having trouble with that sorry. Please try again later.');
    expect(text(MESSAGES.required)).toBe('Please enter a gift card number.');
  });

  it('a world’s context is a real context (its cards are the spread of its balances)', () => {
    for (const { context } of worlds as { context: GiftCardContext }[])
      expect(context.cards).toEqual(payments(context.balances, context.dueCents, context.limitCents));
  });
});
