// @vitest-environment jsdom
/**
 * The scheduled payments panel (spec 2 §4, §8): the options as radios, the overdue warning verbatim, the status
 * text as the row's style class, the completed payments with the spec's audit labels, dates in the day format.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ScheduledPaymentsPanel,
  type ScheduledPaymentsPanelProps,
} from '../../ui/checkout/ScheduledPaymentsPanel';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

function renderPanel(over: Partial<ScheduledPaymentsPanelProps> = {}) {
  const props: ScheduledPaymentsPanelProps = {
    strings: createStrings(),
    currency: 'USD',
    timezone: 'America/New_York',
    options: ['due', 'outstanding', 'other'],
    chosen: 'due',
    dueCents: 15000,
    outstandingCents: 15000 + 7500,
    customText: '150.00',
    scheduled: [
      { id: 'a', dueDate: '2026-11-28T15:00:00Z', amountCents: 7500, overdue: true },
      { id: 'b', dueDate: '2026-12-05T15:00:00Z', amountCents: 7500, overdue: false },
    ],
    completed: ['capture', 'refund', 'dispute_opened', 'dispute_closed', 'dispute_fee'].map((status, i) => ({
      id: `c${i}`,
      occurredDate: '2026-11-21T15:00:00Z',
      amountCents: 100 * (i + 1),
      status,
    })),
    overdueCents: 7500,
    disabled: false,
    onChoose: vi.fn(),
    onAmountChange: vi.fn(),
    onAmountCommit: vi.fn(),
    ...over,
  };
  render(<ScheduledPaymentsPanel {...props} />);
  return props;
}

describe('ScheduledPaymentsPanel', () => {
  it('shows the overdue total, the lists with their statuses and audit labels', () => {
    renderPanel();
    expect(screen.getByRole('alert').textContent).toBe('You have overdue payments totalling $75.00.');
    const rows = within(screen.getByRole('list', { name: 'Scheduled payments' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Due Sat, Nov 28, 2026 $75.00 Overdue',
      'Due Sat, Dec 5, 2026 $75.00 Upcoming',
    ]);
    expect(rows.map((r) => r.classList.contains('Overdue'))).toEqual([true, false]);
    expect(rows[1]?.classList.contains('Upcoming')).toBe(true);
    const done = within(screen.getByRole('list', { name: 'Completed payments' })).getAllByRole('listitem');
    expect(done.map((r) => r.textContent?.split(' ').slice(5).join(' '))).toEqual([
      'Paid',
      'Refund',
      'Dispute Opened',
      'Dispute Closed',
      'Dispute Fee',
    ]);
  });

  it('chooses an option and types a custom amount; only outstanding when due equals it', async () => {
    const user = userEvent.setup();
    const props = renderPanel({ chosen: 'other', overdueCents: 0 });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $225.00' }));
    expect(props.onChoose).toHaveBeenCalledWith('outstanding');
    const field = screen.getByRole('textbox', { name: 'Amount to pay' });
    await user.type(field, '1');
    expect(props.onAmountChange).toHaveBeenCalledWith('150.001');
    await user.tab();
    expect(props.onAmountCommit).toHaveBeenCalled();
    cleanup();
    renderPanel({ options: ['outstanding'], chosen: 'outstanding' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['outstanding']);
  });
});
