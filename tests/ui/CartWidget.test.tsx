// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartWidget, type CartWidgetProps } from '../../ui/CartWidget';
import { MobileCartFooter } from '../../ui/cart/MobileCartFooter';
import RemoveConfirm from '../../ui/cart/RemoveConfirm';
import { createStrings } from '../../ui/strings';
import { installDialogPolyfill } from './dialog-polyfill';

beforeAll(installDialogPolyfill);
afterEach(cleanup);

const strings = createStrings();

function renderWidget(over: Partial<CartWidgetProps> = {}) {
  const onAskRemove = vi.fn();
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
      onAskRemove={onAskRemove}
      {...over}
    />,
  );
  return { onAskRemove };
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

  it('lists the attendees’ names under their ticket line', () => {
    renderWidget({
      items: [
        {
          key: 'ev:s',
          eventName: 'Artist Talk',
          start: null,
          timezone: 'America/New_York',
          image: null,
          lines: [
            {
              ticketTypeId: 'a',
              name: 'Adult',
              count: 2,
              totalCents: 3000,
              admitNames: ['Ada Lovelace', 'Alan Turing'],
            },
          ],
          ticketIds: ['t1', 't2'],
        },
      ],
    });
    const line = screen.getByText('2 × Adult').closest('li') as HTMLElement;
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it("labels a partial total 'Partial total'", () => {
    renderWidget({ total: { key: 'partialTotal', amountCents: 2000 } });
    expect(within(row('Partial total')).getByText('$20.00')).toBeTruthy();
  });

  it("a remove button asks to remove its item's tickets (the confirm overlay opens on the modal stack)", async () => {
    const { onAskRemove } = renderWidget();
    const remove = screen.getByRole('button', { name: 'Remove General Admission' });
    expect(remove.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(remove);
    expect(onAskRemove).toHaveBeenCalledWith({ ticketIds: ['t1', 't2', 't3'], name: 'General Admission' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says the cart is empty without items', () => {
    renderWidget({ items: [], lines: [], total: null });
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });
});

describe('RemoveConfirm', () => {
  function renderConfirm(busy = false) {
    const calls = { onConfirm: vi.fn(), onCancel: vi.fn(), onDismiss: vi.fn() };
    render(
      <RemoveConfirm strings={strings} name="General Admission" busy={busy} closing={false} {...calls} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove these tickets?' });
    return { ...calls, dialog };
  }

  it('is an alert dialog on the Modal, naming the item, with Confirm focused', async () => {
    const { dialog, onConfirm, onCancel } = renderConfirm();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('data-modal')).toBe('removeConfirm');
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('General Admission');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(confirm);
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('Escape dismisses it; Confirm is disabled while the cart is busy', async () => {
    const { dialog, onDismiss, onConfirm } = renderConfirm(true);
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect((within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(onConfirm).not.toHaveBeenCalled();
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
