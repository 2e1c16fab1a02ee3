// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { dateFirstReserveMachine } from '../../machines/reserve/dateFirstReserve.machine';
import { VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import {
  cart,
  citypassGroup,
  citypassInput,
  days as fixtureDays,
  general,
  sessionsByDate,
} from '../../stories/fixtures/dateFirstReserve';
import { CalendarDialog } from '../../ui/reserve/CalendarDialog';
import { DateFirstReserve, type DateFirstReserveProps } from '../../ui/reserve/DateFirstReserve';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';
import { DateFirstHarness } from './date-first-harness';
import { dayOf, groupOf, sessionOf } from './reserve-view-fixtures';
import { at, zoned } from './zoned-times';

afterEach(cleanup);

// jsdom has no modal dialogs: open them as plain open dialogs.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

const days = Array.from({ length: 12 }, (_, i) =>
  dayOf({ date: `2026-12-${String(i + 1).padStart(2, '0')}`, disabled: i === 2, minPriceCents: 1200 }),
);

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
      hasFlexible: false,
      flexibleChosen: false,
      sessionTabs: null,
      initialTab: 'morning',
      conflictingTimes: [],
      allDaySession: null,
      ruleMessages: { date: [], session: [], quantity: [] },
      sessionListOpen: true,
      selectedSession: null,
      groups: null,
      fewTickets: null,
      attendees: [],
      surveys: [],
      vouchers: [],
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
    expect(
      within(list).getByRole('button', { name: 'Thu 3 Sold out, Thursday, December 3, 2026' }),
    ).toBeDisabled();
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
    const session = (id: string, timeLabel: string, soldOut = false) =>
      sessionOf({ id, ...at(timeLabel), soldOut, disabled: soldOut });
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
          conflictingTimes: [zoned('10:00 AM'), zoned('10:30 AM')],
        })}
      />,
    );
    expect(
      screen.getByText('Not offered because they overlap a visit already in your cart: 10:00 AM, 10:30 AM'),
    ).toBeVisible();
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
    const first = within(dialog).getByRole('button', { name: '1 From $12.00, Tuesday, December 1, 2026' });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('button', { name: '2 From $12.00, Wednesday, December 2, 2026' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(
      within(dialog).getByRole('button', { name: '9 From $12.00, Wednesday, December 9, 2026' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // Focus reached November 29, outside the month: the calendar turned back a month.
    expect(
      within(dialog).getByRole('button', { name: '29, Sunday, November 29, 2026, Not available' }),
    ).toHaveFocus();
    await user.keyboard(
      '{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}',
    );
    expect(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: '11 From $12.00, Friday, December 11, 2026',
      }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2026-12-11');
  });

  it('does not select an unavailable day from the calendar', async () => {
    const user = userEvent.setup();
    const onSelect = calendar();
    await user.click(screen.getByRole('button', { name: '3, Thursday, December 3, 2026, Not available' }));
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
      within(dialog).getByRole('button', { name: '11 From $12.00, Friday, December 11, 2026' }),
    );
    expect(calls).toEqual(['open', 'dismiss', 'close', 'close', 'select 2026-12-11']);

    rerender(<DateFirstReserve {...props()} {...handlers} calendar={{ closing: true, size: 'md' }} />);
    expect(screen.getByRole('dialog', { hidden: true })).toHaveClass('modal--md', 'modal--closing');
  });
});

describe('date-first reserve view: days, flexible tickets, places left and focus', () => {
  it('a day shows its price with the seller prefix and its badges, and names them', () => {
    const priced = days.map((d, i) =>
      i === 0
        ? {
            ...d,
            price: { prefix: 'Adults', cents: 2500 },
            badges: [
              { kind: 'price' as const, prefix: 'Kids', cents: 1200 },
              { kind: 'remaining' as const, count: 4 },
            ],
          }
        : i === 1
          ? { ...d, badges: [{ kind: 'fewTickets' as const }] }
          : d,
    );
    render(<DateFirstReserve {...props({ days: priced, buttonDays: priced.slice(0, 8) })} />);
    const first = screen.getByRole('button', {
      name: 'Tue 1 Adults $25.00 Kids $12.00 4 left, Tuesday, December 1, 2026',
    });
    expect(first).toHaveTextContent('Adults $25.00');
    expect(first).toHaveTextContent('4 left');
    expect(
      screen.getByRole('button', {
        name: 'Wed 2 From $12.00 Hurry, less than 10 tickets available., Wednesday, December 2, 2026',
      }),
    ).toBeEnabled();
  });

  it('message rules and all day (spec 1 §3, §9): the day annotation in the day button, "All day" with its annotation in place of time tabs, each message where it belongs', async () => {
    const user = userEvent.setup();
    const annotated = days.map((d, i) =>
      i === 4 ? { ...d, badges: [{ kind: 'annotation' as const, text: 'Trail tours' }] } : d,
    );
    const { rerender } = render(
      <DateFirstReserve {...props({ days: annotated, buttonDays: annotated.slice(0, 8) })} />,
    );
    expect(
      screen.getByRole('button', { name: 'Sat 5 From $12.00 Trail tours, Saturday, December 5, 2026' }),
    ).toHaveTextContent('Trail tours');
    const allDay = sessionOf({
      id: 's-day',
      ...at('9:00 AM'),
      allDay: true,
      annotation: '9:00 AM to 5:00 PM',
    });
    const chosenDay = {
      selectedDate: '2026-12-05',
      dateListOpen: false,
      sessionTabs: [{ id: 'morning' as const, sessions: [allDay], unavailable: null }],
      allDaySession: allDay,
      ruleMessages: { date: ['Weekend tours at 11'], session: [], quantity: [] },
    };
    const p = props(chosenDay);
    rerender(<DateFirstReserve {...p} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Weekend tours at 11')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'All day, 9:00 AM to 5:00 PM' }));
    expect(p.onSelectSession).toHaveBeenCalledWith('s-day');
    rerender(
      <DateFirstReserve
        {...props({
          ...chosenDay,
          sessionListOpen: false,
          selectedSession: { ...allDay, selected: true },
          groups: [],
          ruleMessages: {
            date: [],
            session: ['Come and go as you like'],
            quantity: ['Children with an adult'],
          },
        })}
      />,
    );
    const time = screen.getByRole('region', { name: 'Time' });
    expect(time).toHaveTextContent('All day');
    expect(within(time).getByText('Come and go as you like')).toBeVisible();
    expect(screen.getByText('Children with an adult')).toBeVisible();
  });

  it('offers single date or flexible tickets; flexible shows its tickets without a date or time', async () => {
    const user = userEvent.setup();
    const p = { ...props({ hasFlexible: true }), onSelectFlexible: vi.fn(), onClearFlexible: vi.fn() };
    const { rerender } = render(<DateFirstReserve {...p} />);
    const group = screen.getByRole('group', { name: 'Tickets for' });
    expect(within(group).getByRole('radio', { name: 'A single date' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Any date (flexible)' }));
    expect(p.onSelectFlexible).toHaveBeenCalledTimes(1);
    const flexibleTickets = [
      groupOf({
        id: 'g-flex',
        name: 'Flexible date',
        description: null,
        types: [{ id: 't-flex', name: 'Anytime adult', priceCents: 1800, quantity: 1 }],
      }),
    ];
    rerender(
      <DateFirstReserve
        {...p}
        view={{ ...p.view, flexibleChosen: true, groups: flexibleTickets, canSubmit: true }}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Any date (flexible)' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Choose a date' })).toBeNull();
    expect(screen.getByText('Flexible tickets are valid on any date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one Anytime adult' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'A single date' }));
    expect(p.onClearFlexible).toHaveBeenCalledTimes(1);
  });

  it('a chosen day or time moves focus to its heading (the pressed button is gone); places left show', async () => {
    const user = userEvent.setup();
    const p = props();
    const { rerender } = render(<DateFirstReserve {...p} />);
    await user.click(screen.getByRole('button', { name: /, Tuesday, December 1, 2026(,|$)/ }));
    expect(p.onSelectDate).toHaveBeenCalledWith('2026-12-01');
    const session = sessionOf({ id: 's-1', ...at('3:00 PM'), availableCapacity: 4, remaining: 4 });
    const chosenDay = { selectedDate: '2026-12-01', dateListOpen: false, canChangeDate: true };
    rerender(
      <DateFirstReserve
        {...p}
        view={{
          ...p.view,
          ...chosenDay,
          sessionTabs: [
            { id: 'morning', sessions: [], unavailable: 'notAvailable' },
            { id: 'afternoon', sessions: [session], unavailable: null },
          ],
          initialTab: 'afternoon',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Date' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '3:00 PM, 4 left' }));
    expect(p.onSelectSession).toHaveBeenCalledWith('s-1');
    rerender(
      <DateFirstReserve
        {...p}
        view={{ ...p.view, ...chosenDay, selectedSession: session, sessionListOpen: false, groups: [] }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Time' })).toHaveFocus();
    expect(screen.getByText('4 left')).toBeInTheDocument();
  });
});

describe('Choose date keys (WAI-ARIA date picker dialog)', () => {
  it('Home/End go to the ends of the week, PageUp/PageDown by a month, with Shift by a year', async () => {
    const { dayForKey } = await import('../../ui/reserve/CalendarDialog');
    expect(dayForKey('Home', false, '2026-12-03')).toBe('2026-11-29');
    expect(dayForKey('End', false, '2026-12-03')).toBe('2026-12-05');
    expect(dayForKey('PageDown', false, '2026-01-31')).toBe('2026-02-28');
    expect(dayForKey('PageUp', false, '2026-12-03')).toBe('2026-11-03');
    expect(dayForKey('PageDown', true, '2026-12-03')).toBe('2027-12-03');
    expect(dayForKey('PageUp', true, '2024-02-29')).toBe('2023-02-28');
    expect(dayForKey('ArrowUp', false, '2026-12-03')).toBe('2026-11-26');
    expect(dayForKey('a', false, '2026-12-03')).toBeNull();
  });

  it('moves focus with those keys in the grid, across months', async () => {
    const user = userEvent.setup();
    calendar();
    const dialog = screen.getByRole('dialog', { name: 'Choose date' });
    const first = within(dialog).getByRole('button', { name: /, Tuesday, December 1, 2026(,|$)/ });
    first.focus();
    await user.keyboard('{End}');
    expect(within(dialog).getByRole('button', { name: /, Saturday, December 5, 2026(,|$)/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(dialog).getByRole('button', { name: /, Sunday, November 29, 2026(,|$)/ })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('button', { name: /, Tuesday, December 29, 2026(,|$)/ })).toHaveFocus();
    await user.keyboard('{Shift>}{PageDown}{/Shift}');
    expect(within(dialog).getByRole('button', { name: /, Wednesday, December 29, 2027(,|$)/ })).toHaveFocus();
    // The month buttons keep focus and carry the focusable day along.
    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: /, Monday, November 29, 2027(,|$)/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});

describe('date-first reserve view: city-pass voucher fields (spec 1 §2, §5, §8)', () => {
  const FORMAT = 'Does not match the expected format. Please check your City Pass code.';

  /** The City Pass event on a real actor (fake API), the 21st at 9:30 chosen: its tickets show. */
  async function start(answer: () => Promise<CartModel> = async () => cart) {
    const reserve = vi.fn(async (_input: unknown) => answer());
    const machine = dateFirstReserveMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => fixtureDays),
        loadSessions: fromPromise(async ({ input }) => sessionsByDate[input.date] ?? []),
        loadSessionGroups: fromPromise(async () => [general, citypassGroup]),
        reserveIntoCart: reserveIntoCartWith(reserve),
      },
    });
    const actor = createActor(machine, { input: citypassInput() });
    actor.start();
    await flush();
    actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    actor.send({ type: 'session.select', sessionId: 's-0930' });
    await flush();
    return { actor, reserve };
  }

  function Harness({ actor }: { actor: Awaited<ReturnType<typeof start>>['actor'] }) {
    return <DateFirstHarness actor={actor} strings={createStrings()} />;
  }

  it('one required field per City Pass ticket after the quantities, before submit; a wrong format is focused with the spec message; a right one reserves', async () => {
    const user = userEvent.setup();
    const { actor, reserve } = await start();
    const { container } = render(<Harness actor={actor} />);
    expect(screen.queryByRole('region', { name: 'City Pass vouchers' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Child' }));
    const region = screen.getByRole('region', { name: 'City Pass vouchers' });
    // The spec's place: after the quantities, before the submit.
    const quantities = screen.getByRole('button', { name: 'Add one City Pass Child' });
    const submit = screen.getByRole('button', { name: 'Add to cart' });
    expect(quantities.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('form')).toContainElement(region);
    const adult = within(region).getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    const child = within(region).getByRole('textbox', { name: 'City Pass code for City Pass Child 1' });
    expect(adult).toBeRequired();
    await user.type(adult, VOUCHERS.adult);
    await user.type(child, VOUCHERS.wrong);
    await user.click(submit);
    expect(child).toHaveFocus();
    expect(child).toHaveAttribute('aria-invalid', 'true');
    expect(child).toHaveAccessibleDescription(FORMAT);
    expect(adult).not.toHaveAttribute('aria-invalid');
    expect(reserve).not.toHaveBeenCalled();

    await user.clear(child);
    await user.type(child, VOUCHERS.child);
    await user.click(submit);
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("the server's refusal of a voucher shows beside its field, not as an alert", async () => {
    const user = userEvent.setup();
    const { actor } = await start(async () => {
      throw voucherUsedError;
    });
    render(<Harness actor={actor} />);
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Adult' }));
    const adult = screen.getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    await user.type(adult, VOUCHERS.adult);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(adult).toHaveAccessibleDescription(
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
