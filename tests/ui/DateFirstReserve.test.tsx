// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarDialog } from '../../ui/reserve/CalendarDialog';
import { DateFirstReserve, type DateFirstReserveProps } from '../../ui/reserve/DateFirstReserve';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

// jsdom has no modal dialogs: open them as plain open dialogs.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

const days = Array.from({ length: 12 }, (_, i) => ({
  date: `2026-12-${String(i + 1).padStart(2, '0')}`,
  disabled: i === 2,
  minPriceCents: 1200,
}));

function props(overrides: Partial<DateFirstReserveProps['view']> = {}): DateFirstReserveProps {
  return {
    strings: createStrings(),
    currency: 'USD',
    view: {
      status: 'ready',
      blockingMessage: null,
      days,
      buttonDays: days.slice(0, 8),
      hasMoreDates: true,
      selectedDate: null,
      dateListOpen: true,
      canChangeDate: false,
      sessionTabs: null,
      initialTab: 'morning',
      sessionListOpen: true,
      selectedSession: null,
      groups: null,
      fewTickets: null,
      totalCents: 0,
      canSubmit: false,
      submitting: false,
      messages: [],
      canRetry: false,
      ...overrides,
    },
    calendar: null,
    onShowMore: vi.fn(),
    onCloseCalendar: vi.fn(),
    onDismissCalendar: vi.fn(),
    onRetry: vi.fn(),
    onSelectDate: vi.fn(),
    onChangeDate: vi.fn(),
    onSelectSession: vi.fn(),
    onChangeSession: vi.fn(),
    onIncrement: vi.fn(),
    onDecrement: vi.fn(),
    onSubmit: vi.fn(),
  };
}

const calendar = () => {
  const onSelect = vi.fn();
  render(
    <CalendarDialog
      strings={createStrings()}
      days={days}
      selectedDate={null}
      onSelect={onSelect}
      onClose={vi.fn()}
    />,
  );
  return onSelect;
};

describe('date-first reserve view', () => {
  it('shows at most 8 day buttons, a sold-out day disabled, then Show more dates', () => {
    render(<DateFirstReserve {...props()} />);
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('button')).toHaveLength(8);
    expect(within(list).getByRole('button', { name: /Thursday, December 3, 2026, Sold out/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show more dates' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('Show more dates asks for the calendar (the modal stack opens it)', async () => {
    const user = userEvent.setup();
    const p = props();
    render(<DateFirstReserve {...p} />);
    await user.click(screen.getByRole('button', { name: 'Show more dates' }));
    expect(p.onShowMore).toHaveBeenCalledTimes(1);
  });

  it('shows the tabs of the view model: an empty tab reads Not available, an all-sold-out tab Sold out', () => {
    const session = (id: string, timeLabel: string, soldOut = false) => ({
      id,
      timeLabel,
      soldOut,
      disabled: soldOut,
      availableCapacity: null,
    });
    render(
      <DateFirstReserve
        {...props({
          selectedDate: '2026-12-01',
          dateListOpen: false,
          sessionTabs: [
            { id: 'morning', sessions: [], unavailable: 'notAvailable' },
            {
              id: 'afternoon',
              sessions: [session('a', '1:00 PM'), session('b', '2:00 PM', true)],
              unavailable: null,
            },
            { id: 'evening', sessions: [session('c', '6:00 PM', true)], unavailable: 'soldOut' },
          ],
          initialTab: 'afternoon',
        })}
      />,
    );
    expect(screen.getByRole('tab', { name: /Morning\s*Not available/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: /Evening\s*Sold out/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Afternoon' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '1:00 PM' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '2:00 PM, Sold out' })).toBeDisabled();
  });

  it('opens the Choose date calendar where arrows move focus by 1 or 7 days and Enter selects', async () => {
    const user = userEvent.setup();
    const onSelect = calendar();
    const dialog = screen.getByRole('dialog', { name: 'Choose date' });
    const first = within(dialog).getByRole('button', { name: /^Tuesday, December 1, 2026, From \$12\.00$/ });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('button', { name: /^Wednesday, December 2, 2026, From \$12\.00$/ }),
    ).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(
      within(dialog).getByRole('button', { name: /^Wednesday, December 9, 2026, From \$12\.00$/ }),
    ).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // Focus reached November 29, outside the month: the calendar turned back a month.
    expect(
      within(dialog).getByRole('button', { name: 'Sunday, November 29, 2026 — Not available' }),
    ).toHaveFocus();
    await user.keyboard(
      '{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}',
    );
    expect(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: /^Friday, December 11, 2026, From \$12\.00$/,
      }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-12-11');
  });

  it('does not select an unavailable day from the calendar', async () => {
    const user = userEvent.setup();
    const onSelect = calendar();
    await user.click(screen.getByRole('button', { name: 'Thursday, December 3, 2026 — Not available' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('date-first reserve view driven by the modal stack', () => {
  it('asks to open the calendar, shows it only as told, and reports close, dismiss and the chosen date', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const handlers = {
      onShowMore: vi.fn(() => calls.push('open')),
      onCloseCalendar: vi.fn(() => calls.push('close')),
      onDismissCalendar: vi.fn(() => calls.push('dismiss')),
      onSelectDate: vi.fn((date: string) => calls.push(`select ${date}`)),
    };
    const { rerender } = render(<DateFirstReserve {...props()} {...handlers} calendar={null} />);
    await user.click(screen.getByRole('button', { name: 'Show more dates' }));
    expect(calls).toEqual(['open']);
    expect(screen.queryByRole('dialog')).toBeNull();

    rerender(<DateFirstReserve {...props()} {...handlers} calendar={{ closing: false, size: 'lg' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(dialog).toHaveClass('modal--lg');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(
      within(dialog).getByRole('button', { name: /^Friday, December 11, 2026, From \$12\.00$/ }),
    );
    expect(calls).toEqual(['open', 'dismiss', 'close', 'close', 'select 2026-12-11']);

    rerender(<DateFirstReserve {...props()} {...handlers} calendar={{ closing: true, size: 'md' }} />);
    expect(screen.getByRole('dialog', { hidden: true })).toHaveClass('modal--md', 'modal--closing');
  });
});
