/**
 * Cancel free order held to its independent transition table (issue 29, ./cancelFreeOrder.table.ts, written from
 * spec 2 §2, §4, §5, §8): every state × world × event sample, and the start.
 */
import { describe, expect, it } from 'vitest';
import { cancelFreeOrderMachine } from '../../machines/cancelFreeOrder/cancelFreeOrder.machine';
import { events, table, worlds } from './cancelFreeOrder.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('cancel free order held to its transition table (spec 2 §2, §4, §5, §8)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(cancelFreeOrderMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the context and the calls are the table’s', () => {
    expect(expectTable({ machine: cancelFreeOrderMachine, table, worlds, events })).toBeGreaterThan(500);
  });

  it('starts loading the order with the link’s token, nothing loaded, ticked or said', () => {
    for (const input of [
      { orderId: 'order-9', token: 'tok-9' },
      { orderId: 'order-10', token: null },
    ])
      expect(actualInitial(cancelFreeOrderMachine, input)).toEqual(
        expectedInitial(table, {
          ...input,
          order: null,
          access: null,
          nowMs: 0,
          selected: [],
          pending: [],
          notice: null,
          error: null,
        }),
      );
  });
});
