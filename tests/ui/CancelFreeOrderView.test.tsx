// @vitest-environment jsdom
/**
 * The cancel-free-order page (issue 24; spec 2 §2): fed by the flow's own selector on snapshots the machine builds.
 * Tickets grouped by date then session, each session a table named by its event and time, collapsed when the
 * order spans more than one session; a checkbox per cancellable ticket only and a select-all per session; 'Cancel
 * selected' disabled without a selection; the empty states with a link home; the refusal as an alert.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import type { LoadOrderOutput } from '../../machines/cancelFreeOrder/types';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import { ACCESS, NO_FREE, NOW_MS, ORDER } from '../../stories/fixtures/cancelFreeOrder';
import { CancelFreeOrderView, type CancelFreeOrderViewProps } from '../../ui/manage/CancelFreeOrderView';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = createStrings();

/** The view model after the order loaded with `output` (or the load failed with `error`). */
async function viewAfter(outcome: { output: LoadOrderOutput } | { error: unknown }) {
  const machine = cancelFreeOrderMachine.provide({
    actors: {
      // The real orderLoad child, with the page's load provided.
      orderLoad: orderLoadMachine.provide({
        actors: {
          loadOrder: fromPromise(async () => {
            if ('error' in outcome) throw outcome.error;
            return outcome.output;
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { orderId: 'order-24', token: 'tok' } }).start();
  await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  return { actor, view: () => selectCancelFreeOrderView(actor.getSnapshot()) };
}

function props(view: CancelFreeOrderViewProps['view'], over: Partial<CancelFreeOrderViewProps> = {}) {
  return {
    strings,
    view,
    currency: 'USD',
    homeHref: '/demo-museum',
    onNavigate: vi.fn(),
    onToggleTicket: vi.fn(),
    onToggleSession: vi.fn(),
    onCancelOrder: vi.fn(),
    onCancelSelected: vi.fn(),
    onRetry: vi.fn(),
    confirm: null,
    onConfirm: vi.fn(),
    onDismiss: vi.fn(),
    ...over,
  } satisfies CancelFreeOrderViewProps;
}

describe('CancelFreeOrderView', () => {
  it('lists the sessions by date, collapsed for two sessions, with boxes for cancellable tickets only', async () => {
    const { view, actor } = await viewAfter({ output: { order: ORDER, access: ACCESS, nowMs: NOW_MS } });
    const p = props(view());
    const { container } = render(<CancelFreeOrderView {...p} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Order ABCD-1234' })).toBeTruthy();
    const details = container.querySelectorAll('details');
    expect(details).toHaveLength(2);
    for (const d of details) expect(d.open).toBe(false);
    const first = screen.getByRole('table', { name: /^Family Workshop: Drop-in Drawing, Fri, Dec 4, 2026/ });
    // The free Adult has a box; the paid Adult none ('Not free').
    expect(within(first).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(first).getByRole('checkbox', { name: 'Select Adult, ticket 1' })).toBeTruthy();
    expect(within(first).getByRole('row', { name: /Adult \$25\.00 Not free/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel selected' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Select Adult, ticket 1' }));
    expect(p.onToggleTicket).toHaveBeenCalledWith('ticket-free-adult');
    fireEvent.click(within(first).getByRole('checkbox', { name: /^Select all free tickets of / }));
    expect(p.onToggleSession).toHaveBeenCalledWith('session-a');
    actor.stop();
  });

  it('one session opens its table; a selection enables Cancel selected', async () => {
    const one = { ...ORDER, tickets: ORDER.tickets.slice(0, 2) };
    const { view, actor } = await viewAfter({ output: { order: one, access: ACCESS, nowMs: NOW_MS } });
    actor.send({ type: 'ticket.toggle', ticketId: 'ticket-free-adult' });
    const { container } = render(<CancelFreeOrderView {...props(view())} />);
    expect(container.querySelector('details')?.open).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel selected' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    actor.stop();
  });

  it('no free tickets: the empty state with a link home; a refusal: the alert', async () => {
    const empty = await viewAfter({ output: { order: NO_FREE, access: ACCESS, nowMs: NOW_MS } });
    const p = props(empty.view());
    render(<CancelFreeOrderView {...p} />);
    expect(screen.getByText('This order has no free tickets to cancel.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
    expect(p.onNavigate).toHaveBeenCalledWith('/demo-museum');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    cleanup();
    empty.actor.stop();
    const refused = await viewAfter({ error: { code: 'order_not_manageable', status: 403 } });
    render(<CancelFreeOrderView {...props(refused.view())} />);
    expect(screen.getByRole('alert').textContent).toBe('You must contact us to cancel this order.');
    refused.actor.stop();
  });
});
