/**
 * Cancel free order held to its independent transition table (issue 29, ./editOrder.table.ts, written from
 * spec 2 §2, §4, §6, §8): every state × world × event sample, and the start.
 */
import { describe, expect, it } from 'vitest';
import { editOrderMachine } from '../../machines/editOrder/editOrder.machine';
import { events, table, worlds } from './editOrder.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('edit order held to its transition table (spec 2 §2, §4, §6, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(editOrderMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: editOrderMachine, table, worlds, events })).toBeGreaterThan(500);
  });

  it('starts loading the order and the change the tab kept, with the success the checkout came back with', () => {
    for (const input of [
      { orderId: 'order-9', token: 'tok-9', cartId: null, success: null },
      { orderId: 'order-10', token: null, cartId: 'cart-edit-1', success: 'rescheduled' as const },
    ])
      expect(actualInitial(editOrderMachine, input)).toEqual(
        expectedInitial(table, {
          ...input,
          order: null,
          access: null,
          edit: null,
          nowMs: 0,
          pending: [],
          expired: false,
          error: null,
        }),
      );
  });
});
