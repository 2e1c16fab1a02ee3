// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartWidget, type CartWidgetProps } from '../../ui/CartWidget';
import { MobileCartFooter } from '../../ui/cart/MobileCartFooter';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();

function renderWidget(over: Partial<CartWidgetProps> = {}) {
  const onRemove = vi.fn();
  render(
    <CartWidget
      strings={strings}
      currency="USD"
      items={[
        {
          key: 'ev:s',
          eventName: 'General Admission',
          start: '2026-11-21T15:00:00Z',
          timezone: 'America/New_York',
          image: { src: '/img.png', alt: '' },
          lines: [
            { ticketTypeId: 'a', name: 'Adult', count: 2, totalCents: 5000 },
            { ticketTypeId: 'c', name: 'Child', count: 1, totalCents: 1200 },
          ],
          ticketIds: ['t1', 't2', 't3'],
        },
      ]}
      lines={[
        { key: 'subtotal', amountCents: 6200 },
        { key: 'feesFixed', amountCents: 300 },
        { key: 'feesPercent', amountCents: 310 },
        { key: 'giftCard', amountCents: -1000, cardEnding: '4321', balanceLeftCents: 250 },
        { key: 'cartBalance', amountCents: 5810 },
      ]}
      total={{ key: 'total', amountCents: 5810 }}
      timer={null}
      busy={false}
      checkoutHref="/checkout"
      onNavigate={() => {}}
      onRemove={onRemove}
      {...over}
    />,
  );
  return { onRemove };
}

const row = (term: string) => screen.getByText(term).closest('div') as HTMLElement;

describe('CartWidget', () => {
  it("shows 'count × name' and price per ticket type, and each money line on its own", () => {
    renderWidget();
    expect(screen.getByText('2 × Adult')).toBeTruthy();
    expect(screen.getByText('1 × Child')).toBeTruthy();
    expect(within(row('Fixed fees')).getByText('$3.00')).toBeTruthy();
    expect(within(row('Percent fees')).getByText('$3.10')).toBeTruthy();
    expect(screen.queryByText('Fees')).toBeNull();
    const card = row('Gift card ending 4321');
    expect(within(card).getByText('-$10.00')).toBeTruthy();
    expect(within(card).getByText('Balance left: $2.50')).toBeTruthy();
    expect(within(row('Cart balance')).getByText('$58.10')).toBeTruthy();
    expect(within(row('Total')).getByText('$58.10')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeTruthy();
  });

  it("labels a partial total 'Partial total'", () => {
    renderWidget({ total: { key: 'partialTotal', amountCents: 2000 } });
    expect(within(row('Partial total')).getByText('$20.00')).toBeTruthy();
  });

  it('removes an item only through the confirm overlay; Cancel and Escape keep it', async () => {
    const user = userEvent.setup();
    const { onRemove } = renderWidget();
    const remove = screen.getByRole('button', { name: 'Remove General Admission' });
    await user.click(remove);
    let overlay = await screen.findByRole('alertdialog', { name: 'Remove these tickets?' });
    expect(within(overlay).getByRole('button', { name: 'Confirm' })).toBe(document.activeElement);
    await user.click(within(overlay).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);

    await user.click(remove);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(remove);
    overlay = await screen.findByRole('alertdialog');
    await user.click(within(overlay).getByRole('button', { name: 'Confirm' }));
    expect(onRemove).toHaveBeenCalledWith(['t1', 't2', 't3']);
  });

  it('says the cart is empty without items', () => {
    renderWidget({ items: [], lines: [], total: null });
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });
});

describe('MobileCartFooter', () => {
  it("has the cart button with its badge, 'Total to pay' and the action", async () => {
    const onCart = vi.fn();
    render(
      <MobileCartFooter
        strings={strings}
        currency="USD"
        totalLabel={strings.totalToPay}
        totalCents={5810}
        cartCount={150}
        badge="99+"
        onCart={onCart}
      >
        <a href="/checkout">Checkout</a>
      </MobileCartFooter>,
    );
    const footer = screen.getByTestId('mobile-cart-footer');
    expect(within(footer).getByText('Total to pay:')).toBeTruthy();
    expect(within(footer).getByText('$58.10')).toBeTruthy();
    const cart = within(footer).getByRole('button', { name: /Your cart/ });
    expect(cart.textContent).toContain('99+ tickets in your cart');
    await userEvent.click(cart);
    expect(onCart).toHaveBeenCalledTimes(1);
    expect(within(footer).getByRole('link', { name: 'Checkout' })).toBeTruthy();
  });
});
