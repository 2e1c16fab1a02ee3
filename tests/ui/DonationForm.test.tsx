// @vitest-environment jsdom
/**
 * Checkout's donation form (issue 23), accessible by construction: a group named 'Add a donation', the preset
 * amounts as toggle buttons with their pressed state, the own amount a labelled input with its bounds as its
 * description, a refusal announced (alert) and focused, a change made announced (status).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonationForm, type DonationFormProps } from '../../ui/checkout/DonationForm';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = createStrings();

const props = (over: Partial<DonationFormProps> = {}): DonationFormProps => ({
  strings,
  currency: 'USD',
  description: 'Choose the gift you would like to make',
  presets: [
    { ticketTypeId: 'f', name: 'Friend', amountCents: 1000, pressed: true },
    { ticketTypeId: 'p', name: 'Patron', amountCents: 5000, pressed: false },
  ],
  ownAmount: {
    ticketTypeId: 'o',
    name: 'Gift of your choice',
    value: '',
    minCents: 500,
    maxCents: 100000,
    chosen: false,
    error: null,
  },
  inCartCents: null,
  submitKind: 'add',
  canSubmit: true,
  canRemove: false,
  busy: false,
  error: null,
  notice: null,
  errorVersion: 0,
  onChoose: vi.fn(),
  onAmountChange: vi.fn(),
  onSubmit: vi.fn(),
  onRemove: vi.fn(),
  ...over,
});

describe('the donation form', () => {
  it('a labelled group of pressed-state amounts and a labelled own amount with its bounds', () => {
    const p = props();
    render(<DonationForm {...p} />);
    const group = screen.getByRole('group', { name: 'Add a donation' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: '$10.00 Friend' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '$50.00 Patron' }).getAttribute('aria-pressed')).toBe('false');
    const own = screen.getByRole('textbox', { name: 'Gift of your choice' });
    expect(own.getAttribute('aria-describedby')).toBe('donation-own-hint');
    expect(screen.getByText('From $5.00 to $1,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '$50.00 Patron' }));
    expect(p.onChoose).toHaveBeenCalledWith('p');
    fireEvent.focus(own);
    expect(p.onChoose).toHaveBeenCalledWith('o');
    fireEvent.click(screen.getByRole('button', { name: 'Add donation' }));
    expect(p.onSubmit).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Remove donation' })).toBeNull();
  });

  it('the own amount’s refusal is announced, described and focused; a change made is a status', () => {
    const { rerender } = render(
      <DonationForm
        {...props({
          ownAmount: {
            ...(props().ownAmount as NonNullable<DonationFormProps['ownAmount']>),
            value: '4',
            chosen: true,
          },
        })}
      />,
    );
    rerender(
      <DonationForm
        {...props({
          ownAmount: {
            ...(props().ownAmount as NonNullable<DonationFormProps['ownAmount']>),
            value: '4',
            chosen: true,
            error: { key: 'flexiblePriceOutside' },
          },
          errorVersion: 1,
        })}
      />,
    );
    const own = screen.getByRole('textbox', { name: 'Gift of your choice' });
    expect(screen.getByRole('alert').textContent).toBe('Value entered is outside min/max.');
    expect(own.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(own);
    cleanup();
    render(
      <DonationForm
        {...props({
          inCartCents: 2500,
          submitKind: 'update',
          canRemove: true,
          notice: { kind: 'added', amountCents: 2500 },
        })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Thank you! Your donation of $25.00 is in your cart.',
    );
    expect(screen.getByRole('button', { name: 'Update donation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove donation' })).toBeTruthy();
  });
});
