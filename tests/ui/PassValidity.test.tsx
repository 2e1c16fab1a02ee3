// @vitest-environment jsdom
/**
 * A pass's validity (issue 25): 'Valid from {from} to {to}' under its line, each day in the item's zone (the
 * last instant 23:59:59 there is still its last day); no such text on other lines. In the cart widget, on the
 * confirmation, on the printed order and on the manage page (both its views, fed by the manage join and the
 * flows' own selectors): a pass is past only once its last valid instant has gone by.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toManageOrder } from '../../api/join-manage';
import type { EditCart, ManageOrder } from '../../api/models';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import { selectCancelFreeOrderView } from '../../machines/cancelFreeOrder/view';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import type { LoadEditOutput } from '../../machines/editOrder/types';
import { selectEditOrderView } from '../../machines/editOrder/view';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import type { OrderLoaded, OrderLoadInput } from '../../machines/orderLoad/types';
import { ACCESS, FREE_ADULT, NOW_MS } from '../../stories/fixtures/cancelFreeOrder';
import { CartWidget } from '../../ui/CartWidget';
import { Complete } from '../../ui/Complete';
import { CancelFreeOrderView } from '../../ui/manage/CancelFreeOrderView';
import { EditOrderView } from '../../ui/manage/EditOrderView';
import { OrderPrint } from '../../ui/OrderPrint';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);

const strings = createStrings();

describe("a pass's validity in the cart widget", () => {
  it('shows the first and last valid day under the pass line only', () => {
    render(
      <CartWidget
        strings={strings}
        currency="USD"
        items={[
          {
            key: 'ev:',
            eventName: 'Museum Passes',
            start: null,
            timezone: 'America/New_York',
            image: null,
            lines: [
              {
                ticketTypeId: 'explorer',
                name: 'Explorer Pass',
                count: 1,
                totalCents: 4500,
                validity: { from: '2026-11-21T05:00:00.000Z', to: '2026-12-21T04:59:59.000Z' },
              },
              { ticketTypeId: 'card', name: 'Gift card', count: 1, totalCents: 2500 },
            ],
            ticketIds: ['t1', 't2'],
          },
        ]}
        lines={[{ key: 'subtotal', amountCents: 7000 }]}
        total={{ key: 'total', amountCents: 7000 }}
        timer={null}
        busy={false}
        checkoutHref="/checkout"
        onNavigate={() => {}}
        onAskRemove={() => {}}
      />,
    );
    const validity = screen.getByText('Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026');
    expect(validity.closest('li')?.textContent).toContain('1 × Explorer Pass');
    expect(screen.getByText('1 × Gift card').closest('li')?.textContent).not.toContain('Valid from');
  });
});

// The explorer pass bought on 21 Nov 2026 in New York: its 30 days end on 20 Dec (23:59:59 there).
const VALIDITY = { from: '2026-11-21T05:00:00.000Z', to: '2026-12-21T04:59:59.000Z' };
const TEXT = 'Valid from Sat, Nov 21, 2026 to Sun, Dec 20, 2026';
const passItem = {
  key: 'ev-passes:',
  eventName: 'Museum Passes',
  start: null,
  timezone: 'America/New_York',
  lines: [
    { ticketTypeId: 'explorer', name: 'Explorer Pass', count: 1, validity: VALIDITY },
    { ticketTypeId: 'card', name: 'Gift card', count: 1 },
  ],
};

describe("a pass's validity after the purchase", () => {
  it('the confirmation names each pass with its days in its order block', () => {
    render(
      <Complete
        strings={strings}
        status="ready"
        orders={[
          {
            id: 'o1',
            number: 'PASS-1',
            qrCodeUrl: '/qr',
            admits: true,
            purchaserEmail: 'pass@example.com',
            items: [passItem],
          },
        ]}
        message={null}
        eventsHref="/events"
        onNavigate={() => {}}
      />,
    );
    const validity = screen.getByText(TEXT);
    expect(validity.closest('li')?.textContent).toContain('1 × Explorer Pass');
    expect(validity.closest('.order-block')?.textContent).toContain('Order number PASS-1');
    // Only pass lines: the gift card has no validity to show.
    expect(screen.queryByText(/1 × Gift card/)).toBeNull();
  });

  it('the printed order shows it under the pass line only', () => {
    render(
      <OrderPrint
        strings={strings}
        order={{ id: 'o1', number: 'PASS-1', qrCodeUrl: '/qr', items: [passItem] }}
        eventsHref="/events"
        onNavigate={() => {}}
        onPrint={() => {}}
      />,
    );
    expect(screen.getByText(TEXT).closest('li')?.textContent).toContain('1 × Explorer Pass');
    expect(screen.getByText('1 × Gift card').closest('li')?.textContent).not.toContain('Valid from');
  });

  // The order answer of GET ticket_order/{id} (spec 2 §7) with one pass ticket, joined as the manage page does.
  const passOrder = (): ManageOrder =>
    toManageOrder(
      {
        ticket_order: {
          _count: 1,
          _data: [
            {
              id: 'o1',
              order_number: 'PASS-1',
              cart_id: 'c1',
              identity_id: 'i1',
              seller_id: 's1',
              created_at: '2026-11-21T15:00:00.000Z',
            },
          ],
        },
        ticket: {
          _count: 1,
          _data: [
            {
              id: 'k1',
              cart_id: 'c1',
              state: 'booked',
              event_session_id: null,
              event_template_id: 'ev-passes',
              ticket_type_id: 'explorer',
              ticket_group_id: 'g-explorer',
              ticket_order_id: 'o1',
              handler: 'passes',
              face_value: '45.00',
              adjusted_value: '45.00',
              valid_from: VALIDITY.from,
              valid_to: VALIDITY.to,
              admit_name: null,
              admit_email: null,
            },
          ],
        },
        ticket_type: {
          _count: 1,
          _data: [
            {
              id: 'explorer',
              ticket_group_id: 'g-explorer',
              event_template_id: 'ev-passes',
              name: 'Explorer Pass',
              description: null,
              summary: null,
              currency_amount: '45.00',
              currency_amount_min: null,
              currency_amount_max: null,
              discounted_amount: null,
              fee_fixed_outside: null,
              fee_percent_outside: null,
              _rank: 0,
            },
          ],
        },
        event_template: {
          _count: 1,
          _data: [
            {
              id: 'ev-passes',
              seller_id: 's1',
              name: 'Museum Passes',
              subtitle: null,
              summary: null,
              description: null,
              category: 'Admission',
              event_type: 'other',
              hidden_type: 'public_link_only',
              venue_id: 'v1',
              _rank: 0,
            },
          ],
        },
        venue: { _count: 1, _data: [{ id: 'v1', name: 'Museum', timezone: 'America/New_York' }] },
      },
      'o1',
    );

  const cancelView = async (nowMs: number) => {
    // With a free workshop ticket beside the pass: the page lists an order that has a ticket to cancel.
    const pass = passOrder();
    const order = { ...pass, tickets: [...pass.tickets, FREE_ADULT] };
    const machine = cancelFreeOrderMachine.provide({
      actors: {
        orderLoad: orderLoadMachine.provide({
          actors: { loadOrder: fromPromise(async () => ({ order, access: ACCESS, nowMs })) },
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 'o1', token: 'tok' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
    return selectCancelFreeOrderView(actor.getSnapshot());
  };

  it('the manage page: the pass with its days, not past while it is valid, past once its last day is over', async () => {
    const passRow = (view: Awaited<ReturnType<typeof cancelView>>) =>
      view.dates.flatMap((d) => d.sessions.flatMap((x) => x.tickets)).find((t) => t.id === 'k1');
    // Its last evening in New York (20 Dec, 6 PM) it is still valid; a second after 23:59:59 there, past.
    expect(passRow(await cancelView(Date.parse('2026-12-20T23:00:00Z')))).toMatchObject({
      status: 'notFree',
      validity: VALIDITY,
    });
    expect(passRow(await cancelView(Date.parse('2026-12-21T05:00:00Z')))?.status).toBe('past');
    const during = await cancelView(NOW_MS);
    render(
      <CancelFreeOrderView
        strings={strings}
        view={during}
        currency="USD"
        homeHref="/"
        onNavigate={vi.fn()}
        onToggleTicket={vi.fn()}
        onToggleSession={vi.fn()}
        onCancelOrder={vi.fn()}
        onCancelSelected={vi.fn()}
        onRetry={vi.fn()}
        confirm={null}
        onConfirm={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    const row = screen.getByRole('rowheader', { name: /Explorer Pass/ });
    expect(within(row).getByText(TEXT)).toBeTruthy();
  });

  it('the manage page with self-edit: the pass card shows its days, and it reads as booked while valid', async () => {
    const order = passOrder();
    const nowMs = Date.parse('2026-12-01T15:00:00Z');
    const machine = editOrderMachine.provide({
      actors: {
        orderLoad: orderLoadMachine.provide({
          actors: {
            loadOrder: fromPromise<OrderLoaded, OrderLoadInput>(
              async (): Promise<LoadEditOutput> => ({ order, access: ACCESS, nowMs, edit: null }),
            ),
          },
        }),
        removeTickets: fromPromise(() => new Promise<EditCart>(() => {})),
        confirmChange: fromPromise(async (): Promise<unknown> => undefined),
        discardChange: fromPromise(async (): Promise<unknown> => undefined),
        changeExpiry: fromPromise(() => new Promise<unknown>(() => {})),
      },
    });
    const actor = createActor(machine, {
      input: { orderId: 'o1', token: 'tok', cartId: null, success: null },
    }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('loading')).toBe(false));
    const view = selectEditOrderView(actor.getSnapshot());
    expect(view.sessions[0]?.tickets[0]).toMatchObject({ status: 'booked', validity: VALIDITY });
    render(
      <EditOrderView
        strings={strings}
        view={view}
        currency="USD"
        homeHref="/"
        rescheduleHref={(id) => `/r/${id}`}
        onNavigate={vi.fn()}
        onRemove={vi.fn()}
        onCancelSession={vi.fn()}
        onCancelOrder={vi.fn()}
        onConfirm={vi.fn()}
        onDiscard={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByText(TEXT).closest('li')?.textContent).toContain('Explorer Pass');
  });
});
