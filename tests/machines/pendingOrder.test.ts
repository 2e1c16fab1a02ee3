/**
 * The pending order page's machine (spec 2 §2 "Pending page", issue 19) on a simulated clock: the cart is
 * checked at once and then every PENDING_POLL_MS until it has orders, then `completed` with its order ids; a
 * payment that failed (no orders, nothing in flight) stops and goes back to checkout (`paymentFailed`);
 * failures in a row are tolerated up to PENDING_MAX_FAILURES, then a retry; a missing cart stops.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { pendingOrderMachine } from '../../machines/pendingOrder/pendingOrder.machine';
import { PENDING_MAX_FAILURES, PENDING_POLL_MS } from '../../machines/pendingOrder/rules';
import type { CheckCartInput, CheckCartOutput } from '../../machines/pendingOrder/types';
import { selectPendingOrderView } from '../../machines/pendingOrder/view';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A run with the cart's answers in order (an Error rejects); returns the actor, its clock and what it saw. */
function run(answers: (CheckCartOutput | { code: string; status: number })[], failed: string[] = []) {
  const checks: CheckCartInput[] = [];
  const completed: string[][] = [];
  const clock = new SimulatedClock();
  const machine = pendingOrderMachine.provide({
    actors: {
      checkCart: fromPromise<CheckCartOutput, CheckCartInput>(async ({ input }) => {
        checks.push(input);
        const answer = answers[Math.min(checks.length - 1, answers.length - 1)];
        if (!answer || !('orderIds' in answer)) throw answer;
        return answer;
      }),
    },
    actions: {
      completed: (_args, { orderIds }) => completed.push(orderIds),
      paymentFailed: (_args, { cartId }) => failed.push(cartId),
    },
  });
  const actor = createActor(machine, { input: { cartId: 'cart-7' }, clock }).start();
  return { actor, clock, checks, completed };
}

describe('pendingOrder machine', () => {
  it('checks at once, polls every PENDING_POLL_MS while processing, and completes once the cart has orders', async () => {
    const { actor, clock, checks, completed } = run([
      { cartNumber: '100007', orderIds: [], paying: true },
      { cartNumber: '100007', orderIds: [], paying: true },
      { cartNumber: '100007', orderIds: ['o-1', 'o-2'], paying: false },
    ]);
    await flush();
    expect(checks).toEqual([{ cartId: 'cart-7' }]);
    // The reference is the cart's number (spec 2 §2 "the cart reference number"), not the id in the address.
    expect(selectPendingOrderView(actor.getSnapshot())).toEqual({
      stage: 'pending',
      reference: '100007',
      debit: false,
    });

    // Not before the poll's delay.
    clock.increment(PENDING_POLL_MS - 1);
    await flush();
    expect(checks).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(checks).toHaveLength(2);
    expect(completed).toEqual([]);

    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(checks).toHaveLength(3);
    expect(completed).toEqual([['o-1', 'o-2']]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('completed');

    // Done: no more checks.
    clock.increment(PENDING_POLL_MS * 5);
    await flush();
    expect(checks).toHaveLength(3);
  });

  it('goes on polling through a failed check, and after PENDING_MAX_FAILURES in a row offers a retry', async () => {
    const down = { code: 'unexpected', status: 502 };
    const { actor, clock, checks, completed } = run([
      down,
      { cartNumber: '100007', orderIds: [], paying: true },
      ...Array.from({ length: PENDING_MAX_FAILURES }, () => down),
      { cartNumber: '100007', orderIds: ['o-9'], paying: false },
    ]);
    await flush();
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('pending');
    clock.increment(PENDING_POLL_MS);
    await flush();
    // A success in between resets the count: PENDING_MAX_FAILURES more are needed.
    for (let i = 1; i < PENDING_MAX_FAILURES; i++) {
      clock.increment(PENDING_POLL_MS);
      await flush();
      expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('pending');
    }
    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(checks).toHaveLength(2 + PENDING_MAX_FAILURES);
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('failed');

    // Stopped: the clock alone checks no more.
    clock.increment(PENDING_POLL_MS * 5);
    await flush();
    expect(checks).toHaveLength(2 + PENDING_MAX_FAILURES);

    actor.send({ type: 'retry' });
    await flush();
    expect(completed).toEqual([['o-9']]);
  });

  it('stops polling once the payment failed (no orders, nothing in flight) and goes back to checkout once', async () => {
    const failed: string[] = [];
    const { actor, clock, checks, completed } = run(
      [
        { cartNumber: '100007', orderIds: [], paying: true },
        { cartNumber: '100007', orderIds: [], paying: false },
      ],
      failed,
    );
    await flush();
    expect(failed).toEqual([]);
    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(checks).toHaveLength(2);
    expect(failed).toEqual(['cart-7']);
    expect(completed).toEqual([]);
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('paymentFailed');
    clock.increment(PENDING_POLL_MS * 5);
    await flush();
    expect(checks).toHaveLength(2);
    expect(failed).toEqual(['cart-7']);
  });

  it('stops on a cart that is not there (404)', async () => {
    const { actor, clock, checks, completed } = run([{ code: 'not_found', status: 404 }]);
    await flush();
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe('missing');
    clock.increment(PENDING_POLL_MS * 3);
    await flush();
    expect(checks).toHaveLength(1);
    expect(completed).toEqual([]);
  });

  // Each of the three signs of a missing cart stops the page on its own; a server error keeps polling.
  it.each([
    ['the not_found code alone', { code: 'not_found', status: 500 }, 'missing'],
    ['a 404 with another code', { code: 'cart_gone', status: 404 }, 'missing'],
    ["a 403 (not this visitor's cart)", { code: 'forbidden', status: 403 }, 'missing'],
    ['a 500', { code: 'unexpected', status: 500 }, 'pending'],
  ] as const)('%s', async (_name, error, stage) => {
    const { actor, checks } = run([error]);
    await flush();
    expect(checks).toHaveLength(1);
    expect(selectPendingOrderView(actor.getSnapshot()).stage).toBe(stage);
  });
});
