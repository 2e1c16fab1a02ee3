/**
 * Order load's rules (issue 17; spec 2 §8 "Order page", "Cancel order"): what a failed load says, and how an order
 * page reads the child's answer from its done event (only from that event).
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { orderLoadOutput } from '../../machines/orderLoad/orderLoad.machine';
import {
  failedLoad,
  isOrderLoadDone,
  loadErrorOf,
  loadedOf,
  loadStatusOf,
} from '../../machines/orderLoad/rules';
import type { OrderLoadOutput } from '../../machines/orderLoad/types';
import { LOADED } from '../../stories/fixtures/orderLoad';

const REFUSED: OrderLoadOutput = { status: 'refused', error: { key: 'cancelContactUs' } };
const FAILED: OrderLoadOutput = { status: 'failed', error: { key: 'orderNotFound' } };
const OK: OrderLoadOutput = { status: 'loaded', loaded: LOADED };
const done = (output: OrderLoadOutput): EventObject =>
  ({ type: 'xstate.done.actor.orderLoad', output, actorId: 'orderLoad' }) as EventObject;

describe('order load rules', () => {
  it("a refusal says 'You must contact us…' and ends the page; a 404 and anything else can be tried again", () => {
    expect(failedLoad({ code: 'order_not_manageable', status: 400 })).toEqual(REFUSED);
    expect(failedLoad({ code: 'forbidden', status: 403 })).toEqual(REFUSED);
    expect(failedLoad({ code: 'not_found', status: 404 })).toEqual(FAILED);
    expect(failedLoad({ code: 'gone', status: 404 })).toEqual(FAILED);
    expect(failedLoad({ code: 'unexpected', status: 502 })).toEqual({
      status: 'failed',
      error: { key: 'errorOops' },
    });
  });

  it('reads the answer only from the child’s done event', () => {
    expect(isOrderLoadDone(done(OK))).toBe(true);
    const other = { type: 'xstate.done.actor.loadOrder', output: REFUSED } as EventObject;
    expect(isOrderLoadDone(other)).toBe(false);
    expect([OK, REFUSED, FAILED].map((o) => loadStatusOf(done(o)))).toEqual(['loaded', 'refused', 'failed']);
    expect(loadStatusOf(other)).toBeNull();
    expect([OK, REFUSED, FAILED].map((o) => loadErrorOf(done(o)))).toEqual([
      null,
      { key: 'cancelContactUs' },
      { key: 'orderNotFound' },
    ]);
    expect(loadErrorOf(other)).toBeNull();
  });

  it('what was loaded, only for a loaded order', () => {
    expect(loadedOf(OK)).toBe(LOADED);
    expect(() => loadedOf(REFUSED)).toThrow('The order was not loaded (refused).');
    expect(() => loadedOf(FAILED)).toThrow('The order was not loaded (failed).');
  });

  it('the output is what the load ended with; a load that never ended reads as Oops', () => {
    const input = { orderId: 'order-24', token: null };
    expect(orderLoadOutput({ context: { input, outcome: REFUSED } })).toBe(REFUSED);
    expect(orderLoadOutput({ context: { input, outcome: null } })).toEqual({
      status: 'failed',
      error: { key: 'errorOops' },
    });
  });
});
