/**
 * Flows follow the app-wide cart inside their machines (machines/shared/follow.ts): a change of the app cart
 * reaches the checkout and the membership form with no route effect in between, only when what they read
 * changed, and not after the flow stopped.
 */
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { CartModel } from '../../api/models';
import { membershipPurchaseMachine } from '../../machines/membership/membershipPurchase.machine';
import { followActor } from '../../machines/shared/follow';
import { INPUTS } from '../../stories/fixtures/membershipPurchase';
import { makeCart } from './checkout.fixtures';

/** A stand-in for the app cart: an `active` state holding a cart, and a way to change it. */
const fakeCartMachine = setup({
  types: {
    context: {} as { cart: CartModel; ticks: number },
    events: {} as { type: 'set'; cart: CartModel } | { type: 'tick' },
  },
}).createMachine({
  initial: 'active',
  context: { cart: makeCart(5000), ticks: 0 },
  states: {
    active: {
      on: {
        set: { actions: assign({ cart: ({ event }) => (event.type === 'set' ? event.cart : makeCart(0)) }) },
        tick: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) },
      },
    },
  },
});

describe('following the app cart', () => {
  it('forwards an event only when what it carries changed (a tick of the cart is not a change)', () => {
    const cart = createActor(fakeCartMachine).start();
    const received = vi.fn();
    const follower = setup({
      actors: {
        follow: followActor((s: { context: { cart: CartModel } }) => ({
          type: 'seen' as const,
          count: s.context.cart.ticketCount,
        })),
      },
    }).createMachine({
      invoke: { src: 'follow', input: () => ({ actor: cart }) },
      on: { seen: { actions: ({ event }) => received(event.count) } },
    });
    const actor = createActor(follower).start();
    cart.send({ type: 'tick' });
    cart.send({ type: 'set', cart: { ...makeCart(5000), ticketCount: 3 } });
    cart.send({ type: 'tick' });
    cart.send({ type: 'set', cart: { ...makeCart(100), ticketCount: 3 } });
    expect(received.mock.calls).toEqual([[2], [3]]);
    actor.stop();
    cart.send({ type: 'set', cart: { ...makeCart(5000), ticketCount: 7 } });
    expect(received).toHaveBeenCalledTimes(2);
  });

  it('the membership form follows the app cart’s ticket count (the gift needs an empty cart)', () => {
    const cart = createActor(fakeCartMachine).start();
    const input = INPUTS[0]?.input;
    if (!input) throw new Error('no input');
    const form = createActor(membershipPurchaseMachine, { input: { ...input, cartActor: cart } }).start();
    expect(form.getSnapshot().context.cartTicketCount).toBe(input.cartTicketCount);
    cart.send({ type: 'set', cart: { ...makeCart(0), ticketCount: 4 } });
    expect(form.getSnapshot().context.cartTicketCount).toBe(4);
    form.stop();
  });
});
