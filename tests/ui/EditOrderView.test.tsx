// @vitest-environment jsdom
/**
 * The edit-order page's messages (issue 24; spec 2 §2 "Edit-order page", §6, §8), fed by the flow's own selector on
 * snapshots the machine builds: a logged-in member is told 'Please log-out to edit your tickets' (no order to
 * change); a refused visitor reads 'You must contact us to cancel this order.'; an order that does not exist 'We
 * could not find that order.' with Try again; a removal the server refuses 'No valid tickets found on this order'
 * above the order; an unsaved change whose cart expired, the timed-out message.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EditCart } from '../../api/models';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import type { LoadEditOutput } from '../../machines/editOrder/types';
import { selectEditOrderView } from '../../machines/editOrder/view';
import { orderLoadMachine } from '../../machines/orderLoad/orderLoad.machine';
import type { OrderLoaded, OrderLoadInput } from '../../machines/orderLoad/types';
import { LOADED, LOADED_ALL_FREE, LOADED_RESCHEDULED, MEMBER } from '../../stories/fixtures/editOrder';
import { EditOrderView } from '../../ui/manage/EditOrderView';
import { createStrings } from '../../ui/strings';

afterEach(cleanup);
const strings = createStrings();

function started(
  load: () => Promise<LoadEditOutput>,
  remove: () => Promise<EditCart> = () => new Promise<EditCart>(() => {}),
) {
  const machine = editOrderMachine.provide({
    actors: {
      orderLoad: orderLoadMachine.provide({
        actors: { loadOrder: fromPromise<OrderLoaded, OrderLoadInput>(() => load()) },
      }),
      removeTickets: fromPromise(remove),
      confirmChange: fromPromise(async (): Promise<unknown> => undefined),
      discardChange: fromPromise(async (): Promise<unknown> => undefined),
      // The change's cart expires at once.
      changeExpiry: fromPromise(async (): Promise<unknown> => undefined),
    },
  });
  return createActor(machine, {
    input: { orderId: 'order-24', token: 'tok', cartId: null, success: null },
  }).start();
}

function show(actor: ReturnType<typeof started>, onRetry = vi.fn()) {
  return render(
    <EditOrderView
      strings={strings}
      view={selectEditOrderView(actor.getSnapshot())}
      currency="USD"
      homeHref="/demo-museum"
      rescheduleHref={(id) => `/demo-museum/manage/order-24/reschedule/${id}`}
      onNavigate={vi.fn()}
      onRemove={(ticketId) => actor.send({ type: 'ticket.remove', ticketId })}
      onCancelSession={vi.fn()}
      onCancelOrder={() => actor.send({ type: 'order.cancel' })}
      onConfirm={vi.fn()}
      onDiscard={vi.fn()}
      onRetry={onRetry}
    />,
  );
}

const settled = (actor: ReturnType<typeof started>, state: string) =>
  vi.waitFor(() => expect(actor.getSnapshot().value).toBe(state));

describe('EditOrderView messages', () => {
  it("a member: 'Please log-out to edit your tickets', nothing to change", async () => {
    const actor = started(async () => MEMBER);
    await settled(actor, 'logOut');
    show(actor);
    expect(screen.getByRole('alert').textContent).toBe('Please log-out to edit your tickets');
    expect(screen.queryByRole('heading', { name: 'Your Order' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
  });

  it('a refusal and an unknown order read the spec’s texts; Try again only for the failed load', async () => {
    const refused = started(() => Promise.reject({ code: 'order_not_manageable', status: 403 }));
    await settled(refused, 'refused');
    show(refused);
    expect(screen.getByRole('alert').textContent).toBe('You must contact us to cancel this order.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    const missing = started(() => Promise.reject({ code: 'not_found', status: 404 }));
    await settled(missing, 'loadFailed');
    const onRetry = vi.fn();
    show(missing, onRetry);
    expect(screen.getByRole('alert').textContent).toBe('We could not find that order.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("a refused removal: 'No valid tickets found on this order' above the order as it is now", async () => {
    const actor = started(
      async () => LOADED_ALL_FREE,
      () => Promise.reject({ code: 'no_valid_tickets', status: 400 }),
    );
    await settled(actor, 'saved');
    actor.send({ type: 'order.cancel' });
    await settled(actor, 'saved');
    show(actor);
    expect(screen.getByRole('alert').textContent).toBe('No valid tickets found on this order');
    expect(screen.getByRole('heading', { name: 'Your Order' })).toBeTruthy();
  });

  it("an unsaved change whose cart expires: the order as it is, 'Unfortunately your cart has timed out', no footer", async () => {
    const answers = [LOADED_RESCHEDULED, LOADED];
    const actor = started(async () => answers.shift() ?? LOADED);
    await vi.waitFor(() => expect(answers).toHaveLength(0));
    await settled(actor, 'saved');
    show(actor);
    expect(screen.getByRole('alert').textContent).toBe(
      'Unfortunately your cart has timed out. Your order has not changed: make your changes again.',
    );
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
  });
});
