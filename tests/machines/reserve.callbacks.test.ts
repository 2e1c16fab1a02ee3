/**
 * The reserve views' callbacks (issue 29): each sends exactly the event its flow's transition table has rows for
 * (./*Reserve.table.ts, ./reserveIntoCart.table.ts), with the arguments it was given. A callback sending another
 * event, or dropping an argument, would leave the screen's control dead.
 */
import { describe, expect, it } from 'vitest';
import { codePromptActions } from '../../machines/reserve/core/view';
import { dateFirstReserveCallbacks } from '../../machines/reserve/dateFirstReserve.view';
import { oneTicketCallbacks } from '../../machines/reserve/oneTicketReserve.view';
import { quantityFirstReserveCallbacks } from '../../machines/reserve/quantityFirstReserve.view';
import { singleEventCallbacks } from '../../machines/reserve/singleEventReserve.view';

/** Calls every callback with the arguments given and returns what each sent. */
function sent<T extends Record<string, (...args: never[]) => void>>(
  make: (send: (event: unknown) => void) => T,
  args: { [K in keyof T]: Parameters<T[K]> },
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  let key = '';
  const callbacks = make((event) => {
    out[key] = [...(out[key] ?? []), event];
  });
  expect(Object.keys(callbacks).sort()).toEqual(Object.keys(args).sort());
  for (const [name, values] of Object.entries(args) as [string, unknown[]][]) {
    key = name;
    (callbacks[name] as (...a: unknown[]) => void)(...values);
  }
  return out;
}

const formArgs = {
  onIncrement: ['t-a'],
  onDecrement: ['t-b'],
  onSubmit: [],
  onRetry: [],
  onAdmitChange: ['t-a', 1, 'email', 'a@b.co'],
  onSurveyChange: ['g-1', 'q', 'yes'],
  onPriceChange: ['t-w', '12.50'],
  onVoucherChange: ['t-v', 2, 'CP-A123456'],
} as const;
const formEvents = {
  onIncrement: [{ type: 'quantity.increment', ticketTypeId: 't-a' }],
  onDecrement: [{ type: 'quantity.decrement', ticketTypeId: 't-b' }],
  onSubmit: [{ type: 'submit' }],
  onRetry: [{ type: 'retry' }],
  onAdmitChange: [{ type: 'admit.change', ticketTypeId: 't-a', index: 1, field: 'email', value: 'a@b.co' }],
  onSurveyChange: [{ type: 'survey.change', ticketGroupId: 'g-1', question: 'q', value: 'yes' }],
  onPriceChange: [{ type: 'price.change', ticketTypeId: 't-w', value: '12.50' }],
  onVoucherChange: [{ type: 'voucher.change', ticketTypeId: 't-v', index: 2, value: 'CP-A123456' }],
};

describe('the reserve views’ callbacks send their flow’s events', () => {
  it('single event: the form’s fields and submit go to the form child, retry to the flow', () => {
    const { onRetry, ...toForm } = formEvents;
    expect(
      sent(
        ((send: (e: unknown) => void) => singleEventCallbacks(send, () => {})) as never,
        formArgs as never,
      ),
    ).toEqual({ onRetry });
    expect(
      sent(
        ((send: (e: unknown) => void) => singleEventCallbacks(() => {}, send)) as never,
        formArgs as never,
      ),
    ).toEqual(toForm);
  });

  it('date-first: the form’s fields and submit go to the form child; the day, flexible tickets, the session and retry to the flow', () => {
    const { onRetry, ...toForm } = formEvents;
    const args = {
      ...formArgs,
      onSelectDate: ['2026-11-21'],
      onChangeDate: [],
      onSelectFlexible: [],
      onClearFlexible: [],
      onSelectSession: ['s-1'],
      onChangeSession: [],
    };
    expect(
      sent(
        ((send: (e: unknown) => void) => dateFirstReserveCallbacks(send, () => {})) as never,
        args as never,
      ),
    ).toEqual({
      onRetry,
      onSelectDate: [{ type: 'date.select', date: '2026-11-21' }],
      onChangeDate: [{ type: 'date.change' }],
      onSelectFlexible: [{ type: 'flexible.select' }],
      onClearFlexible: [{ type: 'flexible.clear' }],
      onSelectSession: [{ type: 'session.select', sessionId: 's-1' }],
      onChangeSession: [{ type: 'session.change' }],
    });
    expect(
      sent(
        ((send: (e: unknown) => void) => dateFirstReserveCallbacks(() => {}, send)) as never,
        args as never,
      ),
    ).toEqual(toForm);
  });

  it('quantity-first: the form’s fields and submit go to the form child; find tickets, reopen the quantities, the day, the session and retry to the flow', () => {
    const { onRetry, ...toForm } = formEvents;
    const args = {
      ...formArgs,
      onFindTickets: [],
      onEditQuantities: [],
      onSelectDate: ['2026-11-22'],
      onChangeDate: [],
      onSelectSession: ['s-2'],
    };
    expect(
      sent(
        ((send: (e: unknown) => void) => quantityFirstReserveCallbacks(send, () => {})) as never,
        args as never,
      ),
    ).toEqual({
      onRetry,
      onFindTickets: [{ type: 'tickets.find' }],
      onEditQuantities: [{ type: 'quantities.open' }],
      onSelectDate: [{ type: 'date.select', date: '2026-11-22' }],
      onChangeDate: [{ type: 'date.change' }],
      onSelectSession: [{ type: 'session.select', sessionId: 's-2' }],
    });
    expect(
      sent(
        ((send: (e: unknown) => void) => quantityFirstReserveCallbacks(() => {}, send)) as never,
        args as never,
      ),
    ).toEqual(toForm);
  });

  it('the one-ticket picker and the code prompt', () => {
    const one = { onChoose: ['t-10'], onPriceChange: ['t-own', '30'], onSubmit: [], onRetry: [] };
    const oneSent = sent(oneTicketCallbacks as never, one as never);
    expect(oneSent).toEqual({
      onChoose: [{ type: 'ticket.choose', ticketTypeId: 't-10' }],
      onPriceChange: [{ type: 'price.change', ticketTypeId: 't-own', value: '30' }],
      onSubmit: [{ type: 'submit' }],
      onRetry: [{ type: 'retry' }],
    });
    expect(
      sent(codePromptActions as never, { onChange: [' C '], onSubmit: [], onCancel: [] } as never),
    ).toEqual({
      onChange: [{ type: 'code.change', value: ' C ' }],
      onSubmit: [{ type: 'code.submit' }],
      onCancel: [{ type: 'code.cancel' }],
    });
  });
});
