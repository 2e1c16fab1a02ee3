// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  QuantityFirstReserve,
  type QuantityFirstReserveProps,
  type QuantityFirstView,
} from '../../ui/reserve/QuantityFirstReserve';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const groups = [
  {
    id: 'g',
    name: 'Show tickets',
    description: null,
    types: [
      {
        id: 't-adult',
        name: 'Adult',
        description: null,
        priceCents: 1500,
        quantity: 2,
        canIncrement: true,
        canDecrement: true,
      },
    ],
  },
];
const days = [
  { date: '2026-11-22', disabled: false, minPriceCents: 1500 },
  { date: '2026-11-23', disabled: true, minPriceCents: 1500 },
];
const session = {
  id: 's-1',
  timeLabel: '11:00 AM',
  soldOut: false,
  disabled: false,
  selected: true,
  availableCapacity: null,
  totalCents: 3000,
};

function props(view: Partial<QuantityFirstView> = {}): QuantityFirstReserveProps {
  return {
    strings: createStrings(),
    currency: 'USD',
    formId: 'qf',
    showFooter: true,
    calendar: null,
    view: {
      quantitiesOpen: true,
      groups,
      summary: [{ name: 'Adult', quantity: 2 }],
      canFindTickets: true,
      findingTickets: false,
      dateVisible: false,
      days,
      buttonDays: days,
      hasMoreDates: false,
      noDays: false,
      selectedDate: null,
      dateListOpen: true,
      canChangeDate: false,
      sessionVisible: false,
      sessionTabs: null,
      initialTab: 'morning',
      selectedSession: null,
      fewTickets: null,
      attendeesVisible: false,
      totalCents: 3000,
      canSubmit: false,
      submitting: false,
      messages: [],
      canRetry: false,
      ...view,
    },
    onShowMore: vi.fn(),
    onCloseCalendar: vi.fn(),
    onDismissCalendar: vi.fn(),
    onIncrement: vi.fn(),
    onDecrement: vi.fn(),
    onFindTickets: vi.fn(),
    onEditQuantities: vi.fn(),
    onSelectDate: vi.fn(),
    onChangeDate: vi.fn(),
    onSelectSession: vi.fn(),
    onRetry: vi.fn(),
    onSubmit: vi.fn(),
  };
}

describe('QuantityFirstReserve', () => {
  it("open quantities: steppers and 'Find tickets', no date yet", async () => {
    const p = props();
    render(<QuantityFirstReserve {...p} />);
    expect(screen.getByRole('form', { name: 'Book tickets' }).id).toBe('qf');
    await userEvent.click(screen.getByRole('button', { name: 'Add one Adult' }));
    expect(p.onIncrement).toHaveBeenCalledWith('t-adult');
    await userEvent.click(screen.getByRole('button', { name: 'Find tickets' }));
    expect(p.onFindTickets).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Choose a date' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it("'Find tickets' is disabled until the selection is valid", () => {
    render(<QuantityFirstReserve {...props({ canFindTickets: false })} />);
    expect((screen.getByRole('button', { name: 'Find tickets' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closed quantities read as a summary with Change; the days show with sold-out ones disabled', async () => {
    const p = props({ quantitiesOpen: false, dateVisible: true });
    render(<QuantityFirstReserve {...p} />);
    expect(screen.getByText('Adult × 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change Tickets' }));
    expect(p.onEditQuantities).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Choose a date' })).toBeTruthy();
    const sold = screen.getByRole('button', {
      name: 'Mon 23 Sold out, Monday, November 23, 2026',
    }) as HTMLButtonElement;
    expect(sold.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /, Sunday, November 22, 2026$/ }));
    expect(p.onSelectDate).toHaveBeenCalledWith('2026-11-22');
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a chosen session reveals the attendee section and enables submit; no form footer under the mobile one', async () => {
    const view = {
      quantitiesOpen: false,
      dateVisible: true,
      selectedDate: '2026-11-22',
      dateListOpen: false,
      sessionVisible: true,
      sessionTabs: [{ id: 'morning' as const, sessions: [session], unavailable: null }],
      selectedSession: session,
      attendeesVisible: true,
      canSubmit: true,
    };
    const p = props(view);
    render(<QuantityFirstReserve {...p} />);
    expect(screen.getByRole('heading', { name: 'Your visit' })).toBeTruthy();
    expect(screen.queryByText('Hurry, less than 10 tickets available.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(p.onSubmit).toHaveBeenCalledTimes(1);
    cleanup();
    render(<QuantityFirstReserve {...props(view)} showFooter={false} />);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('the chosen session shows its places left and the few-tickets warning; days their price and badges', () => {
    const few = { ...session, remaining: 3 };
    render(
      <QuantityFirstReserve
        {...props({
          quantitiesOpen: false,
          dateVisible: true,
          selectedDate: '2026-11-22',
          dateListOpen: false,
          sessionVisible: true,
          sessionTabs: [{ id: 'morning' as const, sessions: [few], unavailable: null }],
          selectedSession: few,
          fewTickets: { key: 'fewTickets' },
          attendeesVisible: true,
        })}
      />,
    );
    expect(screen.getByText('3 left')).toBeTruthy();
    expect(screen.getByText('Hurry, less than 10 tickets available.')).toBeTruthy();
    cleanup();
    const priced = [
      {
        date: '2026-11-22',
        disabled: false,
        minPriceCents: 1500,
        price: { prefix: 'Kids from', cents: 1000 },
        badges: [{ kind: 'fewTickets' as const }],
      },
    ];
    render(
      <QuantityFirstReserve
        {...props({ quantitiesOpen: false, dateVisible: true, days: priced, buttonDays: priced })}
      />,
    );
    expect(
      screen.getByRole('button', {
        name: 'Sun 22 Kids from $10.00 Hurry, less than 10 tickets available., Sunday, November 22, 2026',
      }),
    ).toBeTruthy();
  });
});
