/**
 * The cart machine's newer rules on a SimulatedClock, with fake API actors: 'more time' (granted, refused,
 * failed, offered only from 2 minutes before expiry and only when the seller allows it), the tracking step
 * for tickets newly added, an already completed order going to its confirmation, an injected expired cart
 * raising an error, another tab ending the cart while this tab shows the expiry modal, and a cart received
 * with fewer than 30 seconds left being deleted and replaced by none.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import type { CartModel } from '../../api/models';
import { ErrorCode } from '../../domain/codes';
import { cartMachine, createExpiryWatcher } from '../../machines/cart/cart.machine';
import { addedTickets, isModifiable, MIN_SECONDS_LEFT } from '../../machines/cart/rules';
import { selectExpiryTimer } from '../../machines/cart/selectors';
import type { CartInput, DiscardCartInput, ExtendHoldInput } from '../../machines/cart/types';
import { selectCartWidgetView } from '../../machines/cart/view';
import { makeCart, T0 } from './cart.fixtures';

type Deferred = { resolve: (c: CartModel) => void; reject: (e: unknown) => void };

function start(input: Partial<CartInput> = {}, loadCart: () => Promise<CartModel> = async () => makeCart()) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const calls: { extend: ExtendHoldInput[]; pending: Deferred[] } = { extend: [], pending: [] };
  const track = vi.fn();
  const showCompletedOrder = vi.fn();
  const discardCart = vi.fn(async (_args: { input: DiscardCartInput }): Promise<unknown> => undefined);
  const modalEvents: string[] = [];
  const modals = createMachine({ on: { '*': { actions: ({ event }) => modalEvents.push(event.type) } } });
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise(loadCart),
      discardCart: fromPromise<unknown, DiscardCartInput>(discardCart),
      extendHold: fromPromise<CartModel, ExtendHoldInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.extend.push(input);
            calls.pending.push({ resolve, reject });
          }),
      ),
      expiryWatcher: createExpiryWatcher(clock),
    },
    actions: {
      track: (_, params) => track(params.added, params.currency),
      showCompletedOrder: (_, params) => showCompletedOrder(params.orderIds),
    },
  });
  const modalsActor = createActor(modals, { systemId: 'modals', clock });
  modalsActor.start();
  const actor = createActor(machine, { input: { storedCartId: null, ...input }, clock });
  // The cart sends to the modal stack by system id: run both in one system via a parent would be heavier;
  // the machine looks `modals` up in its own system, so register the stack there.
  (actor.system as unknown as { _set: (id: string, ref: unknown) => void })._set('modals', modalsActor);
  actor.start();
  return { actor, clock, calls, track, showCompletedOrder, discardCart, modalEvents };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const SEC = 1000;
const timer = (h: ReturnType<typeof start>) => selectExpiryTimer(h.actor.getSnapshot(), h.clock.now());

describe("'more time' (WCAG 2.2.1)", () => {
  it('is offered only from 2 minutes before the local expiry, when the seller allows it', () => {
    const h = start({ allowMoreTime: true });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: 300 }) });
    const deadline = h.actor.getSnapshot().context.localExpiresAt as number;
    expect(deadline).toBe(T0 + 300 * SEC - 5 * SEC);
    h.clock.set(deadline - 121 * SEC);
    expect(timer(h)?.moreTime.offered).toBe(false);
    h.clock.set(deadline - 119 * SEC);
    expect(timer(h)?.moreTime.offered).toBe(true);

    const notAllowed = start();
    notAllowed.actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: 100 }) });
    expect(timer(notAllowed)?.moreTime.offered).toBe(false);
    notAllowed.actor.send({ type: 'cart.extend' });
    expect(notAllowed.calls.extend).toHaveLength(0);
  });

  it('granted: the extended cart becomes current, its expiry is re-armed from now, and it is announced', async () => {
    const h = start({ allowMoreTime: true });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', expiresIn: 100 }) });
    h.clock.increment(60 * SEC);
    h.actor.send({ type: 'cart.extend' });
    expect(h.calls.extend).toEqual([{ cartId: 'c1' }]);
    expect(timer(h)?.moreTime).toMatchObject({ offered: true, busy: true });
    // A second press while asking does nothing.
    h.actor.send({ type: 'cart.extend' });
    expect(h.calls.extend).toHaveLength(1);
    h.calls.pending[0]?.resolve(makeCart({ id: 'c1', expiresIn: 900 }));
    await settle();
    const snap = h.actor.getSnapshot();
    expect(snap.matches({ active: 'idle' })).toBe(true);
    expect(snap.context.localExpiresAt).toBe(T0 + 60 * SEC + 900 * SEC - 5 * SEC);
    expect(snap.context.extension).toMatchObject({ status: 'granted', message: { key: 'moreTimeGranted' } });
    // 14:55 left: the timer shows, without the button, until the last 2 minutes come again.
    expect(timer(h)?.moreTime.offered).toBe(false);
    expect(selectCartWidgetView(snap).timer?.moreTime.message).toEqual({ key: 'moreTimeGranted' });
  });

  it('refused: says no more time can be added and stops offering it on this cart', async () => {
    const h = start({ allowMoreTime: true });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', expiresIn: 100 }) });
    h.actor.send({ type: 'cart.extend' });
    h.calls.pending[0]?.reject({ code: ErrorCode.hold_extension_limit, status: 409 });
    await settle();
    expect(timer(h)?.moreTime).toEqual({
      offered: false,
      busy: false,
      message: { key: 'holdExtensionLimit' },
    });
    h.actor.send({ type: 'cart.extend' });
    expect(h.calls.extend).toHaveLength(1);
    // A new cart (after a reservation into a fresh one) may be offered more time again.
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c2', expiresIn: 100 }) });
    expect(timer(h)?.moreTime).toEqual({ offered: true, busy: false, message: null });
  });

  it('a failure (network) keeps offering it with a message; a gone cart ends it', async () => {
    const h = start({ allowMoreTime: true });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', expiresIn: 100 }) });
    h.actor.send({ type: 'cart.extend' });
    h.calls.pending[0]?.reject({ code: ErrorCode.unexpected, status: 0 });
    await settle();
    expect(timer(h)?.moreTime).toEqual({ offered: true, busy: false, message: { key: 'errorUnexpected' } });
    h.actor.send({ type: 'cart.extend' });
    h.calls.pending[1]?.reject({ code: ErrorCode.cart_expired, status: 410 });
    await settle();
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
  });
});

describe('cart lifecycle rules', () => {
  it('the tracking step gets only tickets newly added compared with the previous cart', () => {
    const line = (count: number) => ({
      ticketTypeId: 'adult',
      name: 'Adult',
      count,
      unitCents: 2500,
      totalCents: count * 2500,
    });
    const item = (count: number) => ({
      key: 'ev|s1',
      eventId: 'ev',
      eventName: 'Admission',
      sessionId: 's1',
      start: null,
      timezone: 'UTC',
      image: null,
      lines: [line(count)],
      ticketIds: [],
    });
    const h = start();
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', items: [item(2)] }) });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', items: [item(2)] }) });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', items: [item(5)] }) });
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c1', items: [item(1)] }) });
    expect(h.track.mock.calls.map(([added]) => added.map((a: { count: number }) => a.count))).toEqual([
      [2],
      [3],
    ]);
    expect(h.track.mock.calls[0]?.[0][0]).toMatchObject({
      name: 'Adult',
      eventName: 'Admission',
      unitCents: 2500,
    });
    // Another cart starts from nothing.
    expect(
      addedTickets(makeCart({ id: 'a', items: [item(2)] }), makeCart({ id: 'b', items: [item(2)] })),
    ).toHaveLength(1);
  });

  it('an already completed order (no expiry, no ticket, nothing outstanding) goes to its confirmation', async () => {
    const completed = makeCart({
      id: 'c4',
      expiresIn: null,
      expiresAt: null,
      ticketCount: 0,
      orderIds: ['o1'],
      totals: { ...makeCart().totals, outstandingCents: 0 },
    });
    const h = start({ storedCartId: 'c4' }, async () => completed);
    await settle();
    expect(h.showCompletedOrder).toHaveBeenCalledWith(['o1']);
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
    // A cart without expiry that still owes money is not a completed order.
    const owing = start();
    owing.actor.send({ type: 'cart.updated', cart: { ...completed, totals: makeCart().totals } });
    expect(owing.showCompletedOrder).not.toHaveBeenCalled();
  });

  it('injecting an expired cart raises an error (an update with one is silently forgotten)', () => {
    const h = start();
    h.actor.send({ type: 'cart.inject', cart: makeCart({ state: 'expired' }) });
    expect(h.actor.getSnapshot().context.error?.code).toBe(ErrorCode.cart_expired);
    const quiet = start();
    quiet.actor.send({ type: 'cart.updated', cart: makeCart({ state: 'expired' }) });
    expect(quiet.actor.getSnapshot().context.error).toBeNull();
    expect(quiet.actor.getSnapshot().matches('empty')).toBe(true);
  });

  it(`a cart with fewer than ${MIN_SECONDS_LEFT} expiry units left is deleted and not shown`, async () => {
    const h = start();
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c6', expiresIn: MIN_SECONDS_LEFT - 1 }) });
    await settle();
    expect(h.discardCart).toHaveBeenCalledWith(expect.objectContaining({ input: { cartId: 'c6' } }));
    expect(h.actor.getSnapshot().context.cart).toBeNull();
    h.actor.send({ type: 'cart.updated', cart: makeCart({ id: 'c7', expiresIn: MIN_SECONDS_LEFT }) });
    expect(h.actor.getSnapshot().context.cartId).toBe('c7');
  });

  it('expiry opens the modal once; another tab ending the cart closes it here', () => {
    const h = start();
    h.actor.send({ type: 'cart.updated', cart: makeCart({ expiresIn: 60 }) });
    h.clock.increment(55 * SEC);
    expect(h.actor.getSnapshot().matches('expired')).toBe(true);
    h.clock.increment(10 * SEC);
    expect(h.modalEvents.filter((t) => t === 'modal.open')).toHaveLength(1);
    h.actor.send({ type: 'cart.clear' });
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
    expect(h.modalEvents).toContain('modal.closeAll');
  });

  it('modifiable only when pending and owned by the public identity or the logged-in member', () => {
    expect(isModifiable(makeCart({ identityId: 'public' }), ['public'])).toBe(true);
    expect(isModifiable(makeCart({ identityId: 'm1' }), ['public', 'm1'])).toBe(true);
    expect(isModifiable(makeCart({ identityId: 'm2' }), ['public', 'm1'])).toBe(false);
    expect(isModifiable(makeCart({ state: 'paying', identityId: 'public' }), ['public'])).toBe(false);
  });
});
