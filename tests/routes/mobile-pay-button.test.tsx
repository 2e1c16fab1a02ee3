// @vitest-environment jsdom
/**
 * The checkout's mobile footer pay button (spec 2 §2; issue 22): it says what the pay button will charge now,
 * read from the checkout actor itself (no effect copies it): a payment plan's due amount by default, the amount
 * the scheduled payments panel chooses, less the pending gift cards ('Complete order' when they pay it all).
 * Before the checkout actor runs it says what the actor will start with: the plan's due amount, not the balance.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { MobilePayButton } from '../../routes/checkout/MobilePayButton';
import { makeCart, planCart } from '../../stories/fixtures/checkout';

const strings = { pay: 'Pay {amount}', completeOrder: 'Complete order' };

afterEach(cleanup);

describe('the mobile footer pay button', () => {
  it("follows the checkout actor's amount to pay: the plan's choice less the gift cards", () => {
    // $200.00 owed, $50.00 due now (the deposit), the default choice.
    const cart = planCart();
    const checkout = createActor(checkoutMachine, {
      input: { cart, identityFormShown: false, termsShown: false, instalmentCents: 5000 },
    }).start();
    render(<MobilePayButton strings={strings} cart={cart} checkout={checkout} />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Pay $50.00');
    // The panel chooses the outstanding balance.
    act(() => checkout.send({ type: 'instalment.change', amountCents: 20000 }));
    expect(button.textContent).toBe('Pay $200.00');
    // A $30.00 gift card pays part of it; then another amount, $40.00: the card pays $10.00.
    const thirty = { cardNumber: '7000000000000030', paymentCents: 3000, remainingBalanceCents: 0 };
    act(() => checkout.send({ type: 'giftCards.change', cards: [thirty] }));
    expect(button.textContent).toBe('Pay $170.00');
    act(() => checkout.send({ type: 'instalment.change', amountCents: 4000 }));
    expect(button.textContent).toBe('Pay $10.00');
    // A card that covers the amount chosen: nothing for a card, the order is completed.
    act(() => checkout.send({ type: 'instalment.change', amountCents: 3000 }));
    expect(button.textContent).toBe('Complete order');
    expect(button.getAttribute('form')).toBe('checkout-form');
    checkout.stop();
  });

  it("before the checkout actor runs: the plan's due amount (less gift cards), without a plan the balance", () => {
    const { rerender } = render(<MobilePayButton strings={strings} cart={planCart()} checkout={null} />);
    expect(screen.getByRole('button').textContent).toBe('Pay $50.00');
    const ten = { cardNumber: '7000000000000010', paymentCents: 1000, remainingBalanceCents: 0 };
    rerender(
      <MobilePayButton strings={strings} cart={{ ...planCart(), giftCards: [ten] }} checkout={null} />,
    );
    expect(screen.getByRole('button').textContent).toBe('Pay $40.00');
    rerender(<MobilePayButton strings={strings} cart={makeCart(2650)} checkout={null} />);
    expect(screen.getByRole('button').textContent).toBe('Pay $26.50');
  });
});
