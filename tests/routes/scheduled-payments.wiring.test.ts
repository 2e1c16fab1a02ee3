/**
 * The scheduled payments wiring (issue 22): the panel's machine tells the checkout the amount to pay at the start
 * and on every choice; it follows the app cart (a refreshed cart's amounts, as the server listed them); the
 * checkout pays the amount told, and a partial answer hands the fresh cart to the app cart (`partPaid`) and stays
 * in the form with the payment made and the next one. A booked order's later instalment asks for no purchaser.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import type { Api, CartModel } from '../../api';
import { provideScheduledPayments } from '../../routes/checkout/scheduled-payments-wiring';
import { identityFormShownFor, provideCheckout } from '../../routes/checkout/wiring';
import { depositPaidCart, planCart } from '../../stories/fixtures/checkout';

/** A stand-in for the app cart actor: what the followers subscribe to. */
function fakeCartActor() {
  const listeners = new Set<(snapshot: unknown) => void>();
  const actor = {
    subscribe: (fn: (snapshot: unknown) => void) => {
      listeners.add(fn);
      return { unsubscribe: () => listeners.delete(fn) };
    },
  };
  const publish = (cart: CartModel) => {
    const snapshot = { matches: (v: string) => v === 'active', context: { cart } };
    for (const fn of listeners) fn(snapshot);
  };
  return { actor: actor as unknown as AnyActorRef, publish };
}

describe('scheduled payments wiring', () => {
  it('tells the amount to pay at the start, on each choice, and for a refreshed cart', () => {
    const told: number[] = [];
    const cart = fakeCartActor();
    const machine = provideScheduledPayments({ amountChosen: (cents) => told.push(cents) });
    const plan = planCart();
    const actor = createActor(machine, {
      input: {
        dueCents: 5000,
        outstandingCents: 20000,
        scheduled: plan.scheduledPayments ?? [],
        cartActor: cart.actor,
      },
    }).start();
    actor.send({ type: 'option.choose', option: 'outstanding' });
    // The deposit was paid: the app cart's fresh cart lists $150.00 outstanding, $75.00 due next.
    cart.publish(depositPaidCart());
    expect(told).toEqual([5000, 20000, 7500]);
    expect(actor.getSnapshot().context.outstandingCents).toBe(15000);
    actor.stop();
  });

  it('the checkout pays the amount chosen; a partial answer goes to the app cart and stays in the form', async () => {
    const fresh = depositPaidCart();
    const pay = vi.fn(async () => ({ orderIds: ['o1'], partial: fresh }));
    const partPaid = vi.fn();
    const completed = vi.fn();
    const machine = provideCheckout({
      api: { cart: { pay } } as unknown as Pick<Api, 'cart'>,
      payment: async () => ({
        renderCardForm: () => null,
        confirmCard: async () => ({ source: 'pm_card_visa' }),
        confirmAction: async () => {},
      }),
      refreshCart: vi.fn(),
      completed,
      pending: vi.fn(),
      partPaid,
    });
    const actor = createActor(machine, {
      input: { cart: planCart(), identityFormShown: false, termsShown: false, instalmentCents: 5000 },
    }).start();
    actor.send({ type: 'instalment.change', amountCents: 12500 });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.context.partialPayment !== null);
    expect(pay).toHaveBeenCalledWith(
      'cart-1',
      { amountCents: 12500, source: 'pm_card_visa', captcha: null },
      { signal: expect.any(AbortSignal) },
    );
    expect(partPaid).toHaveBeenCalledWith(fresh);
    expect(completed).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.partialPayment).toEqual({
      amountCents: 12500,
      next: { amountCents: 7500, dueDate: '2026-11-28T10:05:00.000Z' },
    });
    actor.stop();
  });

  it('a booked order’s later instalment asks for no purchaser', () => {
    const purchaser = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    const booked = { ...depositPaidCart(), identityId: 'guest-1', purchaser };
    expect(identityFormShownFor(booked, 'public', false)).toBe(false);
    expect(identityFormShownFor({ ...booked, orderIds: [] }, 'public', false)).toBe(true);
  });
});
