// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CartModel } from '../../api/models';
import { reserveIntoCartWith } from '../../machines/reserve/core/reserveIntoCart.machine';
import { quantityFirstReserveMachine } from '../../machines/reserve/quantityFirstReserve.machine';
import { VOUCHERS, voucherUsedError } from '../../stories/fixtures/citypass';
import { cart, qfCitypassEvent, qfDays, qfSessionsByDate } from '../../stories/fixtures/quantityFirstReserve';
import {
  QuantityFirstReserve,
  type QuantityFirstReserveProps,
  type QuantityFirstView,
} from '../../ui/reserve/QuantityFirstReserve';
import { createStrings } from '../../ui/strings';
import { flush } from '../machines/graph-helpers';
import { installDialogPolyfill } from './dialog-polyfill';
import { QuantityFirstHarness } from './quantity-first-harness';
import { dayOf, qfGroupOf, qfSessionOf } from './reserve-view-fixtures';
import { at } from './zoned-times';

afterEach(cleanup);

const groups = [
  qfGroupOf({
    id: 'g',
    name: 'Show tickets',
    description: null,
    types: [{ id: 't-adult', name: 'Adult', priceCents: 1500, quantity: 2 }],
  }),
];
const days = [
  dayOf({ date: '2026-11-22', disabled: false, minPriceCents: 1500 }),
  dayOf({ date: '2026-11-23', disabled: true, minPriceCents: 1500 }),
];
const session = qfSessionOf({ id: 's-1', ...at('11:00 AM'), selected: true, totalCents: 3000 });

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
      conflictingTimes: [],
      allDaySession: null,
      ruleMessages: { date: [], session: [], quantity: [] },
      selectedSession: null,
      fewTickets: null,
      attendeesVisible: false,
      attendees: [],
      surveys: [],
      vouchers: [],
      totalCents: 3000,
      ticketCount: 2,
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
      dayOf({
        date: '2026-11-22',
        disabled: false,
        minPriceCents: 1500,
        price: { prefix: 'Kids from', cents: 1000 },
        badges: [{ kind: 'fewTickets' }],
      }),
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

describe("quantity-first reserve view: the 'Choose date' calendar", () => {
  it("shows the days' prices in the seller's currency, as the day buttons do", async () => {
    installDialogPolyfill();
    render(
      <QuantityFirstReserve
        {...props({ quantitiesOpen: false, dateVisible: true, hasMoreDates: true })}
        currency="EUR"
        calendar={{ closing: false, size: 'md' }}
      />,
    );
    expect(
      screen.getByRole('button', { name: /^Sun 22 From €15\.00, Sunday, November 22, 2026/ }),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(
      within(dialog).getByRole('button', { name: /^22 From €15\.00, Sunday, November 22, 2026/ }),
    ).toBeInTheDocument();
  });
});

describe('quantity-first reserve view: city-pass voucher fields (spec 1 §2, §5, §8)', () => {
  const FORMAT = 'Does not match the expected format. Please check your City Pass code.';
  const _noop = () => {};

  function start(answer: () => Promise<CartModel> = async () => cart) {
    const reserve = vi.fn(async (_input: unknown) => answer());
    const machine = quantityFirstReserveMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => qfDays),
        loadSessions: fromPromise(async ({ input }) => qfSessionsByDate[input.date] ?? []),
        reserveIntoCart: reserveIntoCartWith(reserve),
      },
    });
    const actor = createActor(machine, { input: { event: qfCitypassEvent } });
    actor.start();
    return { actor, reserve };
  }

  /** The form as its layout renders it: the form's fields and submit to the child, the rest to the flow. */
  function Harness({ actor }: { actor: ReturnType<typeof start>['actor'] }) {
    return <QuantityFirstHarness actor={actor} strings={createStrings()} formId="qf-citypass" />;
  }

  /** The quantities chosen by keys, then the 21st at 9:30 (the pickers are the date-first view's, tested there). */
  async function toChosen(
    user: ReturnType<typeof userEvent.setup>,
    actor: ReturnType<typeof start>['actor'],
  ) {
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add one City Pass Child' }));
    expect(screen.queryByRole('region', { name: 'City Pass vouchers' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Find tickets' }));
    await flush();
    actor.send({ type: 'date.select', date: '2026-11-21' });
    await flush();
    actor.send({ type: 'session.select', sessionId: 's-0930' });
    await flush();
  }

  it('once a session is chosen, one required field per City Pass ticket before submit; a wrong format is focused with the spec message; a right one reserves', async () => {
    const user = userEvent.setup();
    const { actor, reserve } = start();
    render(<Harness actor={actor} />);
    await toChosen(user, actor);
    const region = screen.getByRole('region', { name: 'City Pass vouchers' });
    const submit = screen.getByRole('button', { name: 'Add to cart' });
    expect(region.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const adult = within(region).getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    const child = within(region).getByRole('textbox', { name: 'City Pass code for City Pass Child 1' });
    expect(child).toBeRequired();
    await user.type(adult, VOUCHERS.wrong);
    await user.type(child, VOUCHERS.child);
    await user.click(submit);
    expect(adult).toHaveFocus();
    expect(adult).toHaveAccessibleDescription(FORMAT);
    expect(child).not.toHaveAttribute('aria-invalid');
    expect(reserve).not.toHaveBeenCalled();

    await user.clear(adult);
    await user.type(adult, ` ${VOUCHERS.adult} `);
    await user.click(submit);
    await flush();
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("the server's refusal of a voucher shows beside its field, not as an alert", async () => {
    const user = userEvent.setup();
    const { actor } = start(async () => {
      throw voucherUsedError;
    });
    render(<Harness actor={actor} />);
    await toChosen(user, actor);
    const adult = screen.getByRole('textbox', { name: 'City Pass code for City Pass Adult 1' });
    await user.type(adult, VOUCHERS.adult);
    await user.type(
      screen.getByRole('textbox', { name: 'City Pass code for City Pass Child 1' }),
      VOUCHERS.child,
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await flush();
    expect(adult).toHaveAccessibleDescription(
      `The City Pass code "${VOUCHERS.adult}" has already been used.`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
