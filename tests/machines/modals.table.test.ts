/**
 * The modal stack held to its independent transition table (issue 29, ./modals.table.ts, written from spec 3 §2
 * "Modals", §9 and spec 1 §2 "Other widgets"): every state × world × event sample, and the start.
 */
import { describe, expect, it } from 'vitest';
import { modalsMachine } from '../../machines/modals/modals.machine';
import { events, table, worlds } from './modals.table';
import { actualInitial, atomicStates, expectedInitial, expectTable } from './transition-table';

describe('modal stack held to its transition table (spec 3 §2 "Modals", §9)', () => {
  it('lists every state of the machine, and no other', () => {
    expect(atomicStates(modalsMachine).sort()).toEqual(Object.keys(table.states).sort());
  });

  it('every state, world and event: the states, the stack, the waiting opens and the 200 ms delay are the table’s', () => {
    expect(expectTable({ machine: modalsMachine, table, worlds, events })).toBeGreaterThan(300);
  });

  it('starts closed with an empty stack, nothing waiting and no delay', () => {
    expect(actualInitial(modalsMachine, undefined)).toEqual(
      expectedInitial(table, { stack: [], deferred: [] }),
    );
  });
});
