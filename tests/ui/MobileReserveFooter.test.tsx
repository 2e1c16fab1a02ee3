// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MobileReserveFooter } from '../../ui/reserve/MobileReserveFooter';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

function renderFooter(overrides: Partial<Parameters<typeof MobileReserveFooter>[0]> = {}) {
  const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
  const onCart = vi.fn();
  render(
    <>
      <form
        id="reserve-form"
        aria-label="Book tickets"
        onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}
      />
      <MobileReserveFooter
        strings={createStrings()}
        currency="USD"
        formId="reserve-form"
        totalCents={3000}
        canSubmit
        submitting={false}
        cartCount={3}
        onCart={onCart}
        {...overrides}
      />
    </>,
  );
  return { onSubmit, onCart };
}

describe('MobileReserveFooter', () => {
  it('submits the reserve form from outside it (form=) and shows the total', async () => {
    const { onSubmit } = renderFooter();
    expect(screen.getByText('$30.00')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Add to cart' });
    expect(submit.getAttribute('form')).toBe('reserve-form');
    await userEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('disables the submit when the form cannot be submitted, and says so while adding', () => {
    renderFooter({ canSubmit: false });
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderFooter({ canSubmit: false, submitting: true });
    expect(screen.getByRole('button', { name: 'Adding to cart…' }).getAttribute('aria-busy')).toBe('true');
  });

  it("has a cart button with the cart's ticket count (capped at 99+)", async () => {
    const { onCart } = renderFooter({ cartCount: 120 });
    const cart = screen.getByRole('button', { name: /Your cart/ });
    expect(cart.textContent).toContain('99+');
    expect(cart.textContent).toContain('99+ tickets in your cart');
    await userEvent.click(cart);
    expect(onCart).toHaveBeenCalledTimes(1);
  });

  it('reads one ticket in the singular to screen readers ("1 ticket", not "1 tickets")', () => {
    renderFooter({ cartCount: 1 });
    const cart = screen.getByRole('button', { name: /Your cart/ });
    expect(cart.textContent).toContain('1 ticket in your cart');
    expect(cart.textContent).not.toContain('1 tickets');
    cleanup();
    renderFooter({ cartCount: 2 });
    expect(screen.getByRole('button', { name: /Your cart/ }).textContent).toContain('2 tickets in your cart');
  });
});
